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
package io.hudibeam.metadatatable;

import io.hudibeam.files.WriteToken;
import io.hudibeam.hfile.Compression;
import io.hudibeam.log.HeaderKey;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.log.LogFileResult;
import io.hudibeam.log.LogFileWriter;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deltacommits on the metadata table (table version 6) at a data instant's time, as Hudi 0.15's
 * {@code HoodieBackedTableMetadataWriter.commitInternal} makes them: an instant already on the
 * metadata timeline at that time (a re-attempt) is undone first; then {@code
 * <instant>.deltacommit.requested} and {@code .inflight}, a new log file of the {@code files} file
 * group's latest slice holding one HFile data block of the records (header INSTANT_TIME = the
 * instant, SCHEMA = {@link MetadataRecords#SCHEMA}, GZ-compressed HFile, as {@code
 * HoodieAppendHandle} writes it), and the completed {@code <instant>.deltacommit} whose write stat
 * names the log file, with operation {@code UPSERT_PREPPED} and the schema in its extra metadata.
 * An update without records is an empty deltacommit (Hudi commits one for a rollback that appended
 * nothing).
 *
 * <p>Undoing a metadata deltacommit (the data instant is rolled back) deletes the log files whose
 * blocks all belong to it and then its state files, newest first. Hudi 0.15 instead rolls the
 * metadata deltacommit back with a rollback instant of its own; both leave no block of the instant
 * behind, which matters because Hudi's metadata reader counts a rolled-back data instant as valid
 * ({@code HoodieTableMetadataUtil.getValidInstantTimestamps}).
 */
final class MetadataDeltaCommits {
  private static final Logger LOG = LoggerFactory.getLogger(MetadataDeltaCommits.class);

  /** The write token of this writer's metadata log files (a single writer task). */
  static final WriteToken WRITE_TOKEN = WriteToken.of(0, 0, 1);

  private final FileSystem fs;
  private final TablePaths metadataPaths;

  MetadataDeltaCommits(FileSystem fs, TablePaths metadataPaths) {
    this.fs = fs;
    this.metadataPaths = metadataPaths;
  }

  /** Writes the deltacommit of {@code instant}; fails naming what it could not do. */
  void write(InstantTime instant, FilesPartitionUpdate update, FilesFileGroup fileGroup) {
    write(instant, update, fileGroup, List.of());
  }

  /**
   * Records for a partition of statistics ({@code column_stats}, {@code partition_stats}): its file
   * groups and the records, built with the deltacommit's record schema.
   */
  record StatsAppend(
      ColumnStatsFileGroups groups,
      java.util.function.Function<Schema, List<GenericRecord>> records) {}

  /**
   * Writes the deltacommit of {@code instant} with the records of {@code stats} (table version 8):
   * one log file per file group that gets records.
   */
  void write(
      InstantTime instant,
      FilesPartitionUpdate update,
      FilesFileGroup fileGroup,
      List<StatsAppend> stats) {
    // MetadataTable undoes an earlier attempt before it locates the file groups; this is the guard.
    if (!undo(instant)) {
      throw new IllegalStateException(
          "Cannot write the metadata deltacommit of "
              + instant
              + " in "
              + metadataPaths
              + ": an earlier attempt's deltacommit shares a log file with other instants");
    }
    TimelineWriter timeline = new TimelineWriter(fs, metadataPaths);
    // The metadata timeline may hold a later instant: table version 8, a metadata compaction at a
    // fresh instant (run at the start of this very write, as Hudi 1.0.2's does); any version, the
    // deltacommit of a concurrent writer's later instant that committed first (optimistic
    // concurrency; Hudi's commitInternal does not order them either). Version 6 never compacts
    // past a pending data instant (validateTimelineBeforeSchedulingCompaction), so this
    // deltacommit is never before a compaction there.
    TableVersion version = version();
    Instant requested =
        timeline.createRequestedNotInOrder(instant, Action.DELTA_COMMIT, new byte[0]);
    Instant inflight = timeline.transitionToInflight(requested, new byte[0]);
    Schema schema = MetadataRecords.schema(version);
    CommitMetadata.Builder metadata =
        CommitMetadata.builder()
            .operationType(OperationType.UPSERT_PREPPED)
            .schema(schema.toString());
    List<GenericRecord> records = update.records(schema);
    if (!records.isEmpty()) {
      metadata.addWriteStat(
          FilesFileGroup.PARTITION, appendLogFile(instant, schema, records, fileGroup));
    }
    for (StatsAppend append : stats) {
      ColumnStatsFileGroups groups = append.groups();
      String partition = groups.folder().getName();
      List<List<GenericRecord>> byGroup = new ArrayList<>();
      groups.groups().forEach(g -> byGroup.add(new ArrayList<>()));
      for (GenericRecord r : append.records().apply(schema)) {
        byGroup.get(ColumnStatsKeys.fileGroupIndex(r.get("key").toString(), byGroup.size())).add(r);
      }
      for (int i = 0; i < byGroup.size(); i++) {
        if (!byGroup.get(i).isEmpty()) {
          metadata.addWriteStat(
              partition,
              appendStatsLogFile(
                  instant, schema, byGroup.get(i), groups.folder(), groups.groups().get(i)));
        }
      }
    }
    timeline.complete(inflight, CommitMetadataFormat.encode(timeline.layout(), metadata.build()));
  }

