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
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * The trips data set of {@link TripsData} (the one copy of its values and schema) as Beam Rows: the
 * Row schema is converted from {@link TripsData#SCHEMA} (same fields and nullability), each row
 * from {@link TripsData#record}.
 */
public final class TripsRows {
  public static final Schema SCHEMA = AvroUtils.toBeamSchema(TripsData.SCHEMA);

  public static final Schema KEY_SCHEMA =
      Schema.builder().addStringField("uuid").addNullableStringField("city").build();

  private TripsRows() {}

  public static Row row(long b, long i) {
    return of(TripsData.record(b, i));
  }

  /** A trips record (of {@link TripsData#SCHEMA}) as a Row of {@link #SCHEMA}. */
  public static Row of(GenericRecord r) {
    Row.Builder row = Row.withSchema(SCHEMA);
    for (Schema.Field field : SCHEMA.getFields()) {
      Object value = r.get(field.getName());
      row.addValue(value instanceof CharSequence ? value.toString() : value);
    }
    return row.build();
  }

  public static List<Row> batch(long b, long start, long count) {
    List<Row> rows = new ArrayList<>();
    for (long i = start; i < start + count; i++) {
      rows.add(row(b, i));
    }
    return rows;
  }

  /** Delete requests carrying only the record key and partition field. */
  public static List<Row> keys(long start, long count) {
    List<Row> rows = new ArrayList<>();
    for (long i = start; i < start + count; i++) {
      rows.add(Row.withSchema(KEY_SCHEMA).addValues(TripsData.key(i), TripsData.city(i)).build());
    }
    return rows;
  }
}
