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

import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.sink.SinkHeartbeat;
import io.hudibeam.sink.SinkProgress;
import io.hudibeam.transforms.instant.StartSpec;
import java.time.Clock;
import java.util.Optional;
import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
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
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * ends, that timer fires here, and this step waits (polling the timeline, one thread) until the
 * sink is committed through that end, or has stalled (see {@link SinkProgress}), and only then lets
 * the watermark go. The coordinator meanwhile decides and polls as on a running stream. A stalled
 * sink is logged with the intervals it did not commit and counted in {@code endOfInputStalls}.
 *
 * <p>Not applied on the FlinkRunner: the wait runs on the task thread of this step, and Flink
 * completes no checkpoint while a task thread is busy, so the commit step (whose input Flink
 * releases at completed checkpoints) could not commit what this step waits for. Measured on Beam
 * 2.70 with Flink 1.19: a finite stream's wait gave up after the heartbeat's allowed age. A wait
 * that does not block, a processing-time timer that polls and re-sets itself with its output
 * timestamp holding the watermark, does not work either: once this step's input watermark is at the
 * end of time its global window is expired, and Beam's {@code StatefulDoFnRunner.onTimer} ignores
 * processing-time timers of an expired window ("Ignoring processing-time timer ... since window is
 * too far behind inputWatermark"); measured on Flink: the poll timer was set and never ran, and the
 * hold let go at once. On Flink the coordinator fails the job when intervals are left at the end of
 * input (see {@code CoordinatorFn#onEndOfInput}).
 */
final class EndOfInputHold extends DoFn<KV<String, CountedInterval>, KV<String, CountedInterval>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(EndOfInputHold.class);
  private final StartSpec spec;
  private final StreamSettings settings;
  private final Counter stalls = Metrics.counter(CoordinateInstants.class, "endOfInputStalls");

  @StateId("latestEnd")
  private final StateSpec<ValueState<Instant>> latestEndSpec = StateSpecs.value(InstantCoder.of());

  @TimerId("endOfInput")
  private final TimerSpec endOfInputSpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

  EndOfInputHold(StartSpec spec, StreamSettings settings) {
    this.spec = spec;
    this.settings = settings;
  }

  @ProcessElement
  public void process(
      @Element KV<String, CountedInterval> interval,
      @StateId("latestEnd") ValueState<Instant> latestEnd,
      @TimerId("endOfInput") Timer endOfInput,
      OutputReceiver<KV<String, CountedInterval>> out) {
    Instant end = interval.getValue().window().end();
    Instant latest = latestEnd.read();
    if (latest == null || end.isAfter(latest)) {
      latest = end;
      latestEnd.write(latest);
    }
    endOfInput.withOutputTimestamp(latest).set(GlobalWindow.INSTANCE.maxTimestamp());
    out.output(interval);
  }

  @OnTimer("endOfInput")
  public void onEndOfInput(@StateId("latestEnd") ValueState<Instant> latestEnd) {
    Instant latest = latestEnd.read();
    if (latest == null) {
      return;
    }
    SinkProgress progress =
        new SinkProgress(
            spec.fileSystem(spec.hadoopConfiguration()),
            spec.paths(),
            spec.heartbeat(),
            Clock.systemUTC());
    String sinkId = settings.sinkId();
    SinkHeartbeat heartbeat =
        new SinkHeartbeat(
            spec.fileSystem(spec.hadoopConfiguration()),
            spec.paths(),
            sinkId,
            spec.heartbeat(),
            Clock.systemUTC());
    Optional<Long> seenThrough = Optional.empty();
    long lastProgress = System.currentTimeMillis();
    while (true) {
      SinkProgress.Look look = progress.look(sinkId);
      if (look.committedThrough(latest.getMillis())) {
        LOG.info(
            "Table {}: the input ended; sink {} is committed through {}",
            spec.paths(),
            sinkId,
            latest);
        return;
      }
      long now = System.currentTimeMillis();
      if (look.liveInstant()
          || !look.committedThrough().equals(seenThrough)
          || heartbeat.heldByAnotherRun(settings.runId())) {
        // Progress, or this run waits for another run of the sink to end (CoordinatorFn): that
        // run's heartbeat expires, or this run is refused.
        seenThrough = look.committedThrough();
        lastProgress = now;
      } else if (now - lastProgress > progress.stallAfterMillis()) {
        stalls.inc();
        // Never finish as if everything was written: a job that succeeds with intervals left
        // would look complete to its user. Failing it, the rerun (same sink id) commits them.
        throw new IllegalStateException(
            String.format(
                "Table %s: the input ended, but sink %s made no progress for %d ms (no commit, no"
                    + " pending instant with a live heartbeat); it is committed through %s, not"
                    + " through %s: the intervals after that are not committed. Rerun the job over"
                    + " the same input (same sink id) to commit them; if its writes take longer"
                    + " than a heartbeat's allowed age (%s x %s), raise those settings.",
                spec.paths(),
                sinkId,
                now - lastProgress,
                seenThrough.map(t -> new Instant(t).toString()).orElse("nothing"),
                latest,
                HeartbeatSettings.INTERVAL,
                HeartbeatSettings.TOLERABLE_MISSES));
      }
      try {
        Thread.sleep(settings.pollInterval().getMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        LOG.warn(
            "Table {}: interrupted while waiting for sink {} to commit through {}",
            spec.paths(),
            sinkId,
            latest);
        return;
      }
    }
  }
}
