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
import io.hudibeam.table.HudiTableException;
import java.util.Objects;

/**
 * How the base-file bloom filter is sized: Hudi's {@code hoodie.bloom.index.filter.type}, {@code
 * hoodie.index.bloom.num_entries}, {@code hoodie.index.bloom.fpp} and {@code
 * hoodie.bloom.index.filter.dynamic.max.entries}, with Hudi's defaults ({@code
 * HoodieStorageConfig}).
 *
 * @param type {@code hoodie.bloom.index.filter.type}
 * @param numEntries {@code hoodie.index.bloom.num_entries}
 * @param fpp {@code hoodie.index.bloom.fpp}
 * @param dynamicMaxEntries {@code hoodie.bloom.index.filter.dynamic.max.entries}; only used by
 *     DYNAMIC_V0
 */
public record BloomFilterSettings(
    BloomFilterType type, int numEntries, double fpp, int dynamicMaxEntries) {
  public static final int DEFAULT_NUM_ENTRIES =
      HudiSettings.BLOOM_NUM_ENTRIES.defaultValue().orElseThrow();
  public static final double DEFAULT_FPP = HudiSettings.BLOOM_FPP.defaultValue().orElseThrow();
  public static final int DEFAULT_DYNAMIC_MAX_ENTRIES =
      HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.defaultValue().orElseThrow();

  private static final BloomFilterSettings DEFAULTS =
      new BloomFilterSettings(
          BloomFilterType.DYNAMIC_V0,
          DEFAULT_NUM_ENTRIES,
          DEFAULT_FPP,
          DEFAULT_DYNAMIC_MAX_ENTRIES);

  /** Each setting checked by the registry, and a filter that fits in a bloom filter row. */
  public BloomFilterSettings {
    Objects.requireNonNull(type, "type");
    HudiSettings.BLOOM_NUM_ENTRIES.check(numEntries);
    HudiSettings.BLOOM_FPP.check(fpp);
    HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.check(dynamicMaxEntries);
    long bits = (long) Math.ceil(numEntries * (-Math.log(fpp) / (Math.log(2) * Math.log(2))));
    if (bits > Integer.MAX_VALUE - 64) {
      throw new HudiTableException(
          HudiSettings.BLOOM_NUM_ENTRIES.key()
              + "="
              + numEntries
              + " with "
              + HudiSettings.BLOOM_FPP.key()
              + "="
              + fpp
              + " needs "
              + bits
              + " bits; a bloom filter row holds at most "
              + (Integer.MAX_VALUE - 64));
    }
  }

  /** DYNAMIC_V0, 60000 entries, fpp 1e-9, at most 100000 entries. */
  public static BloomFilterSettings defaults() {
    return DEFAULTS;
  }

  public static BloomFilterSettings of(
      BloomFilterType type, int numEntries, double fpp, int dynamicMaxEntries) {
    return new BloomFilterSettings(type, numEntries, fpp, dynamicMaxEntries);
  }

  /**
   * The same type, false positive rate and dynamic bound for {@code numEntries} entries: the filter
   * Hudi would size with {@code hoodie.index.bloom.num_entries = numEntries}.
   */
  public BloomFilterSettings withNumEntries(int numEntries) {
    return numEntries == this.numEntries ? this : of(type, numEntries, fpp, dynamicMaxEntries);
  }

  /** A new, empty filter sized by these settings. */
  public BloomFilter newFilter() {
    return BloomFilter.create(this);
  }
}
