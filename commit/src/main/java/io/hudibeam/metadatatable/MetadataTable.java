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

import io.hudibeam.metadata.CleanMetadata;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;

/**
 * The {@code files} partition of a table's metadata table, kept in step with the data timeline:
 * every instant this writer completes on the data table ({@code commit}, {@code deltacommit},
 * {@code replacecommit}, compaction, {@code clean}, {@code rollback}) first gets a deltacommit at
 * the same instant time on the metadata table ({@link #update}), completed before the data instant
 * completes, as Hudi 0.15's {@code BaseHoodieWriteClient.commit} / {@code
 * BaseActionExecutor.writeTableMetadata} order it. A reader therefore never sees a file of an
 * uncommitted data instant: Hudi's metadata reader skips log blocks whose instant is not completed
 * on the data timeline ({@code HoodieTableMetadataUtil.getValidInstantTimestamps}). A rolled-back
 * data instant's deltacommit is removed ({@link #undo}) before the rollback completes.
 *
 * <p>Present only for a table whose {@code hoodie.table.metadata.partitions} lists {@code files}
 * and whose metadata table this writer can keep ({@link MetadataPartitions}); when it lists
 * partitions but cannot be kept (a pending metadata compaction found at commit time, say), {@link
 * #of} deletes the whole metadata table, with a WARN, so no reader trusts a listing that misses the
 * instant's files.
 */
public final class MetadataTable {
  private final FileSystem fs;
  private final TablePaths paths;
  private final TablePaths metadataPaths;

  private MetadataTable(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
    this.metadataPaths = TablePaths.of(paths.metadataTableFolder().toString());
  }

