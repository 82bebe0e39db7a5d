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
package io.hudibeam.transforms.write;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.ElementBatches;
import io.hudibeam.transforms.coders.BucketCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.FileGroupWriter;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteTransaction;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Stage 6. One writer per file group per instant: a GroupByKey on the bucket, then a create handle
 * for a new file group, a merge handle for an existing one, or for inserts a concat handle (stored
 * records kept, incoming ones appended, duplicates allowed as in Hudi's insert), or on a
 * merge-on-read table an append handle (a new log file of the latest slice). Each writes its marker
 * first, then its file, and reports a write stat. A merge holds its incoming records in memory up
 * to {@code hoodie.memory.merge.max.size} and spills the rest to local disk, and every handle reads
 * the group's records once, so a file group's batch need not fit in the heap.
 */
public final class WriteFileGroups
    extends PTransform<PCollection<KV<Bucket, TableRecord>>, PCollection<WriteStat>> {
  private static final long serialVersionUID = 1L;

  /** The counter of incoming records merges spilled to disk (over their memory budget). */
  public static final String SPILLED_RECORDS = "mergeRecordsSpilled";

  private final FilesSpec spec;
  private final PCollectionView<StartedInstant> started;

  public WriteFileGroups(FilesSpec spec, PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.started = started;
  }

  /**
   * The write this stage belongs to (for an override of the stage, as tests inject failures with).
   */
  public FilesSpec spec() {
    return spec;
  }

  /** The started instant this stage writes into. */
  public PCollectionView<StartedInstant> started() {
    return started;
  }

  /**
   * On unbounded input (a streaming write) the records are packed per bundle and file group before
   * the GroupByKey ({@link ElementBatches}), so that a commit interval's records wait for the
   * interval's end as a few arrays per file group, not one object each in the runner's state, and
   * cross the GroupByKey as bytes; the writer decodes them as it reads them. A batch write groups
   * the records themselves (a bundle there can be a whole input split).
   */
  @Override
  public PCollection<WriteStat> expand(PCollection<KV<Bucket, TableRecord>> routed) {
    if (routed.isBounded() == PCollection.IsBounded.BOUNDED) {
      return routed
          .apply("Group by file group", GroupByKey.create())
          .apply(
              "Write",
              ParDo.of(new WriteFileGroupFn<TableRecord>(spec, started, records -> records))
                  .withSideInputs(started))
          .setCoder(WriteStatCoder.of());
    }
    TableRecordCoder coder = TableRecordCoder.of(spec.schema());
    return ElementBatches.packedAndGrouped(
            routed, "Pack per file group", "Group by file group", BucketCoder.of(), coder)
        .apply(
            "Write",
            ParDo.of(
                    new WriteFileGroupFn<byte[]>(
                        spec, started, batches -> ElementBatches.elements(batches, coder)))
                .withSideInputs(started))
        .setCoder(WriteStatCoder.of());
  }

  static final class WriteFileGroupFn<V> extends DoFn<KV<Bucket, Iterable<V>>, WriteStat> {
    private static final long serialVersionUID = 1L;
    private final FilesSpec spec;
    private final PCollectionView<StartedInstant> started;
    private final ElementBatches.ValuesOf<V, TableRecord> records;
    private final WriteCounters counters = WriteCounters.of(WriteFileGroups.class);
    private final Counter spilled = Metrics.counter(WriteFileGroups.class, SPILLED_RECORDS);
    private transient Configuration conf;
    private transient FileSystem fs;
    private transient org.apache.avro.Schema writeSchema;
    private transient StartedInstant writeSchemaOf;
    private transient InstantHeartbeat heartbeat;
    private transient WriteTransaction transaction;

    WriteFileGroupFn(
        FilesSpec spec,
        PCollectionView<StartedInstant> started,
        ElementBatches.ValuesOf<V, TableRecord> records) {
      this.spec = spec;
      this.started = started;
      this.records = records;
    }

    @Setup
    public void setup() {
      conf = spec.hadoopConfiguration();
      fs = spec.fileSystem(conf);
      heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeat(), fs);
      transaction = spec.transaction(conf, fs);
    }

    @ProcessElement
    public void process(
        @Element KV<Bucket, Iterable<V>> group, OutputReceiver<WriteStat> out, ProcessContext c) {
      StartedInstant instant = c.sideInput(started);
      if (!instant.equals(writeSchemaOf)) {
        writeSchema = WriteSchemas.of(instant, spec.schemaJson());
        writeSchemaOf = instant;
      }
      heartbeat.refresh(instant);
      try {
        out.output(write(group, instant));
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }

    private WriteStat write(KV<Bucket, Iterable<V>> group, StartedInstant instant) {
      FileGroupWriter writer =
          transaction
              .fileGroupWriter(instant)
              .schema(writeSchema)
              .parquet(spec.parquet())
              .orderingField(spec.orderingField())
              .writeToken(WriteTokens.newToken())
              .operation(spec.operation())
              .mergeMemory(spec.mergeMemory())
              .build();
      WriteStat stat = writer.write(group.getKey(), records.of(group.getValue()));
      spilled.inc(writer.spilledRecords());
      counters.count(stat);
      return stat;
    }
  }
}
