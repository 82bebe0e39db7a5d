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

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.Row;

/**
 * Converts Beam {@link Row}s of one Beam schema to Avro {@link GenericRecord}s of the schema Hudi
 * writes (see {@link HudiAvroSchemas}). The per-field converters are resolved once, when the
 * converter is created or deserialized, so converting a row does no type dispatch by schema.
 *
 * <p>Values are produced in Avro's plain representation, which parquet-avro and Avro's
 * GenericDatumWriter write without logical type conversions: date as int days, timestamps as long
 * microseconds, decimals as {@code GenericFixed} two's complement bytes, bytes as {@code
 * ByteBuffer}. Decimals are rescaled to the column's scale without rounding; a value that needs
 * rounding or more digits than the precision fails with a {@link SchemaMappingException}.
 */
public final class RowToGenericRecord implements SerializableFunction<Row, GenericRecord> {
  private static final long serialVersionUID = 1L;

  private final org.apache.beam.sdk.schemas.Schema beamSchema;
  private final Schema avroSchema;
  private final RecordConverter converter;

  private RowToGenericRecord(org.apache.beam.sdk.schemas.Schema beamSchema, Schema avroSchema) {
    this.beamSchema = beamSchema;
    this.avroSchema = avroSchema;
    this.converter = FieldConverters.forRecord(beamSchema, avroSchema, "");
  }

  /**
   * Converts rows of {@code beamSchema} to the schema {@code HudiAvroSchemas.fromBeamSchema} gives.
   */
  public static RowToGenericRecord forTable(
      org.apache.beam.sdk.schemas.Schema beamSchema, String tableName) {
    return new RowToGenericRecord(
        beamSchema, HudiAvroSchemas.fromBeamSchema(beamSchema, tableName));
  }

  /**
   * Converts rows of {@code beamSchema} to records of {@code avroSchema}, for example a table's
   * existing schema. Fields are matched by name; the Avro schema may add nullable fields, which are
   * written as null. Throws {@link SchemaMappingException} naming the first field whose types do
   * not match.
   */
  public static RowToGenericRecord of(
      org.apache.beam.sdk.schemas.Schema beamSchema, Schema avroSchema) {
    return new RowToGenericRecord(beamSchema, avroSchema);
  }

  public org.apache.beam.sdk.schemas.Schema beamSchema() {
    return beamSchema;
  }

  public Schema avroSchema() {
    return avroSchema;
  }

  @Override
  public GenericRecord apply(Row row) {
    return converter.convert(row);
  }

  private Object writeReplace() {
    return new SerializedForm(beamSchema, avroSchema.toString());
  }

  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw new InvalidObjectException("RowToGenericRecord is serialized through SerializedForm");
  }

  /** What is serialized: the two schemas; the converters are rebuilt on deserialization. */
  private static final class SerializedForm implements Serializable {
    private static final long serialVersionUID = 1L;
    private final org.apache.beam.sdk.schemas.Schema beamSchema;
    private final String avroSchemaJson;

    SerializedForm(org.apache.beam.sdk.schemas.Schema beamSchema, String avroSchemaJson) {
      this.beamSchema = beamSchema;
      this.avroSchemaJson = avroSchemaJson;
    }

    private Object readResolve() {
      return new RowToGenericRecord(beamSchema, new Schema.Parser().parse(avroSchemaJson));
    }
  }
}
