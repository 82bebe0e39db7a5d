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

import java.io.File;
import java.io.Serializable;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * How much heap a file-group merge may hold of its incoming records before it spills the rest to
 * local disk ({@link SpillableRecordMap}), under Hudi's keys ({@code HoodieMemoryConfig}). Two
 * merges have a budget each: the merge handle's (incoming records of an upsert, {@code
 * hoodie.memory.merge.*}) and compaction's (the merged log records of a file slice, {@code
 * hoodie.memory.compaction.*}), read the same way by the settings registry:
 *
 * <ul>
 *   <li>{@link #MAX_SIZE} / {@link #COMPACTION_MAX_SIZE}: the budget in bytes. When given it is the
 *       budget, as in Hudi ({@code IOUtils.getMaxMemoryPerPartitionMerge} / {@code
 *       getMaxMemoryPerCompaction}).
 *   <li>{@link #FRACTION} / {@link #COMPACTION_FRACTION} (default {@link #DEFAULT_FRACTION}):
 *       otherwise the budget is this fraction of the heap a merge can count on: the JVM's max heap
 *       divided by its available processors (one merge per core at most), times {@value
 *       #USER_MEMORY_SHARE} (Hudi multiplies the fraction with Spark's user memory, {@code 1 -
 *       spark.memory.fraction} = 0.4 of the executor heap; Beam runners have no such setting, so
 *       the same share is taken of the heap). With {@code -Xmx1g} on 2 cores that is about 123 MiB
 *       per merge.
 *   <li>{@link #SPILL_PATH} (default the JVM's {@code java.io.tmpdir}; Hudi's is {@code /tmp/}):
 *       the local folder spill files go to, for both. They are deleted when the merge ends.
 * </ul>
 */
public final class MergeMemory implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The keys of these settings (the settings registry declares them with these keys). */
  public static final String MAX_SIZE = "hoodie.memory.merge.max.size";

  public static final String FRACTION = "hoodie.memory.merge.fraction";
  public static final String COMPACTION_MAX_SIZE = "hoodie.memory.compaction.max.size";
  public static final String COMPACTION_FRACTION = "hoodie.memory.compaction.fraction";
  public static final String SPILL_PATH = "hoodie.memory.spillable.map.path";

  /** Hudi's default of both fractions. */
  public static final double DEFAULT_FRACTION = 0.6;

  static final double USER_MEMORY_SHARE = 0.4;

  /** The key the budget is read from, named in messages. */
  private final String maxSizeKey;

  private final String fractionKey;

  /** Null when the budget follows the heap. */
  private final Long maxSizeBytes;

  private final double fraction;

  /** Null for java.io.tmpdir. */
  private final String spillPath;

  private MergeMemory(
      String maxSizeKey, String fractionKey, Long maxSizeBytes, double fraction, String spillPath) {
    this.maxSizeKey = maxSizeKey;
    this.fractionKey = fractionKey;
    this.maxSizeBytes = maxSizeBytes;
    this.fraction = fraction;
    this.spillPath = spillPath;
  }

  /**
   * The merge handle's budget following the heap with Hudi's default fraction; spill files in
   * java.io.tmpdir.
   */
  public static MergeMemory defaults() {
    return new MergeMemory(MAX_SIZE, FRACTION, null, DEFAULT_FRACTION, null);
  }

  /** Compaction's budget following the heap with Hudi's default fraction; spill files in tmpdir. */
  public static MergeMemory compactionDefaults() {
    return new MergeMemory(COMPACTION_MAX_SIZE, COMPACTION_FRACTION, null, DEFAULT_FRACTION, null);
  }

  /**
   * A fixed merge-handle budget in bytes (0 spills every record), spill files in java.io.tmpdir.
   */
  public static MergeMemory ofMaxSize(long maxSizeBytes) {
    return new MergeMemory(
        MAX_SIZE, FRACTION, checkMaxSize(MAX_SIZE, maxSizeBytes), DEFAULT_FRACTION, null);
  }

  /**
   * A budget as the settings registry reads it: the fixed budget under {@code maxSizeKey} (null
   * when not given: it follows the heap by the fraction under {@code fractionKey}) and the spill
   * folder (null: java.io.tmpdir). The keys are {@link #MAX_SIZE} and {@link #FRACTION} for the
   * merge handle, {@link #COMPACTION_MAX_SIZE} and {@link #COMPACTION_FRACTION} for compaction.
   */
  public static MergeMemory of(
      String maxSizeKey, String fractionKey, Long maxSizeBytes, double fraction, String spillPath) {
    if (maxSizeBytes != null) {
      checkMaxSize(maxSizeKey, maxSizeBytes);
    }
    return new MergeMemory(
        Objects.requireNonNull(maxSizeKey, "maxSizeKey"),
        Objects.requireNonNull(fractionKey, "fractionKey"),
        maxSizeBytes,
        fraction,
        spillPath);
  }

  private static long checkMaxSize(String key, long maxSizeBytes) {
    if (maxSizeBytes < 0) {
      throw new IllegalArgumentException(key + " must be >= 0, but was " + maxSizeBytes);
    }
    return maxSizeBytes;
  }

  /** The key of the fixed budget, {@link #MAX_SIZE} or {@link #COMPACTION_MAX_SIZE}. */
  public String maxSizeKey() {
    return maxSizeKey;
  }

  /** The fixed budget, when the max-size key is given. */
  public OptionalLong maxSizeBytes() {
    return maxSizeBytes == null ? OptionalLong.empty() : OptionalLong.of(maxSizeBytes);
  }

  public double fraction() {
    return fraction;
  }

  /** The budget of one merge in this JVM. */
  public long budgetBytes() {
    if (maxSizeBytes != null) {
      return maxSizeBytes;
    }
    Runtime runtime = Runtime.getRuntime();
    double perMerge = (double) runtime.maxMemory() / Math.max(1, runtime.availableProcessors());
    return (long) Math.floor(perMerge * USER_MEMORY_SHARE * fraction);
  }

  /** The local folder spill files are created in. */
  public File spillFolder() {
    return new File(spillPath != null ? spillPath : System.getProperty("java.io.tmpdir"));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof MergeMemory)) {
      return false;
    }
    MergeMemory other = (MergeMemory) o;
    return maxSizeKey.equals(other.maxSizeKey)
        && Objects.equals(maxSizeBytes, other.maxSizeBytes)
        && Double.compare(fraction, other.fraction) == 0
        && Objects.equals(spillPath, other.spillPath);
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxSizeKey, maxSizeBytes, fraction, spillPath);
  }

  @Override
  public String toString() {
    return "MergeMemory{"
        + (maxSizeBytes != null ? maxSizeKey + "=" + maxSizeBytes : fractionKey + "=" + fraction)
        + ", "
        + SPILL_PATH
        + "="
        + spillFolder()
        + "}";
  }
}
