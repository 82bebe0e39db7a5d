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
package io.hudibeam.services;

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroup;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.ActionInstant;
import io.hudibeam.metadata.CleanFileInfo;
import io.hudibeam.metadata.CleanMetadata;
import io.hudibeam.metadata.CleanerPlan;
import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.metadata.CompactionPlan;
import io.hudibeam.metadata.ReplaceCommitMetadata;
import io.hudibeam.metadatatable.FileListings;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes file slices readers no longer need, as a {@code clean} instant the way Hudi 0.15 does
 * (Hudi's {@code CleanPlanner}, {@code CleanPlanActionExecutor}, {@code CleanActionExecutor}).
 *
 * <p>KEEP_LATEST_COMMITS: the earliest commit to retain is the R-th completed commit from the end
 * ({@code CleanerUtils.getEarliestCommitToRetain}), capped at the last completed commit before the
 * earliest pending write or compaction; nothing is cleaned while there are at most R completed
 * commits. In each file group the latest slice and the latest slice older than the earliest commit
 * to retain are kept, and every other slice older than it loses its base file and log files. File
 * groups replaced by a replacecommit older than the earliest commit to retain are deleted entirely.
 * KEEP_LATEST_FILE_VERSIONS: each file group keeps its newest K slices, and every replaced file
 * group is deleted.
 *
 * <p>Merge-on-read tables are cleaned slice by slice as Hudi 0.15 does: a slice is its base file
 * (if any) and its log files, and a slice to clean loses both; the latest slice of a file group is
 * never cleaned, so its log files stay. A slice a pending compaction (or log compaction) needs is
 * never cleaned: in a file group of a pending compaction's operation, every slice from the
 * operation's base instant on ({@code CleanPlanner.isFileSliceNeededForPendingCompaction}), and
 * KEEP_LATEST_FILE_VERSIONS keeps one version fewer of such a file group's older slices, as Hudi
 * counts the pending compaction's new slice as a version. The new slice itself (base instant the
 * compaction instant, log files Hudi's writers appended after scheduling) is not in the view, since
 * its instant is pending, so it is never cleaned either.
 *
 * <p>As Hudi with its default trigger ({@code hoodie.clean.trigger.strategy=NUM_COMMITS}, {@code
 * hoodie.clean.max.commits=1}), a clean is only planned when a commit completed since the last
 * clean's last completed commit, and a clean instant is only written when it deletes at least one
 * file: {@code C.clean.requested} and {@code C.clean.inflight} hold the Avro plan (absolute paths),
 * {@code C.clean} the Avro clean metadata (file names). Partitions are chosen as Hudi's default
 * incremental mode does ({@code hoodie.cleaner.incremental.mode=true}): after a clean, only those
 * written since its earliest commit to retain. Deviations from Hudi: the plan names only partitions
 * with files to delete, and planning never deletes partitions. Tables with savepoints are refused.
 */
public final class Cleaner {
  private static final Logger LOG = LoggerFactory.getLogger(Cleaner.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final CleanSettings settings;
  private final TimelineWriter timelineWriter;

  public Cleaner(FileSystem fs, TablePaths paths, CleanSettings settings) {
    this.fs = fs;
    this.paths = paths;
    this.settings = settings;
    this.timelineWriter = new TimelineWriter(fs, paths);
  }

  /**
   * Completes the clean instants a crash left pending, then plans a new clean and, when it deletes
   * something, runs it as a new clean instant with a time from {@code generator}. Returns the
   * cleans completed, in order.
   */
  public List<CleanResult> clean(InstantTimeGenerator generator) {
    List<CleanResult> results = new ArrayList<>(resumePending());
    Timeline timeline = Timeline.load(fs, paths);
    Optional<CleanerPlan> plan = plan(timeline);
    if (plan.isPresent()) {
      Instant requested =
          timelineWriter.createRequested(
              generator.next(timeline), Action.CLEAN, plan.get().toBytes());
      results.add(new CleanExecutor(fs, paths, timelineWriter).execute(requested, plan.get()));
    }
    return results;
  }

  /** Completes the clean instants a crash left requested or inflight, oldest first. */
  public List<CleanResult> resumePending() {
    List<CleanResult> results = new ArrayList<>();
    for (Instant pending : Timeline.load(fs, paths).ofAction(Action.CLEAN).pending().instants()) {
      Instant requested = Instant.requested(pending.time(), Action.CLEAN);
      CleanerPlan plan =
          CleanerPlan.fromBytes(timelineWriter.read(requested), requested.fileName());
      LOG.info("Table {}: resuming pending clean {}", paths, pending.time());
      results.add(new CleanExecutor(fs, paths, timelineWriter).execute(pending, plan));
    }
    return results;
  }

  /**
   * The clean plan for the table as {@code timeline} shows it; empty when no commit completed since
   * the last clean or nothing is to be deleted. Reads only.
   */
  public Optional<CleanerPlan> plan(Timeline timeline) {
    checkSupported(timeline);
    Timeline completedCommits = timeline.completedWriteTimeline();
    if (commitsSinceLastClean(timeline, completedCommits) < 1) {
      return Optional.empty();
    }
    Optional<Instant> earliestToRetain = earliestCommitToRetain(timeline);
    boolean keepCommits = settings.policy() == CleaningPolicy.KEEP_LATEST_COMMITS;
    if (keepCommits
        && (earliestToRetain.isEmpty() || completedCommits.size() <= settings.commitsRetained())) {
      return Optional.empty();
    }
    FileListing listing = FileListings.forTable(fs, paths, timeline);
    FileSystemView view =
        FileSystemView.load(
            listing,
            fs,
            paths,
            timeline,
            partitionsToClean(timeline, earliestToRetain.filter(i -> keepCommits), listing));
    Map<FileGroupId, InstantTime> replacedAt = replacedFileGroups(completedCommits);
    Map<FileGroupId, InstantTime> pendingCompactionBase = pendingCompactionBaseInstants(timeline);
    Map<String, List<CleanFileInfo>> filesByPartition = new LinkedHashMap<>();
    for (String partition : view.partitions()) {
      List<String> files = new ArrayList<>();
      Map<FileId, InstantTime> replacedHere = new HashMap<>();
      replacedAt.forEach(
          (id, time) -> {
            if (id.partitionPath().equals(partition)
                && (!keepCommits || time.isBefore(earliestToRetain.get().time()))) {
              replacedHere.put(id.fileId(), time);
            }
          });
      files.addAll(committedFilesOf(partition, replacedHere, completedCommits));
      for (FileGroup group : view.fileGroups(partition)) {
        List<FileSlice> newestFirst = new ArrayList<>(group.slices());
        Collections.reverse(newestFirst);
        Optional<InstantTime> compactionBase =
            Optional.ofNullable(pendingCompactionBase.get(group.id()));
        List<FileSlice> toDelete =
            keepCommits
                ? slicesOutsideRetainedCommits(
                    newestFirst, earliestToRetain.get().time(), compactionBase)
                : slicesBeyondRetainedVersions(
                    newestFirst, settings.fileVersionsRetained(), compactionBase);
        for (FileSlice slice : toDelete) {
          slice.baseFile().ifPresent(b -> files.add(absolutePath(b)));
          slice
              .logFiles()
              .forEach(
                  l -> files.add(new Path(paths.partitionFolder(partition), l.value()).toString()));
        }
      }
      if (!files.isEmpty()) {
        filesByPartition.put(
            partition, files.stream().sorted().map(f -> new CleanFileInfo(f, false)).toList());
      }
    }
    if (filesByPartition.isEmpty()) {
      return Optional.empty();
    }
    ActionInstant earliest =
        keepCommits
            ? new ActionInstant(
                earliestToRetain.get().time().value(),
                earliestToRetain.get().action().value(),
                State.COMPLETED.name())
            : null;
    String lastCompleted = completedCommits.last().map(i -> i.time().value()).orElse("");
    return Optional.of(
        CleanerPlan.of(earliest, lastCompleted, settings.policy(), filesByPartition, List.of()));
  }

  /**
   * KEEP_LATEST_COMMITS's earliest commit to retain, as Hudi's {@code
   * CleanerUtils.getEarliestCommitToRetain}: the R-th completed commit from the end, or, when a
   * write or compaction older than it is pending, the last completed commit before that pending
   * one.
   */
  public Optional<Instant> earliestCommitToRetain(Timeline timeline) {
    if (settings.policy() != CleaningPolicy.KEEP_LATEST_COMMITS) {
      return Optional.empty();
    }
    Timeline writes = timeline.writeTimeline();
    List<Instant> completed = writes.completed().instants();
    if (completed.size() <= settings.commitsRetained()) {
      return Optional.empty();
    }
    Instant nth = completed.get(completed.size() - settings.commitsRetained());
    Optional<Instant> earliestPending = writes.pending().first();
    if (earliestPending.isPresent() && nth.time().isAfter(earliestPending.get().time())) {
      InstantTime pendingTime = earliestPending.get().time();
      return writes.completed().filter(i -> i.time().isBefore(pendingTime)).last();
    }
    return Optional.of(nth);
  }

  /**
   * Partitions to look at, as Hudi's {@code CleanPlanner.getPartitionPathsToClean} with its default
   * incremental mode: for KEEP_LATEST_COMMITS after a clean whose earliest commit to retain E is
   * still on the timeline, only the partitions written by completed commits from E up to (not
   * including) the new earliest commit to retain; otherwise every partition.
   */
  private List<String> partitionsToClean(
      Timeline timeline, Optional<Instant> earliestToRetain, FileListing listing) {
    Optional<Instant> lastClean = timeline.ofAction(Action.CLEAN).completed().last();
    if (earliestToRetain.isEmpty() || lastClean.isEmpty()) {
      return listing.partitions();
    }
    byte[] bytes = timelineWriter.read(lastClean.get());
    String previous =
        bytes.length == 0
            ? ""
            : CleanMetadata.fromBytes(bytes, lastClean.get().fileName()).earliestCommitToRetain();
    Optional<Instant> firstCommit = timeline.filter(i -> i.action().writesData()).first();
    if (previous.isEmpty()
        || firstCommit.map(f -> previous.compareTo(f.time().value()) < 0).orElse(false)) {
      return listing.partitions();
    }
    InstantTime until = earliestToRetain.get().time();
    TreeSet<String> partitions = new TreeSet<>();
    for (Instant commit : timeline.completedWriteTimeline().instants()) {
      if (commit.time().value().compareTo(previous) >= 0 && commit.time().isBefore(until)) {
        partitions.addAll(partitionsWrittenBy(commit));
      }
    }
    return new ArrayList<>(partitions);
  }

  private Set<String> partitionsWrittenBy(Instant commit) {
    byte[] bytes = timelineWriter.read(commit);
    if (commit.action() == Action.REPLACE_COMMIT) {
      ReplaceCommitMetadata metadata = CommitMetadataFormat.decodeReplace(bytes, commit.fileName());
      Set<String> partitions = new TreeSet<>(metadata.partitionToReplaceFileIds().keySet());
      partitions.addAll(metadata.commitMetadata().partitionToWriteStats().keySet());
      return partitions;
    }
    return CommitMetadataFormat.decode(bytes, commit.fileName()).partitionToWriteStats().keySet();
  }

  /**
   * Whether a pending compaction of the slice's file group needs it: the slice's base instant is at
   * or after the operation's base instant (Hudi's {@code isFileSliceNeededForPendingCompaction}).
   */
  private static boolean neededByPendingCompaction(
      FileSlice slice, Optional<InstantTime> compactionBase) {
    return compactionBase.map(base -> !slice.baseInstant().isBefore(base)).orElse(false);
  }

  /**
   * Hudi's {@code getFilesToCleanKeepingLatestVersions} for one file group, slices newest first:
   * the slices a pending compaction needs are left out, the newest {@code versions} of the others
   * are kept (one fewer when a compaction of the file group is pending: its new slice counts), and
   * the rest are cleaned.
   */
  private static List<FileSlice> slicesBeyondRetainedVersions(
      List<FileSlice> newestFirst, int versions, Optional<InstantTime> compactionBase) {
    List<FileSlice> candidates =
        newestFirst.stream().filter(s -> !neededByPendingCompaction(s, compactionBase)).toList();
    int keep = compactionBase.isPresent() ? versions - 1 : versions;
    return candidates.subList(Math.min(Math.max(keep, 0), candidates.size()), candidates.size());
  }

  /** Hudi's {@code getFilesToCleanKeepingLatestCommits} for one file group, slices newest first. */
  private static List<FileSlice> slicesOutsideRetainedCommits(
      List<FileSlice> newestFirst,
      InstantTime earliestToRetain,
      Optional<InstantTime> compactionBase) {
    if (newestFirst.isEmpty()) {
      return List.of();
    }
    InstantTime latest = newestFirst.get(0).baseInstant();
    Optional<InstantTime> latestBeforeRetained =
        newestFirst.stream()
            .map(FileSlice::baseInstant)
            .filter(t -> t.isBefore(earliestToRetain))
            .findFirst();
    List<FileSlice> toDelete = new ArrayList<>();
    for (FileSlice slice : newestFirst) {
      InstantTime time = slice.baseInstant();
      boolean kept = time.equals(latest) || latestBeforeRetained.map(time::equals).orElse(false);
      if (!kept
          && !neededByPendingCompaction(slice, compactionBase)
          && time.isBefore(earliestToRetain)) {
        toDelete.add(slice);
      }
    }
    return toDelete;
  }

  private long commitsSinceLastClean(Timeline timeline, Timeline completedCommits) {
    Optional<Instant> lastClean = timeline.ofAction(Action.CLEAN).completed().last();
    if (lastClean.isEmpty()) {
      return completedCommits.size();
    }
    byte[] bytes = timelineWriter.read(lastClean.get());
    if (bytes.length == 0) {
      return completedCommits.size();
    }
    String last =
        CleanMetadata.fromBytes(bytes, lastClean.get().fileName()).lastCompletedCommitTimestamp();
    return completedCommits.instants().stream()
        .filter(i -> i.time().value().compareTo(last) > 0)
        .count();
  }

  private void checkSupported(Timeline timeline) {
    if (!timeline.ofAction(Action.SAVEPOINT).isEmpty()) {
      throw new HudiTableException(
          String.format(
              "Cannot clean table %s: it has savepoints %s, and cleaning around savepoints is not supported",
              paths, timeline.ofAction(Action.SAVEPOINT).instants()));
    }
  }

  /**
   * File group to the base instant of the operation a pending compaction or log compaction plans
   * for it (Hudi's {@code fgIdToPendingCompactionOperations} and its log-compaction twin), read
   * from the plans in their {@code .requested} files.
   */
  private Map<FileGroupId, InstantTime> pendingCompactionBaseInstants(Timeline timeline) {
    Map<FileGroupId, InstantTime> bases = new HashMap<>();
    for (Instant pending :
        timeline
            .pending()
            .filter(i -> i.action() == Action.COMPACTION || i.action() == Action.LOG_COMPACTION)
            .instants()) {
      Instant requested = Instant.requested(pending.time(), pending.action());
      CompactionPlan plan =
          CompactionPlan.fromBytes(timelineWriter.read(requested), requested.fileName());
      for (CompactionOperation op : plan.operations()) {
        bases.merge(
            FileGroupId.of(op.partitionPath(), FileId.parse(op.fileId())),
            InstantTime.parse(op.baseInstantTime()),
            (a, b) -> a.isBefore(b) ? a : b);
      }
    }
    return bases;
  }

  /** File group to the time of the completed replacecommit that replaced it. */
  private Map<FileGroupId, InstantTime> replacedFileGroups(Timeline completedCommits) {
    Map<FileGroupId, InstantTime> replaced = new HashMap<>();
    for (Instant instant : completedCommits.ofAction(Action.REPLACE_COMMIT).instants()) {
      byte[] bytes = timelineWriter.read(instant);
      if (bytes.length == 0) {
        continue;
      }
      CommitMetadataFormat.decodeReplace(bytes, instant.fileName())
          .partitionToReplaceFileIds()
          .forEach(
              (partition, fileIds) ->
                  fileIds.forEach(
                      fileId ->
                          replaced.putIfAbsent(
                              FileGroupId.of(partition, FileId.parse(fileId)), instant.time())));
    }
    return replaced;
  }

  /** Absolute paths of the committed base and log files of the given file groups of a partition. */
  private List<String> committedFilesOf(
      String partition, Map<FileId, InstantTime> fileIds, Timeline completedCommits) {
    if (fileIds.isEmpty()) {
      return List.of();
    }
    List<String> files = new ArrayList<>();
    Path folder = paths.partitionFolder(partition);
    FileStatus[] statuses;
    try {
      statuses = fs.listStatus(folder);
    } catch (IOException e) {
      throw new HudiTableException("Cannot list partition '" + partition + "' of " + paths, e);
    }
    for (FileStatus status : statuses) {
      String name = status.getPath().getName();
      Optional<BaseFileName> base = BaseFileName.tryParse(name);
      Optional<LogFileName> log = base.isPresent() ? Optional.empty() : LogFileName.tryParse(name);
      FileId fileId =
          base.map(BaseFileName::fileId).orElseGet(() -> log.map(LogFileName::fileId).orElse(null));
      InstantTime instant =
          base.map(BaseFileName::instantTime)
              .orElseGet(() -> log.map(LogFileName::baseInstant).orElse(null));
      if (status.isFile()
          && fileId != null
          && fileIds.containsKey(fileId)
          && completedCommits.containsOrBeforeStart(instant)) {
        files.add(new Path(folder, name).toString());
      }
    }
    return files;
  }

  private String absolutePath(BaseFile file) {
    return new Path(paths.partitionFolder(file.partitionPath()), file.name().value()).toString();
  }
}
