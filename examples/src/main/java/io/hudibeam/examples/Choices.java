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
package io.hudibeam.examples;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Parses an option's value into one of an enum's constants, naming the valid ones when it is none.
 */
final class Choices {
  private Choices() {}

  /** The constant named {@code value}, ignoring case and treating {@code -} as {@code _}. */
  static <E extends Enum<E>> E parse(String option, String value, Class<E> type) {
    E[] constants = type.getEnumConstants();
    if (value != null) {
      String wanted = value.trim().replace('-', '_');
      for (E constant : constants) {
        if (constant.name().equalsIgnoreCase(wanted)) {
          return constant;
        }
      }
    }
    throw new UsageException(
        String.format("--%s=%s is not valid; choose one of %s", option, value, spelled(constants)));
  }

  /** A {@code --tableVersion} value: 6 or 8. */
  static int tableVersion(int value) {
    if (value != 6 && value != 8) {
      throw new UsageException("--tableVersion=" + value + " is not valid; choose one of 6, 8");
    }
    return value;
  }

  static String spelled(Enum<?>[] constants) {
    return Arrays.stream(constants)
        .map(c -> c.name().toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(", "));
  }
}
