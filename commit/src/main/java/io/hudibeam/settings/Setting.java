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

import io.hudibeam.table.HudiTableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One write setting under its Hudi key: its type, default, parser, validator and a one-line
 * documentation, as Hudi's {@code ConfigProperty} describes a key. Immutable; the instances are the
 * constants of {@link HudiSettings}.
 *
 * <p>A bad value fails with an {@link InvalidSettingException} naming the key, the value and what
 * was expected: {@code <key> must be <expected>, but was '<value>'}. A parser that knows more about
 * what is wrong (a date pattern, a key generator class) may throw its own {@link
 * HudiTableException} naming the key; it is passed through.
 *
 * @param <T> the parsed type
 */
public final class Setting<T> {
  private final String key;
  private final List<String> alternatives;
  private final String type;
  private final T defaultValue;
  private final String defaultDoc;
  private final BiFunction<String, String, T> parser;
  private final Predicate<T> validator;
  private final String expected;
  private final String doc;
  private final String method;

  private Setting(Builder<T> b) {
    this.key = Objects.requireNonNull(b.key, "key");
    this.alternatives = List.copyOf(b.alternatives);
    this.type = Objects.requireNonNull(b.type, "type");
    this.defaultValue = b.defaultValue;
    this.defaultDoc =
        b.defaultDoc != null
            ? b.defaultDoc
            : b.defaultValue == null ? "none" : String.valueOf(b.defaultValue);
    this.parser = Objects.requireNonNull(b.parser, "parser");
    this.validator = b.validator;
    this.expected = Objects.requireNonNull(b.expected, "expected");
    this.doc = Objects.requireNonNull(b.doc, "doc of " + b.key);
    this.method = b.method;
    if (defaultValue != null && !validator.test(defaultValue)) {
      throw new IllegalStateException(
          key + ": the default " + defaultValue + " is not " + expected);
    }
  }

  /**
   * A setting of {@code type} (as docs/configuration.md names it) whose values {@code parser}
   * reads.
   */
  static <T> Builder<T> builder(String key, String type, Function<String, T> parser) {
    return new Builder<>(key, type, (usedKey, raw) -> parser.apply(raw));
  }

  /**
   * As {@link #builder}, for a parser that names the key in its own errors: it gets the key the
   * value was found under (the key or an alternative) and the value.
   */
  static <T> Builder<T> keyedBuilder(
      String key, String type, BiFunction<String, String, T> parser) {
    return new Builder<>(key, type, parser);
  }

  /** Hudi's key. */
  public String key() {
    return key;
  }

  /** Older keys Hudi still reads for this setting (e.g. {@code hoodie.deltastreamer.*}). */
  public List<String> alternatives() {
    return alternatives;
  }

  /** The type as documented: boolean, int, long, double, string, fields, or one of a few names. */
  public String type() {
    return type;
  }

  /** What a value must be, as the error message says it. */
  public String expected() {
    return expected;
  }

  /** The default, or empty when the setting has none (it is required, or derived from others). */
  public Optional<T> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /** The default as documented (the default column of docs/configuration.md). */
  public String defaultDoc() {
    return defaultDoc;
  }

  /** One line: what the setting does. */
  public String doc() {
    return doc;
  }

  /** The {@code HudiIO.Write} method that sets it, or empty when only properties set it. */
  public String method() {
    return method;
  }

  /** The key under which {@code properties} hold this setting: its key, else an alternative. */
  public Optional<String> keyIn(Map<String, String> properties) {
    if (properties.containsKey(key)) {
      return Optional.of(key);
    }
    return alternatives.stream().filter(properties::containsKey).findFirst();
  }

  /** The value set in {@code properties}, parsed and validated; empty when not set. */
  public Optional<T> find(Map<String, String> properties) {
    return keyIn(properties).map(k -> parse(k, properties.get(k)));
  }

  /** The value set in {@code properties}, else the default. */
  public T get(Map<String, String> properties) {
    Optional<T> value = find(properties);
    if (value.isPresent()) {
      return value.get();
    }
    if (defaultValue == null) {
      throw new IllegalStateException(key + " has no default; use find()");
    }
    return defaultValue;
  }

  /** Parses and validates {@code raw} as the value of this setting. */
  public T parse(String raw) {
    return parse(key, raw);
  }

  private T parse(String usedKey, String raw) {
    if (raw == null) {
      throw new InvalidSettingException(usedKey, null, expected, null);
    }
    T value;
    try {
      value = parser.apply(usedKey, raw);
    } catch (HudiTableException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new InvalidSettingException(usedKey, raw, expected, e);
    }
    if (value == null || !validator.test(value)) {
      throw new InvalidSettingException(usedKey, raw, expected, null);
    }
    return value;
  }

  /** Checks a value given in code (not parsed) against the validator; returns it. */
  public T check(T value) {
    if (value == null || !validator.test(value)) {
      throw new InvalidSettingException(key, String.valueOf(value), expected, null);
    }
    return value;
  }

  @Override
  public String toString() {
    return key;
  }

  /** Builds a {@link Setting}; see {@link HudiSettings} for the settings. */
  static final class Builder<T> {
    private final String key;
    private final String type;
    private final BiFunction<String, String, T> parser;
    private final List<String> alternatives = new ArrayList<>();
    private T defaultValue;
    private String defaultDoc;
    private Predicate<T> validator = v -> true;
    private String expected;
    private String doc;
    private String method = "";

    private Builder(String key, String type, BiFunction<String, String, T> parser) {
      this.key = key;
      this.type = type;
      this.parser = parser;
      this.expected = type.toLowerCase(Locale.ROOT).startsWith("a") ? "an " + type : "a " + type;
    }

    Builder<T> defaultValue(T value) {
      this.defaultValue = value;
      return this;
    }

    /** The default as docs/configuration.md shows it, when the value alone does not say it. */
    Builder<T> defaultDoc(String text) {
      this.defaultDoc = text;
      return this;
    }

    /** Values must pass {@code test}; {@code expectedText} says what they must be. */
    Builder<T> validate(Predicate<T> test, String expectedText) {
      this.validator = test;
      this.expected = expectedText;
      return this;
    }

    Builder<T> expected(String expectedText) {
      this.expected = expectedText;
      return this;
    }

    Builder<T> alternative(String oldKey) {
      alternatives.add(oldKey);
      return this;
    }

    Builder<T> doc(String text) {
      this.doc = text;
      return this;
    }

    Builder<T> method(String name) {
      this.method = name;
      return this;
    }

    Setting<T> build() {
      return new Setting<>(this);
    }
  }
}
