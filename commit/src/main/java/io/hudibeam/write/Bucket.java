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

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * Where records are written in one instant: a file group, with the base file it currently has
 * (records are merged into a new version of it), or none (a new file group is created), or, on a
 * merge-on-read table, its latest file slice (records go to a new log file of that slice).
 */
public final class Bucket implements Comparable<Bucket>, Serializable {
  private static final long serialVersionUID = 1L;

  private final FileGroupId fileGroupId;
  private final BaseFile baseFile;
  private final FileSlice slice;

  private Bucket(FileGroupId fileGroupId, BaseFile baseFile, FileSlice slice) {
    this.fileGroupId = Objects.requireNonNull(fileGroupId);
    this.baseFile = baseFile;
    this.slice = slice;
  }

  public static Bucket newFileGroup(FileGroupId fileGroupId) {
    return new Bucket(fileGroupId, null, null);
  }

  public static Bucket existing(BaseFile baseFile) {
    return new Bucket(baseFile.fileGroupId(), baseFile, null);
  }

  /** A bucket whose records go to a new log file of the given (latest) file slice. */
  public static Bucket append(FileSlice slice) {
    return new Bucket(slice.fileGroupId(), null, slice);
  }

  public FileGroupId fileGroupId() {
    return fileGroupId;
  }

  /**
   * The base file an UPDATE bucket merges into; empty for a new file group and for an APPEND bucket
   * (whose slice may have a base file, which it leaves alone).
   */
  public Optional<BaseFile> baseFile() {
    return Optional.ofNullable(baseFile);
  }

  /** The latest file slice an APPEND bucket adds a log file to. */
  public Optional<FileSlice> slice() {
    return Optional.ofNullable(slice);
  }

  /**
   * The instant of the file group's current slice ({@code prevCommit}); empty for a new file group.
   */
  public Optional<InstantTime> baseInstant() {
    if (slice != null) {
      return Optional.of(slice.baseInstant());
    }
    return baseFile().map(b -> b.name().instantTime());
  }

  public BucketType type() {
    if (slice != null) {
      return BucketType.APPEND;
    }
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
    return fileGroupId.equals(other.fileGroupId)
        && Objects.equals(baseFile, other.baseFile)
        && Objects.equals(slice, other.slice);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileGroupId, baseFile, slice);
  }

  @Override
  public String toString() {
    if (slice != null) {
      return type() + ":" + fileGroupId + " -> " + slice;
    }
    return type() + ":" + fileGroupId + (baseFile == null ? "" : " <- " + baseFile.name());
  }
}
