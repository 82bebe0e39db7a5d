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
package io.hudibeam.index;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a BUCKET-index table has far more buckets than its data fills. Every bucket of a
 * partition that gets a record becomes a base file, so a bucket count sized for much more data than
 * a partition holds makes many small files (Hudi's default of 256 buckets turns 100,000 trips in 8
 * partitions into 2,048 base files).
 *
 * <p>The rule: the largest partition this write touches holds {@code bytes} after the write (its
 * latest base files plus the inserts times the average record size). Its data fills {@code needed =
 * max(1, ceil(bytes / hoodie.parquet.max.file.size))} full-size base files. The bucket count is far
 * above that when it is more than {@value #SPARSE_FACTOR} times {@code needed}.
 */
public final class BucketCountCheck {
  /** How many times more buckets than full-size files the data fills before a warning. */
  public static final int SPARSE_FACTOR = 8;

  private BucketCountCheck() {}

  /**
   * The warning for this write, if any.
   *
   * @param partitionBytes the estimated bytes of each partition this write touches, after it
   */
  public static Optional<String> warning(
      int numBuckets, long maxFileSizeBytes, Map<String, Long> partitionBytes) {
    Objects.requireNonNull(partitionBytes, "partitionBytes");
    if (partitionBytes.isEmpty() || maxFileSizeBytes <= 0) {
      return Optional.empty();
    }
    Map.Entry<String, Long> largest = null;
    for (Map.Entry<String, Long> e : partitionBytes.entrySet()) {
      if (largest == null || e.getValue() > largest.getValue()) {
        largest = e;
      }
    }
    long bytes = Math.max(0, largest.getValue());
    long needed = Math.max(1, (bytes + maxFileSizeBytes - 1) / maxFileSizeBytes);
    if (numBuckets <= SPARSE_FACTOR * needed) {
      return Optional.empty();
    }
    return Optional.of(
        BucketIndex.NUM_BUCKETS
            + "="
            + numBuckets
            + " is far above what the data fills: the"
            + " largest partition '"
            + largest.getKey()
            + "' holds about "
            + bytes
            + " bytes after"
            + " this write, "
            + needed
            + " base file(s) of hoodie.parquet.max.file.size="
            + maxFileSizeBytes
            + ", but every bucket that gets a record becomes a base file of"
            + " about "
            + bytes / numBuckets
            + " bytes. Warned when the bucket count is more than "
            + SPARSE_FACTOR
            + " times the full-size files the largest partition fills; a table's"
            + " bucket count cannot change later, so size it for the data a partition will hold.");
  }
}
