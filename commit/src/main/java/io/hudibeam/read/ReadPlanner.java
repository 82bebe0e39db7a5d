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

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.commit.TableSchemas;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.FileListings;
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
import io.hudibeam.timeline.TimelineHistory;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.write.LogMergeOrdering;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Plans reads of one table: which file slices a query reads and what it keeps of them. A plan lists
 * the table through {@link FileListings#forTable} (the metadata table's {@code files} partition
 * when usable, else the folders; Hudi's {@code HoodieMetadataFileSystemView}), latest for every
 * query type: {@link FileSystemView} keeps the files of the instants visible as of the query's.
 *
 * <ul>
 *   <li><b>Snapshot</b>: the latest file slice of every file group in the file-system view ({@link
 *       FileSystemView}: committed slices, replaced file groups hidden), as Hudi's {@code
 *       HoodieTableFileIndex} lists them ({@code getLatestMergedFileSlicesBeforeOrOn} on
 *       merge-on-read, {@code getLatestBaseFilesBeforeOrOn} on copy-on-write).
 *   <li><b>Time travel</b> ({@code asOfInstant}): the same view of the timeline's instants at or
 *       before that instant time (Hudi's {@code TimelineUtils.validateTimestampAsOf} and {@code
 *       findInstantsBeforeOrEquals}).
 *   <li><b>Read-optimized</b>: the base files of the latest slices, no log files.
 *   <li><b>Incremental</b> on table version 6: the completed commits with instant time in {@code
 *       (begin, end]} (Hudi 0.15's {@code IncrementalRelation} and {@code
 *       MergeOnReadIncrementalRelation}: {@code findInstantsInRange}); refused, as Hudi's default
 *       {@code hoodie.read.timeline.holes.resolution.policy=FAIL} refuses it, when an instant
 *       before a completed one is still pending (a "hollow" commit, {@code
 *       TimelineUtils.handleHollowCommitIfNeeded}). On version 8: the completed instants with
 *       completion time in {@code [begin, end]} (Hudi 1.0's {@code IncrementalQueryAnalyzer}, read
 *       by {@code MergeOnReadIncrementalRelationV2}). Either way the file groups those commits
 *       wrote are read as of the end, keeping only the record versions those commits wrote.
 * </ul>
 */
public final class ReadPlanner {
  private final Configuration conf;
  private final FileSystem fs;
  private final TablePaths paths;
  private final TableConfig config;
  private final Timeline timeline;

  private ReadPlanner(Configuration conf, FileSystem fs, TablePaths paths) {
    this.conf = conf;
    this.fs = fs;
    this.paths = paths;
    // A METADATA_ONLY bootstrap's skeleton files are read joined with their source files
    // (FileSliceReader), in every query type.
    this.config = new TableConfigStore(fs, paths).load();
    this.timeline = Timeline.load(fs, paths);
  }

  /** Opens the table at {@code basePath} as it is now (its properties and active timeline). */
  public static ReadPlanner open(Configuration conf, String basePath) {
    TablePaths paths = TablePaths.of(basePath);
    try {
      return new ReadPlanner(conf, paths.basePath().getFileSystem(conf), paths);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the file system of table " + basePath, e);
    }
  }

  public TableConfig config() {
    return config;
  }

  public TablePaths paths() {
    return paths;
  }

  public Timeline timeline() {
    return timeline;
  }

  /** How the table merges record versions ({@code hoodie.record.merge.mode}). */
  public LogMergeOrdering ordering() {
    return LogMergeOrdering.of(config);
  }

  /**
   * The table's schema without meta fields: the latest completed commit's, else the table's create
   * schema (Hudi's {@code TableSchemaResolver}).
   */
  public Schema tableSchema() {
    String json =
        TableSchemas.latest(fs, paths)
            .filter(s -> !s.isEmpty())
            .orElseThrow(
                () ->
                    new HudiTableException(
                        "Table "
                            + paths.basePathString()
                            + " has no schema yet: no completed commit carries one and"
                            + " hoodie.properties has no hoodie.table.create.schema"));
    return MetaFields.withoutMetaFields(new Schema.Parser().parse(json));
  }

  /** The schema records are read in: the table's schema with Hudi's meta fields first. */
  public Schema readerSchema() {
    return MetaFields.withMetaFields(tableSchema());
  }

  public FileSliceReader sliceReader() {
    return new FileSliceReader(conf, paths, readerSchema(), ordering());
  }

  /** The slices {@code query} reads. */
  public ReadPlan plan(ReadQuery query) {
    query.check();
    query.partitionFilter().check(config.partitionFields(), paths.basePathString());
    switch (query.type()) {
      case INCREMENTAL:
        return usesCompletionTime()
            ? incrementalByCompletionTime(query)
            : incrementalByInstantTime(query);
      case READ_OPTIMIZED:
      case SNAPSHOT:
      default:
        Timeline view = timeline;
        if (query.asOfInstant() != null) {
          InstantTime asOf = parse(query.asOfInstant(), "as-of instant");
          view = timeline.filter(i -> !i.time().isAfter(asOf));
        }
        boolean mergeLogs = query.type() == QueryType.SNAPSHOT;
        return new ReadPlan(
            slices(view, query.partitionFilter(), null, mergeLogs, CommitTimeRange.all()),
            latestCompleted(view));
    }
  }

