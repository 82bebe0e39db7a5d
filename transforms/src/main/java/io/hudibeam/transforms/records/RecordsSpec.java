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
package io.hudibeam.transforms.records;

import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.transforms.Deduplication;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.ChangeTypes;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * What "Prepare records" reads: how keys are generated, the ordering field, the operation and the
 * index (which decide where duplicates are dropped), what becomes of a record that fails, the
 * input's schema, and the heartbeat it refreshes.
 *
 * @param location the table
 * @param keyGenerator record key and partition path of a record
 * @param orderingField the precombine field, if any
 * @param changeTypes which records delete their key ({@code _hoodie_is_deleted}, change types)
 * @param operation the write operation
 * @param index the index type
 * @param failedRecordPolicy fail the write or output the failed records
 * @param schemaJson the input's Avro schema
 * @param heartbeat the heartbeat settings
 * @param memory the budget of one key shard's records on the heap ({@code hoodie.memory.merge.*};
 *     the rest spills to local disk)
 */
public record RecordsSpec(
    TableLocation location,
    KeyGeneratorConfig keyGenerator,
    OrderingField orderingField,
    ChangeTypes changeTypes,
    WriteOperation operation,
    IndexType index,
    FailedRecordPolicy failedRecordPolicy,
    String schemaJson,
    HeartbeatSettings heartbeat,
    MergeMemory memory)
    implements StageSpec {
  public RecordsSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(keyGenerator, "keyGenerator");
    Objects.requireNonNull(orderingField, "orderingField");
    Objects.requireNonNull(changeTypes, "changeTypes");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(failedRecordPolicy, "failedRecordPolicy");
    Objects.requireNonNull(schemaJson, "schemaJson");
    Objects.requireNonNull(heartbeat, "heartbeat");
    Objects.requireNonNull(memory, "memory");
  }

  public static RecordsSpec of(WriteSpec spec) {
    return new RecordsSpec(
        spec.location(),
        spec.keyGenerator(),
        spec.orderingField(),
        spec.changeTypes(),
        spec.operation(),
        spec.index(),
        spec.failedRecordPolicy(),
        spec.schemaJson(),
        spec.heartbeatSettings(),
        spec.mergeMemory());
  }

  /** Where upserts and deletes keep one record per key. */
  public Deduplication deduplication() {
    return Deduplication.of(operation, index);
  }

  public Schema schema() {
    return new Schema.Parser().parse(schemaJson);
  }
}
