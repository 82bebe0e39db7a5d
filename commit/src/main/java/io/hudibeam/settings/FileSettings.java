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
package io.hudibeam.settings;

import static io.hudibeam.settings.SettingTypes.bool;
import static io.hudibeam.settings.SettingTypes.integer;
import static io.hudibeam.settings.SettingTypes.number;
import static io.hudibeam.settings.SettingTypes.oneOf;
import static io.hudibeam.settings.SettingTypes.whole;

import io.hudibeam.basefile.BloomFilterSettings;
import io.hudibeam.basefile.BloomFilterType;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.write.AppendHandle;
import io.hudibeam.write.FileSizing;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The settings of the files a write writes, under Hudi's keys: file sizing ({@code
 * HoodieStorageConfig}, {@code HoodieCompactionConfig}), Parquet, log blocks and the base files'
 * bloom filters ({@code HoodieIndexConfig}); part of {@link HudiSettings#ALL}.
 */
public final class FileSettings {
  private FileSettings() {}

  public static final Setting<Long> MAX_FILE_SIZE =
      whole(FileSizing.MAX_FILE_SIZE, 1)
          .defaultValue(FileSizing.DEFAULT_MAX_FILE_SIZE)
          .defaultDoc("120 MiB")
          .method("withMaxFileSize")
          .doc("Target size of base files in bytes; inserts roll to a new file group beyond it.")
          .build();

  public static final Setting<Long> SMALL_FILE_LIMIT =
      whole(FileSizing.SMALL_FILE_LIMIT, 0)
          .defaultValue(FileSizing.DEFAULT_SMALL_FILE_LIMIT)
          .defaultDoc("100 MiB")
          .method("withSmallFileLimit")
          .doc(
              "Base files smaller than this (bytes) receive inserts before new file groups are made.")
          .build();

  public static final Setting<Long> RECORD_SIZE_ESTIMATE =
      whole(FileSizing.RECORD_SIZE_ESTIMATE, 1)
          .defaultValue(FileSizing.DEFAULT_RECORD_SIZE_ESTIMATE)
          .doc("Bytes per record assumed before the table has commits to measure.")
          .build();

  public static final Setting<CompressionCodecName> PARQUET_CODEC =
      oneOf(
              ParquetSettings.COMPRESSION_CODEC,
              c -> c.name().toLowerCase(Locale.ROOT),
              CompressionCodecName.values())
          .defaultValue(ParquetSettings.DEFAULT_CODEC)
          .defaultDoc("gzip")
          .method("withParquetCodec")
          .doc("Parquet compression codec of base files.")
          .build();

  public static final Setting<Integer> PARQUET_BLOCK_SIZE =
      integer(ParquetSettings.BLOCK_SIZE, 1)
          .defaultValue(ParquetSettings.DEFAULT_BLOCK_SIZE)
          .defaultDoc("120 MiB")
          .doc("Parquet row group size in bytes.")
          .build();

  public static final Setting<Integer> PARQUET_PAGE_SIZE =
      integer(ParquetSettings.PAGE_SIZE, 1)
          .defaultValue(ParquetSettings.DEFAULT_PAGE_SIZE)
          .defaultDoc("1 MiB")
          .doc("Parquet page size in bytes.")
          .build();

  public static final Setting<Boolean> PARQUET_DICTIONARY =
      bool(ParquetSettings.DICTIONARY_ENABLED, ParquetSettings.DEFAULT_DICTIONARY_ENABLED)
          .doc("Parquet dictionary encoding.")
          .build();

  public static final Setting<Double> PARQUET_COMPRESSION_RATIO =
      number(ParquetSettings.COMPRESSION_RATIO, v -> v >= 0, "a number >= 0")
          .defaultValue(ParquetSettings.DEFAULT_COMPRESSION_RATIO)
          .doc(
              "Expected compressed/in-memory size ratio; a file may reach max.file.size × (1 + ratio).")
          .build();

  public static final Setting<Long> LOG_BLOCK_MAX_SIZE =
      whole(AppendHandle.LOG_BLOCK_MAX_SIZE, 1)
          .defaultValue(AppendHandle.DEFAULT_LOG_BLOCK_MAX_SIZE)
          .defaultDoc("256 MiB")
          .doc("Encoded bytes at which a MERGE_ON_READ write cuts a log data block and writes it.")
          .build();

  public static final Setting<BloomFilterType> BLOOM_FILTER_TYPE =
      oneOf(BloomFilterSettings.TYPE, BloomFilterType.values())
          .defaultValue(BloomFilterSettings.DEFAULT_TYPE)
          .doc("The base files' bloom filter layout.")
          .build();

  public static final Setting<Integer> BLOOM_NUM_ENTRIES =
      integer(BloomFilterSettings.NUM_ENTRIES, 1)
          .defaultValue(BloomFilterSettings.DEFAULT_NUM_ENTRIES)
          .doc("Keys a bloom filter (row) is sized for.")
          .build();

  public static final Setting<Double> BLOOM_FPP =
      number(BloomFilterSettings.FPP, v -> v > 0 && v < 1, "a number between 0 and 1 (exclusive)")
          .defaultValue(BloomFilterSettings.DEFAULT_FPP)
          .defaultDoc("1e-9")
          .doc("The bloom filter's false positive probability.")
          .build();

  public static final Setting<Integer> BLOOM_DYNAMIC_MAX_ENTRIES =
      integer(BloomFilterSettings.DYNAMIC_MAX_ENTRIES, 1)
          .defaultValue(BloomFilterSettings.DEFAULT_DYNAMIC_MAX_ENTRIES)
          .doc("Keys at which a DYNAMIC_V0 bloom filter stops growing.")
          .build();
}
