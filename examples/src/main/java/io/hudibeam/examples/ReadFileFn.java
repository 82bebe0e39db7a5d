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
package io.hudibeam.examples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.hadoop.ParquetReader;

/**
 * The records of one JSON, CSV or Parquet file ({@link #RECORDS}), and the lines that are not a
 * valid record, each described with its file and line number ({@link #REJECTS}).
 */
final class ReadFileFn extends DoFn<FileIO.ReadableFile, GenericRecord> {
  private static final long serialVersionUID = 1L;
  static final TupleTag<GenericRecord> RECORDS = new TupleTag<>() {};
  static final TupleTag<String> REJECTS = new TupleTag<>() {};
  private final InputFormat format;
  private final String schemaJson;
  private transient Schema schema;

  ReadFileFn(InputFormat format, String schemaJson) {
    this.format = format;
    this.schemaJson = schemaJson;
  }

  @Setup
  public void setup() {
    schema = new Schema.Parser().parse(schemaJson);
  }

  @ProcessElement
  public void process(@Element FileIO.ReadableFile file, MultiOutputReceiver out)
      throws IOException {
    String name = file.getMetadata().resourceId().toString();
    if (format == InputFormat.PARQUET) {
      Configuration conf = new Configuration(false);
      AvroReadSupport.setAvroReadSchema(conf, schema);
      try (ParquetReader<GenericRecord> reader =
          AvroParquetReader.<GenericRecord>builder(new ChannelInputFile(file.openSeekable()))
              .withConf(conf)
              .build()) {
        for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
          out.get(RECORDS).output(r);
        }
      }
      return;
    }
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(Channels.newInputStream(file.open()), StandardCharsets.UTF_8))) {
      List<String> header =
          format == InputFormat.CSV ? TextRecords.csvHeader(lines.readLine()) : null;
      int number = header == null ? 0 : 1;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        try {
          Map<String, Object> fields =
              header == null ? TextRecords.jsonFields(line) : TextRecords.csvFields(header, line);
          out.get(RECORDS).output(TextRecords.toRecord(schema, fields));
        } catch (BadRecordException e) {
          out.get(REJECTS).output(TextRecords.reject(name + ":" + number, e.getMessage(), line));
        }
      }
    }
  }
}
