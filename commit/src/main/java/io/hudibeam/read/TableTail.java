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
package io.hudibeam.read;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineHistory;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The commits a streaming read tails, one at a time, and its positions: a position is a commit's
 * completion time on table version 8 and its instant time on version 6 (where completion order is
 * not recorded). {@link ReadPlanner#planCommit} plans the slices of one of them.
 */
public final class TableTail {
  private final FileSystem fs;
  private final TablePaths paths;
  private final TableConfig config;
  private final Timeline timeline;

  TableTail(FileSystem fs, TablePaths paths, TableConfig config, Timeline timeline) {
    this.fs = fs;
    this.paths = paths;
    this.config = config;
    this.timeline = timeline;
  }

  /**
   * The completed commits after {@code position} (exclusive) that wrote records, in the order a
   * tail reads them (version 8: completion time; version 6: instant time, stopping before the first
   * pending instant so a commit that completes later is never skipped). Compaction, clustering
   * (replacecommit with operation {@code cluster}) are listed too, as positions to move past, but
   * wrote no new record versions ({@link #wroteRecords}); clean, rollback and other instants that
   * write no data are not listed. {@code position} null means from the start of the active
   * timeline.
   */
  public List<TableCommit> commitsAfter(String position) {
    Timeline writes = timeline.writeTimeline();
    List<Instant> candidates = new ArrayList<>();
    if (usesCompletionTime()) {
      for (Instant i : writes.completed().instants()) {
        if (position == null || completionOf(i).value().compareTo(position) > 0) {
          candidates.add(i);
        }
      }
      candidates.sort((a, b) -> completionOf(a).compareTo(completionOf(b)));
    } else {
      for (Instant i : writes.instants()) {
        if (position != null && i.time().value().compareTo(position) <= 0) {
          continue;
        }
        if (!i.isCompleted()) {
          if (i.action() == Action.COMPACTION || i.action() == Action.LOG_COMPACTION) {
            continue;
          }
          break;
        }
        candidates.add(i);
      }
    }
    List<TableCommit> commits = new ArrayList<>();
    for (Instant i : candidates) {
      commits.add(new TableCommit(i.time().value(), positionOf(i)));
    }
    return commits;
  }

  /** Whether {@code instant} wrote new record versions (not a compaction or clustering). */
  public boolean wroteRecords(TableCommit commit) {
    Instant instant =
        timeline.completedWriteTimeline().instants().stream()
            .filter(i -> i.time().value().equals(commit.instant()))
            .findFirst()
            .orElseThrow(
                () ->
                    new HudiTableException(
                        "Instant " + commit.instant() + " is not on the timeline of " + paths));
    return wroteRecords(instant, new TimelineWriter(fs, paths));
  }

  private boolean wroteRecords(Instant instant, TimelineWriter reader) {
    CommitMetadata metadata = CommitMetadataFormat.decode(reader.read(instant), instant.fileName());
    OperationType operation = metadata.operationType();
    return operation != OperationType.COMPACT
        && operation != OperationType.LOG_COMPACT
        && operation != OperationType.CLUSTER;
  }

  private String positionOf(Instant instant) {
    return usesCompletionTime() ? completionOf(instant).value() : instant.time().value();
  }

  /** Where a tail starts when it starts at the latest commit: the latest completed one. */
  public Optional<String> latestPosition() {
    List<TableCommit> all = commitsAfter(null);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1).position());
  }

  /**
   * Whether a tail at {@code position} can go on from the active timeline: its next commit has not
   * been archived (the position is at or after the first active write instant, or the table has no
   * archived instants).
   */
  public boolean isOnActiveTimeline(String position) {
    Optional<Instant> first = timeline.completedWriteTimeline().first();
    if (first.isEmpty()) {
      return true;
    }
    String firstPosition = positionOf(first.get());
    return position.compareTo(firstPosition) >= 0 || !hasArchivedInstants();
  }

  /** The wall-clock time of a position or instant time, in the table's timeline time zone. */
  public java.time.Instant timeOf(String position) {
    return InstantTime.parse(position)
        .toLocalDateTime()
        .atZone(config.timelineTimezone().zoneId())
        .toInstant();
  }

  /** Whether instants of the table have been archived out of the active timeline. */
  public boolean hasArchivedInstants() {
    try {
      Path archived =
          usesCompletionTime() ? new TimelineHistory(fs, paths).folder() : paths.archivedFolder();
      if (!fs.exists(archived)) {
        return false;
      }
      return fs.listStatus(archived).length > 0;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the archived timeline of " + paths, e);
    }
  }

  private boolean usesCompletionTime() {
    return config.version() != TableVersion.SIX;
  }

  private static InstantTime completionOf(Instant instant) {
    return ReadPlanner.completionOf(instant);
  }
}
