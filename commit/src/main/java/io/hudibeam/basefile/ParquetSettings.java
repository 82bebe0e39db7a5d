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
 *
 * @param codec {@code hoodie.parquet.compression.codec}
 * @param rowGroupSizeBytes {@code hoodie.parquet.block.size}
 * @param pageSizeBytes {@code hoodie.parquet.page.size}
 * @param maxFileSizeBytes {@code hoodie.parquet.max.file.size}
 * @param dictionaryEnabled {@code hoodie.parquet.dictionary.enabled}
 * @param compressionRatio {@code hoodie.parquet.compression.ratio}: expected compressed/in-memory
 *     size ratio; Hudi lets a file grow to {@code maxFileSize * (1 + ratio)} of parquet's data size
 *     estimate ({@code HoodieBaseParquetWriter})
 * @param bloomFilter the bloom filter's type and size
 */
public record ParquetSettings(
    CompressionCodecName codec,
    int rowGroupSizeBytes,
    int pageSizeBytes,
    long maxFileSizeBytes,
    boolean dictionaryEnabled,
    double compressionRatio,
    BloomFilterSettings bloomFilter) {
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

  /** Sizes > 0, a ratio >= 0; the message names the Hudi key. */
  public ParquetSettings {
    Objects.requireNonNull(codec, "codec");
    requirePositive(BLOCK_SIZE, rowGroupSizeBytes);
    requirePositive(PAGE_SIZE, pageSizeBytes);
    requirePositive(MAX_FILE_SIZE, maxFileSizeBytes);
    if (!(compressionRatio >= 0) || Double.isInfinite(compressionRatio)) {
      throw new HudiTableException(COMPRESSION_RATIO + " must be a number >= 0, but was " + compressionRatio);
    }
    Objects.requireNonNull(bloomFilter, "bloomFilter");
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
    return new ParquetSettings(
        codecValue(properties.get(COMPRESSION_CODEC)),
        intValue(properties, BLOCK_SIZE, DEFAULT_BLOCK_SIZE),
        intValue(properties, PAGE_SIZE, DEFAULT_PAGE_SIZE),
        longValue(properties, MAX_FILE_SIZE, DEFAULT_MAX_FILE_SIZE),
        booleanValue(properties, DICTIONARY_ENABLED, true),
        doubleValue(properties, COMPRESSION_RATIO, DEFAULT_COMPRESSION_RATIO),
        bloom);
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
}
