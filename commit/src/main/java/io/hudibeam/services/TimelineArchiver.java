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

import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileResult;
import io.hudibeam.log.LogFileWriter;
import io.hudibeam.metadata.ActionInstant;
import io.hudibeam.metadata.CleanerPlan;
import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves old instants from the active timeline to {@code .hoodie/archived}, as Hudi 0.15's {@code
 * HoodieTimelineArchiver} does (table version 6).
 *
 * <p>What is archived: when there are more than {@code hoodie.keep.max.commits} completed commits,
 * deltacommits and replacecommits, the oldest of them down to {@code hoodie.keep.min.commits}, but
 * never one at or after: the oldest pending write instant (commit, deltacommit, replacecommit,
 * compaction), less the last completed commit before it, which also stays; a savepoint; for
 * MERGE_ON_READ the deltacommits a compaction still counts ({@code
 * CompactionUtils.getOldestInstantToRetainForCompaction}); a replacecommit the cleaner has not
 * passed ({@code ClusteringUtils.getOldestInstantToRetainForClustering}); the metadata table's last
 * compaction, if the table has one; on a metadata table, anything at or after its data table's
 * earliest commit or pending instant ({@link MetadataTableArchivalBound}). HudiIO adds one bound of
 * its own: when cleaning is automatic with KEEP_LATEST_COMMITS, the cleaner's current earliest
 * commit to retain (with min commits > commits retained, as validated, it never binds unless
 * something pending holds the cleaner back). Completed clean and rollback instants are archived per
 * action the same way (more than max: the oldest down to min). Every state file of an archived
 * instant goes.
 *
 * <p>How: one new log file {@code .commits_.archive.<N>_1-0-1} (N = last version + 1, the token
 * Hudi uses for archive roll-overs) with Avro data blocks of {@code HoodieArchivedMetaEntry}, ten
 * records per block ({@code hoodie.commits.archival.batch}), header SCHEMA only; then leftover
 * marker folders of the archived instants, their requested and inflight files, and last their
 * completed files in time order are deleted. A crash between writing the archive file and deleting
 * the instants leaves them in both places, as with Hudi; the next run archives them again (Hudi's
 * archived timeline loads a set, so the duplicates are harmless). Hudi's merging of small archive
 * files is not done.
 *
 * <p>Table version 8 is archived as Hudi 1.0's {@code TimelineArchiverV2} does: the same commit
 * selection with its differences ({@link HistorySelection}), into the LSM timeline history ({@link
 * HistoryArchiver}).
 */
public final class TimelineArchiver {
  private static final Logger LOG = LoggerFactory.getLogger(TimelineArchiver.class);
  private static final Pattern ARCHIVE_FILE = Pattern.compile("^\\.commits_\\.archive\\.(\\d+)_.*");
  private static final String ARCHIVE_WRITE_TOKEN = "1-0-1";
  private static final int RECORDS_PER_BLOCK = 10;
  private static final DateTimeFormatter INSTANT_FORMAT =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

  private final FileSystem fs;
  private final TablePaths paths;
  private final ArchiveSettings settings;
  private final CleanSettings cleanSettings;
  private final TimelineWriter timelineWriter;

  public TimelineArchiver(
      FileSystem fs, TablePaths paths, ArchiveSettings settings, CleanSettings cleanSettings) {
    this.fs = fs;
    this.paths = paths;
    this.settings = settings;
    this.cleanSettings = cleanSettings;
    this.timelineWriter = new TimelineWriter(fs, paths);
    settings.checkAgainst(cleanSettings);
  }

  /** What one run archived: every state file moved, and the archive file written (if any). */
  public record ArchiveResult(List<Instant> archived, Optional<Path> archiveFile) {
    public boolean isEmpty() {
      return archived.isEmpty();
    }
  }

