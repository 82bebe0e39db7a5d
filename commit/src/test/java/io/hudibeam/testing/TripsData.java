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
package io.hudibeam.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The deterministic trips data set of docs/examples.md ("The trips data set"): batch {@code (b,
 * start, count)} holds the records for indexes {@code i} in {@code [start, start + count)}, each
 * field a pure function of {@code (b, i)}.
 *
 * <p>Nullability follows the schema Hudi 0.15's Spark writer stored for the golden tables: the
 * record key {@code uuid} and the ordering field {@code ts} are required; every other field is a
 * {@code ["null", T]} union with default {@code null}.
 */
public final class TripsData {
  public static final String TABLE_NAME = "trips";
  public static final String RECORD_KEY_FIELD = "uuid";
  public static final String PARTITION_FIELD = "city";
  public static final String ORDERING_FIELD = "ts";

  /** The partition values, indexed by {@code i % 8}. */
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

  /** Record {@code hoodie.trips.trips_record}, as the golden tables' commit metadata names it. */
  public static final Schema SCHEMA =
      SchemaBuilder.record("trips_record")
          .namespace("hoodie.trips")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .optionalString("rider")
          .optionalString("driver")
          .optionalDouble("fare")
          .optionalDouble("begin_lat")
          .optionalDouble("begin_lon")
          .optionalDouble("end_lat")
          .optionalDouble("end_lon")
          .optionalString("city")
          .endRecord();

  private static final long TS_BASE = 1_700_000_000_000L;
  private static final long TS_PER_BATCH = 1_000_000_000L;

  private TripsData() {}

  /** The record key of index {@code i}: {@code trip-} and {@code i} as 12 zero-padded digits. */
  public static String key(long i) {
    if (i < 0) {
      throw new IllegalArgumentException("trips index must be >= 0, got " + i);
    }
    return String.format("trip-%012d", i);
  }

  /** The partition value (city) of index {@code i}. */
  public static String city(long i) {
    return CITIES.get((int) (i % CITIES.size()));
  }

  public static long ts(long b, long i) {
    return TS_BASE + b * TS_PER_BATCH + i;
  }

  public static double fare(long b, long i) {
    return ((i + b * 7) % 10000) / 100.0;
  }

  /** The record of batch {@code b} for index {@code i}. */
  public static GenericRecord record(long b, long i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", key(i));
    r.put("ts", ts(b, i));
    r.put("rider", "rider-" + (i % 1000));
    r.put("driver", "driver-" + (i % 97));
    r.put("fare", fare(b, i));
    r.put("begin_lat", ((i * 31) % 1000) / 1000.0);
    r.put("begin_lon", ((i * 37) % 1000) / 1000.0);
    r.put("end_lat", ((i * 41) % 1000) / 1000.0);
    r.put("end_lon", ((i * 43) % 1000) / 1000.0);
    r.put("city", city(i));
    return r;
  }

  /**
   * Batch {@code b}: the records for indexes {@code start .. start + count - 1}, in index order.
   */
  public static List<GenericRecord> batch(long b, long start, long count) {
    checkRange(start, count);
    List<GenericRecord> out = new ArrayList<>((int) count);
    for (long i = start; i < start + count; i++) {
      out.add(record(b, i));
    }
    return out;
  }

  /** The record keys for indexes {@code start .. start + count - 1}, in index order. */
  public static List<String> keys(long start, long count) {
    checkRange(start, count);
    List<String> out = new ArrayList<>((int) count);
    for (long i = start; i < start + count; i++) {
      out.add(key(i));
    }
    return out;
  }

  /**
   * The ten user fields of a trips record, in schema order, with strings as {@link String} (a
   * record read back from Parquet holds {@code Utf8}); compare {@code values(record(b, i))} with
   * {@code values(read)}.
   */
  public static List<Object> values(GenericRecord record) {
    List<Object> out = new ArrayList<>(SCHEMA.getFields().size());
    for (Schema.Field f : SCHEMA.getFields()) {
      if (record.getSchema().getField(f.name()) == null) {
        throw new IllegalArgumentException(
            "record " + record.getSchema().getFullName() + " has no trips field " + f.name());
      }
      Object v = record.get(f.name());
      out.add(v instanceof CharSequence ? v.toString() : v);
    }
    return out;
  }

  private static void checkRange(long start, long count) {
    if (start < 0 || count < 0 || count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "trips range needs start >= 0 and 0 <= count <= "
              + Integer.MAX_VALUE
              + ", got start="
              + start
              + " count="
              + count);
    }
  }
}
