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
package io.hudibeam;

import static io.hudibeam.HudiIOMergeOnReadIT.trips;
import static io.hudibeam.MergeOnReadChecks.logBlocks;
import static io.hudibeam.MergeOnReadChecks.logFilesOnDisk;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Fault tolerance of merge-on-read writes, read back by Hudi: a file group whose log file is
 * written twice (a retried bundle) is committed with one log file and no duplicate or phantom rows;
 * a deltacommit that dies after writing log files is invisible to Hudi's snapshot query (its blocks
 * are skipped) and the next write rolls it back, deleting its log files.
 */
public class HudiIOMergeOnReadFailureIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void retriedLogWritesCommitOnceAndFailedDeltaCommitsAreRolledBack() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    File lost = tmp.newFolder("lost-attempts");
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();

    // d1: 80 trips, one file group per city.
    run(TripsRows.batch(0, 0, 80), trips(base, WriteOperation.INSERT));
    String d1 = reader.completedInstantTimes().get(0);
    expected.upsert(0, 0, 80, d1);

    // d2: updates 0..39, every file group's log file written twice; the first attempt's stat is
    // lost.
    StagedWrite.run(
        trips(base, WriteOperation.UPSERT),
        TripsRows.batch(1, 0, 40),
        lost,
        StagedWrite.Tail.COMMIT);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String d2 = commits.get(1);
    expected.upsert(1, 0, 40, d2);
    TreeSet<String> lostFiles =
        Arrays.stream(lost.list())
            .map(f -> f.replace('+', '/'))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(lostFiles, hasSize(8));
    TreeSet<String> logs = logFilesOnDisk(base);
    for (String file : lostFiles) {
      assertThat(
          file + " of a lost attempt was deleted by the commit", logs.contains(file), is(false));
    }
    assertThat(logs, hasSize(8));
    TreeSet<String> onDisk = new TreeSet<>(dataFilesOnDisk(base));
    onDisk.addAll(logs);
    assertThat(onDisk, is(committedFiles(reader)));
    assertThat(Files.exists(Paths.get(base, ".hoodie", ".temp", d2)), is(false));
    expected.assertSnapshot(reader);

    // d3 dies after its write stage: log files with d3's blocks exist, but Hudi's snapshot skips
    // them.
    List<Row> d3Rows = TripsRows.batch(2, 20, 40);
    assertThrows(
        RuntimeException.class,
        () ->
            StagedWrite.run(
                trips(base, WriteOperation.UPSERT),
                d3Rows,
                null,
                StagedWrite.Tail.FAIL_AFTER_WRITES));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> pending =
        meta.getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending.toString(), pending, hasSize(1));
    String d3 = pending.get(0).getTimestamp();
    assertThat(pending.get(0).getAction(), is(HoodieTimeline.DELTA_COMMIT_ACTION));
    TreeSet<String> failedLogs = new TreeSet<>(logFilesOnDisk(base));
    failedLogs.removeAll(logs);
    assertThat(failedLogs, is(not(empty())));
    long d3Blocks = logBlocks(reader).stream().filter(b -> b.instant().equals(d3)).count();
    assertThat(d3Blocks, is((long) failedLogs.size()));
    expected.assertSnapshot(reader);

    // d3's pipeline is dead, so its heartbeat is no longer refreshed; 10 minutes later it has
    // expired, and d4, a plain HudiIO write, rolls d3 back (its log files deleted), then commits
    // its own.
    HudiIOTesting.expireHeartbeat(base, d3);
    List<Row> d4Rows = new ArrayList<>(TripsRows.batch(3, 30, 20));
    run(d4Rows, trips(base, WriteOperation.UPSERT));
    meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(d3)));
    assertThat(rollback.getTotalFilesDeleted(), is(failedLogs.size()));
    commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    String d4 = commits.get(2);
    expected.upsert(3, 30, 20, d4);
    for (String failed : failedLogs) {
      assertThat(
          failed + " of the rolled-back deltacommit",
          Files.exists(Paths.get(base, failed)),
          is(false));
    }
    assertThat(logBlocks(reader).stream().filter(b -> b.instant().equals(d3)).count(), is(0L));
    TreeSet<String> finalFiles = new TreeSet<>(dataFilesOnDisk(base));
    finalFiles.addAll(logFilesOnDisk(base));
    assertThat(finalFiles, is(committedFiles(reader)));
    expected.assertSnapshot(reader);
  }

  /**
   * Hudi 0.15's Java client fails a deltacommit on our table after writing (on a local file system
   * it appends to the latest log file, which holds our committed blocks). Our next write rolls it
   * back without losing a committed block: a log file that holds other instants' blocks is kept and
   * gets a rollback command block; Hudi's snapshot is exact throughout.
   */
  @Test
  public void aFailedHudiDeltaCommitIsRolledBackWithoutLosingCommittedBlocks() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT));
    expected.upsert(0, 0, 40, reader.completedInstantTimes().get(0));
    run(TripsRows.batch(1, 0, 16), trips(base, WriteOperation.UPSERT));
    expected.upsert(1, 0, 16, reader.completedInstantTimes().get(1));
    TreeSet<String> ourLogs = logFilesOnDisk(base);

    String failed =
        io.hudibeam.testing.HudiReference.trips(base)
            .tableType(org.apache.hudi.common.model.HoodieTableType.MERGE_ON_READ)
            .metadataTable(true) // Hudi's default
            .open()
            .failedWrite(
                io.hudibeam.testing.HudiReference.Operation.UPSERT,
                io.hudibeam.testing.TripsData.batch(5, 0, 8));
    assertThat(logBlocks(reader).stream().anyMatch(b -> b.instant().equals(failed)), is(true));
    expected.assertSnapshot(reader);
    boolean appendedToOurs =
        logBlocks(reader).stream()
            .anyMatch(b -> b.instant().equals(failed) && ourLogs.contains(b.file()));

    run(TripsRows.batch(3, 30, 4), trips(base, WriteOperation.UPSERT));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    expected.upsert(3, 30, 4, commits.get(2));
    expected.assertSnapshot(reader);
    HoodieTableMetaClient meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(failed)));
    // Every log file our committed deltacommits wrote is still there.
    for (String log : ourLogs) {
      assertThat(log, Files.exists(Paths.get(base, log)), is(true));
    }
    long commandBlocks =
        logBlocks(reader).stream()
            .filter(
                b ->
                    b.type()
                        == org.apache.hudi.common.table.log.block.HoodieLogBlock.HoodieLogBlockType
                            .COMMAND_BLOCK)
            .count();
    if (appendedToOurs) {
      assertThat(commandBlocks > 0, is(true));
    }
    System.out.println(
        "Hudi's failed deltacommit appended to our log files: "
            + appendedToOurs
            + "; rollback command blocks written: "
            + commandBlocks);
  }
}