  private boolean usesCompletionTime() {
    return config.version() != TableVersion.SIX;
  }

  private boolean mergesLogs() {
    return config.tableType() == TableType.MERGE_ON_READ;
  }

  private ReadPlan incrementalByInstantTime(ReadQuery query) {
    InstantTime begin = parse(query.beginInstant(), "begin instant");
    Timeline completed = timeline.completedWriteTimeline();
    checkNoHollowCommit(completed);
    InstantTime end =
        query.endInstant() != null
            ? parse(query.endInstant(), "end instant")
            : completed.last().map(Instant::time).orElse(begin);
    List<Instant> inRange =
        completed.instants().stream()
            .filter(i -> i.time().isAfter(begin) && !i.time().isAfter(end))
            .toList();
    Timeline view = timeline.filter(i -> !i.time().isAfter(end));
    boolean archivedInRange = completed.first().map(f -> begin.isBefore(f.time())).orElse(false);
    Set<FileGroupId> touched = archivedInRange ? null : touchedFileGroups(inRange);
    CommitTimeRange range = CommitTimeRange.between(begin.value(), end.value());
    return new ReadPlan(
        slices(view, query.partitionFilter(), touched, mergesLogs(), range), end.value());
  }

  private ReadPlan incrementalByCompletionTime(ReadQuery query) {
    InstantTime begin = parse(query.beginInstant(), "begin instant");
    Timeline completed = timeline.completedWriteTimeline();
    InstantTime end =
        query.endInstant() != null
            ? parse(query.endInstant(), "end instant")
            : completed.instants().stream()
                .map(ReadPlanner::completionOf)
                .max(InstantTime::compareTo)
                .orElse(begin);
    List<Instant> inRange =
        completed.instants().stream()
            .filter(i -> !completionOf(i).isBefore(begin) && !completionOf(i).isAfter(end))
            .toList();
    Set<String> instants = new TreeSet<>();
    inRange.forEach(i -> instants.add(i.time().value()));
    boolean archivedInRange = false;
    for (Map.Entry<InstantTime, InstantTime> archived : archivedCompletionTimes().entrySet()) {
      InstantTime completion = archived.getValue();
      if (!completion.isBefore(begin) && !completion.isAfter(end)) {
        instants.add(archived.getKey().value());
        archivedInRange = true;
      }
    }
    Timeline view = asOfCompletion(end);
    Set<FileGroupId> touched = archivedInRange ? null : touchedFileGroups(inRange);
    return new ReadPlan(
        slices(view, query.partitionFilter(), touched, mergesLogs(), CommitTimeRange.of(instants)),
        end.value());
  }

  /**
   * The timeline as a reader saw it when {@code end} was the latest completion time: instants
   * completed later count as pending.
   */
  private Timeline asOfCompletion(InstantTime end) {
    List<Instant> instants = new ArrayList<>();
    for (Instant i : timeline.instants()) {
      if (i.isCompleted() && completionOf(i).isAfter(end)) {
        instants.add(Instant.of(i.time(), i.action(), State.INFLIGHT));
      } else {
        instants.add(i);
      }
    }
    return Timeline.of(instants);
  }

  private Map<InstantTime, InstantTime> archivedCompletionTimes() {
    TimelineHistory history = new TimelineHistory(fs, paths);
    try {
      if (!fs.exists(history.folder()) || history.allVersions().isEmpty()) {
        return Map.of();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + history.folder(), e);
    }
    return history.completionTimes();
  }

  static InstantTime completionOf(Instant instant) {
    return instant.completionTime().orElse(instant.time());
  }

  /**
   * Hudi's hollow-commit check ({@code TimelineUtils.handleHollowCommitIfNeeded}, policy FAIL): a
   * pending commit, deltacommit or replacecommit with a completed one after it.
   */
  private void checkNoHollowCommit(Timeline completed) {
    Optional<Instant> firstPending =
        timeline.pending().instants().stream()
            .filter(
                i ->
                    i.action() == Action.COMMIT
                        || i.action() == Action.DELTA_COMMIT
                        || i.action() == Action.REPLACE_COMMIT)
            .findFirst();
    if (firstPending.isPresent()
        && completed.instants().stream()
            .anyMatch(i -> i.time().isAfter(firstPending.get().time()))) {
      throw new HudiTableException(
          String.format(
              "Table %s has a pending instant %s with completed instants after it (a hollow commit):"
                  + " an incremental read by instant time could miss its records once it completes."
                  + " Hudi refuses this read too (hoodie.read.timeline.holes.resolution.policy=FAIL);"
                  + " read when the writer has completed or rolled back %s",
              paths.basePathString(), firstPending.get(), firstPending.get().time()));
    }
  }

