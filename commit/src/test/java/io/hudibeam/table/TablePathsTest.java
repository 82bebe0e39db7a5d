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
package io.hudibeam.table;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.Assert.assertThrows;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.Test;

/**
 * Partition folders stay under the base path and outside {@code .hoodie}, whatever partition path a
 * commit, a marker or a clean plan names (Cleaner deletes whole partition folders by name).
 */
public class TablePathsTest {
  private final TablePaths paths = TablePaths.of("/warehouse/t/");

  @Test
  public void partitionFoldersAreUnderTheBasePath() {
    assertThat(paths.partitionFolder(""), equalTo(new Path("/warehouse/t")));
    assertThat(paths.partitionFolder("a"), equalTo(new Path("/warehouse/t/a")));
    assertThat(paths.partitionFolder("2024/03/31"), equalTo(new Path("/warehouse/t/2024/03/31")));
    assertThat(paths.partitionFolder("city=.."), equalTo(new Path("/warehouse/t/city=..")));
    assertThat(paths.partitionFolder("a%2Fb"), equalTo(new Path("/warehouse/t/a%2Fb")));
    assertThat(
        "hidden folders other than .hoodie are Hudi-legal",
        paths.partitionFolder(".cache"),
        equalTo(new Path("/warehouse/t/.cache")));
  }

  @Test
  public void pathsReachingOutsideTheTableOrIntoItsMetadataAreRefused() {
    for (String bad :
        List.of(
            ".", "..", "../../escaped", "a/../..", "a//b", "/a", "a/", ".hoodie", ".hoodie/x")) {
      String folder =
          List.of(bad.split("/", -1)).stream()
              .filter(
                  f -> f.isEmpty() || f.equals(".") || f.equals("..") || bad.startsWith(".hoodie"))
              .findFirst()
              .orElseThrow();
      assertThat(
          bad,
          assertThrows(HudiTableException.class, () -> paths.partitionFolder(bad)).getMessage(),
          equalTo(
              "Partition path '"
                  + bad
                  + "' of table /warehouse/t is not a relative path of partition folders"
                  + " under the base path: folder name '"
                  + folder
                  + "' is empty, '.' or '..', or the path is in .hoodie"));
    }
  }
}
