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
package io.hudibeam.schema;

import io.hudibeam.table.HudiTableException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * Rewrites records into a target schema by field name, as an Avro reader with the target schema
 * reads them: fields the record lacks get their default (null for a nullable field), fields the
 * target lacks are left out, and values are promoted along {@link TypePromotion}. Used for rows of
 * an older base file carried into a file written with an evolved schema, and for incoming records
 * whose schema {@link SchemaEvolution} canonicalized. A record whose schema equals the target is
 * returned as is. The plan for a source schema is built once per schema instance (the records of
 * one file or one coder share one), not per record. Not thread-safe.
 */
public final class RecordRewriter {
  private final Schema target;
  private final Map<Schema, Converter> plans = new IdentityHashMap<>();

  public RecordRewriter(Schema target) {
    this.target = target;
  }

  public Schema target() {
    return target;
  }

  public GenericRecord rewrite(GenericRecord record) {
    Schema source = record.getSchema();
    Converter plan = plans.get(source);
    if (plan == null) {
      plan = source.equals(target) ? Converter.IDENTITY : compile("", source, target);
      plans.put(source, plan);
    }
    return (GenericRecord) plan.convert(record);
  }

  /** Converts one non-null or null value of a source schema to the target schema. */
  private interface Converter {
    Converter IDENTITY = v -> v;

    Object convert(Object value);
  }

  private static Converter compile(String path, Schema from, Schema to) {
    if (from.equals(to)) {
      return Converter.IDENTITY;
    }
    boolean nullable = SchemaEvolution.isNullable(to);
    Schema f = SchemaEvolution.nonNull(from);
    Schema t = SchemaEvolution.nonNull(to);
    Converter inner = compileNonNull(path, f, t);
    return value -> {
      if (value == null) {
        if (!nullable) {
          throw new HudiTableException(
              "Field '"
                  + path
                  + "' is null, but the write schema has it as not nullable "
                  + SchemaEvolution.describe(to));
        }
        return null;
      }
      return inner.convert(value);
    };
  }

  private static Converter compileNonNull(String path, Schema from, Schema to) {
    if (from.equals(to)) {
      return Converter.IDENTITY;
    }
    switch (to.getType()) {
      case RECORD:
        if (from.getType() == Schema.Type.RECORD) {
          return compileRecord(path, from, to);
        }
        break;
      case ARRAY:
        if (from.getType() == Schema.Type.ARRAY) {
          Converter element = compile(path + "[]", from.getElementType(), to.getElementType());
          return value -> {
            List<Object> out =
                new GenericData.Array<>(((java.util.Collection<?>) value).size(), to);
            for (Object v : (Iterable<?>) value) {
              out.add(element.convert(v));
            }
            return out;
          };
        }
        break;
      case MAP:
        if (from.getType() == Schema.Type.MAP) {
          Converter valueConverter = compile(path + "{}", from.getValueType(), to.getValueType());
          return value -> {
            Map<Object, Object> out = new HashMap<>();
            ((Map<?, ?>) value).forEach((k, v) -> out.put(k, valueConverter.convert(v)));
            return out;
          };
        }
        break;
      case ENUM:
        if (from.getType() == Schema.Type.ENUM) {
          return value -> new GenericData.EnumSymbol(to, ((GenericEnumSymbol<?>) value).toString());
        }
        break;
      case FIXED:
        if (from.getType() == Schema.Type.FIXED && from.getFixedSize() == to.getFixedSize()) {
          return value -> new GenericData.Fixed(to, ((GenericFixed) value).bytes());
        }
        break;
      default:
        if (from.getType() == to.getType()) {
          return Converter.IDENTITY;
        }
        if (TypePromotion.canPromote(from, to)) {
          Schema.Type fromType = from.getType();
          Schema.Type toType = to.getType();
          return value -> TypePromotion.promote(value, fromType, toType);
        }
    }
    throw new HudiTableException(
        "Cannot rewrite field '"
            + path
            + "' from "
            + SchemaEvolution.describe(from)
            + " to "
            + SchemaEvolution.describe(to));
  }

  private static Converter compileRecord(String path, Schema from, Schema to) {
    List<Schema.Field> fields = to.getFields();
    int[] sourcePositions = new int[fields.size()];
    Converter[] converters = new Converter[fields.size()];
    Object[] defaults = new Object[fields.size()];
    for (Schema.Field field : fields) {
      String fieldPath = path.isEmpty() ? field.name() : path + "." + field.name();
      Schema.Field source = from.getField(field.name());
      if (source != null) {
        sourcePositions[field.pos()] = source.pos();
        converters[field.pos()] = compile(fieldPath, source.schema(), field.schema());
      } else if (field.hasDefaultValue()) {
        sourcePositions[field.pos()] = -1;
        defaults[field.pos()] = GenericData.get().getDefaultValue(field);
      } else if (SchemaEvolution.isNullable(field.schema())) {
        sourcePositions[field.pos()] = -1;
      } else {
        throw new HudiTableException(
            "Field '"
                + fieldPath
                + "' of the write schema has no default and is missing from"
                + " the records being written; new fields must be nullable with a default");
      }
    }
    return value -> {
      GenericRecord record = (GenericRecord) value;
      GenericData.Record out = new GenericData.Record(to);
      for (int i = 0; i < sourcePositions.length; i++) {
        int source = sourcePositions[i];
        out.put(i, source < 0 ? defaults[i] : converters[i].convert(record.get(source)));
      }
      return out;
    };
  }
}
