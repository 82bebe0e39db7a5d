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
import java.util.List;
import org.junit.Test;

public class KeyRangeFilterTest {
  private static BaseFile file(String partition, String fileIdPrefix) {
    return BaseFile.of(
        partition,
        BaseFileName.parse(
            fileIdPrefix + "-387f-490d-aab2-981c3f1a8ada-0_0-1-2_20240101000000000.parquet"),
        1000);
  }

  private static final BaseFile A = file("p", "aaaaaaaa");
  private static final BaseFile B = file("p", "bbbbbbbb");
  private static final BaseFile C = file("p", "cccccccc");
  private static final BaseFile Q = file("q", "dddddddd");

  @Test
  public void keepsFilesWhoseRangeHoldsTheKeyAndFilesWithoutRange() {
    KeyRangeFilter filter =
        KeyRangeFilter.of(
            List.of(
                FileKeyRange.of(B, "k10", "k20"),
                FileKeyRange.of(A, "k00", "k15"),
                FileKeyRange.unbounded(C),
                FileKeyRange.of(Q, "k00", "k99")));
    assertThat(filter.candidates("p", "k05"), is(List.of(C, A)));
    assertThat(filter.candidates("p", "k10"), is(List.of(C, A, B)));
    assertThat(filter.candidates("p", "k15"), is(List.of(C, A, B)));
    assertThat(filter.candidates("p", "k20"), is(List.of(C, B)));
    assertThat(filter.candidates("p", "k21"), is(List.of(C)));
    assertThat(filter.candidates("p", "a"), is(List.of(C)));
    assertThat(filter.candidates("q", "k50"), is(List.of(Q)));
    assertThat(filter.candidates("r", "k50"), is(List.of()));
  }

  @Test
  public void boundsAreInclusiveAndComparedAsJavaStrings() {
    FileKeyRange range = FileKeyRange.of(A, "Z", "a");
    assertThat(range.mayContain("Z"), is(true));
    assertThat(range.mayContain("_"), is(true));
    assertThat(range.mayContain("a"), is(true));
    assertThat(range.mayContain("aa"), is(false));
    assertThat(range.mayContain("Y"), is(false));
    assertThat(FileKeyRange.unbounded(A).mayContain("anything"), is(true));
  }

  @Test
  public void invertedRangeIsRefused() {
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> FileKeyRange.of(A, "k2", "k1"));
    assertThat(e.getMessage(), containsString("min record key 'k2' above its max record key 'k1'"));
  }
}
