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
package io.hudibeam.transforms.bootstrap;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.bootstrap.SourceFile;
import io.hudibeam.bootstrap.SourceRecords;
import io.hudibeam.transforms.TableLocation;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * "Read source files": the source files (path and partition folder) are spread over the workers,
 * one element each, and each file's rows come out as records of the bootstrap schema. A file
 * without a record key field, or whose fields do not fit the schema, fails the read, named.
 */
public final class ReadSourceFiles
    extends PTransform<PCollection<KV<String, String>>, PCollection<GenericRecord>> {
  private static final long serialVersionUID = 1L;
  private final TableLocation location;
  private final String schemaJson;
  private final List<String> recordKeyFields;
  private final List<String> partitionFields;

  /**
   * @param location the table, whose Hadoop settings open the source files
   * @param schemaJson the bootstrap schema ({@link SourceRecords#bootstrapSchema})
   * @param recordKeyFields the record key fields every file must hold
   * @param partitionFields the partition fields, from the files or their folders
   */
  public ReadSourceFiles(
      TableLocation location,
      String schemaJson,
      List<String> recordKeyFields,
      List<String> partitionFields) {
    this.location = location;
    this.schemaJson = schemaJson;
    this.recordKeyFields = List.copyOf(recordKeyFields);
    this.partitionFields = List.copyOf(partitionFields);
  }

  @Override
  public PCollection<GenericRecord> expand(PCollection<KV<String, String>> files) {
    Schema schema = new Schema.Parser().parse(schemaJson);
    return files
        .apply("Spread files", Reshuffle.viaRandomKey())
        .apply(
            "Read files",
            ParDo.of(new ReadFileFn(location, schemaJson, recordKeyFields, partitionFields)))
        .setCoder(AvroCoder.of(GenericRecord.class, schema));
  }

  static final class ReadFileFn extends DoFn<KV<String, String>, GenericRecord> {
    private static final long serialVersionUID = 1L;
    private final TableLocation location;
    private final String schemaJson;
    private final List<String> recordKeyFields;
    private final List<String> partitionFields;
    private final Counter filesRead = Metrics.counter(ReadSourceFiles.class, "sourceFilesRead");
    private final Counter rowsRead = Metrics.counter(ReadSourceFiles.class, "sourceRowsRead");
    private transient Schema schema;
    private transient Configuration conf;

    ReadFileFn(
        TableLocation location,
        String schemaJson,
        List<String> recordKeyFields,
        List<String> partitionFields) {
      this.location = location;
      this.schemaJson = schemaJson;
      this.recordKeyFields = recordKeyFields;
      this.partitionFields = partitionFields;
    }

    @Setup
    public void setup() {
      schema = new Schema.Parser().parse(schemaJson);
      conf = location.hadoopConfiguration();
    }

    @ProcessElement
    public void process(@Element KV<String, String> file, OutputReceiver<GenericRecord> out) {
      SourceFile source = new SourceFile(file.getKey(), file.getValue());
      BaseFileReader reader = BaseFileReader.of(conf, new Path(source.path()));
      SourceRecords records =
          SourceRecords.of(
              source, reader.readFooter().avroSchema(), schema, recordKeyFields, partitionFields);
      reader.forEachRecord(
          r -> {
            out.output(records.toBootstrapRecord(r));
            rowsRead.inc();
          });
      filesRead.inc();
    }
  }
}
