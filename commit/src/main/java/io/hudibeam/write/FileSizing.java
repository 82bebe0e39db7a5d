package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Map;

/**
 * File sizing settings, under Hudi's keys and with Hudi's defaults: {@code
 * hoodie.parquet.max.file.size} (120 MiB), {@code hoodie.parquet.small.file.limit} (100 MiB),
 * {@code hoodie.copyonwrite.record.size.estimate} (1 KiB).
 */
public final class FileSizing implements Serializable {
  private static final long serialVersionUID = 1L;

  public static final String MAX_FILE_SIZE = "hoodie.parquet.max.file.size";
  public static final String SMALL_FILE_LIMIT = "hoodie.parquet.small.file.limit";
  public static final String RECORD_SIZE_ESTIMATE = "hoodie.copyonwrite.record.size.estimate";

  public static final long DEFAULT_MAX_FILE_SIZE = 120L * 1024 * 1024;
  public static final long DEFAULT_SMALL_FILE_LIMIT = 100L * 1024 * 1024;
  public static final long DEFAULT_RECORD_SIZE_ESTIMATE = 1024;

  private final long maxFileSize;
  private final long smallFileLimit;
  private final long recordSizeEstimate;

  private FileSizing(long maxFileSize, long smallFileLimit, long recordSizeEstimate) {
    if (maxFileSize <= 0) {
      throw new HudiTableException(MAX_FILE_SIZE + " must be > 0, but was " + maxFileSize);
    }
    if (smallFileLimit < 0) {
      throw new HudiTableException(SMALL_FILE_LIMIT + " must be >= 0, but was " + smallFileLimit);
    }
    if (recordSizeEstimate <= 0) {
      throw new HudiTableException(
          RECORD_SIZE_ESTIMATE + " must be > 0, but was " + recordSizeEstimate);
    }
    this.maxFileSize = maxFileSize;
    this.smallFileLimit = smallFileLimit;
    this.recordSizeEstimate = recordSizeEstimate;
  }

  public static FileSizing defaults() {
    return new FileSizing(DEFAULT_MAX_FILE_SIZE, DEFAULT_SMALL_FILE_LIMIT, DEFAULT_RECORD_SIZE_ESTIMATE);
  }

  public static FileSizing of(long maxFileSize, long smallFileLimit, long recordSizeEstimate) {
    return new FileSizing(maxFileSize, smallFileLimit, recordSizeEstimate);
  }

  /** Reads Hudi's keys, keeping the defaults for absent ones. */
  public static FileSizing fromProperties(Map<String, String> properties) {
    return new FileSizing(
        longValue(properties, MAX_FILE_SIZE, DEFAULT_MAX_FILE_SIZE),
        longValue(properties, SMALL_FILE_LIMIT, DEFAULT_SMALL_FILE_LIMIT),
        longValue(properties, RECORD_SIZE_ESTIMATE, DEFAULT_RECORD_SIZE_ESTIMATE));
  }

  private static long longValue(Map<String, String> properties, String key, long defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new HudiTableException(key + " must be a whole number of bytes, but was '" + value + "'");
    }
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
    return "FileSizing{max=" + maxFileSize + ", smallFileLimit=" + smallFileLimit
        + ", recordSizeEstimate=" + recordSizeEstimate + "}";
  }
}
