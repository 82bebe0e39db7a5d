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
package io.hudibeam.commit;

import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.RequestedReplaceMetadata;
import io.hudibeam.metadata.RollbackMetadata;
import io.hudibeam.metadata.RollbackPartitionMetadata;
import io.hudibeam.metadata.RollbackPlan;
import io.hudibeam.metadata.RollbackRequest;
import io.hudibeam.metadatatable.FilesPartitionUpdate;
import io.hudibeam.metadatatable.MetadataTable;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls back pending (requested or inflight) write instants of a copy-on-write table the way Hudi
 * 0.15 does (Hudi's {@code BaseRollbackPlanActionExecutor}, {@code BaseRollbackActionExecutor}): a
 * new {@code rollback} instant R after every instant on the timeline, {@code R.rollback.requested}
 * holding the Avro plan, an empty {@code R.rollback.inflight}, the data files deleted, the failed
 * instant's requested and inflight files deleted, {@code R.rollback} holding the Avro rollback
 * metadata, and finally the failed instant's marker folder {@code .hoodie/.temp/T} (and heartbeat
 * file, if any) deleted.
 *
 * <p>Which files go: when the failed instant has a marker folder, the data files named by its
 * CREATE and MERGE markers that exist (Hudi's {@code MarkerBasedRollbackStrategy}); when it has
 * none, every base file in the table's partitions whose instant time is the failed instant (the
 * listing fallback, as Hudi's {@code ListingBasedRollbackStrategy} does for copy-on-write). Unlike
 * Hudi, a requested-only instant is planned the same way, so files written before the instant went
 * inflight are not left behind.
 *
 * <p>Merge-on-read: an APPEND marker names a log file. When every block of that file is of the
 * failed instant (always so for this writer, which never appends to an existing log file), the file
 * is deleted, as Hudi 1.0 does. When it also holds other instants' blocks (Hudi 0.15 appends to the
 * latest log file where storage allows it), a rollback command block (Hudi's {@code
 * HoodieCommandBlock}) goes into a new log file of the slice, as Hudi 0.15 does; plans Hudi wrote
 * with log blocks to roll back are executed the same way. An APPEND marker in Hudi 0.14's base-file
 * form makes the rollback fail with a {@link RollbackRefusedException} before anything is deleted.
 * A deltacommit without a marker folder wrote no log file (markers come first), so only its base
 * files are looked for, by listing (and, in table version 8, the log files named with its instant).
 *
 * <p>Table version 8: log files are marked CREATE and named with the deltacommit's own instant, so
 * a failed deltacommit's log files are deleted, as Hudi 1.0 does; no rollback command block is
 * written.
 *
 * <p>Ordering: as Hudi's {@code validateRollbackCommitSequence} (EAGER failed-writes policy), an
 * instant is rolled back only if it is pending, no completed commit, deltacommit or replacecommit
 * is newer unless the instant has a heartbeat file (a writer that lost a write conflict, or died,
 * after another writer committed), and no newer pending write instant (other than clustering)
 * exists. A writer calls {@link #rollbackAllPending} before minting a new instant: it first
 * completes rollbacks a crash left pending, then rolls back every pending write instant, newest
 * first.
 *
 * <p>A file that is already absent when its deletion is attempted (a resumed rollback) counts as
 * deleted.
 */
public final class Rollback {
  private static final Logger LOG = LoggerFactory.getLogger(Rollback.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final TimelineWriter timelineWriter;
  private final RollbackBlocks blocks;

  public Rollback(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
    this.timelineWriter = new TimelineWriter(fs, paths);
    this.blocks = new RollbackBlocks(fs, paths);
  }

  /**
   * Completes every pending rollback instant, then rolls back every pending write instant (commit,
   * deltacommit, replacecommit; not compactions or clustering), newest first, each with a new
   * rollback instant time from {@code generator}. Returns what was done, in order; empty when the
   * timeline had nothing pending.
   */
  public List<RollbackResult> rollbackAllPending(InstantTimeGenerator generator) {
    List<RollbackResult> results = new ArrayList<>(resumePending());
    for (Instant pending : pendingWritesNewestFirst(Timeline.load(fs, paths))) {
      InstantTime rollbackTime = generator.next(Timeline.load(fs, paths));
      results.add(rollback(pending.time(), rollbackTime));
    }
    return results;
  }

  /**
   * Hudi's LAZY failed-writes policy (optimistic concurrency control): completes every pending
   * rollback instant, then rolls back, newest first, the pending write instants (not clustering)
   * that {@code failed} accepts (their heartbeat expired, or they have none), each with a new
   * rollback instant time from {@code generator}. No ordering rule applies, as in Hudi, where
   * {@code validateRollbackCommitSequence} only guards EAGER rollbacks: live writers' instants,
   * older or newer, stay pending, and completed commits may be newer.
   */
  public List<RollbackResult> rollbackFailedLazily(
      Predicate<Instant> failed, InstantTimeGenerator generator) {
    List<RollbackResult> results = new ArrayList<>(resumePending());
    for (Instant pending : pendingWritesNewestFirst(Timeline.load(fs, paths))) {
      if (failed.test(pending)) {
        results.add(rollback(pending.time(), generator.next(Timeline.load(fs, paths)), false));
      }
    }
    return results;
  }

  /** Completes the rollback instants a crash left requested or inflight, oldest first. */
  public List<RollbackResult> resumePending() {
    List<RollbackResult> results = new ArrayList<>();
    for (Instant rollback :
        Timeline.load(fs, paths).ofAction(Action.ROLLBACK).pending().instants()) {
      LOG.info("Table {}: resuming pending rollback {}", paths, rollback.time());
      results.add(execute(rollback, readPlan(rollback)));
    }
    return results;
  }

  /**
   * Rolls back the pending write instant at {@code instantTime} with a new rollback instant at
   * {@code rollbackTime}, which must be after every instant on the timeline. If a pending rollback
   * of that instant exists, it is completed instead and {@code rollbackTime} is not used.
   *
   * @throws RollbackRefusedException if the instant is completed, not a write, or rolling it back
   *     would break the ordering rule, or it needs merge-on-read log handling
   */
  public RollbackResult rollback(InstantTime instantTime, InstantTime rollbackTime) {
    return rollback(instantTime, rollbackTime, true);
  }

  /**
   * As {@link #rollback(InstantTime, InstantTime)} under Hudi's LAZY failed-writes policy: no
   * ordering rule (newer completed or pending instants do not stop it).
   */
  public RollbackResult rollbackLazily(InstantTime instantTime, InstantTime rollbackTime) {
    return rollback(instantTime, rollbackTime, false);
  }

  private RollbackResult rollback(
      InstantTime instantTime, InstantTime rollbackTime, boolean ordered) {
    Timeline timeline = Timeline.load(fs, paths);
    for (Instant rollback : timeline.ofAction(Action.ROLLBACK).pending().instants()) {
      RollbackPlan plan = readPlan(rollback);
      if (plan.instantToRollback().commitTime().equals(instantTime.value())) {
        LOG.info(
            "Table {}: resuming pending rollback {} of {}", paths, rollback.time(), instantTime);
        return execute(rollback, plan);
      }
    }
    Instant pending = checkCanRollBack(timeline, instantTime, ordered);
    RollbackPlan plan = plan(pending);
    Instant requested =
        timelineWriter.createRequested(rollbackTime, Action.ROLLBACK, plan.toBytes());
    return execute(requested, plan);
  }

  /** The pending rollback instant whose plan rolls back {@code instantTime}, if any. */
  public Optional<Instant> pendingRollbackOf(InstantTime instantTime) {
    for (Instant rollback :
        Timeline.load(fs, paths).ofAction(Action.ROLLBACK).pending().instants()) {
      if (readPlan(rollback).instantToRollback().commitTime().equals(instantTime.value())) {
        return Optional.of(rollback);
      }
    }
    return Optional.empty();
  }

  /** The rollback plan of a pending write instant (see {@link RollbackPlanner}). Reads only. */
  public RollbackPlan plan(Instant pending) {
    return new RollbackPlanner(fs, paths, timelineWriter.layout(), blocks).plan(pending);
  }

  private Instant checkCanRollBack(Timeline timeline, InstantTime instantTime, boolean ordered) {
    Instant instant =
        timeline.instants().stream()
            .filter(i -> i.time().equals(instantTime))
            .findFirst()
            .orElseThrow(
                () ->
                    new HudiTableException(
                        String.format(
                            "Cannot roll back instant %s of table %s: it is not on the timeline",
                            instantTime, paths)));
    if (instant.isCompleted()) {
      throw new RollbackRefusedException(
          String.format(
              "Cannot roll back %s of table %s: it is completed; only pending (requested or inflight)"
                  + " instants are rolled back",
              instant, paths));
    }
    if (!instant.action().writesData()) {
      throw new RollbackRefusedException(
          String.format(
              "Cannot roll back %s of table %s: only commit, deltacommit and replacecommit instants are"
                  + " rolled back",
              instant, paths));
    }
    if (!ordered) {
      return instant;
    }
    List<Instant> newerCompleted =
        timeline
            .completed()
            .filter(i -> i.action().writesData() && i.time().isAfter(instantTime))
            .instants();
    if (!newerCompleted.isEmpty()
        && !exists(new Path(paths.heartbeatFolder(), instantTime.value()))) {
      throw new RollbackRefusedException(
          String.format(
              "Cannot roll back %s of table %s: completed instants %s are newer, and Hudi's ordering rule"
                  + " (BaseRollbackActionExecutor.validateRollbackCommitSequence) only rolls back instants"
                  + " with no newer completed commit; failed"
                  + " instants must be rolled back before a newer instant is started",
              instant, paths, newerCompleted));
    }
    List<Instant> newerPending =
        pendingWritesNewestFirst(timeline).stream()
            .filter(i -> i.time().isAfter(instantTime))
            .collect(Collectors.toList());
    if (!newerPending.isEmpty()) {
      throw new RollbackRefusedException(
          String.format(
              "Cannot roll back %s of table %s: newer pending instants %s must be rolled back first",
              instant, paths, newerPending));
    }
    return instant;
  }

  /** Pending commits, deltacommits and replacecommits other than clustering, newest first. */
  private List<Instant> pendingWritesNewestFirst(Timeline timeline) {
    return timeline.pending().instants().stream()
        .filter(i -> i.action().writesData() && !isClustering(i))
        .sorted(Comparator.comparing(Instant::time).reversed())
        .collect(Collectors.toList());
  }

  private boolean isClustering(Instant instant) {
    if (instant.action() != Action.REPLACE_COMMIT) {
      return false;
    }
    Instant requested = Instant.requested(instant.time(), Action.REPLACE_COMMIT);
    if (!exists(timelineWriter.pathOf(requested))) {
      return false;
    }
    byte[] bytes = timelineWriter.read(requested);
    if (bytes.length == 0) {
      return false;
    }
    RequestedReplaceMetadata metadata =
        RequestedReplaceMetadata.fromBytes(bytes, requested.fileName());
    return metadata.hasClusteringPlan() || metadata.operationType() == OperationType.CLUSTER;
  }

  private RollbackPlan readPlan(Instant rollback) {
    Instant requested = Instant.requested(rollback.time(), Action.ROLLBACK);
    return RollbackPlan.fromBytes(timelineWriter.read(requested), requested.fileName());
  }

  private RollbackResult execute(Instant rollback, RollbackPlan plan) {
    InstantTime target = InstantTime.parse(plan.instantToRollback().commitTime());
    Action targetAction = Action.fromValue(plan.instantToRollback().action());
    if (Timeline.load(fs, paths).containsCompleted(target)) {
      throw new RollbackRefusedException(
          String.format(
              "Rollback %s of table %s targets instant %s, which is completed; rolling back completed"
                  + " instants is not supported",
              rollback, paths, target));
    }
    long start = System.currentTimeMillis();
    Instant inflight =
        rollback.state() == State.REQUESTED
            ? timelineWriter.transitionToInflight(rollback, new byte[0])
            : rollback;
    Map<String, List<String>> deleted = new TreeMap<>();
    Map<String, List<String>> failed = new TreeMap<>();
    for (RollbackRequest request : plan.rollbackRequests()) {
      for (String file : request.filesToBeDeleted()) {
        Map<String, List<String>> outcome =
            DataFiles.delete(fs, paths, new Path(file), "rollback") ? deleted : failed;
        outcome.computeIfAbsent(request.partitionPath(), p -> new ArrayList<>()).add(file);
      }
    }
    Map<String, Map<String, Long>> rollbackLogFiles = new TreeMap<>();
    Map<String, Map<String, Long>> failedLogFiles = new TreeMap<>();
    for (RollbackRequest request : plan.rollbackRequests()) {
      if (!request.logBlocksToBeDeleted().isEmpty()) {
        Path written = blocks.appendRollbackBlock(request, rollback.time(), target);
        rollbackLogFiles
            .computeIfAbsent(request.partitionPath(), p -> new TreeMap<>())
            .put(written.toString(), size(written));
        failedLogFiles
            .computeIfAbsent(request.partitionPath(), p -> new TreeMap<>())
            .putAll(request.logBlocksToBeDeleted());
      }
    }
    List<RollbackPartitionMetadata> partitions = new ArrayList<>();
    TreeSet<String> touched = new TreeSet<>(deleted.keySet());
    touched.addAll(failed.keySet());
    touched.addAll(rollbackLogFiles.keySet());
    for (String partition : touched) {
      partitions.add(
          new RollbackPartitionMetadata(
              partition,
              deleted.getOrDefault(partition, List.of()),
              failed.getOrDefault(partition, List.of()),
              rollbackLogFiles.getOrDefault(partition, Map.of()),
              failedLogFiles.getOrDefault(partition, Map.of())));
    }
    RollbackMetadata metadata =
        RollbackMetadata.of(
            rollback.time().value(),
            System.currentTimeMillis() - start,
            List.of(plan.instantToRollback()),
            partitions);
    // Hudi 0.15 BaseRollbackActionExecutor.finishRollback: the metadata table first (the
    // rolled-back
    // instant's metadata deltacommit removed, the rollback's own deltacommit written), then the
    // rollback completes.
    Optional<MetadataTable> metadataTable = MetadataTable.of(fs, paths);
    metadataTable.ifPresent(m -> m.undo(target));
    timelineWriter.delete(
        List.of(Instant.inflight(target, targetAction), Instant.requested(target, targetAction)));
    metadataTable.ifPresent(
        m -> m.update(rollback.time(), FilesPartitionUpdate.ofRollback(metadata)));
    timelineWriter.complete(inflight, metadata.toBytes());
    new MarkerStore(fs, paths, target).deleteAll();
    deleteIfExists(new Path(paths.heartbeatFolder(), target.value()));
    List<String> allDeleted =
        deleted.values().stream().flatMap(List::stream).collect(Collectors.toList());
    List<String> allFailed =
        failed.values().stream().flatMap(List::stream).collect(Collectors.toList());
    LOG.info(
        "Table {}: rollback {} rolled back {} {}: {} files deleted, {} failed",
        paths,
        rollback.time(),
        targetAction.value(),
        target,
        allDeleted.size(),
        allFailed.size());
    return new RollbackResult(rollback.time(), target, targetAction, allDeleted, allFailed);
  }

  private long size(Path path) {
    try {
      return fs.getFileStatus(path).getLen();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the size of " + path, e);
    }
  }

  private void deleteIfExists(Path path) {
    try {
      fs.delete(path, false);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path, e);
    }
  }

  private boolean exists(Path path) {
    try {
      return fs.exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check whether " + path + " exists", e);
    }
  }
}
