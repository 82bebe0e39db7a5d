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
package io.hudibeam.basefile;

import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/** What a closed {@link BaseFileWriter} wrote: the file, its record count, size and key range. */
public final class BaseFileResult {
  private final Path path;
  private final long recordCount;
  private final long fileSizeBytes;
  private final String minRecordKey;
  private final String maxRecordKey;

  BaseFileResult(
      Path path, long recordCount, long fileSizeBytes, String minRecordKey, String maxRecordKey) {
    this.path = Objects.requireNonNull(path, "path");
    this.recordCount = recordCount;
    this.fileSizeBytes = fileSizeBytes;
    this.minRecordKey = minRecordKey;
    this.maxRecordKey = maxRecordKey;
  }

  public Path path() {
    return path;
  }

  /** The base file's name, {@code <fileId>_<writeToken>_<instantTime>.parquet}. */
  public String fileName() {
    return path.getName();
  }

  public long recordCount() {
    return recordCount;
  }

  /** Size on the file system after close. */
  public long fileSizeBytes() {
    return fileSizeBytes;
  }

  /** Smallest record key ({@code String.compareTo}); empty when no record was written. */
  public Optional<String> minRecordKey() {
    return Optional.ofNullable(minRecordKey);
  }

  public Optional<String> maxRecordKey() {
    return Optional.ofNullable(maxRecordKey);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof BaseFileResult)) {
      return false;
    }
    BaseFileResult that = (BaseFileResult) o;
    return recordCount == that.recordCount
        && fileSizeBytes == that.fileSizeBytes
        && path.equals(that.path)
        && Objects.equals(minRecordKey, that.minRecordKey)
        && Objects.equals(maxRecordKey, that.maxRecordKey);
  }

  @Override
  public int hashCode() {
    return Objects.hash(path, recordCount, fileSizeBytes, minRecordKey, maxRecordKey);
  }

  @Override
  public String toString() {
    return "BaseFileResult{path="
        + path
        + ", recordCount="
        + recordCount
        + ", fileSizeBytes="
        + fileSizeBytes
        + ", minRecordKey="
        + minRecordKey
        + ", maxRecordKey="
        + maxRecordKey
        + "}";
  }
}