  /** Archives what Hudi's rules allow; does nothing when nothing qualifies. */
  public ArchiveResult archive() {
    TableConfig config = new TableConfigStore(fs, paths).load();
    if (config.version() == TableVersion.EIGHT) {
      // Hudi 1.0's TimelineArchiverV2: into the LSM timeline history (.hoodie/timeline/history).
      List<Instant> selected = instantsToArchive(Timeline.load(fs, paths), config);
      return new HistoryArchiver(fs, paths, config.timelineTimezone()).archive(selected);
    }
    Timeline timeline = Timeline.load(fs, paths);
    List<Instant> selected = instantsToArchive(timeline, config);
    if (selected.isEmpty()) {
      return new ArchiveResult(List.of(), Optional.empty());
    }
    List<Instant> stateFiles = stateFilesOf(selected);
    List<GenericRecord> entries = new ArrayList<>(stateFiles.size());
    for (Instant file : stateFiles) {
      entries.add(
          ArchivedMetaEntries.of(
              file, timelineWriter.read(file), stateTransitionTime(file, config)));
    }
    Path archiveFile = writeArchiveFile(entries);
    deleteMarkers(selected);
    deleteStateFiles(stateFiles);
    LOG.info(
        "Table {}: archived {} instants ({} .. {}) to {}",
        paths,
        selected.size(),
        selected.get(0).time(),
        selected.get(selected.size() - 1).time(),
        archiveFile.getName());
    return new ArchiveResult(stateFiles, Optional.of(archiveFile));
  }

  /** The instants (highest state, all completed) that {@link #archive()} would archive now. */
  public List<Instant> instantsToArchive(Timeline timeline, TableConfig config) {
    List<Instant> commits = commitsToArchive(timeline, config);
    // A metadata table: nothing at or after its data table's earliest commit or pending instant.
    Optional<InstantTime> dataTableBound = MetadataTableArchivalBound.of(fs, paths);
    if (config.version() == TableVersion.EIGHT) {
      List<Instant> bounded =
          commits.stream()
              .filter(i -> dataTableBound.map(b -> i.time().isBefore(b)).orElse(true))
              .toList();
      List<Instant> selected =
          new ArrayList<>(
              HistorySelection.instantsToArchive(
                  timeline, bounded, metadataTableCompaction(config)));
      dataTableBound.ifPresent(b -> selected.removeIf(i -> !i.time().isBefore(b)));
      return selected;
    }
    List<Instant> selected = new ArrayList<>(cleansAndRollbacksToArchive(timeline));
    selected.addAll(commits);
    Optional<InstantTime> metadataTableBound = metadataTableBound(config);
    if (metadataTableBound.isPresent()) {
      selected.removeIf(i -> !i.time().isBefore(metadataTableBound.get()));
    }
    dataTableBound.ifPresent(b -> selected.removeIf(i -> !i.time().isBefore(b)));
    selected.sort(Comparator.naturalOrder());
    return selected;
  }

  private List<Instant> cleansAndRollbacksToArchive(Timeline timeline) {
    List<Instant> out = new ArrayList<>();
    for (Action action : List.of(Action.CLEAN, Action.ROLLBACK)) {
      List<Instant> completed = timeline.ofAction(action).completed().instants();
      if (completed.size() > settings.maxCommits()) {
        out.addAll(completed.subList(0, completed.size() - settings.minCommits()));
      }
    }
    return out;
  }

  private List<Instant> commitsToArchive(Timeline timeline, TableConfig config) {
    Timeline completed = timeline.completedWriteTimeline();
    if (completed.size() <= settings.maxCommits()) {
      return List.of();
    }
    List<InstantTime> bounds = new ArrayList<>();
    Optional<Instant> oldestPending = timeline.writeTimeline().pending().first();
    if (oldestPending.isPresent()) {
      InstantTime pending = oldestPending.get().time();
      Optional<Instant> before = completed.filter(i -> i.time().isBefore(pending)).last();
      bounds.add(before.map(Instant::time).orElse(pending));
    }
    timeline.ofAction(Action.SAVEPOINT).completed().first().ifPresent(s -> bounds.add(s.time()));
    if (config.tableType() == TableType.MERGE_ON_READ) {
      oldestToRetainForCompaction(timeline).ifPresent(bounds::add);
    }
    oldestToRetainForReplace(timeline).ifPresent(bounds::add);
    if (cleanSettings.automatic() && cleanSettings.policy() == CleaningPolicy.KEEP_LATEST_COMMITS) {
      new Cleaner(fs, paths, cleanSettings)
          .earliestCommitToRetain(timeline)
          .ifPresent(i -> bounds.add(i.time()));
    }
    Optional<InstantTime> bound = bounds.stream().min(Comparator.naturalOrder());
    int limit = completed.size() - settings.minCommits();
    return completed.instants().stream()
        .filter(i -> bound.map(b -> i.time().isBefore(b)).orElse(true))
        .limit(limit)
        .collect(Collectors.toList());
  }

