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

import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.write.RecordOperation;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import java.io.Serializable;
import org.apache.avro.generic.GenericRecord;

/**
 * Keys a write's records with the table's key generator: each becomes a {@link TableRecord} with
 * its record key and partition path, a delete when the write deletes or its change type says so.
 * Shared by the "Prepare records" step's two key-generating DoFns and by a write of a table's
 * instant in one worker.
 */
public final class RecordKeying implements Serializable {
  private static final long serialVersionUID = 1L;
  private final RecordsSpec spec;
  private transient KeyGenerator keyGenerator;

  public RecordKeying(RecordsSpec spec) {
    this.spec = spec;
  }

  /** The record with its key and partition path; throws if the key generator cannot key it. */
  public TableRecord key(GenericRecord record) {
    if (keyGenerator == null) {
      keyGenerator = KeyGenerator.of(spec.keyGenerator());
    }
    HoodieKey key = keyGenerator.keyOf(record);
    if (spec.operation() == WriteOperation.DELETE) {
      return TableRecord.delete(key.recordKey(), key.partitionPath(), record);
    }
    spec.orderingField().requireValue(record, key.recordKey());
    // A change stream's delete (_hoodie_is_deleted, or its change type) keeps its record and
    // with it its ordering value: it competes with the key's other changes by ordering value.
    if (spec.changeTypes().operationOf(record, key.recordKey()) == RecordOperation.DELETE) {
      return TableRecord.delete(key.recordKey(), key.partitionPath(), record);
    }
    return TableRecord.upsert(key.recordKey(), key.partitionPath(), record);
  }

  public HudiTableException failure(GenericRecord record, HudiTableException e) {
    return new HudiTableException(
        "Record cannot be written to "
            + spec.basePath()
            + ": "
            + e.getMessage()
            + "; nothing was committed. Record: "
            + record
            + ". Use withFailedRecordsOutput() to write the other records and get this one in"
            + " the failed-records output.",
        e);
  }
}
