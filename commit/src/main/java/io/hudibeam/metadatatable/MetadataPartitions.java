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

import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which metadata partitions a write keeps, decided when the write starts. This writer maintains the
 * {@code files} partition ({@link MetadataTable}) and, on table version 8, {@code column_stats} and
 * {@code partition_stats} (the latter only with the former, as Hudi 1.0.2); every other partition
 * ({@code bloom_filters}, {@code record_index}, secondary and expression indexes, version 6 column
 * or partition stats) is dropped as Hudi's writer drops a partition whose index it has disabled
 * ({@code HoodieTable.deleteMetadataIndexIfNecessary}, {@code
 * HoodieTableMetadataUtil.deleteMetadataTablePartition}): first removed from {@code
 * hoodie.table.metadata.partitions} (and {@code .inflight}) through the {@code hoodie.properties}
 * backup protocol, then its folder deleted. When the {@code files} partition itself cannot be kept
 * (no completed {@code files} partition, a pending metadata compaction, a file group this writer
 * cannot append to), the whole metadata table is deleted as Hudi's writer does with {@code
 * hoodie.metadata.enable=false} ({@code HoodieTable.maybeDeleteMetadataTable}): readers fall back
 * to listing, Hudi's writers rebuild it.
 */
public final class MetadataPartitions {
  private static final Logger LOG = LoggerFactory.getLogger(MetadataPartitions.class);

  private final FileSystem fs;
  private final TablePaths paths;

