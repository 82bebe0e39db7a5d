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

import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.keygen.PartitionMetadata;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableType;
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
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the metadata table of a table that has none and fills its {@code files} partition from
 * one listing of the table, as Hudi's writer does when it starts a write with {@code
 * hoodie.metadata.enable=true} ({@code HoodieBackedTableMetadataWriter.initializeIfNeeded} → {@code
 * initializeFromFilesystem}, Hudi 0.15 for table version 6, 1.0.2 for 8). Run it under the table
 * lock at a write's start, after failed writes are rolled back.
 *
 * <ul>
 *   <li><b>When</b>: table version 6 waits while the data timeline has any pending instant ({@code
 *       anyPendingDataInstant}); table version 8 goes ahead and leaves the files of pending
 *       instants out ({@code shouldInitializeFromFilesystem}, {@code getPendingDataInstants}).
 *   <li><b>As of</b> the latest completed data instant L (any action), {@code 00000000000000} when
 *       there is none: the listing keeps the files whose instant in the name ({@code
 *       FSUtils.getCommitTime}) is at or before L and not pending ({@code DirectoryInfo}).
 *   <li><b>Instant</b>: version 6 {@code L + "010"} ({@code HoodieTableMetadataUtil
 *       .createIndexInitTimestamp}, so {@code 00000000000000010} for a new table); version 8 {@code
 *       00000000000000000} plus the first free millisecond ({@code generateUniqueInstantTime}).
 *   <li><b>Content</b>: the metadata table's {@code hoodie.properties} ({@code
 *       initializeMetaClient}), one deltacommit at the instant ({@code bulkCommit}: operation
 *       {@code BULK_INSERT}) whose HFile base file {@code files-0000-0_<token>_<instant>.hfile}
 *       holds the partition list ({@code createPartitionListRecord}) and one file list per
 *       partition ({@code createPartitionFilesRecord}), then {@code files} added to the data
 *       table's {@code hoodie.table.metadata.partitions} ({@code setMetadataPartitionState}).
 * </ul>
 *
 * A run that stops half-way leaves a metadata table that {@code hoodie.table.metadata.partitions}
 * does not list: the next write's start deletes it ({@link MetadataPartitions}) and initialises
 * again.
 */
public final class MetadataTableInitialisation {
  private static final Logger LOG = LoggerFactory.getLogger(MetadataTableInitialisation.class);

  /** Hudi's {@code HoodieTimeline.SOLO_COMMIT_TIMESTAMP}, the "as of" time of an empty table. */
  static final String SOLO_COMMIT_TIMESTAMP = "00000000000000";

  private static final String METADATA_PAYLOAD = "org.apache.hudi.metadata.HoodieMetadataPayload";
  private static final String METADATA_KEY_GENERATOR =
      "org.apache.hudi.metadata.HoodieTableMetadataKeyGenerator";

  private final FileSystem fs;
  private final TablePaths paths;
  private final TablePaths metadataPaths;

  private final Supplier<Optional<String>> tableSchema;

  /**
   * {@code tableSchema} gives the data table's latest schema (Avro JSON), whose columns the table
   * version 8 {@code column_stats} and {@code partition_stats} initialisation indexes.
   */
  public MetadataTableInitialisation(
      FileSystem fs, TablePaths paths, Supplier<Optional<String>> tableSchema) {
    this.fs = fs;
    this.paths = paths;
    this.metadataPaths = TablePaths.of(paths.metadataTableFolder().toString());
    this.tableSchema = tableSchema;
  }

  /** With the table's create schema as the latest schema. */
  public MetadataTableInitialisation(FileSystem fs, TablePaths paths) {
    this(fs, paths, () -> new TableConfigStore(fs, paths).load().createSchema());
  }

