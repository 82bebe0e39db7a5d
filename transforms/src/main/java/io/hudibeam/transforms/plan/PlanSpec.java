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
package io.hudibeam.transforms.plan;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.WriteOperation;
import java.util.Objects;
import org.apache.avro.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What "Profile workload", "Assign buckets" and "Assign inserts" read: the operation, the index and
 * the table type (which decide how records are routed), file sizing, the bucket index's settings
 * (BUCKET only), what completing a pending compaction of a merge-on-read table takes (Parquet
 * settings and compaction memory), the input's schema and the heartbeat.
 *
 * @param location the table
 * @param operation the write operation
 * @param index the index type
 * @param mergeOnRead whether the table is merge-on-read
 * @param fileSizing max file size, small-file limit, record size estimate
 * @param parquet how base files are written
 * @param compactionMemory compaction's memory budget per file slice
 * @param bucket the bucket index, for {@link IndexType#BUCKET}; else null
 * @param schemaJson the input's Avro schema
 * @param heartbeat the heartbeat settings
 */
public record PlanSpec(
    TableLocation location,
    WriteOperation operation,
    IndexType index,
    boolean mergeOnRead,
    FileSizing fileSizing,
    ParquetSettings parquet,
    MergeMemory compactionMemory,
    @Nullable BucketIndex bucket,
    String schemaJson,
    HeartbeatSettings heartbeat)
    implements StageSpec {
  public PlanSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(fileSizing, "fileSizing");
    Objects.requireNonNull(parquet, "parquet");
    Objects.requireNonNull(compactionMemory, "compactionMemory");
    Objects.requireNonNull(schemaJson, "schemaJson");
    Objects.requireNonNull(heartbeat, "heartbeat");
    if (index == IndexType.BUCKET && bucket == null) {
      throw new IllegalArgumentException("the BUCKET index needs its bucket settings");
    }
  }

  public static PlanSpec of(WriteSpec spec) {
    return new PlanSpec(
        spec.location(),
        spec.operation(),
        spec.index(),
        spec.mergeOnRead(),
        spec.fileSizing(),
        spec.parquetSettings(),
        spec.compactionMemory(),
        spec.bucketIndex().orElse(null),
        spec.schemaJson(),
        spec.heartbeatSettings());
  }

  /** The bucket index; only for {@link IndexType#BUCKET}. */
  public BucketIndex bucketIndex() {
    return Objects.requireNonNull(bucket, "the bucket index of a write whose index is " + index);
  }

  public Schema schema() {
    return new Schema.Parser().parse(schemaJson);
  }
}
