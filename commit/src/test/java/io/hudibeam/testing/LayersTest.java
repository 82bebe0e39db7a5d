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
package io.hudibeam.testing;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;

import java.nio.file.Path;
import org.junit.Test;

/**
 * The commit module keeps its layers: every package's {@code package-info.java} says which packages
 * of the module it may use ("May depend on ..."), no package uses another its rule does not name,
 * and no two packages reach each other. docs/architecture.md draws these rules.
 */
public class LayersTest {

  @Test
  public void everyPackageUsesOnlyWhatItsPackageInfoAllowsAndNoCycleExists() {
    PackageGraph graph = PackageGraph.of(Path.of("src", "main", "java"));
    assertThat(graph.packages().size(), greaterThan(10));
    assertThat(graph.report("commit"), graph.problems(), empty());
  }
}
