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

import java.util.Optional;
import org.junit.Test;

/** The incoming keys' range: union, inclusive bounds, and which footer ranges it excludes. */
public class KeyRangeTest {
  /** The footer range of a test base file, as the index reads it. */
  private static FileKeyRange stored(String min, String max) {
    return FileKeyRange.fromBounds(FileKeyRangeTest.FILE, Optional.of(min), Optional.of(max));
  }

  @Test
  public void theUnionHoldsBothRangesAndTheBoundsAreInclusive() {
    KeyRange range = KeyRange.of("k15").union(KeyRange.of("k12")).union(KeyRange.of("k13"));
    assertThat(range, is(new KeyRange("k12", "k15")));
    assertThat(KeyRange.of("k15").with("k12").with("k13"), is(range));
    assertThat(range.with("k14") == range, is(true));
    assertThat(range.contains("k12"), is(true));
    assertThat(range.contains("k15"), is(true));
    assertThat(range.contains("k14"), is(true));
    assertThat(range.contains("k11"), is(false));
    assertThat(range.contains("k16"), is(false));
    // Java string order, as Hudi compares keys: "k2" sorts after "k15".
    assertThat(range.contains("k2"), is(false));
  }

  @Test
  public void excludesOnlyAFileRangeWhollyBelowOrAbove() {
    KeyRange incoming = new KeyRange("k20", "k30");
    assertThat(incoming.excludes(stored("k10", "k20")), is(false));
    assertThat(incoming.excludes(stored("k30", "k40")), is(false));
    assertThat(incoming.excludes(stored("k22", "k23")), is(false));
    assertThat(incoming.excludes(stored("k10", "k40")), is(false));
    assertThat(incoming.excludes(stored("k10", "k19")), is(true));
    assertThat(incoming.excludes(stored("k31", "k40")), is(true));
  }

  /**
   * A file whose keys Hudi's Spark row writer ordered by code point (UTF-8 bytes) has footer range
   * [k + U+FF21, k + U+1F600] and may hold k + U+FF30. Compared as Java strings (UTF-16 code units:
   * the emoji's high surrogate U+D83D sorts before U+FF30) the footer's max would lie below an
   * incoming k + U+FF30 and the file would be skipped: with a bound at or above U+D800 nothing is
   * excluded.
   */
  @Test
  public void excludesNothingWhenABoundHasACharacterAtOrAboveTheSurrogates() {
    String storedMin = "k\uFF21";
    String storedMax = "k\uD83D\uDE00";
    String incoming = "k\uFF30";
    assertThat(storedMax.compareTo(incoming) < 0, is(true));
    assertThat(KeyRange.of(incoming).excludes(stored(storedMin, storedMax)), is(false));
    assertThat(KeyRange.of("a").excludes(stored("k\uE000", "k\uE001")), is(false));
    assertThat(KeyRange.of("k\uFF21").excludes(stored("a", "b")), is(false));
    // Below U+D800 both orders agree: a Latin-1 key is compared as usual.
    assertThat(KeyRange.of("k\u00e9").excludes(stored("a", "b")), is(true));
  }

  @Test
  public void refusesAnInvertedRange() {
    IllegalArgumentException inverted =
        assertThrows(IllegalArgumentException.class, () -> new KeyRange("k2", "k1"));
    assertThat(inverted.getMessage(), containsString("min 'k2' is above its max 'k1'"));
  }
}
