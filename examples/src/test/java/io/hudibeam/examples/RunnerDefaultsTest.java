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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import org.junit.Test;

public class RunnerDefaultsTest {
  @Test
  public void directRunnerTurnsOffTheTestChecksAndMapsParallelism() {
    assertThat(
        Arrays.asList(RunnerDefaults.apply(new String[] {"--table=/t", "--parallelism=3"})),
        contains(
            "--table=/t",
            "--targetParallelism=3",
            "--enforceImmutability=false",
            "--enforceEncodability=false",
            "--blockOnRun=false"));
  }

  @Test
  public void directRunnerKeepsAChecksSettingTheUserGave() {
    List<String> args =
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {"--runner=DirectRunner", "--enforceImmutability=true"}));
    assertThat(
        args,
        contains(
            "--runner=DirectRunner",
            "--enforceImmutability=true",
            "--enforceEncodability=false",
            "--blockOnRun=false"));
  }

  @Test
  public void embeddedFlinkGetsFasterCopyAndAConfigurationWithManagedMemory() throws Exception {
    List<String> args =
        Arrays.asList(
            RunnerDefaults.apply(new String[] {"--runner=FlinkRunner", "--parallelism=2"}));
    assertThat(
        args.subList(0, 3),
        contains("--runner=FlinkRunner", "--parallelism=2", "--fasterCopy=true"));
    assertThat(args.get(3), startsWith("--flinkConfDir="));
    Path conf =
        Paths.get(args.get(3).substring("--flinkConfDir=".length())).resolve("flink-conf.yaml");
    assertThat(
        Files.readString(conf),
        is(
            "taskmanager.memory.managed.size: 1g\n"
                + "execution.job-listeners: io.hudibeam.examples.FlinkJobListener\n"));
  }

  @Test
  public void ingestWatchIsAStreamAndIngestWithoutWatchIsNot() {
    List<String> watching =
        Arrays.asList(RunnerDefaults.apply(new String[] {"--runner=FlinkRunner", "--watch=5"}));
    assertThat(watching, hasItem("--finishBundleBeforeCheckpointing=true"));
    assertThat(watching, hasItem("--stateBackend=filesystem"));
    for (String once : new String[] {"--watch=0", "--watch=00"}) {
      assertThat(
          Arrays.asList(RunnerDefaults.apply(new String[] {"--runner=FlinkRunner", once})),
          not(hasItem(startsWith("--finishBundleBeforeCheckpointing"))));
    }
  }

  @Test
  public void aStreamOnTheEmbeddedFlinkCheckpointsToAFolderNotTheJobManagersMemory() {
    List<String> args =
        Arrays.asList(RunnerDefaults.apply(new String[] {"--runner=FlinkRunner", "--streaming"}));
    assertThat(args, hasItem("--finishBundleBeforeCheckpointing=true"));
    assertThat(args, hasItem("--stateBackend=filesystem"));
    String path =
        args.stream()
            .filter(a -> a.startsWith("--stateBackendStoragePath="))
            .findFirst()
            .orElseThrow()
            .substring("--stateBackendStoragePath=".length());
    assertThat(path, startsWith("file:/"));
    assertThat(Files.isDirectory(Paths.get(java.net.URI.create(path))), is(true));

    // The user's own backend, and a cluster's, are kept.
    assertThat(
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {
                  "--runner=FlinkRunner",
                  "--streaming",
                  "--stateBackend=rocksdb",
                  "--stateBackendStoragePath=file:///ckpt"
                })),
        not(hasItem("--stateBackend=filesystem")));
    // A backend without a storage path gets the temporary folder.
    List<String> rocksDb =
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {"--runner=FlinkRunner", "--streaming", "--stateBackend=rocksdb"}));
    assertThat(rocksDb, not(hasItem("--stateBackend=filesystem")));
    assertThat(rocksDb, hasItem(startsWith("--stateBackendStoragePath=file:")));
    assertThat(
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {"--runner=FlinkRunner", "--streaming", "--flinkMaster=host:8081"})),
        not(hasItem(startsWith("--stateBackend"))));
    // So is the user's own Flink configuration's.
    assertThat(
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {"--runner=FlinkRunner", "--streaming", "--flinkConfDir=/etc/flink"})),
        not(hasItem(startsWith("--stateBackend"))));
  }

  @Test
  public void flinkClusterKeepsItsOwnConfigurationAndTheUsersFasterCopy() {
    List<String> args =
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {
                  "--runner=FlinkRunner", "--flinkMaster=host:8081", "--fasterCopy=false"
                }));
    assertThat(
        args, contains("--runner=FlinkRunner", "--flinkMaster=host:8081", "--fasterCopy=false"));
    assertThat(
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {"--runner=FlinkRunner", "--flinkConfDir=/etc/flink"})),
        not(hasItem(startsWith("--flinkConfDir=/tmp"))));
  }

  @Test
  public void whereTheProgressLineReadsTheRunningJobsMetrics() {
    assertThat(
        RunnerDefaults.progressSource(new String[] {"--table=/t"}),
        is(ProgressReporter.Source.RESULT));
    assertThat(
        RunnerDefaults.progressSource(new String[] {"--blockOnRun=true"}),
        is(ProgressReporter.Source.NONE_UNTIL_DONE));
    // The embedded Flink: run() returns at the end, the job listener gives the metrics before.
    // (FLINK_CONF_DIR is not set where the tests run, as the embedded-Flink test above needs.)
    assertThat(
        RunnerDefaults.progressSource(new String[] {"--runner=FlinkRunner"}),
        is(ProgressReporter.Source.FLINK_JOB_LISTENER));
    assertThat(
        RunnerDefaults.progressSource(
            new String[] {"--runner=FlinkRunner", "--flinkMaster=host:8081"}),
        is(ProgressReporter.Source.NONE_UNTIL_DONE));
    assertThat(
        RunnerDefaults.progressSource(
            new String[] {"--runner=FlinkRunner", "--flinkConfDir=/etc/flink"}),
        is(ProgressReporter.Source.NONE_UNTIL_DONE));
    assertThat(
        RunnerDefaults.progressSource(
            new String[] {
              "--runner=FlinkRunner", "--flinkMaster=host:8081", "--attachedMode=false"
            }),
        is(ProgressReporter.Source.RESULT));
  }

  @Test
  public void detachedModeOnTheEmbeddedFlinkIsRefused() {
    UsageException e =
        org.junit.Assert.assertThrows(
            UsageException.class,
            () ->
                RunnerDefaults.apply(
                    new String[] {"--runner=FlinkRunner", "--attachedMode=false"}));
    assertThat(e.getMessage(), startsWith("--attachedMode=false needs --flinkMaster"));
  }

  /**
   * A stream on Flink without --checkpointingInterval gets one (a fifth of the commit interval,
   * clamped) and a line saying so; one on a cluster without --stateBackend gets a warning about
   * Flink's memory state backend.
   */
  @Test
  public void aStreamOnFlinkGetsACheckpointingIntervalAndWarnings() {
    assertThat(
        Arrays.asList(RunnerDefaults.apply(new String[] {"--runner=FlinkRunner", "--streaming"})),
        hasItem("--checkpointingInterval=2000"));
    assertThat(
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {"--runner=FlinkRunner", "--watch=5", "--commitInterval=1"})),
        hasItem("--checkpointingInterval=200"));
    assertThat(
        Arrays.asList(
            RunnerDefaults.apply(
                new String[] {
                  "--runner=FlinkRunner", "--streaming", "--checkpointingInterval=750"
                })),
        not(hasItem("--checkpointingInterval=2000")));
    assertThat(
        RunnerDefaults.notes(new String[] {"--runner=FlinkRunner", "--streaming"}).get(0),
        startsWith("note: no --checkpointingInterval given: Flink checkpoints every 2000 ms"));
    assertThat(
        RunnerDefaults.notes(
                new String[] {
                  "--runner=FlinkRunner",
                  "--streaming",
                  "--checkpointingInterval=500",
                  "--flinkMaster=host:8081"
                })
            .get(0),
        startsWith("warning: no --stateBackend given"));
    assertThat(
        "a batch write on Flink needs no checkpoints",
        RunnerDefaults.notes(new String[] {"--runner=FlinkRunner"}).isEmpty(),
        is(true));
  }
}
