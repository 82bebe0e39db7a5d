package io.hudibeam.basefile;

import io.hudibeam.settings.HudiSettings;
import java.util.Map;
import java.util.Objects;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * How base files are written: Parquet codec, row group, page and dictionary settings, the file size
 * limit used by {@link BaseFileWriter#canWrite()}, and the bloom filter. Read from Hudi's own keys
 * with Hudi's defaults ({@code HoodieStorageConfig}, {@code HoodieIndexConfig}).
 */
public final class ParquetSettings {
  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String COMPRESSION_CODEC = HudiSettings.PARQUET_CODEC.key();
  public static final String BLOCK_SIZE = HudiSettings.PARQUET_BLOCK_SIZE.key();
  public static final String PAGE_SIZE = HudiSettings.PARQUET_PAGE_SIZE.key();
  public static final String MAX_FILE_SIZE = HudiSettings.MAX_FILE_SIZE.key();
  public static final String DICTIONARY_ENABLED = HudiSettings.PARQUET_DICTIONARY.key();
  public static final String COMPRESSION_RATIO = HudiSettings.PARQUET_COMPRESSION_RATIO.key();
  public static final String BLOOM_NUM_ENTRIES = HudiSettings.BLOOM_NUM_ENTRIES.key();
  public static final String BLOOM_FPP = HudiSettings.BLOOM_FPP.key();
  public static final String BLOOM_DYNAMIC_MAX_ENTRIES = HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.key();
  public static final String BLOOM_FILTER_TYPE = HudiSettings.BLOOM_FILTER_TYPE.key();

  public static final CompressionCodecName DEFAULT_CODEC = HudiSettings.PARQUET_CODEC.defaultValue().orElseThrow();
  public static final int DEFAULT_BLOCK_SIZE = HudiSettings.PARQUET_BLOCK_SIZE.defaultValue().orElseThrow();
  public static final int DEFAULT_PAGE_SIZE = HudiSettings.PARQUET_PAGE_SIZE.defaultValue().orElseThrow();
  public static final long DEFAULT_MAX_FILE_SIZE = HudiSettings.MAX_FILE_SIZE.defaultValue().orElseThrow();
  public static final double DEFAULT_COMPRESSION_RATIO =
      HudiSettings.PARQUET_COMPRESSION_RATIO.defaultValue().orElseThrow();

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
            HudiSettings.BLOOM_FILTER_TYPE.get(properties),
            HudiSettings.BLOOM_NUM_ENTRIES.get(properties),
            HudiSettings.BLOOM_FPP.get(properties),
            HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.get(properties));
    return DEFAULTS
        .withCodec(HudiSettings.PARQUET_CODEC.get(properties))
        .withRowGroupSizeBytes(HudiSettings.PARQUET_BLOCK_SIZE.get(properties))
        .withPageSizeBytes(HudiSettings.PARQUET_PAGE_SIZE.get(properties))
        .withMaxFileSizeBytes(HudiSettings.MAX_FILE_SIZE.get(properties))
        .withDictionaryEnabled(HudiSettings.PARQUET_DICTIONARY.get(properties))
        .withCompressionRatio(HudiSettings.PARQUET_COMPRESSION_RATIO.get(properties))
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
    HudiSettings.PARQUET_BLOCK_SIZE.check(bytes);
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
    HudiSettings.PARQUET_PAGE_SIZE.check(bytes);
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
    HudiSettings.MAX_FILE_SIZE.check(bytes);
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
    HudiSettings.PARQUET_COMPRESSION_RATIO.check(ratio);
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