  /**
   * {@link #initialiseIfNeeded}, but a storage failure (an {@link IOException} in the cause chain)
   * does not stop the write: as Hudi's {@code HoodieBackedTableMetadataWriter} constructor, which
   * logs "Failed to initialize metadata table" for an {@code IOException} of {@code
   * initializeIfNeeded} and lets the write go on, it logs a WARN, deletes what it wrote of the
   * metadata table (the data table does not list it, so no reader uses it; the next write's start
   * would delete it otherwise, {@link MetadataPartitions}) and returns the data table's
   * configuration as stored. The write then commits without a metadata table; the next write's
   * start tries again. Any other failure propagates.
   */
  public TableConfig initialiseOrGoOn(TableConfigStore store, TableConfig table) {
    try {
      return initialiseIfNeeded(store, table);
    } catch (RuntimeException e) {
      if (!storageFailure(e)) {
        throw e;
      }
      TableConfig stored = store.load();
      if (stored.metadataPartitions().contains(FilesFileGroup.PARTITION)) {
        // files is initialised; a statistics partition failed (and removed what it wrote)
        LOG.warn(
            "Table {}: cannot initialise the metadata table's statistics partitions ({}); the"
                + " write goes on without them (no data skipping) and the next write's start"
                + " tries again",
            paths,
            e.toString(),
            e);
        return stored;
      }
      LOG.warn(
          "Table {}: cannot initialise the metadata table ({}); the write goes on without one"
              + " (readers list the table's files) and the next write's start tries again",
          paths,
          e.toString(),
          e);
      try {
        deleteFolder();
      } catch (UncheckedIOException again) {
        LOG.warn(
            "Table {}: cannot delete the metadata table left by the failed initialisation ({});"
                + " the next write's start deletes it",
            paths,
            again.toString());
      }
      return stored;
    }
  }

