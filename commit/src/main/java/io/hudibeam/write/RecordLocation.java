package io.hudibeam.write;

import io.hudibeam.files.FileId;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Objects;

/** Where the index found a record key: the file group and the instant of its latest base file. */
public final class RecordLocation implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String partitionPath;
  private final FileId fileId;
  private final InstantTime baseInstant;

  private RecordLocation(String partitionPath, FileId fileId, InstantTime baseInstant) {
    this.partitionPath = Objects.requireNonNull(partitionPath);
    this.fileId = Objects.requireNonNull(fileId);
    this.baseInstant = Objects.requireNonNull(baseInstant);
  }

  public static RecordLocation of(String partitionPath, FileId fileId, InstantTime baseInstant) {
    return new RecordLocation(partitionPath, fileId, baseInstant);
  }

  public String partitionPath() {
    return partitionPath;
  }

  public FileId fileId() {
    return fileId;
  }

  public InstantTime baseInstant() {
    return baseInstant;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RecordLocation)) {
      return false;
    }
    RecordLocation other = (RecordLocation) o;
    return partitionPath.equals(other.partitionPath)
        && fileId.equals(other.fileId)
        && baseInstant.equals(other.baseInstant);
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionPath, fileId, baseInstant);
  }

  @Override
  public String toString() {
    return partitionPath + "/" + fileId + "@" + baseInstant;
  }
}
