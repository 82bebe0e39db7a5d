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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/** The routing of every index and table type, batch and streaming. */
public class RoutingTest {
  private static PlanSpec spec(TableType type, IndexType index) {
    return PlanSpec.of(
        WriteSpec.builder()
            .basePath("/never-written/trips")
            .tableConfig(
                TableConfig.newTable("trips", type)
                    .recordKeyFields(List.of("uuid"))
                    .partitionFields(List.of("city"))
                    .orderingField("ts")
                    .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
                    .build())
            .keyGenerator(KeyGeneratorConfig.simple("uuid", "city"))
            .orderingField(OrderingField.of("ts"))
            .operation(WriteOperation.UPSERT)
            .index(index)
            .writeProperties(Map.of("hoodie.bucket.index.num.buckets", "4"))
            .schemaJson(TripsData.SCHEMA.toString())
            .failedRecordPolicy(FailedRecordPolicy.FAIL)
            .build());
  }

  private static Routing routing(TableType type, IndexType index, boolean streaming) {
    return Routing.of(spec(type, index), streaming);
  }

  @Test
  public void theBucketIndexRoutesByBucketOnBothPaths() {
    for (boolean streaming : List.of(false, true)) {
      assertThat(
          routing(TableType.COPY_ON_WRITE, IndexType.BUCKET, streaming), is(Routing.BUCKETS));
      assertThat(
          routing(TableType.MERGE_ON_READ, IndexType.BUCKET, streaming),
          is(Routing.BUCKETS_MERGE_ON_READ));
    }
  }

  @Test
  public void aLookUpIndexFillsSmallFilesInBatch() {
    for (IndexType index : List.of(IndexType.SIMPLE, IndexType.GLOBAL_SIMPLE, IndexType.BLOOM)) {
      assertThat(routing(TableType.COPY_ON_WRITE, index, false), is(Routing.SMALL_FILES));
      assertThat(
          routing(TableType.MERGE_ON_READ, index, false), is(Routing.SMALL_FILES_MERGE_ON_READ));
    }
  }

  /**
   * Only a copy-on-write stream assigns inserts as they arrive; a merge-on-read stream plans its
   * inserts with the interval's updates.
   */
  @Test
  public void aCopyOnWriteStreamAssignsInsertsAsTheyArrive() {
    for (IndexType index : List.of(IndexType.SIMPLE, IndexType.GLOBAL_SIMPLE, IndexType.BLOOM)) {
      Routing copyOnWrite = routing(TableType.COPY_ON_WRITE, index, true);
      assertThat(copyOnWrite, is(Routing.UPDATES_PLANNED_INSERTS_ASSIGNED));
      assertThat(copyOnWrite.assignsInsertsAsTheyArrive(), is(true));
      assertThat(copyOnWrite.estimatesRecordSize(), is(false));
      Routing mergeOnRead = routing(TableType.MERGE_ON_READ, index, true);
      assertThat(mergeOnRead, is(Routing.SMALL_FILES_MERGE_ON_READ));
      assertThat(mergeOnRead.assignsInsertsAsTheyArrive(), is(false));
      assertThat(mergeOnRead.estimatesRecordSize(), is(true));
    }
  }
}
