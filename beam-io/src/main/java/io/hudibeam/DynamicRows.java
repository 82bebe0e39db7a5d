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

import io.hudibeam.transforms.dynamic.PackPerTableFn;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The rows of a {@link HudiWriteDynamic} of Rows as the Avro records of their table: the row's
 * schema (after the row filter, if any) in Avro, named for the table as {@link HudiIO#write()}
 * names it ({@code hoodie.<table>.<table>_record}); one converter per table, made when the table's
 * first row reaches the worker.
 */
final class DynamicRows implements PackPerTableFn.Records<Row> {
  private static final long serialVersionUID = 1L;
  private final SerializableFunction<String, HudiIO.Write<Row>> tables;
  private final @Nullable RowFilter filter;
  private transient Map<String, RowToGenericRecord> converters;

  DynamicRows(SerializableFunction<String, HudiIO.Write<Row>> tables, @Nullable RowFilter filter) {
    this.tables = tables;
    this.filter = filter;
  }

  @Override
  public GenericRecord of(Row row, String destination) {
    if (converters == null) {
      converters = new HashMap<>();
    }
    Row written = filter == null ? row : filter.filter(row);
    return converters
        .computeIfAbsent(destination, d -> converter(d, written.getSchema()))
        .apply(written);
  }

  private RowToGenericRecord converter(String destination, Schema schema) {
    HudiIO.Write<Row> write = tables.apply(destination);
    if (write == null) {
      throw new IllegalArgumentException(
          "writeDynamic table '"
              + destination
              + "': withTables gave null; it must give a"
              + " HudiIO.write()");
    }
    String table = WriteSettings.of(write.getBasePath(), write.getHoodieProperties()).tableName();
    return RowToGenericRecord.of(schema, HudiAvroSchemas.fromBeamSchema(schema, table));
  }
}
