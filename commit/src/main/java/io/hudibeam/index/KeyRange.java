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
   * Whether a base file with footer range {@code stored} holds no key of this range: the footer
   * range lies wholly below or above it. False when the footer has no range ({@link
   * FileKeyRange#fromBounds} also gives none for a footer range it does not trust) or a bound of
   * this range has a character at or above U+D800: Java compares strings by UTF-16 code units,
   * while Hudi's Spark row writer orders a footer's keys by UTF-8 bytes; the two orders agree on
   * strings without such characters.
   */
  public boolean excludes(FileKeyRange stored) {
    if (stored.minRecordKey().isEmpty() || hasSurrogateOrAbove(min) || hasSurrogateOrAbove(max)) {
      return false;
    }
    return stored.maxRecordKey().get().compareTo(min) < 0
        || stored.minRecordKey().get().compareTo(max) > 0;
  }

  /** This range, or the smallest one that also holds {@code recordKey}. */
  public KeyRange with(String recordKey) {
    return contains(recordKey) ? this : union(of(recordKey));
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
