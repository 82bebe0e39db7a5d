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
    BloomFilterSettings bloomFilter)
    implements java.io.Serializable {
  /** The keys of these settings (the settings registry declares them with these keys). */
  public static final String COMPRESSION_CODEC = "hoodie.parquet.compression.codec";

  public static final String BLOCK_SIZE = "hoodie.parquet.block.size";
  public static final String PAGE_SIZE = "hoodie.parquet.page.size";
  public static final String MAX_FILE_SIZE = "hoodie.parquet.max.file.size";
  public static final String DICTIONARY_ENABLED = "hoodie.parquet.dictionary.enabled";
  public static final String COMPRESSION_RATIO = "hoodie.parquet.compression.ratio";
  public static final String BLOOM_NUM_ENTRIES = BloomFilterSettings.NUM_ENTRIES;
  public static final String BLOOM_FPP = BloomFilterSettings.FPP;
  public static final String BLOOM_DYNAMIC_MAX_ENTRIES = BloomFilterSettings.DYNAMIC_MAX_ENTRIES;
  public static final String BLOOM_FILTER_TYPE = BloomFilterSettings.TYPE;

  /** Hudi's defaults ({@code HoodieStorageConfig}). */
  public static final CompressionCodecName DEFAULT_CODEC = CompressionCodecName.GZIP;

  public static final int DEFAULT_BLOCK_SIZE = 120 * 1024 * 1024;
  public static final int DEFAULT_PAGE_SIZE = 1024 * 1024;
  public static final long DEFAULT_MAX_FILE_SIZE = 120L * 1024 * 1024;
  public static final boolean DEFAULT_DICTIONARY_ENABLED = true;
  public static final double DEFAULT_COMPRESSION_RATIO = 0.1;

  private static final ParquetSettings DEFAULTS =
      new ParquetSettings(
          DEFAULT_CODEC,
          DEFAULT_BLOCK_SIZE,
          DEFAULT_PAGE_SIZE,
          DEFAULT_MAX_FILE_SIZE,
          DEFAULT_DICTIONARY_ENABLED,
          DEFAULT_COMPRESSION_RATIO,
          BloomFilterSettings.defaults());

  /** Each value is checked where it is read, by the settings registry; the bounds again here. */
  public ParquetSettings {
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(bloomFilter, "bloomFilter");
    if (rowGroupSizeBytes < 1
        || pageSizeBytes < 1
        || maxFileSizeBytes < 1
        || !(compressionRatio >= 0)) {
      throw new IllegalArgumentException(
          String.format(
              "%s, %s and %s must be >= 1 and %s >= 0, but were %d, %d, %d and %s",
              BLOCK_SIZE,
              PAGE_SIZE,
              MAX_FILE_SIZE,
              COMPRESSION_RATIO,
              rowGroupSizeBytes,
              pageSizeBytes,
              maxFileSizeBytes,
              compressionRatio));
    }
  }

  /** Hudi's defaults: GZIP, 120 MiB row groups and files, 1 MiB pages, dictionary on. */
  public static ParquetSettings defaults() {
    return DEFAULTS;
  }
}
