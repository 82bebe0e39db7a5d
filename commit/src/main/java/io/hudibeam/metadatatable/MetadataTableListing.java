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

import io.hudibeam.files.FileListing;
import io.hudibeam.metadata.RollbackMetadata;
import io.hudibeam.metadata.RollbackPlan;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.timeline.TimelineWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;

/**
 * The listing of a table from the {@code files} partition of its metadata table, read as Hudi's
 * metadata reader reads it ({@code HoodieBackedTableMetadata}, 0.15.0 and 1.0.2): the latest slice
 * of {@code files-0000-0} (the newest base file of a completed metadata instant and its log files),
 * with only the log blocks of metadata instants that are completed and valid merged over the base
 * file ({@code HoodieTableMetadataUtil.getValidInstantTimestamps}, {@link #validInstants}); the
 * records merge as {@code HoodieMetadataPayload} merges them ({@link FilesSliceMerge}). The files
 * of a data instant that never completed are therefore not listed, though its deltacommit may be on
 * the metadata timeline. Read once, when opened; immutable.
 */
final class MetadataTableListing implements FileListing {
  private final List<String> partitions;
  private final Map<String, List<ListedFile>> filesByPartition;

  private MetadataTableListing(
      List<String> partitions, Map<String, List<ListedFile>> filesByPartition) {
    this.partitions = List.copyOf(partitions);
    this.filesByPartition = Collections.unmodifiableMap(filesByPartition);
  }

  /** What {@link #read} found: the listing, or why the metadata table is not read. */
  record Result(Optional<MetadataTableListing> listing, String reason) {}

  /**
   * Reads the listing of the table at {@code paths} (of table version {@code version}) from its
   * metadata table; {@code data} is the data timeline the valid instants are taken from. Empty,
   * with the reason, when the metadata table is not one this writer reads: no {@code
   * hoodie.properties}, another table version, a pending metadata compaction or log compaction, not
   * exactly one {@code files} file group with a base file of a completed metadata instant, or a
   * block other than HFile data blocks and empty delete blocks in its latest slice (the checks of
   * {@code MetadataPartitions.whyNotMaintainable}, made on what is read here once).
   */
  static Result read(FileSystem fs, TablePaths paths, TableVersion version, Timeline data) {
    TablePaths metadataPaths = TablePaths.of(paths.metadataTableFolder().toString());
    Optional<TableConfig> metadataConfig = new TableConfigStore(fs, metadataPaths).loadIfPresent();
    if (metadataConfig.isEmpty()) {
      return unusable("it has no " + metadataPaths.propertiesFile());
    }
    TableVersion metadataVersion = metadataConfig.get().version();
    if (metadataVersion != version) {
      return unusable(
          "its table version " + metadataVersion + " differs from the data table's " + version);
    }
    Timeline metadata = Timeline.load(fs, metadataPaths, TimelineLayout.of(version));
    List<Instant> pendingCompactions =
        metadata.pending().instants().stream()
            .filter(i -> i.action() == Action.COMPACTION || i.action() == Action.LOG_COMPACTION)
            .toList();
    if (!pendingCompactions.isEmpty()) {
      return unusable("metadata compactions " + pendingCompactions + " are pending");
    }
    Set<String> completed = new HashSet<>();
    metadata.completed().instants().forEach(i -> completed.add(i.time().value()));
    FilesFileGroup.Result located = FilesFileGroup.locate(fs, metadataPaths.basePath(), completed);
    if (located.fileGroup().isEmpty()) {
      return unusable(located.reason());
    }
    CompactionSlice slice = CompactionSlice.ofFiles(located.fileGroup().get(), version, metadata);
    Set<String> valid = validInstants(fs, paths, version, data, metadata);
    Timeline completedMetadata = metadata.completed();
    CompactionSlice.Result merged =
        slice.merge(
            fs,
            MetadataRecords.schema(version),
            instant ->
                completedMetadata.containsOrBeforeStart(instant)
                    && valid.contains(instant.value()));
    if (merged.merged().isEmpty()) {
      return unusable(merged.reason());
    }
    return new Result(Optional.of(of(merged.merged().get().records())), "");
  }

  private static Result unusable(String reason) {
    return new Result(Optional.empty(), reason);
  }

