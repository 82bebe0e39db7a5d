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
package io.hudibeam.transforms;

import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;

/**
 * Where a write keeps one incoming record per key (the one with the larger ordering value), as
 * Hudi's upsert and delete combine records before writing. Both places group by key shard; doing it
 * inside the index join saves a shuffle of the batch.
 */
public enum Deduplication {
  /** Inserts and bulk inserts keep duplicates, as Hudi's insert does. */
  NONE,
  /** PrepareRecords groups by key shard: the bucket index tags records without a join. */
  BEFORE_TAGGING,
  /**
   * TagLocations' join by key shard, which already holds all incoming records of a key together.
   */
  IN_INDEX_JOIN;

  public static Deduplication of(WriteOperation operation, IndexType index) {
    if (operation != WriteOperation.UPSERT && operation != WriteOperation.DELETE) {
      return NONE;
    }
    return index == IndexType.BUCKET ? BEFORE_TAGGING : IN_INDEX_JOIN;
  }
}
