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
package io.hudibeam.transforms.records;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.transforms.Deduplication;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.KeyShards;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.write.KeyScope;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.RecordEncoding;
import io.hudibeam.write.SpillableRecordMap;
import io.hudibeam.write.TableRecord;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Stage 2. Computes each record's key and partition path with the key generator and sends records
 * that have none to the failed-records output (or fails the pipeline, the default). Upserts and
 * deletes keep one record per key, the one with the larger ordering value ({@link Deduplication}):
 * with the bucket index here, in a shuffle by key shard (see {@link KeyShards}); with the other
 * indexes in TagLocations' join, which groups by the same key shards, so the batch is shuffled
 * once.
 *
 * <pre>
 * records ─ generate keys ─┬─ failed records
 *                          └─ (bucket index upsert, delete) key shard ─ GroupByKey ─ one per key
 * </pre>
 */
public final class PrepareRecords extends PTransform<PCollection<GenericRecord>, PCollectionTuple> {
  private static final long serialVersionUID = 1L;
  public static final TupleTag<TableRecord> RECORDS = new TupleTag<TableRecord>() {};
  public static final TupleTag<FailedRecord> FAILED = new TupleTag<FailedRecord>() {};

  private final RecordsSpec spec;

  /**
   * Prepares the records of a write. Under the FAIL policy a record the key generator rejects fails
   * the write, and the heartbeats of the writer's instants are deleted on the way out ({@link
   * InstantHeartbeat#releaseWriterAfterFailure}), so the next write of the table rolls the instant
   * back at once instead of waiting for the heartbeat to expire. No side input: the key generation
   * stays chained to the stage before it (Flink batch would otherwise ship every record between the
   * two, encoded).
   */
  public PrepareRecords(RecordsSpec spec) {
    this.spec = spec;
  }

  @Override
  public PCollectionTuple expand(PCollection<GenericRecord> input) {
    TableRecordCoder recordCoder = TableRecordCoder.of(spec.schema());
    PCollection<TableRecord> records;
    PCollection<FailedRecord> failed;
    if (spec.failedRecordPolicy() == FailedRecordPolicy.OUTPUT) {
      PCollectionTuple keyed =
          input.apply(
              "Generate keys",
              ParDo.of(new GenerateKeysOrFailedFn(spec))
                  .withOutputTags(RECORDS, TupleTagList.of(FAILED)));
      records = keyed.get(RECORDS);
      failed = keyed.get(FAILED);
    } else {
      // One output keeps the records in the runner's operator chain: Flink's batch translation
      // ships every element of a two-output ParDo to both outputs' filters, serialized.
      records = input.apply("Generate keys", ParDo.of(new GenerateKeysFn(spec)));
      failed =
          input
              .getPipeline()
              .apply("No failed records", Create.empty(FailedRecord.FailedRecordCoder.of()));
    }
    records.setCoder(recordCoder);
    failed.setCoder(FailedRecord.FailedRecordCoder.of());
    if (spec.deduplication() == Deduplication.BEFORE_TAGGING) {
      records = deduplicate(records, recordCoder);
    }
    return PCollectionTuple.of(RECORDS, records).and(FAILED, failed);
  }

  private PCollection<TableRecord> deduplicate(
      PCollection<TableRecord> records, TableRecordCoder coder) {
    return records
        .apply("Shard by record key", ParDo.of(new ShardFn()))
        .setCoder(KvCoder.of(VarIntCoder.of(), coder))
        .apply("Group shards", GroupByKey.create())
        .apply(
            "De-duplicate",
            ParDo.of(
                new DeduplicateFn(
                    new PreferredRecord(spec.orderingField()),
                    spec.index().isGlobal(),
                    spec.memory(),
                    spec.schemaJson())))
        .setCoder(coder);
  }