  /**
   * Hudi's {@code CompactionUtils.getOldestInstantToRetainForCompaction} with {@code
   * hoodie.compact.inline.max.delta.commits}.
   */
  private Optional<InstantTime> oldestToRetainForCompaction(Timeline timeline) {
    Optional<Instant> lastCompaction = timeline.ofAction(Action.COMMIT).completed().last();
    List<Instant> deltas = timeline.ofAction(Action.DELTA_COMMIT).instants();
    List<Instant> since;
    InstantTime anchor;
    if (lastCompaction.isPresent()) {
      InstantTime compacted = lastCompaction.get().time();
      since = deltas.stream().filter(d -> d.time().isAfter(compacted)).collect(Collectors.toList());
      anchor = compacted;
    } else if (!deltas.isEmpty()) {
      since = deltas;
      anchor = deltas.get(0).time();
    } else {
      return Optional.empty();
    }
    int max = settings.compactMaxDeltaCommits();
    if (since.size() < max) {
      return Optional.of(anchor);
    }
    return Optional.of(since.get(since.size() - max).time());
  }

  /** Hudi's {@code ClusteringUtils.getOldestInstantToRetainForClustering}. */
  private Optional<InstantTime> oldestToRetainForReplace(Timeline timeline) {
    Timeline replaces = timeline.ofAction(Action.REPLACE_COMMIT);
    if (replaces.isEmpty()) {
      return Optional.empty();
    }
    Optional<InstantTime> oldest;
    Optional<Instant> lastClean = timeline.ofAction(Action.CLEAN).completed().last();
    if (lastClean.isPresent()) {
      Instant requested = Instant.requested(lastClean.get().time(), Action.CLEAN);
      String lowerBound;
      try {
        lowerBound =
            CleanerPlan.fromBytes(timelineWriter.read(requested), requested.fileName())
                .earliestInstant()
                .map(ActionInstant::timestamp)
                .filter(t -> !t.isEmpty())
                .orElse(lastClean.get().time().value());
      } catch (RuntimeException e) {
        lowerBound =
            lastClean.get().time().value(); // no readable plan: as KEEP_LATEST_FILE_VERSIONS
      }
      String bound = lowerBound;
      oldest =
          replaces.filter(i -> i.time().value().compareTo(bound) >= 0).first().map(Instant::time);
    } else {
      oldest = replaces.first().map(Instant::time);
    }
    Optional<Instant> pending = replaces.pending().first();
    if (pending.isPresent()) {
      Optional<Instant> before =
          timeline
              .completedWriteTimeline()
              .filter(i -> i.time().isBefore(pending.get().time()))
              .last();
      if (before.isPresent() && oldest.map(o -> o.isAfter(before.get().time())).orElse(true)) {
        oldest = before.map(Instant::time);
      }
    }
    return oldest;
  }

  /** The metadata table's last compaction: Hudi archives nothing at or after it. */
  private Optional<InstantTime> metadataTableBound(TableConfig config) {
    MetadataTableCompaction metadataTable = metadataTableCompaction(config);
    if (!metadataTable.bindsArchival()) {
      return Optional.empty();
    }
    // No compaction yet on the metadata table: Hudi archives nothing.
    return Optional.of(metadataTable.last().orElse(InstantTime.parse("00000000000000000")));
  }

