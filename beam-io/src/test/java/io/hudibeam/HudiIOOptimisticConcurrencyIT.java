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

import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
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
 * Two HudiIO pipelines with {@code hoodie.write.concurrency.mode=optimistic_concurrency_control}
 * and Hudi's {@code FileSystemBasedLockProvider}, interleaved by a hook (no timing): writer A is
 * held between its write stage and its commit while writer B starts, writes and commits. B is not
 * refused at its start (A's heartbeat is live, and in single-writer mode a third writer still is);
 * at A's commit the conflict check decides: on disjoint file groups both commit, on overlapping
 * ones A is rolled back with a message naming B's instant and the file groups. Every table is read
 * back by Hudi row by row: exactly the committed writes, no orphan, nothing pending.
 */
public class HudiIOOptimisticConcurrencyIT {
  static final Map<String, String> OCC =
      Map.of(
          "hoodie.write.concurrency.mode", "optimistic_concurrency_control",
          "hoodie.write.lock.provider",
              "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final String holdId = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(holdId);
    executor.shutdownNow();
  }

  /**
   * Trips of batch {@code b} for indexes {@code 8n + city}, n in [0, 50): one city, one file group.
   */
  private static List<Row> city(long b, int city) {
    List<Row> rows = new ArrayList<>();
    for (long n = 0; n < 50; n++) {
      rows.add(TripsRows.row(b, n * 8 + city));
    }
    return rows;
  }

  private static Map<String, String> occ(Map<String, String> more) {
    Map<String, String> out = new HashMap<>(OCC);
    out.putAll(more);
    return out;
  }

  @Test
  public void writersOfDisjointFileGroupsBothCommit() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    Future<?> a =
        executor.submit(
            () ->
                run(
                    city(1, 0),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(OCC)
                        .withHadoopConfiguration(Fault.holdAtCommit(holdId).configuration())));
    assertThat(
        "writer A reached its commit",
        FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
        is(true));
    String instantA = pendingInstants(reader).get(0);

    // A single-writer pipeline (the default) is still refused at its start by A's live heartbeat.
    RuntimeException refused =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    city(3, 2),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(
                            Map.of("hoodie.client.heartbeat.tolerable.misses", "10"))));
    assertThat(
        messages(refused),
        allOf(
            containsString("instant " + instantA),
            containsString("hoodie.write.concurrency.mode=optimistic_concurrency_control")));

    // B, with optimistic concurrency control, starts beside A, writes another city and commits.
    run(
        city(2, 1),
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(occ(Map.of("hoodie.client.heartbeat.tolerable.misses", "10"))));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String instantB = commits.get(1);
    assertThat(pendingInstants(reader), is(List.of(instantA)));

    FaultFileSystem.release(holdId);
    a.get(120, TimeUnit.SECONDS);
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantA, instantB)));
    assertTable(
        reader,
        i ->
            i % 8 == 0
                ? new Object[] {1L, instantA}
                : i % 8 == 1 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    assertClean(base, reader);
  }

  @Test
  public void ofWritersOfTheSameFileGroupsTheLaterCommitIsRolledBack() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    Future<?> a =
        executor.submit(
            () ->
                run(
                    TripsRows.batch(1, 0, 200),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(OCC)
                        .withHadoopConfiguration(Fault.holdAtCommit(holdId).configuration())));
    assertThat(
        "writer A reached its commit",
        FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
        is(true));
    String instantA = pendingInstants(reader).get(0);
    List<String> filesOfA = filesOf(base, instantA);
    assertThat(filesOfA, hasSize(8));

    // B updates keys 100..299: the same 8 file groups. It commits first.
    run(
        TripsRows.batch(2, 100, 200),
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(occ(Map.of("hoodie.client.heartbeat.tolerable.misses", "10"))));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String instantB = commits.get(1);

    FaultFileSystem.release(holdId);
    Exception lost = assertThrows(Exception.class, () -> a.get(120, TimeUnit.SECONDS));
    assertThat(
        messages(lost),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("conflicts with instant " + instantB),
            containsString("also wrote file groups"),
            containsString("This write is rolled back")));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(instantA)));
    assertThat(rollback.getTotalFilesDeleted(), is(8));
    assertThat(filesOf(base, instantA), is(empty()));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB)));
    assertTable(
        reader, i -> i >= 100 && i < 300 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    assertClean(base, reader);
  }

  /**
   * Hudi's InProcessLockProvider: writers take a lock held in this JVM, never the lock file, so a
   * lock file a crashed file-lock holder left in {@code .hoodie} (which would make file-lock
   * writers wait and fail) does not stop them; two writers of disjoint file groups commit. The
   * lock's mutual exclusion is checked in {@code TableLockTest}.
   */
  @Test
  public void writersWithTheInProcessLockIgnoreTheLockFile() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    File staleFileLock = new File(base, ".hoodie/lock");
    assertThat(staleFileLock.createNewFile(), is(true));
    Map<String, String> inProcess =
        occ(
            Map.of(
                "hoodie.write.lock.provider",
                "org.apache.hudi.client.transaction.lock.InProcessLockProvider",
                "hoodie.write.lock.client.num_retries",
                "0"));
    run(city(1, 0), trips(base, WriteOperation.UPSERT).withHoodieProperties(inProcess));
    run(city(2, 1), trips(base, WriteOperation.UPSERT).withHoodieProperties(inProcess));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    assertTable(
        reader,
        i ->
            i % 8 == 0
                ? new Object[] {1L, commits.get(1)}
                : i % 8 == 1 ? new Object[] {2L, commits.get(2)} : new Object[] {0L, c1});
    assertThat("the lock file is not theirs", staleFileLock.exists(), is(true));

    // A file-lock writer (no retries) is stopped by that file, naming it.
    RuntimeException waited =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    city(3, 2),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(
                            occ(Map.of("hoodie.write.lock.client.num_retries", "0")))));
    assertThat(messages(waited), containsString("Cannot take the lock "));
    assertThat(staleFileLock.delete(), is(true));
    assertClean(base, reader);
  }

  @Test
  public void optimisticConcurrencyControlSettingsAreCheckedWhenThePipelineIsBuilt()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    assertRefused(
        base,
        Map.of("hoodie.write.concurrency.mode", "optimistic_concurrency_control"),
        "hoodie.write.concurrency.mode=optimistic_concurrency_control needs hoodie.write.lock.provider="
            + "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
        "it is not set");
    assertRefused(
        base,
        occ(
            Map.of(
                "hoodie.write.lock.provider",
                "org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider")),
        "it is 'org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider', which HudiIO does not implement");
    assertRefused(
        base,
        occ(Map.of("hoodie.cleaner.policy.failed.writes", "EAGER")),
        "hoodie.cleaner.policy.failed.writes=EAGER cannot be used with hoodie.write.concurrency.mode="
            + "optimistic_concurrency_control");
    assertRefused(
        base,
        Map.of("hoodie.write.concurrency.mode", "NON_BLOCKING_CONCURRENCY_CONTROL"),
        "hoodie.write.concurrency.mode='NON_BLOCKING_CONCURRENCY_CONTROL' is not supported",
        "needs table version 8");
    assertRefused(
        base,
        Map.of("hoodie.cleaner.policy.failed.writes", "NEVER"),
        "hoodie.cleaner.policy.failed.writes='NEVER' is not supported");
    assertThat("nothing was written", new File(base).list(), is(new String[0]));
  }

  private static void assertRefused(String base, Map<String, String> settings, String... expected) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                p.apply(Create.of(TripsRows.batch(0, 0, 1)).withRowSchema(TripsRows.SCHEMA))
                    .apply(trips(base, WriteOperation.UPSERT).withHoodieProperties(settings)));
    for (String part : expected) {
      assertThat(messages(e), containsString(part));
    }
  }

  /** The 400 rows read by Hudi: row i has batch and commit time {@code expected.apply(i)}. */
  static void assertTable(HudiTableReader reader, LongFunction<Object[]> expected) {
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(400));
    for (long i = 0; i < 400; i++) {
      Object[] batchAndTime = expected.apply(i);
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record((Long) batchAndTime[0], i))));
      assertThat(
          TripsData.key(i),
          HudiTableReader.string(row, "_hoodie_commit_time"),
          is(batchAndTime[1]));
    }
  }

  static List<String> pendingInstants(HudiTableReader reader) {
    List<String> out = new ArrayList<>();
    for (HoodieInstant i :
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants()) {
      out.add(i.getTimestamp());
    }
    return out;
  }

  private static List<String> filesOf(String base, String instant) {
    return dataFilesOnDisk(base).stream()
        .filter(f -> f.endsWith("_" + instant + ".parquet"))
        .toList();
  }

  /** No orphan data file, marker folder, heartbeat, lock or pending instant. */
  static void assertClean(String base, HudiTableReader reader) {
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
    for (String folder : List.of(".hoodie/.temp", ".hoodie/.heartbeat")) {
      String[] names = new File(base, folder).list();
      assertThat(folder, names == null ? List.of() : Arrays.asList(names), is(empty()));
    }
    assertThat(new File(base, ".hoodie/lock").exists(), is(false));
    assertThat(pendingInstants(reader), is(empty()));
  }

  static String messages(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }
}
