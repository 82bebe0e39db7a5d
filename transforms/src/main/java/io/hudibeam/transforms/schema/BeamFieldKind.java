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

import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.Date;
import org.apache.beam.sdk.schemas.logicaltypes.DateTime;
import org.apache.beam.sdk.schemas.logicaltypes.EnumerationType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedBytes;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.FixedString;
import org.apache.beam.sdk.schemas.logicaltypes.MicrosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.Timestamp;
import org.apache.beam.sdk.schemas.logicaltypes.VariableBytes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableString;
import org.apache.beam.sdk.values.Row;

/**
 * The Beam field types this package maps to Avro, one constant per distinct mapping. Logical types
 * are recognised by their identifier, so types rebuilt from a portable schema map the same way.
 */
enum BeamFieldKind {
  BOOLEAN,
  /** BYTE, INT16, INT32: Avro int. */
  INT,
  LONG,
  FLOAT,
  DOUBLE,
  /** STRING, and the CHAR/VARCHAR logical types FixedString and VariableString. */
  STRING,
  /** BYTES, and the BINARY/VARBINARY logical types FixedBytes and VariableBytes. */
  BYTES,
  /** DECIMAL, and the FixedPrecisionNumeric logical type. */
  DECIMAL,
  /** DATETIME: a Joda instant with millisecond precision, written as timestamp-micros. */
  JODA_INSTANT,
  /** SqlTypes.DATE: java.time.LocalDate, written as date. */
  DATE,
  /** SqlTypes.TIMESTAMP (MicrosInstant) and Timestamp up to micros: written as timestamp-micros. */
  INSTANT,
  /** SqlTypes.DATETIME: java.time.LocalDateTime, written as local-timestamp-micros. */
  LOCAL_DATE_TIME,
  /** EnumerationType: written as the enum value's name, an Avro string. */
  ENUM,
  /** ARRAY and ITERABLE. */
  ARRAY,
  /** MAP with STRING keys. */
  MAP,
  ROW;

  /**
   * Classifies {@code type}, or throws naming {@code path} and the type when it is not supported.
   */
  static BeamFieldKind of(FieldType type, String path) {
    TypeName typeName = type.getTypeName();
    switch (typeName) {
      case BOOLEAN:
        return BOOLEAN;
      case BYTE:
      case INT16:
      case INT32:
        return INT;
      case INT64:
        return LONG;
      case FLOAT:
        return FLOAT;
      case DOUBLE:
        return DOUBLE;
      case STRING:
        return STRING;
      case BYTES:
        return BYTES;
      case DECIMAL:
        return DECIMAL;
      case DATETIME:
        return JODA_INSTANT;
      case ARRAY:
      case ITERABLE:
        return ARRAY;
      case MAP:
        if (type.getMapKeyType().getTypeName() != TypeName.STRING) {
          throw new SchemaMappingException(
              "Field '"
                  + path
                  + "' is a MAP with "
                  + type.getMapKeyType().getTypeName()
                  + " keys; Hudi (Avro) maps need STRING keys. Convert the keys to strings"
                  + " or use an ARRAY of ROW(key, value)");
        }
        return MAP;
      case ROW:
        return ROW;
      case LOGICAL_TYPE:
        return ofLogicalType(type, path);
      default:
        throw unsupported(path, type);
    }
  }

  private static BeamFieldKind ofLogicalType(FieldType type, String path) {
    LogicalType<?, ?> logicalType = type.getLogicalType();
    String identifier = logicalType.getIdentifier();
    if (Date.IDENTIFIER.equals(identifier)) {
      return DATE;
    }
    if (MicrosInstant.IDENTIFIER.equals(identifier)) {
      return INSTANT;
    }
    if (Timestamp.IDENTIFIER.equals(identifier)) {
      int precision = timestampPrecision(logicalType);
      if (precision > 6) {
        throw new SchemaMappingException(
            "Field '"
                + path
                + "' is a Timestamp with precision "
                + precision
                + " (sub-microsecond); Hudi stores timestamp-micros. Use precision <= 6"
                + " or SqlTypes.TIMESTAMP");
      }
      return INSTANT;
    }
    if (DateTime.IDENTIFIER.equals(identifier)) {
      return LOCAL_DATE_TIME;
    }
    if (EnumerationType.IDENTIFIER.equals(identifier)) {
      return ENUM;
    }
    if (FixedPrecisionNumeric.IDENTIFIER.equals(identifier)) {
      return DECIMAL;
    }
    if (FixedString.IDENTIFIER.equals(identifier) || VariableString.IDENTIFIER.equals(identifier)) {
      return STRING;
    }
    if (FixedBytes.IDENTIFIER.equals(identifier) || VariableBytes.IDENTIFIER.equals(identifier)) {
      return BYTES;
    }
    throw unsupported(path, type);
  }

  private static int timestampPrecision(LogicalType<?, ?> logicalType) {
    Object argument = logicalType.getArgument();
    if (argument instanceof Number) {
      return ((Number) argument).intValue();
    }
    throw new SchemaMappingException(
        "Timestamp logical type has argument " + argument + "; expected its precision as a number");
  }

  /**
   * The precision and scale a DECIMAL field is written with: FixedPrecisionNumeric's own when it
   * declares a precision (its scale otherwise, with the default precision), else {@code dflt}.
   */
  static DecimalPrecision decimalPrecision(FieldType type, DecimalPrecision dflt, String path) {
    if (type.getTypeName() != TypeName.LOGICAL_TYPE) {
      return dflt;
    }
    Object argument = type.getLogicalType().getArgument();
    if (!(argument instanceof Row)) {
      throw new SchemaMappingException(
          "Field '"
              + path
              + "' is a FixedPrecisionNumeric with argument "
              + argument
              + "; expected a Row(precision, scale)");
    }
    Row precisionAndScale = (Row) argument;
    Integer precision = precisionAndScale.getInt32("precision");
    Integer scale = precisionAndScale.getInt32("scale");
    int p = precision == null || precision < 0 ? dflt.precision() : precision;
    int s = scale == null ? dflt.scale() : scale;
    try {
      return DecimalPrecision.of(p, s);
    } catch (SchemaMappingException e) {
      throw new SchemaMappingException("Field '" + path + "': " + e.getMessage(), e);
    }
  }

  private static SchemaMappingException unsupported(String path, FieldType type) {
    return new SchemaMappingException(
        "Field '"
            + path
            + "' has Beam type "
            + type
            + ", which has no Hudi/Avro mapping."
            + " Supported: BOOLEAN, BYTE, INT16, INT32, INT64, FLOAT, DOUBLE, STRING, BYTES,"
            + " DECIMAL, DATETIME, ARRAY, ITERABLE, MAP with STRING keys, ROW, and the logical"
            + " types SqlTypes.DATE, SqlTypes.TIMESTAMP, SqlTypes.DATETIME, Timestamp (precision"
            + " <= 6), EnumerationType, FixedPrecisionNumeric, FixedString, VariableString,"
            + " FixedBytes, VariableBytes");
  }
}
