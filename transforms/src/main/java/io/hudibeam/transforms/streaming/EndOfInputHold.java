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

import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.TimeDomain;
import org.apache.beam.sdk.state.Timer;
import org.apache.beam.sdk.state.TimerSpec;
import org.apache.beam.sdk.state.TimerSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.TupleTag;
import org.joda.time.Instant;

/**
 * Keeps the coordinator's input watermark short of the end of time until the sink has committed its
 * last interval, so that a stream whose input ends (a finite source, a drain, bounded input with a
 * triggering frequency) still has every interval committed, one after the other.
 *
 * <p>Why: when the input ends, the watermark jumps to the end of time and the coordinator's global
 * window expires. From then on a runner drops processing-time timers (Beam's {@code
 * StatefulDoFnRunner} skips them for an expired window), so the coordinator could no longer poll
 * the timeline for the previous commit; and event-time timers set from then on fire at once, in the
 * same bundle (the DirectRunner fires timers set during a bundle that sort before a delivered
 * timer, and the window's garbage-collection timer at the end of the global window is delivered
 * too), so a polling loop of event-time timers never lets that bundle's decisions out. Measured on
 * the DirectRunner 2.70: the decision for the first waiting interval was never emitted, and the run
 * hung.
 *
 * <p>How: the interval counts pass through unchanged, keyed by the sink id; an event-time timer at
 * the end of the global window holds this step's output watermark at the end of the latest interval
 * seen, which every earlier interval's "ready" timer in the coordinator is before. When the input
 * ends, that timer fires here and hands the end of the latest interval, at that timestamp, to
 * {@link AwaitLastCommitFn} (output {@link #WAITS}), which holds its own output watermark there and
 * polls the timeline without holding a thread until the sink is committed through that end, or has
 * stalled (and then fails the job). The coordinator reads both outputs, so its input watermark
 * stays at that end meanwhile, and it decides and polls as on a running stream. Until issue #36
 * this timer waited itself, blocking a runner thread: on the DirectRunner (a fixed pool of {@code
 * targetParallelism} worker threads, which also runs its scheduling loop) N tables' waits took N
 * threads, and with 2 tables on 2 threads nothing was committed.
 *
 * <p>Not applied on the FlinkRunner: a wait that blocked ran on the task thread of this step, and
 * Flink completes no checkpoint while a task thread is busy, so the commit step (whose input Flink
 * releases at completed checkpoints) could not commit what this step waited for (measured on Beam
 * 2.70 with Flink 1.19: a finite stream's wait gave up after the heartbeat's allowed age); and a
 * processing-time timer that polls does not run once this step's window is expired ("Ignoring
 * processing-time timer ... since window is too far behind inputWatermark", measured on Flink). On
 * Flink the coordinator fails the job when intervals are left at the end of input (see {@code
 * CoordinatorFn#onEndOfInput}).
 */
final class EndOfInputHold extends DoFn<KV<String, CountedInterval>, KV<String, CountedInterval>> {
  private static final long serialVersionUID = 1L;

  /** The interval counts, unchanged. */
  static final TupleTag<KV<String, CountedInterval>> INTERVALS = new TupleTag<>() {};

  /** The end of the latest interval (millis), once, when the input has ended. */
  static final TupleTag<Long> WAITS = new TupleTag<>() {};

  @StateId("latestEnd")
  private final StateSpec<ValueState<Instant>> latestEndSpec = StateSpecs.value(InstantCoder.of());

  @TimerId("endOfInput")
  private final TimerSpec endOfInputSpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

  @ProcessElement
  public void process(
      @Element KV<String, CountedInterval> interval,
      @StateId("latestEnd") ValueState<Instant> latestEnd,
      @TimerId("endOfInput") Timer endOfInput,
      MultiOutputReceiver out) {
    Instant end = interval.getValue().window().end();
    Instant latest = latestEnd.read();
    if (latest == null || end.isAfter(latest)) {
      latest = end;
      latestEnd.write(latest);
    }
    endOfInput.withOutputTimestamp(latest).set(GlobalWindow.INSTANCE.maxTimestamp());
    out.get(INTERVALS).output(interval);
  }

  @OnTimer("endOfInput")
  public void onEndOfInput(
      @StateId("latestEnd") ValueState<Instant> latestEnd, MultiOutputReceiver out) {
    Instant latest = latestEnd.read();
    if (latest != null) {
      // At the timer's output timestamp, the latest end: AwaitLastCommitFn holds it from here on.
      out.get(WAITS).output(latest.getMillis());
    }
  }
}
