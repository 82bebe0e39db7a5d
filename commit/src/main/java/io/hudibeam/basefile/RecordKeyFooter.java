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

import java.util.Map;

/**
 * The record key part of a base file's footer: every key of the file goes into the bloom filter and
 * the min/max key range, written as footer metadata when the file is closed (as Hudi's {@code
 * HoodieBloomFilterWriteSupport}). Not thread-safe.
 */
final class RecordKeyFooter {
  private final RecordKeyFilter bloomFilter;
  private String minRecordKey;
  private String maxRecordKey;

  RecordKeyFooter(RecordKeyFilter bloomFilter) {
    this.bloomFilter = bloomFilter;
  }

  void add(String recordKey) {
    bloomFilter.add(recordKey);
    if (minRecordKey == null || minRecordKey.compareTo(recordKey) > 0) {
      minRecordKey = recordKey;
    }
    if (maxRecordKey == null || maxRecordKey.compareTo(recordKey) < 0) {
      maxRecordKey = recordKey;
    }
  }

  /** The smallest key added ({@code String.compareTo}), null when none was. */
  String minRecordKey() {
    return minRecordKey;
  }

  String maxRecordKey() {
    return maxRecordKey;
  }

  /**
   * Puts the bloom filter (its type code when dynamic) and the key range into {@code footer},
   * replacing any of these keys it held.
   */
  void putInto(Map<String, String> footer) {
    BloomFilter filter = bloomFilter.build();
    footer.put(FooterKeys.BLOOM_FILTER, filter.serializeToString());
    footer.remove(FooterKeys.BLOOM_FILTER_TYPE_CODE);
    if (filter.type() == BloomFilterType.DYNAMIC_V0) {
      footer.put(FooterKeys.BLOOM_FILTER_TYPE_CODE, filter.type().value());
    }
    footer.remove(FooterKeys.MIN_RECORD_KEY);
    footer.remove(FooterKeys.MAX_RECORD_KEY);
    if (minRecordKey != null) {
      footer.put(FooterKeys.MIN_RECORD_KEY, minRecordKey);
      footer.put(FooterKeys.MAX_RECORD_KEY, maxRecordKey);
    }
  }
}
