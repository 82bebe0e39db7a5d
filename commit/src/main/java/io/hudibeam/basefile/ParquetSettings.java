package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * How base files are written: Parquet codec, row group, page and dictionary settings, the file size
 * limit used by {@link BaseFileWriter#canWrite()}, and the bloom filter. Read from Hudi's own keys
 * with Hudi's defaults ({@code HoodieStorageConfig}, {@code HoodieIndexConfig}).
 */
public final class ParquetSettings {
  public static final String COMPRESSION_CODEC = "hoodie.parquet.compression.codec";
  public static final String BLOCK_SIZE = "hoodie.parquet.block.size";
  public static final String PAGE_SIZE = "hoodie.parquet.page.size";
  public static final String MAX_FILE_SIZE = "hoodie.parquet.max.file.size";
  public static final String DICTIONARY_ENABLED = "hoodie.parquet.dictionary.enabled";
  public static final String COMPRESSION_RATIO = "hoodie.parquet.compression.ratio";
  public static final String BLOOM_NUM_ENTRIES = "hoodie.index.bloom.num_entries";
  public static final String BLOOM_FPP = "hoodie.index.bloom.fpp";
  public static final String BLOOM_DYNAMIC_MAX_ENTRIES =
      "hoodie.bloom.index.filter.dynamic.max.entries";
  public static final String BLOOM_FILTER_TYPE = "hoodie.bloom.index.filter.type";

  public static final CompressionCodecName DEFAULT_CODEC = CompressionCodecName.GZIP;
  public static final int DEFAULT_BLOCK_SIZE = 120 * 1024 * 1024;
  public static final int DEFAULT_PAGE_SIZE = 1024 * 1024;
  public static final long DEFAULT_MAX_FILE_SIZE = 120L * 1024 * 1024;
  public static final double DEFAULT_COMPRESSION_RATIO = 0.1;

  private static final ParquetSettings DEFAULTS =
      new ParquetSettings(
          DEFAULT_CODEC,
          DEFAULT_BLOCK_SIZE,
          DEFAULT_PAGE_SIZE,
          DEFAULT_MAX_FILE_SIZE,
          true,
          DEFAULT_COMPRESSION_RATIO,
          BloomFilterSettings.defaults());

  private final CompressionCodecName codec;
  private final int rowGroupSizeBytes;
  private final int pageSizeBytes;
  private final long maxFileSizeBytes;
  private final boolean dictionaryEnabled;
  private final double compressionRatio;
  private final BloomFilterSettings bloomFilter;

  private ParquetSettings(
      CompressionCodecName codec,
      int rowGroupSizeBytes,
      int pageSizeBytes,
      long maxFileSizeBytes,
      boolean dictionaryEnabled,
      double compressionRatio,
      BloomFilterSettings bloomFilter) {
    this.codec = Objects.requireNonNull(codec, "codec");
    this.rowGroupSizeBytes = rowGroupSizeBytes;
    this.pageSizeBytes = pageSizeBytes;
    this.maxFileSizeBytes = maxFileSizeBytes;
    this.dictionaryEnabled = dictionaryEnabled;
    this.compressionRatio = compressionRatio;
    this.bloomFilter = Objects.requireNonNull(bloomFilter, "bloomFilter");
  }

  /** Hudi's defaults: GZIP, 120 MiB row groups and files, 1 MiB pages, dictionary on. */
  public static ParquetSettings defaults() {
    return DEFAULTS;
  }

  /**
   * Settings from Hudi write config keys (the constants of this class); absent keys take Hudi's
   * defaults, other keys are ignored.
   */
  public static ParquetSettings fromProperties(Map<String, String> properties) {
    Objects.requireNonNull(properties, "properties");
    BloomFilterSettings bloom =
        BloomFilterSettings.of(
            properties.containsKey(BLOOM_FILTER_TYPE)
                ? BloomFilterType.fromValue(properties.get(BLOOM_FILTER_TYPE))
                : BloomFilterType.DYNAMIC_V0,
            intValue(properties, BLOOM_NUM_ENTRIES, BloomFilterSettings.DEFAULT_NUM_ENTRIES),
            doubleValue(properties, BLOOM_FPP, BloomFilterSettings.DEFAULT_FPP),
            intValue(
                properties,
                BLOOM_DYNAMIC_MAX_ENTRIES,
                BloomFilterSettings.DEFAULT_DYNAMIC_MAX_ENTRIES));
    return DEFAULTS
        .withCodec(codecValue(properties.get(COMPRESSION_CODEC)))
        .withRowGroupSizeBytes(intValue(properties, BLOCK_SIZE, DEFAULT_BLOCK_SIZE))
        .withPageSizeBytes(intValue(properties, PAGE_SIZE, DEFAULT_PAGE_SIZE))
        .withMaxFileSizeBytes(longValue(properties, MAX_FILE_SIZE, DEFAULT_MAX_FILE_SIZE))
        .withDictionaryEnabled(booleanValue(properties, DICTIONARY_ENABLED, true))
        .withCompressionRatio(doubleValue(properties, COMPRESSION_RATIO, DEFAULT_COMPRESSION_RATIO))
        .withBloomFilter(bloom);
  }

  public CompressionCodecName codec() {
    return codec;
  }

  public int rowGroupSizeBytes() {
    return rowGroupSizeBytes;
  }

  public int pageSizeBytes() {
    return pageSizeBytes;
  }

  public long maxFileSizeBytes() {
    return maxFileSizeBytes;
  }

  public boolean dictionaryEnabled() {
    return dictionaryEnabled;
  }

  /**
   * Expected compressed/in-memory size ratio; Hudi lets a file grow to {@code maxFileSize * (1 +
   * ratio)} of parquet's data size estimate ({@code HoodieBaseParquetWriter}).
   */
  public double compressionRatio() {
    return compressionRatio;
  }

  public BloomFilterSettings bloomFilter() {
    return bloomFilter;
  }

  public ParquetSettings withCodec(CompressionCodecName codec) {
    return new ParquetSettings(
        codec,
        rowGroupSizeBytes,
        pageSizeBytes,
        maxFileSizeBytes,
        dictionaryEnabled,
        compressionRatio,
        bloomFilter);
  }

  public ParquetSettings withRowGroupSizeBytes(int bytes) {
    requirePositive(BLOCK_SIZE, bytes);
    return new ParquetSettings(
        codec,
        bytes,
        pageSizeBytes,
        maxFileSizeBytes,
        dictionaryEnabled,
        compressionRatio,
        bloomFilter);
  }

  public ParquetSettings withPageSizeBytes(int bytes) {
    requirePositive(PAGE_SIZE, bytes);
    return new ParquetSettings(
        codec,
        rowGroupSizeBytes,
        bytes,
        maxFileSizeBytes,
        dictionaryEnabled,
        compressionRatio,
        bloomFilter);
  }

  public ParquetSettings withMaxFileSizeBytes(long bytes) {
    requirePositive(MAX_FILE_SIZE, bytes);
    return new ParquetSettings(
        codec,
        rowGroupSizeBytes,
        pageSizeBytes,
        bytes,
        dictionaryEnabled,
        compressionRatio,
        bloomFilter);
  }

  public ParquetSettings withDictionaryEnabled(boolean enabled) {
    return new ParquetSettings(
        codec,
        rowGroupSizeBytes,
        pageSizeBytes,
        maxFileSizeBytes,
        enabled,
        compressionRatio,
        bloomFilter);
  }

  public ParquetSettings withCompressionRatio(double ratio) {
    if (!(ratio >= 0) || Double.isInfinite(ratio)) {
      throw new HudiTableException(COMPRESSION_RATIO + " must be a number >= 0, but was " + ratio);
    }
    return new ParquetSettings(
        codec,
        rowGroupSizeBytes,
        pageSizeBytes,
        maxFileSizeBytes,
        dictionaryEnabled,
        ratio,
        bloomFilter);
  }

  public ParquetSettings withBloomFilter(BloomFilterSettings bloomFilter) {
    return new ParquetSettings(
        codec,
        rowGroupSizeBytes,
        pageSizeBytes,
        maxFileSizeBytes,
        dictionaryEnabled,
        compressionRatio,
        bloomFilter);
  }

  /** Hudi's {@code ParquetUtils.getCompressionCodecName}: enum name, case-insensitive. */
  private static CompressionCodecName codecValue(String value) {
    if (value == null) {
      return DEFAULT_CODEC;
    }
    String upper = value.trim().toUpperCase(Locale.ROOT);
    for (CompressionCodecName codec : CompressionCodecName.values()) {
      if (codec.name().equals(upper)) {
        return codec;
      }
    }
    throw new HudiTableException(
        COMPRESSION_CODEC
            + " must be one of uncompressed, snappy, gzip, lzo, brotli, lz4, zstd, lz4_raw, but was"
            + " '"
            + value
            + "'");
  }

  private static int intValue(Map<String, String> properties, String key, int defaultValue) {
    long value = longValue(properties, key, defaultValue);
    if (value > Integer.MAX_VALUE) {
      throw new HudiTableException(
          key + " must be at most " + Integer.MAX_VALUE + ", but was " + value);
    }
    return (int) value;
  }

  private static long longValue(Map<String, String> properties, String key, long defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      long parsed = Long.parseLong(value.trim());
      requirePositive(key, parsed);
      return parsed;
    } catch (NumberFormatException e) {
      throw new HudiTableException(key + " must be a positive integer, but was '" + value + "'", e);
    }
  }

  private static double doubleValue(
      Map<String, String> properties, String key, double defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new HudiTableException(key + " must be a number, but was '" + value + "'", e);
    }
  }

  private static boolean booleanValue(
      Map<String, String> properties, String key, boolean defaultValue) {
    String value = properties.get(key);
    if (value == null) {
      return defaultValue;
    }
    String trimmed = value.trim();
    if (trimmed.equalsIgnoreCase("true")) {
      return true;
    }
    if (trimmed.equalsIgnoreCase("false")) {
      return false;
    }
    throw new HudiTableException(key + " must be true or false, but was '" + value + "'");
  }

  private static void requirePositive(String key, long value) {
    if (value <= 0) {
      throw new HudiTableException(key + " must be > 0, but was " + value);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof ParquetSettings)) {
      return false;
    }
    ParquetSettings that = (ParquetSettings) o;
    return codec == that.codec
        && rowGroupSizeBytes == that.rowGroupSizeBytes
        && pageSizeBytes == that.pageSizeBytes
        && maxFileSizeBytes == that.maxFileSizeBytes
        && dictionaryEnabled == that.dictionaryEnabled
        && Double.compare(compressionRatio, that.compressionRatio) == 0
        && bloomFilter.equals(that.bloomFilter);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        codec,
        rowGroupSizeBytes,
        pageSizeBytes,
        maxFileSizeBytes,
        dictionaryEnabled,
        compressionRatio,
        bloomFilter);
  }

  @Override
  public String toString() {
    return "ParquetSettings{codec="
        + codec
        + ", rowGroupSizeBytes="
        + rowGroupSizeBytes
        + ", pageSizeBytes="
        + pageSizeBytes
        + ", maxFileSizeBytes="
        + maxFileSizeBytes
        + ", dictionaryEnabled="
        + dictionaryEnabled
        + ", compressionRatio="
        + compressionRatio
        + ", bloomFilter="
        + bloomFilter
        + "}";
  }
}