  static final class ShardFn extends DoFn<TableRecord, KV<Integer, TableRecord>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<KV<Integer, TableRecord>> out) {
      out.output(KV.of(KeyShards.of(record.recordKey()), record));
    }
  }

  /**
   * Keeps one record per key of a shard: per record key for a global index, else per (key,
   * partition). A shard has about batch / {@value KeyShards#SHARDS} records; they are kept in a
   * {@link SpillableRecordMap} within the merge budget ({@code hoodie.memory.merge.*}), the rest on
   * local disk.
   */
  static final class DeduplicateFn extends DoFn<KV<Integer, Iterable<TableRecord>>, TableRecord> {
    private static final long serialVersionUID = 1L;
    private final PreferredRecord preferred;
    private final boolean global;
    private final MergeMemory memory;
    private final String schemaJson;
    private final Counter dropped =
        Metrics.counter(PrepareRecords.class, "duplicateRecordsDropped");
    private final Counter spilled = Metrics.counter(PrepareRecords.class, "recordsSpilled");
    private transient RecordEncoding encoding;

    DeduplicateFn(
        PreferredRecord preferred, boolean global, MergeMemory memory, String schemaJson) {
      this.preferred = preferred;
      this.global = global;
      this.memory = memory;
      this.schemaJson = schemaJson;
    }

    @Setup
    public void setup() {
      encoding = RecordEncoding.of(new Schema.Parser().parse(schemaJson));
    }

    @ProcessElement
    public void process(
        @Element KV<Integer, Iterable<TableRecord>> shard, OutputReceiver<TableRecord> out) {
      try (SpillableRecordMap best =
          new SpillableRecordMap(
              memory,
              memory.budgetBytes(),
              global ? KeyScope.RECORD_KEY : KeyScope.RECORD_KEY_AND_PARTITION,
              encoding,
              "the de-duplication of key shard " + shard.getKey())) {
        long received = 0;
        for (TableRecord record : shard.getValue()) {
          best.putPreferred(record, preferred::prefer);
          received++;
        }
        dropped.inc(received - best.size());
        spilled.inc(best.spilledCount());
        best.forEachInOrder((record, ordinal) -> out.output(record));
      }
    }
  }

  /**
   * {@link FailedRecordPolicy#FAIL}: one output; a record without a key fails the bundle, and the
   * writer's instants lose their heartbeats ({@link InstantHeartbeat#releaseWriterAfterFailure}).
   */
  static final class GenerateKeysFn extends DoFn<GenericRecord, TableRecord> {
    private static final long serialVersionUID = 1L;
    private final RecordsSpec spec;
    private final RecordKeying keying;
    private final Counter prepared = Metrics.counter(PrepareRecords.class, "records");
    private final Counter failed = Metrics.counter(PrepareRecords.class, "failedRecords");

    GenerateKeysFn(RecordsSpec spec) {
      this.spec = spec;
      this.keying = new RecordKeying(spec);
    }

    @ProcessElement
    public void process(@Element GenericRecord record, OutputReceiver<TableRecord> out) {
      TableRecord keyed;
      try {
        keyed = keying.key(record);
      } catch (HudiTableException e) {
        failed.inc();
        RuntimeException failure = keying.failure(record, e);
        InstantHeartbeat.of(
                spec.paths(), spec.heartbeat(), spec.fileSystem(spec.hadoopConfiguration()))
            .releaseWriterAfterFailure(failure);
        throw failure;
      }
      prepared.inc();
      out.output(keyed);
    }
  }

  /**
   * {@link FailedRecordPolicy#OUTPUT}: records to {@link #RECORDS}, those without a key to {@link
   * #FAILED}.
   */
  static final class GenerateKeysOrFailedFn extends DoFn<GenericRecord, TableRecord> {
    private static final long serialVersionUID = 1L;
    private final RecordKeying keying;
    private final Counter prepared = Metrics.counter(PrepareRecords.class, "records");
    private final Counter failed = Metrics.counter(PrepareRecords.class, "failedRecords");

    GenerateKeysOrFailedFn(RecordsSpec spec) {
      this.keying = new RecordKeying(spec);
    }

    @ProcessElement
    public void process(@Element GenericRecord record, MultiOutputReceiver out) {
      TableRecord keyed;
      try {
        keyed = keying.key(record);
      } catch (HudiTableException e) {
        failed.inc();
        out.get(FAILED).output(FailedRecord.of(String.valueOf(record), e.getMessage()));
        return;
      }
      prepared.inc();
      out.get(RECORDS).output(keyed);
    }
  }
}
