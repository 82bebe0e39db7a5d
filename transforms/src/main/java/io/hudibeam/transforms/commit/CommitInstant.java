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
package io.hudibeam.transforms.commit;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.commit.StorageRequests;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.write.AppendHandle;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WriteTransaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.beam.sdk.coders.CannotProvideCoderException;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage 7. Gathers every write stat on one worker (a global combine: one element even for an empty
 * batch) and commits there: files with a marker but no stat are deleted, {@code <T>.commit} is
 * written with the commit metadata and the schema, markers are deleted. The commit step only
 * commits: the table services run after it as steps of their own ({@code
 * io.hudibeam.transforms.services}: "Clean", "Compact inline", "Archive"), on its output.
 * {@code @RequiresStableInput} and idempotent: an instant already completed is not committed again.
 * A streaming write ({@link #perCommitInterval}) commits once per commit interval instead, after a
 * GroupByKey per window on the table's key, and an interval its sink already committed through is
 * rolled back instead of committed (see {@link io.hudibeam.commit.SinkLineage}).
 *
 * <p>An instant already completed is not committed again, but its post-commit steps (marker folder,
 * heartbeat) are finished, and its outcome ({@code ALREADY_COMMITTED}) lets the clean after it run
 * again.
 *
 * <p>With {@code plan} (the write plan of upserts, inserts and deletes), the commit also waits
 * until that view is computed: with no records, nothing else orders the commit after the planner,
 * which moves the instant to inflight, and the two would race on the timeline. The commit logs how
 * many file groups the plan routed to against how many were written. A write of zero records
 * commits an empty instant, as Hudi does with its default {@code hoodie.allow.empty.commit=true}.
 */
public final class CommitInstant
    extends PTransform<PCollection<WriteStat>, PCollection<CommittedInstant>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CommitInstant.class);
  private final CommitSpec spec;
  private final @Nullable PCollectionView<StartedInstant> started;
  private final @Nullable PCollectionView<WritePlan> plan;

  private final @Nullable PCollection<StartedInstant> startedPerInterval;

  public CommitInstant(CommitSpec spec, PCollectionView<StartedInstant> started) {
    this(spec, started, null, null);
  }

  public CommitInstant(
      CommitSpec spec, PCollectionView<StartedInstant> started, PCollectionView<WritePlan> plan) {
    this(spec, started, plan, null);
  }

  private CommitInstant(
      CommitSpec spec,
      @Nullable PCollectionView<StartedInstant> started,
      @Nullable PCollectionView<WritePlan> plan,
      @Nullable PCollection<StartedInstant> perInterval) {
    this.spec = spec;
    this.started = started;
    this.plan = plan;
    this.startedPerInterval = perInterval;
  }

  /**
   * The streaming commit step: one commit per commit interval (window) that started an instant,
   * after a GroupByKey per window on the table's key. {@code startedPerInterval} holds each
   * interval's started instant in that interval's window; it is grouped with the interval's write
   * stats (not read as a side input, see {@link IntervalCommits#commit}).
   */
  public static CommitInstant perCommitInterval(
      CommitSpec spec, PCollection<StartedInstant> startedPerInterval) {
    return new CommitInstant(spec, null, null, startedPerInterval);
  }

  @Override
  public PCollection<CommittedInstant> expand(PCollection<WriteStat> stats) {
    if (startedPerInterval != null) {
      return IntervalCommits.commit(spec, stats, startedPerInterval);
    }
    PCollectionView<StartedInstant> startedView = java.util.Objects.requireNonNull(started);
    return stats
        .apply("Gather write stats", Combine.globally(new GatherFn()))
        .setCoder(ListCoder.of(WriteStatCoder.of()))
        .apply(
            "Commit",
            ParDo.of(new CommitFn(spec, startedView, plan))
                .withSideInputs(plan == null ? List.of(startedView) : List.of(startedView, plan)))
        .setCoder(CommittedInstant.CommittedInstantCoder.of());
  }

  /** Collects write stats into one list. */
  static final class GatherFn
      extends Combine.CombineFn<WriteStat, List<WriteStat>, List<WriteStat>> {
    private static final long serialVersionUID = 1L;

    @Override
    public List<WriteStat> createAccumulator() {
      return new ArrayList<>();
    }

    @Override
    public List<WriteStat> addInput(List<WriteStat> acc, WriteStat stat) {
      acc.add(stat);
      return acc;
    }

    @Override
    public List<WriteStat> mergeAccumulators(Iterable<List<WriteStat>> all) {
      List<WriteStat> merged = new ArrayList<>();
      all.forEach(merged::addAll);
      return merged;
    }

    @Override
    public List<WriteStat> extractOutput(List<WriteStat> acc) {
      return acc;
    }

    @Override
    public Coder<List<WriteStat>> getAccumulatorCoder(
        CoderRegistry registry, Coder<WriteStat> input) throws CannotProvideCoderException {
      return ListCoder.of(WriteStatCoder.of());
    }
  }

  static final class CommitFn extends DoFn<List<WriteStat>, CommittedInstant> {
    private static final long serialVersionUID = 1L;
    private final Committer committer;
    private final PCollectionView<StartedInstant> started;
    private final @Nullable PCollectionView<WritePlan> plan;

    CommitFn(
        CommitSpec spec,
        PCollectionView<StartedInstant> started,
        @Nullable PCollectionView<WritePlan> plan) {
      this.committer = new Committer(spec);
      this.started = started;
      this.plan = plan;
    }

    @RequiresStableInput
    @ProcessElement
    public void process(
        @Element List<WriteStat> stats, OutputReceiver<CommittedInstant> out, ProcessContext c) {
      // The plan orders the commit after the planner (with no records nothing else does); its
      // size goes into the commit's log line.
      int plannedFileGroups = plan == null ? -1 : c.sideInput(plan).buckets().size();
      out.output(committer.commit(stats, c.sideInput(started), plannedFileGroups));
    }
  }

  /** Commits an instant's write stats; shared by the batch and streaming commit steps. */
  public static final class Committer implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final CommitSpec spec;
    private final Counter commits = Metrics.counter(CommitInstant.class, "instantsCommitted");
    private final Counter replays =
        Metrics.counter(CommitInstant.class, "replayedIntervalsSkipped");
    private final Distribution latency = Metrics.distribution(CommitInstant.class, "commitMillis");
    private final Counter storageRequests = Metrics.counter(CommitInstant.class, "storageRequests");

    public Committer(CommitSpec spec) {
      this.spec = spec;
    }

    /**
     * The schema this commit records: the write schema decided when the instant was started (for a
     * delete, which may carry only keys, the table's current schema; readers take the newest
     * commit's schema as the table's).
     */
    private String schemaToRecord(StartedInstant instant) {
      return WriteSchemas.of(instant, spec.schemaJson()).toString();
    }

    /** {@code plannedFileGroups}: the file groups the write plan routed to, or -1 if unknown. */
    public CommittedInstant commit(
        List<WriteStat> stats, StartedInstant instant, int plannedFileGroups) {
      Configuration conf = spec.hadoopConfiguration();
      FileSystem fs = spec.fileSystem(conf);
      InstantHeartbeat heartbeat = InstantHeartbeat.of(spec.paths(), spec.heartbeat(), fs);
      heartbeat.refresh(instant);
      try {
        return commit(stats, instant, plannedFileGroups, conf, fs);
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }

    private CommittedInstant commit(
        List<WriteStat> stats,
        StartedInstant instant,
        int plannedFileGroups,
        Configuration conf,
        FileSystem fs) {
      long start = System.currentTimeMillis();
      Optional<StorageRequests> requestsBefore = StorageRequests.of(fs);
      WriteTransaction transaction = spec.transaction(conf, fs);
      CommittedInstant.Builder summary =
          CommittedInstant.builder()
              .table(spec.table())
              .tableName(instant.tableConfig().name())
              .instantTime(instant.instantTime().value())
              .operation(spec.operationType().format())
              .timelineTimezone(instant.tableConfig().timelineTimezone());
      long inserted = 0;
      long updated = 0;
      long deleted = 0;
      long bytes = 0;
      long logFiles = 0;
      long logBlocks = 0;
      long logRecords = 0;
      for (WriteStat stat : stats) {
        inserted += stat.numInserts();
        updated += stat.numUpdateWrites();
        deleted += stat.numDeletes();
        bytes += stat.totalWriteBytes();
        if (stat.logAppend().isPresent()) {
          logFiles++;
          logBlocks += AppendHandle.blocksWritten(stat);
          logRecords += stat.numWrites() + stat.numDeletes();
        }
      }
      CommitOutcome outcome =
          transaction.commit(instant, spec.operationType(), schemaToRecord(instant), stats);
      if (outcome == CommitOutcome.REPLAY_SKIPPED) {
        replays.inc();
        inserted = 0;
        updated = 0;
        deleted = 0;
        bytes = 0;
        logFiles = 0;
        logBlocks = 0;
        logRecords = 0;
        stats = List.of();
      } else {
        commits.inc();
      }
      // S3A counts its requests; the local file system and HDFS do not (StorageRequests).
      Optional<StorageRequests> requests =
          requestsBefore.flatMap(before -> StorageRequests.of(fs).map(now -> now.since(before)));
      requests.ifPresent(r -> storageRequests.inc(r.total()));
      LOG.info(
          "Table {}: instant {} {}: {} file groups written{}{}",
          spec.paths(),
          instant.instantTime(),
          outcome,
          stats.size(),
          plannedFileGroups < 0 ? "" : " of " + plannedFileGroups + " planned",
          requests.map(r -> "; the commit step made " + r).orElse(""));
      latency.update(System.currentTimeMillis() - start);
      return summary
          .outcome(outcome)
          .recordsInserted(inserted)
          .recordsUpdated(updated)
          .recordsDeleted(deleted)
          .filesWritten(stats.size())
          .bytesWritten(bytes)
          .logFilesWritten(logFiles)
          .logBlocksWritten(logBlocks)
          .logRecordsWritten(logRecords)
          .build();
    }
  }
}
