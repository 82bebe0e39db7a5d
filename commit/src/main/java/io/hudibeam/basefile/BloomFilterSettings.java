package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.util.Objects;

/**
 * How the base-file bloom filter is sized: Hudi's {@code hoodie.bloom.index.filter.type}, {@code
 * hoodie.index.bloom.num_entries}, {@code hoodie.index.bloom.fpp} and {@code
 * hoodie.bloom.index.filter.dynamic.max.entries}, with Hudi's defaults ({@code
 * HoodieStorageConfig}).
 */
public final class BloomFilterSettings {
  public static final int DEFAULT_NUM_ENTRIES = 60_000;
  public static final double DEFAULT_FPP = 0.000000001;
  public static final int DEFAULT_DYNAMIC_MAX_ENTRIES = 100_000;

  private static final BloomFilterSettings DEFAULTS =
      new BloomFilterSettings(
          BloomFilterType.DYNAMIC_V0,
          DEFAULT_NUM_ENTRIES,
          DEFAULT_FPP,
          DEFAULT_DYNAMIC_MAX_ENTRIES);

  private final BloomFilterType type;
  private final int numEntries;
  private final double fpp;
  private final int dynamicMaxEntries;

  private BloomFilterSettings(
      BloomFilterType type, int numEntries, double fpp, int dynamicMaxEntries) {
    this.type = Objects.requireNonNull(type, "type");
    this.numEntries = numEntries;
    this.fpp = fpp;
    this.dynamicMaxEntries = dynamicMaxEntries;
  }

  /** DYNAMIC_V0, 60000 entries, fpp 1e-9, at most 100000 entries. */
  public static BloomFilterSettings defaults() {
    return DEFAULTS;
  }

  public static BloomFilterSettings of(
      BloomFilterType type, int numEntries, double fpp, int dynamicMaxEntries) {
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
    return new BloomFilterSettings(type, numEntries, fpp, dynamicMaxEntries);
  }

  public BloomFilterType type() {
    return type;
  }

  public int numEntries() {
    return numEntries;
  }

  public double fpp() {
    return fpp;
  }

  /** Only used by DYNAMIC_V0. */
  public int dynamicMaxEntries() {
    return dynamicMaxEntries;
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

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof BloomFilterSettings)) {
      return false;
    }
    BloomFilterSettings that = (BloomFilterSettings) o;
    return type == that.type
        && numEntries == that.numEntries
        && Double.compare(fpp, that.fpp) == 0
        && dynamicMaxEntries == that.dynamicMaxEntries;
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, numEntries, fpp, dynamicMaxEntries);
  }

  @Override
  public String toString() {
    return "BloomFilterSettings{type="
        + type
        + ", numEntries="
        + numEntries
        + ", fpp="
        + fpp
        + ", dynamicMaxEntries="
        + dynamicMaxEntries
        + "}";
  }
}
