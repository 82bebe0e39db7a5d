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
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * Reads key and partition field values from Avro records by dotted path, converting them as Hudi's
 * {@code HoodieAvroUtils.getNestedFieldVal} does (date → {@link LocalDate}, decimal → {@link
 * BigDecimal}; timestamps stay raw longs).
 */
final class FieldValues {
  private static final int MAX_RECORD_CHARS = 300;
  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private FieldValues() {}

  /**
   * The converted value at {@code path}, or null when it or an enclosing record is null.
   *
   * @throws InvalidRecordException when a path segment is not a field of the record schema
   */
  static Object value(GenericRecord record, String path, String role) {
    String[] parts = path.split("\\.");
    GenericRecord current = record;
    for (int i = 0; i < parts.length; i++) {
      Schema.Field field = current.getSchema().getField(parts[i]);
      if (field == null) {
        throw new InvalidRecordException(
            String.format(
                "%s '%s' is not in the record: %s has fields %s; record: %s",
                role,
                path,
                i == 0 ? "the record" : "'" + String.join(".", List.of(parts).subList(0, i)) + "'",
                fieldNames(current.getSchema()),
                describe(record)));
      }
      Object value = current.get(field.pos());
      if (value == null) {
        return null;
      }
      if (i == parts.length - 1) {
        return convert(nonNullBranch(field.schema()), value);
      }
      if (!(value instanceof GenericRecord)) {
        throw new InvalidRecordException(
            String.format(
                "%s '%s': '%s' is a %s, not a record; record: %s",
                role,
                path,
                String.join(".", List.of(parts).subList(0, i + 1)),
                nonNullBranch(field.schema()).getType(),
                describe(record)));
      }
      current = (GenericRecord) value;
    }
    throw new IllegalStateException("unreachable");
  }

  /**
   * The string form of the value at {@code path} (null if null), as Hudi's {@code
   * getNestedFieldValAsString}. Values without a meaningful string form (bytes, fixed, records,
   * arrays, maps) are rejected.
   */
  static String string(GenericRecord record, String path, String role) {
    Object value = value(record, path, role);
    if (value == null) {
      return null;
    }
    if (value instanceof ByteBuffer
        || value instanceof GenericFixed
        || value instanceof GenericRecord
        || value instanceof java.util.Collection
        || value instanceof java.util.Map) {
      throw new InvalidRecordException(
          String.format(
              "%s '%s' holds a %s, which has no string form for a key; use a string, number,"
                  + " boolean, enum, date or decimal field; record: %s",
              role, path, value.getClass().getSimpleName(), describe(record)));
    }
    return value.toString();
  }

  static String describe(GenericRecord record) {
    String text = String.valueOf(record);
    return text.length() <= MAX_RECORD_CHARS ? text : text.substring(0, MAX_RECORD_CHARS) + "...";
  }

  private static List<String> fieldNames(Schema schema) {
    return schema.getFields().stream().map(Schema.Field::name).collect(Collectors.toList());
  }

  private static Schema nonNullBranch(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    List<Schema> branches =
        schema.getTypes().stream()
            .filter(s -> s.getType() != Schema.Type.NULL)
            .collect(Collectors.toList());
    return branches.size() == 1 ? branches.get(0) : schema;
  }

  private static Object convert(Schema schema, Object value) {
    LogicalType logicalType = schema.getLogicalType();
    if (logicalType instanceof LogicalTypes.Date && value instanceof Integer) {
      return LocalDate.ofEpochDay((Integer) value);
    }
    if (logicalType instanceof LogicalTypes.Decimal) {
      if (value instanceof GenericFixed) {
        return DECIMALS.fromFixed((GenericFixed) value, schema, logicalType);
      }
      if (value instanceof ByteBuffer) {
        return DECIMALS.fromBytes(((ByteBuffer) value).duplicate(), schema, logicalType);
      }
    }
    return value;
  }
}
