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
import org.junit.Test;

/** The incoming keys' range: union, inclusive bounds, and overlap with a file's footer range. */
public class KeyRangeTest {
  private static final BaseFile FILE = FileKeyRangeTest.FILE;

  @Test
  public void theUnionHoldsBothRangesAndTheBoundsAreInclusive() {
    KeyRange range = KeyRange.of("k15").union(KeyRange.of("k12")).union(KeyRange.of("k13"));
    assertThat(range, is(new KeyRange("k12", "k15")));
    assertThat(range.contains("k12"), is(true));
    assertThat(range.contains("k15"), is(true));
    assertThat(range.contains("k14"), is(true));
    assertThat(range.contains("k11"), is(false));
    assertThat(range.contains("k16"), is(false));
    // Java string order, as Hudi compares keys: "k2" sorts after "k15".
    assertThat(range.contains("k2"), is(false));
  }

  @Test
  public void overlapsAFileRangeSharingAKeyOrAFileWithoutRange() {
    KeyRange incoming = new KeyRange("k20", "k30");
    assertThat(incoming.overlaps(FileKeyRange.of(FILE, "k10", "k20")), is(true));
    assertThat(incoming.overlaps(FileKeyRange.of(FILE, "k30", "k40")), is(true));
    assertThat(incoming.overlaps(FileKeyRange.of(FILE, "k22", "k23")), is(true));
    assertThat(incoming.overlaps(FileKeyRange.of(FILE, "k10", "k40")), is(true));
    assertThat(incoming.overlaps(FileKeyRange.of(FILE, "k10", "k19")), is(false));
    assertThat(incoming.overlaps(FileKeyRange.of(FILE, "k31", "k40")), is(false));
    assertThat(incoming.overlaps(FileKeyRange.unbounded(FILE)), is(true));
  }

  @Test
  public void refusesAnInvertedRange() {
    IllegalArgumentException inverted =
        assertThrows(IllegalArgumentException.class, () -> new KeyRange("k2", "k1"));
    assertThat(inverted.getMessage(), containsString("min 'k2' is above its max 'k1'"));
  }
}