  private MetadataTableCompaction metadataTableCompaction(TableConfig config) {
    if (config.metadataPartitions().isEmpty()) {
      return MetadataTableCompaction.noMetadataTable();
    }
    TablePaths metadata = TablePaths.of(paths.metadataTableFolder().toString());
    return Timeline.load(fs, metadata)
        .ofAction(Action.COMMIT)
        .completed()
        .last()
        .map(i -> MetadataTableCompaction.lastCompaction(i.time()))
        .orElse(MetadataTableCompaction.notCompactedYet());
  }

  /** Every state file in .hoodie of the selected instants, in time and state order. */
  private List<Instant> stateFilesOf(List<Instant> selected) {
    Map<String, Instant> byId = new TreeMap<>();
    for (Instant i : selected) {
      byId.put(i.time().value() + "." + i.action().completedAction().value(), i);
    }
    List<Instant> files = new ArrayList<>();
    for (FileStatus status : list(paths.metaFolder())) {
      if (!status.isFile()) {
        continue;
      }
      Optional<Instant> parsed = Instant.tryParse(status.getPath().getName());
      if (parsed.isPresent()
          && byId.containsKey(
              parsed.get().time().value()
                  + "."
                  + parsed.get().action().completedAction().value())) {
        files.add(parsed.get());
      }
    }
    files.sort(Comparator.comparing((Instant i) -> i.time()).thenComparing(Instant::state));
    return files;
  }

  private String stateTransitionTime(Instant file, TableConfig config) {
    try {
      long millis = fs.getFileStatus(timelineWriter.pathOf(file)).getModificationTime();
      return LocalDateTime.ofInstant(
              java.time.Instant.ofEpochMilli(millis), config.timelineTimezone().zoneId())
          .format(INSTANT_FORMAT);
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot read the modification time of " + timelineWriter.pathOf(file), e);
    }
  }

  private Path writeArchiveFile(List<GenericRecord> entries) {
    Path folder = paths.archivedFolder();
    int version = 0;
    try {
      fs.mkdirs(folder);
    } catch (IOException e) {
      throw new HudiTableException("Cannot create the archive folder " + folder, e);
    }
    for (FileStatus status : list(folder)) {
      Matcher m = ARCHIVE_FILE.matcher(status.getPath().getName());
      if (m.matches()) {
        version = Math.max(version, Integer.parseInt(m.group(1)));
      }
    }
    Path file = new Path(folder, ".commits_.archive." + (version + 1) + "_" + ARCHIVE_WRITE_TOKEN);
    LogFileWriter writer = LogFileWriter.create(fs.getConf(), file);
    try {
      for (int from = 0; from < entries.size(); from += RECORDS_PER_BLOCK) {
        List<GenericRecord> block =
            entries.subList(from, Math.min(entries.size(), from + RECORDS_PER_BLOCK));
        writer.append(LogBlock.avroRecords(ArchivedMetaEntries.SCHEMA, block));
      }
      LogFileResult result = writer.close();
      return result.path();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  private void deleteMarkers(List<Instant> selected) {
    for (Instant instant : selected) {
      Path markers = paths.markerFolder(instant.time().value());
      try {
        if (fs.exists(markers)) {
          fs.delete(markers, true);
        }
      } catch (IOException e) {
        throw new HudiTableException("Cannot delete the leftover marker folder " + markers, e);
      }
    }
  }

  /**
   * Pending state files first, then completed ones in time order (Hudi's HUDI-7207 order: no
   * holes).
   */
  private void deleteStateFiles(List<Instant> stateFiles) {
    List<Instant> pending =
        stateFiles.stream().filter(i -> i.state() != State.COMPLETED).collect(Collectors.toList());
    List<Instant> completed =
        stateFiles.stream().filter(Instant::isCompleted).collect(Collectors.toList());
    timelineWriter.delete(pending);
    timelineWriter.delete(completed);
  }

  private FileStatus[] list(Path folder) {
    try {
      return fs.exists(folder) ? fs.listStatus(folder) : new FileStatus[0];
    } catch (IOException e) {
      throw new HudiTableException("Cannot list " + folder, e);
    }
  }
}
