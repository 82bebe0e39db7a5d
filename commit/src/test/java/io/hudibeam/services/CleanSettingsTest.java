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
package io.hudibeam.services;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import java.util.Map;
import org.apache.hudi.config.HoodieCleanConfig;
import org.junit.Test;

public class CleanSettingsTest {

  @Test
  public void defaultsAreHudis() {
    CleanSettings defaults = CleanSettings.defaults();
    assertThat(defaults, is(new CleanSettings(true, CleaningPolicy.KEEP_LATEST_COMMITS, 10, 3)));
    assertThat(SettingsReader.clean(Map.of()), is(defaults));
    assertThat(
        String.valueOf(defaults.automatic()), is(HoodieCleanConfig.AUTO_CLEAN.defaultValue()));
    assertThat(defaults.policy().name(), is(HoodieCleanConfig.CLEANER_POLICY.defaultValue()));
    assertThat(
        String.valueOf(defaults.commitsRetained()),
        is(HoodieCleanConfig.CLEANER_COMMITS_RETAINED.defaultValue()));
    assertThat(
        String.valueOf(defaults.fileVersionsRetained()),
        is(HoodieCleanConfig.CLEANER_FILE_VERSIONS_RETAINED.defaultValue()));
  }

  @Test
  public void readsHudisKeys() {
    assertThat(CleanSettings.AUTOMATIC, is(HoodieCleanConfig.AUTO_CLEAN.key()));
    assertThat(CleanSettings.POLICY, is(HoodieCleanConfig.CLEANER_POLICY.key()));
    assertThat(
        CleanSettings.COMMITS_RETAINED, is(HoodieCleanConfig.CLEANER_COMMITS_RETAINED.key()));
    assertThat(
        CleanSettings.FILE_VERSIONS_RETAINED,
        is(HoodieCleanConfig.CLEANER_FILE_VERSIONS_RETAINED.key()));
    CleanSettings settings =
        SettingsReader.clean(
            Map.of(
                "hoodie.clean.automatic", "FALSE",
                "hoodie.cleaner.policy", "keep_latest_file_versions",
                "hoodie.cleaner.commits.retained", "4",
                "hoodie.cleaner.fileversions.retained", " 2 ",
                "hoodie.table.name", "ignored"));
    assertThat(
        settings, is(new CleanSettings(false, CleaningPolicy.KEEP_LATEST_FILE_VERSIONS, 4, 2)));
    assertThat(settings.withAutomatic(true).automatic(), is(true));
    assertThat(
        CleanSettings.keepLatestCommits(2),
        is(new CleanSettings(true, CleaningPolicy.KEEP_LATEST_COMMITS, 2, 3)));
    assertThat(
        CleanSettings.keepLatestFileVersions(1),
        is(new CleanSettings(true, CleaningPolicy.KEEP_LATEST_FILE_VERSIONS, 10, 1)));
  }

  private static String error(Map<String, String> properties) {
    return assertThrows(HudiTableException.class, () -> SettingsReader.clean(properties))
        .getMessage();
  }

  @Test
  public void refusesInvalidValues() {
    assertThat(
        error(Map.of("hoodie.cleaner.policy", "KEEP_ALL")),
        is(
            "hoodie.cleaner.policy must be one of KEEP_LATEST_COMMITS, KEEP_LATEST_FILE_VERSIONS, but was"
                + " 'KEEP_ALL'"));
    assertThat(
        error(Map.of("hoodie.cleaner.policy", "KEEP_LATEST_BY_HOURS")),
        is(
            "hoodie.cleaner.policy must be one of KEEP_LATEST_COMMITS, KEEP_LATEST_FILE_VERSIONS, but was"
                + " 'KEEP_LATEST_BY_HOURS'"));
    assertThat(
        error(Map.of("hoodie.cleaner.commits.retained", "ten")),
        is("hoodie.cleaner.commits.retained must be a whole number >= 1, but was 'ten'"));
    assertThat(
        error(Map.of("hoodie.cleaner.commits.retained", "0")),
        is("hoodie.cleaner.commits.retained must be a whole number >= 1, but was '0'"));
    assertThat(
        error(Map.of("hoodie.cleaner.fileversions.retained", "-1")),
        is("hoodie.cleaner.fileversions.retained must be a whole number >= 1, but was '-1'"));
    assertThat(
        error(Map.of("hoodie.clean.automatic", "yes")),
        is("hoodie.clean.automatic must be true or false, but was 'yes'"));
  }
}
