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

import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * The trips data set: batch {@code b} holds one record per index {@code i}, every field a pure
 * function of {@code (b, i)}, so any tool can write or check the same records. Record key {@code
 * uuid}, partition field {@code city}, ordering field {@code ts}.
 */
public final class TripsRecords {
  public static final String TABLE_NAME = "trips";
  public static final String RECORD_KEY_FIELD = "uuid";
  public static final String PARTITION_FIELD = "city";
  public static final String ORDERING_FIELD = "ts";

  public static final List<String> CITIES =
      List.of(
          "san_francisco",
          "sao_paulo",
          "chennai",
          "new_york",
          "london",
          "paris",
          "tokyo",
          "sydney");

  public static final Schema SCHEMA =
      Schema.builder()
          .addStringField("uuid")
          .addInt64Field("ts")
          .addNullableStringField("rider")
          .addNullableStringField("driver")
          .addNullableDoubleField("fare")
          .addNullableDoubleField("begin_lat")
          .addNullableDoubleField("begin_lon")
          .addNullableDoubleField("end_lat")
          .addNullableDoubleField("end_lon")
          .addNullableStringField("city")
          .build();

  private TripsRecords() {}

  /**
   * {@code trip-} and {@code i} zero-padded to 12 digits ({@code "trip-%012d"} without a
   * formatter).
   */
  public static String key(long i) {
    String digits = Long.toString(i);
    return "trip-" + "000000000000".substring(Math.min(12, digits.length())) + digits;
  }

  public static String city(long i) {
    return CITIES.get((int) (i % CITIES.size()));
  }

  /**
   * The record of batch {@code b} for index {@code i}. The values match {@link #SCHEMA} by
   * construction, so they are attached without the builder's per-value type check.
   */
  public static Row row(long b, long i) {
    return Row.withSchema(SCHEMA)
        .attachValues(
            key(i),
            1_700_000_000_000L + b * 1_000_000_000L + i,
            "rider-" + (i % 1000),
            "driver-" + (i % 97),
            ((i + b * 7) % 10000) / 100.0,
            ((i * 31) % 1000) / 1000.0,
            ((i * 37) % 1000) / 1000.0,
            ((i * 41) % 1000) / 1000.0,
            ((i * 43) % 1000) / 1000.0,
            city(i));
  }
}
