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

import io.hudibeam.settings.Setting;
import io.hudibeam.settings.TimestampKeygenSettings;
import java.io.Serializable;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * Settings of the timestamp-based key generator ({@code hoodie.keygen.timebased.*}, Hudi's {@code
 * TimestampKeyGeneratorConfig}): how the partition field is read and how the partition path is
 * formatted.
 *
 * <p>Time zones: Hudi documents {@code UTC} as the default of the input and output time zones, but
 * its {@code HoodieDateTimeParser} actually falls back to the JVM's default zone when they are
 * unset. This class uses UTC instead (a writer's result must not depend on the worker's zone); when
 * the output zone is unset and a date string carries its own offset, the partition path is
 * formatted in that offset, as Hudi does.
 */
public final class TimestampKeyOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String TIMESTAMP_TYPE = TimestampKeygenSettings.TIMESTAMP_TYPE.key();

  public static final String SCALAR_TIME_UNIT =
      TimestampKeygenSettings.TIMESTAMP_SCALAR_TIME_UNIT.key();
  public static final String INPUT_DATE_FORMAT =
      TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT.key();
  public static final String INPUT_DATE_FORMAT_DELIMITER =
      TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT_DELIMITER.key();
  public static final String INPUT_TIMEZONE =
      TimestampKeygenSettings.TIMESTAMP_INPUT_TIMEZONE.key();
  public static final String OUTPUT_DATE_FORMAT =
      TimestampKeygenSettings.TIMESTAMP_OUTPUT_DATE_FORMAT.key();
  public static final String OUTPUT_TIMEZONE =
      TimestampKeygenSettings.TIMESTAMP_OUTPUT_TIMEZONE.key();

  /** Sets both the input and the output time zone; wins over the two specific keys, as in Hudi. */
  public static final String TIMEZONE = TimestampKeygenSettings.TIMESTAMP_TIMEZONE.key();

  private static final String DEFAULT_DELIMITER =
      TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT_DELIMITER.defaultValue().orElseThrow();

  private final TimestampType timestampType;
  private final TimeUnit scalarTimeUnit;
  private final String inputDateFormat;
  private final String inputDateFormatDelimiter;
  private final ZoneId inputTimeZone;
  private final String outputDateFormat;
  private final ZoneId outputTimeZone;

  private TimestampKeyOptions(
      TimestampType timestampType,
      TimeUnit scalarTimeUnit,
      String inputDateFormat,
      String inputDateFormatDelimiter,
      ZoneId inputTimeZone,
      String outputDateFormat,
      ZoneId outputTimeZone) {
    this.timestampType = Objects.requireNonNull(timestampType, "timestampType");
    this.scalarTimeUnit = Objects.requireNonNull(scalarTimeUnit, "scalarTimeUnit");
    this.inputDateFormat = inputDateFormat == null ? "" : inputDateFormat;
    this.inputDateFormatDelimiter = inputDateFormatDelimiter;
    this.inputTimeZone = inputTimeZone;
    this.outputDateFormat = outputDateFormat;
    this.outputTimeZone = outputTimeZone;
    validate();
  }

  /** Numeric partition values in {@code type}'s unit (not {@link TimestampType#DATE_STRING}). */
  public static TimestampKeyOptions numeric(TimestampType type, String outputDateFormat) {
    if (type == TimestampType.DATE_STRING) {
      throw new InvalidKeyGeneratorConfigException(
          TIMESTAMP_TYPE + "=DATE_STRING needs input date formats; use dateString(...)");
    }
    return new TimestampKeyOptions(
        type, TimeUnit.SECONDS, "", DEFAULT_DELIMITER, null, outputDateFormat, null);
  }

  /** {@link TimestampType#SCALAR} partition values in {@code unit}. */
  public static TimestampKeyOptions scalar(TimeUnit unit, String outputDateFormat) {
    return new TimestampKeyOptions(
        TimestampType.SCALAR, unit, "", DEFAULT_DELIMITER, null, outputDateFormat, null);
  }

  /** String partition values parsed with the first matching of {@code inputDateFormats}. */
  public static TimestampKeyOptions dateString(
      List<String> inputDateFormats, String outputDateFormat) {
    if (inputDateFormats.stream().anyMatch(f -> f.contains(DEFAULT_DELIMITER))) {
      throw new InvalidKeyGeneratorConfigException(
          INPUT_DATE_FORMAT
              + " formats must not contain ',' (the list delimiter): "
              + inputDateFormats);
    }
    return new TimestampKeyOptions(
        TimestampType.DATE_STRING,
        TimeUnit.SECONDS,
        String.join(DEFAULT_DELIMITER, inputDateFormats),
        DEFAULT_DELIMITER,
        null,
        outputDateFormat,
        null);
  }

  public TimestampKeyOptions withInputTimeZone(ZoneId zone) {
    return new TimestampKeyOptions(
        timestampType,
        scalarTimeUnit,
        inputDateFormat,
        inputDateFormatDelimiter,
        Objects.requireNonNull(zone, "zone"),
        outputDateFormat,
        outputTimeZone);
  }

  public TimestampKeyOptions withOutputTimeZone(ZoneId zone) {
    return new TimestampKeyOptions(
        timestampType,
        scalarTimeUnit,
        inputDateFormat,
        inputDateFormatDelimiter,
        inputTimeZone,
        outputDateFormat,
        Objects.requireNonNull(zone, "zone"));
  }

  public TimestampType timestampType() {
    return timestampType;
  }

  /** The unit of {@link TimestampType#SCALAR} values; {@code SECONDS} unless configured. */
  public TimeUnit scalarTimeUnit() {
    return scalarTimeUnit;
  }

  /** The input date patterns, in the order they are tried; empty unless DATE_STRING. */
  public List<String> inputDateFormats() {
    if (inputDateFormat.isEmpty()) {
      return List.of();
    }
    return Arrays.stream(inputDateFormat.split(inputDateFormatDelimiter))
        .map(String::trim)
        .collect(Collectors.toUnmodifiableList());
  }

  public Optional<ZoneId> inputTimeZone() {
    return Optional.ofNullable(inputTimeZone);
  }

  public String outputDateFormat() {
    return outputDateFormat;
  }

  public Optional<ZoneId> outputTimeZone() {
    return Optional.ofNullable(outputTimeZone);
  }

  /**
   * Reads the {@code hoodie.keygen.timebased.*} keys (and their {@code
   * hoodie.deltastreamer.keygen.timebased.*} aliases) from write or table properties.
   */
  public static TimestampKeyOptions fromProperties(Map<String, String> props) {
    TimestampType type = value(props, TimestampKeygenSettings.TIMESTAMP_TYPE);
    if (type == null) {
      throw new InvalidKeyGeneratorConfigException(
          TIMESTAMP_TYPE
              + " is required for the timestamp-based key generator; expected one of "
              + Arrays.toString(TimestampType.values()));
    }
    TimeUnit unit =
        type == TimestampType.SCALAR
            ? value(props, TimestampKeygenSettings.TIMESTAMP_SCALAR_TIME_UNIT)
            : null;
    if (unit == null) {
      unit = TimestampKeygenSettings.TIMESTAMP_SCALAR_TIME_UNIT.defaultValue().orElseThrow();
    }
    String delimiter = value(props, TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT_DELIMITER);
    if (delimiter == null) {
      delimiter = DEFAULT_DELIMITER;
    }
    ZoneId both = value(props, TimestampKeygenSettings.TIMESTAMP_TIMEZONE);
    ZoneId input =
        both != null ? both : value(props, TimestampKeygenSettings.TIMESTAMP_INPUT_TIMEZONE);
    ZoneId output =
        both != null ? both : value(props, TimestampKeygenSettings.TIMESTAMP_OUTPUT_TIMEZONE);
    String outputFormat = value(props, TimestampKeygenSettings.TIMESTAMP_OUTPUT_DATE_FORMAT);
    if (outputFormat == null) {
      throw new InvalidKeyGeneratorConfigException(
          OUTPUT_DATE_FORMAT
              + " is required for the timestamp-based key generator, e.g. yyyy/MM/dd");
    }
    String inputFormat =
        type == TimestampType.DATE_STRING
            ? value(props, TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT)
            : "";
    return new TimestampKeyOptions(type, unit, inputFormat, delimiter, input, outputFormat, output);
  }

  /**
   * The {@code hoodie.keygen.timebased.*} entries a table persists in hoodie.properties (Hudi 0.15
   * {@code HoodieTableConfig.PERSISTED_CONFIG_LIST}, plus {@code timestamp.type}, which Hudi 1.0
   * also persists and without which the settings cannot be read back).
   */
  public Map<String, String> toProperties() {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(TIMESTAMP_TYPE, timestampType.value());
    if (timestampType == TimestampType.SCALAR) {
      props.put(SCALAR_TIME_UNIT, scalarTimeUnit.name());
    }
    if (timestampType == TimestampType.DATE_STRING) {
      props.put(INPUT_DATE_FORMAT, inputDateFormat);
      if (!DEFAULT_DELIMITER.equals(inputDateFormatDelimiter)) {
        props.put(INPUT_DATE_FORMAT_DELIMITER, inputDateFormatDelimiter);
      }
    }
    if (inputTimeZone != null) {
      props.put(INPUT_TIMEZONE, inputTimeZone.getId());
    }
    props.put(OUTPUT_DATE_FORMAT, outputDateFormat);
    if (outputTimeZone != null) {
      props.put(OUTPUT_TIMEZONE, outputTimeZone.getId());
    }
    return props;
  }

  private void validate() {
    JodaPatterns.forOutput(OUTPUT_DATE_FORMAT, outputDateFormat);
    if (timestampType == TimestampType.DATE_STRING) {
      if (inputDateFormat.trim().isEmpty()) {
        throw new InvalidKeyGeneratorConfigException(
            INPUT_DATE_FORMAT + " is required when " + TIMESTAMP_TYPE + "=DATE_STRING");
      }
      try {
        Pattern.compile(inputDateFormatDelimiter);
      } catch (PatternSyntaxException e) {
        throw new InvalidKeyGeneratorConfigException(
            INPUT_DATE_FORMAT_DELIMITER + "=" + inputDateFormatDelimiter + " is not a valid regex",
            e);
      }
      for (String format : inputDateFormats()) {
        JodaPatterns.forInput(INPUT_DATE_FORMAT, format);
      }
    }
  }

  /**
   * The value of {@code setting} under its key or its {@code hoodie.deltastreamer.*} alternative;
   * null when absent or blank (a table's hoodie.properties may hold blank values).
   */
  private static <T> T value(Map<String, String> props, Setting<T> setting) {
    Optional<String> key = setting.keyIn(props);
    if (key.isEmpty() || props.get(key.get()).trim().isEmpty()) {
      return null;
    }
    return setting.find(props).orElseThrow();
  }

  /**
   * Checks an output date pattern (the parser of {@link
   * HudiSettings#TIMESTAMP_OUTPUT_DATE_FORMAT}); returns it.
   */
  public static String checkOutputFormat(String key, String pattern) {
    JodaPatterns.forOutput(key, pattern);
    return pattern;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof TimestampKeyOptions)) {
      return false;
    }
    TimestampKeyOptions other = (TimestampKeyOptions) o;
    return timestampType == other.timestampType
        && scalarTimeUnit == other.scalarTimeUnit
        && inputDateFormat.equals(other.inputDateFormat)
        && inputDateFormatDelimiter.equals(other.inputDateFormatDelimiter)
        && Objects.equals(inputTimeZone, other.inputTimeZone)
        && outputDateFormat.equals(other.outputDateFormat)
        && Objects.equals(outputTimeZone, other.outputTimeZone);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        timestampType,
        scalarTimeUnit,
        inputDateFormat,
        inputDateFormatDelimiter,
        inputTimeZone,
        outputDateFormat,
        outputTimeZone);
  }

  @Override
  public String toString() {
    return "TimestampKeyOptions" + toProperties();
  }
}
