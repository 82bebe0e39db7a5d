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

import io.hudibeam.bootstrap.SourceFile;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.skeleton.SkeletonFile;
import io.hudibeam.skeleton.SkeletonFileWriter;
import io.hudibeam.transforms.instant.InstantHeartbeat;
import io.hudibeam.transforms.write.FilesSpec;
import io.hudibeam.transforms.write.WriteTokens;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * "Write skeleton files" of a METADATA_ONLY bootstrap: the source files (path and partition folder)
 * are spread over the workers, one element each, and each gets its skeleton file in a new file
 * group ({@link SkeletonFileWriter}), at the started metadata bootstrap instant.
 */
public final class WriteSkeletonFiles
    extends PTransform<PCollection<KV<String, String>>, PCollection<SkeletonFile>> {
  private static final long serialVersionUID = 1L;
  private final FilesSpec spec;
  private final KeyGeneratorConfig keyGenerator;
  private final String schemaJson;
  private final List<String> recordKeyFields;
  private final List<String> partitionFields;
  private final PCollectionView<StartedInstant> started;

  /**
   * @param spec the table and its Parquet settings
   * @param keyGenerator the record keys' generator
   * @param schemaJson the bootstrap schema ({@code SourceRecords.bootstrapSchema})
   * @param recordKeyFields the record key fields every file must hold
   * @param partitionFields the partition fields, from the files or their folders
   * @param started the metadata bootstrap instant
   */
  public WriteSkeletonFiles(
      FilesSpec spec,
      KeyGeneratorConfig keyGenerator,
      String schemaJson,
      List<String> recordKeyFields,
      List<String> partitionFields,
      PCollectionView<StartedInstant> started) {
    this.spec = spec;
    this.keyGenerator = keyGenerator;
    this.schemaJson = schemaJson;
    this.recordKeyFields = List.copyOf(recordKeyFields);
    this.partitionFields = List.copyOf(partitionFields);
    this.started = started;
  }

  @Override
  public PCollection<SkeletonFile> expand(PCollection<KV<String, String>> files) {
    return files
        .apply("Spread files", Reshuffle.viaRandomKey())
        .apply("Write skeleton files", ParDo.of(new SkeletonFn(this)).withSideInputs(started))
        .setCoder(SkeletonFileCoder.of());
  }

  static final class SkeletonFn extends DoFn<KV<String, String>, SkeletonFile> {
    private static final long serialVersionUID = 1L;
    private final WriteSkeletonFiles t;
    private final Counter files = Metrics.counter(WriteSkeletonFiles.class, "skeletonFilesWritten");
    private final Counter rows = Metrics.counter(WriteSkeletonFiles.class, "skeletonRowsWritten");
    private transient Configuration conf;
    private transient FileSystem fs;
    private transient Schema schema;
    private transient KeyGenerator keys;
    private transient InstantHeartbeat heartbeat;

    SkeletonFn(WriteSkeletonFiles t) {
      this.t = t;
    }

    @Setup
    public void setup() {
      conf = t.spec.hadoopConfiguration();
      fs = t.spec.fileSystem(conf);
      schema = new Schema.Parser().parse(t.schemaJson);
      keys = KeyGenerator.of(t.keyGenerator);
      heartbeat = InstantHeartbeat.of(t.spec.paths(), t.spec.heartbeat(), fs);
    }

    @ProcessElement
    public void process(@Element KV<String, String> file, ProcessContext c) {
      StartedInstant instant = c.sideInput(t.started);
      heartbeat.refresh(instant);
      try {
        SkeletonFile written =
            new SkeletonFileWriter(
                    conf,
                    fs,
                    t.spec.paths(),
                    instant.instantTime(),
                    WriteTokens.newToken(),
                    t.spec.parquet(),
                    keys)
                .write(
                    new SourceFile(file.getKey(), file.getValue()),
                    schema,
                    t.recordKeyFields,
                    t.partitionFields);
        files.inc();
        rows.inc(written.stat().numWrites());
        c.output(written);
      } catch (RuntimeException | Error e) {
        heartbeat.releaseAfterFailure(e);
        throw e;
      }
    }
  }
}
