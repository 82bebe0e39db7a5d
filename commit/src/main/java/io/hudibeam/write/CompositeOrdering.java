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
package io.hudibeam.write;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Ordering by several fields, compared in order (a log file and a position in it), through one
 * ordering (precombine) field: Hudi 0.15 and 1.0 order a record's versions by one field, {@code
 * hoodie.table.precombine.field}, so a write ordered by several fields adds the column {@value
 * #FIELD}, a string whose natural order is the order of the fields' values, and makes it the
 * table's ordering field. Hudi does the same for MySQL's binlog: its {@code MysqlDebeziumSource}
 * (hudi-utilities) adds {@code _event_seq} from the binlog file and position.
 *
 * <p>The value: each field's value in turn, each followed by {@code '.'}; a {@code long} or {@code
 * int} as 16 lower-case hex digits of the value with its sign bit flipped (so that negative values
 * come first), a {@code string} as the hex digits of its UTF-8 bytes (so strings order by code
 * point, as Avro compares them). Every character is ASCII and {@code '.'} sorts before every hex
 * digit, so a value that is a prefix of another comes first, and the strings compare alike as Java
 * strings, as Avro's {@code Utf8} and as Spark's {@code UTF8String}: byte by byte. A null field
 * makes the whole value null (the record is refused as one without an ordering value).
 */
public record CompositeOrdering(List<String> fields) implements Serializable {
  /** The column a write ordered by several fields adds, and the table's ordering field. */
  public static final String FIELD = "_ordering_value";

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /** Ordering by {@code fields}, compared in this order; at least two. */
  public CompositeOrdering {
    fields = List.copyOf(fields);
    if (fields.size() < 2) {
      throw new IllegalArgumentException(
          "ordering by several fields needs at least two, but got " + fields);
    }
  }

  /**
   * Fails naming the field and what was expected unless every ordering field is a top-level {@code
   * long}, {@code int} or {@code string} field of {@code schema} (nullable or not), and {@code
   * schema} has no field {@value #FIELD} of its own.
   */
  public void check(Schema schema) {
    if (schema.getField(FIELD) != null) {
      throw new IllegalArgumentException(
          "the input has a field '"
              + FIELD
              + "', the column that ordering by several fields "
              + fields
              + " adds; rename it");
    }
    for (String name : fields) {
      Schema.Field field = schema.getField(name);
      if (field == null) {
        throw new IllegalArgumentException(
            "the ordering field '"
                + name
                + "' is not a top-level field of the records; their fields are "
                + schema.getFields().stream().map(Schema.Field::name).toList());
      }
      Schema.Type type = nonNull(field.schema()).getType();
      if (type != Schema.Type.LONG && type != Schema.Type.INT && type != Schema.Type.STRING) {
        throw new IllegalArgumentException(
            "the ordering field '"
                + name
                + "' is "
                + field.schema()
                + "; ordering by several fields takes long, int and string fields");
      }
    }
  }

  /** {@code schema} with the column {@value #FIELD} (a nullable string) added last. */
  public Schema extend(Schema schema) {
    List<Schema.Field> all = new ArrayList<>();
    for (Schema.Field f : schema.getFields()) {
      all.add(new Schema.Field(f, f.schema()));
    }
    all.add(
        new Schema.Field(
            FIELD,
            Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)),
            "The ordering value of the ordering fields " + String.join(", ", fields),
            Schema.Field.NULL_DEFAULT_VALUE));
    Schema extended =
        Schema.createRecord(
            schema.getName(), schema.getDoc(), schema.getNamespace(), schema.isError(), all);
    schema.getObjectProps().forEach(extended::addProp);
    return extended;
  }

  /** {@code record} as a record of {@code extended} ({@link #extend}), with its ordering value. */
  public GenericRecord withValue(GenericRecord record, Schema extended) {
    GenericData.Record out = new GenericData.Record(extended);
    for (Schema.Field field : extended.getFields()) {
      out.put(field.pos(), field.name().equals(FIELD) ? value(record) : record.get(field.name()));
    }
    return out;
  }

  /** The ordering value of {@code record}, or null when one of its ordering fields is null. */
  public String value(GenericRecord record) {
    List<Object> values = new ArrayList<>(fields.size());
    for (String name : fields) {
      Object v = record.get(name);
      if (v == null) {
        return null;
      }
      values.add(v);
    }
    return encode(values);
  }

  /** The ordering value of {@code values}: longs, ints and strings (CharSequences), in order. */
  public static String encode(List<?> values) {
    StringBuilder out = new StringBuilder();
    for (Object v : values) {
      if (v instanceof Long || v instanceof Integer) {
        long bits = ((Number) v).longValue() ^ Long.MIN_VALUE;
        for (int shift = 60; shift >= 0; shift -= 4) {
          out.append(HEX[(int) (bits >>> shift) & 0xf]);
        }
      } else if (v instanceof CharSequence s) {
        for (byte b : s.toString().getBytes(StandardCharsets.UTF_8)) {
          out.append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
        }
      } else {
        throw new IllegalArgumentException(
            "an ordering value of several fields takes longs, ints and strings, but got "
                + (v == null ? "null" : v.getClass().getName() + " " + v));
      }
      out.append('.');
    }
    return out.toString();
  }

  private static Schema nonNull(Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      for (Schema branch : schema.getTypes()) {
        if (branch.getType() != Schema.Type.NULL) {
          return branch;
        }
      }
    }
    return schema;
  }
}
