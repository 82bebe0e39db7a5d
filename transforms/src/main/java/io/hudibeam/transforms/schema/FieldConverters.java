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
package io.hudibeam.transforms.schema;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.EnumerationType;
import org.apache.beam.sdk.values.Row;
import org.joda.time.ReadableInstant;

/**
 * Builds the {@link FieldConverter} tree for a pair of Beam and Avro schemas, checking once, at
 * build time, that every Beam type has a matching Avro type. The record converter matches fields by
 * name, so the Avro schema may order fields differently or add nullable fields the Beam schema
 * lacks (written as null).
 */
final class FieldConverters {
  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private FieldConverters() {}

  /** Converts a Beam row of {@code beamSchema} to a record of the Avro {@code recordSchema}. */
  static RecordConverter forRecord(
      org.apache.beam.sdk.schemas.Schema beamSchema, Schema recordSchema, String pathPrefix) {
    if (recordSchema.getType() != Schema.Type.RECORD) {
      throw new SchemaMappingException(
          "Avro schema for '"
              + (pathPrefix.isEmpty() ? "<root>" : pathPrefix)
              + "' must be a record, but was "
              + recordSchema.getType());
    }
    for (Field beamField : beamSchema.getFields()) {
      if (recordSchema.getField(beamField.getName()) == null) {
        throw new SchemaMappingException(
            "Field '"
                + pathPrefix
                + beamField.getName()
                + "' of the Beam schema is not in Avro"
                + " record "
                + recordSchema.getFullName()
                + " (fields "
                + fieldNames(recordSchema)
                + ")");
      }
    }
    List<Schema.Field> avroFields = recordSchema.getFields();
    int[] beamIndexes = new int[avroFields.size()];
    FieldConverter[] converters = new FieldConverter[avroFields.size()];
    for (Schema.Field avroField : avroFields) {
      String path = pathPrefix + avroField.name();
      int pos = avroField.pos();
      if (!beamSchema.hasField(avroField.name())) {
        if (!isNullable(avroField.schema())) {
          throw new SchemaMappingException(
              "Avro field '"
                  + path
                  + "' is required (not a union with null) but the Beam schema"
                  + " has no field '"
                  + avroField.name()
                  + "' (fields "
                  + beamSchema.getFieldNames()
                  + ")");
        }
        beamIndexes[pos] = -1;
        continue;
      }
      beamIndexes[pos] = beamSchema.indexOf(avroField.name());
      converters[pos] =
          forValue(beamSchema.getField(avroField.name()).getType(), avroField.schema(), path);
    }
    return new RecordConverter(recordSchema, beamSchema.getFieldCount(), beamIndexes, converters);
  }

  /** Converts a nullable-or-not Beam value to a value of {@code avroSchema}, nulls included. */
  static FieldConverter forValue(FieldType beamType, Schema avroSchema, String path) {
    boolean avroNullable = isNullable(avroSchema);
    FieldConverter nonNull = forNonNullValue(beamType, nonNullBranch(avroSchema, path), path);
    if (avroNullable) {
      return value -> value == null ? null : nonNull.convert(value);
    }
    return value -> {
      if (value == null) {
        throw new SchemaMappingException(
            "Field '"
                + path
                + "' is null, but its Avro type "
                + avroSchema
                + " is not nullable (not a union with null)");
      }
      return nonNull.convert(value);
    };
  }

