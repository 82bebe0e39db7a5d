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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import org.junit.Test;

public class DeduplicationTest {
  @Test
  public void upsertsAndDeletesDeduplicateInTheIndexJoinExceptWithTheBucketIndex() {
    for (WriteOperation operation :
        new WriteOperation[] {WriteOperation.UPSERT, WriteOperation.DELETE}) {
      assertThat(Deduplication.of(operation, IndexType.SIMPLE), is(Deduplication.IN_INDEX_JOIN));
      assertThat(
          Deduplication.of(operation, IndexType.GLOBAL_SIMPLE), is(Deduplication.IN_INDEX_JOIN));
      assertThat(Deduplication.of(operation, IndexType.BLOOM), is(Deduplication.IN_INDEX_JOIN));
      assertThat(Deduplication.of(operation, IndexType.BUCKET), is(Deduplication.BEFORE_TAGGING));
    }
  }

  @Test
  public void insertsKeepDuplicatesWithEveryIndex() {
    for (WriteOperation operation :
        new WriteOperation[] {WriteOperation.INSERT, WriteOperation.BULK_INSERT}) {
      for (IndexType index : IndexType.values()) {
        assertThat(
            operation + " " + index, Deduplication.of(operation, index), is(Deduplication.NONE));
      }
    }
  }
}
