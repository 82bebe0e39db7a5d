package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * How much heap a file-group merge may hold of its incoming records before it spills the rest to
 * local disk ({@link SpillableRecordMap}), under Hudi's keys ({@code HoodieMemoryConfig}). Two
 * merges have a budget each: the merge handle's (incoming records of an upsert, {@code
 * hoodie.memory.merge.*}, {@link #fromProperties}) and compaction's (the merged log records of a
 * file slice, {@code hoodie.memory.compaction.*}, {@link #forCompaction}), read the same way:
 *
 * <ul>
 *   <li>{@value #MAX_SIZE} / {@value #COMPACTION_MAX_SIZE}: the budget in bytes. When given it is
 *       the budget, as in Hudi ({@code IOUtils.getMaxMemoryPerPartitionMerge} / {@code
 *       getMaxMemoryPerCompaction}).
 *   <li>{@value #FRACTION} / {@value #COMPACTION_FRACTION} (default {@value #DEFAULT_FRACTION}):
 *       otherwise the budget is this fraction of the heap a merge can count on: the JVM's max heap
 *       divided by its available processors (one merge per core at most), times {@value
 *       #USER_MEMORY_SHARE} (Hudi multiplies the fraction with Spark's user memory, {@code 1 -
 *       spark.memory.fraction} = 0.4 of the executor heap; Beam runners have no such setting, so the
 *       same share is taken of the heap). With {@code -Xmx1g} on 2 cores that is about 123 MiB per
 *       merge.
 *   <li>{@value #SPILL_PATH} (default the JVM's {@code java.io.tmpdir}; Hudi's is {@code /tmp/}):
 *       the local folder spill files go to, for both. They are deleted when the merge ends.
 * </ul>
 */
public final class MergeMemory implements Serializable {
  private static final long serialVersionUID = 1L;

  public static final String MAX_SIZE = "hoodie.memory.merge.max.size";
  public static final String FRACTION = "hoodie.memory.merge.fraction";
  public static final String COMPACTION_MAX_SIZE = "hoodie.memory.compaction.max.size";
  public static final String COMPACTION_FRACTION = "hoodie.memory.compaction.fraction";
  public static final String SPILL_PATH = "hoodie.memory.spillable.map.path";
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

  private MergeMemory(String maxSizeKey, String fractionKey, Long maxSizeBytes, double fraction, String spillPath) {
    this.maxSizeKey = maxSizeKey;
    this.fractionKey = fractionKey;
    this.maxSizeBytes = maxSizeBytes;
    this.fraction = fraction;
    this.spillPath = spillPath;
  }

  /** The merge handle's budget following the heap with Hudi's default fraction; spill files in java.io.tmpdir. */
  public static MergeMemory defaults() {
    return new MergeMemory(MAX_SIZE, FRACTION, null, DEFAULT_FRACTION, null);
  }

  /** A fixed merge-handle budget in bytes (0 spills every record), spill files in java.io.tmpdir. */
  public static MergeMemory ofMaxSize(long maxSizeBytes) {
    return new MergeMemory(MAX_SIZE, FRACTION, checkMaxSize(maxSizeBytes, String.valueOf(maxSizeBytes), MAX_SIZE),
        DEFAULT_FRACTION, null);
  }

  /**
   * The merge handle's budget from {@value #MAX_SIZE}, {@value #FRACTION} and {@value #SPILL_PATH}.
   * Checks the compaction keys too, so that one call checks every {@code hoodie.memory.*} key a
   * write reads; a bad value fails naming its key.
   */
  public static MergeMemory fromProperties(Map<String, String> properties) {
    forCompaction(properties);
    return parse(properties, MAX_SIZE, FRACTION);
  }

  /**
   * Compaction's budget for the merged log records of one file slice, from {@value
   * #COMPACTION_MAX_SIZE}, {@value #COMPACTION_FRACTION} and {@value #SPILL_PATH}; a bad value fails
   * naming its key.
   */
  public static MergeMemory forCompaction(Map<String, String> properties) {
    return parse(properties, COMPACTION_MAX_SIZE, COMPACTION_FRACTION);
  }

  private static MergeMemory parse(Map<String, String> properties, String maxSizeKey, String fractionKey) {
    Objects.requireNonNull(properties, "properties");
    Long maxSize = null;
    String max = properties.get(maxSizeKey);
    if (max != null) {
      long parsed;
      try {
        parsed = Long.parseLong(max.trim());
      } catch (NumberFormatException e) {
        throw new HudiTableException(
            maxSizeKey + " must be a number of bytes >= 0, but was '" + max + "'", e);
      }
      maxSize = checkMaxSize(parsed, max, maxSizeKey);
    }
    double fraction = DEFAULT_FRACTION;
    String value = properties.get(fractionKey);
    if (value != null) {
      try {
        fraction = Double.parseDouble(value.trim());
      } catch (NumberFormatException e) {
        throw new HudiTableException(
            fractionKey + " must be a number in (0, 1], but was '" + value + "'", e);
      }
      if (!(fraction > 0 && fraction <= 1)) {
        throw new HudiTableException(fractionKey + " must be a number in (0, 1], but was '" + value + "'");
      }
    }
    String path = properties.get(SPILL_PATH);
    if (path != null && path.trim().isEmpty()) {
      throw new HudiTableException(SPILL_PATH + " must name a local folder, but was empty");
    }
    return new MergeMemory(maxSizeKey, fractionKey, maxSize, fraction, path == null ? null : path.trim());
  }

  private static long checkMaxSize(long bytes, String given, String key) {
    if (bytes < 0) {
      throw new HudiTableException(key + " must be a number of bytes >= 0, but was '" + given + "'");
    }
    return bytes;
  }

  /** The key of the fixed budget, {@value #MAX_SIZE} or {@value #COMPACTION_MAX_SIZE}. */
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
    return "MergeMemory{" + (maxSizeBytes != null ? maxSizeKey + "=" + maxSizeBytes : fractionKey + "=" + fraction)
        + ", " + SPILL_PATH + "=" + spillFolder() + "}";
  }
}
