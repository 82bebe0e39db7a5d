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

/**
 * A base file of a file group, with its size on storage.
 *
 * @param partitionPath the partition path, relative to the table's base path
 * @param name the file name
 * @param sizeInBytes the size on storage
 */
public record BaseFile(String partitionPath, BaseFileName name, long sizeInBytes)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public BaseFile {
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(name, "name");
  }

  public static BaseFile of(String partitionPath, BaseFileName name, long sizeInBytes) {
    return new BaseFile(partitionPath, name, sizeInBytes);
  }

  public FileGroupId fileGroupId() {
    return FileGroupId.of(partitionPath, name.fileId());
  }

  /** The path relative to the table's base path, as commit metadata stores it. */
  public String relativePath() {
    return TablePaths.relativePath(partitionPath, name.value());
  }

  @Override
  public String toString() {
    return relativePath() + " (" + sizeInBytes + " bytes)";
  }
}
