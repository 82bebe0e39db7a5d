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
package io.hudibeam.settings;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.Test;

/**
 * The settings table of docs/configuration.md is the registry's: this test fails when a key, type,
 * default or description differs. Run it with {@code -Dsettings.table.write=true} to rewrite the
 * table from the registry. The README's table of common settings is checked against the registry
 * too: each row's key, method and default must be the registry's.
 */
public class SettingsTableTest {
  static final String START =
      "<!-- settings table: generated from HudiSettings by SettingsTableTest -->";
  static final String END = "<!-- end of settings table -->";
  static final String COMMON_START =
      "<!-- common settings: checked against HudiSettings by SettingsTableTest -->";
  static final String COMMON_END = "<!-- end of common settings -->";
  private static final Path CONFIGURATION = Paths.get("..", "docs", "configuration.md");
  private static final Path README = Paths.get("..", "README.md");

  /** The table as the registry gives it, one row per setting in the registry's order. */
  static String table() {
    StringBuilder table =
        new StringBuilder("| Hudi key | method | type | default | description |\n");
    table.append("|---|---|---|---|---|\n");
    for (Setting<?> setting : HudiSettings.ALL) {
      StringBuilder key = new StringBuilder("`" + setting.key() + "`");
      setting.alternatives().forEach(alt -> key.append(" (or `").append(alt).append("`)"));
      table
          .append("| ")
          .append(key)
          .append(" | ")
          .append(setting.method())
          .append(" | ")
          .append(cell(setting.type()))
          .append(" | ")
          .append(cell(setting.defaultDoc()))
          .append(" | ")
          .append(cell(setting.doc()))
          .append(" |\n");
    }
    return table.toString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }

  /** The text between two marker lines of a file, or an error naming the file and the markers. */
  private static String between(Path file, String text, String start, String end) {
    int from = text.indexOf(start);
    int to = text.indexOf(end);
    if (from < 0 || to < from) {
      throw new AssertionError(file + " has no table between '" + start + "' and '" + end + "'");
    }
    return text.substring(from + start.length(), to).strip() + "\n";
  }

  @Test
  public void theConfigurationTableIsTheRegistrys() throws IOException {
    String doc = Files.readString(CONFIGURATION, StandardCharsets.UTF_8);
    String inDoc = between(CONFIGURATION, doc, START, END);
    if (Boolean.getBoolean("settings.table.write") && !inDoc.equals(table())) {
      int start = doc.indexOf(START);
      Files.writeString(
          CONFIGURATION,
          doc.substring(0, start + START.length())
              + "\n"
              + table()
              + doc.substring(doc.indexOf(END)),
          StandardCharsets.UTF_8);
      inDoc = table();
    }
    assertEquals(
        CONFIGURATION
            + "'s settings table differs from HudiSettings; rerun with -Dsettings.table.write=true",
        table(),
        inDoc);
  }

  @Test
  public void theReadmesCommonSettingsAreTheRegistrys() throws IOException {
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    List<String> rows = new ArrayList<>();
    for (String line : between(README, readme, COMMON_START, COMMON_END).split("\n")) {
      if (line.startsWith("| `")) {
        rows.add(line);
      }
    }
    assertTrue("README.md's common settings table has no rows", rows.size() >= 5);
    for (String row : rows) {
      String[] cells = row.split("\\|", -1);
      assertEquals("a row of key, method and default: " + row, 5, cells.length);
      String key = cells[1].strip().replace("`", "");
      Optional<Setting<?>> setting =
          HudiSettings.ALL.stream().filter(s -> s.key().equals(key)).findFirst();
      assertTrue("README.md names a key HudiSettings does not have: " + key, setting.isPresent());
      assertEquals("README.md's method of " + key, setting.get().method(), cells[2].strip());
      assertEquals("README.md's default of " + key, setting.get().defaultDoc(), cells[3].strip());
    }
  }
}
