package io.hudibeam.files;

import java.io.Serializable;
import java.util.Comparator;
import java.util.Objects;

/**
 * A file group: a file id within a partition path ("" for a non-partitioned table).
 *
 * @param partitionPath the relative partition path, "" for a non-partitioned table
 * @param fileId the file group's id
 */
public record FileGroupId(String partitionPath, FileId fileId) implements Comparable<FileGroupId>, Serializable {
  private static final Comparator<FileGroupId> ORDER =
      Comparator.comparing(FileGroupId::partitionPath).thenComparing(FileGroupId::fileId);

  public FileGroupId {
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(fileId, "fileId");
  }

  public static FileGroupId of(String partitionPath, FileId fileId) {
    return new FileGroupId(partitionPath, fileId);
  }

  @Override
  public int compareTo(FileGroupId o) {
    return ORDER.compare(this, o);
  }

  @Override
  public String toString() {
    return partitionPath + "/" + fileId;
  }
}