  public MetadataPartitions(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /** Keeps the partitions this writer can maintain and drops the rest. */
  public TableConfig keepMaintained(TableConfigStore store, TableConfig table) {
    boolean folderExists = exists(paths.metadataTableFolder());
    if (table.metadataPartitions().isEmpty()
        && table.inflightMetadataPartitions().isEmpty()
        && !folderExists) {
      return table;
    }
    Optional<String> problem = whyNotMaintainable(fs, paths, table);
    if (problem.isPresent()) {
      return dropAll(store, table, problem.get());
    }
    Set<String> dropped = new LinkedHashSet<>(table.metadataPartitions());
    dropped.addAll(table.inflightMetadataPartitions());
    dropped.remove(FilesFileGroup.PARTITION);
    List<String> kept = new java.util.ArrayList<>(List.of(FilesFileGroup.PARTITION));
    if (table.metadataPartitions().contains(ColumnStatsKeys.PARTITION)
        && !table.inflightMetadataPartitions().contains(ColumnStatsKeys.PARTITION)) {
      Optional<String> columnStatsProblem = whyColumnStatsNotMaintainable(fs, paths, table);
      if (columnStatsProblem.isEmpty()) {
        dropped.remove(ColumnStatsKeys.PARTITION);
        kept.add(ColumnStatsKeys.PARTITION);
        keepPartitionStats(table, dropped, kept);
      } else {
        LOG.warn(
            "Table {}: the metadata table's column_stats partition cannot be kept ({})",
            paths,
            columnStatsProblem.get());
      }
    }
    if (dropped.isEmpty()) {
      return table;
    }
    return drop(store, table, dropped, kept);
  }

  /**
   * Keeps {@code partition_stats} (with {@code column_stats} kept) when it is a completed partition
   * whose file groups are as Hudi 1.0.2 initialised them.
   */
  private void keepPartitionStats(TableConfig table, Set<String> dropped, List<String> kept) {
    if (!table.metadataPartitions().contains(ColumnStatsKeys.PARTITION_STATS)
        || table.inflightMetadataPartitions().contains(ColumnStatsKeys.PARTITION_STATS)) {
      return;
    }
    TablePaths metadata = TablePaths.of(paths.metadataTableFolder().toString());
    ColumnStatsFileGroups.Result located =
        ColumnStatsFileGroups.locate(
            fs,
            metadata.basePath(),
            MetadataDeltaCommits.completedInstantTimes(fs, metadata),
            ColumnStatsFileGroups.StatsPartition.PARTITION_STATS);
    if (located.fileGroups().isPresent()) {
      dropped.remove(ColumnStatsKeys.PARTITION_STATS);
      kept.add(ColumnStatsKeys.PARTITION_STATS);
    } else {
      LOG.warn(
          "Table {}: the metadata table's partition_stats partition cannot be kept ({})",
          paths,
          located.reason());
    }
  }

  /**
   * Drops {@code dropped} alone, keeping {@code kept} listed, as Hudi's writer drops a disabled
   * index; the WARN names what readers lose.
   */
  private TableConfig drop(
      TableConfigStore store, TableConfig table, Set<String> dropped, List<String> kept) {
    LOG.warn(
        "Table {}: this writer maintains only the {} partitions of the metadata table, so"
            + " metadata partitions {} are dropped as Hudi's writer drops a disabled index:"
            + " readers lose what they index (column_stats/partition_stats: data skipping,"
            + " bloom_filters/record_index/secondary indexes: index lookups) until a Hudi writer"
            + " that enables them rebuilds them.",
        paths,
        kept,
        dropped);
    List<String> listed =
        table.metadataPartitions().stream().filter(p -> kept.contains(p)).toList();
    TableConfig updated =
        store.update(
            c ->
                c.with(TableProperty.METADATA_PARTITIONS.key(), String.join(",", listed))
                    .with(TableProperty.METADATA_PARTITIONS_INFLIGHT.key(), null));
    for (String partition : dropped) {
      delete(new Path(paths.metadataTableFolder(), partition));
    }
    return updated;
  }

  /**
   * Deletes the metadata table, if the table has one, as Hudi's writer does when {@code
   * hoodie.metadata.enable=false} ({@code HoodieTable.maybeDeleteMetadataTable}).
   */
  public TableConfig dropDisabled(TableConfigStore store, TableConfig table) {
    if (table.metadataPartitions().isEmpty()
        && table.inflightMetadataPartitions().isEmpty()
        && !exists(paths.metadataTableFolder())) {
      return table;
    }
    return dropAll(store, table, "hoodie.metadata.enable=false");
  }

  /**
   * Deletes the whole metadata table: partitions cleared in {@code hoodie.properties} first, then
   * the folder.
   */
  TableConfig dropAll(TableConfigStore store, TableConfig table, String reason) {
    LOG.warn(
        "Table {} has a metadata table ({}={}) that this writer cannot keep ({}), so it is deleted"
            + " as Hudi's writer does with hoodie.metadata.enable=false. Readers fall back to"
            + " listing; Hudi's writers rebuild it when they next write.",
        paths,
        TableProperty.METADATA_PARTITIONS.key(),
        table.metadataPartitions(),
        reason);
    TableConfig updated =
        store.update(
            c ->
                c.with(TableProperty.METADATA_PARTITIONS.key(), null)
                    .with(TableProperty.METADATA_PARTITIONS_INFLIGHT.key(), null));
    delete(paths.metadataTableFolder());
    return updated;
  }

  /** Why the {@code files} partition of the table's metadata table cannot be kept, if so. */
  static Optional<String> whyNotMaintainable(FileSystem fs, TablePaths paths, TableConfig table) {
    if (!table.metadataPartitions().contains(FilesFileGroup.PARTITION)) {
      return Optional.of("'files' is not a completed metadata partition");
    }
    TablePaths metadata = TablePaths.of(paths.metadataTableFolder().toString());
    // Read at once, not checked first (a HEAD on an object store).
    Optional<TableConfig> metadataConfig = new TableConfigStore(fs, metadata).loadIfPresent();
    if (metadataConfig.isEmpty()) {
      return Optional.of("it has no " + metadata.propertiesFile());
    }
    TableVersion metadataVersion = metadataConfig.get().version();
    if (metadataVersion != table.version()) {
      return Optional.of(
          "its table version "
              + metadataVersion
              + " differs from the data table's "
              + table.version());
    }
    // One listing of the metadata timeline for both questions, in the version just read.
    MetadataDeltaCommits.TimelineFiles timeline =
        MetadataDeltaCommits.timelineFiles(fs, metadata, metadataVersion);
    List<String> pending = timeline.pendingCompactions();
    if (!pending.isEmpty()) {
      return Optional.of("metadata compactions " + pending + " are pending");
    }
    FilesFileGroup.Result located =
        FilesFileGroup.locate(fs, metadata.basePath(), timeline.completedInstantTimes());
    return located.fileGroup().isPresent() ? Optional.empty() : Optional.of(located.reason());
  }

  /**
   * Drops a partition of statistics alone (a commit found it cannot be appended to); dropping
   * {@code column_stats} drops {@code partition_stats} too, which Hudi builds only with it. The
   * metadata table keeps the rest.
   */
  TableConfig dropStats(
      TableConfigStore store,
      TableConfig table,
      ColumnStatsFileGroups.StatsPartition which,
      String reason) {
    LOG.warn("Table {}: {} cannot be appended to ({})", paths, which.partition, reason);
    Set<String> dropped = new LinkedHashSet<>(List.of(which.partition));
    if (which == ColumnStatsFileGroups.StatsPartition.COLUMN_STATS
        && table.metadataPartitions().contains(ColumnStatsKeys.PARTITION_STATS)) {
      dropped.add(ColumnStatsKeys.PARTITION_STATS);
    }
    List<String> kept =
        table.metadataPartitions().stream().filter(p -> !dropped.contains(p)).toList();
    return drop(store, table, dropped, kept);
  }

  /**
   * Why this writer cannot keep the table's {@code column_stats} partition, if so: only table
   * version 8 (Hudi 1.0.2's layout, docs/format.md §11.1), with its file groups as Hudi initialised
   * them.
   */
  static Optional<String> whyColumnStatsNotMaintainable(
      FileSystem fs, TablePaths paths, TableConfig table) {
    if (table.version() != TableVersion.EIGHT) {
      return Optional.of("this writer maintains column_stats on table version 8 only");
    }
    TablePaths metadata = TablePaths.of(paths.metadataTableFolder().toString());
    ColumnStatsFileGroups.Result located =
        ColumnStatsFileGroups.locate(
            fs, metadata.basePath(), MetadataDeltaCommits.completedInstantTimes(fs, metadata));
    return located.fileGroups().isPresent() ? Optional.empty() : Optional.of(located.reason());
  }

  private boolean exists(Path path) {
    return exists(fs, path);
  }

  private static boolean exists(FileSystem fs, Path path) {
    try {
      return fs.exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + path, e);
    }
  }

  private void delete(Path path) {
    try {
      fs.delete(path, true);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path, e);
    }
  }
}
