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

import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.transforms.ConcurrencyControl;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.WriteOperation;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * What starting an instant reads ("Start instant", and the streaming coordinator that starts one
 * per interval): the table, the config a new table is created with, the operation (a delete never
 * creates a table), the input schema and how it may evolve the table's, and the concurrency control
 * of the start.
 *
 * @param location the table
 * @param tableConfig the requested table config
 * @param operation the write operation
 * @param schemaJson the input's Avro schema, without meta fields
 * @param schemaEvolution how the input's schema may evolve the table's
 * @param control heartbeats, lock, concurrency mode
 */
public record StartSpec(
    TableLocation location,
    TableConfig tableConfig,
    WriteOperation operation,
    String schemaJson,
    SchemaEvolution schemaEvolution,
    ConcurrencyControl control)
    implements StageSpec {
  public StartSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(tableConfig, "tableConfig");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(schemaJson, "schemaJson");
    Objects.requireNonNull(schemaEvolution, "schemaEvolution");
    Objects.requireNonNull(control, "control");
  }

  public static StartSpec of(WriteSpec spec) {
    return new StartSpec(
        spec.location(),
        spec.tableConfig(),
        spec.operation(),
        spec.schemaJson(),
        spec.schemaEvolution(),
        spec.concurrencyControl());
  }

  public HeartbeatSettings heartbeat() {
    return control.heartbeat();
  }

  /** {@code deltacommit} on a merge-on-read table, else {@code commit}. */
  public Action commitAction() {
    return tableConfig.tableType() == TableType.MERGE_ON_READ ? Action.DELTA_COMMIT : Action.COMMIT;
  }

  /** The input's schema. */
  public Schema schema() {
    return new Schema.Parser().parse(schemaJson);
  }
}
