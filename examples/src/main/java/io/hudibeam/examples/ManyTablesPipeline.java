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
import io.hudibeam.table.TableType;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;

/**
 * Applies a change stream of two source tables (op c/r/u/d, ordered by lsn, the source table in
 * {@code table}) to two Hudi tables under a warehouse folder, with one transform: customers
 * (merge-on-read, not partitioned) and orders (copy-on-write, partitioned by country).
 */
public class ManyTablesPipeline {
  static final Schema CHANGES =
      Schema.builder()
          .addStringField("table")
          .addStringField("id")
          .addStringField("country")
          .addStringField("name")
          .addInt64Field("lsn")
          .addStringField("op")
          .build();

  public static void main(String[] args) {
    write("/tmp/hudi-warehouse", changes(), args);
  }

  static Row change(String table, String id, String country, String name, long lsn, String op) {
    return Row.withSchema(CHANGES).addValues(table, id, country, name, lsn, op).build();
  }

  static List<Row> changes() {
    return List.of(
        change("customers", "c-1", "fr", "Ada", 1L, "c"),
        change("customers", "c-2", "no", "Bob", 2L, "c"),
        change("orders", "o-1", "fr", "2 books", 3L, "c"),
        change("orders", "o-2", "no", "1 lamp", 4L, "c"),
        change("customers", "c-1", "fr", "Ada L.", 5L, "u"),
        change("orders", "o-2", "no", "1 lamp", 6L, "d"),
        change("customers", "c-2", "no", "Bob", 7L, "d"));
  }

  static void write(String warehouse, List<Row> changes, String[] args) {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.fromArgs(args).create());
    pipeline
        .apply(Create.of(changes).withRowSchema(CHANGES))
        .apply(
            HudiIO.writeTables()
                .withDestinationField("table") // each change goes to the table it names
                .withTable(
                    "customers",
                    HudiIO.write()
                        .withBasePath(warehouse + "/customers")
                        .withTableName("customers")
                        .withTableType(TableType.MERGE_ON_READ)
                        .withRecordKeyFields("id")
                        .withOrderingField("lsn")
                        .withChangeTypeField("op"))
                .withTable(
                    "orders",
                    HudiIO.write()
                        .withBasePath(warehouse + "/orders")
                        .withTableName("orders")
                        .withRecordKeyFields("id")
                        .withPartitionFields("country")
                        .withOrderingField("lsn")
                        .withChangeTypeField("op")));
    pipeline.run().waitUntilFinish();
  }
}
