package io.hudibeam.files;

import java.io.Serializable;
import java.util.Comparator;
import java.util.Objects;

/** A file group: a file id within a partition path ("" for a non-partitioned table). */
public final class FileGroupId implements Comparable<FileGroupId>, Serializable {
  private static final long serialVersionUID = 1L;
  private static final Comparator<FileGroupId> ORDER =
      Comparator.comparing(FileGroupId::partitionPath).thenComparing(FileGroupId::fileId);

  private final String partitionPath;
  private final FileId fileId;

  private FileGroupId(String partitionPath, FileId fileId) {
    this.partitionPath = Objects.requireNonNull(partitionPath);
    this.fileId = Objects.requireNonNull(fileId);
  }

  public static FileGroupId of(String partitionPath, FileId fileId) {
    return new FileGroupId(partitionPath, fileId);
  }

  public String partitionPath() {
    return partitionPath;
  }

  public FileId fileId() {
    return fileId;
  }

  @Override
  public int compareTo(FileGroupId o) {
    return ORDER.compare(this, o);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FileGroupId)) {
      return false;
    }
    FileGroupId other = (FileGroupId) o;
    return partitionPath.equals(other.partitionPath) && fileId.equals(other.fileId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionPath, fileId);
  }

  @Override
  public String toString() {
    return partitionPath + "/" + fileId;
  }
}
