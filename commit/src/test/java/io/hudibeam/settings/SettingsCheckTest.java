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
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.HudiTableException;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

/** The registry itself: unique keys, defaults, alternatives, unknown keys and the closest key. */
public class SettingsCheckTest {
  @Test
  public void everyKeyIsListedOnceAndEveryDefaultPassesItsValidator() {
    Set<String> keys = new HashSet<>();
    for (Setting<?> setting : HudiSettings.ALL) {
      assertThat(setting.key() + " listed twice", keys.add(setting.key()), is(true));
      setting
          .alternatives()
          .forEach(alt -> assertThat(alt + " listed twice", keys.add(alt), is(true)));
      assertThat(setting.key(), setting.key().startsWith("hoodie."), is(true));
      assertThat(setting.key() + " has a doc", setting.doc().isEmpty(), is(false));
      setting.defaultValue().ifPresent(d -> assertThat(checkUnchecked(setting, d), is(d)));
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T checkUnchecked(Setting<T> setting, Object value) {
    return setting.check((T) value);
  }

  @Test
  public void valuesAreParsedFromTheKeyOrItsAlternative() {
    assertThat(FileSettings.MAX_FILE_SIZE.get(Map.of()), is(120L * 1024 * 1024));
    assertThat(
        FileSettings.MAX_FILE_SIZE.get(Map.of("hoodie.parquet.max.file.size", " 1024 ")),
        is(1024L));
    assertThat(
        TimestampKeygenSettings.TIMESTAMP_OUTPUT_TIMEZONE.get(
            Map.of("hoodie.deltastreamer.keygen.timebased.output.timezone", "GMT+8")),
        is(ZoneId.of("GMT+8")));
    HudiTableException old =
        assertThrows(
            HudiTableException.class,
            () ->
                SettingsCheck.validate(
                    Map.of(
                        "hoodie.deltastreamer.keygen.timebased.output.timezone", "Mars/Olympus")));
    assertThat(
        old.getMessage(),
        is(
            "hoodie.deltastreamer.keygen.timebased.output.timezone must be a time zone id"
                + " (e.g. UTC, Asia/Kolkata, GMT+8), but was 'Mars/Olympus'"));
    assertThat(HudiSettings.OPERATION.parse("BULK_insert").name(), is("BULK_INSERT"));
  }

  @Test
  public void unknownKeysAreFoundWithTheClosestKnownKey() {
    Map<String, String> properties =
        Map.of(
            "hoodie.parquet.max.filesize", "1",
            "hoodie.cleaner.commits.retain", "3",
            "hoodie.parquet.max.file.size", "1",
            "hoodie.deltastreamer.keygen.timebased.timezone", "UTC",
            "fs.s3a.endpoint", "x");
    assertThat(
        SettingsCheck.unknownKeys(properties),
        contains("hoodie.cleaner.commits.retain", "hoodie.parquet.max.filesize"));
    assertThat(
        SettingsCheck.closestKey("hoodie.parquet.max.filesize"),
        is("hoodie.parquet.max.file.size"));
    assertThat(
        SettingsCheck.closestKey("hoodie.cleaner.commits.retain"),
        is("hoodie.cleaner.commits.retained"));
    assertThat(SettingsCheck.closestKey("hoodie.index.typ"), is("hoodie.index.type"));
    assertThat(
        SettingsCheck.closestKey("hoodie.datasource.write.recordkey.fields"),
        is(KeyGeneratorConfig.RECORD_KEY_FIELD));
    assertThat(SettingsCheck.unknownKeys(Map.of("hoodie.index.type", "BLOOM")), is(empty()));
  }

  @Test
  public void editDistanceCountsInsertsDeletesAndSubstitutions() {
    assertThat(SettingsCheck.editDistance("", ""), is(0));
    assertThat(SettingsCheck.editDistance("abc", ""), is(3));
    assertThat(SettingsCheck.editDistance("kitten", "sitting"), is(3));
    assertThat(SettingsCheck.editDistance("file.size", "filesize"), is(1));
  }

  @Test
  public void effectiveSettingsAreTheGivenValuesElseTheDefaults() {
    Map<String, String> effective =
        SettingsCheck.effective(Map.of("hoodie.index.type", "BLOOM", "hoodie.unknown.key", "v"));
    assertThat(effective.size(), is(HudiSettings.ALL.size() + 1));
    assertThat(effective.get("hoodie.index.type"), is("BLOOM"));
    assertThat(effective.get("hoodie.parquet.max.file.size"), is("120 MiB"));
    assertThat(effective.get("hoodie.unknown.key"), is("v"));
  }

  @Test
  public void aValueGivenInCodeIsCheckedAsAParsedOne() {
    assertThat(
        assertThrows(
                InvalidSettingException.class, () -> TableServiceSettings.KEEP_MIN_COMMITS.check(0))
            .getMessage(),
        is("hoodie.keep.min.commits must be a whole number >= 1, but was '0'"));
    assertThat(
        assertThrows(
                InvalidSettingException.class, () -> HudiSettings.BUCKET_COUNT.parse("3000000000"))
            .key(),
        is("hoodie.bucket.index.num.buckets"));
  }
}
