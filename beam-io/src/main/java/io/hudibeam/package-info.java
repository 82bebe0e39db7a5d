/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * The public API: {@code HudiIO.write()} and {@code HudiIO.writeGenericRecords()}, their settings
 * (each also accepted under Hudi's key) and {@code HudiWriteResult}. {@code HudiIO.expand()} wires
 * the stages of {@code io.hudibeam.transforms} in pipeline order, one named step each. May depend
 * on the transforms and commit modules; users' code depends only on this package (and the value
 * types it returns).
 *
 * <h2>Public API</h2>
 *
 * <p>The public API is the public classes of this package and five enums that the settings take,
 * which live with the code that uses them and are public API too: {@link
 * io.hudibeam.write.WriteOperation}, {@link io.hudibeam.write.IndexType}, {@link
 * io.hudibeam.table.TableType}, {@link io.hudibeam.keygen.KeyGeneratorType} and {@link
 * io.hudibeam.write.ChangeType} (the change type map of {@code withChangeTypeField}). Everything
 * else under {@code io.hudibeam.*} is internal and may change without notice. {@code
 * HudiApiSurfaceTest} fails when a public signature of this package exposes another internal type.
 * Built and tested against Beam 2.70.0 (Java 17).
 *
 * <h2>Schema evolution</h2>
 *
 * <p>Each write's schema is checked against the table's latest schema (the newest commit's) when
 * its instant is started, before anything is written, with Hudi 0.15's rules:
 *
 * <ul>
 *   <li>New fields must be nullable (or have a default); the commit records the evolved schema and
 *       rows already stored read null (or the default) for them.
 *   <li>A wider type evolves the table: int → long → float → double, string ↔ bytes; stored rows
 *       are promoted when their file group is next rewritten (Hudi's merge promotes the others as
 *       it reads them). A narrower incoming type ({@code int} into a {@code long} column) is
 *       written as the table's type.
 *   <li>Reordered fields: the incoming order becomes the table's.
 *   <li>A field the table has and the input lacks is refused, unless {@code
 *       hoodie.datasource.write.reconcile.schema=true} (the records are written with the table's
 *       schema, the missing fields null or their default) or {@code
 *       hoodie.datasource.write.schema.allow.auto.evolution.column.drop=true} (the column is
 *       dropped from the table, and from every file group the write rewrites).
 *   <li>Any other type change (a number to a string, a logical type such as a timestamp unit or a
 *       decimal's precision) is refused. A refused write fails with a {@code
 *       SchemaEvolutionException} naming each field, its table type and its incoming type, and
 *       leaves the table as it was, without a pending instant.
 * </ul>
 *
 * <p>Deletes may carry only the keys: a delete commits the table's schema as it is.
 *
 * <h2>Types</h2>
 *
 * <p>Beam types map to the Avro types Hudi's Spark writer uses: BYTE, INT16, INT32 → int; INT64 →
 * long; FLOAT, DOUBLE, BOOLEAN, STRING, BYTES as themselves; DECIMAL → fixed with the decimal
 * logical type (precision 38, scale 18 unless the field is a {@code FixedPrecisionNumeric});
 * DATETIME and SqlTypes.TIMESTAMP → long timestamp-micros; SqlTypes.DATE → int date;
 * SqlTypes.DATETIME → local-timestamp-micros; ROW → record; ARRAY, ITERABLE → array; MAP with
 * string keys → map. Nullable fields become {@code ["null", T]} unions with default null. The
 * record is named {@code <table>_record} in namespace {@code hoodie.<table>}, as Spark names it.
 *
 * <h2>Partition values and damaged tables</h2>
 *
 * <p>A partition field value must be one safe folder name: not {@code .}, {@code ..} or empty, not
 * starting with {@code .} (hidden, like {@code .hoodie}), without {@code /} (a partition nested in
 * another is not read by Hudi's readers; nesting comes from several partition fields or a timestamp
 * output format such as {@code yyyy/MM/dd}), {@code :} or control characters, and at most 255 bytes
 * in UTF-8. Other records are failed records (refused per record, naming the record key, the field
 * and the value). With {@link HudiIO.Write#withUrlEncodePartitionPath} such values are encoded as
 * Hudi encodes them, and a leading {@code .} as {@code %2E} too (Hudi keeps it), except that
 * over-long values stay refused. Null and empty values go to {@code __HIVE_DEFAULT_PARTITION__}, as
 * in Hudi.
 *
 * <p>Before an instant starts, the table is checked, and a write is refused with the file named and
 * nothing written: a timeline without {@code hoodie.properties} or its backup, a {@code
 * hoodie.properties} that cannot be read without a readable backup (a readable backup is used, as
 * Hudi's readers use it), an instant more than 1 hour (UTC timeline) or 27 hours (local-time
 * timeline) after the writer's clock, an empty or unparseable completed instant file, or a data
 * file of the latest completed commit that is missing.
 *
 * <h2>Semantics and fault tolerance</h2>
 *
 * <ul>
 *   <li>A batch write is one Hudi instant; a streaming write is one instant per commit interval
 *       with records (see Streaming below). An instant is minted when the pipeline runs, after
 *       failed pending instants of the table have been rolled back, and before any data file is
 *       written.
 *   <li>The instant becomes visible to readers in one step: the creation of {@code <T>.commit} by a
 *       single worker. A pipeline that fails before that leaves the previous snapshot intact; the
 *       next write rolls the failed instant back (its files are deleted by their markers).
 *   <li>Bundles may be retried: every attempt writes files under its own write token with a marker
 *       first, and the commit deletes every file with a marker that no reported write stat names,
 *       so a retried bundle leaves neither duplicates nor orphans.
 *   <li>Records are routed by a plan drawn once per instant (file ids included), so a retry routes
 *       every record as the first attempt did.
 *   <li>The commit step is {@code @RequiresStableInput} and idempotent: an instant already
 *       completed on the timeline is not committed again.
 *   <li>Inserts and bulk inserts look no keys up and keep duplicates, as Hudi's insert does (with
 *       its default {@code hoodie.merge.allow.duplicate.on.inserts=true}): a key already stored, or
 *       repeated within the batch, is written again, also when the insert fills a small file.
 *   <li>Upserts keep the stored record when the incoming ordering value is smaller. Within one
 *       batch, the record with the larger ordering value wins; Beam gives no order between records,
 *       so equal ordering values are decided by a total order on the records.
 *   <li>The metadata table's {@code files} partition is kept with every commit, and a table without
 *       a metadata table gets one at a write's start, as Hudi's writers do by default; with {@code
 *       hoodie.metadata.enable=false} it is removed exactly as Hudi's writer removes it, so readers
 *       never trust a stale one.
 *   <li>Indexes: SIMPLE and GLOBAL_SIMPLE read the keys of the latest base files whose footer key
 *       range overlaps the incoming keys' range (of the partition; of all partitions for
 *       GLOBAL_SIMPLE) and join those within it; BLOOM reads only the footers' key ranges, then per
 *       candidate file its bloom filter and, when the filter passes a key, its keys; BUCKET reads
 *       nothing: a record's file group is its bucket ({@code hash(key) mod withBucketCount}), one
 *       file group per bucket and partition, named as Hudi's bucket index names them, not sized.
 *       The bucket count is not stored in the table: every writer (this or Hudi's) must use the
 *       same one. BUCKET does not support BULK_INSERT.
 *   <li>One writer at a time by default, enforced: a write keeps a heartbeat ({@code
 *       .hoodie/.heartbeat/<instant>}, refreshed as its stages work, expired after {@code
 *       hoodie.client.heartbeat.interval_in_ms} × {@code hoodie.client.heartbeat.tolerable.misses},
 *       60 s × 2 by default), and a write that starts while another write's heartbeat is live fails
 *       at once, naming it. A write whose heartbeat expired (it died) is rolled back by the next
 *       write. A write that fails in a stage working for its instant (index listing, planning, file
 *       writing, commit) deletes its heartbeat, so the next write rolls it back at once.
 *   <li>Concurrent writers with {@code
 *       hoodie.write.concurrency.mode=optimistic_concurrency_control} and {@code
 *       hoodie.write.lock.provider=org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider}
 *       (required with it; failed writes are then cleaned LAZY): a start does not refuse live
 *       writers and rolls back only writes whose heartbeat has expired; the commit's conflict check
 *       decides, and the loser is rolled back. Hudi's own writers with the same settings take part.
 *   <li>Starts and commits take the table lock {@code .hoodie/lock}, the file of Hudi's {@code
 *       FileSystemBasedLockProvider} (also with a single writer), and the commit checks, under the
 *       lock, that no write completed since this one started touched the same file groups (Hudi's
 *       conflict rule); if one did, this write is rolled back and fails, so an update is never
 *       lost. A write whose instant another writer rolled back deletes its files and fails.
 *   <li>A write of zero records commits an empty instant (as Hudi does by default); a DELETE on a
 *       base path with no table fails instead of creating a table.
 * </ul>
 *
 * <h2>Streaming</h2>
 *
 * <p>An unbounded input needs {@link HudiIO.Write#withTriggeringFrequency} (refused at construction
 * otherwise). The records are windowed into event-time commit intervals of that length ({@code
 * FixedWindows}, default trigger, allowed lateness 0); each interval with records becomes one
 * instant, started when the watermark passes the interval's end, in interval order and only after
 * the previous instant is completed (a coordinator keyed by the sink id polls the timeline with a
 * processing-time timer; no cycle in the graph). Intervals without records make no instant. The
 * batch stages then run per interval, and one {@code @RequiresStableInput} commit per interval,
 * after a GroupByKey, completes the instant with {@code beam.hudi.sink.id}, {@code
 * beam.hudi.window.start}, {@code beam.hudi.window.end} and {@code beam.hudi.committed.through} in
 * its extra metadata. An interval the sink ({@link HudiIO.Write#withSinkId}, default the table
 * name) has already committed through is skipped, not written again; the sink's own pending
 * instants left by a crashed run are rolled back before its next instant, and other writers'
 * pending instants are waited for, never touched. Late records are dropped: those of an interval
 * that started no instant are counted in {@code lateRecordsDropped}, the others by the runner's
 * {@code DroppedDueToLateness} counter at the next GroupByKey. With the BUCKET index a commit's
 * cost does not depend on the table's size; with SIMPLE it grows with the size of the partitions an
 * interval touches, unless the keys arrive in increasing order (sequences, time-ordered ids), when
 * the files already written fall outside the interval's key range and are not read. BULK_INSERT is
 * not supported in streaming. On Flink a stream needs checkpointing ({@code
 * --checkpointingInterval}) and {@code --finishBundleBeforeCheckpointing=true}; a bounded input is
 * refused there, and a stream whose input ends with more than its open interval left fails the job
 * rather than finish without them (stop a stream with a savepoint instead; a drain needs {@code
 * --enableStableInputDrain=true}).
 */
package io.hudibeam;
