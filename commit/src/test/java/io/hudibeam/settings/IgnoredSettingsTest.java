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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.Test;

/**
 * Keys accepted without effect are only those listed, for the listed values, each documented in
 * docs/configuration.md; every other unknown hoodie.* key is refused.
 */
public class IgnoredSettingsTest {
  private static final Path CONFIGURATION = Paths.get("..", "docs", "configuration.md");

  @Test
  public void shuffleParallelismIsAcceptedAndAPayloadClassRefused() {
    Map<String, String> properties =
        Map.of(
            "hoodie.upsert.shuffle.parallelism", "200",
            "hoodie.filesystem.view.type", "MEMORY",
            "hoodie.datasource.write.payload.class", "org.example.Payload",
            "hoodie.table.cdc.enabled", "true",
            "hoodie.metadata.enable", "true");
    assertThat(
        SettingsCheck.refusedKeys(properties),
        is(
            List.of(
                "hoodie.datasource.write.payload.class",
                "hoodie.metadata.enable",
                "hoodie.table.cdc.enabled")));
    assertThat(IgnoredSettings.reason("hoodie.metadata.enable", "FALSE").isPresent(), is(true));
    assertThat(IgnoredSettings.reason("hoodie.metadata.enable", "true"), is(Optional.empty()));
    assertThat(
        IgnoredSettings.reason("hoodie.embed.timeline.server.port", "0").isPresent(), is(true));
    assertThat(
        "a prefix matches only below its dot",
        IgnoredSettings.reason("hoodie.filesystem.viewer", "x"),
        is(Optional.empty()));
  }

  @Test
  public void everyAcceptedKeyIsDocumented() throws Exception {
    String doc = Files.readString(CONFIGURATION, StandardCharsets.UTF_8);
    for (IgnoredSettings.Ignored ignored : IgnoredSettings.ALL) {
      String shown = ignored.key().endsWith(".") ? ignored.key() + "*" : ignored.key();
      assertThat(doc, containsString("`" + shown + "`"));
      assertThat(
          "an accepted key is not also a setting HudiIO applies",
          SettingsCheck.byKey(ignored.key()).isPresent(),
          is(false));
    }
  }
}
