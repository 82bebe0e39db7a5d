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

import java.io.Serializable;

/**
 * File sizing settings, under Hudi's keys and with Hudi's defaults (the settings registry checks
 * each value where it reads it; sizes this class divides by are guarded here too): {@code
 * hoodie.parquet.max.file.size} (120 MiB), {@code hoodie.parquet.small.file.limit} (100 MiB),
 * {@code hoodie.copyonwrite.record.size.estimate} (1 KiB).
 */
public record FileSizing(long maxFileSize, long smallFileLimit, long recordSizeEstimate)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The keys of these settings (the settings registry declares them with these keys). */
  public static final String MAX_FILE_SIZE = "hoodie.parquet.max.file.size";

  public static final String SMALL_FILE_LIMIT = "hoodie.parquet.small.file.limit";
  public static final String RECORD_SIZE_ESTIMATE = "hoodie.copyonwrite.record.size.estimate";

  /** Hudi's defaults: 120 MiB files, 100 MiB small-file limit, 1 KiB per record. */
  public static final long DEFAULT_MAX_FILE_SIZE = 120L * 1024 * 1024;

  public static final long DEFAULT_SMALL_FILE_LIMIT = 100L * 1024 * 1024;
  public static final long DEFAULT_RECORD_SIZE_ESTIMATE = 1024L;

  public FileSizing {
    if (maxFileSize < 1 || smallFileLimit < 0 || recordSizeEstimate < 1) {
      throw new IllegalArgumentException(
          String.format(
              "file sizing needs %s >= 1, %s >= 0 and %s >= 1, but was %d, %d, %d",
              MAX_FILE_SIZE,
              SMALL_FILE_LIMIT,
              RECORD_SIZE_ESTIMATE,
              maxFileSize,
              smallFileLimit,
              recordSizeEstimate));
    }
  }

  public static FileSizing defaults() {
    return new FileSizing(
        DEFAULT_MAX_FILE_SIZE, DEFAULT_SMALL_FILE_LIMIT, DEFAULT_RECORD_SIZE_ESTIMATE);
  }

  public static FileSizing of(long maxFileSize, long smallFileLimit, long recordSizeEstimate) {
    return new FileSizing(maxFileSize, smallFileLimit, recordSizeEstimate);
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
