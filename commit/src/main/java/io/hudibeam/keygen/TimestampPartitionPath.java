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

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;

/**
 * The partition path of the timestamp-based key generator: the partition field read as a timestamp
 * and formatted with the output date format (Hudi's {@code
 * TimestampBasedAvroKeyGenerator.getPartitionPath}). A null value is treated as Hudi does: as
 * {@code 1} in the numeric unit, or for date strings as epoch + 1 ms written in the first input
 * format, so it lands in a 1970 partition rather than the default partition.
 */
final class TimestampPartitionPath implements PartitionPathFunction {
  private final String field;
  private final boolean hiveStyle;
  private final boolean urlEncode;
  private final TimestampKeyOptions options;
  private final Optional<TimeUnit> unit;
  private final List<DateTimeFormatter> inputFormatters;
  private final DateTimeFormatter outputFormatter;

  TimestampPartitionPath(
      String field, boolean hiveStyle, boolean urlEncode, TimestampKeyOptions options) {
    this.field = field;
    this.hiveStyle = hiveStyle;
    this.urlEncode = urlEncode;
    this.options = options;
    this.unit = options.timestampType().numericUnit(options.scalarTimeUnit());
    this.inputFormatters =
        options.inputDateFormats().stream()
            .map(f -> JodaPatterns.forInput(TimestampKeyOptions.INPUT_DATE_FORMAT, f))
            .collect(Collectors.toList());
    this.outputFormatter =
        JodaPatterns.forOutput(TimestampKeyOptions.OUTPUT_DATE_FORMAT, options.outputDateFormat());
  }

  @Override
  public String partitionPathOf(GenericRecord record, String recordKey) {
    Object original = FieldValues.value(record, field, ROLE);
    Object value = original;
    if (value == null) {
      value = nullReplacement();
    }
    ZonedDateTime time;
    if (value instanceof CharSequence) {
      time = parse(value.toString(), record);
    } else {
      long amount = numeric(value, record);
      if (unit.isEmpty()) {
        throw new InvalidRecordException(
            String.format(
                "%s '%s' is the number %s, but %s=%s expects a date string; record: %s",
                ROLE,
                field,
                value,
                TimestampKeyOptions.TIMESTAMP_TYPE,
                options.timestampType(),
                FieldValues.describe(record)));
      }
      Instant instant = Instant.ofEpochMilli(TimeUnit.MILLISECONDS.convert(amount, unit.get()));
      time = instant.atZone(options.outputTimeZone().orElse(ZoneOffset.UTC));
    }
    String path = outputFormatter.format(time);
    if (urlEncode) {
      path = PartitionPathEncoding.escape(path);
    }
    return PartitionPathSafety.checkPath(
        recordKey, field, original, hiveStyle ? field + "=" + path : path, urlEncode, record);
  }

  private Object nullReplacement() {
    if (unit.isPresent()) {
      return 1L;
    }
    ZoneId zone = options.inputTimeZone().or(options::outputTimeZone).orElse(ZoneOffset.UTC);
    DateTimeFormatter first =
        JodaPatterns.forOutput(
            TimestampKeyOptions.INPUT_DATE_FORMAT, options.inputDateFormats().get(0));
    return first.format(Instant.ofEpochMilli(1L).atZone(zone));
  }

  private long numeric(Object value, GenericRecord record) {
    if (value instanceof Long || value instanceof Integer) {
      return ((Number) value).longValue();
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      return ((Number) value).longValue();
    }
    if (value instanceof LocalDate) {
      return ((LocalDate) value).toEpochDay();
    }
    throw new InvalidRecordException(
        String.format(
            "%s '%s' holds a %s, but the timestamp-based key generator takes a long, int, double,"
                + " float, decimal, date or string; record: %s",
            ROLE, field, value.getClass().getSimpleName(), FieldValues.describe(record)));
  }

  private ZonedDateTime parse(String text, GenericRecord record) {
    if (inputFormatters.isEmpty()) {
      throw new InvalidRecordException(
          String.format(
              "%s '%s' is the string '%s', but %s=%s expects a number; set %s=DATE_STRING and %s"
                  + " to partition by date strings; record: %s",
              ROLE,
              field,
              text,
              TimestampKeyOptions.TIMESTAMP_TYPE,
              options.timestampType(),
              TimestampKeyOptions.TIMESTAMP_TYPE,
              TimestampKeyOptions.INPUT_DATE_FORMAT,
              FieldValues.describe(record)));
    }
    for (DateTimeFormatter formatter : inputFormatters) {
      TemporalAccessor parsed;
      try {
        parsed = formatter.parse(text);
      } catch (DateTimeParseException e) {
        continue;
      }
      LocalDate date = parsed.query(TemporalQueries.localDate());
      LocalTime time = parsed.query(TemporalQueries.localTime());
      if (date == null) {
        continue;
      }
      ZoneId parsedZone = parsed.query(TemporalQueries.zone());
      Optional<ZoneId> inputZone = options.inputTimeZone();
      LocalDateTime local = LocalDateTime.of(date, time == null ? LocalTime.MIDNIGHT : time);
      Instant instant =
          local
              .atZone(parsedZone != null ? parsedZone : inputZone.orElse(ZoneOffset.UTC))
              .toInstant();
      ZoneId zone =
          options
              .outputTimeZone()
              .or(() -> inputZone)
              .orElse(parsedZone != null ? parsedZone : ZoneOffset.UTC);
      return instant.atZone(zone);
    }
    throw new InvalidRecordException(
        String.format(
            "%s '%s' value '%s' matches none of %s=%s; record: %s",
            ROLE,
            field,
            text,
            TimestampKeyOptions.INPUT_DATE_FORMAT,
            options.inputDateFormats(),
            FieldValues.describe(record)));
  }
}
