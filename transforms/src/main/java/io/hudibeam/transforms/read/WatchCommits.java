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

import io.hudibeam.read.QueryType;
import io.hudibeam.read.ReadPlan;
import io.hudibeam.read.ReadPlanner;
import io.hudibeam.read.ReadQuery;
import io.hudibeam.read.SliceRead;
import io.hudibeam.read.TableCommit;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.transforms.coders.SliceReadCoder;
import java.util.List;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Impulse;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The streaming tail: an unbounded splittable DoFn on one Impulse element whose restriction is the
 * position of the last commit read ({@link TailPosition}). Every poll it lists the timeline and,
 * for each commit after the position in completion order ({@link TableTail#commitsAfter}), claims
 * the commit (moving the position) and outputs the slices holding that commit's record versions,
 * timestamped at the commit's position time, and sets the watermark there. The claim and the
 * outputs of a commit are in one bundle, and a checkpoint stores the position after the last
 * claimed commit, so a job restored from a checkpoint goes on with the next commit: each commit is
 * read once. Compaction and clustering commits move the position and output nothing.
 */
public final class WatchCommits extends PTransform<PBegin, PCollection<SliceRead>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(WatchCommits.class);
  private final ReadSpec spec;
  private final TailStart start;
  private final Duration pollInterval;

  public WatchCommits(ReadSpec spec, TailStart start, Duration pollInterval) {
    this.spec = spec;
    this.start = start;
    this.pollInterval = pollInterval;
  }

  @Override
  public PCollection<SliceRead> expand(PBegin input) {
    return input
        .apply("Impulse", Impulse.create())
        .apply("Watch the timeline", ParDo.of(new WatchFn(spec, start, pollInterval)))
        .setCoder(SliceReadCoder.of())
        .apply("Spread file slices", Reshuffle.viaRandomKey());
  }

  @DoFn.UnboundedPerElement
  static final class WatchFn extends DoFn<byte[], SliceRead> {
    private static final long serialVersionUID = 1L;
    private final ReadSpec spec;
    private final TailStart start;
    private final Duration pollInterval;
    private final Counter commitsRead = Metrics.counter(WatchCommits.class, "commits_read");
    private final Counter commitsSkipped = Metrics.counter(WatchCommits.class, "commits_skipped");

    WatchFn(ReadSpec spec, TailStart start, Duration pollInterval) {
      this.spec = spec;
      this.start = start;
      this.pollInterval = pollInterval;
    }

    @GetInitialRestriction
    public TailPosition initialRestriction() {
      ReadPlanner planner = spec.planner();
      switch (start.strategy()) {
        case LATEST:
          return new TailPosition(planner.tail().latestPosition().orElse(null), false, false);
        case INSTANT:
          return new TailPosition(start.instant(), false, false);
        case EARLIEST:
        default:
          return new TailPosition(null, planner.tail().hasArchivedInstants(), false);
      }
    }

    @GetRestrictionCoder
    public TailPosition.TailPositionCoder restrictionCoder() {
      return TailPosition.TailPositionCoder.of();
    }

    @NewTracker
    public TailTracker newTracker(@Restriction TailPosition restriction) {
      return new TailTracker(restriction);
    }

    @GetInitialWatermarkEstimatorState
    public Instant initialWatermark() {
      return BoundedWindow.TIMESTAMP_MIN_VALUE;
    }

    @NewWatermarkEstimator
    public WatermarkEstimators.Manual newWatermarkEstimator(
        @WatermarkEstimatorState Instant state) {
      return new WatermarkEstimators.Manual(state);
    }

    @ProcessElement
    public ProcessContinuation process(
        RestrictionTracker<TailPosition, TableCommit> tracker,
        ManualWatermarkEstimator<Instant> watermark,
        OutputReceiver<SliceRead> out) {
      ReadPlanner planner = spec.planner();
      TailPosition position = tracker.currentRestriction();
      boolean snapshot = position.snapshotFirst();
      if (!snapshot
          && position.position() != null
          && !planner.tail().isOnActiveTimeline(position.position())) {
        if (!start.snapshotFallback()) {
          throw new HudiTableException(
              String.format(
                  "The streaming read of %s stands at %s, but the commits after it have been"
                      + " archived (the active timeline starts later): their records can no longer"
                      + " be read commit by commit. Restart from 'latest' or from a later instant,"
                      + " or allow the fall back to a snapshot read (withSnapshotFallback)",
                  spec.basePath(), position.position()));
        }
        LOG.warn(
            "The streaming read of {} stands at {}, whose next commits were archived: reading a"
                + " snapshot instead",
            spec.basePath(),
            position.position());
        snapshot = true;
      }
      List<TableCommit> commits =
          planner.tail().commitsAfter(snapshot ? null : position.position());
      if (snapshot && !commits.isEmpty()) {
        TableCommit latest = commits.get(commits.size() - 1);
        if (!tracker.tryClaim(latest)) {
          return ProcessContinuation.stop();
        }
        ReadPlan plan =
            planner.plan(
                new ReadQuery(
                    QueryType.SNAPSHOT, null, null, null, spec.query().partitionFilter()));
        Instant at = timestamp(planner, latest);
        plan.slices().forEach(slice -> out.outputWithTimestamp(slice, at));
        watermark.setWatermark(at);
        LOG.info(
            "Streaming read of {}: snapshot as of {} ({} file slices)",
            spec.basePath(),
            latest.instant(),
            plan.slices().size());
        return ProcessContinuation.resume().withResumeDelay(pollInterval);
      }
      for (TableCommit commit : commits) {
        if (!tracker.tryClaim(commit)) {
          return ProcessContinuation.stop();
        }
        Instant at = timestamp(planner, commit);
        if (planner.tail().wroteRecords(commit)) {
          List<SliceRead> slices =
              planner.planCommit(commit).stream()
                  .filter(
                      s ->
                          spec.query()
                              .partitionFilter()
                              .test(
                                  s.partitionPath(),
                                  planner.config().partitionFields(),
                                  planner.config().hiveStylePartitioning()))
                  .toList();
          slices.forEach(slice -> out.outputWithTimestamp(slice, at));
          commitsRead.inc();
          LOG.info(
              "Streaming read of {}: commit {} ({} file slices)",
              spec.basePath(),
              commit.instant(),
              slices.size());
        } else {
          commitsSkipped.inc();
        }
        watermark.setWatermark(at);
      }
      return ProcessContinuation.resume().withResumeDelay(pollInterval);
    }

    private static Instant timestamp(ReadPlanner planner, TableCommit commit) {
      return new Instant(planner.tail().timeOf(commit.position()).toEpochMilli());
    }
  }
}
