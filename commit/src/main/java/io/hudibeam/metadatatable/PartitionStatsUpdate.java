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

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Timeline;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What one data-table commit changes in the {@code partition_stats} partition, as Hudi 1.0.2's
 * {@code HoodieTableMetadataUtil.convertMetadataToPartitionStatRecords} computes it with {@code
 * column_stats} available (docs/format.md §11.2): for every partition the commit wrote, each
 * indexed column's range over the files of the partition's latest file slices, the commit's own
 * files included, merged as {@code FileFormatUtils.getColumnRangeInPartition} merges them (min of
 * mins, max of maxes, counts and sizes summed), one tight-bound record per column. Cleans and
 * rollbacks change nothing.
 *
 * @param ranges the partitions' column ranges (file name = partition path), in the order computed
 */
record PartitionStatsUpdate(List<ColumnRange> ranges) {
  PartitionStatsUpdate {
    ranges = List.copyOf(ranges);
  }

  static PartitionStatsUpdate empty() {
    return new PartitionStatsUpdate(List.of());
  }

  /**
   * The partition ranges after {@code metadata}; {@code columnStats} holds the ranges of the files
   * it wrote ({@link ColumnStatsUpdate#ofCommit}). Hudi reads the other files' ranges from the
   * {@code column_stats} records of the metadata table; this writer reads them from the files, as
   * {@link ColumnStatsUpdate} computes a file's records.
   */
  static PartitionStatsUpdate ofCommit(
      FileSystem fs, TablePaths paths, CommitMetadata metadata, ColumnStatsUpdate columnStats) {
    // Hudi takes the columns from the commit's writer schema only: none, no records.
    Optional<String> schema = metadata.schema().filter(s -> !s.isEmpty());
    if (schema.isEmpty()) {
      return empty();
    }
    List<String> columns = ColumnStatsUpdate.columns(fs, paths, schema);
    Map<String, List<WriteStat>> written = new TreeMap<>();
    metadata
        .partitionToWriteStats()
        .forEach(
            (partition, stats) -> {
              List<WriteStat> withFiles =
                  stats.stream().filter(s -> s.path() != null && s.fileId() != null).toList();
              if (!withFiles.isEmpty()) {
                written.put(partition, withFiles);
              }
            });
    if (columns.isEmpty() || written.isEmpty()) {
      return empty();
    }
    FileSystemView view =
        FileSystemView.load(fs, paths, Timeline.load(fs, paths), new ArrayList<>(written.keySet()));
    List<ColumnRange> out = new ArrayList<>();
    for (Map.Entry<String, List<WriteStat>> e : written.entrySet()) {
      String partition = e.getKey();
      Map<String, ColumnRange> byColumn = new LinkedHashMap<>();
      columns.forEach(c -> byColumn.put(c, null));
      Set<String> own = new HashSet<>();
      for (ColumnStatsUpdate.Entry entry : columnStats.entries()) {
        if (entry.partitionPath().equals(partition) && !entry.deleted()) {
          own.add(entry.range().fileName());
          byColumn.merge(entry.range().column(), entry.range(), ColumnRange::merge);
        }
      }
      for (Path file : otherFiles(paths, view, partition, e.getValue())) {
        if (own.contains(file.getName())) {
          continue;
        }
        List<ColumnRange> ranges =
            file.getName().endsWith(".parquet")
                ? ColumnRange.ofParquet(fs.getConf(), file, columns)
                : ColumnRange.ofLogFile(fs.getConf(), file, columns);
        ranges.forEach(r -> byColumn.merge(r.column(), r, ColumnRange::merge));
      }
      byColumn.forEach(
          (column, range) -> {
            if (range != null) {
              out.add(range.inFile(partition));
            }
          });
    }
    return new PartitionStatsUpdate(out);
  }

  /**
   * Every partition's ranges over the files of its latest committed file slices, as Hudi 1.0.2's
   * initialisation computes them ({@code initializePartitionStatsIndex} → {@code
   * getPartitionFileSlicePairs}, {@code convertFilesToPartitionStatsRecords}); {@code known} holds
   * ranges already computed for {@code column_stats}, the other files are read.
   */
  static PartitionStatsUpdate ofLatestSlices(
      FileSystem fs, TablePaths paths, List<String> columns, ColumnStatsUpdate known) {
    Map<String, List<ColumnRange>> byFile = new java.util.HashMap<>();
    for (ColumnStatsUpdate.Entry entry : known.entries()) {
      byFile
          .computeIfAbsent(
              entry.partitionPath() + "/" + entry.range().fileName(), k -> new ArrayList<>())
          .add(entry.range());
    }
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    List<ColumnRange> out = new ArrayList<>();
    for (String partition : view.partitions()) {
      Map<String, ColumnRange> byColumn = new LinkedHashMap<>();
      columns.forEach(c -> byColumn.put(c, null));
      for (Path file : otherFiles(paths, view, partition, List.of())) {
        List<ColumnRange> ranges = byFile.get(partition + "/" + file.getName());
        if (ranges == null) {
          ranges = ColumnStatsUpdate.ranges(fs, file, columns);
        }
        ranges.forEach(r -> byColumn.merge(r.column(), r, ColumnRange::merge));
      }
      byColumn.forEach(
          (column, range) -> {
            if (range != null) {
              out.add(range.inFile(partition));
            }
          });
    }
    return new PartitionStatsUpdate(out);
  }

  /**
   * The files of the latest committed slices of {@code partition} that stay in its latest slices
   * once the commit's {@code stats} complete ({@code getLatestFileSlicesIncludingInflight}): a file
   * group the commit wrote a base file to starts a new slice, so its older files leave.
   */
  private static List<Path> otherFiles(
      TablePaths paths, FileSystemView view, String partition, List<WriteStat> stats) {
    Set<String> newSlices = new HashSet<>();
    for (WriteStat s : stats) {
      if (new Path(s.path()).getName().endsWith(".parquet")) {
        newSlices.add(s.fileId());
      }
    }
    List<Path> files = new ArrayList<>();
    Path folder = paths.partitionFolder(partition);
    for (FileSlice slice : view.latestFileSlices(partition)) {
      if (newSlices.contains(slice.fileGroupId().fileId().value())) {
        continue;
      }
      slice.baseFile().map(BaseFile::name).ifPresent(n -> files.add(new Path(folder, n.value())));
      for (LogFileName log : slice.logFiles()) {
        files.add(new Path(folder, log.value()));
      }
    }
    return files;
  }

  /** The records of the update, in the order computed. */
  List<GenericRecord> records(Schema schema) {
    List<GenericRecord> records = new ArrayList<>();
    for (ColumnRange range : ranges) {
      records.add(ColumnStatsRecords.partitionStatsRecord(schema, range));
    }
    return records;
  }

  boolean isEmpty() {
    return ranges.isEmpty();
  }
}
