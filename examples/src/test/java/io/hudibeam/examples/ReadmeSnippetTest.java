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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The README's front door: its minimal pipeline is, character for character, {@link
 * MinimalPipeline} (which the build compiles, and this test runs, reading the table back with
 * Hudi), and its dependency snippet names this build's artifact and version.
 */
public class ReadmeSnippetTest {
  private static final Path README = Paths.get("..", "README.md");
  private static final String SECTION = "## Use it in a pipeline";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** The first fenced block of the given language after the front-door heading. */
  private static String block(String language) throws Exception {
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    int section = readme.indexOf("\n" + SECTION + "\n");
    assertThat("README.md has a section '" + SECTION + "'", section >= 0, is(true));
    Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    assertThat(
        "README.md has a ```" + language + " block in '" + SECTION + "'",
        m.find(section),
        is(true));
    return m.group(1);
  }

  @Test
  public void theMinimalPipelineIsTheCompiledClass() throws Exception {
    String source =
        Files.readString(
            Paths.get("src/main/java/io/hudibeam/examples/MinimalPipeline.java"),
            StandardCharsets.UTF_8);
    String withoutPackage = source.substring(source.indexOf(";\n\n") + 3);
    assertThat(block("java"), is(withoutPackage));
  }

  @Test
  public void theDependencyIsThisBuildsArtifact() throws Exception {
    String pom = Files.readString(Paths.get("..", "pom.xml"), StandardCharsets.UTF_8);
    Matcher version =
        Pattern.compile("<artifactId>hudi-beam-parent</artifactId>\\s*<version>([^<]+)</version>")
            .matcher(pom);
    assertThat(version.find(), is(true));
    String xml = block("xml").replaceAll("\\s+", "");
    assertThat(
        xml,
        containsString(
            "<groupId>io.hudibeam</groupId><artifactId>hudi-beam-io</artifactId><version>"
                + version.group(1)
                + "</version>"));
    assertThat(xml, containsString("<artifactId>beam-runners-direct-java</artifactId>"));
  }

  @Test
  public void theMinimalPipelineWritesATableHudiReads() throws Exception {
    String table = tmp.newFolder("hudi-minimal").getAbsolutePath();
    MinimalPipeline.write(table, new String[0]);

    Map<String, GenericRecord> rows = HudiTableReader.of(table).snapshotByRecordKey();
    assertThat(rows.size(), is(2));
    assertRow(rows.get("trip-1"), "paris", 1L, 12.5);
    assertRow(rows.get("trip-2"), "oslo", 2L, 30.0);
  }

  private static void assertRow(GenericRecord row, String city, long ts, double fare) {
    assertThat(HudiTableReader.string(row, "city"), is(city));
    assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(city));
    assertThat(row.get("ts"), is(ts));
    assertThat(row.get("fare"), is(fare));
  }
}
