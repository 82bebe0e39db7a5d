package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.util.Locale;

/**
 * The bloom filter layouts Hudi stores in a base file footer, named as in Hudi's {@code
 * BloomFilterTypeCode} and in the footer key {@code hoodie_bloom_filter_type_code}.
 */
public enum BloomFilterType {
  /** One fixed-size Hadoop bloom filter. */
  SIMPLE,
  /**
   * Hudi's bounded dynamic filter: rows of SIMPLE filters, a new row per {@code numEntries} keys.
   */
  DYNAMIC_V0;

  /** The type code as Hudi writes it (config value and footer value). */
  public String value() {
    return name();
  }

  /**
   * Parses a type code case-insensitively, as Hudi's {@code BloomFilterFactory} does ({@code
   * equalsIgnoreCase}).
   */
  public static BloomFilterType fromValue(String value) {
    if (value != null) {
      String upper = value.trim().toUpperCase(Locale.ROOT);
      for (BloomFilterType type : values()) {
        if (type.name().equals(upper)) {
          return type;
        }
      }
    }
    throw new HudiTableException(
        "Unknown bloom filter type code '" + value + "'; expected SIMPLE or DYNAMIC_V0");
  }
}
