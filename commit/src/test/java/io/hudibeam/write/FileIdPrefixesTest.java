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
package io.hudibeam.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.files.FileId;
import io.hudibeam.timeline.InstantTime;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Test;

public class FileIdPrefixesTest {
  private static List<UUID> draw(String instant, int n) {
    FileIdPrefixes prefixes = FileIdPrefixes.of(InstantTime.parse(instant));
    return Stream.generate(prefixes).limit(n).collect(Collectors.toList());
  }

  @Test
  public void planningAnInstantAgainDrawsTheSameFileIdsAndOtherInstantsOthers() {
    List<UUID> first = draw("20261129120000000", 5);
    assertThat(draw("20261129120000000", 5), is(first));
    assertThat(first.stream().distinct().count(), is(5L));
    assertThat(draw("20261129120000001", 5).get(0), is(not(first.get(0))));
    assertThat(FileId.parse(FileId.of(first.get(0), 0).value()), is(FileId.of(first.get(0), 0)));
  }
}
