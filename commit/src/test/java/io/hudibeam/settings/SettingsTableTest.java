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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.Test;

/**
 * The README's settings table is the registry's: this test fails when a key, type, default or
 * description differs. Run it with {@code -Dsettings.table.write=true} to rewrite the README's
 * table from the registry.
 */
public class SettingsTableTest {
  static final String START =
      "<!-- settings table: generated from HudiSettings by SettingsTableTest -->";
  static final String END = "<!-- end of settings table -->";
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

  @Test
  public void theReadmeTableIsTheRegistrys() throws IOException {
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    int start = readme.indexOf(START);
    int end = readme.indexOf(END);
    if (start < 0 || end < start) {
      throw new AssertionError(
          "README.md has no settings table between '" + START + "' and '" + END + "'");
    }
    String inReadme = readme.substring(start + START.length(), end).strip() + "\n";
    if (Boolean.getBoolean("settings.table.write") && !inReadme.equals(table())) {
      Files.writeString(
          README,
          readme.substring(0, start + START.length()) + "\n" + table() + readme.substring(end),
          StandardCharsets.UTF_8);
      inReadme = table();
    }
    assertEquals(
        "README.md's settings table differs from HudiSettings; rerun with -Dsettings.table.write=true",
        table(),
        inReadme);
  }
}
