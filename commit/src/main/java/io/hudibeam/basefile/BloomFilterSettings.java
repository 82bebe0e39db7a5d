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
    BloomFilterType type, int numEntries, double fpp, int dynamicMaxEntries)
    implements java.io.Serializable {
  /** The keys of the four settings (the settings registry declares them with these keys). */
  public static final String TYPE = "hoodie.bloom.index.filter.type";

  public static final String NUM_ENTRIES = "hoodie.index.bloom.num_entries";
  public static final String FPP = "hoodie.index.bloom.fpp";
  public static final String DYNAMIC_MAX_ENTRIES = "hoodie.bloom.index.filter.dynamic.max.entries";

  /** Hudi's defaults ({@code HoodieStorageConfig}, {@code HoodieIndexConfig}). */
  public static final BloomFilterType DEFAULT_TYPE = BloomFilterType.DYNAMIC_V0;

  public static final int DEFAULT_NUM_ENTRIES = 60_000;
  public static final double DEFAULT_FPP = 0.000000001;
  public static final int DEFAULT_DYNAMIC_MAX_ENTRIES = 100_000;

  private static final BloomFilterSettings DEFAULTS =
      new BloomFilterSettings(
          DEFAULT_TYPE, DEFAULT_NUM_ENTRIES, DEFAULT_FPP, DEFAULT_DYNAMIC_MAX_ENTRIES);

  /**
   * A filter that fits in a bloom filter row. Each value on its own is checked where it is read, by
   * the settings registry; the sizes this class computes with are guarded here too.
   */
  public BloomFilterSettings {
    Objects.requireNonNull(type, "type");
    if (numEntries < 1 || !(fpp > 0 && fpp < 1) || dynamicMaxEntries < 1) {
      throw new IllegalArgumentException(
          String.format(
              "a bloom filter needs %s >= 1, 0 < %s < 1 and %s >= 1, but was %d, %s, %d",
              NUM_ENTRIES, FPP, DYNAMIC_MAX_ENTRIES, numEntries, fpp, dynamicMaxEntries));
    }
    long bits = (long) Math.ceil(numEntries * (-Math.log(fpp) / (Math.log(2) * Math.log(2))));
    if (bits > Integer.MAX_VALUE - 64) {
      throw new HudiTableException(
          NUM_ENTRIES
              + "="
              + numEntries
              + " with "
              + FPP
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
