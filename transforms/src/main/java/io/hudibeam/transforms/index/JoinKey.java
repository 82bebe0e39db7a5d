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

import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.io.Serializable;

/**
 * The key incoming records and stored keys are joined on: (record key, partition path) for a
 * partition-local index, the record key alone for a global one.
 */
interface JoinKey<K> extends Serializable {
  K ofRecord(TableRecord record);

  K ofStored(String recordKey, RecordLocation location);

  /** The join key of a SIMPLE or BLOOM index: a key is unique within its partition. */
  static JoinKey<HoodieKey> byHoodieKey() {
    return new ByHoodieKey();
  }

  /** The join key of a GLOBAL_SIMPLE index: a key is unique in the table. */
  static JoinKey<String> byRecordKey() {
    return new ByRecordKey();
  }

  final class ByHoodieKey implements JoinKey<HoodieKey> {
    private static final long serialVersionUID = 1L;

    @Override
    public HoodieKey ofRecord(TableRecord record) {
      return HoodieKey.of(record.recordKey(), record.partitionPath());
    }

    @Override
    public HoodieKey ofStored(String recordKey, RecordLocation location) {
      return HoodieKey.of(recordKey, location.partitionPath());
    }
  }

  final class ByRecordKey implements JoinKey<String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String ofRecord(TableRecord record) {
      return record.recordKey();
    }

    @Override
    public String ofStored(String recordKey, RecordLocation location) {
      return recordKey;
    }
  }
}
