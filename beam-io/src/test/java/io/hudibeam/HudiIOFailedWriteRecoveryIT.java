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

import static io.hudibeam.HudiIOTesting.assertRows;
import static io.hudibeam.HudiIOTesting.messages;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A write that fails in a stage working for its instant (a file-group writer, the commit) deletes
 * its own heartbeat on the way out, so the next write of the table, with the default heartbeat
 * settings (60 s x 2), starts at once: it finds the failed instant without a heartbeat, rolls it
 * back and commits, where it used to be refused for up to 2 minutes. A writer that is alive keeps
 * its heartbeat: another writer's failure never removes it. Tables read back by Hudi, row by row.
 */
public class HudiIOFailedWriteRecoveryIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String hookId = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(hookId);
  }

  @Test
  public void aWriteWhoseFileGroupWriterFailedIsRolledBackByTheNextWriteAtOnce() throws Exception {
    failThenWriteAgain(
        Fault.on(hookId, Operation.CREATE, Fault.BASE_FILE).skip(1).configuration(),
        "injected failure creating",
        failed -> {});
  }

  /** Crash point "mid-file": a base file torn after its first 100 bytes. */
  @Test
  public void aWriteThatDiesInTheMiddleOfABaseFileIsRolledBackByTheNextWrite() throws Exception {
    failThenWriteAgain(
        Fault.on(hookId, Operation.CREATE, Fault.BASE_FILE).skip(1).tear(100).configuration(),
        "injected failure mid-file",
        failedFiles ->
            assertThat(
                "a torn base file of the failed instant is on disk: " + failedFiles,
                failedFiles.stream().anyMatch(f -> f.length() <= 100),
                is(true)));
  }

  @Test
  public void aWriteWhoseCommitFailedIsRolledBackByTheNextWriteAtOnce() throws Exception {
    failThenWriteAgain(
        Fault.on(hookId, Operation.CREATE, ".*/\\.\\d{17}\\.commit\\..*\\.tmp").configuration(),
        "injected failure creating",
        failed -> {});
  }

  /** {@code afterFailure} checks the failed instant's base files on disk. */
  private void failThenWriteAgain(
      Map<String, String> hook, String failure, Consumer<List<File>> afterFailure)
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    RuntimeException failed =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(1, 200, 400),
                    trips(base, WriteOperation.UPSERT).withHadoopConfiguration(hook)));
    assertThat(messages(failed), containsString(failure));
    List<HoodieInstant> pending =
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending, hasSize(1));
    String c2 = pending.get(0).getTimestamp();
    assertThat(
        dataFilesOnDisk(base).stream().filter(f -> f.endsWith("_" + c2 + ".parquet")).count(),
        greaterThan(0L));
    afterFailure.accept(
        dataFilesOnDisk(base).stream()
            .filter(f -> f.endsWith("_" + c2 + ".parquet"))
            .map(f -> new File(base, f))
            .collect(Collectors.toList()));
    assertThat(
        "the failed write released its heartbeat",
        new File(base, ".hoodie/.heartbeat/" + c2).exists(),
        is(false));
    assertRows(reader, 400, trips(0, 400).ofBatch(0).committedAt(c1));

    // The next write, with the default heartbeat settings, starts at once and rolls c2 back.
    run(TripsRows.batch(2, 0, 300), trips(base, WriteOperation.UPSERT));
    HoodieTableMetaClient meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(c2)));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c3 = commits.get(1);
    assertRows(
        reader,
        400,
        trips(0, 300).ofBatch(2).committedAt(c3),
        trips(300, 400).ofBatch(0).committedAt(c1));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
    assertThat(list(base, ".hoodie/.heartbeat"), is(empty()));
    assertThat(list(base, ".hoodie/.temp"), is(empty()));
  }

  /** Crash point "before the requested instant": the start fails creating its requested file. */
  @Test
  public void aStartThatFailsBeforeItsRequestedFileLeavesNothingBehind() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    RuntimeException failed =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(1, 200, 400),
                    trips(base, WriteOperation.UPSERT)
                        .withHadoopConfiguration(
                            Fault.on(hookId, Operation.CREATE, ".*/\\d{17}\\.commit\\.requested")
                                .configuration())));
    assertThat(messages(failed), containsString("injected failure creating"));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    assertThat("heartbeat released", list(base, ".hoodie/.heartbeat"), is(empty()));
    assertThat("lock released", new File(base, ".hoodie/lock").exists(), is(false));
    assertRows(reader, 400, trips(0, 400).ofBatch(0).committedAt(c1));

    nextWriteCommitsAndLeavesNothing(base, reader, c1);
  }

  /**
   * The same crash point with a kill: the writer's heartbeat is written, its requested file never
   * is. The next write deletes the heartbeat once it has expired, and commits.
   */
  @Test
  public void aHeartbeatLeftWithoutAnInstantIsDeletedByTheNextWriteOnceExpired() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    String killed = String.valueOf(Long.parseLong(c1) + 1);
    File heartbeat = new File(base, ".hoodie/.heartbeat/" + killed);
    heartbeat.getParentFile().mkdirs();
    assertThat(heartbeat.createNewFile(), is(true));
    assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 121_000), is(true));

    nextWriteCommitsAndLeavesNothing(base, reader, c1);
  }

  @Test
  public void anotherWritersFailureLeavesALiveWritersHeartbeat() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      HudiIO.Write<Row> a =
          trips(base, WriteOperation.UPSERT)
              .withHadoopConfiguration(Fault.holdAtCommit(hookId).configuration());
      Future<?> runningA = executor.submit(() -> run(TripsRows.batch(1, 200, 400), a));
      assertThat(
          "writer A reached its commit",
          FaultFileSystem.awaitHeld(hookId, 120, TimeUnit.SECONDS),
          is(true));
      String instantA =
          reader
              .metaClient()
              .getActiveTimeline()
              .filterInflightsAndRequested()
              .getInstants()
              .get(0)
              .getTimestamp();
      File heartbeatA = new File(base, ".hoodie/.heartbeat/" + instantA);
      assertThat(heartbeatA.exists(), is(true));

      // B and then C fail: each is refused at its start by A's live heartbeat, which stays.
      for (int writer = 2; writer <= 3; writer++) {
        long batch = writer;
        RuntimeException refused =
            assertThrows(
                RuntimeException.class,
                () ->
                    run(
                        TripsRows.batch(batch, 0, 300),
                        trips(base, WriteOperation.UPSERT)
                            .withHoodieProperties(
                                Map.of("hoodie.client.heartbeat.tolerable.misses", "10"))));
        assertThat(
            messages(refused),
            allOf(
                containsString("Cannot start a write on table " + base),
                containsString("instant " + instantA)));
        assertThat(
            "A's heartbeat after writer " + writer + " failed", heartbeatA.exists(), is(true));
      }

      FaultFileSystem.release(hookId);
      runningA.get(120, TimeUnit.SECONDS);
      assertThat(reader.completedInstantTimes(), is(List.of(c1, instantA)));
      assertRows(
          reader,
          600,
          trips(0, 200).ofBatch(0).committedAt(c1),
          trips(200, 600).ofBatch(1).committedAt(instantA));
      assertThat(list(base, ".hoodie/.heartbeat"), is(empty()));
      assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
      assertThat(dataFilesOnDisk(base), is(not(empty())));
    } finally {
      FaultFileSystem.release(hookId);
      executor.shutdownNow();
    }
  }

  private static List<String> list(String base, String folder) {
    String[] names = new File(base, folder).list();
    return names == null ? List.of() : Arrays.stream(names).sorted().collect(Collectors.toList());
  }

  /**
   * The next write upserts 0..299 (batch 2) after commit {@code c1} of batch 0: the table is exact
   * and no orphan file, heartbeat or marker folder is left.
   */
  private static void nextWriteCommitsAndLeavesNothing(
      String base, HudiTableReader reader, String c1) throws Exception {
    run(TripsRows.batch(2, 0, 300), trips(base, WriteOperation.UPSERT));
    String c2 = reader.completedInstantTimes().get(1);
    assertRows(
        reader,
        400,
        trips(0, 300).ofBatch(2).committedAt(c2),
        trips(300, 400).ofBatch(0).committedAt(c1));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
    assertThat(list(base, ".hoodie/.heartbeat"), is(empty()));
    assertThat(list(base, ".hoodie/.temp"), is(empty()));
  }
}
