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

import io.hudibeam.settings.HudiSettings;
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
  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String COMPRESSION_CODEC = HudiSettings.PARQUET_CODEC.key();

  public static final String BLOCK_SIZE = HudiSettings.PARQUET_BLOCK_SIZE.key();
  public static final String PAGE_SIZE = HudiSettings.PARQUET_PAGE_SIZE.key();
  public static final String MAX_FILE_SIZE = HudiSettings.MAX_FILE_SIZE.key();
  public static final String DICTIONARY_ENABLED = HudiSettings.PARQUET_DICTIONARY.key();
  public static final String COMPRESSION_RATIO = HudiSettings.PARQUET_COMPRESSION_RATIO.key();
  public static final String BLOOM_NUM_ENTRIES = HudiSettings.BLOOM_NUM_ENTRIES.key();
  public static final String BLOOM_FPP = HudiSettings.BLOOM_FPP.key();
  public static final String BLOOM_DYNAMIC_MAX_ENTRIES =
      HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.key();
  public static final String BLOOM_FILTER_TYPE = HudiSettings.BLOOM_FILTER_TYPE.key();

  public static final CompressionCodecName DEFAULT_CODEC =
      HudiSettings.PARQUET_CODEC.defaultValue().orElseThrow();
  public static final int DEFAULT_BLOCK_SIZE =
      HudiSettings.PARQUET_BLOCK_SIZE.defaultValue().orElseThrow();
  public static final int DEFAULT_PAGE_SIZE =
      HudiSettings.PARQUET_PAGE_SIZE.defaultValue().orElseThrow();
  public static final long DEFAULT_MAX_FILE_SIZE =
      HudiSettings.MAX_FILE_SIZE.defaultValue().orElseThrow();
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

  /** Each size and the ratio checked by its setting ({@link HudiSettings}). */
  public ParquetSettings {
    Objects.requireNonNull(codec, "codec");
    HudiSettings.PARQUET_BLOCK_SIZE.check(rowGroupSizeBytes);
    HudiSettings.PARQUET_PAGE_SIZE.check(pageSizeBytes);
    HudiSettings.MAX_FILE_SIZE.check(maxFileSizeBytes);
    HudiSettings.PARQUET_COMPRESSION_RATIO.check(compressionRatio);
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
            HudiSettings.BLOOM_FILTER_TYPE.get(properties),
            HudiSettings.BLOOM_NUM_ENTRIES.get(properties),
            HudiSettings.BLOOM_FPP.get(properties),
            HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.get(properties));
    return new ParquetSettings(
        HudiSettings.PARQUET_CODEC.get(properties),
        HudiSettings.PARQUET_BLOCK_SIZE.get(properties),
        HudiSettings.PARQUET_PAGE_SIZE.get(properties),
        HudiSettings.MAX_FILE_SIZE.get(properties),
        HudiSettings.PARQUET_DICTIONARY.get(properties),
        HudiSettings.PARQUET_COMPRESSION_RATIO.get(properties),
        bloom);
  }
}
