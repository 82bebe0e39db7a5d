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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.hudi.common.fs.FSUtils;
import org.junit.Test;

/**
 * The write suite on the FlinkRunner (an embedded local Flink cluster, parallelism 2), plus a write
 * stage that fails once and is retried by Flink's restart strategy.
 */
public class FlinkRunnerWriteIT extends HudiIOWriteSuite {
  @Override
  protected PipelineOptions options() {
    return flinkOptions(0);
  }

  static FlinkPipelineOptions flinkOptions(int retries) {
    FlinkPipelineOptions options = PipelineOptionsFactory.as(FlinkPipelineOptions.class);
    options.setRunner(FlinkRunner.class);
    options.setFlinkMaster("[local]");
    options.setParallelism(2);
    options.setNumberOfExecutionRetries(retries);
    options.setExecutionRetryDelay(0L);
    return options;
  }

  /**
   * Options whose job is restarted up to {@code retries} times. Beam 2.70 applies {@code
   * numberOfExecutionRetries} to streaming environments only, so for batch the cluster's default
   * restart strategy is set in a Flink configuration directory as well.
   */
  private FlinkPipelineOptions retryingFlinkOptions(int retries) throws java.io.IOException {
    File confDir = tmp.newFolder("flink-conf");
    Files.writeString(
        new File(confDir, "flink-conf.yaml").toPath(),
        "restart-strategy.type: fixed-delay\n"
            + "restart-strategy.fixed-delay.attempts: "
            + retries
            + "\n"
            + "restart-strategy.fixed-delay.delay: 10 ms\n");
    FlinkPipelineOptions options = flinkOptions(retries);
    options.setFlinkConfDir(confDir.getAbsolutePath());
    return options;
  }

  @Test
  public void writeStageFailingOnceIsRetriedWithoutDuplicatesOrOrphans() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), TripsRows.SCHEMA, trips(base, WriteOperation.BULK_INSERT));
    String bulkInsert = single(reader.completedInstantTimes());

    // The upsert's first base file fails after it is complete; Flink restarts and the write
    // succeeds.
    File flag = new File(tmp.getRoot(), "failed-once");
    run(
        retryingFlinkOptions(2),
        TripsRows.batch(1, 200, 400),
        TripsRows.SCHEMA,
        trips(base, WriteOperation.UPSERT)
            .withHadoopConfiguration(
                Fault.on(flag.getPath(), Operation.CLOSE, Fault.BASE_FILE)
                    .onceFlaggedBy(flag.getPath())
                    .configuration()));

    assertThat("the injected failure happened", flag.exists(), is(true));
    File failedFile = new File(Files.readString(flag.toPath()));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits.size(), is(2));
    String upsert = commits.get(1);
    // Flink restarted the failed region within the same instant: no rollback, no second instant.
    assertThat(FSUtils.getCommitTime(failedFile.getName()), is(upsert));
    assertThat(reader.completedInstants().size(), is(2));
    assertThat(
        "the failed attempt's base file was deleted by its marker", failedFile.exists(), is(false));
    assertRows(
        reader.snapshotByRecordKey(),
        0,
        600,
        i -> i < 200 ? 0L : 1L,
        i -> i < 200 ? bulkInsert : upsert);
    assertRows(
        HudiTableReader.byRecordKey(reader.incrementalSince(bulkInsert)),
        200,
        400,
        i -> 1L,
        i -> upsert);
    assertNoOrphanBaseFiles(base);
  }
}
