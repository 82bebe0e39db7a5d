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

import io.hudibeam.HudiIO;
import io.hudibeam.write.WriteOperation;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;

/** Upserts two trips into the Hudi table at /tmp/hudi-minimal (created if missing). */
public class MinimalPipeline {
  static final Schema TRIPS =
      Schema.builder()
          .addStringField("uuid")
          .addStringField("city")
          .addInt64Field("ts")
          .addDoubleField("fare")
          .build();

  public static void main(String[] args) {
    write("/tmp/hudi-minimal", args);
  }

  static void write(String basePath, String[] args) {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.fromArgs(args).create());
    pipeline
        .apply(
            Create.of(
                    Row.withSchema(TRIPS).addValues("trip-1", "paris", 1L, 12.5).build(),
                    Row.withSchema(TRIPS).addValues("trip-2", "oslo", 2L, 30.0).build())
                .withRowSchema(TRIPS))
        .apply(
            HudiIO.write()
                .withBasePath(basePath)
                .withTableName("trips")
                .withRecordKeyFields("uuid")
                .withPartitionFields("city")
                .withOrderingField("ts")
                .withOperation(WriteOperation.UPSERT));
    pipeline.run().waitUntilFinish();
  }
}
