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
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;

/** Applies Debezium-style changes (op c/r/u/d, ordered by lsn) to the Hudi table at a path. */
public class ChangeStreamPipeline {
  static final Schema CUSTOMERS =
      Schema.builder()
          .addStringField("id")
          .addStringField("name")
          .addInt64Field("lsn")
          .addStringField("op")
          .build();

  public static void main(String[] args) {
    write("/tmp/hudi-customers", changes(), args);
  }

  static List<Row> changes() {
    return List.of(
        Row.withSchema(CUSTOMERS).addValues("c-1", "Ada", 1L, "c").build(),
        Row.withSchema(CUSTOMERS).addValues("c-2", "Bob", 2L, "c").build(),
        Row.withSchema(CUSTOMERS).addValues("c-1", "Ada L.", 3L, "u").build(),
        Row.withSchema(CUSTOMERS).addValues("c-2", "Bob", 4L, "d").build());
  }

  static void write(String basePath, List<Row> changes, String[] args) {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.fromArgs(args).create());
    pipeline
        .apply(Create.of(changes).withRowSchema(CUSTOMERS))
        .apply(
            HudiIO.write()
                .withBasePath(basePath)
                .withTableName("customers")
                .withRecordKeyFields("id")
                .withOrderingField("lsn")
                .withChangeTypeField("op")); // c, r, u: upsert; d: delete; latest lsn wins
    pipeline.run().waitUntilFinish();
  }
}
