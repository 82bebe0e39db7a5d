package io.hudibeam.write;

import io.hudibeam.files.FileId;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Hudi's workload profile: per partition path, the number of inserts and the number of updates
 * (and deletes) per existing file group.
 */
public final class WorkloadProfile implements Serializable {
  private static final long serialVersionUID = 1L;

  private final SortedMap<String, PartitionWorkload> partitions;

  private WorkloadProfile(SortedMap<String, PartitionWorkload> partitions) {
    this.partitions = Collections.unmodifiableSortedMap(partitions);
  }

  public static WorkloadProfile empty() {
    return new WorkloadProfile(new TreeMap<>());
  }

  public static WorkloadProfile of(Map<String, PartitionWorkload> partitions) {
    return new WorkloadProfile(new TreeMap<>(partitions));
  }

  public SortedMap<String, PartitionWorkload> partitions() {
    return partitions;
  }

  public PartitionWorkload partition(String partitionPath) {
    return partitions.getOrDefault(partitionPath, PartitionWorkload.EMPTY);
  }

  /** Adds one record: an insert when {@code existing} is null, else an update of that file group. */
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
  public boolean equals(Object o) {
    return o instanceof WorkloadProfile && partitions.equals(((WorkloadProfile) o).partitions);
  }

  @Override
  public int hashCode() {
    return partitions.hashCode();
  }

  @Override
  public String toString() {
    return "WorkloadProfile" + partitions;
  }

  /** One partition's workload. */
  public static final class PartitionWorkload implements Serializable {
    private static final long serialVersionUID = 1L;
    static final PartitionWorkload EMPTY = new PartitionWorkload(0, new TreeMap<>());

    private final long inserts;
    private final SortedMap<FileId, Long> updates;

    private PartitionWorkload(long inserts, SortedMap<FileId, Long> updates) {
      this.inserts = inserts;
      this.updates = Collections.unmodifiableSortedMap(updates);
    }

    public static PartitionWorkload of(long inserts, Map<FileId, Long> updates) {
      return new PartitionWorkload(inserts, new TreeMap<>(updates));
    }

    public long inserts() {
      return inserts;
    }

    public SortedMap<FileId, Long> updates() {
      return updates;
    }

    public long totalUpdates() {
      return updates.values().stream().mapToLong(Long::longValue).sum();
    }

    PartitionWorkload plus(FileId existing, long count) {
      if (existing == null) {
        return new PartitionWorkload(inserts + count, new TreeMap<>(updates));
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
    public boolean equals(Object o) {
      if (!(o instanceof PartitionWorkload)) {
        return false;
      }
      PartitionWorkload other = (PartitionWorkload) o;
      return inserts == other.inserts && updates.equals(other.updates);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(inserts) * 31 + updates.hashCode();
    }

    @Override
    public String toString() {
      return "{inserts=" + inserts + ", updates=" + updates + "}";
    }
  }
}
