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

import io.hudibeam.sink.SinkHeartbeat;
import io.hudibeam.transforms.instant.StartSpec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
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
import org.apache.hadoop.fs.FileSystem;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator: keyed by the sink id, in the global window. State: the intervals waiting for a
 * decision, the end of the last decided interval, the instants this run started and has not seen
 * completed ({@code live}), and whether the poll timer is set.
 */
final class CoordinatorFn extends DoFn<KV<String, CountedInterval>, IntervalDecision> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorFn.class);
  private final StartSpec spec;
  private final StreamSettings settings;
  private final Counter started = Metrics.counter(CoordinateInstants.class, "instantsStarted");
  private final Counter skipped =
      Metrics.counter(CoordinateInstants.class, "committedIntervalsSkipped");
  private final Counter skippedRecords =
      Metrics.counter(CoordinateInstants.class, "replayedRecordsSkipped");
  private final Counter polls = Metrics.counter(CoordinateInstants.class, "timelinePolls");

  /** Decides this instance's intervals against the timeline; made on first use. */
  private transient IntervalDecider decider;

  private transient FileSystem fileSystem;

  /** This instance's hold on the sink; made on first use. */
  private transient SinkClaim sinkClaim;

  private final Counter left =
      Metrics.counter(CoordinateInstants.class, "intervalsLeftAtEndOfInput");

  @StateId("pending")
  private final StateSpec<ValueState<List<CountedInterval>>> pendingSpec =
      StateSpecs.value(ListCoder.of(CountedInterval.CountedIntervalCoder.of()));

  @StateId("eligibleThrough")
  private final StateSpec<ValueState<Instant>> eligibleThroughSpec =
      StateSpecs.value(InstantCoder.of());

  @StateId("decidedThrough")
  private final StateSpec<ValueState<Long>> decidedThroughSpec =
      StateSpecs.value(VarLongCoder.of());

  @StateId("live")
  private final StateSpec<ValueState<List<String>>> liveSpec =
      StateSpecs.value(ListCoder.of(StringUtf8Coder.of()));

  @StateId("waiting")
  private final StateSpec<ValueState<Boolean>> waitingSpec = StateSpecs.value(BooleanCoder.of());

  /**
   * The run id under which this coordinator holds the sink ({@link SinkHeartbeat}): this job's
   * ({@link StreamSettings#runId()}) once claimed, or the run id of the job whose savepoint or
   * checkpoint this state was restored from.
   */
  @StateId("run")
  private final StateSpec<ValueState<String>> runSpec = StateSpecs.value(StringUtf8Coder.of());

  /** While the sink is another run's: that run's last beat when this run first saw it. */
  @StateId("otherRunSeen")
  private final StateSpec<ValueState<Long>> otherRunSeenSpec = StateSpecs.value(VarLongCoder.of());

  /** Refreshes the sink's heartbeat every heartbeat interval once the sink is claimed. */
  @TimerId("beat")
  private final TimerSpec beatSpec = TimerSpecs.timer(TimeDomain.PROCESSING_TIME);

  @TimerId("ready")
  private final TimerSpec readySpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

  @TimerId("poll")
  private final TimerSpec pollSpec = TimerSpecs.timer(TimeDomain.PROCESSING_TIME);

  /**
   * Set only while an interval waits: an event-time timer at the end of time whose output timestamp
   * holds the output watermark at the waiting interval, so its decision is not late for its window
   * (the DirectRunner was measured not to hold the watermark for the poll timer's output
   * timestamp). {@link EndOfInputHold} keeps the input watermark short of it until the sink's last
   * interval is committed, so it fires only if that sink stalled.
   */
  @TimerId("hold")
  private final TimerSpec holdSpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

  /**
   * Whether intervals left at the end of input fail the job (FlinkRunner) instead of being logged
   * (see {@link #onEndOfInput}).
   */
  private final boolean failWhenIntervalsAreLeft;

  CoordinatorFn(StartSpec spec, StreamSettings settings, boolean failWhenIntervalsAreLeft) {
    this.spec = spec;
    this.settings = settings;
    this.failWhenIntervalsAreLeft = failWhenIntervalsAreLeft;
  }

  /**
   * An interval's count arrives when the interval closed; it is decided only once the input
   * watermark has passed it (the "ready" timer), so every earlier interval's count has arrived and
   * the intervals are decided in order, whatever order one bundle holds them in.
   */
  @ProcessElement
  public void process(
      @Element KV<String, CountedInterval> interval,
      @StateId("pending") ValueState<List<CountedInterval>> pending,
      @StateId("eligibleThrough") ValueState<Instant> eligibleThrough,
      @TimerId("ready") Timer ready) {
    List<CountedInterval> waitingIntervals = read(pending);
    waitingIntervals.add(interval.getValue());
    pending.write(waitingIntervals);
    setReady(waitingIntervals, eligibleThrough.read(), ready);
  }

  @OnTimer("ready")
  public void onReady(
      OnTimerContext context,
      @StateId("pending") ValueState<List<CountedInterval>> pending,
      @StateId("eligibleThrough") ValueState<Instant> eligibleThrough,
      @StateId("decidedThrough") ValueState<Long> decidedThrough,
      @StateId("live") ValueState<List<String>> live,
      @StateId("waiting") ValueState<Boolean> waiting,
      @TimerId("ready") Timer ready,
      @TimerId("poll") Timer poll,
      @TimerId("hold") Timer hold,
      @StateId("run") ValueState<String> run,
      @StateId("otherRunSeen") ValueState<Long> otherRunSeen,
      @TimerId("beat") Timer beat,
      OutputReceiver<IntervalDecision> out) {
    Instant through = eligibleThrough.read();
    if (through == null || context.timestamp().isAfter(through)) {
      through = context.timestamp();
      eligibleThrough.write(through);
    }
    List<CountedInterval> waitingIntervals = read(pending);
    setReady(waitingIntervals, through, ready);
    if (Boolean.TRUE.equals(waiting.read())) {
      return; // the poll timer decides, in order, once the previous instant is completed
    }
    if (sinkClaim().holds(run, otherRunSeen, beat, () -> releaseHold(hold))) {
      decide(waitingIntervals, through, decidedThrough, live, out);
    }
    afterDeciding(waitingIntervals, through, pending, waiting, poll, hold);
  }

  @OnTimer("poll")
  public void onPoll(
      @StateId("pending") ValueState<List<CountedInterval>> pending,
      @StateId("eligibleThrough") ValueState<Instant> eligibleThrough,
      @StateId("decidedThrough") ValueState<Long> decidedThrough,
      @StateId("live") ValueState<List<String>> live,
      @StateId("waiting") ValueState<Boolean> waiting,
      @TimerId("poll") Timer poll,
      @TimerId("hold") Timer hold,
      @StateId("run") ValueState<String> run,
      @StateId("otherRunSeen") ValueState<Long> otherRunSeen,
      @TimerId("beat") Timer beat,
      OutputReceiver<IntervalDecision> out) {
    polls.inc();
    Instant through = eligibleThrough.read();
    List<CountedInterval> waitingIntervals = read(pending);
    if (sinkClaim().holds(run, otherRunSeen, beat, () -> releaseHold(hold))) {
      decide(waitingIntervals, through, decidedThrough, live, out);
    }
    afterDeciding(waitingIntervals, through, pending, waiting, poll, hold);
  }

  /**
   * The input ended while intervals still wait: they cannot be decided any more (no timer fires
   * after the end of input). Not on Flink, this happens only when {@link AwaitLastCommitFn} gave up
   * on a stalled sink (which fails the job itself). They are counted ({@code
   * intervalsLeftAtEndOfInput}) and the job fails, so a rerun commits them; never does it finish as
   * if they were written. On the FlinkRunner, where no end-of-input wait can run (see {@link
   * CoordinateInstants#expand}), the job fails too: a finished job (a finite source, {@code flink
   * stop --drain}) completes its final checkpoint, which would commit the source's offsets (Kafka)
   * past records that are in no commit; a failed one is restored from its last completed
   * checkpoint, which still holds them.
   */
  @OnTimer("hold")
  public void onEndOfInput(
      @StateId("pending") ValueState<List<CountedInterval>> pending,
      @StateId("waiting") ValueState<Boolean> waiting,
      @StateId("run") ValueState<String> run,
      @TimerId("poll") Timer poll) {
    List<CountedInterval> waitingIntervals = read(pending);
    if (waitingIntervals.isEmpty()) {
      // Everything this run decided is committed (AwaitLastCommitFn waited for it): the next run of
      // the sink may start at once.
      sinkClaim().release(run);
    }
    if (!waitingIntervals.isEmpty()) {
      left.inc(waitingIntervals.size());
      if (failWhenIntervalsAreLeft) {
        throw new IllegalStateException(
            String.format(
                "%s: table %s, sink %s, intervals %s. On the FlinkRunner these cannot be"
                    + " committed after the input ended (the commit step commits only at completed"
                    + " checkpoints, and no step can wait for them once the watermark is at the end"
                    + " of time), so the job fails rather than finish without them. Stop a stream"
                    + " with a savepoint (flink stop, without --drain) and restore it; a drain"
                    + " completes only when at most the last interval is left, with"
                    + " --enableStableInputDrain=true. A finite input is not supported on Flink.",
                CoordinateInstants.INTERVALS_LEFT_ON_FLINK,
                spec.paths(),
                settings.sinkId(),
                waitingIntervals));
      }
      throw new IllegalStateException(
          String.format(
              "%s: table %s, sink %s, intervals %s. They are not committed; the job fails rather"
                  + " than finish as if they were. Rerun it over the same input (same sink id) to"
                  + " commit them.",
              CoordinateInstants.INTERVALS_LEFT_ON_FLINK,
              spec.paths(),
              settings.sinkId(),
              waitingIntervals));
    }
    pending.clear();
    waiting.clear();
    poll.clear();
  }

  /** Releases the sink if this instance held it ({@link SinkClaim#releaseOnTeardown}). */
  @Teardown
  public void teardown() {
    if (sinkClaim != null) {
      sinkClaim.releaseOnTeardown();
    }
  }

  @OnTimer("beat")
  public void onBeat(@StateId("run") ValueState<String> run, @TimerId("beat") Timer beat) {
    sinkClaim().beat(run, beat);
  }

  private SinkClaim sinkClaim() {
    if (sinkClaim == null) {
      sinkClaim = new SinkClaim(spec, settings, this::fileSystem);
    }
    return sinkClaim;
  }

  /** Sets the ready timer to the earliest interval the watermark has not passed yet, if any. */
  private static void setReady(
      List<CountedInterval> waitingIntervals, Instant eligibleThrough, Timer ready) {
    Instant next = null;
    for (CountedInterval interval : waitingIntervals) {
      Instant t = interval.window().maxTimestamp();
      if ((eligibleThrough == null || t.isAfter(eligibleThrough))
          && (next == null || t.isBefore(next))) {
        next = t;
      }
    }
    if (next != null) {
      ready.set(next);
    }
  }

  private void afterDeciding(
      List<CountedInterval> waitingIntervals,
      Instant eligibleThrough,
      ValueState<List<CountedInterval>> pending,
      ValueState<Boolean> waiting,
      Timer poll,
      Timer hold) {
    // In interval order also when nothing was decided (this run waits for the sink): the poll and
    // the hold take the first interval's timestamp, and no earlier interval may be output later.
    waitingIntervals.sort(Comparator.comparing(interval -> interval.window().start()));
    pending.write(waitingIntervals);
    if (waitingIntervals.isEmpty()
        || !IntervalDecider.eligible(waitingIntervals.get(0), eligibleThrough)) {
      if (Boolean.TRUE.equals(waiting.read())) {
        releaseHold(hold);
        poll.clear();
      }
      waiting.clear();
      return;
    }
    waiting.write(true);
    hold.withOutputTimestamp(waitingIntervals.get(0).window().maxTimestamp())
        .set(GlobalWindow.INSTANCE.maxTimestamp());
    // Poll the timeline; hold the output watermark at the waiting interval, so its decision is
    // not late for its window.
    poll.withOutputTimestamp(waitingIntervals.get(0).window().maxTimestamp())
        .offset(settings.pollInterval())
        .setRelative();
  }

  /**
   * Releases the output watermark held for a waiting interval by re-setting the hold timer with an
   * output timestamp at the end of time, not with {@code Timer.clear()}: Beam 2.70's Flink runner
   * files a timer under its timer family and id but looks it up by id alone when it is cleared
   * ({@code DoFnOperator.FlinkTimerInternals}), so a cleared timer stays set and keeps holding the
   * watermark (measured: the last interval of a stream on Flink was never written, {@code
   * FlinkRunnerStreamingIT}). Re-setting a timer replaces it on every runner. The timer then fires
   * at the end of input, where {@link #onEndOfInput} finds nothing waiting. (A cleared poll timer
   * that still fires on Flink finds nothing waiting either and does nothing.)
   */
  private static void releaseHold(Timer hold) {
    hold.withOutputTimestamp(GlobalWindow.INSTANCE.maxTimestamp())
        .set(GlobalWindow.INSTANCE.maxTimestamp());
  }

  /** The table's file system, resolved once per instance of this function (it polls often). */
  private FileSystem fileSystem() {
    if (fileSystem == null) {
      fileSystem = spec.fileSystem(spec.hadoopConfiguration());
    }
    return fileSystem;
  }

  /** Decides the waiting intervals in order, until one must wait; removes the decided ones. */
  private void decide(
      List<CountedInterval> waitingIntervals,
      Instant eligibleThrough,
      ValueState<Long> decidedThrough,
      ValueState<List<String>> liveState,
      OutputReceiver<IntervalDecision> out) {
    IntervalDecider.Round round =
        decider().decide(waitingIntervals, eligibleThrough, decidedThrough.read(), read(liveState));
    for (IntervalDecider.Decided d : round.decisions()) {
      if (d.decision().isSkip()) {
        skipped.inc();
        skippedRecords.inc(d.decision().records());
      } else {
        started.inc();
      }
      out.outputWithTimestamp(d.decision(), d.timestamp());
    }
    waitingIntervals.clear();
    waitingIntervals.addAll(round.waiting());
    if (round.decidedThrough() != null) {
      decidedThrough.write(round.decidedThrough());
    }
    liveState.write(round.live());
  }

  private IntervalDecider decider() {
    if (decider == null) {
      decider = new IntervalDecider(spec, settings, fileSystem(), Clock.systemUTC());
    }
    return decider;
  }

  private static <V> List<V> read(ValueState<List<V>> state) {
    List<V> value = state.read();
    return value == null ? new ArrayList<>() : new ArrayList<>(value);
  }
}
