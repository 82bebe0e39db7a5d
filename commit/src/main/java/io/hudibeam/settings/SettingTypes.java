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

import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoublePredicate;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The value types of the settings: one parser each, so no setting parses on its own. */
final class SettingTypes {
  private SettingTypes() {}

  /** true or false, any case, surrounding blanks ignored. */
  static Setting.Builder<Boolean> bool(String key, boolean defaultValue) {
    return Setting.<Boolean>builder(key, "boolean", SettingTypes::parseBoolean)
        .defaultValue(defaultValue)
        .expected("true or false");
  }

  /** A whole number in int's range, at least {@code min}. */
  static Setting.Builder<Integer> integer(String key, int min) {
    return Setting.<Integer>keyedBuilder(key, "int", SettingTypes::parseInt)
        .validate(v -> v >= min, "a whole number >= " + min);
  }

  /** A whole number in long's range, at least {@code min}. */
  static Setting.Builder<Long> whole(String key, long min) {
    return Setting.<Long>builder(key, "long", v -> Long.parseLong(v.trim()))
        .validate(v -> v >= min, "a whole number >= " + min);
  }

  /** A finite decimal number passing {@code range}, which {@code expected} describes. */
  static Setting.Builder<Double> number(String key, DoublePredicate range, String expected) {
    return Setting.<Double>builder(key, "double", v -> Double.parseDouble(v.trim()))
        .validate(v -> !v.isNaN() && !v.isInfinite() && range.test(v), expected);
  }

  /** One of {@code allowed}, by its name in any case. */
  @SafeVarargs
  static <E extends Enum<E>> Setting.Builder<E> oneOf(String key, E... allowed) {
    return oneOf(key, Enum::name, allowed);
  }

  /** One of {@code allowed}, by {@code name} in any case; the names are listed as expected. */
  @SafeVarargs
  static <E extends Enum<E>> Setting.Builder<E> oneOf(
      String key, Function<E, String> name, E... allowed) {
    List<E> values = List.of(allowed);
    String names = values.stream().map(name).collect(Collectors.joining(", "));
    return Setting.<E>builder(
            key,
            names,
            v ->
                values.stream()
                    .filter(e -> name.apply(e).equalsIgnoreCase(v.trim()))
                    .findFirst()
                    .orElse(null))
        .expected("one of " + names);
  }

  /** Any text that is not blank, surrounding blanks removed. */
  static Setting.Builder<String> text(String key, String expected) {
    return Setting.<String>builder(key, "string", String::trim)
        .validate(v -> !v.isEmpty(), expected);
  }

  /**
   * Comma-separated field names or dotted paths ({@code id}, {@code address.city}); with {@code
   * required} at least one.
   */
  static Setting.Builder<List<String>> fields(String key, boolean required) {
    return Setting.<List<String>>builder(key, "fields", SettingTypes::parseFields)
        .validate(
            v -> (!required || !v.isEmpty()) && v.stream().allMatch(SettingTypes::isFieldPath),
            (required ? "one or more" : "zero or more")
                + " comma-separated field names or dotted paths (e.g. 'id' or 'address.city')");
  }

  /** A time zone id as Hudi reads it ({@code ZoneId.of} with the short ids). */
  static Setting.Builder<ZoneId> zone(String key) {
    return Setting.<ZoneId>builder(key, "time zone", v -> ZoneId.of(v.trim(), ZoneId.SHORT_IDS))
        .expected("a time zone id (e.g. UTC, Asia/Kolkata, GMT+8)");
  }

  /** A Java regular expression, kept as text. */
  static Setting.Builder<String> regex(String key) {
    return Setting.<String>builder(key, "regex", v -> Pattern.compile(v).pattern())
        .validate(v -> !v.isEmpty(), "a non-empty regular expression");
  }

  private static Integer parseInt(String key, String value) {
    long parsed = Long.parseLong(value.trim());
    if (parsed > Integer.MAX_VALUE || parsed < Integer.MIN_VALUE) {
      throw new InvalidSettingException(key, value, "at most " + Integer.MAX_VALUE, null);
    }
    return (int) parsed;
  }

  private static Boolean parseBoolean(String value) {
    String trimmed = value.trim();
    if (trimmed.equalsIgnoreCase("true")) {
      return true;
    }
    return trimmed.equalsIgnoreCase("false") ? false : null;
  }

  private static List<String> parseFields(String value) {
    return Arrays.stream(value.split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableList());
  }

  private static boolean isFieldPath(String field) {
    return !field.startsWith(".") && !field.endsWith(".") && !field.contains("..");
  }
}