  private static boolean storageFailure(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  /**
   * Initialises the {@code files} partition when the table lists none and Hudi's rules allow it
   * now; returns the data table's configuration afterwards ({@code table} when nothing was done).
   */
  public TableConfig initialiseIfNeeded(TableConfigStore store, TableConfig table) {
    if (table.version() != TableVersion.SIX && table.version() != TableVersion.EIGHT) {
      return table;
    }
    if (table.metadataPartitions().contains(FilesFileGroup.PARTITION)) {
      if (StatsPartitionsInitialisation.missing(table).isEmpty()) {
        return table;
      }
      Timeline timeline = Timeline.load(fs, paths);
      String asOf = asOf(timeline);
      return stats().initialise(store, table, dataFiles(listing(asOf, pendingTimes(timeline))));
    }
    Timeline timeline = Timeline.load(fs, paths);
    Set<String> pending = pendingTimes(timeline);
    if (table.version() == TableVersion.SIX && !pending.isEmpty()) {
      LOG.info(
          "Table {}: the metadata table is not initialised yet: instants {} are pending (Hudi"
              + " 0.15's anyPendingDataInstant); a later write's start initialises it",
          paths,
          pending);
      return table;
    }
    String asOf = asOf(timeline);
    deleteFolder(); // leftovers of an initialisation that stopped (Hudi: initializeFileGroups)
    TableConfig metadataConfig =
        new TableConfigStore(fs, metadataPaths).create(metadataTableConfig(table));
    InstantTime instant = instant(table.version(), asOf);
    Map<String, Map<String, Long>> listing = listing(asOf, pending);
    commit(instant, metadataConfig.version(), listing);
    TableConfig updated =
        store.update(
            c ->
                c.with(TableProperty.METADATA_PARTITIONS.key(), FilesFileGroup.PARTITION)
                    .with(TableProperty.METADATA_PARTITIONS_INFLIGHT.key(), null));
    LOG.info(
        "Table {}: initialised the metadata table's files partition at {} from a listing as of {}"
            + " ({} partitions, {} files)",
        paths,
        instant,
        asOf,
        listing.size(),
        listing.values().stream().mapToInt(Map::size).sum());
    // Hudi 1.0.2 initialises the enabled statistics partitions right after files, in the same
    // initializeFromFilesystem, from the same listing.
    return stats().initialise(store, updated, dataFiles(listing));
  }

  private StatsPartitionsInitialisation stats() {
    return new StatsPartitionsInitialisation(fs, paths, tableSchema);
  }

  private static Set<String> pendingTimes(Timeline timeline) {
    return timeline.pending().instants().stream()
        .map(i -> i.time().value())
        .collect(Collectors.toSet());
  }

  /** The latest completed data instant of any action, else {@link #SOLO_COMMIT_TIMESTAMP}. */
  private static String asOf(Timeline timeline) {
    return timeline.completed().instants().stream()
        .map(i -> i.time().value())
        .max(Comparator.naturalOrder())
        .orElse(SOLO_COMMIT_TIMESTAMP);
  }

  /** The listing's files by data partition path ({@code ""} when non-partitioned). */
  private Map<String, List<Path>> dataFiles(Map<String, Map<String, Long>> listing) {
    Map<String, List<Path>> files = new TreeMap<>();
    listing.forEach(
        (name, sizes) -> {
          String partition = name.equals(MetadataRecords.NON_PARTITIONED_NAME) ? "" : name;
          Path folder = paths.partitionFolder(partition);
          files.put(partition, sizes.keySet().stream().map(n -> new Path(folder, n)).toList());
        });
    return files;
  }

  /**
   * The initialisation instant: version 6 {@code asOf + "010"} (Hudi 0.15's {@code
   * createIndexInitTimestamp(asOf, 0)}), version 8 {@code 00000000000000000} (Hudi 1.0.2's {@code
   * instantTimePlusMillis(SOLO_COMMIT_TIMESTAMP, 0)}; the metadata table is new, so offset 0 is
   * free).
   */
  static InstantTime instant(TableVersion version, String asOf) {
    return InstantTime.parse(
        version == TableVersion.SIX ? asOf + "010" : SOLO_COMMIT_TIMESTAMP + "000");
  }

  /**
   * The metadata table's {@code hoodie.properties} as Hudi's {@code initializeMetaClient} writes
   * it: merge-on-read, named {@code <table>_metadata}, HFile base files, record key {@code key}, no
   * meta fields, {@code HoodieMetadataPayload}, {@code HoodieTableMetadataKeyGenerator}; table
   * version 8 also the merge mode Hudi 1.0.2 infers for a custom payload ({@code CUSTOM}, the
   * payload-based merge strategy).
   */
  static TableConfig metadataTableConfig(TableConfig table) {
    TableConfig config =
        TableConfig.newTable(table.name() + "_metadata", TableType.MERGE_ON_READ)
            .tableVersion(table.version())
            .recordKeyFields(List.of("key"))
            .keyGeneratorClass(METADATA_KEY_GENERATOR)
            .build();
    config =
        config
            .with(TableProperty.BASE_FILE_FORMAT.key(), "HFILE")
            .with(TableProperty.POPULATE_META_FIELDS.key(), "false")
            .with(TableProperty.PAYLOAD_CLASS.key(), METADATA_PAYLOAD)
            .with(TableProperty.KEY_GENERATOR_CLASS.key(), METADATA_KEY_GENERATOR)
            .with(TableProperty.KEY_GENERATOR_TYPE.key(), null)
            .with(TableProperty.HIVE_STYLE_PARTITIONING.key(), null)
            .with(TableProperty.URL_ENCODE_PARTITIONING.key(), null)
            .with(TableProperty.PARTITION_METAFILE_USE_BASE_FORMAT.key(), null)
            .with(TableProperty.CDC_ENABLED.key(), null)
            .with(TableProperty.TIMELINE_TIMEZONE.key(), null)
            .with(TableProperty.LOG_FILE_FORMAT.key(), null);
    if (table.version() == TableVersion.EIGHT) {
      config =
          config
              .with(TableProperty.RECORD_MERGE_MODE.key(), "CUSTOM")
              .with(
                  TableProperty.RECORD_MERGE_STRATEGY_ID.key(),
                  "00000000-0000-0000-0000-000000000000");
    }
    return config;
  }

  /**
   * The files of every partition as of {@code asOf}: base and log files whose instant in the name
   * is at or before it and not pending, non-empty ones only (Hudi refuses to record an empty file).
   * Keyed by partition name ({@code "."} for the non-partitioned table), sorted.
   */
  private Map<String, Map<String, Long>> listing(String asOf, Set<String> pending) {
    Map<String, Map<String, Long>> listing = new TreeMap<>();
    for (String partition : FileSystemView.listPartitions(fs, paths)) {
      Path folder = partition.isEmpty() ? paths.basePath() : new Path(paths.basePath(), partition);
      Map<String, Long> files = new TreeMap<>();
      try {
        for (FileStatus status : fs.listStatus(folder)) {
          if (status.isDirectory() || status.getLen() <= 0) {
            continue;
          }
          String name = status.getPath().getName();
          Optional<String> instant = instantOf(name);
          if (instant.isPresent()
              && instant.get().compareTo(asOf) <= 0
              && !pending.contains(instant.get())) {
            files.put(name, status.getLen());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot list " + folder, e);
      }
      listing.put(MetadataRecords.partitionName(partition), files);
    }
    return listing;
  }

  /** The instant in a data file's name ({@code FSUtils.getCommitTime}); empty for other files. */
  private static Optional<String> instantOf(String name) {
    Optional<BaseFileName> base = BaseFileName.tryParse(name);
    if (base.isPresent()) {
      return Optional.of(base.get().instantTime().value());
    }
    return LogFileName.tryParse(name).map(l -> l.baseInstant().value());
  }

  /** The deltacommit at {@code instant} holding the listing in one HFile base file. */
  private void commit(
      InstantTime instant, TableVersion version, Map<String, Map<String, Long>> listing) {
    Schema schema = MetadataRecords.schema(version);
    List<GenericRecord> records = new ArrayList<>();
    records.add(MetadataRecords.partitionList(schema, new ArrayList<>(listing.keySet()), false));
    listing.forEach(
        (partition, files) ->
            records.add(
                MetadataRecords.partitionFiles(
                    schema,
                    partition.equals(MetadataRecords.NON_PARTITIONED_NAME) ? "" : partition,
                    files,
                    List.of())));
    records.sort(Comparator.comparing(r -> r.get("key").toString()));

    TimelineWriter timeline = new TimelineWriter(fs, metadataPaths);
    Instant requested = timeline.createRequested(instant, Action.DELTA_COMMIT, new byte[0]);
    Instant inflight = timeline.transitionToInflight(requested, new byte[0]);
    Path folder = new Path(metadataPaths.basePath(), FilesFileGroup.PARTITION);
    PartitionMetadata.of(instant.value(), 1)
        .writeIfAbsent(fs, folder, MetadataDeltaCommits.WRITE_TOKEN.value());
    String fileId = FilesFileGroup.FILE_ID;
    FilesBaseFile base = FilesBaseFile.write(fs, folder, fileId, instant, schema, records);
    BaseFileResult result = base.result();
    WriteStat stat =
        WriteStat.builder()
            .fileId(fileId)
            .path(base.relativePath())
            .prevCommit("null")
            .numWrites(records.size())
            .numInserts(records.size())
            .totalWriteBytes(result.fileSizeBytes())
            .fileSizeInBytes(result.fileSizeBytes())
            .partitionPath(FilesFileGroup.PARTITION)
            .build();
    CommitMetadata metadata =
        CommitMetadata.builder()
            .operationType(OperationType.BULK_INSERT)
            .schema(schema.toString())
            .addWriteStat(FilesFileGroup.PARTITION, stat)
            .build();
    timeline.complete(inflight, CommitMetadataFormat.encode(timeline.layout(), metadata));
  }

  private void deleteFolder() {
    try {
      if (fs.exists(metadataPaths.basePath())) {
        fs.delete(metadataPaths.basePath(), true);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + metadataPaths.basePath(), e);
    }
  }
}
