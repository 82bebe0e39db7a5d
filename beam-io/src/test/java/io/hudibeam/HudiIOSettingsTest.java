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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.HudiSettings;
import io.hudibeam.settings.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.values.Row;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameter;
import org.junit.runners.Parameterized.Parameters;

/**
 * Every setting of the registry, under its key and each alternative key, with a value it cannot
 * take: the write fails when the pipeline is built (HudiIO.write() applied, never run), with an
 * IllegalArgumentException naming the key and the value. Numeric settings also with a number below
 * their range. The cases come from the registry, so a new setting is covered when it is added.
 * ({@code HudiIOValidationTest.theValidWriteBuilds} shows the same write builds without the bad
 * value.)
 */
@RunWith(Parameterized.class)
public class HudiIOSettingsTest {
  @Parameter(0)
  public String key;

  @Parameter(1)
  public String badValue;

  @Parameters(name = "{0}={1}")
  public static List<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    for (Setting<?> setting : HudiSettings.ALL) {
      List<String> keys = new ArrayList<>(List.of(setting.key()));
      keys.addAll(setting.alternatives());
      for (String key : keys) {
        cases.add(new Object[] {key, malformed(setting)});
        if (List.of("int", "long", "double").contains(setting.type())) {
          cases.add(new Object[] {key, "-1"}); // every numeric setting's range starts at 0 or above
        }
      }
    }
    return cases;
  }

  /** A value of the wrong form for the setting's type. */
  private static String malformed(Setting<?> setting) {
    switch (setting.type()) {
      case "boolean":
        return "maybe";
      case "int":
      case "long":
      case "double":
        return "many";
      case "fields":
        return "a..b";
      case "string":
        return " ";
      case "time zone":
        return "Mars/Olympus";
      case "regex":
        return "(";
      case "date pattern":
        return "YYYY/ww";
      case "class name":
        return "com.acme.MyKeyGenerator";
      default:
        if (setting.type().contains(", ")) { // one of the listed names
          return "NO_SUCH_VALUE";
        }
        throw new AssertionError(
            setting.key() + " has type '" + setting.type() + "', which this test does not know");
    }
  }

  @Test
  public void aBadValueFailsWhenThePipelineIsBuiltNamingTheKeyAndTheValue() {
    HudiIO.Write<Row> write =
        HudiIOValidationTest.valid().withHoodieProperties(Map.of(key, badValue));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> HudiIOValidationTest.trips().apply(write));
    assertThat(e.getMessage(), containsString(key));
    assertThat(
        e.getMessage(),
        containsString(badValue.trim().isEmpty() ? "'" + badValue + "'" : badValue));
  }
}
