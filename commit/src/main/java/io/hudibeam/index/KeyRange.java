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
package io.hudibeam.index;

import java.util.Objects;

/**
 * An inclusive range of record keys, compared as Java strings (as Hudi compares a base file's
 * footer range in {@code HoodieBloomIndex}): the smallest and largest key of the incoming records
 * of a partition. A SIMPLE index skips the base files whose footer range lies outside it, and the
 * stored keys that do (a stored key outside it cannot equal an incoming key).
 *
 * @param min the smallest key, inclusive
 * @param max the largest key, inclusive
 */
public record KeyRange(String min, String max) {

  /** Both bounds, and min ≤ max. */
  public KeyRange {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    if (min.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          "Key range min '" + min + "' is above its max '" + max + "'");
    }
  }

  /** The range of one key. */
  public static KeyRange of(String recordKey) {
    return new KeyRange(recordKey, recordKey);
  }

  /** The smallest range holding this range and {@code other}. */
  public KeyRange union(KeyRange other) {
    String lower = min.compareTo(other.min) <= 0 ? min : other.min;
    String upper = max.compareTo(other.max) >= 0 ? max : other.max;
    return lower.equals(min) && upper.equals(max) ? this : new KeyRange(lower, upper);
  }

  /** Whether min ≤ {@code recordKey} ≤ max. */
  public boolean contains(String recordKey) {
    return min.compareTo(recordKey) <= 0 && max.compareTo(recordKey) >= 0;
  }

  /**
   * Whether a base file whose footer gives the smallest and largest record keys {@code storedMin}
   * and {@code storedMax} holds no key of this range: its footer range lies wholly below or above
   * it. False whenever one of the four bounds has a character at or above U+D800: Java compares
   * strings by UTF-16 code units, while Hudi's Spark row writer computes a footer's range on UTF-8
   * bytes (code points: {@code HoodieRowParquetWriteSupport} keeps its range with {@code
   * HoodieBloomFilterWriteSupport} over {@code UTF8String}); the two orders agree on strings
   * without such characters, and with them the file is read rather than skipped on a range that may
   * be ordered otherwise.
   */
  public boolean excludesEveryKeyBetween(String storedMin, String storedMax) {
    if (hasSurrogateOrAbove(min)
        || hasSurrogateOrAbove(max)
        || hasSurrogateOrAbove(storedMin)
        || hasSurrogateOrAbove(storedMax)) {
      return false;
    }
    return storedMax.compareTo(min) < 0 || storedMin.compareTo(max) > 0;
  }

  /** Whether the key has a character at or above U+D800 (a surrogate or U+E000..U+FFFF). */
  static boolean hasSurrogateOrAbove(String key) {
    for (int i = 0; i < key.length(); i++) {
      if (key.charAt(i) >= Character.MIN_SURROGATE) {
        return true;
      }
    }
    return false;
  }
}
