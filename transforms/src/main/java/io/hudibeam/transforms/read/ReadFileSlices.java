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
package io.hudibeam.transforms.read;

import io.hudibeam.read.FileSliceReader;
import io.hudibeam.read.SliceRead;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.write.LogMergeOrdering;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;

/**
 * Reads file slices into Rows of the spec's output schema: a splittable DoFn whose restriction is
 * the whole slice ({@code [0, 1)}) and whose size is the slice's bytes (base file and log files),
 * so a runner that balances by size (Dataflow, Flink's SDF wrapper) spreads large slices first. A
 * slice is read whole by one worker (Hudi's own readers split the same way: one split per file
 * slice). Each record keeps its input element's timestamp.
 */
public final class ReadFileSlices extends PTransform<PCollection<SliceRead>, PCollection<Row>> {
  private static final long serialVersionUID = 1L;
  private final ReadSpec spec;

  public ReadFileSlices(ReadSpec spec) {
    this.spec = spec;
  }

  @Override
  public PCollection<Row> expand(PCollection<SliceRead> slices) {
    return slices
        .apply("Read slices", ParDo.of(new ReadSliceFn(spec)))
        .setRowSchema(spec.outputSchema());
  }

  /** Reads one slice per element. */
  @DoFn.BoundedPerElement
  static final class ReadSliceFn extends DoFn<SliceRead, Row> {
    private static final long serialVersionUID = 1L;
    private final ReadSpec spec;
    private final Counter records = Metrics.counter(ReadFileSlices.class, "records");
    private final Counter slicesRead = Metrics.counter(ReadFileSlices.class, "file_slices");
    private final Counter bytes = Metrics.counter(ReadFileSlices.class, "bytes");
    private transient FileSliceReader reader;
    private transient Schema schema;

    ReadSliceFn(ReadSpec spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      TablePaths paths = TablePaths.of(spec.basePath());
      LogMergeOrdering ordering =
          LogMergeOrdering.of(new TableConfigStore(spec.fs(), paths).load());
      reader = new FileSliceReader(spec.conf(), paths, spec.readerAvroSchema(), ordering);
      schema = spec.outputSchema();
    }

    @GetInitialRestriction
    public OffsetRange initialRestriction(@Element SliceRead slice) {
      return new OffsetRange(0, 1);
    }

    @GetSize
    public double size(@Element SliceRead slice, @Restriction OffsetRange range) {
      return Math.max(1, slice.sizeBytes()) * (double) (range.getTo() - range.getFrom());
    }

    @GetRestrictionCoder
    public OffsetRange.Coder restrictionCoder() {
      return OffsetRange.Coder.of();
    }

    @ProcessElement
    public void process(
        @Element SliceRead slice,
        RestrictionTracker<OffsetRange, Long> tracker,
        OutputReceiver<Row> out) {
      if (!tracker.tryClaim(0L)) {
        return;
      }
      long n = reader.read(slice, record -> out.output(AvroUtils.toBeamRowStrict(record, schema)));
      records.inc(n);
      slicesRead.inc();
      bytes.inc(slice.sizeBytes());
    }
  }
}
