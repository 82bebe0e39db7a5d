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
package io.hudibeam.transforms.commit;

import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.transforms.ConcurrencyControl;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.OperationTypes;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WriteTransaction;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * What "Commit instant" reads: the operation its commit records, the input's schema (recorded when
 * the instant decided none), and the concurrency control of the commit (conflict check, lock,
 * heartbeat).
 *
 * @param location the table
 * @param operation the write operation
 * @param schemaJson the input's Avro schema
 * @param control heartbeats, lock, concurrency mode
 * @param operationType the operation type the commit records: the write operation's, or {@code
 *     bootstrap} for a METADATA_ONLY bootstrap
 */
public record CommitSpec(
    TableLocation location,
    WriteOperation operation,
    String schemaJson,
    ConcurrencyControl control,
    OperationType operationType)
    implements StageSpec {
  public CommitSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(schemaJson, "schemaJson");
    Objects.requireNonNull(control, "control");
    Objects.requireNonNull(operationType, "operationType");
  }

  public static CommitSpec of(WriteSpec spec) {
    return new CommitSpec(
        spec.location(),
        spec.operation(),
        spec.schemaJson(),
        spec.concurrencyControl(),
        OperationTypes.of(spec.operation()));
  }

  /** This spec with its commits recording {@code type} as their operation type. */
  public CommitSpec withOperationType(OperationType type) {
    return new CommitSpec(location, operation, schemaJson, control, type);
  }

  public HeartbeatSettings heartbeat() {
    return control.heartbeat();
  }

  /** The write transaction whose commit this stage runs. */
  public WriteTransaction transaction(Configuration conf, FileSystem fs) {
    return control.transaction(conf, fs, paths());
  }
}
