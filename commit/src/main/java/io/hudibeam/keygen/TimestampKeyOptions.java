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

  /**
   * The keys of these settings (the settings registry declares them with these keys, each with its
   * older {@code hoodie.deltastreamer.keygen.timebased.*} spelling as an alternative).
   */
  public static final String TIMESTAMP_TYPE = "hoodie.keygen.timebased.timestamp.type";

  public static final String SCALAR_TIME_UNIT =
      "hoodie.keygen.timebased.timestamp.scalar.time.unit";
  public static final String INPUT_DATE_FORMAT = "hoodie.keygen.timebased.input.dateformat";
  public static final String INPUT_DATE_FORMAT_DELIMITER =
      "hoodie.keygen.timebased.input.dateformat.list.delimiter.regex";
  public static final String INPUT_TIMEZONE = "hoodie.keygen.timebased.input.timezone";
  public static final String OUTPUT_DATE_FORMAT = "hoodie.keygen.timebased.output.dateformat";
  public static final String OUTPUT_TIMEZONE = "hoodie.keygen.timebased.output.timezone";

  /** Sets both the input and the output time zone; wins over the two specific keys, as in Hudi. */
  public static final String TIMEZONE = "hoodie.keygen.timebased.timezone";

  /** Hudi's defaults of the scalar unit and the delimiter between input date patterns. */
  public static final TimeUnit DEFAULT_SCALAR_TIME_UNIT = TimeUnit.SECONDS;

  public static final String DEFAULT_DELIMITER = ",";

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

  /**
   * All the options as read from properties: {@code inputDateFormat} is the delimited list of input
   * patterns ("" unless DATE_STRING), the zones are null when unset.
   */
  public static TimestampKeyOptions of(
      TimestampType timestampType,
      TimeUnit scalarTimeUnit,
      String inputDateFormat,
      String inputDateFormatDelimiter,
      ZoneId inputTimeZone,
      String outputDateFormat,
      ZoneId outputTimeZone) {
    return new TimestampKeyOptions(
        timestampType,
        scalarTimeUnit,
        inputDateFormat,
        inputDateFormatDelimiter,
        inputTimeZone,
        outputDateFormat,
        outputTimeZone);
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
   * Checks an output date pattern (the parser the settings registry reads {@link
   * #OUTPUT_DATE_FORMAT} with); returns it.
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
