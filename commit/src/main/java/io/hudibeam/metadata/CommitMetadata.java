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
package io.hudibeam.metadata;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The content of a commit or deltacommit instant (table version 6: JSON, see {@link
 * CommitMetadataJson}): write stats per partition path, whether it is a compaction, extra metadata
 * (including the writer {@linkplain #schema() schema}) and the operation type. Mirrors Hudi's
 * {@code HoodieCommitMetadata}.
 */
public final class CommitMetadata {

  /** Extra-metadata key of the writer schema (Hudi's {@code HoodieCommitMetadata.SCHEMA_KEY}). */
  public static final String SCHEMA_KEY = "schema";

  private static final CommitMetadata EMPTY = builder().build();

  private final Map<String, List<WriteStat>> partitionToWriteStats;
  private final boolean compacted;
  private final Map<String, String> extraMetadata;
  private final OperationType operationType;

  private CommitMetadata(Builder b) {
    Map<String, List<WriteStat>> stats = new LinkedHashMap<>();
    b.partitionToWriteStats.forEach((p, l) -> stats.put(p, WriteStat.copyOf(l, p)));
    this.partitionToWriteStats = Collections.unmodifiableMap(stats);
    this.compacted = b.compacted;
    this.extraMetadata = Collections.unmodifiableMap(new LinkedHashMap<>(b.extraMetadata));
    this.operationType = b.operationType;
  }

  /** What Hudi reads from an empty commit file: no stats, no extra metadata, {@code UNKNOWN}. */
  public static CommitMetadata empty() {
    return EMPTY;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    partitionToWriteStats.forEach((p, l) -> b.partitionToWriteStats.put(p, new ArrayList<>(l)));
    b.compacted = compacted;
    b.extraMetadata.putAll(extraMetadata);
    b.operationType = operationType;
    return b;
  }

  /**
   * The "workload profile" Hudi writes into a commit's inflight file before writing data ({@code
   * BaseCommitActionExecutor.saveWorkloadProfileMetadataToInflight}): per partition one stat with
   * fileId {@code ""}, prevCommit {@link WriteStat#NULL_COMMIT} and the partition's planned insert
   * count, then one stat per planned file group with its planned update and insert counts. Paths
   * and partition paths are null; extra metadata is empty.
   */
  public static CommitMetadata workloadProfile(
      OperationType operationType, Map<String, PartitionWorkload> partitions) {
    Builder b = builder().operationType(operationType);
    partitions.forEach(
        (partition, workload) -> {
          b.addWriteStat(
              partition,
              WriteStat.builder()
                  .fileId("")
                  .prevCommit(WriteStat.NULL_COMMIT)
                  .numInserts(workload.numInserts())
                  .build());
          for (PartitionWorkload.FileGroupWorkload fg : workload.fileGroups()) {
            b.addWriteStat(
                partition,
                WriteStat.builder()
                    .fileId(fg.fileId())
                    .prevCommit(fg.prevCommit())
                    .numUpdateWrites(fg.numUpdates())
                    .numInserts(fg.numInserts())
                    .build());
          }
        });
    return b.build();
  }

  /**
   * Partition path ({@code ""} when non-partitioned) to the write stats of that partition, in
   * insertion order.
   */
  public Map<String, List<WriteStat>> partitionToWriteStats() {
    return partitionToWriteStats;
  }

  /** All write stats, partition by partition. */
  public List<WriteStat> writeStats() {
    List<WriteStat> all = new ArrayList<>();
    partitionToWriteStats.values().forEach(all::addAll);
    return Collections.unmodifiableList(all);
  }

  /**
   * File id to base-relative path of every write stat, as Hudi's {@code getFileIdAndRelativePaths}:
   * one entry per file group, a later stat of the same file id wins.
   */
  public Map<String, String> fileIdToRelativePath() {
    Map<String, String> result = new LinkedHashMap<>();
    for (List<WriteStat> stats : partitionToWriteStats.values()) {
      for (WriteStat stat : stats) {
        result.put(stat.fileId(), stat.path());
      }
    }
    return Collections.unmodifiableMap(result);
  }

  public boolean compacted() {
    return compacted;
  }

  public Map<String, String> extraMetadata() {
    return extraMetadata;
  }

  /** The writer's Avro schema ({@code extraMetadata["schema"]}), absent when the key is missing. */
  public Optional<String> schema() {
    return Optional.ofNullable(extraMetadata.get(SCHEMA_KEY));
  }

  public OperationType operationType() {
    return operationType;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof CommitMetadata)) {
      return false;
    }
    CommitMetadata that = (CommitMetadata) o;
    return compacted == that.compacted
        && partitionToWriteStats.equals(that.partitionToWriteStats)
        && extraMetadata.equals(that.extraMetadata)
        && operationType == that.operationType;
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionToWriteStats, compacted, extraMetadata, operationType);
  }

  @Override
  public String toString() {
    return "CommitMetadata{operationType="
        + operationType
        + ", compacted="
        + compacted
        + ", partitionToWriteStats="
        + partitionToWriteStats
        + ", extraMetadata keys="
        + extraMetadata.keySet()
        + "}";
  }

  /** Builds {@link CommitMetadata}; defaults are those of an empty Hudi commit. */
  public static final class Builder {
    private final Map<String, List<WriteStat>> partitionToWriteStats = new LinkedHashMap<>();
    private boolean compacted;
    private final Map<String, String> extraMetadata = new LinkedHashMap<>();
    private OperationType operationType = OperationType.UNKNOWN;

    private Builder() {}

    /** Adds a stat under its own {@link WriteStat#partitionPath()}, which must be set. */
    public Builder addWriteStat(WriteStat stat) {
      if (stat.partitionPath() == null) {
        throw new InvalidMetadataException(
            "Write stat of file id '"
                + stat.fileId()
                + "' has no partition path; use addWriteStat(partition, stat)");
      }
      return addWriteStat(stat.partitionPath(), stat);
    }

    public Builder addWriteStat(String partitionPath, WriteStat stat) {
      Objects.requireNonNull(partitionPath, "partitionPath");
      Objects.requireNonNull(stat, "stat");
      partitionToWriteStats.computeIfAbsent(partitionPath, k -> new ArrayList<>()).add(stat);
      return this;
    }

    /** Records a partition with an empty stats list, as Hudi keeps partitions it saw. */
    public Builder addPartition(String partitionPath) {
      partitionToWriteStats.computeIfAbsent(
          Objects.requireNonNull(partitionPath), k -> new ArrayList<>());
      return this;
    }

    public Builder compacted(boolean v) {
      compacted = v;
      return this;
    }

    public Builder putExtraMetadata(String key, String value) {
      extraMetadata.put(
          Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value of " + key));
      return this;
    }

    public Builder schema(String avroSchemaJson) {
      return putExtraMetadata(SCHEMA_KEY, avroSchemaJson);
    }

    public Builder operationType(OperationType v) {
      operationType = Objects.requireNonNull(v, "operationType");
      return this;
    }

    public CommitMetadata build() {
      return new CommitMetadata(this);
    }
  }
}
