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
package io.hudibeam.transforms.streaming;

import io.hudibeam.transforms.ElementBatches;
import java.util.List;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Passes on the records of the commit intervals that started an instant. Records of an interval the
 * sink already committed through (a replay) are dropped and counted ({@code
 * recordsOfCommittedIntervalsSkipped}); so are records of an interval with no decision at all,
 * which can only be late records (the interval closed with no on-time record, so no instant was
 * started for it), counted in {@code lateRecordsDropped}. The runner holds each interval's records
 * here until its decision exists, that is until the previous interval is committed: under load that
 * is a commit interval's records or more. They wait encoded with their own coder, a bundle's
 * records of one interval in one byte array ({@link ElementBatches}): Beam's Flink runner keeps the
 * waiting elements as objects in operator state, one windowed value each, and serializes all of
 * them at every checkpoint, and a decoded Avro record takes several times its encoded size on the
 * heap.
 */
public final class SkipCommittedIntervals<T> extends PTransform<PCollection<T>, PCollection<T>> {
  private static final long serialVersionUID = 1L;
  private final PCollectionView<List<IntervalDecision>> decisions;

  public SkipCommittedIntervals(PCollectionView<List<IntervalDecision>> decisions) {
    this.decisions = decisions;
  }

  @Override
  public PCollection<T> expand(PCollection<T> records) {
    return ElementBatches.packedThrough(
        records,
        "Keep started intervals",
        ParDo.of(new KeepFn(decisions)).withSideInputs(decisions));
  }

  /** Passes on the batches of started intervals; counts the records of the others. */
  static final class KeepFn extends DoFn<byte[], byte[]> {
    private static final long serialVersionUID = 1L;
    private final PCollectionView<List<IntervalDecision>> decisions;
    private final Counter replayed =
        Metrics.counter(SkipCommittedIntervals.class, "recordsOfCommittedIntervalsSkipped");
    private final Counter late =
        Metrics.counter(SkipCommittedIntervals.class, "lateRecordsDropped");
    private transient BoundedWindow cachedWindow;
    private transient List<IntervalDecision> cached;

    KeepFn(PCollectionView<List<IntervalDecision>> decisions) {
      this.decisions = decisions;
    }

    @StartBundle
    public void startBundle() {
      cachedWindow = null;
      cached = null;
    }

    @ProcessElement
    public void process(@Element byte[] batch, BoundedWindow window, ProcessContext c) {
      if (cached == null || !window.equals(cachedWindow)) {
        cached = c.sideInput(decisions);
        cachedWindow = window;
      }
      if (cached.isEmpty()) {
        late.inc(ElementBatches.count(batch));
      } else if (cached.get(0).isSkip()) {
        replayed.inc(ElementBatches.count(batch));
      } else {
        c.output(batch);
      }
    }
  }
}
