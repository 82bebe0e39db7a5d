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
