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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import java.util.Map;
import org.apache.hudi.common.config.HoodieStorageConfig;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.Test;

public class ParquetSettingsTest {

  @Test
  public void defaultsAreHudis() {
    ParquetSettings d = ParquetSettings.defaults();
    assertThat(d.codec(), is(CompressionCodecName.GZIP));
    assertThat(d.rowGroupSizeBytes(), is(125_829_120));
    assertThat(d.pageSizeBytes(), is(1_048_576));
    assertThat(d.maxFileSizeBytes(), is(125_829_120L));
    assertThat(d.dictionaryEnabled(), is(true));
    assertThat(d.compressionRatio(), is(0.1));
    assertThat(
        d.bloomFilter(),
        equalTo(BloomFilterSettings.of(BloomFilterType.DYNAMIC_V0, 60000, 1e-9, 100000)));
    assertThat(SettingsReader.parquet(Map.of()), equalTo(d));

    assertThat(
        HoodieStorageConfig.PARQUET_COMPRESSION_CODEC_NAME.key(),
        equalTo(ParquetSettings.COMPRESSION_CODEC));
    assertThat(HoodieStorageConfig.PARQUET_COMPRESSION_CODEC_NAME.defaultValue(), equalTo("gzip"));
    assertThat(HoodieStorageConfig.PARQUET_BLOCK_SIZE.key(), equalTo(ParquetSettings.BLOCK_SIZE));
    assertThat(HoodieStorageConfig.PARQUET_BLOCK_SIZE.defaultValue(), equalTo("125829120"));
    assertThat(HoodieStorageConfig.PARQUET_PAGE_SIZE.key(), equalTo(ParquetSettings.PAGE_SIZE));
    assertThat(HoodieStorageConfig.PARQUET_PAGE_SIZE.defaultValue(), equalTo("1048576"));
    assertThat(
        HoodieStorageConfig.PARQUET_MAX_FILE_SIZE.key(), equalTo(ParquetSettings.MAX_FILE_SIZE));
    assertThat(HoodieStorageConfig.PARQUET_MAX_FILE_SIZE.defaultValue(), equalTo("125829120"));
    assertThat(
        HoodieStorageConfig.PARQUET_DICTIONARY_ENABLED.key(),
        equalTo(ParquetSettings.DICTIONARY_ENABLED));
    assertThat(
        HoodieStorageConfig.PARQUET_COMPRESSION_RATIO_FRACTION.key(),
        equalTo(ParquetSettings.COMPRESSION_RATIO));
    assertThat(
        HoodieStorageConfig.BLOOM_FILTER_NUM_ENTRIES_VALUE.key(),
        equalTo(ParquetSettings.BLOOM_NUM_ENTRIES));
    assertThat(
        HoodieStorageConfig.BLOOM_FILTER_FPP_VALUE.key(), equalTo(ParquetSettings.BLOOM_FPP));
    assertThat(
        HoodieStorageConfig.BLOOM_FILTER_DYNAMIC_MAX_ENTRIES.key(),
        equalTo(ParquetSettings.BLOOM_DYNAMIC_MAX_ENTRIES));
    assertThat(
        HoodieStorageConfig.BLOOM_FILTER_TYPE.key(), equalTo(ParquetSettings.BLOOM_FILTER_TYPE));
  }

  @Test
  public void allKeysAreRead() {
    ParquetSettings s =
        SettingsReader.parquet(
            Map.of(
                "hoodie.parquet.compression.codec", "snappy",
                "hoodie.parquet.block.size", "1000000",
                "hoodie.parquet.page.size", "4096",
                "hoodie.parquet.max.file.size", "5000000000",
                "hoodie.parquet.dictionary.enabled", "FALSE",
                "hoodie.parquet.compression.ratio", "0.5",
                "hoodie.index.bloom.num_entries", "1000",
                "hoodie.index.bloom.fpp", "0.0001",
                "hoodie.bloom.index.filter.dynamic.max.entries", "5000",
                "hoodie.bloom.index.filter.type", "SIMPLE"));
    assertThat(s.codec(), is(CompressionCodecName.SNAPPY));
    assertThat(s.rowGroupSizeBytes(), is(1_000_000));
    assertThat(s.pageSizeBytes(), is(4096));
    assertThat(s.maxFileSizeBytes(), is(5_000_000_000L));
    assertThat(s.dictionaryEnabled(), is(false));
    assertThat(s.compressionRatio(), is(0.5));
    assertThat(
        s.bloomFilter(),
        equalTo(BloomFilterSettings.of(BloomFilterType.SIMPLE, 1000, 0.0001, 5000)));
    assertThat(
        SettingsReader.parquet(Map.of("hoodie.parquet.compression.codec", "UNCOMPRESSED")).codec(),
        is(CompressionCodecName.UNCOMPRESSED));
  }

  @Test
  public void invalidValuesNameTheKey() {
    assertMessage(
        Map.of("hoodie.parquet.compression.codec", "zip"),
        "hoodie.parquet.compression.codec must be one of");
    assertMessage(
        Map.of("hoodie.parquet.block.size", "big"),
        "hoodie.parquet.block.size must be a whole number >= 1, but was 'big'");
    assertMessage(
        Map.of("hoodie.parquet.block.size", "3000000000"),
        "hoodie.parquet.block.size must be at most 2147483647, but was '3000000000'");
    assertMessage(
        Map.of("hoodie.parquet.page.size", "0"),
        "hoodie.parquet.page.size must be a whole number >= 1, but was '0'");
    assertMessage(
        Map.of("hoodie.parquet.max.file.size", "-1"),
        "hoodie.parquet.max.file.size must be a whole number >= 1, but was '-1'");
    assertMessage(
        Map.of("hoodie.parquet.dictionary.enabled", "yes"),
        "hoodie.parquet.dictionary.enabled must be true or false, but was 'yes'");
    assertMessage(
        Map.of("hoodie.parquet.compression.ratio", "-0.1"),
        "hoodie.parquet.compression.ratio must be a number >= 0");
    assertMessage(
        Map.of("hoodie.index.bloom.fpp", "x"),
        "hoodie.index.bloom.fpp must be a number between 0 and 1 (exclusive), but was 'x'");
    assertMessage(
        Map.of("hoodie.index.bloom.fpp", "0"),
        "hoodie.index.bloom.fpp must be a number between 0 and 1 (exclusive), but was '0'");
    assertMessage(
        Map.of("hoodie.bloom.index.filter.type", "BLOOM"),
        "hoodie.bloom.index.filter.type must be one of SIMPLE, DYNAMIC_V0, but was 'BLOOM'");
  }

  private static void assertMessage(Map<String, String> properties, String expected) {
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> SettingsReader.parquet(properties));
    assertThat(e.getMessage(), containsString(expected));
  }
}
