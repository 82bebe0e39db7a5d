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

import io.hudibeam.settings.Setting;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.write.ChangeType;
import io.hudibeam.write.ChangeTypes;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * The argument checks and settings plumbing the public builders share ({@link HudiIO.Write}, {@link
 * HudiBootstrap}, {@link HudiCompact}, {@link HudiRead}): each refuses a bad argument at once, with
 * an {@link IllegalArgumentException} naming the method.
 */
final class Builders {
  private Builders() {}

  /** {@code settings} with {@code added} put over them, sorted and immutable. */
  static Map<String, String> merged(Map<String, String> settings, Map<String, String> added) {
    Map<String, String> merged = new TreeMap<>(settings);
    merged.putAll(added);
    return Map.copyOf(merged);
  }

  /** Refuses a null or empty {@code value} given to {@code method}. */
  static void requireNonEmpty(String method, String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(method + " must not be null or empty");
    }
  }

  /** Refuses no field names, or a null or empty one, given to {@code method}. */
  static void requireFields(String method, String[] fields) {
    if (fields == null
        || fields.length == 0
        || Arrays.stream(fields).anyMatch(f -> f == null || f.isEmpty())) {
      throw new IllegalArgumentException(
          method + " needs at least one non-empty field name, but got " + Arrays.toString(fields));
    }
  }

  /** The change types of {@code withChangeTypeField}, refused with the method named. */
  static ChangeTypes changeTypes(String field, Map<String, ChangeType> changeTypes) {
    requireNonEmpty("withChangeTypeField", field);
    try {
      return ChangeTypes.of(field, changeTypes);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("withChangeTypeField: " + e.getMessage(), e);
    }
  }

  /** Refuses a null, zero or negative {@code duration} given to {@code method}. */
  static void requirePositive(String method, @Nullable Duration duration) {
    if (duration == null || duration.getMillis() <= 0) {
      throw new IllegalArgumentException(
          method + " must be a positive duration, but was " + duration);
    }
  }

  /** Refuses a null handler of {@code withBadRecordErrorHandler}. */
  static void requireHandler(@Nullable ErrorHandler<BadRecord, ?> handler) {
    if (handler == null) {
      throw new IllegalArgumentException("withBadRecordErrorHandler needs a handler, but got null");
    }
  }

  /** Refuses a table version other than 6 and 8 ({@code withTableVersion}). */
  static void requireTableVersion(int version) {
    if (version != 6 && version != 8) {
      throw new IllegalArgumentException("withTableVersion must be 6 or 8, but was " + version);
    }
  }

  /** Refuses a key of {@code withHoodieProperties} that is not one of Hudi's {@code hoodie.*}. */
  static void requireHoodieKeys(Map<String, String> properties) {
    properties.keySet().stream()
        .filter(k -> !k.startsWith("hoodie."))
        .findFirst()
        .ifPresent(
            k -> {
              throw new IllegalArgumentException(
                  "withHoodieProperties takes Hudi's hoodie.* keys, but got '"
                      + k
                      + "'; pass Hadoop settings to withHadoopConfiguration");
            });
  }

  /**
   * {@code value} under the setting's key, refusing a value the setting cannot take at once, named
   * with the setting's method (expand() checks every setting again, with the others).
   */
  static Map<String, String> property(Setting<?> setting, String value) {
    try {
      setting.parse(value);
    } catch (HudiTableException e) {
      String method = setting.method().isEmpty() ? "withHoodieProperties" : setting.method();
      throw new IllegalArgumentException(method + ": " + e.getMessage(), e);
    }
    return Map.of(setting.key(), value);
  }
}