  /**
   * The partitions are the partition-list record's ({@code getAllPartitionPaths}); a partition's
   * files are its own record's ({@code getAllFilesInPartition}, empty without one), deletions
   * dropped.
   */
  private static MetadataTableListing of(List<GenericRecord> records) {
    SortedSet<String> partitions = new TreeSet<>();
    Map<String, List<ListedFile>> files = new TreeMap<>();
    for (GenericRecord record : records) {
      String key = record.get("key").toString();
      int type = ((Number) record.get("type")).intValue();
      Map<String, GenericRecord> entries = new TreeMap<>(MetadataRecords.fileEntries(record));
      if (type == MetadataRecords.TYPE_PARTITION_LIST) {
        entries.forEach(
            (name, info) -> {
              if (!MetadataRecords.isDeleted(info)) {
                partitions.add(partitionPath(name));
              }
            });
      } else if (type == MetadataRecords.TYPE_FILE_LIST) {
        List<ListedFile> listed = new ArrayList<>();
        entries.forEach(
            (file, info) -> {
              if (!MetadataRecords.isDeleted(info)) {
                listed.add(new ListedFile(file, ((Number) info.get("size")).longValue()));
              }
            });
        files.put(partitionPath(key), List.copyOf(listed));
      }
    }
    return new MetadataTableListing(new ArrayList<>(partitions), files);
  }

  private static String partitionPath(String name) {
    return name.equals(MetadataRecords.NON_PARTITIONED_NAME) ? "" : name;
  }

  /**
   * The instants whose log blocks a reader merges (Hudi's {@code
   * HoodieTableMetadataUtil.getValidInstantTimestamps}): the data timeline's completed instants;
   * the instants completed data rollbacks (and restores) rolled back; the metadata timeline's
   * completed rollbacks and restores and its completed deltacommits whose time starts with {@code
   * 00000000000000} (initialisations); and completed metadata deltacommits that are no data
   * instant's: on table version 6 (0.15.0's {@code isValidInstant}) those with a 20-digit time of a
   * metadata operation's suffix ({@code 001}-{@code 006}) or an initialisation's ({@code 010} on),
   * on version 8 (1.0.2's) every one whose data instant is not pending.
   */
  static Set<String> validInstants(
      FileSystem fs, TablePaths paths, TableVersion version, Timeline data, Timeline metadata) {
    Set<String> valid = new HashSet<>();
    Set<String> pendingData = new HashSet<>();
    data.completed().instants().forEach(i -> valid.add(i.time().value()));
    data.pending().instants().forEach(i -> pendingData.add(i.time().value()));
    for (Instant delta : metadata.ofAction(Action.DELTA_COMMIT).completed().instants()) {
      String time = delta.time().value();
      boolean validDelta =
          version == TableVersion.SIX ? hasOperationSuffix(time) : !pendingData.contains(time);
      if (validDelta || time.startsWith(SOLO_COMMIT_TIMESTAMP)) {
        valid.add(time);
      }
    }
    String earliest = valid.isEmpty() ? SOLO_COMMIT_TIMESTAMP : Collections.min(valid);
    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (Instant rollback : data.ofAction(Action.ROLLBACK).completed().instants()) {
      if (rollback.time().value().compareTo(earliest) > 0) {
        byte[] bytes = reader.read(rollback);
        if (bytes.length > 0) {
          valid.addAll(RollbackMetadata.fromBytes(bytes, rollback.fileName()).commitsRollback());
        } else {
          // An empty completed file: the plan names the instant (Hudi's getRollbackedCommits).
          Instant requested = Instant.requested(rollback.time(), Action.ROLLBACK);
          valid.add(
              RollbackPlan.fromBytes(reader.read(requested), requested.fileName())
                  .instantToRollback()
                  .commitTime());
        }
      }
    }
    for (Action action : List.of(Action.ROLLBACK, Action.RESTORE)) {
      metadata.ofAction(action).completed().instants().forEach(i -> valid.add(i.time().value()));
    }
    return valid;
  }

  /** Hudi's {@code HoodieTableMetadataUtil.SOLO_COMMIT_TIMESTAMP}. */
  private static final String SOLO_COMMIT_TIMESTAMP = "00000000000000";

  /**
   * Hudi 0.15.0's {@code isValidInstant} for a deltacommit: 17 digits plus a 3-digit suffix that is
   * an {@code OperationSuffix} ({@code 001} compaction to {@code 006} rollback) or at least {@code
   * PARTITION_INITIALIZATION_TIME_SUFFIX} ({@code 010}).
   */
  private static boolean hasOperationSuffix(String time) {
    if (time.length() != 20) {
      return false;
    }
    int suffix = Integer.parseInt(time.substring(17));
    return (suffix >= 1 && suffix <= 6) || suffix >= 10;
  }

  @Override
  public List<String> partitions() {
    return partitions;
  }

  @Override
  public List<ListedFile> files(String partition) {
    return filesByPartition.getOrDefault(partition, List.of());
  }

  @Override
  public String source() {
    return "metadata table";
  }
}
