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
package io.hudibeam.transforms.write;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.transforms.ConcurrencyControl;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WriteTransaction;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * What "Write file groups" and "Bulk insert files" read: the operation and the ordering field
 * (which decide how a merge keeps records), how base files are written, the merge's memory budget,
 * the input's schema, and the concurrency control of the write transaction whose writers they run.
 *
 * @param location the table
 * @param operation the write operation
 * @param orderingField the precombine field, if any
 * @param parquet how base files are written
 * @param mergeMemory the merge handle's memory budget
 * @param logBlockMaxBytes encoded bytes at which an append handle cuts a log data block ({@code
 *     hoodie.logfile.data.block.max.size})
 * @param schemaJson the input's Avro schema
 * @param control heartbeats, lock, concurrency mode
 */
public record FilesSpec(
    TableLocation location,
    WriteOperation operation,
    OrderingField orderingField,
    ParquetSettings parquet,
    MergeMemory mergeMemory,
    long logBlockMaxBytes,
    String schemaJson,
    ConcurrencyControl control)
    implements StageSpec {
  public FilesSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(orderingField, "orderingField");
    Objects.requireNonNull(parquet, "parquet");
    Objects.requireNonNull(mergeMemory, "mergeMemory");
    Objects.requireNonNull(schemaJson, "schemaJson");
    Objects.requireNonNull(control, "control");
  }

  public static FilesSpec of(WriteSpec spec) {
    return new FilesSpec(
        spec.location(),
        spec.operation(),
        spec.orderingField(),
        spec.parquetSettings(),
        spec.mergeMemory(),
        spec.logBlockMaxBytes(),
        spec.schemaJson(),
        spec.concurrencyControl());
  }

  public HeartbeatSettings heartbeat() {
    return control.heartbeat();
  }

  /** The write transaction whose file group writers this stage runs. */
  public WriteTransaction transaction(Configuration conf, FileSystem fs) {
    return control.transaction(conf, fs, paths());
  }

  public Schema schema() {
    return new Schema.Parser().parse(schemaJson);
  }
}
