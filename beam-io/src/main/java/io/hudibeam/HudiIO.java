package io.hudibeam;

import com.google.auto.value.AutoValue;
import io.hudibeam.commit.ArchiveSettings;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.index.TagLocations;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.plan.AssignBuckets;
import io.hudibeam.transforms.plan.PlanWrite;
import io.hudibeam.transforms.records.FailedRecord;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.schema.AvroInputSchemas;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import io.hudibeam.transforms.write.BulkInsertFiles;
import io.hudibeam.transforms.write.WriteFileGroups;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.transforms.streaming.FlinkCheckpointing;
import io.hudibeam.transforms.streaming.IntervalDecision;
import io.hudibeam.transforms.streaming.SkipCommittedIntervals;
import io.hudibeam.transforms.streaming.StartedInstants;
import io.hudibeam.transforms.streaming.StreamSettings;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.windowing.DefaultTrigger;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.joda.time.Duration;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WritePlan;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.commit.ArchiveSettings;
import io.hudibeam.commit.StartedInstant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes Apache Hudi tables (table version 6, readable by Hudi 0.14 and later, Hudi 1.x, Spark,
 * Hive, Trino and Presto) from Beam pipelines, with Hudi's write path inside: record keys and
 * partition paths from Hudi's key generators, an index lookup, a workload profile, small-file
 * packing and file sizing, one writer per file group, and a single commit step with markers,
 * rollback of failed writes and cleaning. No Hudi jars are needed at run time.
 *
 * <h2>Usage</h2>
 *
 * <pre>{@code
 * PCollection<Row> trips = ...;
 * HudiWriteResult result =
 *     trips.apply(
 *         HudiIO.write()
 *             .withBasePath("hdfs:///warehouse/trips")
 *             .withTableName("trips")
 *             .withRecordKeyFields("uuid")
 *             .withPartitionFields("city")
 *             .withOrderingField("ts")
 *             .withOperation(WriteOperation.UPSERT));
 * result.getCommittedInstants().apply(...);   // one element per commit, with its counts
 * }</pre>
 *
 * <p>{@link #writeGenericRecords()} takes {@code PCollection<GenericRecord>} with an {@code
 * AvroCoder}; its schema is the table schema.
 *
 * <h2>Settings</h2>
 *
 * <p>Every setting is also accepted under Hudi's own key through {@link
 * Write#withHoodieProperties(Map)}, so an existing Hudi configuration can be brought along; the
 * {@code withX()} methods set the same keys.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>method</th><th>Hudi key</th><th>default</th></tr>
 * <tr><td>withBasePath</td><td>(base path)</td><td>required</td></tr>
 * <tr><td>withTableName</td><td>hoodie.table.name</td><td>required</td></tr>
 * <tr><td>withTableType</td><td>hoodie.datasource.write.table.type</td><td>COPY_ON_WRITE (or MERGE_ON_READ: updates and deletes go to log files, completed as deltacommits)</td></tr>
 * <tr><td>withRecordKeyFields</td><td>hoodie.datasource.write.recordkey.field</td><td>required</td></tr>
 * <tr><td>withPartitionFields</td><td>hoodie.datasource.write.partitionpath.field</td><td>none: non-partitioned</td></tr>
 * <tr><td>withOrderingField</td><td>hoodie.datasource.write.precombine.field</td><td>none: ties broken deterministically</td></tr>
 * <tr><td>withKeyGenerator</td><td>hoodie.datasource.write.keygenerator.class</td><td>SIMPLE for one key and one partition field, COMPLEX for several, NON_PARTITIONED without partition fields</td></tr>
 * <tr><td>withHiveStylePartitioning</td><td>hoodie.datasource.write.hive_style_partitioning</td><td>false</td></tr>
 * <tr><td>withUrlEncodePartitionPath</td><td>hoodie.datasource.write.partitionpath.urlencode</td><td>false</td></tr>
 * <tr><td>withOperation</td><td>hoodie.datasource.write.operation</td><td>UPSERT</td></tr>
 * <tr><td>withIndex</td><td>hoodie.index.type</td><td>SIMPLE; also GLOBAL_SIMPLE, BLOOM, BUCKET</td></tr>
 * <tr><td>withBucketCount</td><td>hoodie.bucket.index.num.buckets</td><td>256 (BUCKET index only)</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.bucket.index.hash.field</td><td>the record key fields (BUCKET index only)</td></tr>
 * <tr><td>withMaxFileSize</td><td>hoodie.parquet.max.file.size</td><td>120 MiB</td></tr>
 * <tr><td>withSmallFileLimit</td><td>hoodie.parquet.small.file.limit</td><td>100 MiB</td></tr>
 * <tr><td>withParquetCodec</td><td>hoodie.parquet.compression.codec</td><td>gzip</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.keygen.timebased.*</td><td>timestamp-based key generator options</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.cleaner.policy, hoodie.cleaner.commits.retained, hoodie.clean.automatic</td><td>KEEP_LATEST_COMMITS, 10, true</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.archive.automatic, hoodie.keep.min.commits, hoodie.keep.max.commits</td><td>true, 20, 30: after each commit (and clean) the oldest instants beyond 30 completed commits are archived down to 20 into {@code .hoodie/archived}, as Hudi does; min must exceed hoodie.cleaner.commits.retained</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.client.heartbeat.interval_in_ms, hoodie.client.heartbeat.tolerable.misses</td><td>60000, 2</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.write.lock.filesystem.path, hoodie.write.lock.filesystem.expire (minutes), hoodie.write.lock.client.num_retries, hoodie.write.lock.client.wait_time_ms_between_retry</td><td>the table's .hoodie, 0 (never), 50, 5000</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.write.concurrency.mode, hoodie.write.lock.provider, hoodie.cleaner.policy.failed.writes</td><td>SINGLE_WRITER, none, EAGER (LAZY with OPTIMISTIC_CONCURRENCY_CONTROL, which needs org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider)</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.memory.merge.max.size, hoodie.memory.merge.fraction, hoodie.memory.spillable.map.path</td><td>a file-group merge holds its incoming records in memory up to max.size bytes if given, else fraction (0.6) &times; 0.4 &times; max heap / available processors, and spills the rest to the path (java.io.tmpdir)</td></tr>
 * <tr><td>withHadoopConfiguration</td><td>(Hadoop keys, e.g. fs.s3a.*)</td><td>none</td></tr>
 * <tr><td>withFailedRecordsOutput</td><td></td><td>off: a record without a key fails the pipeline before anything is committed</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.datasource.write.reconcile.schema</td><td>false: see Schema evolution</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.datasource.write.schema.allow.auto.evolution.column.drop</td><td>false: see Schema evolution</td></tr>
 * <tr><td>withBadRecordErrorHandler</td><td></td><td>off: as withFailedRecordsOutput, but to Beam's bad-record ErrorHandler</td></tr>
 * </table>
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
 *       it reads them). A narrower incoming type ({@code int} into a {@code long} column) is written as the
 *       table's type.
 *   <li>Reordered fields: the incoming order becomes the table's.
 *   <li>A field the table has and the input lacks is refused, unless {@code
 *       hoodie.datasource.write.reconcile.schema=true} (the records are written with the table's
 *       schema, the missing fields null or their default) or {@code
 *       hoodie.datasource.write.schema.allow.auto.evolution.column.drop=true} (the column is dropped
 *       from the table, and from every file group the write rewrites).
 *   <li>Any other type change (a number to a string, a logical type such as a timestamp unit or a
 *       decimal's precision) is refused. A refused write fails with a {@code
 *       SchemaEvolutionException} naming each field, its table type and its incoming type, and leaves
 *       the table as it was, without a pending instant.
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
 * another is not read by Hudi's readers; nesting comes from several partition fields or a
 * timestamp output format such as {@code yyyy/MM/dd}), {@code :} or control characters, and at
 * most 255 bytes in UTF-8. Other records are failed records (refused per record, naming the record
 * key, the field and the value). With {@link Write#withUrlEncodePartitionPath} such values are
 * encoded as Hudi encodes them, and a leading {@code .} as {@code %2E} too (Hudi keeps it), except
 * that over-long values stay refused. Null and empty values go to {@code
 * __HIVE_DEFAULT_PARTITION__}, as in Hudi.
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
 *   <li>One write is one Hudi instant. It is minted when the pipeline runs, after failed pending
 *       instants of the table have been rolled back, and before any data file is written.
 *   <li>The instant becomes visible to readers in one step: the creation of {@code <T>.commit} by
 *       a single worker. A pipeline that fails before that leaves the previous snapshot intact;
 *       the next write rolls the failed instant back (its files are deleted by their markers).
 *   <li>Bundles may be retried: every attempt writes files under its own write token with a marker
 *       first, and the commit deletes every file with a marker that no reported write stat names,
 *       so a retried bundle leaves neither duplicates nor orphans.
 *   <li>Records are routed by a plan drawn once per instant (file ids included), so a retry
 *       routes every record as the first attempt did.
 *   <li>The commit step is {@code @RequiresStableInput} and idempotent: an instant already
 *       completed on the timeline is not committed again.
 *   <li>Inserts and bulk inserts look no keys up and keep duplicates, as Hudi's insert does (with
 *       its default {@code hoodie.merge.allow.duplicate.on.inserts=true}): a key already stored, or
 *       repeated within the batch, is written again, also when the insert fills a small file.
 *   <li>Upserts keep the stored record when the incoming ordering value is smaller. Within one
 *       batch, the record with the larger ordering value wins; Beam gives no order between
 *       records, so equal ordering values are decided by a total order on the records.
 *   <li>A table with a metadata table (built by Hudi's writers by default) has it removed exactly
 *       as Hudi's writer does when {@code hoodie.metadata.enable=false}, so readers never trust a
 *       stale one; Hudi's writers rebuild it on their next write.
 *   <li>Indexes: SIMPLE and GLOBAL_SIMPLE read the keys of the latest base files; BLOOM reads
 *       only the footers' key ranges, then per candidate file its bloom filter and, when the filter
 *       passes a key, its keys; BUCKET reads nothing: a record's file group is its bucket ({@code
 *       hash(key) mod withBucketCount}), one file group per bucket and partition, named as Hudi's
 *       bucket index names them, not sized. The bucket count is not stored in the table: every
 *       writer (this or Hudi's) must use the same one. BUCKET does not support BULK_INSERT.
 *   <li>One writer at a time by default, enforced: a write keeps a heartbeat ({@code
 *       .hoodie/.heartbeat/<instant>}, refreshed as its stages work, expired after {@code
 *       hoodie.client.heartbeat.interval_in_ms} × {@code hoodie.client.heartbeat.tolerable.misses},
 *       60 s × 2 by default), and a write that starts while another write's heartbeat is live fails
 *       at once, naming it. A write whose heartbeat expired (it died) is rolled back by the next
 *       write. A write that fails in a stage working for its instant (index listing, planning,
 *       file writing, commit) deletes its heartbeat, so the next write rolls it back at once.
 *   <li>Concurrent writers with {@code hoodie.write.concurrency.mode=optimistic_concurrency_control}
 *       and {@code hoodie.write.lock.provider=org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider}
 *       (required with it; failed writes are then cleaned LAZY): a start does not refuse live
 *       writers and rolls back only writes whose heartbeat has expired; the commit's conflict check
 *       decides, and the loser is rolled back. Hudi's own writers with the same settings take part.
 *   <li>Starts and commits take the table lock {@code .hoodie/lock}, the file of Hudi's {@code
 *       FileSystemBasedLockProvider} (also with a single writer), and the commit checks, under the
 *       lock, that no write completed since this one started touched the same file groups (Hudi's
 *       conflict rule); if one did, this write is rolled back and fails, so an update is never lost.
 *       A write whose instant another writer rolled back deletes its files and fails.
 *   <li>A write of zero records commits an empty instant (as Hudi does by default); a DELETE on a
 *       base path with no table fails instead of creating a table.
 * </ul>
 *
 * <h2>Streaming</h2>
 *
 * <p>An unbounded input needs {@link Write#withTriggeringFrequency} (refused at construction
 * otherwise). The records are windowed into event-time commit intervals of that length ({@code
 * FixedWindows}, default trigger, allowed lateness 0); each interval with records becomes one
 * instant, started when the watermark passes the interval's end, in interval order and only after
 * the previous instant is completed (a coordinator keyed by the sink id polls the timeline with a
 * processing-time timer; no cycle in the graph). Intervals without records make no instant. The
 * batch stages then run per interval, and one {@code @RequiresStableInput} commit per interval,
 * after a GroupByKey, completes the instant with {@code beam.hudi.sink.id}, {@code
 * beam.hudi.window.start}, {@code beam.hudi.window.end} and {@code beam.hudi.committed.through} in
 * its extra metadata. An interval the sink ({@link Write#withSinkId}, default the table name) has
 * already committed through is skipped, not written again; the sink's own pending instants left by
 * a crashed run are rolled back before its next instant, and other writers' pending instants are
 * waited for, never touched. Late records are dropped: those of an interval that started no
 * instant are counted in {@code lateRecordsDropped}, the others by the runner's {@code
 * DroppedDueToLateness} counter at the next GroupByKey. With the BUCKET index a commit's cost does
 * not depend on the table's size; with SIMPLE it grows with the size of the partitions an interval
 * touches. BULK_INSERT, BLOOM and GLOBAL_SIMPLE are not supported in streaming yet. On Flink the
 * commit step needs checkpointing ({@code --checkpointingInterval}).
 */
public final class HudiIO {
  static final String TABLE_NAME = "hoodie.table.name";
  static final String TABLE_TYPE = "hoodie.datasource.write.table.type";
  static final String RECORD_KEY_FIELD = KeyGeneratorConfig.RECORD_KEY_FIELD;
  static final String PARTITION_PATH_FIELD = KeyGeneratorConfig.PARTITION_PATH_FIELD;
  static final String ORDERING_FIELD = "hoodie.datasource.write.precombine.field";
  static final String KEY_GENERATOR_CLASS = KeyGeneratorConfig.KEY_GENERATOR_CLASS;
  static final String HIVE_STYLE = KeyGeneratorConfig.HIVE_STYLE_PARTITIONING;
  static final String URL_ENCODE = KeyGeneratorConfig.URL_ENCODE_PARTITION_PATH;
  static final String OPERATION = "hoodie.datasource.write.operation";
  static final String INDEX_TYPE = "hoodie.index.type";
  static final String BUCKET_COUNT = BucketIndex.NUM_BUCKETS;
  static final String MAX_FILE_SIZE = "hoodie.parquet.max.file.size";
  static final String SMALL_FILE_LIMIT = "hoodie.parquet.small.file.limit";
  static final String PARQUET_CODEC = "hoodie.parquet.compression.codec";
  static final String WRITE_TABLE_VERSION = "hoodie.write.table.version";

  private HudiIO() {}

  /** Writes a {@code PCollection<Row>}. */
  public static Write<Row> write() {
    return Write.<Row>builder(InputKind.ROWS).build();
  }

  /** Writes a {@code PCollection<GenericRecord>} whose coder is an {@code AvroCoder}. */
  public static Write<GenericRecord> writeGenericRecords() {
    return Write.<GenericRecord>builder(InputKind.GENERIC_RECORDS).build();
  }

  /**
   * Compacts a MERGE_ON_READ table: completes pending compactions (a crashed run's, or ones Hudi's
   * own writer scheduled) or schedules one of every file slice with log files, and runs it: each
   * file slice's base file and log files are merged into a new base file of its file group, in
   * parallel, then committed as one {@code commit} (operation {@code COMPACT}). Use it in a
   * pipeline of its own, not while a write to the table runs.
   */
  public static Compact compact() {
    return new AutoValue_HudiIO_Compact.Builder()
        .setHoodieProperties(Map.of())
        .setHadoopConfiguration(Map.of())
        .build();
  }

  /** The compaction transform; every {@code withX()} returns a new instance. */
  @AutoValue
  public abstract static class Compact
      extends PTransform<org.apache.beam.sdk.values.PBegin, PCollection<HudiCommitInfo>> {
    private static final long serialVersionUID = 1L;

    abstract @Nullable String getBasePath();

    abstract Map<String, String> getHoodieProperties();

    abstract Map<String, String> getHadoopConfiguration();

    abstract Builder toBuilder();

    @AutoValue.Builder
    abstract static class Builder {
      abstract Builder setBasePath(String basePath);

      abstract Builder setHoodieProperties(Map<String, String> properties);

      abstract Builder setHadoopConfiguration(Map<String, String> configuration);

      abstract Compact build();
    }

    /** The table's base path. */
    public Compact withBasePath(String basePath) {
      if (basePath == null || basePath.isEmpty()) {
        throw new IllegalArgumentException("withBasePath must not be null or empty");
      }
      return toBuilder().setBasePath(basePath).build();
    }

    /**
     * Hudi's {@code hoodie.parquet.*} settings for the new base files, and {@code
     * hoodie.memory.compaction.*} / {@code hoodie.memory.spillable.map.path} for the merged log
     * records of a file slice held in memory (beyond the budget they spill to local disk).
     */
    public Compact withHoodieProperties(Map<String, String> properties) {
      Map<String, String> merged = new TreeMap<>(getHoodieProperties());
      merged.putAll(properties);
      return toBuilder().setHoodieProperties(Map.copyOf(merged)).build();
    }

    /** Hadoop configuration for the table's file system (e.g. {@code fs.s3a.*}). */
    public Compact withHadoopConfiguration(Map<String, String> configuration) {
      Map<String, String> merged = new TreeMap<>(getHadoopConfiguration());
      merged.putAll(configuration);
      return toBuilder().setHadoopConfiguration(Map.copyOf(merged)).build();
    }

    @Override
    public PCollection<HudiCommitInfo> expand(org.apache.beam.sdk.values.PBegin input) {
      if (getBasePath() == null) {
        throw new IllegalArgumentException("HudiIO.compact() needs withBasePath()");
      }
      try {
        io.hudibeam.basefile.ParquetSettings.fromProperties(getHoodieProperties());
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      return PublicResults.commits(
          input.apply(
              "Compact",
              new io.hudibeam.transforms.compact.CompactTable(
                  getBasePath(), getHadoopConfiguration(), getHoodieProperties())));
    }
  }

  enum InputKind {
    ROWS,
    GENERIC_RECORDS
  }

  /** The write transform; every {@code withX()} returns a new instance. */
  @AutoValue
  public abstract static class Write<T> extends PTransform<PCollection<T>, HudiWriteResult> {
    private static final long serialVersionUID = 1L;

    abstract InputKind getInputKind();

    abstract @Nullable String getBasePath();

    abstract Map<String, String> getHoodieProperties();

    abstract Map<String, String> getHadoopConfiguration();

    abstract boolean getFailedRecordsOutput();

    abstract @Nullable Duration getTriggeringFrequency();

    abstract @Nullable String getSinkId();

    abstract @Nullable ErrorHandler<BadRecord, ?> getBadRecordErrorHandler();

    abstract Builder<T> toBuilder();

    static <T> Builder<T> builder(InputKind kind) {
      return new AutoValue_HudiIO_Write.Builder<T>()
          .setInputKind(kind)
          .setHoodieProperties(Map.of())
          .setHadoopConfiguration(Map.of())
          .setFailedRecordsOutput(false);
    }

    @AutoValue.Builder
    abstract static class Builder<T> {
      abstract Builder<T> setInputKind(InputKind kind);

      abstract Builder<T> setBasePath(String basePath);

      abstract Builder<T> setHoodieProperties(Map<String, String> properties);

      abstract Builder<T> setHadoopConfiguration(Map<String, String> configuration);

      abstract Builder<T> setFailedRecordsOutput(boolean output);

      abstract Builder<T> setTriggeringFrequency(Duration frequency);

      abstract Builder<T> setSinkId(String sinkId);

      abstract Builder<T> setBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler);

      abstract Write<T> build();
    }

    /** The table's base path: a local path or any Hadoop file system URI. */
    public Write<T> withBasePath(String basePath) {
      requireNonEmpty("withBasePath", basePath);
      return toBuilder().setBasePath(basePath).build();
    }

    public Write<T> withTableName(String tableName) {
      requireNonEmpty("withTableName", tableName);
      return withProperty(TABLE_NAME, tableName);
    }

    public Write<T> withTableType(TableType tableType) {
      return withProperty(TABLE_TYPE, tableType.value());
    }

    public Write<T> withRecordKeyFields(String... fields) {
      requireFields("withRecordKeyFields", fields);
      return withProperty(RECORD_KEY_FIELD, String.join(",", fields));
    }

    /** Partition fields; none makes a non-partitioned table. */
    public Write<T> withPartitionFields(String... fields) {
      return withProperty(PARTITION_PATH_FIELD, String.join(",", fields));
    }

    /** The ordering (precombine) field: the larger value wins between versions of a record. */
    public Write<T> withOrderingField(String field) {
      requireNonEmpty("withOrderingField", field);
      return withProperty(ORDERING_FIELD, field);
    }

    public Write<T> withKeyGenerator(KeyGeneratorType type) {
      return withProperty(KEY_GENERATOR_CLASS, type.className());
    }

    public Write<T> withHiveStylePartitioning(boolean hiveStyle) {
      return withProperty(HIVE_STYLE, String.valueOf(hiveStyle));
    }

    /**
     * URL-encodes partition values as Hudi does ({@code %XX} for {@code / : = ? # %} and others),
     * so values that are not one safe folder name are written instead of refused; a table keeps the
     * setting it was created with.
     */
    public Write<T> withUrlEncodePartitionPath(boolean urlEncode) {
      return withProperty(URL_ENCODE, String.valueOf(urlEncode));
    }

    public Write<T> withOperation(WriteOperation operation) {
      return withProperty(OPERATION, operation.name().toLowerCase(java.util.Locale.ROOT));
    }

    public Write<T> withIndex(IndexType index) {
      return withProperty(INDEX_TYPE, index.name());
    }

    /**
     * The number of buckets per partition of the BUCKET index. Hudi's tables do not record it:
     * every writer of the table must use the same count.
     */
    public Write<T> withBucketCount(int buckets) {
      if (buckets <= 0) {
        throw new IllegalArgumentException("withBucketCount must be > 0, but was " + buckets);
      }
      return withProperty(BUCKET_COUNT, String.valueOf(buckets));
    }

    /** Target size of base files; inserts roll to a new file group beyond it. */
    public Write<T> withMaxFileSize(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("withMaxFileSize must be > 0 bytes, but was " + bytes);
      }
      return withProperty(MAX_FILE_SIZE, String.valueOf(bytes));
    }

    /** Base files smaller than this receive new inserts before new file groups are created. */
    public Write<T> withSmallFileLimit(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("withSmallFileLimit must be >= 0 bytes, but was " + bytes);
      }
      return withProperty(SMALL_FILE_LIMIT, String.valueOf(bytes));
    }

    /** Parquet compression codec: gzip (Hudi's default), snappy, zstd, uncompressed, ... */
    public Write<T> withParquetCodec(String codec) {
      requireNonEmpty("withParquetCodec", codec);
      return withProperty(PARQUET_CODEC, codec);
    }

    /** Hudi's own {@code hoodie.*} settings under their Hudi names; later calls add to them. */
    public Write<T> withHoodieProperties(Map<String, String> properties) {
      Map<String, String> merged = new TreeMap<>(getHoodieProperties());
      properties.forEach(
          (k, v) -> {
            if (!k.startsWith("hoodie.")) {
              throw new IllegalArgumentException(
                  "withHoodieProperties takes Hudi's hoodie.* keys, but got '" + k
                      + "'; pass Hadoop settings to withHadoopConfiguration");
            }
            merged.put(k, v);
          });
      return toBuilder().setHoodieProperties(Map.copyOf(merged)).build();
    }

    /** Hadoop configuration for the table's file system (e.g. {@code fs.s3a.*}). */
    public Write<T> withHadoopConfiguration(Map<String, String> configuration) {
      Map<String, String> merged = new TreeMap<>(getHadoopConfiguration());
      merged.putAll(configuration);
      return toBuilder().setHadoopConfiguration(Map.copyOf(merged)).build();
    }

    /**
     * Records that cannot be written (no record key, a missing field, a partition value that is not
     * a safe folder name) go to {@link
     * HudiWriteResult#getFailedRecords()} and the others are committed, instead of failing the
     * pipeline.
     */
    public Write<T> withFailedRecordsOutput() {
      return toBuilder().setFailedRecordsOutput(true).build();
    }

    /**
     * The commit interval of a streaming write: one Hudi instant per event-time window of this
     * length that has records (IcebergIO's name for it). Required for unbounded input; with it,
     * bounded input is committed per interval as well. Records behind the watermark (allowed
     * lateness 0) are dropped and counted; see the class documentation. When the input ends (a
     * finite source, bounded input), the pipeline finishes once every interval is committed, one
     * after the other; if the sink stops making progress (no commit and no live heartbeat of its
     * pending instant for a heartbeat's allowed age), the remaining intervals are logged and left
     * for a rerun (counter {@code endOfInputStalls}).
     */
    public Write<T> withTriggeringFrequency(Duration frequency) {
      if (frequency == null || frequency.getMillis() <= 0) {
        throw new IllegalArgumentException("withTriggeringFrequency must be a positive duration, but was " + frequency);
      }
      return toBuilder().setTriggeringFrequency(frequency).build();
    }

    /**
     * The stable identity of a streaming write (default: the table name), written into every
     * commit it makes ({@code beam.hudi.sink.id}) with the interval it covers. A run of the same
     * sink id recognises the intervals a previous run committed and skips them, and rolls back
     * only pending instants of its own sink id. Keep it across restarts; give two streams into one
     * table different ids.
     */
    public Write<T> withSinkId(String sinkId) {
      requireNonEmpty("withSinkId", sinkId);
      return toBuilder().setSinkId(sinkId).build();
    }

    /**
     * Records that cannot be written go to {@code handler}, Beam's bad-record convention (as
     * KafkaIO, FileIO and BigQueryIO take it), and the others are committed. A record is bad when
     * it cannot be converted to the table's Avro record (step {@code "To Avro records"}, e.g. a
     * decimal with more digits than the column holds) or the key generator cannot key it (step
     * {@code "Generate keys"}: no record key, a partition value the key generator rejects). Each
     * {@link BadRecord} carries the input element (as JSON and encoded with the input's coder),
     * the exception with its stack trace, and a description naming the table, the step and the
     * reason. The check runs in its own step, {@code "Check records"}, before "Prepare records",
     * and keys each record there once more than without the handler.
     *
     * <p>Use this rather than {@link #withFailedRecordsOutput()} when the pipeline already has an
     * error handler, or needs the original element or the exception: one handler collects the bad
     * records of every transform that supports it into one sink. {@link
     * #withFailedRecordsOutput()} stays for pipelines that want the failures as a plain output of
     * this transform ({@link HudiFailedRecord}: the record as Avro JSON text and the reason). The
     * two cannot be combined. Register the handler with {@code
     * pipeline.registerBadRecordErrorHandler(sink)} and close it after the last transform that
     * uses it.
     */
    public Write<T> withBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler) {
      if (handler == null) {
        throw new IllegalArgumentException("withBadRecordErrorHandler needs a handler, but got null");
      }
      return toBuilder().setBadRecordErrorHandler(handler).build();
    }

    /** The records of the input that can be written; the others go to the bad-record handler. */
    @SuppressWarnings("unchecked")
    private PCollection<GenericRecord> checkedRecords(PCollection<T> input, WriteSettings settings) {
      ErrorHandler<BadRecord, ?> handler = getBadRecordErrorHandler();
      if (getFailedRecordsOutput()) {
        throw new IllegalArgumentException(
            "withBadRecordErrorHandler and withFailedRecordsOutput cannot be combined; use one");
      }
      if (handler.isClosed()) {
        throw new IllegalArgumentException(
            "withBadRecordErrorHandler got a handler that is already closed; close it after the"
                + " last transform that uses it");
      }
      RowToGenericRecord convert = null;
      Schema avro;
      if (getInputKind() == InputKind.ROWS) {
        PCollection<Row> rows = (PCollection<Row>) input;
        if (!rows.hasSchema()) {
          throw new IllegalArgumentException("HudiIO.write() needs a PCollection<Row> with a schema");
        }
        avro = HudiAvroSchemas.fromBeamSchema(rows.getSchema(), settings.tableName());
        convert = RowToGenericRecord.of(rows.getSchema(), avro);
      } else {
        avro = ((AvroCoder<GenericRecord>) toGenericRecords(input, settings.tableName()).getCoder()).getSchema();
      }
      return BadRecordCheck.apply(
          input, convert, avro, KeyGeneratorConfig.fromProperties(getHoodieProperties()), getBasePath(), handler);
    }

    private Write<T> withProperty(String key, String value) {
      return withHoodieProperties(Map.of(key, value));
    }

    private static void requireNonEmpty(String method, String value) {
      if (value == null || value.isEmpty()) {
        throw new IllegalArgumentException(method + " must not be null or empty");
      }
    }

    private static void requireFields(String method, String[] fields) {
      if (fields == null || fields.length == 0 || Arrays.stream(fields).anyMatch(f -> f == null || f.isEmpty())) {
        throw new IllegalArgumentException(method + " needs at least one non-empty field name, but got " + Arrays.toString(fields));
      }
    }

    @Override
    public void populateDisplayData(DisplayData.Builder builder) {
      super.populateDisplayData(builder);
      builder.addIfNotNull(DisplayData.item("basePath", getBasePath()).withLabel("Table base path"));
      getHoodieProperties().forEach((k, v) -> builder.add(DisplayData.item(k, v)));
    }

    @Override
    public HudiWriteResult expand(PCollection<T> input) {
      if (input.isBounded() == PCollection.IsBounded.UNBOUNDED && getTriggeringFrequency() == null) {
        throw new IllegalArgumentException(
            "HudiIO.write() got an unbounded PCollection (" + input.getName() + "): set"
                + " withTriggeringFrequency(Duration), the commit interval: one Hudi instant is committed per"
                + " interval of event time that has records");
      }
      WriteSettings settings = WriteSettings.of(getBasePath(), getHoodieProperties());
      if (getTriggeringFrequency() != null) {
        settings.checkStreamable();
      }
      PCollection<GenericRecord> records =
          getBadRecordErrorHandler() == null
              ? toGenericRecords(input, settings.tableName())
              : checkedRecords(input, settings);
      Schema schema = ((AvroCoder<GenericRecord>) records.getCoder()).getSchema();
      settings.checkFieldsExist(schema);
      WriteSpec spec = settings.toSpec(
          schema, getHadoopConfiguration(),
          getFailedRecordsOutput() ? FailedRecordPolicy.OUTPUT : FailedRecordPolicy.FAIL);
      try {
        spec.validateSettings();
      } catch (HudiTableException e) {
        throw new IllegalArgumentException("HudiIO.write(): " + e.getMessage(), e);
      }

      if (getTriggeringFrequency() != null) {
        return expandStreaming(input, records, spec);
      }
      PCollectionView<StartedInstant> started =
          input.getPipeline().apply("Start instant", new StartInstant(spec));
      PCollectionTuple prepared = records.apply("Prepare records", new PrepareRecords(spec));
      PCollection<WriteStat> stats;
      PCollectionView<WritePlan> plan = null;
      if (spec.operation() == WriteOperation.BULK_INSERT) {
        stats = prepared.get(PrepareRecords.RECORDS).apply("Bulk insert files", new BulkInsertFiles(spec, started));
      } else {
        PCollection<TaggedRecord> tagged =
            prepared.get(PrepareRecords.RECORDS).apply("Tag locations", new TagLocations(spec, started));
        plan = tagged.apply("Profile workload", new PlanWrite(spec, started));
        stats =
            tagged
                .apply("Assign buckets", new AssignBuckets(spec, plan))
                .apply("Write file groups", new WriteFileGroups(spec, started));
      }
      PCollection<CommittedInstant> committed = stats.apply("Commit instant", new CommitInstant(spec, started, plan));
      PCollection<FailedRecord> failed = prepared.get(PrepareRecords.FAILED);
      return new HudiWriteResult(input.getPipeline(), PublicResults.commits(committed), PublicResults.failures(failed));
    }

    /**
     * The streaming write: the records are cut into commit intervals (event-time windows), an
     * instant is started per interval that has records, in order, each after the previous one is
     * completed; the batch stages then run per interval, and one commit per interval completes it.
     */
    private HudiWriteResult expandStreaming(PCollection<T> input, PCollection<GenericRecord> records, WriteSpec spec) {
      FlinkCheckpointing.check(input.getPipeline().getOptions());
      StreamSettings stream =
          StreamSettings.of(getSinkId() == null ? spec.tableConfig().name() : getSinkId(), getTriggeringFrequency());
      PCollection<GenericRecord> windowed =
          records.apply(
              "Commit intervals",
              Window.<GenericRecord>into(FixedWindows.of(stream.commitInterval()))
                  .triggering(DefaultTrigger.of())
                  .withAllowedLateness(Duration.ZERO)
                  .discardingFiredPanes());
      PCollection<IntervalDecision> decisions =
          windowed.apply("Start instants", new CoordinateInstants<GenericRecord>(spec, stream));
      PCollectionView<List<IntervalDecision>> decisionView =
          decisions.apply("Decisions as side input", View.asList());
      PCollection<StartedInstant> startedPerInterval = decisions.apply("Started instants", new StartedInstants());
      PCollectionView<StartedInstant> started =
          startedPerInterval.apply("Started instant as side input", View.asSingleton());
      PCollectionTuple prepared =
          windowed
              .apply("Skip committed intervals", new SkipCommittedIntervals<GenericRecord>(decisionView))
              .apply("Prepare records", new PrepareRecords(spec));
      PCollection<TaggedRecord> tagged =
          prepared.get(PrepareRecords.RECORDS).apply("Tag locations", new TagLocations(spec, started));
      PCollectionView<WritePlan> plan = tagged.apply("Profile workload", new PlanWrite(spec, started));
      PCollection<WriteStat> stats =
          tagged
              .apply("Assign buckets", new AssignBuckets(spec, plan))
              .apply("Write file groups", new WriteFileGroups(spec, started));
      PCollection<CommittedInstant> committed =
          stats.apply("Commit instant", CommitInstant.perCommitInterval(spec, started, startedPerInterval));
      return new HudiWriteResult(
          input.getPipeline(), PublicResults.commits(committed), PublicResults.failures(prepared.get(PrepareRecords.FAILED)));
    }

    @SuppressWarnings("unchecked")
    private PCollection<GenericRecord> toGenericRecords(PCollection<T> input, String tableName) {
      if (getInputKind() == InputKind.ROWS) {
        PCollection<Row> rows = (PCollection<Row>) input;
        if (!rows.hasSchema()) {
          throw new IllegalArgumentException("HudiIO.write() needs a PCollection<Row> with a schema");
        }
        Schema avro = HudiAvroSchemas.fromBeamSchema(rows.getSchema(), tableName);
        RowToGenericRecord convert = RowToGenericRecord.of(rows.getSchema(), avro);
        return rows
            .apply("To Avro records", MapElements.into(TypeDescriptor.of(GenericRecord.class)).via(convert))
            .setCoder(AvroCoder.of(avro));
      }
      Coder<T> coder = input.getCoder();
      if (!(coder instanceof AvroCoder)) {
        throw new IllegalArgumentException(
            "HudiIO.writeGenericRecords() needs a PCollection<GenericRecord> with an AvroCoder, but"
                + " its coder is " + coder);
      }
      AvroInputSchemas.normalize(((AvroCoder<?>) coder).getSchema(), tableName);
      return (PCollection<GenericRecord>) input;
    }

    /**
     * The table version of a table this write creates ({@code hoodie.write.table.version}): 6 (the
     * default; Hudi 0.14 and later, and Hudi 1.x, read it) or 8 (Hudi 1.x's format: timeline in
     * {@code .hoodie/timeline} with completion times, Avro commit metadata; Hudi 0.x readers cannot
     * read it). The default stays 6 while Hudi 0.x readers (Spark, Hive, Trino and Presto connectors
     * built on Hudi 0.14/0.15) are common. An existing table keeps its own version: a version 8
     * table, such as one Hudi 1.x created, is continued as version 8 whatever this says, and asking
     * for 8 on an existing version 6 table is refused (this writer does not upgrade). Version 8 is
     * written for COPY_ON_WRITE tables only.
     */
    public Write<T> withTableVersion(int version) {
      if (version != 6 && version != 8) {
        throw new IllegalArgumentException("withTableVersion must be 6 or 8, but was " + version);
      }
      return withProperty(WRITE_TABLE_VERSION, String.valueOf(version));
    }
  }

  /** The settings of one write, resolved from Hudi's keys, with the cross-field checks. */
  static final class WriteSettings {
    private final String basePath;
    private final Map<String, String> properties;

    private WriteSettings(String basePath, Map<String, String> properties) {
      this.basePath = basePath;
      this.properties = properties;
    }

    static WriteSettings of(@Nullable String basePath, Map<String, String> properties) {
      if (basePath == null) {
        throw new IllegalArgumentException("withBasePath() is required");
      }
      if (!properties.containsKey(TABLE_NAME)) {
        throw new IllegalArgumentException("withTableName() (hoodie.table.name) is required");
      }
      if (!properties.containsKey(RECORD_KEY_FIELD)) {
        throw new IllegalArgumentException(
            "withRecordKeyFields() (" + RECORD_KEY_FIELD + ") is required");
      }
      WriteSettings settings = new WriteSettings(basePath, properties);
      try {
        ArchiveSettings.fromProperties(properties); // also checks keep.min against the cleaner's retention
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      SchemaEvolution.fromProperties(properties);
      io.hudibeam.commit.CompactionSettings compaction;
      try {
        compaction = io.hudibeam.commit.CompactionSettings.fromProperties(properties);
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      if (compaction.inline() && settings.tableType() != TableType.MERGE_ON_READ) {
        throw new IllegalArgumentException(
            io.hudibeam.commit.CompactionSettings.INLINE + "=true needs withTableType(MERGE_ON_READ);"
                + " a " + settings.tableType() + " table has no log files to compact");
      }
      try {
        MergeMemory.fromProperties(properties);
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      if (settings.tableVersion() == TableVersion.EIGHT && settings.tableType() == TableType.MERGE_ON_READ) {
        throw new IllegalArgumentException(
            WRITE_TABLE_VERSION + "=8 (withTableVersion) is supported for COPY_ON_WRITE tables only; write"
                + " MERGE_ON_READ tables as version 6");
      }
      if (settings.index() == IndexType.BUCKET) {
        if (settings.operation() == WriteOperation.BULK_INSERT) {
          throw new IllegalArgumentException(
              "withOperation(BULK_INSERT) is not supported with withIndex(BUCKET); use INSERT or UPSERT");
        }
        try {
          BucketIndex.fromProperties(properties, settings.recordKeyFields());
        } catch (HudiTableException e) {
          throw new IllegalArgumentException("withIndex(BUCKET): " + e.getMessage(), e);
        }
      }
      return settings;
    }

    String tableName() {
      return properties.get(TABLE_NAME);
    }

    /** The cross-field rules of a streaming write (withTriggeringFrequency). */
    void checkStreamable() {
      if (operation() == WriteOperation.BULK_INSERT) {
        throw new IllegalArgumentException(
            "withOperation(BULK_INSERT) is not supported with withTriggeringFrequency (streaming writes);"
                + " use INSERT or UPSERT");
      }
      if (index() != IndexType.SIMPLE && index() != IndexType.BUCKET) {
        throw new IllegalArgumentException(
            "withIndex(" + index() + ") is not supported with withTriggeringFrequency (streaming writes) yet;"
                + " use SIMPLE or BUCKET");
      }
    }

    TableType tableType() {
      return TableType.fromValue(properties.getOrDefault(TABLE_TYPE, TableType.COPY_ON_WRITE.value()));
    }

    /** The version of a table this write creates: hoodie.write.table.version, 6 by default. */
    TableVersion tableVersion() {
      try {
        return TableVersion.parse(properties.getOrDefault(WRITE_TABLE_VERSION, "6"), WRITE_TABLE_VERSION,
            "The write");
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
    }

    WriteOperation operation() {
      return WriteOperation.fromValue(properties.getOrDefault(OPERATION, "upsert"));
    }

    IndexType index() {
      return IndexType.fromValue(properties.getOrDefault(INDEX_TYPE, IndexType.SIMPLE.name()));
    }

    List<String> recordKeyFields() {
      return split(properties.get(RECORD_KEY_FIELD));
    }

    List<String> partitionFields() {
      return split(properties.getOrDefault(PARTITION_PATH_FIELD, ""));
    }

    @Nullable String orderingField() {
      String field = properties.get(ORDERING_FIELD);
      return field == null || field.isEmpty() ? null : field;
    }

    private static List<String> split(String value) {
      return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(java.util.stream.Collectors.toList());
    }

    void checkFieldsExist(Schema schema) {
      checkField(schema, RECORD_KEY_FIELD, recordKeyFields());
      checkField(schema, PARTITION_PATH_FIELD, partitionFields());
      if (orderingField() != null && operation() != WriteOperation.DELETE) {
        checkField(schema, ORDERING_FIELD, List.of(orderingField()));
      }
    }

    private static void checkField(Schema schema, String key, List<String> fields) {
      for (String field : fields) {
        Schema current = schema;
        for (String part : field.split("\\.")) {
          Schema record = nonNull(current);
          Schema.Field f = record.getType() == Schema.Type.RECORD ? record.getField(part) : null;
          if (f == null) {
            throw new IllegalArgumentException(
                String.format(
                    "%s names field '%s', which is not in the input schema; its fields are %s",
                    key, field, schema.getFields().stream().map(Schema.Field::name).collect(java.util.stream.Collectors.toList())));
          }
          current = f.schema();
        }
      }
    }

    private static Schema nonNull(Schema schema) {
      if (schema.getType() == Schema.Type.UNION) {
        for (Schema s : schema.getTypes()) {
          if (s.getType() != Schema.Type.NULL) {
            return s;
          }
        }
      }
      return schema;
    }

    WriteSpec toSpec(Schema schema, Map<String, String> hadoopConfiguration, FailedRecordPolicy policy) {
      KeyGeneratorConfig keyGenerator = KeyGeneratorConfig.fromProperties(properties);
      TableConfig.Builder table =
          TableConfig.newTable(tableName(), tableType())
              .tableVersion(tableVersion())
              .recordKeyFields(recordKeyFields())
              .partitionFields(partitionFields())
              .keyGeneratorClass(keyGenerator.type().className())
              .hiveStylePartitioning(keyGenerator.hiveStylePartitioning())
              .urlEncodePartitioning(keyGenerator.urlEncodePartitionPath())
              .createSchema(schema.toString());
      if (orderingField() != null) {
        table.orderingField(orderingField());
      }
      keyGenerator.toTableProperties().forEach((k, v) -> {
        if (k.startsWith("hoodie.keygen.")) {
          table.property(k, v);
        }
      });
      return WriteSpec.builder()
          .basePath(basePath)
          .hadoopConfiguration(hadoopConfiguration)
          .tableConfig(table.build())
          .keyGenerator(keyGenerator)
          .orderingField(orderingField() == null ? OrderingField.none() : OrderingField.of(orderingField()))
          .operation(operation())
          .index(index())
          .writeProperties(properties)
          .schemaJson(schema.toString())
          .failedRecordPolicy(policy)
          .build();
    }
  }
}
