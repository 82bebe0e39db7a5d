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
import io.hudibeam.metadata.CleanPartitionMetadata;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.RollbackMetadata;
import io.hudibeam.metadata.RollbackPartitionMetadata;
import io.hudibeam.metadata.WriteStat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * What one data-table instant changes in the {@code files} partition, converted from its metadata
 * as Hudi 0.15's {@code HoodieTableMetadataUtil} converts it:
 *
 * <ul>
 *   <li>a commit, deltacommit, replacecommit or compaction ({@link #ofCommit}, {@code
 *       convertMetadataToFilesPartitionRecords(HoodieCommitMetadata, ...)}): every partition of its
 *       write stats is (re)listed in {@code __all_partitions__}, and each file it wrote is added
 *       with the largest size its stats report. Files a replacecommit replaces stay listed until a
 *       clean deletes them, as in Hudi;
 *   <li>a clean ({@link #ofClean}, {@code convertMetadataToFilesPartitionRecords(
 *       HoodieCleanMetadata, ...)}): the files of each partition's {@code deletePathPatterns} are
 *       deleted, and partitions the clean deleted are deleted from the partition list;
 *   <li>a rollback ({@link #ofRollback}, {@code convertMetadataToRollbackRecords}): only the log
 *       files that received rollback blocks and, with them, the failed instant's log files are
 *       added; files the rollback deleted were never in the metadata table, because the rolled-back
 *       instant's own metadata deltacommit is undone with it.
 * </ul>
 *
 * @param partitionsAdded partition paths listed in the partition-list record, or empty for none
 * @param partitionsDeleted partition paths removed from the partition list
 * @param filesAdded partition path to file name to size
 * @param filesDeleted partition path to deleted file names
 * @param listPartitions whether the partition-list record names {@code partitionsAdded} (commits)
 */
public record FilesPartitionUpdate(
    List<String> partitionsAdded,
    List<String> partitionsDeleted,
    Map<String, Map<String, Long>> filesAdded,
    Map<String, List<String>> filesDeleted,
    boolean listPartitions) {

  public FilesPartitionUpdate {
    partitionsAdded = List.copyOf(partitionsAdded);
    partitionsDeleted = List.copyOf(partitionsDeleted);
    Map<String, Map<String, Long>> added = new TreeMap<>();
    filesAdded.forEach((p, files) -> added.put(p, new TreeMap<>(files)));
    filesAdded = java.util.Collections.unmodifiableMap(added);
    Map<String, List<String>> deleted = new TreeMap<>();
    filesDeleted.forEach((p, files) -> deleted.put(p, List.copyOf(files)));
    filesDeleted = java.util.Collections.unmodifiableMap(deleted);
  }

  /** The files a commit, deltacommit, replacecommit or compaction wrote. */
  public static FilesPartitionUpdate ofCommit(CommitMetadata metadata) {
    Map<String, Map<String, Long>> added = new LinkedHashMap<>();
    for (Map.Entry<String, List<WriteStat>> e : metadata.partitionToWriteStats().entrySet()) {
      String partition = e.getKey();
      Map<String, Long> files = added.computeIfAbsent(partition, p -> new LinkedHashMap<>());
      for (WriteStat stat : e.getValue()) {
        if (stat.path() == null) {
          continue; // an empty partition's stat names no file (Hudi logs and skips it)
        }
        files.merge(fileName(stat.path()), stat.fileSizeInBytes(), Math::max);
        if (stat.cdcStats() != null) {
          stat.cdcStats().forEach((path, size) -> files.put(fileName(path), size));
        }
      }
    }
    return new FilesPartitionUpdate(
        new ArrayList<>(metadata.partitionToWriteStats().keySet()),
        List.of(),
        added,
        Map.of(),
        true);
  }

  /** The files a clean deleted. */
  public static FilesPartitionUpdate ofClean(CleanMetadata metadata) {
    Map<String, List<String>> deleted = new LinkedHashMap<>();
    List<String> partitionsDeleted = new ArrayList<>();
    for (CleanPartitionMetadata p : metadata.partitionMetadata().values()) {
      List<String> names = new ArrayList<>();
      for (String pattern : p.deletePathPatterns()) {
        names.add(fileName(pattern));
      }
      deleted.put(p.partitionPath(), names);
      if (p.isPartitionDeleted()) {
        partitionsDeleted.add(p.partitionPath());
      }
    }
    return new FilesPartitionUpdate(List.of(), partitionsDeleted, Map.of(), deleted, false);
  }

  /** The log files a rollback appended rollback blocks to, with the failed instant's log files. */
  public static FilesPartitionUpdate ofRollback(RollbackMetadata metadata) {
    Map<String, Map<String, Long>> added = new LinkedHashMap<>();
    for (RollbackPartitionMetadata p : metadata.partitionMetadata().values()) {
      if (p.rollbackLogFiles().isEmpty()) {
        continue;
      }
      Map<String, Long> files =
          added.computeIfAbsent(p.partitionPath(), x -> new LinkedHashMap<>());
      p.rollbackLogFiles().forEach((path, size) -> files.merge(fileName(path), size, Math::max));
      p.logFilesFromFailedCommit()
          .forEach((path, size) -> files.merge(fileName(path), size, Math::max));
    }
    return new FilesPartitionUpdate(List.of(), List.of(), added, Map.of(), false);
  }

  /** Whether the update writes no record (Hudi still commits an empty deltacommit for it). */
  public boolean isEmpty() {
    return !listPartitions
        && partitionsDeleted.isEmpty()
        && filesAdded.isEmpty()
        && filesDeleted.isEmpty();
  }

  /**
   * The records of the update: the partition-list record first (when the instant lists or deletes
   * partitions), then one file-list record per partition.
   */
  public List<GenericRecord> records(Schema schema) {
    List<GenericRecord> records = new ArrayList<>();
    if (listPartitions) {
      records.add(MetadataRecords.partitionList(schema, partitionsAdded, false));
    }
    java.util.Set<String> partitions = new java.util.TreeSet<>(filesAdded.keySet());
    partitions.addAll(filesDeleted.keySet());
    for (String partition : partitions) {
      records.add(
          MetadataRecords.partitionFiles(
              schema,
              partition,
              filesAdded.getOrDefault(partition, Map.of()),
              filesDeleted.getOrDefault(partition, List.of())));
    }
    if (!partitionsDeleted.isEmpty()) {
      records.add(MetadataRecords.partitionList(schema, partitionsDeleted, true));
    }
    return records;
  }

  /** The last segment of a path (write stats hold {@code partition/name}, cleans the name). */
  private static String fileName(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? path : path.substring(slash + 1);
  }
}
