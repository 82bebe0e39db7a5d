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

import io.hudibeam.settings.HudiSettings;
import java.io.Serializable;
import java.util.Map;

/**
 * File sizing settings, under Hudi's keys and with Hudi's defaults: {@code
 * hoodie.parquet.max.file.size} (120 MiB), {@code hoodie.parquet.small.file.limit} (100 MiB),
 * {@code hoodie.copyonwrite.record.size.estimate} (1 KiB).
 */
public final class FileSizing implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String MAX_FILE_SIZE = HudiSettings.MAX_FILE_SIZE.key();

  public static final String SMALL_FILE_LIMIT = HudiSettings.SMALL_FILE_LIMIT.key();
  public static final String RECORD_SIZE_ESTIMATE = HudiSettings.RECORD_SIZE_ESTIMATE.key();

  public static final long DEFAULT_MAX_FILE_SIZE =
      HudiSettings.MAX_FILE_SIZE.defaultValue().orElseThrow();
  public static final long DEFAULT_SMALL_FILE_LIMIT =
      HudiSettings.SMALL_FILE_LIMIT.defaultValue().orElseThrow();
  public static final long DEFAULT_RECORD_SIZE_ESTIMATE =
      HudiSettings.RECORD_SIZE_ESTIMATE.defaultValue().orElseThrow();

  private final long maxFileSize;
  private final long smallFileLimit;
  private final long recordSizeEstimate;

  private FileSizing(long maxFileSize, long smallFileLimit, long recordSizeEstimate) {
    HudiSettings.MAX_FILE_SIZE.check(maxFileSize);
    HudiSettings.SMALL_FILE_LIMIT.check(smallFileLimit);
    HudiSettings.RECORD_SIZE_ESTIMATE.check(recordSizeEstimate);
    this.maxFileSize = maxFileSize;
    this.smallFileLimit = smallFileLimit;
    this.recordSizeEstimate = recordSizeEstimate;
  }

  public static FileSizing defaults() {
    return new FileSizing(
        DEFAULT_MAX_FILE_SIZE, DEFAULT_SMALL_FILE_LIMIT, DEFAULT_RECORD_SIZE_ESTIMATE);
  }

  public static FileSizing of(long maxFileSize, long smallFileLimit, long recordSizeEstimate) {
    return new FileSizing(maxFileSize, smallFileLimit, recordSizeEstimate);
  }

  /** Reads Hudi's keys, keeping the defaults for absent ones. */
  public static FileSizing fromProperties(Map<String, String> properties) {
    return new FileSizing(
        HudiSettings.MAX_FILE_SIZE.get(properties),
        HudiSettings.SMALL_FILE_LIMIT.get(properties),
        HudiSettings.RECORD_SIZE_ESTIMATE.get(properties));
  }

  public long maxFileSize() {
    return maxFileSize;
  }

  public long smallFileLimit() {
    return smallFileLimit;
  }

  public long recordSizeEstimate() {
    return recordSizeEstimate;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FileSizing)) {
      return false;
    }
    FileSizing other = (FileSizing) o;
    return maxFileSize == other.maxFileSize
        && smallFileLimit == other.smallFileLimit
        && recordSizeEstimate == other.recordSizeEstimate;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(maxFileSize) * 31 * 31
        + Long.hashCode(smallFileLimit) * 31
        + Long.hashCode(recordSizeEstimate);
  }

  @Override
  public String toString() {
    return "FileSizing{max="
        + maxFileSize
        + ", smallFileLimit="
        + smallFileLimit
        + ", recordSizeEstimate="
        + recordSizeEstimate
        + "}";
  }
}
