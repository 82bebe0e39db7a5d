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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.table.HudiTableException;
import java.util.Optional;
import org.junit.Test;

/** The key range record: both bounds or neither, min ≤ max, and which keys it may hold. */
public class FileKeyRangeTest {
  static final BaseFile FILE =
      BaseFile.of(
          "p",
          BaseFileName.parse(
              "aaaaaaaa-387f-490d-aab2-981c3f1a8ada-0_0-1-2_20240101000000000.parquet"),
          1000);

  @Test
  public void boundsAreInclusiveAndAFileWithoutRangeMayHoldAnyKey() {
    FileKeyRange range = FileKeyRange.of(FILE, "k10", "k20");
    assertThat(range.mayContain("k10"), is(true));
    assertThat(range.mayContain("k20"), is(true));
    assertThat(range.mayContain("k09"), is(false));
    assertThat(range.mayContain("k21"), is(false));
    assertThat(FileKeyRange.unbounded(FILE).mayContain(""), is(true));
    assertThat(
        FileKeyRange.unbounded(FILE),
        is(new FileKeyRange(FILE, Optional.empty(), Optional.empty())));
    assertThat(range, is(new FileKeyRange(FILE, Optional.of("k10"), Optional.of("k20"))));
  }

  @Test
  public void refusesAnInvertedRangeOrASingleBound() {
    HudiTableException inverted =
        assertThrows(HudiTableException.class, () -> FileKeyRange.of(FILE, "k2", "k1"));
    assertThat(inverted.getMessage(), containsString("p/aaaaaaaa-387f"));
    assertThat(
        inverted.getMessage(), containsString("min record key 'k2' above its max record key 'k1'"));
    HudiTableException oneBound =
        assertThrows(
            HudiTableException.class,
            () -> new FileKeyRange(FILE, Optional.of("k1"), Optional.empty()));
    assertThat(oneBound.getMessage(), containsString("only one bound"));
  }

  /**
   * A footer range with a character at or above U+D800 may be ordered by code point (Hudi's Spark
   * row writer) rather than as Java strings: it is taken as no range, not refused as inverted.
   */
  @Test
  public void aFooterRangeWithCharactersAtOrAboveTheSurrogatesIsNoRange() {
    Optional<String> fullwidthA = Optional.of("k\uFF21");
    Optional<String> emoji = Optional.of("k\uD83D\uDE00");
    assertThat(FileKeyRange.fromBounds(FILE, fullwidthA, emoji), is(FileKeyRange.unbounded(FILE)));
    assertThat(
        FileKeyRange.fromBounds(FILE, Optional.of("k1"), emoji), is(FileKeyRange.unbounded(FILE)));
    assertThat(
        FileKeyRange.fromBounds(FILE, Optional.of("k1"), Optional.empty()),
        is(FileKeyRange.unbounded(FILE)));
    assertThat(
        FileKeyRange.fromBounds(FILE, Optional.of("k1"), Optional.of("k\u00e9")),
        is(FileKeyRange.of(FILE, "k1", "k\u00e9")));
  }
}
