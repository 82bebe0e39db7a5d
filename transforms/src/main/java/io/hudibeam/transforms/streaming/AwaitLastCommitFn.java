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
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.time.Clock;
import java.util.Optional;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.values.KV;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wait of {@link EndOfInputHold} once the input has ended: a splittable DoFn that looks at the
 * timeline once per call and, while the sink is not committed through the end of the latest
 * interval (its element), resumes after the poll interval ({@code ProcessContinuation.resume()}, as
 * Beam's {@code Watch} and {@code PeriodicImpulse} poll), holding its output watermark at that end
 * with a manual watermark estimator. Between two looks it holds no runner thread, so the holds of
 * many tables need no more threads than the runner has (issue #36: each table's blocking wait took
 * a DirectRunner worker thread, and two tables on two threads committed nothing). Its resumption is
 * not a timer of an expired window: runners resume a residual restriction whatever the input
 * watermark (the DirectRunner's {@code ProcessFnRunner}, unlike {@code StatefulDoFnRunner}, drops
 * no timer of an expired window). It outputs nothing.
 *
 * <p>A sink that makes no progress (no commit, no pending instant with a live heartbeat, no other
 * run holding it) for a heartbeat's allowed age fails the job, counted in {@code endOfInputStalls},
 * as the wait did when it blocked.
 */
@DoFn.UnboundedPerElement
final class AwaitLastCommitFn extends DoFn<Long, KV<String, CountedInterval>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(AwaitLastCommitFn.class);
  private final StartSpec spec;
  private final StreamSettings settings;
  private final Counter stalls = Metrics.counter(CoordinateInstants.class, "endOfInputStalls");

  AwaitLastCommitFn(StartSpec spec, StreamSettings settings) {
    this.spec = spec;
    this.settings = settings;
  }

  @GetInitialRestriction
  public Waiting initialRestriction() {
    return new Waiting(false, null, System.currentTimeMillis());
  }

  @GetRestrictionCoder
  public Coder<Waiting> restrictionCoder() {
    return WaitingCoder.of();
  }

  @NewTracker
  public WaitTracker newTracker(@Restriction Waiting restriction) {
    return new WaitTracker(restriction);
  }

  @GetInitialWatermarkEstimatorState
  public Instant initialWatermark(@Element Long latestEnd) {
    return new Instant(latestEnd);
  }

  @GetWatermarkEstimatorStateCoder
  public Coder<Instant> watermarkStateCoder() {
    return InstantCoder.of();
  }

  @NewWatermarkEstimator
  public WatermarkEstimators.Manual newWatermarkEstimator(@WatermarkEstimatorState Instant state) {
    return new WatermarkEstimators.Manual(state);
  }

  @ProcessElement
  public ProcessContinuation process(
      @Element Long latestEnd,
      RestrictionTracker<Waiting, Waiting> tracker,
      ManualWatermarkEstimator<Instant> watermark) {
    Instant latest = new Instant(latestEnd);
    // Never ahead of the latest interval's end: the coordinator decides and polls up to it.
    watermark.setWatermark(latest);
    Waiting waiting = tracker.currentRestriction();
    String sinkId = settings.sinkId();
    SinkProgress progress =
        new SinkProgress(
            spec.fileSystem(spec.hadoopConfiguration()),
            spec.paths(),
            spec.heartbeat(),
            Clock.systemUTC());
    SinkProgress.Look look = progress.look(sinkId);
    if (look.committedThrough(latestEnd)) {
      LOG.info(
          "Table {}: the input ended; sink {} is committed through {}",
          spec.paths(),
          sinkId,
          latest);
      tracker.tryClaim(new Waiting(true, null, 0));
      return ProcessContinuation.stop();
    }
    long now = System.currentTimeMillis();
    Optional<Long> seenThrough = Optional.ofNullable(waiting.seenThrough());
    SinkHeartbeat heartbeat =
        new SinkHeartbeat(
            spec.fileSystem(spec.hadoopConfiguration()),
            spec.paths(),
            sinkId,
            spec.heartbeat(),
            Clock.systemUTC());
    Waiting next = waiting;
    if (look.liveInstant()
        || !look.committedThrough().equals(seenThrough)
        || heartbeat.heldByAnotherRun(settings.runId())) {
      // Progress, or this run waits for another run of the sink to end (CoordinatorFn): that
      // run's heartbeat expires, or this run is refused.
      next = new Waiting(false, look.committedThrough().orElse(null), now);
    } else if (now - waiting.lastProgressMillis() > progress.stallAfterMillis()) {
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
              now - waiting.lastProgressMillis(),
              seenThrough.map(t -> new Instant(t).toString()).orElse("nothing"),
              latest,
              HeartbeatSettings.INTERVAL,
              HeartbeatSettings.TOLERABLE_MISSES));
    }
    if (!tracker.tryClaim(next)) {
      return ProcessContinuation.stop();
    }
    return ProcessContinuation.resume().withResumeDelay(settings.pollInterval());
  }

  /**
   * Where a wait stands: done, or how far the sink was committed at the last progress seen and when
   * (wall-clock millis); the restriction is handed from one call to the next.
   */
  record Waiting(boolean done, Long seenThrough, long lastProgressMillis) implements Serializable {}

  /** The coder of {@link Waiting}: its flag, its optional commit bound and its time, in order. */
  static final class WaitingCoder extends AtomicCoder<Waiting> {
    private static final WaitingCoder INSTANCE = new WaitingCoder();
    private static final NullableCoder<Long> SEEN_THROUGH = NullableCoder.of(VarLongCoder.of());

    static WaitingCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(Waiting value, OutputStream out) throws IOException {
      BooleanCoder.of().encode(value.done(), out);
      SEEN_THROUGH.encode(value.seenThrough(), out);
      VarLongCoder.of().encode(value.lastProgressMillis(), out);
    }

    @Override
    public Waiting decode(InputStream in) throws IOException {
      return new Waiting(
          BooleanCoder.of().decode(in), SEEN_THROUGH.decode(in), VarLongCoder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }

  /**
   * Claims the wait's next state; any split is a checkpoint: the current call ends done, the rest
   * of the wait (its last claimed state) is the residual.
   */
  static final class WaitTracker extends RestrictionTracker<Waiting, Waiting> {
    private Waiting current;
    private boolean split;

    WaitTracker(Waiting restriction) {
      this.current = restriction;
    }

    @Override
    public boolean tryClaim(Waiting next) {
      if (split || current.done()) {
        return false;
      }
      current = next;
      return true;
    }

    @Override
    public Waiting currentRestriction() {
      return current;
    }

    @Override
    public SplitResult<Waiting> trySplit(double fractionOfRemainder) {
      if (split || current.done()) {
        return null;
      }
      Waiting rest = current;
      current = new Waiting(true, null, 0);
      split = true;
      return SplitResult.of(current, rest);
    }

    @Override
    public void checkDone() {
      if (!current.done()) {
        throw new IllegalStateException(
            "The end-of-input wait ended neither committed nor checkpointed: " + current);
      }
    }

    @Override
    public IsBounded isBounded() {
      return IsBounded.UNBOUNDED;
    }
  }
}
