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
package io.hudibeam;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.junit.Test;

/**
 * docs/schema-transform.md describes the schema transform as it is: its identifier, and a table row
 * for each key of its configuration schema, no more and no fewer.
 */
public class SchemaTransformDocsTest {
  private static final Path PAGE = Paths.get("..", "docs", "schema-transform.md");
  private static final String START =
      "<!-- configuration keys: checked against the provider's configuration schema by"
          + " SchemaTransformDocsTest -->";
  private static final String END = "<!-- end of configuration keys -->";
  private static final Pattern KEY = Pattern.compile("`([a-z_]+)`");

  @Test
  public void theKeysTableIsTheConfigurationSchema() throws Exception {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    assertTrue(
        PAGE + " names the identifier", page.contains(HudiWriteSchemaTransformProvider.IDENTIFIER));
    int start = page.indexOf(START);
    int end = page.indexOf(END);
    assertTrue(PAGE + " has the keys table between its markers", start >= 0 && end > start);
    Set<String> documented = new TreeSet<>();
    for (String line : page.substring(start + START.length(), end).split("\n")) {
      if (!line.startsWith("| `")) {
        continue;
      }
      Matcher key = KEY.matcher(line.split("\\|")[1]);
      while (key.find()) {
        documented.add(key.group(1));
      }
    }
    Set<String> configured = new TreeSet<>();
    Schema schema = new HudiWriteSchemaTransformProvider().configurationSchema();
    for (Schema.Field field : schema.getFields()) {
      configured.add(field.getName());
    }
    assertEquals(PAGE + "'s keys", configured, documented);
  }
}
