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

import io.hudibeam.basefile.HFileBaseFileReader;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogBlockType;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The latest slice of one metadata file group that a metadata compaction compacts (one operation of
 * its plan): the {@code files} file group, and on table version 8 every {@code column_stats} and
 * {@code partition_stats} file group with log files in its latest slice (Hudi 1.0.2 plans every
 * metadata partition's file groups, {@code
 * BaseHoodieCompactionPlanGenerator.generateCompactionPlan} keeps the slices with log files).
 *
 * @param partition the metadata partition
 * @param folder the partition folder
 * @param fileId the file group's id
 * @param baseInstant the slice's base instant
 * @param baseFile the slice's base file, absent for a slice of log files only
 * @param logs the slice's log files, oldest first
 * @param files whether the records merge as {@code files} records ({@link FilesSliceMerge}), else
 *     as statistics ({@link StatsSliceMerge})
 */
record CompactionSlice(
    String partition,
    Path folder,
    String fileId,
    String baseInstant,
    Optional<String> baseFile,
    List<FilesFileGroup.LogFile> logs,
    boolean files) {

  /** A slice's records merged, with what the write stat counts. */
  record Merged(List<GenericRecord> records, int logRecords, long logBytes, int blocks) {}

  /** What {@link #merge} found: the merged slice, or why it cannot be merged. */
  record Result(Optional<Merged> merged, String reason) {}

  /** The {@code files} file group's slice. */
  static CompactionSlice ofFiles(FilesFileGroup group, TableVersion version, Timeline metadata) {
    List<FilesFileGroup.LogFile> logs =
        version == TableVersion.SIX
            ? group.logFiles().stream()
                .filter(l -> l.baseInstant().equals(group.baseInstant()))
                .sorted(Comparator.comparingInt(FilesFileGroup.LogFile::version))
                .toList()
            : byCompletionTime(Optional.of(group.baseInstant()), group.logFiles(), metadata);
    return new CompactionSlice(
        FilesFileGroup.PARTITION,
        group.folder(),
        group.fileId(),
        group.baseInstant(),
        Optional.of(group.baseFile()),
        logs,
        true);
  }

  /** Table version 8: the slices with log files of a partition of statistics. */
  static List<CompactionSlice> ofStats(ColumnStatsFileGroups groups, Timeline metadata) {
    List<CompactionSlice> slices = new ArrayList<>();
    for (ColumnStatsFileGroups.Group group : groups.groups()) {
      List<FilesFileGroup.LogFile> logs =
          byCompletionTime(group.baseInstant(), group.logFiles(), metadata);
      if (!logs.isEmpty()) {
        slices.add(
            new CompactionSlice(
                groups.folder().getName(),
                groups.folder(),
                group.fileId(),
                group.sliceInstant(),
                group.baseFile(),
                logs,
                false));
      }
    }
    return slices;
  }

  /**
   * Table version 8: the log files of the latest slice are those whose deltacommit (the instant in
   * the name) completed at or after the slice's base instant ({@code
   * HoodieFileGroup.getBaseInstantTime}, Hudi 1.0.2), in completion order; log files of
   * deltacommits not completed are not compacted. Without a base file every completed one.
   */
  private static List<FilesFileGroup.LogFile> byCompletionTime(
      Optional<String> baseInstant, List<FilesFileGroup.LogFile> logFiles, Timeline metadata) {
    Map<String, InstantTime> completions = new HashMap<>();
    for (Instant delta : metadata.ofAction(Action.DELTA_COMMIT).completed().instants()) {
      delta.completionTime().ifPresent(t -> completions.put(delta.time().value(), t));
    }
    Optional<InstantTime> base = baseInstant.map(InstantTime::parse);
    return logFiles.stream()
        .filter(
            l -> {
              InstantTime completion = completions.get(l.baseInstant());
              return completion != null && base.map(b -> !completion.isBefore(b)).orElse(true);
            })
        .sorted(
            Comparator.comparing((FilesFileGroup.LogFile l) -> completions.get(l.baseInstant()))
                .thenComparingInt(FilesFileGroup.LogFile::version))
        .toList();
  }

  /**
   * Reads and merges the slice as of compaction instant {@code compaction}: blocks of instants the
   * metadata timeline has not completed are skipped, as Hudi's log scanner skips them. Empty, with
   * the reason, when a log file holds a block this writer does not merge.
   */
  Result merge(FileSystem fs, Schema schema, InstantTime compaction, Timeline completedMetadata) {
    return merge(
        fs,
        schema,
        instant ->
            !instant.isAfter(compaction) && completedMetadata.containsOrBeforeStart(instant));
  }

  /**
   * Reads and merges the slice, taking the log blocks whose instant {@code readable} accepts (the
   * others are skipped, as Hudi's log scanner skips blocks outside its instant range). Empty, with
   * the reason, when a log file holds a block this writer does not merge. The log files' sizes are
   * not read ({@link Merged#logBytes} is 0): a listing needs only the records.
   */
  Result merge(FileSystem fs, Schema schema, Predicate<InstantTime> readable) {
    return merge(fs, schema, readable, false);
  }

  private Result merge(
      FileSystem fs, Schema schema, Predicate<InstantTime> readable, boolean measureLogs) {
    List<GenericRecord> logRecords = new ArrayList<>();
    long logBytes = 0;
    int blocks = 0;
    for (FilesFileGroup.LogFile log : logs) {
      Path path = new Path(folder, log.name());
      if (measureLogs) {
        try {
          logBytes += fs.getFileStatus(path).getLen();
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot read the size of " + path, e);
        }
      }
      for (LogBlock block : LogFileReader.readAll(fs.getConf(), path)) {
        if (block.type() == LogBlockType.DELETE_BLOCK && block.deleteRecords().isEmpty()) {
          // Hudi 0.15 opens each metadata log file with an empty delete block
          // (HoodieBackedTableMetadataWriter.initializeFileGroups): nothing to merge.
          continue;
        }
        if (block.type() != LogBlockType.HFILE_DATA_BLOCK) {
          return new Result(
              Optional.empty(),
              "log file "
                  + path
                  + " holds a "
                  + block.type()
                  + " (this writer merges only HFile data blocks and empty delete blocks)");
        }
        InstantTime instant = block.instantTime();
        if (!readable.test(instant)) {
          continue; // Hudi's log scanner skips blocks of instants not completed
        }
        blocks++;
        logRecords.addAll(block.records(schema));
      }
    }
    List<GenericRecord> baseRecords = new ArrayList<>();
    if (baseFile.isPresent()) {
      Path basePath = new Path(folder, baseFile.get());
      try (HFileBaseFileReader reader = HFileBaseFileReader.open(fs.getConf(), basePath)) {
        reader.records(schema).forEachRemaining(baseRecords::add);
      }
    }
    List<GenericRecord> merged =
        files
            ? FilesSliceMerge.merge(baseRecords, logRecords, schema)
            : StatsSliceMerge.merge(baseRecords, logRecords);
    return new Result(Optional.of(new Merged(merged, logRecords.size(), logBytes, blocks)), "");
  }

  /** The plan's operation: log files newest first, with Hudi's size metrics. */
  CompactionOperation operation(Merged merged) {
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("TOTAL_LOG_FILES", (double) logs.size());
    metrics.put("TOTAL_LOG_FILES_SIZE", (double) merged.logBytes());
    List<String> newestFirst = new ArrayList<>(logs.stream().map(l -> l.name()).toList());
    Collections.reverse(newestFirst);
    return new CompactionOperation(partition, fileId, baseInstant, baseFile, newestFirst, metrics);
  }
}
