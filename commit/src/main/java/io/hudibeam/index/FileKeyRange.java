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

import io.hudibeam.basefile.BaseFileFooter;
import io.hudibeam.files.BaseFile;
import io.hudibeam.table.HudiTableException;
import java.util.Objects;
import java.util.Optional;

/**
 * The record key range of a base file, read from its footer ({@code hoodie_min_record_key}, {@code
 * hoodie_max_record_key}); Hudi's {@code BloomIndexFileInfo}. A file without a range (written
 * without one) may hold any key.
 *
 * @param baseFile the base file
 * @param minRecordKey the smallest record key, inclusive; empty when the footer has no range
 * @param maxRecordKey the largest record key, inclusive; empty when the footer has no range
 */
public record FileKeyRange(
    BaseFile baseFile, Optional<String> minRecordKey, Optional<String> maxRecordKey) {

  /** Both bounds or neither, and min ≤ max compared as Java strings (as Hudi compares them). */
  public FileKeyRange {
    Objects.requireNonNull(baseFile, "baseFile");
    Objects.requireNonNull(minRecordKey, "minRecordKey");
    Objects.requireNonNull(maxRecordKey, "maxRecordKey");
    if (minRecordKey.isPresent() != maxRecordKey.isPresent()) {
      throw new HudiTableException(
          "Base file "
              + baseFile.relativePath()
              + " has a key range with only one bound: min "
              + minRecordKey
              + ", max "
              + maxRecordKey
              + "; expected both or neither");
    }
    if (minRecordKey.isPresent() && minRecordKey.get().compareTo(maxRecordKey.get()) > 0) {
      throw new HudiTableException(
          "Base file "
              + baseFile.relativePath()
              + " has min record key '"
              + minRecordKey.get()
              + "' above its max record key '"
              + maxRecordKey.get()
              + "'");
    }
  }

  /** A range with both bounds inclusive, compared as Java strings (as Hudi compares them). */
  public static FileKeyRange of(BaseFile baseFile, String minRecordKey, String maxRecordKey) {
    return new FileKeyRange(
        baseFile,
        Optional.of(Objects.requireNonNull(minRecordKey, "minRecordKey")),
        Optional.of(Objects.requireNonNull(maxRecordKey, "maxRecordKey")));
  }

  /** A file whose footer has no key range: every key is a candidate. */
  public static FileKeyRange unbounded(BaseFile baseFile) {
    return new FileKeyRange(baseFile, Optional.empty(), Optional.empty());
  }

  /**
   * The range of the footer, unbounded when the footer lacks either bound or a bound has a
   * character at or above U+D800 ({@link #fromBounds}).
   */
  public static FileKeyRange fromFooter(BaseFile baseFile, BaseFileFooter footer) {
    return fromBounds(baseFile, footer.minRecordKey(), footer.maxRecordKey());
  }

  /**
   * The range of a footer's min and max record keys; unbounded when either is absent or has a
   * character at or above U+D800: Hudi's Spark row writer orders a footer's keys by code point
   * (UTF-8 bytes), Java by UTF-16 code unit, and the two orders differ only on such characters, so
   * such a range is not trusted to rule keys out (nor refused as inverted).
   */
  public static FileKeyRange fromBounds(
      BaseFile baseFile, Optional<String> minRecordKey, Optional<String> maxRecordKey) {
    return minRecordKey.isPresent()
            && maxRecordKey.isPresent()
            && !KeyRange.hasSurrogateOrAbove(minRecordKey.get())
            && !KeyRange.hasSurrogateOrAbove(maxRecordKey.get())
        ? of(baseFile, minRecordKey.get(), maxRecordKey.get())
        : unbounded(baseFile);
  }

  /** Whether the file may hold the key: no range, or min ≤ key ≤ max. */
  public boolean mayContain(String recordKey) {
    return minRecordKey.isEmpty()
        || (minRecordKey.get().compareTo(recordKey) <= 0
            && maxRecordKey.get().compareTo(recordKey) >= 0);
  }

  @Override
  public String toString() {
    return baseFile.relativePath()
        + (minRecordKey.isEmpty()
            ? " [any key]"
            : " [" + minRecordKey.get() + ", " + maxRecordKey.get() + "]");
  }
}
