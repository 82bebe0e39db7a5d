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
package io.hudibeam.log;

import java.util.Objects;
import org.apache.hadoop.fs.Path;

/**
 * What a closed {@link LogFileWriter} wrote: the file, its size, and its block, record and delete
 * counts.
 */
public final class LogFileResult {
  private final Path path;
  private final long fileSizeBytes;
  private final int blockCount;
  private final long recordCount;
  private final long deleteCount;

  LogFileResult(Path path, long fileSizeBytes, int blockCount, long recordCount, long deleteCount) {
    this.path = Objects.requireNonNull(path, "path");
    this.fileSizeBytes = fileSizeBytes;
    this.blockCount = blockCount;
    this.recordCount = recordCount;
    this.deleteCount = deleteCount;
  }

  public Path path() {
    return path;
  }

  public String fileName() {
    return path.getName();
  }

  /** Size on the file system after close (a new file, so also the bytes this write added). */
  public long fileSizeBytes() {
    return fileSizeBytes;
  }

  public int blockCount() {
    return blockCount;
  }

  /** Records in Avro and HFile data blocks. */
  public long recordCount() {
    return recordCount;
  }

  /** Entries of delete blocks. */
  public long deleteCount() {
    return deleteCount;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LogFileResult)) {
      return false;
    }
    LogFileResult that = (LogFileResult) o;
    return path.equals(that.path)
        && fileSizeBytes == that.fileSizeBytes
        && blockCount == that.blockCount
        && recordCount == that.recordCount
        && deleteCount == that.deleteCount;
  }

  @Override
  public int hashCode() {
    return Objects.hash(path, fileSizeBytes, blockCount, recordCount, deleteCount);
  }

  @Override
  public String toString() {
    return "LogFileResult{path="
        + path
        + ", fileSizeBytes="
        + fileSizeBytes
        + ", blocks="
        + blockCount
        + ", records="
        + recordCount
        + ", deletes="
        + deleteCount
        + "}";
  }
}