  /** The file groups the given commits wrote, from their commit metadata. */
  private Set<FileGroupId> touchedFileGroups(List<Instant> commits) {
    TimelineWriter reader = new TimelineWriter(fs, paths);
    Set<FileGroupId> touched = new HashSet<>();
    for (Instant instant : commits) {
      CommitMetadata metadata =
          CommitMetadataFormat.decode(reader.read(instant), instant.fileName());
      for (WriteStat stat : metadata.writeStats()) {
        if (stat.fileId() != null && !stat.fileId().isEmpty()) {
          touched.add(
              FileGroupId.of(
                  stat.partitionPath() == null ? "" : stat.partitionPath(),
                  FileId.parse(stat.fileId())));
        }
      }
    }
    return touched;
  }

  private List<String> partitions(FileListing listing, PartitionFilter filter) {
    List<String> all = listing.partitions();
    if (filter.isAll()) {
      return all;
    }
    return all.stream()
        .filter(p -> filter.test(p, config.partitionFields(), config.hiveStylePartitioning()))
        .toList();
  }

  /**
   * The latest slices of {@code view}'s file groups in the partitions {@code filter} keeps (of
   * {@code touched} only, unless null), each as a {@link SliceRead}; the table listed once, from
   * its current properties and timeline whatever {@code view} is.
   */
  private List<SliceRead> slices(
      Timeline view,
      PartitionFilter filter,
      Set<FileGroupId> touched,
      boolean mergeLogs,
      CommitTimeRange range) {
    FileListing listing = FileListings.forTable(fs, paths, config, timeline);
    List<String> partitions = partitions(listing, filter);
    List<String> read = partitions;
    if (touched != null) {
      Set<String> touchedPartitions = new HashSet<>();
      touched.forEach(id -> touchedPartitions.add(id.partitionPath()));
      read = partitions.stream().filter(touchedPartitions::contains).toList();
    }
    FileSystemView fsView = FileSystemView.load(listing, fs, paths, view, read, config.version());
    CommittedInstants committed = CommittedInstants.of(view);
    List<SliceRead> out = new ArrayList<>();
    for (String partition : fsView.partitions()) {
      for (FileSlice slice : fsView.latestFileSlices(partition)) {
        if (touched != null && !touched.contains(slice.fileGroupId())) {
          continue;
        }
        List<LogFileName> logs = mergeLogs ? slice.logFiles() : List.of();
        if (slice.baseFile().isEmpty() && logs.isEmpty()) {
          continue;
        }
        out.add(sliceRead(slice, logs, range, committed));
      }
    }
    return out;
  }

  private SliceRead sliceRead(
      FileSlice slice, List<LogFileName> logs, CommitTimeRange range, CommittedInstants committed) {
    long bytes = slice.baseFile().map(b -> b.sizeInBytes()).orElse(0L);
    Path folder = paths.partitionFolder(slice.fileGroupId().partitionPath());
    List<String> names = new ArrayList<>();
    for (LogFileName log : logs.stream().sorted().toList()) {
      names.add(log.value());
      try {
        bytes += fs.getFileStatus(new Path(folder, log.value())).getLen();
      } catch (IOException e) {
        // Sized by the base file alone; the reader reports a missing file.
      }
    }
    return new SliceRead(
        slice.fileGroupId().partitionPath(),
        slice.fileGroupId().fileId().value(),
        slice.baseInstant().value(),
        slice.baseFile().map(b -> b.name().value()).orElse(null),
        names,
        bytes,
        range,
        committed);
  }

  private static String latestCompleted(Timeline view) {
    return view.completedWriteTimeline().last().map(i -> i.time().value()).orElse(null);
  }

  private static InstantTime parse(String value, String what) {
    try {
      return InstantTime.parse(value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "The " + what + " '" + value + "' is not an instant time (yyyyMMddHHmmss[SSS]): " + e, e);
    }
  }

  /** The commits a streaming read tails, on the timeline this planner loaded. */
  public TableTail tail() {
    return new TableTail(fs, paths, config, timeline);
  }

  /** The slices holding the records {@code commit} wrote, read as of that commit. */
  public List<SliceRead> planCommit(TableCommit commit) {
    Instant instant =
        timeline.completedWriteTimeline().instants().stream()
            .filter(i -> i.time().value().equals(commit.instant()))
            .findFirst()
            .orElseThrow(
                () ->
                    new HudiTableException(
                        "Instant " + commit.instant() + " is not on the timeline of " + paths));
    Timeline view =
        usesCompletionTime()
            ? asOfCompletion(completionOf(instant))
            : timeline.filter(i -> !i.time().isAfter(instant.time()));
    return slices(
        view,
        PartitionFilter.all(),
        touchedFileGroups(List.of(instant)),
        mergesLogs(),
        CommitTimeRange.of(Set.of(commit.instant())));
  }
}
