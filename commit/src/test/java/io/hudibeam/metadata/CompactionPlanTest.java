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
package io.hudibeam.metadata;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hudi.avro.model.HoodieCompactionOperation;
import org.apache.hudi.avro.model.HoodieCompactionPlan;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Test;

/**
 * The compaction plan as Hudi 0.15 reads it ({@code
 * TimelineMetadataUtils.deserializeCompactionPlan}), and back.
 */
public class CompactionPlanTest {
  private static final CompactionOperation WITH_BASE =
      new CompactionOperation(
          "san_francisco",
          "3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0",
          "20261129114637990",
          Optional.of("3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0_0-18-37_20261129114637990.parquet"),
          List.of(
              ".3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0_20261129114637990.log.2_1-2-3",
              ".3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0_20261129114637990.log.1_0-22-38"),
          Map.of("TOTAL_LOG_FILES", 2.0));
  private static final CompactionOperation LOGS_ONLY =
      new CompactionOperation(
          "",
          "0b6f3c1d-1111-4e2e-8f00-aa55aa55aa55-0",
          "20261129114708235",
          Optional.empty(),
          List.of(".0b6f3c1d-1111-4e2e-8f00-aa55aa55aa55-0_20261129114708235.log.1_0-1-2"),
          Map.of());

  @Test
  public void hudiReadsOurPlanAndWeReadItBack() throws Exception {
    CompactionPlan plan = CompactionPlan.of(List.of(WITH_BASE, LOGS_ONLY));
    byte[] bytes = plan.toBytes();
    HoodieCompactionPlan hudi = TimelineMetadataUtils.deserializeCompactionPlan(bytes);
    assertThat(hudi.getVersion(), is(2));
    assertThat(hudi.getOperations().size(), is(2));
    HoodieCompactionOperation first = hudi.getOperations().get(0);
    assertThat(first.getPartitionPath(), is("san_francisco"));
    assertThat(first.getFileId(), is(WITH_BASE.fileId()));
    assertThat(first.getBaseInstantTime(), is("20261129114637990"));
    assertThat(first.getDataFilePath(), is(WITH_BASE.dataFileName().get()));
    assertThat(first.getDeltaFilePaths(), is(WITH_BASE.deltaFileNames()));
    assertThat(first.getMetrics(), is(Map.of("TOTAL_LOG_FILES", 2.0)));
    assertThat(hudi.getOperations().get(1).getDataFilePath(), is((String) null));
    assertThat(CompactionPlan.fromBytes(bytes, "plan"), is(plan));
  }

  @Test
  public void aPlanHudiWroteIsReadAndVersionOneIsRefused() throws Exception {
    HoodieCompactionPlan hudi =
        HoodieCompactionPlan.newBuilder()
            .setOperations(
                List.of(
                    HoodieCompactionOperation.newBuilder()
                        .setPartitionPath("p")
                        .setFileId("aaaa-0")
                        .setBaseInstantTime("20260101000000000")
                        .setDataFilePath("aaaa-0_0-1-2_20260101000000000.parquet")
                        .setDeltaFilePaths(List.of(".aaaa-0_20260101000000000.log.1_0-1-2"))
                        .build()))
            .setVersion(2)
            .build();
    CompactionPlan plan =
        CompactionPlan.fromBytes(
            TimelineMetadataUtils.serializeCompactionPlan(hudi).get(), "hudi plan");
    assertThat(
        plan.operations().get(0).dataFileName(),
        is(Optional.of("aaaa-0_0-1-2_20260101000000000.parquet")));
    assertThat(
        plan.operations().get(0).deltaFileNames(),
        is(List.of(".aaaa-0_20260101000000000.log.1_0-1-2")));
    hudi.setVersion(1);
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CompactionPlan.fromBytes(
                    TimelineMetadataUtils.serializeCompactionPlan(hudi).get(), "old plan"));
    assertThat(e.getMessage(), containsString("compaction plan version 1 is not supported"));
  }
}
