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
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The package graph reads uses and rules as its javadoc says, on a small tree written here. */
public class PackageGraphTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Path root;

  private void write(String pkg, String name, String source) throws IOException {
    Path dir = root.resolve(pkg.replace('.', '/'));
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(name + ".java"), source);
  }

  private void rule(String pkg, String sentence) throws IOException {
    write(
        pkg,
        "package-info",
        "/**\n * What it holds.\n *\n * <p>" + sentence + "\n */\npackage " + pkg + ";\n");
  }

  private PackageGraph tree() throws IOException {
    root = tmp.newFolder("src").toPath();
    rule("io.hudibeam.table", "Depends on nothing else in io.hudibeam.");
    rule("io.hudibeam.timeline", "May depend on {@code io.hudibeam.table} only.");
    rule(
        "io.hudibeam.files",
        "May depend on {@code table} and {@code timeline}; never on {@code io.hudibeam.write}.");
    write(
        "io.hudibeam.table",
        "Config",
        "package io.hudibeam.table;\nimport io.hudibeam.timeline.Instant;\nclass Config {}\n");
    write(
        "io.hudibeam.timeline",
        "Instant",
        "package io.hudibeam.timeline;\nimport io.hudibeam.table.Config;\n"
            + "/** See {@link io.hudibeam.files.View}. */\n"
            + "class Instant { String s = \"io.hudibeam.files.View\"; // io.hudibeam.write.Plan\n}\n");
    write(
        "io.hudibeam.files",
        "View",
        "package io.hudibeam.files;\nimport static io.hudibeam.timeline.Instant.parse;\n"
            + "class View { io.hudibeam.write.Plan p; io.hudibeam.table.Config.Key k; }\n");
    write(
        "io.hudibeam.write",
        "Plan",
        "package io.hudibeam.write;\nimport io.hudibeam.files.View;\nclass Plan {}\n");
    return PackageGraph.of(root);
  }

  @Test
  public void readsImportsStaticImportsAndQualifiedNamesButNotCommentsOrStrings()
      throws IOException {
    List<String> edges = tree().edges().stream().map(Object::toString).collect(Collectors.toList());
    assertThat(
        edges,
        contains(
            "files -> table (1)",
            "files -> timeline (1)",
            "files -> write (1)",
            "table -> timeline (1)",
            "timeline -> table (1)",
            "write -> files (1)"));
  }

  @Test
  public void findsCyclesAndMutualPairs() throws IOException {
    PackageGraph graph = tree();
    assertThat(
        graph.cycles(),
        contains(
            Set.of("io.hudibeam.files", "io.hudibeam.write"),
            Set.of("io.hudibeam.table", "io.hudibeam.timeline")));
    assertThat(graph.mutualPairs(), contains("files <-> write", "table <-> timeline"));
  }

  @Test
  public void readsTheRuleSentenceOfEachPackageInfo() throws IOException {
    PackageGraph graph = tree();
    assertThat(graph.rule("io.hudibeam.table"), is(Optional.of(Set.of())));
    assertThat(graph.rule("io.hudibeam.timeline"), is(Optional.of(Set.of("io.hudibeam.table"))));
    assertThat(
        graph.rule("io.hudibeam.files"),
        is(Optional.of(Set.of("io.hudibeam.table", "io.hudibeam.timeline"))));
    assertThat(graph.packagesWithoutRule(), contains("io.hudibeam.write"));
  }

  @Test
  public void reportsTheEdgesAgainstARuleWithTheUsesThatMakeThem() throws IOException {
    PackageGraph graph = tree();
    assertThat(
        graph.ruleBreaks().stream().map(Object::toString).collect(Collectors.toList()),
        contains("files -> write (1)", "table -> timeline (1)"));
    assertThat(graph.ruleBreaks().get(0).uses().get(0).toString(), is("View -> write.Plan"));
    String report = graph.report("m");
    assertThat(
        report,
        containsString("module m: 4 packages, 6 edges, 2 cycles (2 mutual pairs), 2 edges"));
    assertThat(report, containsString("no rule: write"));
  }

  @Test
  public void aTreeThatKeepsItsRulesHasNothingToReport() throws IOException {
    root = tmp.newFolder("clean").toPath();
    rule("io.hudibeam.table", "Depends on nothing else in io.hudibeam.");
    rule("io.hudibeam.timeline", "May depend on {@code io.hudibeam.table}.");
    write("io.hudibeam.table", "Config", "package io.hudibeam.table;\nclass Config {}\n");
    write(
        "io.hudibeam.timeline",
        "Instant",
        "package io.hudibeam.timeline;\nimport io.hudibeam.table.Config;\nclass Instant {}\n");
    PackageGraph graph = PackageGraph.of(root);
    assertThat(graph.edges().size(), is(1));
    assertThat(graph.cycles(), is(empty()));
    assertThat(graph.ruleBreaks(), is(empty()));
    assertThat(graph.packagesWithoutRule(), is(empty()));
  }
}
