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
package io.hudibeam.transforms.index;

import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.Objects;
import org.apache.avro.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What "Tag locations" reads: the index type and the operation (which pick the strategy, {@link
 * IndexStage#of}), the ordering field that keeps one record per key, the input's schema, the bucket
 * index's settings (BUCKET only) and the heartbeat the listing refreshes.
 *
 * @param location the table
 * @param index the index type
 * @param operation the write operation
 * @param orderingField the precombine field, if any
 * @param schemaJson the input's Avro schema
 * @param bucket the bucket index, for {@link IndexType#BUCKET}; else null
 * @param heartbeat the heartbeat settings
 * @param memory the budget of one key shard's records on the heap ({@code hoodie.memory.merge.*};
 *     the rest spills to local disk)
 */
public record IndexSpec(
    TableLocation location,
    IndexType index,
    WriteOperation operation,
    OrderingField orderingField,
    String schemaJson,
    @Nullable BucketIndex bucket,
    HeartbeatSettings heartbeat,
    MergeMemory memory)
    implements StageSpec {
  public IndexSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(orderingField, "orderingField");
    Objects.requireNonNull(schemaJson, "schemaJson");
    Objects.requireNonNull(heartbeat, "heartbeat");
    Objects.requireNonNull(memory, "memory");
    if (index == IndexType.BUCKET && bucket == null) {
      throw new IllegalArgumentException("the BUCKET index needs its bucket settings");
    }
  }

  public static IndexSpec of(WriteSpec spec) {
    return new IndexSpec(
        spec.location(),
        spec.index(),
        spec.operation(),
        spec.orderingField(),
        spec.schemaJson(),
        spec.bucketIndex().orElse(null),
        spec.heartbeatSettings(),
        spec.mergeMemory());
  }

  /** The bucket index; only for {@link IndexType#BUCKET}. */
  public BucketIndex bucketIndex() {
    return Objects.requireNonNull(bucket, "the bucket index of a write whose index is " + index);
  }

  public Schema schema() {
    return new Schema.Parser().parse(schemaJson);
  }
}