  /** The table's maintained metadata table, if it has one. */
  public static Optional<MetadataTable> of(FileSystem fs, TablePaths paths) {
    TableConfigStore store = new TableConfigStore(fs, paths);
    // Read at once (no existence check before it: a HEAD on an object store); the backup only when
    // the file is missing.
    Optional<TableConfig> present = store.loadIfPresent();
    TableConfig table;
    try {
      if (present.isPresent()) {
        table = present.get();
      } else if (fs.exists(paths.propertiesBackupFile())) {
        table = store.load();
      } else {
        return Optional.empty(); // a timeline without hoodie.properties has no metadata table
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("Cannot check " + paths.propertiesBackupFile(), e);
    }
    if (table.metadataPartitions().isEmpty()) {
      return Optional.empty();
    }
    Optional<String> problem = MetadataPartitions.whyNotMaintainable(fs, paths, table);
    if (problem.isPresent()) {
      // Left as it is, the metadata table would miss this instant's files: readers trusting it
      // would not see them. Deleted, readers list (e.g. a metadata compaction pending since the
      // write started, left by another writer).
      new MetadataPartitions(fs, paths).dropAll(store, table, problem.get());
      return Optional.empty();
    }
    return Optional.of(new MetadataTable(fs, paths));
  }

  /**
   * Writes the metadata deltacommit of data instant {@code instant}; call it before the data
   * instant completes.
   */
  public void update(InstantTime instant, FilesPartitionUpdate update) {
    if (!undoEarlierAttempt(instant)) {
      return;
    }
    FilesFileGroup fileGroup =
        FilesFileGroup.locate(
                fs,
                metadataPaths.basePath(),
                MetadataDeltaCommits.completedInstantTimes(fs, metadataPaths))
            .fileGroup()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "The metadata table of " + paths + " has no files file group"));
    new MetadataDeltaCommits(fs, metadataPaths).write(instant, update, fileGroup);
  }

  /**
   * Writes the metadata deltacommit of data commit {@code instant} (any commit action): the files
   * it wrote in {@code files}, when the table keeps {@code column_stats} their column ranges
   * (docs/format.md §11.1) and, when it keeps {@code partition_stats} too, the column ranges of the
   * partitions it wrote (§11.2); call it before the data instant completes.
   */
  public void commit(InstantTime instant, CommitMetadata metadata) {
    update(
        instant,
        FilesPartitionUpdate.ofCommit(metadata),
        () -> ColumnStatsUpdate.ofCommit(fs, paths, metadata),
        columnStats -> PartitionStatsUpdate.ofCommit(fs, paths, metadata, columnStats));
  }

  /**
   * Writes the metadata deltacommit of clean {@code instant}: the files it deleted; {@code
   * tableSchema} (the data table's latest schema) is asked for only when the table keeps {@code
   * column_stats}, whose columns it decides.
   */
  public void clean(
      InstantTime instant,
      CleanMetadata metadata,
      java.util.function.Supplier<Optional<String>> tableSchema) {
    update(
        instant,
        FilesPartitionUpdate.ofClean(metadata),
        () -> ColumnStatsUpdate.ofClean(fs, paths, metadata, tableSchema.get()),
        columnStats -> PartitionStatsUpdate.empty());
  }

  private void update(
      InstantTime instant,
      FilesPartitionUpdate files,
      java.util.function.Supplier<ColumnStatsUpdate> columnStats,
      java.util.function.Function<ColumnStatsUpdate, PartitionStatsUpdate> partitionStats) {
    if (!undoEarlierAttempt(instant)) {
      return;
    }
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig table = store.load();
    Optional<ColumnStatsFileGroups> groups =
        statsFileGroups(store, table, ColumnStatsFileGroups.StatsPartition.COLUMN_STATS);
    Optional<ColumnStatsFileGroups> partitionGroups = Optional.empty();
    TableConfig now = store.load();
    if (groups.isPresent()) {
      partitionGroups =
          statsFileGroups(store, now, ColumnStatsFileGroups.StatsPartition.PARTITION_STATS);
    } else if (now.metadataPartitions().contains(ColumnStatsKeys.PARTITION_STATS)) {
      // Hudi computes partition_stats only with column_stats available.
      new MetadataPartitions(fs, paths)
          .dropStats(
              store,
              now,
              ColumnStatsFileGroups.StatsPartition.PARTITION_STATS,
              "column_stats is not kept");
    }
    List<MetadataDeltaCommits.StatsAppend> stats = new ArrayList<>();
    if (groups.isPresent()) {
      ColumnStatsUpdate columns = columnStats.get();
      stats.add(new MetadataDeltaCommits.StatsAppend(groups.get(), columns::records));
      if (partitionGroups.isPresent()) {
        PartitionStatsUpdate partitions = partitionStats.apply(columns);
        stats.add(new MetadataDeltaCommits.StatsAppend(partitionGroups.get(), partitions::records));
      }
    }
    new MetadataDeltaCommits(fs, metadataPaths).write(instant, files, filesFileGroup(), stats);
  }

  /**
   * The file groups of a listed partition of statistics this writer appends to; when it cannot
   * (table version 6, file groups not as Hudi 1.0.2 initialised them), the partition is dropped
   * alone: left listed, it would miss this instant's files and keep a deleted file's ranges, and
   * readers do not skip data until a Hudi writer rebuilds it ({@code partition_stats} goes with
   * {@code column_stats}, which Hudi requires for it).
   */
  private Optional<ColumnStatsFileGroups> statsFileGroups(
      TableConfigStore store, TableConfig table, ColumnStatsFileGroups.StatsPartition which) {
    if (!table.metadataPartitions().contains(which.partition)) {
      return Optional.empty();
    }
    ColumnStatsFileGroups.Result located =
        ColumnStatsFileGroups.locate(
            fs,
            metadataPaths.basePath(),
            MetadataDeltaCommits.completedInstantTimes(fs, metadataPaths),
            which);
    Optional<String> problem =
        table.version() != io.hudibeam.table.TableVersion.EIGHT
            ? Optional.of("this writer maintains " + which.partition + " on table version 8 only")
            : located.fileGroups().isPresent() ? Optional.empty() : Optional.of(located.reason());
    if (problem.isPresent()) {
      new MetadataPartitions(fs, paths).dropStats(store, table, which, problem.get());
      return Optional.empty();
    }
    return located.fileGroups();
  }

  /**
   * Undoes the deltacommit an earlier attempt of this very update left on the metadata table (a
   * commit step that died after the metadata deltacommit and before the data instant completed, run
   * again), before the file groups are located: the new deltacommit's write stats then name only
   * the log files on disk, as Hudi's {@code HoodieBackedTableMetadataWriter.commitInternal} rolls
   * the earlier attempt back before it commits again. Returns false when that deltacommit shares a
   * log file with other instants: the whole metadata table is deleted instead (WARN), so no reader
   * trusts it, and the data instant completes without one.
   */
  private boolean undoEarlierAttempt(InstantTime instant) {
    if (new MetadataDeltaCommits(fs, metadataPaths).undo(instant)) {
      return true;
    }
    TableConfigStore store = new TableConfigStore(fs, paths);
    new MetadataPartitions(fs, paths)
        .dropAll(
            store,
            store.load(),
            "an earlier attempt's metadata deltacommit of instant "
                + instant
                + " shares a log file with other instants, so it cannot be redone alone");
    return false;
  }

  private FilesFileGroup filesFileGroup() {
    return FilesFileGroup.locate(
            fs,
            metadataPaths.basePath(),
            MetadataDeltaCommits.completedInstantTimes(fs, metadataPaths))
        .fileGroup()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "The metadata table of " + paths + " has no files file group"));
  }

  /**
   * Removes the metadata deltacommit of data instant {@code instant}, which is being rolled back;
   * call it before the rollback completes. When it cannot be removed alone, the whole metadata
   * table is deleted instead ({@link MetadataPartitions}), so no reader can see the instant's
   * files.
   */
  public void undo(InstantTime instant) {
    if (!new MetadataDeltaCommits(fs, metadataPaths).undo(instant)) {
      TableConfigStore store = new TableConfigStore(fs, paths);
      new MetadataPartitions(fs, paths)
          .dropAll(
              store,
              store.load(),
              "the metadata deltacommit of rolled-back instant "
                  + instant
                  + " shares a log file with other instants");
    }
  }
}