  private static FieldConverter forNonNullValue(FieldType beamType, Schema avro, String path) {
    BeamFieldKind kind = BeamFieldKind.of(beamType, path);
    Schema.Type avroType = avro.getType();
    LogicalType avroLogical = avro.getLogicalType();
    switch (kind) {
      case BOOLEAN:
        expect(avroType == Schema.Type.BOOLEAN, kind, avro, path);
        return value -> value;
      case INT:
        if (avroType == Schema.Type.LONG && avroLogical == null) {
          return value -> ((Number) value).longValue();
        }
        expect(avroType == Schema.Type.INT && avroLogical == null, kind, avro, path);
        return value -> ((Number) value).intValue();
      case LONG:
        expect(avroType == Schema.Type.LONG && avroLogical == null, kind, avro, path);
        return value -> value;
      case FLOAT:
        if (avroType == Schema.Type.DOUBLE) {
          return value -> ((Number) value).doubleValue();
        }
        expect(avroType == Schema.Type.FLOAT, kind, avro, path);
        return value -> value;
      case DOUBLE:
        expect(avroType == Schema.Type.DOUBLE, kind, avro, path);
        return value -> value;
      case STRING:
        expect(avroType == Schema.Type.STRING, kind, avro, path);
        return value -> value;
      case BYTES:
        expect(avroType == Schema.Type.BYTES && avroLogical == null, kind, avro, path);
        return value -> ByteBuffer.wrap((byte[]) value);
      case ENUM:
        expect(avroType == Schema.Type.STRING, kind, avro, path);
        return enumConverter((EnumerationType) beamType.getLogicalType());
      case DECIMAL:
        return decimalConverter(avro, path);
      case JODA_INSTANT:
        return timestampConverter(kind, avro, path, value -> micros((ReadableInstant) value));
      case INSTANT:
        return timestampConverter(
            kind, avro, path, value -> micros(logicalInput(beamType, value, Instant.class)));
      case LOCAL_DATE_TIME:
        return localTimestampConverter(
            avro, path, value -> micros(logicalInput(beamType, value, LocalDateTime.class)));
      case DATE:
        expect(
            avroType == Schema.Type.INT && avroLogical instanceof LogicalTypes.Date,
            kind,
            avro,
            path);
        return value ->
            Math.toIntExact(logicalInput(beamType, value, LocalDate.class).toEpochDay());
      case ARRAY:
        expect(avroType == Schema.Type.ARRAY, kind, avro, path);
        return arrayConverter(
            avro,
            forValue(beamType.getCollectionElementType(), avro.getElementType(), path + "[]"));
      case MAP:
        expect(avroType == Schema.Type.MAP, kind, avro, path);
        return mapConverter(
            forValue(beamType.getMapValueType(), avro.getValueType(), path + "{}"), path);
      case ROW:
        expect(avroType == Schema.Type.RECORD, kind, avro, path);
        RecordConverter nested = forRecord(beamType.getRowSchema(), avro, path + ".");
        return value -> nested.convert((Row) value);
      default:
        throw new IllegalStateException("Unhandled Beam field kind " + kind + " at '" + path + "'");
    }
  }

  private static FieldConverter enumConverter(EnumerationType enumType) {
    return value ->
        value instanceof EnumerationType.Value
            ? enumType.toString((EnumerationType.Value) value)
            : enumType.getEnumName(((Number) value).intValue());
  }

  private static FieldConverter decimalConverter(Schema avro, String path) {
    if (!(avro.getLogicalType() instanceof LogicalTypes.Decimal)
        || (avro.getType() != Schema.Type.FIXED && avro.getType() != Schema.Type.BYTES)) {
      throw mismatch(BeamFieldKind.DECIMAL, avro, path);
    }
    LogicalTypes.Decimal decimal = (LogicalTypes.Decimal) avro.getLogicalType();
    int scale = decimal.getScale();
    int precision = decimal.getPrecision();
    boolean fixed = avro.getType() == Schema.Type.FIXED;
    return value -> {
      BigDecimal exact = rescale((BigDecimal) value, precision, scale, path);
      return fixed
          ? DECIMALS.toFixed(exact, avro, decimal)
          : DECIMALS.toBytes(exact, avro, decimal);
    };
  }

