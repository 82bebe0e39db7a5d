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

import java.io.Serializable;
import java.util.Comparator;
import java.util.Objects;

/**
 * A file group: a file id within a partition path ("" for a non-partitioned table).
 *
 * @param partitionPath the relative partition path, "" for a non-partitioned table
 * @param fileId the file group's id
 */
public record FileGroupId(String partitionPath, FileId fileId)
    implements Comparable<FileGroupId>, Serializable {
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