  private WriteStat appendLogFile(
      InstantTime instant, Schema schema, List<GenericRecord> records, FilesFileGroup fileGroup) {
    boolean v8 = version() == TableVersion.EIGHT;
    String name = fileGroup.nextLogFile(WRITE_TOKEN, instant, v8);
    Path path = new Path(fileGroup.folder(), name);
    LogFileWriter writer = LogFileWriter.create(fs.getConf(), path);
    LogFileResult result;
    try {
      writer.append(LogBlock.hfileData(instant, schema, records, Compression.GZ));
      result = writer.close();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    List<String> logFiles = new ArrayList<>();
    for (FilesFileGroup.LogFile log : fileGroup.logFiles()) {
      if (log.baseInstant().equals(fileGroup.baseInstant())) {
        logFiles.add(log.name());
      }
    }
    logFiles.add(name);
    long size = result.fileSizeBytes();
    return WriteStat.builder()
        .fileId(fileGroup.fileId())
        .path(FilesFileGroup.PARTITION + "/" + name)
        .prevCommit(fileGroup.baseInstant())
        .numWrites(records.size())
        .numUpdateWrites(records.size())
        .totalWriteBytes(size)
        .fileSizeInBytes(size)
        .partitionPath(FilesFileGroup.PARTITION)
        .logAppend(
            new WriteStat.LogAppendStats(
                Integer.parseInt(name.substring(name.indexOf(".log.") + 5, name.lastIndexOf('_'))),
                0,
                fileGroup.baseFile(),
                logFiles))
        .build();
  }

  private WriteStat appendStatsLogFile(
      InstantTime instant,
      Schema schema,
      List<GenericRecord> records,
      Path folder,
      ColumnStatsFileGroups.Group group) {
    String name = group.nextLogFile(WRITE_TOKEN, instant);
    String partition = folder.getName();
    LogFileResult result = writeLogFile(new Path(folder, name), instant, schema, records);
    List<String> logFiles = new ArrayList<>();
    group.logFiles().forEach(l -> logFiles.add(l.name()));
    logFiles.add(name);
    long size = result.fileSizeBytes();
    return WriteStat.builder()
        .fileId(group.fileId())
        .path(partition + "/" + name)
        .prevCommit(group.sliceInstant())
        .numWrites(records.size())
        .numUpdateWrites(records.size())
        .totalWriteBytes(size)
        .fileSizeInBytes(size)
        .partitionPath(partition)
        .logAppend(
            new WriteStat.LogAppendStats(
                Integer.parseInt(name.substring(name.indexOf(".log.") + 5, name.lastIndexOf('_'))),
                0,
                group.baseFile().orElse(""),
                logFiles))
        .build();
  }

  private LogFileResult writeLogFile(
      Path path, InstantTime instant, Schema schema, List<GenericRecord> records) {
    LogFileWriter writer = LogFileWriter.create(fs.getConf(), path);
    try {
      writer.append(LogBlock.hfileData(instant, schema, records, Compression.GZ));
      return writer.close();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  /**
   * Removes the metadata deltacommit of {@code instant}, if the metadata timeline has one: its log
   * files, then its state files. Returns false, changing nothing, when a log file mixes its blocks
   * with other instants' (Hudi appends on file systems that support it), which this writer does not
   * undo.
   */
  boolean undo(InstantTime instant) {
    Timeline timeline = Timeline.load(fs, metadataPaths);
    Optional<Instant> found = timeline.find(instant, Action.DELTA_COMMIT);
    if (found.isEmpty()) {
      return true;
    }
    List<Path> own = new ArrayList<>();
    try {
      for (String partition :
          List.of(
              FilesFileGroup.PARTITION,
              ColumnStatsKeys.PARTITION,
              ColumnStatsKeys.PARTITION_STATS)) {
        Path folder = new Path(metadataPaths.basePath(), partition);
        if (!fs.exists(folder)) {
          continue;
        }
        for (FileStatus status : fs.listStatus(folder)) {
          String name = status.getPath().getName();
          if (!name.startsWith(".") || !name.contains(".log.")) {
            continue;
          }
          List<LogBlock> blocks = LogFileReader.readAll(fs.getConf(), status.getPath());
          long ofInstant =
              blocks.stream()
                  .filter(b -> b.header(HeaderKey.INSTANT_TIME).orElse("").equals(instant.value()))
                  .count();
          if (ofInstant > 0 && ofInstant < blocks.size()) {
            return false;
          }
          if (ofInstant > 0) {
            own.add(status.getPath());
          }
        }
      }
      for (Path path : own) {
        fs.delete(path, false);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot undo metadata deltacommit " + instant, e);
    }
    deleteStateFiles(instant);
    LOG.info(
        "Metadata table {}: undid deltacommit {} (its log files {})", metadataPaths, instant, own);
    return true;
  }

  /**
   * Deletes the state files of the deltacommit {@code instant}, completed first (layout 2 names it
   * with its completion time, {@code <instant>_<completion>.deltacommit}).
   */
  private void deleteStateFiles(InstantTime instant) {
    Path folder = timelineFolder(fs, metadataPaths);
    List<String> order =
        List.of("_", ".deltacommit", ".deltacommit.inflight", ".deltacommit.requested");
    try {
      FileStatus[] statuses = fs.listStatus(folder);
      for (String suffix : order) {
        for (FileStatus status : statuses) {
          String name = status.getPath().getName();
          boolean match =
              suffix.equals("_")
                  ? name.startsWith(instant.value() + "_") && name.endsWith(".deltacommit")
                  : name.equals(instant.value() + suffix);
          if (match) {
            fs.delete(status.getPath(), false);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot delete the state files of " + instant + " in " + folder, e);
    }
  }

  private TableVersion version() {
    return new TableConfigStore(fs, metadataPaths).load().version();
  }

  private static Path timelineFolder(FileSystem fs, TablePaths metadataPaths) {
    return new TimelineWriter(fs, metadataPaths).layout().timelineFolder(metadataPaths);
  }

  /**
   * Completed instant times on the metadata timeline, as written (suffixed ones too): {@code
   * <time>.deltacommit} / {@code <time>.commit}, or in layout 2 {@code
   * <time>_<completion>.<action>}.
   */
  static Set<String> completedInstantTimes(FileSystem fs, TablePaths metadataPaths) {
    return completedInstantTimes(list(timelineFolder(fs, metadataPaths), fs));
  }

  private static Set<String> completedInstantTimes(FileStatus[] timeline) {
    Set<String> times = new java.util.TreeSet<>();
    for (FileStatus status : timeline) {
      Matcher m = COMPLETED.matcher(status.getPath().getName());
      if (m.matches()) {
        times.add(m.group(1));
      }
    }
    return times;
  }

  private static FileStatus[] list(Path folder, FileSystem fs) {
    try {
      return fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
  }

  /**
   * The completed instant times and pending (log) compactions of a metadata timeline, from one
   * listing of it.
   */
  record TimelineFiles(Set<String> completedInstantTimes, List<String> pendingCompactions) {
    TimelineFiles {
      completedInstantTimes =
          java.util.Collections.unmodifiableSortedSet(
              new java.util.TreeSet<>(completedInstantTimes));
      pendingCompactions = List.copyOf(pendingCompactions);
    }
  }

  /**
   * What {@link #completedInstantTimes} and the pending compactions find, from one listing of the
   * timeline of a metadata table of {@code version} (its {@code hoodie.properties} read by the
   * caller): on an object store one LIST, where the two calls make three and read {@code
   * hoodie.properties} three times (docs/object-stores.md).
   */
  static TimelineFiles timelineFiles(
      FileSystem fs, TablePaths metadataPaths, TableVersion version) {
    FileStatus[] timeline = list(TimelineLayout.of(version).timelineFolder(metadataPaths), fs);
    Set<String> completed = completedInstantTimes(timeline);
    return new TimelineFiles(completed, pendingCompactions(timeline, completed));
  }

  private static final Pattern COMPLETED =
      Pattern.compile("^(\\d+)(_\\d+)?\\.(deltacommit|commit)$");

  /** Pending compactions or log compactions on the metadata timeline (this writer runs none). */
  private static List<String> pendingCompactions(FileStatus[] timeline, Set<String> completed) {
    List<String> pending = new ArrayList<>();
    for (FileStatus status : timeline) {
      String name = status.getPath().getName();
      int dot = name.indexOf('.');
      if (dot > 0
          && (name.contains(".compaction.") || name.contains(".logcompaction."))
          && !completed.contains(name.substring(0, dot))) {
        pending.add(name);
      }
    }
    return pending;
  }
}
