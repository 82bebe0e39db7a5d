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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.AvroSchemaUtils;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.internal.schema.InternalSchema;
import org.apache.hudi.internal.schema.Types;
import org.apache.hudi.internal.schema.convert.AvroInternalSchemaConverter;
import org.apache.hudi.io.hadoop.HoodieAvroParquetReader;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Conformance: records converted from Beam rows, written to Parquet with parquet-avro under Hudi's
 * meta fields, are read back by Hudi 0.15's own Parquet reader with the same schema and values, and
 * Hudi's value and schema layers interpret decimal fixed, date and timestamp-micros.
 */
public class HudiReadsConvertedRecordsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static GenericRecord withMetaFields(GenericRecord data, Schema fileSchema, String key) {
    GenericRecord record = new GenericData.Record(fileSchema);
    record.put("_hoodie_commit_time", "20240301123456789");
    record.put("_hoodie_commit_seqno", "20240301123456789_0_" + key);
    record.put("_hoodie_record_key", key);
    record.put("_hoodie_partition_path", "");
    record.put("_hoodie_file_name", "f.parquet");
    for (Schema.Field field : data.getSchema().getFields()) {
      record.put(field.name(), data.get(field.pos()));
    }
    return record;
  }

  /** Each field's name and type, without the names of record and fixed types. */
  private static List<String> fieldTypesWithoutNames(Schema record) {
    List<String> types = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      String type =
          field
              .schema()
              .toString()
              .replaceAll(
                  "\"type\":\"(record|fixed)\",\"name\":\"[^\"]*\"(,\"namespace\":\"[^\"]*\")?",
                  "\"type\":\"$1\"");
      types.add(field.name() + "=" + type);
    }
    return types;
  }

  @Test
  public void hudisParquetReaderReadsEveryMappedType() throws IOException {
    RowToGenericRecord converter = RowToGenericRecord.forTable(AllTypes.SCHEMA, "all");
    Schema fileSchema = HoodieAvroUtils.addMetadataFields(converter.avroSchema());
    List<GenericRecord> written = new ArrayList<>();
    written.add(withMetaFields(converter.apply(AllTypes.full("r1")), fileSchema, "r1"));
    written.add(withMetaFields(converter.apply(AllTypes.sparse("r2")), fileSchema, "r2"));

    File file = new File(tmp.getRoot(), "f.parquet");
    Configuration conf = new Configuration();
    // nullable array elements need parquet's 3-level lists; parquet-avro defaults to 2-level ones
    conf.setBoolean("parquet.avro.write-old-list-structure", false);
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(new Path(file.toURI()), conf))
            .withSchema(fileSchema)
            .withConf(conf)
            .build()) {
      for (GenericRecord record : written) {
        writer.write(record);
      }
    }

    HoodieHadoopStorage storage = new HoodieHadoopStorage(tmp.getRoot().toURI().toString(), conf);
    List<GenericRecord> read = new ArrayList<>();
    try (HoodieAvroParquetReader reader =
        new HoodieAvroParquetReader(storage, new StoragePath(file.toURI()))) {
      // Hudi derives a file's schema from the Parquet types (ParquetUtils.readAvroSchema), not from
      // the Avro schema in the footer: names of nested records and fixeds are lost, types are kept
      Schema derived = reader.getSchema();
      assertThat(
          AvroSchemaUtils.isSchemaCompatible(fileSchema, derived, false, false), equalTo(true));
      assertThat(fieldTypesWithoutNames(derived), equalTo(fieldTypesWithoutNames(fileSchema)));
      assertThat(
          derived.getField("amount").schema().getLogicalType(),
          equalTo(LogicalTypes.decimal(38, 18)));
      assertThat(derived.getField("amount").schema().getFixedSize(), equalTo(16));
      assertThat(
          derived.getField("ts").schema().getLogicalType(),
          equalTo(LogicalTypes.timestampMicros()));
      assertThat(reader.getTotalRecords(), equalTo(2L));
      try (ClosableIterator<IndexedRecord> it =
          reader.getIndexedRecordIterator(fileSchema, fileSchema)) {
        while (it.hasNext()) {
          read.add((GenericRecord) it.next());
        }
      }
    }

    assertThat(read.size(), equalTo(2));
    for (int k = 0; k < written.size(); k++) {
      assertThat(read.get(k).toString(), equalTo(written.get(k).toString()));
    }
    GenericRecord full = read.get(0);
    // Hudi's own value conversion (used for record keys, partition paths and ordering values)
    assertThat(
        HoodieAvroUtils.getNestedFieldVal(full, "amount", false, false),
        equalTo(new BigDecimal("-12345.678000000000000000")));
    assertThat(
        HoodieAvroUtils.getNestedFieldVal(full, "price", false, false),
        equalTo(new BigDecimal("99.99")));
    assertThat(
        HoodieAvroUtils.getNestedFieldVal(full, "day", false, false),
        equalTo(java.time.LocalDate.parse("2024-03-01")));
    assertThat(
        HoodieAvroUtils.getNestedFieldVal(full, "ts", false, false), equalTo(1709296496123456L));
    assertThat(
        HoodieAvroUtils.getNestedFieldVal(full, "address.street", false, false).toString(),
        equalTo("Main St"));
    assertThat(
        HoodieAvroUtils.getNestedFieldVal(read.get(1), "opt_amount", true, false), equalTo(null));
  }

  @Test
  public void hudisInternalSchemaSeesTheLogicalTypes() {
    InternalSchema internal =
        AvroInternalSchemaConverter.convert(HudiAvroSchemas.fromBeamSchema(AllTypes.SCHEMA, "all"));

    assertThat(internal.findType("amount"), equalTo(Types.DecimalType.get(38, 18)));
    assertThat(internal.findType("price"), equalTo(Types.DecimalType.get(10, 2)));
    assertThat(internal.findType("ts"), equalTo(Types.TimestampType.get()));
    assertThat(internal.findType("joda_ts"), equalTo(Types.TimestampType.get()));
    assertThat(internal.findType("day"), equalTo(Types.DateType.get()));
    assertThat(internal.findType("items.element.price"), equalTo(Types.DecimalType.get(10, 2)));
    assertThat(internal.findField("note").isOptional(), equalTo(true));
    assertThat(internal.findField("id").isOptional(), equalTo(false));
    assertThat(
        Arrays.asList(internal.findType("b"), internal.findType("l"), internal.findType("raw")),
        equalTo(Arrays.asList(Types.IntType.get(), Types.LongType.get(), Types.BinaryType.get())));
  }
}
