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

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * Builds the Avro schema Hudi writes for a Beam schema: the table's data schema (without the five
 * meta fields) as Hudi's Spark writer derives it from a Spark schema.
 *
 * <p>Naming follows Hudi's {@code AvroConversionUtils.convertStructTypeToAvroSchema} over its copy
 * of Spark's {@code SchemaConverters.toAvroType}:
 *
 * <ul>
 *   <li>the top-level record is {@code <table>_record} in namespace {@code hoodie.<table>}, the
 *       table name sanitized as {@code AvroSchemaUtils.getAvroRecordQualifiedName} does;
 *   <li>a nested row in field {@code f} of a record with full name {@code N} is a record named
 *       {@code f} in namespace {@code N} (so {@code hoodie.t.t_record.f}); array elements and map
 *       values take the name of their field;
 *   <li>a decimal in field {@code f} of record {@code N} is a {@code fixed} named {@code
 *       N.f.fixed}.
 * </ul>
 *
 * <p>Types: BYTE/INT16/INT32 to int, INT64 to long, FLOAT, DOUBLE, BOOLEAN, STRING to string, BYTES
 * to bytes, DECIMAL to fixed with the decimal logical type (precision and scale from a
 * FixedPrecisionNumeric logical type, else a default, {@link DecimalPrecision#DEFAULT}), DATETIME
 * and SqlTypes.TIMESTAMP to long timestamp-micros, SqlTypes.DATE to int date, SqlTypes.DATETIME to
 * long local-timestamp-micros, EnumerationType to string, ARRAY/ITERABLE to array, MAP (string
 * keys) to map, ROW to record. A nullable field (or element, or map value) is the union {@code
 * ["null", T]}, and a nullable record field has default null; a non-nullable one is plain {@code T}
 * without default.
 */
public final class HudiAvroSchemas {
  private static final Pattern INVALID_NAME_CHARS = Pattern.compile("[^A-Za-z0-9_]");
  private static final Pattern INVALID_FIRST_CHAR = Pattern.compile("^[^A-Za-z_]");
  private static final Pattern VALID_AVRO_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private HudiAvroSchemas() {}

  /** The Avro schema Hudi writes for {@code beamSchema}, with decimals as decimal(38, 18). */
  public static Schema fromBeamSchema(
      org.apache.beam.sdk.schemas.Schema beamSchema, String tableName) {
    return fromBeamSchema(beamSchema, tableName, DecimalPrecision.DEFAULT);
  }

  /**
   * The Avro schema Hudi writes for {@code beamSchema}; plain DECIMAL fields get {@code
   * defaultDecimal}.
   */
  public static Schema fromBeamSchema(
      org.apache.beam.sdk.schemas.Schema beamSchema,
      String tableName,
      DecimalPrecision defaultDecimal) {
    String name = recordName(tableName);
    String namespace = recordNamespace(tableName);
    return record(beamSchema, name, namespace, defaultDecimal, "");
  }

  /** {@code <table>_record}, the table name sanitized as Hudi's HoodieAvroUtils.sanitizeName. */
  public static String recordName(String tableName) {
    return sanitizeName(tableName) + "_record";
  }

  /** {@code hoodie.<table>}, the table name sanitized as Hudi's HoodieAvroUtils.sanitizeName. */
  public static String recordNamespace(String tableName) {
    return "hoodie." + sanitizeName(tableName);
  }

  /**
   * Replaces an invalid first character, then every other character outside {@code [A-Za-z0-9_]},
   * by {@code "__"}, as Hudi's {@code HoodieAvroUtils.sanitizeName}.
   */
  static String sanitizeName(String tableName) {
    if (tableName == null || tableName.isEmpty()) {
      throw new SchemaMappingException("Table name must be non-empty, but was '" + tableName + "'");
    }
    String firstFixed = INVALID_FIRST_CHAR.matcher(tableName).replaceFirst("__");
    return INVALID_NAME_CHARS.matcher(firstFixed).replaceAll("__");
  }

  private static Schema record(
      org.apache.beam.sdk.schemas.Schema beamSchema,
      String name,
      String namespace,
      DecimalPrecision defaultDecimal,
      String pathPrefix) {
    String childNamespace = namespace.isEmpty() ? name : namespace + "." + name;
    List<Schema.Field> fields = new ArrayList<>(beamSchema.getFieldCount());
    for (Field beamField : beamSchema.getFields()) {
      String path = pathPrefix + beamField.getName();
      checkAvroName(beamField.getName(), path);
      FieldType type = beamField.getType();
      Schema fieldSchema =
          avroType(type, beamField.getName(), childNamespace, defaultDecimal, path);
      Object defaultValue = type.getNullable() ? JsonProperties.NULL_VALUE : null;
      String doc = beamField.getDescription().isEmpty() ? null : beamField.getDescription();
      fields.add(new Schema.Field(beamField.getName(), fieldSchema, doc, defaultValue));
    }
    return Schema.createRecord(name, null, namespace, false, fields);
  }

  private static Schema avroType(
      FieldType type,
      String recordName,
      String namespace,
      DecimalPrecision defaultDecimal,
      String path) {
    Schema schema = nonNullAvroType(type, recordName, namespace, defaultDecimal, path);
    return type.getNullable()
        ? Schema.createUnion(Schema.create(Schema.Type.NULL), schema)
        : schema;
  }

  private static Schema nonNullAvroType(
      FieldType type,
      String recordName,
      String namespace,
      DecimalPrecision defaultDecimal,
      String path) {
    switch (BeamFieldKind.of(type, path)) {
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case INT:
        return Schema.create(Schema.Type.INT);
      case LONG:
        return Schema.create(Schema.Type.LONG);
      case FLOAT:
        return Schema.create(Schema.Type.FLOAT);
      case DOUBLE:
        return Schema.create(Schema.Type.DOUBLE);
      case STRING:
      case ENUM:
        return Schema.create(Schema.Type.STRING);
      case BYTES:
        return Schema.create(Schema.Type.BYTES);
      case DECIMAL:
        DecimalPrecision decimal = BeamFieldKind.decimalPrecision(type, defaultDecimal, path);
        Schema fixed =
            Schema.createFixed("fixed", null, namespace + "." + recordName, decimal.fixedSize());
        return LogicalTypes.decimal(decimal.precision(), decimal.scale()).addToSchema(fixed);
      case JODA_INSTANT:
      case INSTANT:
        return LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case DATE:
        return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case LOCAL_DATE_TIME:
        return LogicalTypes.localTimestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case ARRAY:
        return Schema.createArray(
            avroType(
                type.getCollectionElementType(),
                recordName,
                namespace,
                defaultDecimal,
                path + "[]"));
      case MAP:
        return Schema.createMap(
            avroType(type.getMapValueType(), recordName, namespace, defaultDecimal, path + "{}"));
      case ROW:
        return record(type.getRowSchema(), recordName, namespace, defaultDecimal, path + ".");
      default:
        throw new IllegalStateException("Unhandled Beam field kind for field '" + path + "'");
    }
  }

  private static void checkAvroName(String name, String path) {
    if (!VALID_AVRO_NAME.matcher(name).matches()) {
      throw new SchemaMappingException(
          "Field '"
              + path
              + "' has a name that is not a valid Avro name; Hudi field names must"
              + " match [A-Za-z_][A-Za-z0-9_]*. Rename the field");
    }
  }
}
