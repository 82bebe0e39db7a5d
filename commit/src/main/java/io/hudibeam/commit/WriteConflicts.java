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

import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.ReplaceCommitMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;

/**
 * Write conflicts as Hudi 0.15's {@code SimpleConcurrentFileWritesConflictResolutionStrategy} finds
 * them: the candidates are the write instants (commit, deltacommit, replacecommit) completed since
 * this instant started, and one conflicts when the file groups it mutated (its write stats' file
 * ids, and for a replacecommit also the file groups it replaced) intersect the file groups this
 * instant writes. A merge from a base file that a newer commit rewrote is such an intersection: the
 * newer commit wrote the same file group.
 *
 * <p>"Completed since this instant started" is the set difference with the completed write instants
 * the start saw ({@link StartedInstant#completedWritesAtStart()}), not a comparison of instant
 * times, so an instant with an older time that completed later is still a candidate. For a started
 * instant that carries no such set, the candidates are the completed write instants newer than it
 * (the weaker rule).
 */
public final class WriteConflicts {
  private final FileSystem fs;
  private final TablePaths paths;

  public WriteConflicts(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /** A file group as commit metadata names it: partition path and file id. */
  public record FileGroupRef(String partitionPath, String fileId)
      implements Comparable<FileGroupRef> {
    @Override
    public int compareTo(FileGroupRef o) {
      int c = partitionPath.compareTo(o.partitionPath);
      return c != 0 ? c : fileId.compareTo(o.fileId);
    }

    @Override
    public String toString() {
      return TablePaths.relativePath(partitionPath, fileId);
    }
  }

  /** A completed instant that wrote file groups this write also wrote. */
  public record Conflict(Instant instant, Set<FileGroupRef> fileGroups) {
    public Conflict {
      fileGroups = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fileGroups));
    }
  }

  /** The first conflicting instant, oldest first; empty when there is none. */
  public Optional<Conflict> find(Timeline timeline, StartedInstant started, CommitMetadata ours) {
    Set<FileGroupRef> mine = fileGroups(ours.writeStats(), Map.of());
    if (mine.isEmpty()) {
      return Optional.empty();
    }
    Optional<Set<InstantTime>> seen = started.completedWritesAtStart();
    for (Instant candidate : timeline.completed().instants()) {
      Action action = candidate.action();
      if (action != Action.COMMIT
          && action != Action.DELTA_COMMIT
          && action != Action.REPLACE_COMMIT) {
        continue;
      }
      if (candidate.time().equals(started.instantTime())) {
        continue;
      }
      boolean isNew =
          seen.map(s -> !s.contains(candidate.time()))
              .orElse(candidate.time().isAfter(started.instantTime()));
      if (!isNew) {
        continue;
      }
      Set<FileGroupRef> theirs = mutatedFileGroups(candidate);
      Set<FileGroupRef> both = new TreeSet<>(theirs);
      both.retainAll(mine);
      both.removeIf(
          group -> builtOn(ours.writeStats(), group, candidate.time(), started.instantTime()));
      if (!both.isEmpty()) {
        return Optional.of(new Conflict(candidate, both));
      }
    }
    return Optional.empty();
  }

  /**
   * Whether every file this write wrote in {@code group} builds on the base file {@code candidate}
   * wrote ({@code prevCommit} is its instant: a merge read that base file, a table version 6 log
   * file is in the slice it starts): then no change of {@code candidate} is lost. This is the case
   * of a compaction that completed after this write started but before it planned (the streaming
   * sink's next interval starts beside the last interval's inline compaction). A version 8 log file
   * names its own instant as {@code prevCommit}, so there the rule never applies.
   *
   * <p>A base file this write made on top of {@code candidate}'s counts only when {@code candidate}
   * is older than this write's instant ({@code ours}): readers take a file group's base file of the
   * greatest instant time, so a base file of ours built on a newer instant's would be hidden by it
   * and this write's changes lost (a write that started before another writer's instant and planned
   * after it completed).
   */
  private static boolean builtOn(
      List<WriteStat> ours, FileGroupRef group, InstantTime candidate, InstantTime instant) {
    boolean any = false;
    for (WriteStat stat : ours) {
      if (group.partitionPath().equals(stat.partitionPath())
          && group.fileId().equals(stat.fileId())) {
        if (!candidate.value().equals(stat.prevCommit())
            || (isBaseFile(stat) && !candidate.isBefore(instant))) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  private static boolean isBaseFile(WriteStat stat) {
    String path = stat.path() == null ? "" : stat.path();
    return LogFileName.tryParse(path.substring(path.lastIndexOf('/') + 1)).isEmpty();
  }

  private Set<FileGroupRef> mutatedFileGroups(Instant completed) {
    byte[] content = new TimelineWriter(fs, paths).read(completed);
    if (content.length == 0) {
      return Set.of();
    }
    if (completed.action() == Action.REPLACE_COMMIT) {
      ReplaceCommitMetadata replace =
          CommitMetadataFormat.decodeReplace(content, completed.fileName());
      return fileGroups(replace.commitMetadata().writeStats(), replace.partitionToReplaceFileIds());
    }
    return fileGroups(
        CommitMetadataFormat.decode(content, completed.fileName()).writeStats(), Map.of());
  }

  private static Set<FileGroupRef> fileGroups(
      List<WriteStat> stats, Map<String, List<String>> replaced) {
    Set<FileGroupRef> groups = new TreeSet<>();
    for (WriteStat stat : stats) {
      if (stat.fileId() != null && !stat.fileId().isEmpty()) {
        groups.add(new FileGroupRef(stat.partitionPath(), stat.fileId()));
      }
    }
    replaced.forEach(
        (partition, ids) -> ids.forEach(id -> groups.add(new FileGroupRef(partition, id))));
    return groups;
  }
}
