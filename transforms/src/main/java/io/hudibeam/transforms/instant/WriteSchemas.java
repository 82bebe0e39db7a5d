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
package io.hudibeam.transforms.instant;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.commit.TableSchemas;
import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.write.WriteOperation;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;

/**
 * The schema base files are written with and the commit records. Decided once, when the instant is
 * started ({@link #decide}), and carried to every stage in the {@link StartedInstant}: deletes may
 * carry only keys, so a delete writes with the table's current schema; every other operation writes
 * the schema {@link SchemaEvolution} derives from the table's and the input's, or is refused there,
 * before anything is written.
 */
public final class WriteSchemas {
  private WriteSchemas() {}

  /**
   * The write schema of a write about to start.
   *
   * @throws io.hudibeam.schema.SchemaEvolutionException when the input's schema is not compatible
   *     with the table's
   */
  public static Schema decide(StartSpec spec, FileSystem fs) {
    Optional<Schema> table =
        TableSchemas.latestIfTableExists(fs, spec.paths())
            .map(json -> new Schema.Parser().parse(json));
    if (spec.operation() == WriteOperation.DELETE) {
      return table.orElse(spec.schema());
    }
    return spec.schemaEvolution().writerSchema(spec.paths().toString(), table, spec.schema());
  }

  /**
   * The write schema of a started instant (the input's, {@code inputSchemaJson}, if none was
   * decided).
   */
  public static Schema of(StartedInstant started, String inputSchemaJson) {
    return new Schema.Parser().parse(started.writeSchema().orElse(inputSchemaJson));
  }
}
