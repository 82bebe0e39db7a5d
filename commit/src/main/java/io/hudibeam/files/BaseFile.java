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
package io.hudibeam.files;

import io.hudibeam.table.TablePaths;
import java.io.Serializable;
import java.util.Objects;

/** A base file of a file group, with its size on storage. */
public final class BaseFile implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String partitionPath;
  private final BaseFileName name;
  private final long sizeInBytes;

  private BaseFile(String partitionPath, BaseFileName name, long sizeInBytes) {
    this.partitionPath = Objects.requireNonNull(partitionPath);
    this.name = Objects.requireNonNull(name);
    this.sizeInBytes = sizeInBytes;
  }

  public static BaseFile of(String partitionPath, BaseFileName name, long sizeInBytes) {
    return new BaseFile(partitionPath, name, sizeInBytes);
  }

  public String partitionPath() {
    return partitionPath;
  }

  public BaseFileName name() {
    return name;
  }

  public FileGroupId fileGroupId() {
    return FileGroupId.of(partitionPath, name.fileId());
  }

  public long sizeInBytes() {
    return sizeInBytes;
  }

  /** The path relative to the table's base path, as commit metadata stores it. */
  public String relativePath() {
    return TablePaths.relativePath(partitionPath, name.value());
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BaseFile)) {
      return false;
    }
    BaseFile other = (BaseFile) o;
    return partitionPath.equals(other.partitionPath)
        && name.equals(other.name)
        && sizeInBytes == other.sizeInBytes;
  }

  @Override
  public int hashCode() {
    return Objects.hash(partitionPath, name, sizeInBytes);
  }

  @Override
  public String toString() {
    return relativePath() + " (" + sizeInBytes + " bytes)";
  }
}
