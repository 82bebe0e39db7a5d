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

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks a write's {@code hoodie.*} properties against {@link HudiSettings}: every known setting
 * parsed and validated, the unknown keys found with the known key closest to each.
 */
public final class SettingsCheck {
  private SettingsCheck() {}

  /** The setting {@code key} names (its key or one of its alternatives). */
  public static Optional<Setting<?>> byKey(String key) {
    return HudiSettings.ALL.stream()
        .filter(s -> s.key().equals(key) || s.alternatives().contains(key))
        .findFirst();
  }

  /**
   * Parses and validates every setting {@code properties} set.
   *
   * @throws InvalidSettingException (or another {@code HudiTableException} naming the key) at the
   *     first bad value, in the registry's order
   */
  public static void validate(Map<String, String> properties) {
    for (Setting<?> setting : HudiSettings.ALL) {
      setting.find(properties);
    }
  }

  /** The {@code hoodie.*} keys of {@code properties} that no setting has, sorted. */
  public static List<String> unknownKeys(Map<String, String> properties) {
    return properties.keySet().stream()
        .filter(k -> k.startsWith("hoodie.") && byKey(k).isEmpty())
        .sorted()
        .collect(Collectors.toList());
  }

  /**
   * The unknown {@code hoodie.*} keys of {@code properties} that are not accepted without effect
   * ({@link IgnoredSettings}), sorted: a write refuses them.
   */
  public static List<String> refusedKeys(Map<String, String> properties) {
    return unknownKeys(properties).stream()
        .filter(k -> IgnoredSettings.reason(k, properties.get(k)).isEmpty())
        .collect(Collectors.toList());
  }

  /**
   * The message refusing {@code key}: what it is, the closest known key when it looks like a typo
   * of it, and where the accepted keys are listed.
   */
  public static String refusal(String key, String value) {
    String closest = closestKey(key);
    boolean typo = editDistance(key, closest) <= Math.max(3, key.length() / 8);
    return "HudiIO does not apply the setting "
        + key
        + "="
        + value
        + (typo ? " (did you mean " + closest + "?)" : "")
        + "; remove it, or see docs/configuration.md for the settings HudiIO applies and those it"
        + " accepts without effect";
  }

  /** The known key with the smallest edit distance to {@code key} (ties: the first listed). */
  public static String closestKey(String key) {
    return HudiSettings.ALL.stream()
        .flatMap(s -> Stream.concat(Stream.of(s.key()), s.alternatives().stream()))
        .min(Comparator.comparingInt(known -> editDistance(key, known)))
        .orElseThrow();
  }

  /**
   * The effective value of every setting: the value {@code properties} give (as given), else the
   * documented default; then the unknown keys, passed through as given.
   */
  public static Map<String, String> effective(Map<String, String> properties) {
    Map<String, String> effective = new LinkedHashMap<>();
    for (Setting<?> setting : HudiSettings.ALL) {
      effective.put(
          setting.key(),
          setting.keyIn(properties).map(properties::get).orElse(setting.defaultDoc()));
    }
    unknownKeys(properties).forEach(k -> effective.put(k, properties.get(k)));
    return effective;
  }

  /** Levenshtein distance: single-character inserts, deletes and substitutions. */
  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
