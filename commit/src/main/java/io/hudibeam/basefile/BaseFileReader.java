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
package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Reads a Parquet base file (ours or Hudi's): all records with their meta fields, only the record
 * keys, or the footer.
 */
public final class BaseFileReader {
  private final Configuration conf;
  private final Path path;

  private BaseFileReader(Configuration conf, Path path) {
    this.conf = conf;
    this.path = path;
  }

  public static BaseFileReader of(Configuration conf, Path path) {
    return new BaseFileReader(
        Objects.requireNonNull(conf, "conf"), Objects.requireNonNull(path, "path"));
  }

  public Path path() {
    return path;
  }

  /** Reads only the footer. */
  public BaseFileFooter readFooter() {
    try (ParquetFileReader reader = BaseFileInput.of(path, conf).openReader()) {
      ParquetMetadata footer = reader.getFooter();
      FileMetaData fileMetaData = footer.getFileMetaData();
      Map<String, String> keyValues = fileMetaData.getKeyValueMetaData();
      long rowCount = 0;
      for (BlockMetaData block : footer.getBlocks()) {
        rowCount += block.getRowCount();
      }
      String avroSchemaJson = keyValues.get(FooterKeys.AVRO_SCHEMA);
      Schema avroSchema =
          avroSchemaJson != null
              ? new Schema.Parser().parse(avroSchemaJson)
              : new AvroSchemaConverter(conf).convert(fileMetaData.getSchema());
      return new BaseFileFooter(avroSchema, rowCount, keyValues);
    } catch (IOException | RuntimeException e) {
      throw new HudiTableException(
          "Cannot read the Parquet footer of base file " + path + ": " + e, e);
    }
  }

  /** All records, in file order, with the file's schema (strings come back as Avro Utf8). */
  public List<GenericRecord> readRecords() {
    List<GenericRecord> records = new ArrayList<>();
    forEachRecord(records::add);
    return records;
  }

  /** Streams all records in file order without holding them in memory. */
  public void forEachRecord(Consumer<GenericRecord> consumer) {
    read(conf, consumer);
  }

  /** The record keys in file order, reading only the {@code _hoodie_record_key} column. */
  public List<String> readRecordKeys() {
    List<String> keys = new ArrayList<>();
    forEachRecordKey(keys::add);
    return keys;
  }

  /**
   * Streams the record keys in file order, reading only the {@code _hoodie_record_key} column,
   * without holding them in memory.
   */
  public void forEachRecordKey(Consumer<String> consumer) {
    Configuration projected = new Configuration(conf);
    Schema projection =
        Schema.createRecord(
            "record_key_projection",
            null,
            "io.hudibeam.basefile",
            false,
            Collections.singletonList(
                new Schema.Field(
                    MetaFields.RECORD_KEY.fieldName(),
                    Schema.createUnion(
                        Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)),
                    "",
                    JsonProperties.NULL_VALUE)));
    AvroReadSupport.setRequestedProjection(projected, projection);
    AvroReadSupport.setAvroReadSchema(projected, projection);
    long[] index = {0};
    read(
        projected,
        record -> {
          Object key = record.get(0);
          if (key == null) {
            throw new HudiTableException(
                "Base file "
                    + path
                    + " has a row with null "
                    + MetaFields.RECORD_KEY.fieldName()
                    + " at index "
                    + index[0]);
          }
          index[0]++;
          consumer.accept(key.toString());
        });
  }

  private void read(Configuration readConf, Consumer<GenericRecord> consumer) {
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(BaseFileInput.of(path, readConf))
            .withDataModel(GenericData.get())
            .withConf(readConf)
            .build()) {
      for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
        consumer.accept(record);
      }
    } catch (IOException e) {
      throw new HudiTableException("Cannot read records of base file " + path + ": " + e, e);
    }
  }
}
