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

import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.RecordFingerprints;
import io.hudibeam.sink.SinkInstants;
import io.hudibeam.transforms.coders.IntervalContentCoder;
import io.hudibeam.transforms.instant.StartSpec;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Starts one instant per commit interval that has records, in interval order, each only after the
 * previous one is completed (see docs/architecture.md). The records, windowed into commit
 * intervals, are counted and fingerprinted per interval ({@link IntervalContent}: a replay is
 * recognised by what the interval holds, not by its time alone); when an interval closes (the
 * watermark passes its end), its count reaches a stateful coordinator keyed by the sink id, in the
 * global window. Once the watermark has passed an interval (an event-time timer), so that every
 * earlier interval has arrived, the coordinator takes the intervals in order and asks {@link
 * SinkInstants} what to do: skip an interval the sink already committed through, wait while the
 * previous instant (or another writer's) is pending, else roll back the sink's abandoned instants
 * and start the interval's instant. While an interval waits, a processing-time timer polls the
 * timeline (set only while waiting) and holds the output watermark at the interval's end, so the
 * decision is never late for its window. The decisions are re-windowed into the commit intervals:
 * one per interval, read by the later stages as side inputs. No cycle: "N+1 after N" goes through
 * the timeline, which the commit step writes. When the input ends, {@link EndOfInputHold} keeps the
 * coordinator's input watermark short of the end of time until the sink has committed its last
 * interval, so the coordinator's polls keep working (see there for why they otherwise stop).
 *
 * <pre>
 * records ─ count and fingerprint per bundle and interval ─ sum per interval ─ global window
 *         ─ hold the end of input until committed ─ coordinator ─ back into commit intervals ─ decisions
 * </pre>
 */
public final class CoordinateInstants
    extends PTransform<PCollection<GenericRecord>, PCollection<IntervalDecision>> {
  private static final long serialVersionUID = 1L;
  private final StartSpec spec;
  private final StreamSettings settings;

  /** The start of the failure when a stream on the FlinkRunner ends with intervals left. */
  public static final String INTERVALS_LEFT_ON_FLINK =
      "The input ended while intervals still waited to start";

  public CoordinateInstants(StartSpec spec, StreamSettings settings) {
    this.spec = spec;
    this.settings = settings;
  }

  @Override
  public PCollection<IntervalDecision> expand(PCollection<GenericRecord> records) {
    KvCoder<String, CountedInterval> intervalsCoder =
        KvCoder.of(StringUtf8Coder.of(), CountedInterval.CountedIntervalCoder.of());
    PCollection<KV<String, CountedInterval>> intervals =
        records
            .apply("Count per bundle", ParDo.of(new ContentPerIntervalFn(settings.sinkId())))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), IntervalContentCoder.of()))
            .apply("Records per interval", Combine.perKey(new SumContent()))
            .apply("Interval", ParDo.of(new IntervalFn()))
            .setCoder(intervalsCoder)
            .apply("Into the global window", Window.into(new GlobalWindows()));
    boolean onFlink = FlinkCheckpointing.isFlinkRunner(records.getPipeline().getOptions());
    if (!onFlink) {
      // At the end of input the hold hands the end of the latest interval to a splittable DoFn
      // that polls the timeline without holding a thread (issue #36), holding the coordinator's
      // input watermark there until the sink is committed through it. See EndOfInputHold. Not on
      // Flink (unchanged, see EndOfInputHold): the coordinator fails the job instead when
      // intervals are left at the end of input (CoordinatorFn#onEndOfInput).
      PCollectionTuple held =
          intervals.apply(
              "Hold the end of input until committed",
              ParDo.of(new EndOfInputHold())
                  .withOutputTags(EndOfInputHold.INTERVALS, TupleTagList.of(EndOfInputHold.WAITS)));
      PCollection<KV<String, CountedInterval>> waited =
          held.get(EndOfInputHold.WAITS)
              .setCoder(VarLongCoder.of())
              .apply(
                  "Wait until committed through the last interval",
                  ParDo.of(new AwaitLastCommitFn(spec, settings)))
              .setCoder(intervalsCoder);
      intervals =
          PCollectionList.of(held.get(EndOfInputHold.INTERVALS).setCoder(intervalsCoder))
              .and(waited)
              .apply("With the wait at the end of input", Flatten.pCollections());
    }
    return intervals
        .apply("Coordinate", ParDo.of(new CoordinatorFn(spec, settings, onFlink)))
        .setCoder(IntervalDecision.IntervalDecisionCoder.of())
        .apply(
            "Back into commit intervals", Window.into(FixedWindows.of(settings.commitInterval())));
  }

  /**
   * Counts and fingerprints a bundle's records per window; one element per window per bundle. The
   * fingerprint of a record is taken from its values as they arrive (before keys are generated).
   */
  static final class ContentPerIntervalFn extends DoFn<GenericRecord, KV<String, IntervalContent>> {
    private static final long serialVersionUID = 1L;
    private final String sinkId;
    private transient Map<BoundedWindow, IntervalContent> contents;
    private transient RecordFingerprints fingerprints;

    ContentPerIntervalFn(String sinkId) {
      this.sinkId = sinkId;
    }

    @Setup
    public void setup() {
      fingerprints = new RecordFingerprints();
    }

    @StartBundle
    public void startBundle() {
      contents = new HashMap<>();
    }

    @ProcessElement
    public void process(@Element GenericRecord record, BoundedWindow window) {
      contents.merge(
          window, IntervalContent.ofRecord(fingerprints.of(record)), IntervalContent::plus);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      contents.forEach(
          (window, content) ->
              context.output(KV.of(sinkId, content), window.maxTimestamp(), window));
      contents = null;
    }
  }

  /** Sums the per-bundle contents of an interval. */
  static final class SumContent
      extends Combine.CombineFn<IntervalContent, IntervalContent, IntervalContent> {
    private static final long serialVersionUID = 1L;

    @Override
    public IntervalContent createAccumulator() {
      return IntervalContent.EMPTY;
    }

    @Override
    public IntervalContent addInput(IntervalContent sum, IntervalContent input) {
      return sum.plus(input);
    }

    @Override
    public IntervalContent mergeAccumulators(Iterable<IntervalContent> sums) {
      IntervalContent total = IntervalContent.EMPTY;
      for (IntervalContent sum : sums) {
        total = total.plus(sum);
      }
      return total;
    }

    @Override
    public IntervalContent extractOutput(IntervalContent sum) {
      return sum;
    }

    @Override
    public Coder<IntervalContent> getAccumulatorCoder(
        CoderRegistry registry, Coder<IntervalContent> inputCoder) {
      return IntervalContentCoder.of();
    }

    @Override
    public Coder<IntervalContent> getDefaultOutputCoder(
        CoderRegistry registry, Coder<IntervalContent> inputCoder) {
      return IntervalContentCoder.of();
    }
  }

  /** The interval (window) of a per-interval content. */
  static final class IntervalFn
      extends DoFn<KV<String, IntervalContent>, KV<String, CountedInterval>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<String, IntervalContent> content,
        BoundedWindow window,
        OutputReceiver<KV<String, CountedInterval>> out) {
      if (!(window instanceof IntervalWindow)) {
        throw new IllegalStateException(
            "A streaming write's records must be in commit-interval windows, not " + window);
      }
      out.output(
          KV.of(
              content.getKey(), new CountedInterval((IntervalWindow) window, content.getValue())));
    }
  }
}
