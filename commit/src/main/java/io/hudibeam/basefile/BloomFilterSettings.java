package io.hudibeam.basefile;

import io.hudibeam.settings.HudiSettings;
import io.hudibeam.table.HudiTableException;
import java.util.Objects;

/**
 * How the base-file bloom filter is sized: Hudi's {@code hoodie.bloom.index.filter.type}, {@code
 * hoodie.index.bloom.num_entries}, {@code hoodie.index.bloom.fpp} and {@code
 * hoodie.bloom.index.filter.dynamic.max.entries}, with Hudi's defaults ({@code
 * HoodieStorageConfig}).
 */
public final class BloomFilterSettings {
  public static final int DEFAULT_NUM_ENTRIES = HudiSettings.BLOOM_NUM_ENTRIES.defaultValue().orElseThrow();
  public static final double DEFAULT_FPP = HudiSettings.BLOOM_FPP.defaultValue().orElseThrow();
  public static final int DEFAULT_DYNAMIC_MAX_ENTRIES =
      HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.defaultValue().orElseThrow();

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
    HudiSettings.BLOOM_NUM_ENTRIES.check(numEntries);
    HudiSettings.BLOOM_FPP.check(fpp);
    HudiSettings.BLOOM_DYNAMIC_MAX_ENTRIES.check(dynamicMaxEntries);
    long bits = (long) Math.ceil(numEntries * (-Math.log(fpp) / (Math.log(2) * Math.log(2))));
    if (bits > Integer.MAX_VALUE - 64) {
      throw new HudiTableException(
          HudiSettings.BLOOM_NUM_ENTRIES.key() + "="
              + numEntries
              + " with " + HudiSettings.BLOOM_FPP.key() + "="
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
