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

import static io.hudibeam.settings.SettingTypes.oneOf;
import static io.hudibeam.settings.SettingTypes.regex;
import static io.hudibeam.settings.SettingTypes.text;
import static io.hudibeam.settings.SettingTypes.zone;

import io.hudibeam.keygen.TimestampKeyOptions;
import io.hudibeam.keygen.TimestampType;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;

/**
 * The settings of the timestamp-based key generator, under Hudi's keys ({@code
 * TimestampKeyGeneratorConfig}) and their older {@code hoodie.deltastreamer.} spellings; part of
 * {@link HudiSettings#ALL}.
 */
public final class TimestampKeygenSettings {
  private TimestampKeygenSettings() {}

  public static final Setting<TimestampType> TIMESTAMP_TYPE =
      oneOf(TimestampKeyOptions.TIMESTAMP_TYPE, TimestampType.values())
          .alternative(old(TimestampKeyOptions.TIMESTAMP_TYPE))
          .defaultDoc("required by the timestamp-based key generator")
          .doc("How the partition field is read.")
          .build();

  public static final Setting<TimeUnit> TIMESTAMP_SCALAR_TIME_UNIT =
      oneOf(TimestampKeyOptions.SCALAR_TIME_UNIT, TimeUnit.values())
          .alternative(old(TimestampKeyOptions.SCALAR_TIME_UNIT))
          .defaultValue(TimestampKeyOptions.DEFAULT_SCALAR_TIME_UNIT)
          .doc("The unit of SCALAR partition values.")
          .build();

  public static final Setting<String> TIMESTAMP_INPUT_DATE_FORMAT =
      text(TimestampKeyOptions.INPUT_DATE_FORMAT, "one or more date patterns")
          .alternative(old(TimestampKeyOptions.INPUT_DATE_FORMAT))
          .defaultDoc("required for DATE_STRING")
          .doc("The patterns DATE_STRING values are parsed with, the first that matches wins.")
          .build();

  public static final Setting<String> TIMESTAMP_INPUT_DATE_FORMAT_DELIMITER =
      regex(TimestampKeyOptions.INPUT_DATE_FORMAT_DELIMITER)
          .alternative(old(TimestampKeyOptions.INPUT_DATE_FORMAT_DELIMITER))
          .defaultValue(TimestampKeyOptions.DEFAULT_DELIMITER)
          .doc("The delimiter between the input date patterns.")
          .build();

  public static final Setting<ZoneId> TIMESTAMP_INPUT_TIMEZONE =
      zone(TimestampKeyOptions.INPUT_TIMEZONE)
          .alternative(old(TimestampKeyOptions.INPUT_TIMEZONE))
          .defaultDoc("UTC")
          .doc("The zone of input dates without an offset.")
          .build();

  public static final Setting<String> TIMESTAMP_OUTPUT_DATE_FORMAT =
      Setting.keyedBuilder(
              TimestampKeyOptions.OUTPUT_DATE_FORMAT,
              "date pattern",
              TimestampKeyOptions::checkOutputFormat)
          .alternative(old(TimestampKeyOptions.OUTPUT_DATE_FORMAT))
          .expected("a date pattern")
          .defaultDoc("required by the timestamp-based key generator")
          .doc("The partition path's date pattern, e.g. yyyy/MM/dd.")
          .build();

  public static final Setting<ZoneId> TIMESTAMP_OUTPUT_TIMEZONE =
      zone(TimestampKeyOptions.OUTPUT_TIMEZONE)
          .alternative(old(TimestampKeyOptions.OUTPUT_TIMEZONE))
          .defaultDoc("UTC, or a date string's own offset")
          .doc("The zone the partition path is formatted in.")
          .build();

  public static final Setting<ZoneId> TIMESTAMP_TIMEZONE =
      zone(TimestampKeyOptions.TIMEZONE)
          .alternative(old(TimestampKeyOptions.TIMEZONE))
          .defaultDoc("none")
          .doc("Sets both the input and the output zone, and wins over them.")
          .build();

  /**
   * The older spelling of a key, which Hudi still reads: {@code hoodie.deltastreamer.keygen.*} for
   * {@code hoodie.keygen.*}.
   */
  private static String old(String key) {
    return "hoodie.deltastreamer." + key.substring("hoodie.".length());
  }
}
