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
import io.hudibeam.write.Bucket;
import io.hudibeam.write.TableRecord;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Stage 6. One writer per file group per instant: a GroupByKey on the file group (packs of encoded
 * records, see {@link #expand}), then a create handle for a new file group, a merge handle for an
 * existing one, or for inserts a concat handle (stored records kept, incoming ones appended,
 * duplicates allowed as in Hudi's insert), or on a merge-on-read table an append handle (a new log
 * file of the latest slice). Each writes its marker first, then its file, and reports a write stat.
 * A merge holds its incoming records in memory up to {@code hoodie.memory.merge.max.size} and
 * spills the rest to local disk, and every handle reads the group's records once, so a file group's
 * batch need not fit in the heap.
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
   * A batch write keys each record by its {@link FileGroupTarget} (bucket and started instant) and
   * packs them per bundle into byte packs of about 64 KiB ("Target file groups", {@link
   * TargetFileGroups}); the GroupByKey groups packs, and the writer ("Write", {@link
   * WriteTargetFn}), which reads no side input, decodes a file group's records one at a time as it
   * writes them. On unbounded input (a streaming write) the records are packed per bundle and file
   * group before the GroupByKey ({@link ElementBatches}), so that a commit interval's records wait
   * for the interval's end as a few arrays per file group, not one object each in the runner's
   * state; the writer reads the interval's instant from the side input.
   */
  @Override
  public PCollection<WriteStat> expand(PCollection<KV<Bucket, TableRecord>> routed) {
    TableRecordCoder coder = TableRecordCoder.of(spec.schema());
    if (routed.isBounded() == PCollection.IsBounded.BOUNDED) {
      return routed
          .apply(
              "Target file groups",
              ParDo.of(new TargetFileGroups(started, coder)).withSideInputs(started))
          .setCoder(KvCoder.of(FileGroupTarget.Coder.of(), ByteArrayCoder.of()))
          .apply("Group by file group", GroupByKey.create())
          .apply("Write", ParDo.of(new WriteTargetFn(spec, coder)))
          .setCoder(WriteStatCoder.of());
    }
    return ElementBatches.packedAndGrouped(
            routed, "Pack per file group", "Group by file group", BucketCoder.of(), coder)
        .apply(
            "Write", ParDo.of(new WriteFileGroupFn(spec, started, coder)).withSideInputs(started))
        .setCoder(WriteStatCoder.of());
  }

  /** The streaming write's writer: the interval's instant from the side input. */
  static final class WriteFileGroupFn extends DoFn<KV<Bucket, Iterable<byte[]>>, WriteStat> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<StartedInstant> started;
    private final TableRecordCoder coder;
    private final FileGroupWrites writes;

    WriteFileGroupFn(
        FilesSpec spec, PCollectionView<StartedInstant> started, TableRecordCoder coder) {
      this.started = started;
      this.coder = coder;
      this.writes = new FileGroupWrites(spec);
    }

    @Setup
    public void setup() {
      writes.setup();
    }

    @ProcessElement
    public void process(
        @Element KV<Bucket, Iterable<byte[]>> group,
        OutputReceiver<WriteStat> out,
        ProcessContext c) {
      out.output(
          writes.write(
              group.getKey(),
              c.sideInput(started),
              ElementBatches.elements(group.getValue(), coder)));
    }
  }
}
