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
package io.hudibeam.write;

import io.hudibeam.files.FileId;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Hudi's workload profile: per partition path, the number of inserts and the number of updates (and
 * deletes) per existing file group.
 *
 * <p>Serializable because a pipeline's global combine carries its empty profile (the default for no
 * input) inside a Java-serialized function; the pipeline moves profiles with their coder.
 *
 * @param partitions each touched partition's workload, sorted by partition path (unmodifiable)
 */
public record WorkloadProfile(SortedMap<String, PartitionWorkload> partitions)
    implements Serializable {

  public WorkloadProfile {
    partitions =
        Collections.unmodifiableSortedMap(
            new TreeMap<>(Objects.requireNonNull(partitions, "partitions")));
  }

  public static WorkloadProfile empty() {
    return new WorkloadProfile(new TreeMap<>());
  }

  public static WorkloadProfile of(Map<String, PartitionWorkload> partitions) {
    return new WorkloadProfile(new TreeMap<>(partitions));
  }

  public PartitionWorkload partition(String partitionPath) {
    return partitions.getOrDefault(partitionPath, PartitionWorkload.EMPTY);
  }

  /**
   * Adds one record: an insert when {@code existing} is null, else an update of that file group.
   */
  public WorkloadProfile plus(String partitionPath, FileId existing) {
    TreeMap<String, PartitionWorkload> copy = new TreeMap<>(partitions);
    copy.put(partitionPath, partition(partitionPath).plus(existing, 1));
    return new WorkloadProfile(copy);
  }

  /** The sum of two profiles (for combining partial profiles). */
  public WorkloadProfile merge(WorkloadProfile other) {
    TreeMap<String, PartitionWorkload> copy = new TreeMap<>(partitions);
    other.partitions.forEach((p, w) -> copy.merge(p, w, PartitionWorkload::merge));
    return new WorkloadProfile(copy);
  }

  public long totalInserts() {
    return partitions.values().stream().mapToLong(PartitionWorkload::inserts).sum();
  }

  public long totalUpdates() {
    return partitions.values().stream().mapToLong(PartitionWorkload::totalUpdates).sum();
  }

  @Override
  public String toString() {
    return "WorkloadProfile" + partitions;
  }

  /**
   * One partition's workload.
   *
   * @param inserts records new to the table
   * @param updates updates and deletes per existing file group, sorted by file id (unmodifiable)
   */
  public record PartitionWorkload(long inserts, SortedMap<FileId, Long> updates)
      implements Serializable {
    static final PartitionWorkload EMPTY = new PartitionWorkload(0, new TreeMap<>());

    public PartitionWorkload {
      updates =
          Collections.unmodifiableSortedMap(
              new TreeMap<>(Objects.requireNonNull(updates, "updates")));
    }

    public static PartitionWorkload of(long inserts, Map<FileId, Long> updates) {
      return new PartitionWorkload(inserts, new TreeMap<>(updates));
    }

    public long totalUpdates() {
      return updates.values().stream().mapToLong(Long::longValue).sum();
    }

    PartitionWorkload plus(FileId existing, long count) {
      if (existing == null) {
        return new PartitionWorkload(inserts + count, updates);
      }
      TreeMap<FileId, Long> copy = new TreeMap<>(updates);
      copy.merge(existing, count, Long::sum);
      return new PartitionWorkload(inserts, copy);
    }

    PartitionWorkload merge(PartitionWorkload other) {
      TreeMap<FileId, Long> copy = new TreeMap<>(updates);
      other.updates.forEach((f, n) -> copy.merge(f, n, Long::sum));
      return new PartitionWorkload(inserts + other.inserts, copy);
    }

    @Override
    public String toString() {
      return "{inserts=" + inserts + ", updates=" + updates + "}";
    }
  }
}
