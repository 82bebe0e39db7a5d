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
package io.hudibeam.examples.bench;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertThrows;

import io.hudibeam.examples.bench.WriteBenchmark.Workload;
import org.junit.Test;

/** The benchmark's workload list: a workload that writes into another's table needs it first. */
public class WriteBenchmarkWorkloadsTest {
  @Test
  public void workloadsThatCreateTheirTablesFirstAreTakenInOrder() {
    assertThat(
        WriteBenchmark.workloads(
            "bulk_insert,insert,upsert,delete,mor_insert,mor_upsert,mor_compact"),
        contains(
            Workload.BULK_INSERT,
            Workload.INSERT,
            Workload.UPSERT,
            Workload.DELETE,
            Workload.MOR_INSERT,
            Workload.MOR_UPSERT,
            Workload.MOR_COMPACT));
    assertThat(
        WriteBenchmark.workloads(" insert , upsert"), contains(Workload.INSERT, Workload.UPSERT));
  }

  @Test
  public void anUpsertWithoutTheInsertThatCreatesItsTableIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> WriteBenchmark.workloads("bulk_insert,upsert"));
    assertThat(e.getMessage(), containsString("--workloads=bulk_insert,upsert"));
    assertThat(e.getMessage(), containsString("upsert writes into the table that insert creates"));
    assertThrows(IllegalArgumentException.class, () -> WriteBenchmark.workloads("upsert,insert"));
    IllegalArgumentException mor =
        assertThrows(
            IllegalArgumentException.class, () -> WriteBenchmark.workloads("insert,mor_upsert"));
    assertThat(mor.getMessage(), containsString("mor_insert"));
  }
}
