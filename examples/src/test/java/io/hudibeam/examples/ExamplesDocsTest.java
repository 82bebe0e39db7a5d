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

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.beans.Introspector;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.options.StreamingOptions;
import org.junit.Test;

/**
 * The documentation of the examples jar says what the jar does: the usage text docs/examples.md
 * prints is {@link Main}'s, and every {@code --option} that README.md (in its prose and its
 * examples jar commands), docs/examples.md and docs/flink.md name is an option of the examples'
 * commands or of Beam's pipeline options (core, DirectRunner, FlinkRunner).
 */
public class ExamplesDocsTest {
  private static final Path README = Paths.get("..", "README.md");
  private static final Path EXAMPLES = Paths.get("..", "docs", "examples.md");
  private static final Path FLINK = Paths.get("..", "docs", "flink.md");
  private static final String USAGE_START =
      "<!-- usage: checked against Main's usage text by ExamplesDocsTest -->";
  private static final String USAGE_END = "<!-- end of usage -->";
  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--([a-zA-Z][a-zA-Z0-9-]*)");

  /** Flags the pages name that are not pipeline options: the JVM's, and {@code flink stop}'s. */
  /**
   * Options that are no pipeline option: the JVM's and Flink's, the examples' {@code --help}, and
   * the prefixes of the settings every command takes ({@code --hoodie.<key>=<value>}, {@code
   * --hadoop.<key>=<value>}, {@link SettingsOptions}).
   */
  private static final Set<String> NOT_PIPELINE_OPTIONS =
      Set.of("add-opens", "drain", "hoodie", "hadoop", "help");

  private static String read(Path file) throws Exception {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  @Test
  public void theUsageTextIsTheJars() throws Exception {
    String doc = read(EXAMPLES);
    int start = doc.indexOf(USAGE_START);
    int end = doc.indexOf(USAGE_END);
    assertTrue(EXAMPLES + " has the usage text between its markers", start >= 0 && end > start);
    String block = doc.substring(start + USAGE_START.length(), end).strip();
    assertTrue(
        "the usage text is a fenced block", block.startsWith("```\n") && block.endsWith("```"));
    String printed = block.substring(4, block.length() - 3).strip();
    assertEquals(
        EXAMPLES + "'s usage text differs from Main's",
        Main.USAGE_TEXT.replace(System.lineSeparator(), "\n"),
        printed);
  }

  /** Every property name of the examples' and Beam's pipeline options. */
  private static Set<String> knownOptions() {
    List<Class<?>> interfaces =
        new ArrayList<>(
            List.of(
                TripsExample.Options.class,
                IngestExample.Options.class,
                CdcExample.Options.class,
                CompactExample.Options.class,
                BootstrapExample.Options.class,
                ReadExample.Options.class,
                ProgressOptions.class,
                StreamingOptions.class,
                DirectOptions.class,
                FlinkPipelineOptions.class));
    for (Class<? extends PipelineOptions> registered :
        PipelineOptionsFactory.getRegisteredOptions()) {
      interfaces.add(registered);
    }
    Set<String> names = new TreeSet<>();
    for (Class<?> type : interfaces) {
      for (Method method : type.getMethods()) {
        String name = method.getName();
        if (method.getParameterCount() != 0) {
          continue;
        }
        if (name.startsWith("get") && name.length() > 3) {
          names.add(Introspector.decapitalize(name.substring(3)));
        } else if (name.startsWith("is") && name.length() > 2) {
          names.add(Introspector.decapitalize(name.substring(2)));
        }
      }
    }
    return names;
  }

  /**
   * The options a page names: in its prose, and in its fenced blocks that run the examples jar
   * (other blocks run other tools: spark-shell, mvn), leaving out the usage text itself.
   */
  private static Set<String> namedOptions(Path page) throws Exception {
    String text = read(page);
    int usage = text.indexOf(USAGE_START);
    if (usage >= 0) {
      text = text.substring(0, usage) + text.substring(text.indexOf(USAGE_END));
    }
    Set<String> named = new TreeSet<>();
    StringBuilder block = null;
    for (String line : text.split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        if (block == null) {
          block = new StringBuilder();
        } else {
          if (block.indexOf("hudi-beam-examples.jar") >= 0) {
            addOptions(block.toString(), named);
          }
          block = null;
        }
      } else if (block != null) {
        block.append(line).append('\n');
      } else {
        addOptions(line, named);
      }
    }
    return named;
  }

  private static void addOptions(String text, Set<String> named) {
    Matcher option = OPTION.matcher(text);
    while (option.find()) {
      named.add(option.group(1));
    }
  }

  @Test
  public void everyOptionThePagesNameExists() throws Exception {
    Set<String> known = knownOptions();
    assertTrue("the examples' options are found", known.contains("commitInterval"));
    Set<String> unknown = new TreeSet<>();
    int checked = 0;
    for (Path page : List.of(README, EXAMPLES, FLINK)) {
      for (String option : namedOptions(page)) {
        checked++;
        if (!known.contains(option) && !NOT_PIPELINE_OPTIONS.contains(option)) {
          unknown.add(page.getFileName() + ": --" + option);
        }
      }
    }
    assertTrue("the pages name options", checked > 30);
    assertEquals("options no command or Beam options class has", Set.of(), unknown);
  }
}
