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

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.HistoryCompaction;
import io.hudibeam.timeline.HistoryEntry;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.TimelineHistory;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Archives selected instants of a table version 8 table into its LSM timeline history, in the order
 * of Hudi 1.0's {@code TimelineArchiverV2.archiveIfRequired}: leftover marker folders of the
 * instants go, one level-0 history file with one {@link HistoryEntry} per instant is written and
 * committed ({@link TimelineHistory#append}: file, manifest, {@code _version_}), and only then are
 * the instants' files deleted from {@code .hoodie/timeline}, pending states first, then the
 * completed ones in time order (HUDI-7207).
 *
 * <p>A crash after the history is committed and before the deletes leaves the instants in both
 * places. Hudi's readers take that: the archived timeline ({@code ArchivedTimelineV2}) loads the
 * history into a map keyed by instant time, and the active timeline still has them. The next run
 * selects them again: with the same selection, the same file name is found committed and is not
 * written again ({@code LSMTimelineWriter.write}); with a larger one (more commits since), a new
 * file repeats them, which the archived timeline's map absorbs. Either way the deletes then finish.
 *
 * <p>Last, as Hudi, the history is compacted and cleaned ({@link HistoryCompaction}, Hudi's default
 * batch of 10 files; {@code hoodie.timeline.compaction.batch.size} is not read).
 */
final class HistoryArchiver {
  private static final Logger LOG = LoggerFactory.getLogger(HistoryArchiver.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final TimelineWriter timelineWriter;
  private final TimelineHistory history;
  private final TimelineTimezone timezone;

  HistoryArchiver(FileSystem fs, TablePaths paths, TimelineTimezone timezone) {
    this.fs = fs;
    this.paths = paths;
    this.timelineWriter = new TimelineWriter(fs, paths);
    this.history = new TimelineHistory(fs, paths);
    this.timezone = timezone;
  }

  /** Archives {@code selected} (completed instants, highest state, any order). */
  TimelineArchiver.ArchiveResult archive(List<Instant> selected) {
    if (selected.isEmpty()) {
      return new TimelineArchiver.ArchiveResult(List.of(), Optional.empty());
    }
    Map<String, List<Instant>> byInstant = stateFilesOf(selected);
    List<HistoryEntry> entries = new ArrayList<>();
    for (List<Instant> states : byInstant.values()) {
      deleteMarkers(states.get(0).time());
      entries.add(entryOf(states));
    }
    Optional<Path> file = history.append(entries);
    List<Instant> stateFiles =
        byInstant.values().stream().flatMap(List::stream).collect(Collectors.toList());
    deleteStateFiles(stateFiles);
    List<String> compacted =
        new HistoryCompaction(history, HistoryCompaction.DEFAULT_BATCH_SIZE).compactAndClean();
    LOG.info(
        "Table {}: archived {} instants ({} .. {}) to the LSM history{}{}",
        paths,
        entries.size(),
        entries.get(0).time(),
        entries.get(entries.size() - 1).time(),
        file.map(f -> " file " + f.getName()).orElse(" (committed by an earlier run)"),
        compacted.isEmpty() ? "" : "; compacted into " + compacted);
    return new TimelineArchiver.ArchiveResult(stateFiles, file);
  }

  /** The state files in the timeline folder of each selected instant, by instant time order. */
  private Map<String, List<Instant>> stateFilesOf(List<Instant> selected) {
    List<Instant> sorted = new ArrayList<>(selected);
    sorted.sort(Comparator.naturalOrder());
    Map<String, List<Instant>> byId = new LinkedHashMap<>();
    for (Instant i : sorted) {
      byId.put(idOf(i), new ArrayList<>());
    }
    Path folder = timelineWriter.layout().timelineFolder(paths);
    try {
      for (FileStatus status : fs.listStatus(folder)) {
        if (status.isFile()) {
          Instant.tryParse(status.getPath().getName())
              .filter(i -> byId.containsKey(idOf(i)))
              .ifPresent(i -> byId.get(idOf(i)).add(i));
        }
      }
    } catch (IOException e) {
      throw new HudiTableException("Cannot list the timeline " + folder, e);
    }
    byId.values().removeIf(List::isEmpty); // archived concurrently: as Hudi, skipped
    byId.values().forEach(states -> states.sort(Comparator.comparing(Instant::state)));
    return byId;
  }

  private static String idOf(Instant i) {
    return i.time().value() + "." + i.action().completedAction().value();
  }

  /** {@code MetadataConversionUtils.createLSMTimelineInstant} for one instant's state files. */
  private HistoryEntry entryOf(List<Instant> states) {
    Instant completed = states.get(states.size() - 1);
    if (!completed.isCompleted()) {
      throw new HudiTableException("Only completed instants are archived, not " + completed);
    }
    Optional<Instant> requested = stateOf(states, State.REQUESTED);
    Optional<Instant> inflight = stateOf(states, State.INFLIGHT);
    Action pendingAction =
        requested.or(() -> inflight).map(Instant::action).orElse(completed.action());
    byte[] plan =
        switch (pendingAction) {
          case CLEAN -> requested.or(() -> inflight).map(timelineWriter::read).orElse(null);
          case REPLACE_COMMIT, CLUSTERING ->
              nonEmpty(inflight).or(() -> nonEmpty(requested)).orElse(null);
          case COMPACTION, LOG_COMPACTION -> nonEmpty(requested).orElse(null);
          default -> null;
        };
    return new HistoryEntry(
        completed.time(),
        completed.action(),
        completed.completionTime().orElseGet(() -> modificationTime(completed)),
        timelineWriter.read(completed),
        plan);
  }

  private static Optional<Instant> stateOf(List<Instant> states, State state) {
    return states.stream().filter(i -> i.state() == state).findFirst();
  }

  private Optional<byte[]> nonEmpty(Optional<Instant> state) {
    return state.map(timelineWriter::read).filter(b -> b.length > 0);
  }

  /** A legacy completed file without completion time: Hudi takes its modification time. */
  private InstantTime modificationTime(Instant completed) {
    try {
      long millis = fs.getFileStatus(timelineWriter.pathOf(completed)).getModificationTime();
      return InstantTime.of(
          LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(millis), timezone.zoneId()));
    } catch (IOException e) {
      throw new HudiTableException("Cannot stat " + timelineWriter.pathOf(completed), e);
    }
  }

  private void deleteMarkers(InstantTime time) {
    Path markers = paths.markerFolder(time.value());
    try {
      if (fs.exists(markers)) {
        fs.delete(markers, true);
      }
    } catch (IOException e) {
      throw new HudiTableException("Cannot delete the leftover marker folder " + markers, e);
    }
  }

  private void deleteStateFiles(List<Instant> stateFiles) {
    timelineWriter.delete(
        stateFiles.stream().filter(i -> !i.isCompleted()).collect(Collectors.toList()));
    timelineWriter.delete(
        stateFiles.stream().filter(Instant::isCompleted).sorted().collect(Collectors.toList()));
  }
}
