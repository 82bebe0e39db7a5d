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
import io.hudibeam.write.CompositeOrdering;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The elements of a {@link HudiWriteDynamic} as the Avro records their table takes: a GenericRecord
 * as it is, a Row (after the row filter, if any) in the Avro form of its schema named for the table
 * as {@link HudiIO#write()} names it ({@code hoodie.<table>.<table>_record}); with several ordering
 * fields ({@link HudiIO.Write#withOrderingFields}), with the column {@value
 * CompositeOrdering#FIELD} added, as the "Ordering value" step of {@code HudiIO.write()} adds it.
 * What a table needs is made when its first element reaches the worker.
 */
final class DynamicRecords<T> implements PackPerTableFn.Records<T> {
  private static final long serialVersionUID = 1L;
  private final InputKind kind;
  private final SerializableFunction<String, ? extends HudiIO.Write<?>> tables;
  private final @Nullable RowFilter filter;
  private transient Map<String, Table> perTable;

  /** A table's conversion: its name, its ordering (null for one field), schemas made so far. */
  private record Table(
      String name,
      @Nullable CompositeOrdering ordering,
      Map<org.apache.beam.sdk.schemas.Schema, RowToGenericRecord> rows,
      Map<Schema, Schema> extended) {}

  DynamicRecords(
      InputKind kind,
      SerializableFunction<String, ? extends HudiIO.Write<?>> tables,
      @Nullable RowFilter filter) {
    this.kind = kind;
    this.tables = tables;
    this.filter = filter;
  }

  @Override
  public GenericRecord of(T element, String destination) {
    if (perTable == null) {
      perTable = new HashMap<>();
    }
    Table table = perTable.computeIfAbsent(destination, this::table);
    GenericRecord record;
    if (kind == InputKind.ROWS) {
      Row written = filter == null ? (Row) element : filter.filter((Row) element);
      record =
          table
              .rows()
              .computeIfAbsent(
                  written.getSchema(),
                  s -> RowToGenericRecord.of(s, HudiAvroSchemas.fromBeamSchema(s, table.name())))
              .apply(written);
    } else {
      record = (GenericRecord) element;
    }
    CompositeOrdering ordering = table.ordering();
    if (ordering == null) {
      return record;
    }
    Schema extended =
        table
            .extended()
            .computeIfAbsent(
                record.getSchema(),
                s -> {
                  try {
                    ordering.check(s);
                  } catch (IllegalArgumentException e) {
                    throw refused(destination, "withOrderingFields: " + e.getMessage());
                  }
                  return ordering.extend(s);
                });
    return ordering.withValue(record, extended);
  }

  private Table table(String destination) {
    HudiIO.Write<?> write = tables.apply(destination);
    if (write == null) {
      throw refused(destination, "withTables gave null");
    }
    WriteSettings settings = WriteSettings.of(write.getBasePath(), write.getHoodieProperties());
    CompositeOrdering ordering = null;
    if (!write.getOrderingFields().isEmpty()) {
      if (!CompositeOrdering.FIELD.equals(settings.orderingField())) {
        throw refused(
            destination,
            "withOrderingFields("
                + String.join(", ", write.getOrderingFields())
                + ") orders by the column "
                + CompositeOrdering.FIELD
                + ", but the ordering field is "
                + settings.orderingField()
                + "; set one of them");
      }
      ordering = new CompositeOrdering(write.getOrderingFields());
    }
    return new Table(settings.tableName(), ordering, new HashMap<>(), new HashMap<>());
  }

  private static IllegalArgumentException refused(String destination, String why) {
    return new IllegalArgumentException("writeDynamic table '" + destination + "': " + why);
  }
}
