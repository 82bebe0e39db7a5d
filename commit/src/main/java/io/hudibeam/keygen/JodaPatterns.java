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
package io.hudibeam.keygen;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * Translates the Joda-Time patterns Hudi's timestamp-based key generator takes ({@code
 * DateTimeFormat.forPattern}) into java.time formatters. Only letters whose meaning is the same in
 * both libraries are accepted (G y M d H h k K m s S a E D, quoted literals), plus Joda's offset
 * letter {@code Z} ({@code Z} = {@code +0800}, {@code ZZ} = {@code +08:00}, {@code ZZZ} = zone id).
 * Anything else is rejected with an error naming the property key.
 */
final class JodaPatterns {
  private static final String SAME_LETTERS = "GyMdHhkKmsSaED";

  private JodaPatterns() {}

  static DateTimeFormatter forOutput(String propertyKey, String pattern) {
    return build(propertyKey, pattern, false);
  }

  static DateTimeFormatter forInput(String propertyKey, String pattern) {
    return build(propertyKey, pattern, true);
  }

  private static DateTimeFormatter build(String propertyKey, String pattern, boolean parsing) {
    if (pattern == null || pattern.trim().isEmpty()) {
      throw new InvalidKeyGeneratorConfigException(
          propertyKey + " must be a non-empty date pattern");
    }
    DateTimeFormatterBuilder builder = new DateTimeFormatterBuilder();
    boolean hasMonth = false;
    boolean hasDay = false;
    int i = 0;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      int end = i;
      if (c == '\'') {
        end = pattern.indexOf('\'', i + 1);
        if (end < 0) {
          throw new InvalidKeyGeneratorConfigException(
              String.format(
                  "%s=%s has an unterminated quote at index %d", propertyKey, pattern, i));
        }
        String literal = pattern.substring(i + 1, end);
        builder.appendLiteral(literal.isEmpty() ? "'" : literal);
        i = end + 1;
        continue;
      }
      while (end < pattern.length() && pattern.charAt(end) == c) {
        end++;
      }
      int count = end - i;
      if (c == 'Z') {
        appendOffset(builder, count, parsing);
      } else if (c == 'y' && parsing && count == 2) {
        throw new InvalidKeyGeneratorConfigException(
            String.format(
                "%s=%s uses a two-digit year 'yy', which Joda-Time and java.time parse differently;"
                    + " use 'yyyy'",
                propertyKey, pattern));
      } else if (c == 'y' && count != 2) {
        builder.appendValue(ChronoField.YEAR_OF_ERA, Math.max(count, 1), 9, SignStyle.NORMAL);
      } else if (SAME_LETTERS.indexOf(c) >= 0) {
        builder.appendPattern(pattern.substring(i, end));
        hasMonth |= c == 'M' || c == 'D';
        hasDay |= c == 'd' || c == 'D';
      } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        throw new InvalidKeyGeneratorConfigException(
            String.format(
                "%s=%s uses pattern letter '%c', which is not supported; supported letters: %s Z"
                    + " and quoted literals",
                propertyKey, pattern, c, SAME_LETTERS));
      } else {
        builder.appendLiteral(pattern.substring(i, end));
      }
      i = end;
    }
    if (parsing && !hasMonth) {
      builder.parseDefaulting(ChronoField.MONTH_OF_YEAR, 1);
    }
    if (parsing && !hasDay) {
      builder.parseDefaulting(ChronoField.DAY_OF_MONTH, 1);
    }
    return builder.toFormatter(Locale.ENGLISH);
  }

  private static void appendOffset(DateTimeFormatterBuilder builder, int count, boolean parsing) {
    if (count >= 3) {
      builder.appendZoneId();
    } else if (parsing) {
      // Joda's offset parser takes "Z" for zero and offsets with or without a colon; so does
      // java.time's lenient "+HH" (minutes optional, colon optional).
      builder.parseLenient().appendOffset("+HH", "Z").parseStrict();
    } else {
      builder.appendOffset(count == 1 ? "+HHMM" : "+HH:MM", count == 1 ? "+0000" : "+00:00");
    }
  }
}
