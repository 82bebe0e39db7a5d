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

import io.hudibeam.keygen.PartitionMetadata;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileWriter;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.ColumnStatsFileGroups.StatsPartition;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Initialises the {@code column_stats} and {@code partition_stats} partitions of a table version 8
 * metadata table whose {@code files} partition is listed, as Hudi 1.0.2's writer does with its
 * Spark defaults ({@code HoodieBackedTableMetadataWriter.initializeIfNeeded}: every enabled
 * partition not in {@code hoodie.table.metadata.partitions} goes through {@code
 * initializeFromFilesystem}), in that order, each in a deltacommit of its own:
 *
 * <ul>
 *   <li><b>Instant</b> ({@code generateUniqueInstantTime}): {@code 00000000000000} plus the first
 *       millisecond offset not on the metadata timeline ({@code
 *       HoodieInstantTimeGenerator.instantTimePlusMillis}): {@code 00000000000000001} and {@code
 *       ...002} after the {@code files} initialisation at {@code ...000}.
 *   <li><b>File groups</b> ({@code initializeFileGroups}): the partition folder deleted, then
 *       {@code hoodie.metadata.index.column.stats.file.group.count} (default 2) or {@code
 *       hoodie.metadata.index.partition.stats.file.group.count} (default 1) file groups, each
 *       opened with a log file {@code .<file id>_<instant>.log.1_0-0-0} holding one empty delete
 *       block.
 *   <li><b>Records</b>: {@code column_stats} one record per indexed column of every base and log
 *       file of the listing ({@code initializeColumnStatsPartition} → {@code
 *       convertFilesToColumnStatsRecords}); {@code partition_stats} one tight-bound record per
 *       partition and column over the files of the latest committed slices ({@code
 *       initializePartitionStatsIndex}); none for a non-partitioned table, whose {@code
 *       partition_stats} Hudi leaves out ("Partition stats index cannot be enabled for a
 *       non-partitioned table"). The columns are {@code getColumnsToIndex} over the table's latest
 *       schema ({@code tryResolveSchemaForTable}).
 *   <li><b>Commit</b> ({@code bulkCommit}): the records of each file group, sorted by key, in an
 *       HFile base file {@code <file id>_<token>_<instant>.hfile}; a deltacommit with one write
 *       stat per base file; then the partition added to {@code hoodie.table.metadata.partitions}
 *       (sorted, {@code HoodieTableConfig.setMetadataPartitionState}); for {@code column_stats}
 *       first its index definition ({@link ColumnStatsIndexDefinition}).
 * </ul>
 *
 * A failure removes what the initialisation of that partition wrote (folder and deltacommit) before
 * it propagates; the partition is not listed, so no reader used it.
 */
final class StatsPartitionsInitialisation {
  private static final Logger LOG = LoggerFactory.getLogger(StatsPartitionsInitialisation.class);

  /**
   * Hudi's {@code HoodieLogFormat.DEFAULT_WRITE_TOKEN}, which {@code initializeFileGroups} uses.
   */
  private static final String INIT_LOG_WRITE_TOKEN = "0-0-0";

  /** {@code HoodieMetadataConfig.COLUMN_STATS_INDEX_FILE_GROUP_COUNT}'s default. */
  static final int COLUMN_STATS_FILE_GROUPS = 2;

  /** {@code HoodieMetadataConfig.PARTITION_STATS_INDEX_FILE_GROUP_COUNT}'s default. */
  static final int PARTITION_STATS_FILE_GROUPS = 1;

  private final FileSystem fs;
  private final TablePaths paths;
  private final TablePaths metadataPaths;
  private final Supplier<Optional<String>> tableSchema;

  StatsPartitionsInitialisation(
      FileSystem fs, TablePaths paths, Supplier<Optional<String>> tableSchema) {
    this.fs = fs;
    this.paths = paths;
    this.metadataPaths = TablePaths.of(paths.metadataTableFolder().toString());
    this.tableSchema = tableSchema;
  }

  /**
   * The statistics partitions Hudi 1.0.2's Spark writer would initialise now: table version 8,
   * {@code files} listed, and {@code column_stats} not listed, or {@code partition_stats} not
   * listed on a partitioned table.
   */
  static List<StatsPartition> missing(TableConfig table) {
    List<StatsPartition> missing = new ArrayList<>();
    List<String> listed = table.metadataPartitions();
    if (table.version() != TableVersion.EIGHT || !listed.contains(FilesFileGroup.PARTITION)) {
      return missing;
    }
    if (!listed.contains(StatsPartition.COLUMN_STATS.partition)) {
      missing.add(StatsPartition.COLUMN_STATS);
    }
    if (!listed.contains(StatsPartition.PARTITION_STATS.partition)
        && !table.partitionFields().isEmpty()) {
      missing.add(StatsPartition.PARTITION_STATS);
    }
    return missing;
  }

  /**
   * Initialises the {@link #missing} partitions from {@code files} (data partition path, {@code ""}
   * when non-partitioned, to the files the listing keeps); returns the data table's configuration
   * afterwards.
   */
  TableConfig initialise(TableConfigStore store, TableConfig table, Map<String, List<Path>> files) {
    List<StatsPartition> missing = missing(table);
    if (missing.isEmpty()) {
      return table;
    }
    List<String> columns = ColumnStatsUpdate.columns(fs, paths, tableSchema.get());
    boolean anyFile = files.values().stream().anyMatch(l -> !l.isEmpty());
    ColumnStatsUpdate columnStats =
        anyFile ? ColumnStatsUpdate.ofFiles(fs, files, columns) : ColumnStatsUpdate.empty();
    TableConfig current = table;
    for (StatsPartition which : missing) {
      Schema schema = MetadataRecords.schema(TableVersion.EIGHT);
      List<GenericRecord> records;
      int fileGroups;
      if (which == StatsPartition.COLUMN_STATS) {
        records = columnStats.records(schema);
        fileGroups = COLUMN_STATS_FILE_GROUPS;
      } else {
        records =
            anyFile
                ? PartitionStatsUpdate.ofLatestSlices(fs, paths, columns, columnStats)
                    .records(schema)
                : List.of();
        fileGroups = PARTITION_STATS_FILE_GROUPS;
      }
      InstantTime instant = freeInstant();
      write(which, instant, schema, records, fileGroups);
      if (which == StatsPartition.COLUMN_STATS) {
        ColumnStatsIndexDefinition.register(fs, paths, store, columns);
      }
      current =
          store.update(
              c -> {
                Set<String> listed = new TreeSet<>(c.metadataPartitions());
                listed.add(which.partition);
                Set<String> inflight = new TreeSet<>(c.inflightMetadataPartitions());
                inflight.remove(which.partition);
                return c.with(TableProperty.METADATA_PARTITIONS.key(), String.join(",", listed))
                    .with(
                        TableProperty.METADATA_PARTITIONS_INFLIGHT.key(),
                        inflight.isEmpty() ? null : String.join(",", inflight));
              });
      LOG.info(
          "Table {}: initialised the metadata table's {} partition at {} ({} records, {} file"
              + " groups, columns {})",
          paths,
          which.partition,
          instant,
          records.size(),
          fileGroups,
          columns);
    }
    return current;
  }

  /**
   * {@code generateUniqueInstantTime}: {@code 00000000000000} plus the first millisecond offset
   * whose time is on no instant of the metadata timeline.
   */
  private InstantTime freeInstant() {
    Set<String> taken =
        Timeline.load(fs, metadataPaths).instants().stream()
            .map(i -> i.time().value())
            .collect(Collectors.toSet());
    for (int offset = 0; offset < 1000; offset++) {
      String time =
          MetadataTableInitialisation.SOLO_COMMIT_TIMESTAMP + String.format("%03d", offset);
      if (!taken.contains(time)) {
        return InstantTime.parse(time);
      }
    }
    throw new IllegalStateException(
        "The metadata table at "
            + metadataPaths
            + " holds instants 00000000000000000 to 00000000000000999: no initialisation instant"
            + " is free");
  }

  private void write(
      StatsPartition which,
      InstantTime instant,
      Schema schema,
      List<GenericRecord> records,
      int fileGroups) {
    Path folder = new Path(metadataPaths.basePath(), which.partition);
    TimelineWriter timeline = new TimelineWriter(fs, metadataPaths);
    try {
      if (fs.exists(folder)) {
        fs.delete(folder, true); // leftovers (Hudi: "Deleting all existing files found in MDT")
      }
      Instant requested =
          timeline.createRequestedNotInOrder(instant, Action.DELTA_COMMIT, new byte[0]);
      Instant inflight = timeline.transitionToInflight(requested, new byte[0]);
      fs.mkdirs(folder);
      PartitionMetadata.of(instant.value(), 1)
          .writeIfAbsent(fs, folder, MetadataDeltaCommits.WRITE_TOKEN.value());
      List<List<GenericRecord>> byGroup = new ArrayList<>();
      for (int i = 0; i < fileGroups; i++) {
        byGroup.add(new ArrayList<>());
        String log =
            "." + which.fileId(i) + "_" + instant.value() + ".log.1_" + INIT_LOG_WRITE_TOKEN;
        LogFileWriter writer = LogFileWriter.create(fs.getConf(), new Path(folder, log));
        try {
          writer.append(LogBlock.emptyDelete(instant));
          writer.close();
        } catch (RuntimeException e) {
          writer.abort();
          throw e;
        }
      }
      for (GenericRecord r : records) {
        byGroup.get(ColumnStatsKeys.fileGroupIndex(r.get("key").toString(), fileGroups)).add(r);
      }
      CommitMetadata.Builder metadata =
          CommitMetadata.builder()
              .operationType(OperationType.BULK_INSERT)
              .schema(schema.toString());
      for (int i = 0; i < fileGroups; i++) {
        List<GenericRecord> group = byGroup.get(i);
        if (group.isEmpty()) {
          continue;
        }
        group.sort(Comparator.comparing(r -> r.get("key").toString()));
        FilesBaseFile base =
            FilesBaseFile.write(fs, folder, which.fileId(i), instant, schema, group);
        long size = base.result().fileSizeBytes();
        metadata.addWriteStat(
            which.partition,
            WriteStat.builder()
                .fileId(which.fileId(i))
                .path(base.relativePath())
                .prevCommit("null")
                .numWrites(group.size())
                .numInserts(group.size())
                .totalWriteBytes(size)
                .fileSizeInBytes(size)
                .partitionPath(which.partition)
                .build());
      }
      timeline.complete(inflight, CommitMetadataFormat.encode(timeline.layout(), metadata.build()));
    } catch (IOException | RuntimeException e) {
      undo(folder, instant, e);
      if (e instanceof IOException io) {
        throw new UncheckedIOException(
            "Cannot initialise the metadata table's " + which.partition + " at " + folder, io);
      }
      throw (RuntimeException) e;
    }
  }

  /** Removes a failed initialisation's folder and deltacommit. */
  private void undo(Path folder, InstantTime instant, Exception cause) {
    try {
      fs.delete(folder, true);
      new MetadataDeltaCommits(fs, metadataPaths).undo(instant);
    } catch (IOException | RuntimeException again) {
      cause.addSuppressed(again);
    }
  }
}
