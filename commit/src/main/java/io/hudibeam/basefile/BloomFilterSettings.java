package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.util.Objects;

/**
 * How the base-file bloom filter is sized: Hudi's {@code hoodie.bloom.index.filter.type}, {@code
 * hoodie.index.bloom.num_entries}, {@code hoodie.index.bloom.fpp} and {@code
 * hoodie.bloom.index.filter.dynamic.max.entries}, with Hudi's defaults ({@code
 * HoodieStorageConfig}).
 *
 * @param type the filter type, {@code hoodie.bloom.index.filter.type}
 * @param numEntries {@code hoodie.index.bloom.num_entries}
 * @param fpp {@code hoodie.index.bloom.fpp}
 * @param dynamicMaxEntries {@code hoodie.bloom.index.filter.dynamic.max.entries}; only used by
 *     DYNAMIC_V0
 */
public record BloomFilterSettings(BloomFilterType type, int numEntries, double fpp, int dynamicMaxEntries) {
  public static final int DEFAULT_NUM_ENTRIES = 60_000;
  public static final double DEFAULT_FPP = 0.000000001;
  public static final int DEFAULT_DYNAMIC_MAX_ENTRIES = 100_000;

  private static final BloomFilterSettings DEFAULTS =
      new BloomFilterSettings(
          BloomFilterType.DYNAMIC_V0,
          DEFAULT_NUM_ENTRIES,
          DEFAULT_FPP,
          DEFAULT_DYNAMIC_MAX_ENTRIES);

  /** Each setting in its range, and a filter that fits in a bloom filter row. */
  public BloomFilterSettings {
    Objects.requireNonNull(type, "type");
    if (numEntries <= 0) {
      throw new HudiTableException(
          "hoodie.index.bloom.num_entries must be > 0, but was " + numEntries);
    }
    if (!(fpp > 0 && fpp < 1)) {
      throw new HudiTableException(
          "hoodie.index.bloom.fpp must be between 0 and 1 (exclusive), but was " + fpp);
    }
    if (dynamicMaxEntries <= 0) {
      throw new HudiTableException(
          "hoodie.bloom.index.filter.dynamic.max.entries must be > 0, but was "
              + dynamicMaxEntries);
    }
    long bits = (long) Math.ceil(numEntries * (-Math.log(fpp) / (Math.log(2) * Math.log(2))));
    if (bits > Integer.MAX_VALUE - 64) {
      throw new HudiTableException(
          "hoodie.index.bloom.num_entries="
              + numEntries
              + " with hoodie.index.bloom.fpp="
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
