package io.hudibeam.metadata;

import java.util.List;
import java.util.Objects;

/**
 * The planned writes of one partition path, as recorded in a commit's inflight workload profile
 * ({@link CommitMetadata#workloadProfile}).
 *
 * @param numInserts records planned for insert into the partition
 * @param fileGroups the file groups planned to receive updates or inserts
 */
public record PartitionWorkload(long numInserts, List<FileGroupWorkload> fileGroups) {
  public PartitionWorkload {
    fileGroups = List.copyOf(fileGroups);
  }

  /**
   * Planned writes to one file group.
   *
   * @param prevCommit instant of the file group's current base file ({@link WriteStat#NULL_COMMIT} for a new one)
   */
  public record FileGroupWorkload(String fileId, String prevCommit, long numUpdates, long numInserts) {
    public FileGroupWorkload {
      Objects.requireNonNull(fileId, "fileId");
      Objects.requireNonNull(prevCommit, "prevCommit");
    }
  }
}