  private static BigDecimal rescale(BigDecimal value, int precision, int scale, String path) {
    BigDecimal rescaled;
    try {
      rescaled = value.setScale(scale, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new SchemaMappingException(
          "Field '"
              + path
              + "' has value "
              + value.toPlainString()
              + " with scale "
              + value.scale()
              + ", which does not fit decimal("
              + precision
              + ", "
              + scale
              + ") without rounding;"
              + " round it to scale "
              + scale
              + " or declare the field with FixedPrecisionNumeric",
          e);
    }
    if (rescaled.precision() > precision) {
      throw new SchemaMappingException(
          "Field '"
              + path
              + "' has value "
              + value.toPlainString()
              + ", which needs "
              + rescaled.precision()
              + " digits at scale "
              + scale
              + " but the column is decimal("
              + precision
              + ", "
              + scale
              + ")");
    }
    return rescaled;
  }

  private static FieldConverter timestampConverter(
      BeamFieldKind kind, Schema avro, String path, FieldConverter toMicros) {
    LogicalType logical = avro.getLogicalType();
    if (avro.getType() == Schema.Type.LONG && logical instanceof LogicalTypes.TimestampMicros) {
      return toMicros;
    }
    if (avro.getType() == Schema.Type.LONG && logical instanceof LogicalTypes.TimestampMillis) {
      return value -> Math.floorDiv((Long) toMicros.convert(value), 1000L);
    }
    throw mismatch(kind, avro, path);
  }

  private static FieldConverter localTimestampConverter(
      Schema avro, String path, FieldConverter toMicros) {
    LogicalType logical = avro.getLogicalType();
    if (avro.getType() == Schema.Type.LONG
        && logical instanceof LogicalTypes.LocalTimestampMicros) {
      return toMicros;
    }
    if (avro.getType() == Schema.Type.LONG
        && logical instanceof LogicalTypes.LocalTimestampMillis) {
      return value -> Math.floorDiv((Long) toMicros.convert(value), 1000L);
    }
    throw mismatch(BeamFieldKind.LOCAL_DATE_TIME, avro, path);
  }

  private static FieldConverter arrayConverter(Schema arraySchema, FieldConverter element) {
    return value -> {
      Iterable<?> items = (Iterable<?>) value;
      int size = items instanceof Collection ? ((Collection<?>) items).size() : 10;
      GenericData.Array<Object> array = new GenericData.Array<>(size, arraySchema);
      for (Object item : items) {
        array.add(element.convert(item));
      }
      return array;
    };
  }

  private static FieldConverter mapConverter(FieldConverter mapValue, String path) {
    return value -> {
      Map<?, ?> entries = (Map<?, ?>) value;
      Map<String, Object> map = new LinkedHashMap<>(Math.max(4, entries.size() * 4 / 3 + 1));
      for (Map.Entry<?, ?> entry : entries.entrySet()) {
        if (entry.getKey() == null) {
          throw new SchemaMappingException(
              "Map field '" + path + "' has a null key; Avro map keys must be non-null strings");
        }
        map.put((String) entry.getKey(), mapValue.convert(entry.getValue()));
      }
      return map;
    };
  }

  private static long micros(ReadableInstant instant) {
    return Math.multiplyExact(instant.getMillis(), 1000L);
  }

  private static long micros(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000L);
  }

  private static long micros(LocalDateTime dateTime) {
    return micros(dateTime.toInstant(ZoneOffset.UTC));
  }

  /** A logical type's value as its input type, whether the row holds the input or base value. */
  private static <T> T logicalInput(FieldType beamType, Object value, Class<T> inputClass) {
    if (inputClass.isInstance(value)) {
      return inputClass.cast(value);
    }
    @SuppressWarnings("unchecked")
    org.apache.beam.sdk.schemas.Schema.LogicalType<Object, Object> logicalType =
        (org.apache.beam.sdk.schemas.Schema.LogicalType<Object, Object>) beamType.getLogicalType();
    return inputClass.cast(logicalType.toInputType(value));
  }

  static boolean isNullable(Schema avro) {
    if (avro.getType() != Schema.Type.UNION) {
      return avro.getType() == Schema.Type.NULL;
    }
    for (Schema branch : avro.getTypes()) {
      if (branch.getType() == Schema.Type.NULL) {
        return true;
      }
    }
    return false;
  }

  private static Schema nonNullBranch(Schema avro, String path) {
    if (avro.getType() != Schema.Type.UNION) {
      return avro;
    }
    List<Schema> nonNull = new ArrayList<>();
    for (Schema branch : avro.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        nonNull.add(branch);
      }
    }
    if (nonNull.size() != 1) {
      throw new SchemaMappingException(
          "Avro type of field '"
              + path
              + "' is the union "
              + avro
              + "; only unions of null and"
              + " one other type are supported");
    }
    return nonNull.get(0);
  }

  private static void expect(boolean matches, BeamFieldKind kind, Schema avro, String path) {
    if (!matches) {
      throw mismatch(kind, avro, path);
    }
  }

  private static SchemaMappingException mismatch(BeamFieldKind kind, Schema avro, String path) {
    return new SchemaMappingException(
        "Field '"
            + path
            + "' of Beam kind "
            + kind
            + " cannot be written as Avro type "
            + avro
            + "; expected the type HudiAvroSchemas.fromBeamSchema maps it to");
  }

  private static List<String> fieldNames(Schema record) {
    List<String> names = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      names.add(field.name());
    }
    return names;
  }
}
