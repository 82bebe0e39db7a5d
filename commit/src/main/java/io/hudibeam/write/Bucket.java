package io.hudibeam.write;

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * Where records are written in one instant: a file group, with the base file it currently has
 * (records are merged into a new version of it) or none (a new file group is created).
 */
public final class Bucket implements Comparable<Bucket>, Serializable {
  private static final long serialVersionUID = 1L;

  private final FileGroupId fileGroupId;
  private final BaseFile baseFile;

  private Bucket(FileGroupId fileGroupId, BaseFile baseFile) {
    this.fileGroupId = Objects.requireNonNull(fileGroupId);
    this.baseFile = baseFile;
  }

  public static Bucket newFileGroup(FileGroupId fileGroupId) {
    return new Bucket(fileGroupId, null);
  }

  public static Bucket existing(BaseFile baseFile) {
    return new Bucket(baseFile.fileGroupId(), baseFile);
  }

  public FileGroupId fileGroupId() {
    return fileGroupId;
  }

  /** The current base file of an existing file group; empty for a new file group. */
  public Optional<BaseFile> baseFile() {
    return Optional.ofNullable(baseFile);
  }

  public BucketType type() {
    return baseFile == null ? BucketType.INSERT : BucketType.UPDATE;
  }

  @Override
  public int compareTo(Bucket o) {
    return fileGroupId.compareTo(o.fileGroupId);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Bucket)) {
      return false;
    }
    Bucket other = (Bucket) o;
    return fileGroupId.equals(other.fileGroupId) && Objects.equals(baseFile, other.baseFile);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileGroupId, baseFile);
  }

  @Override
  public String toString() {
    return type() + ":" + fileGroupId + (baseFile == null ? "" : " <- " + baseFile.name());
  }
}
