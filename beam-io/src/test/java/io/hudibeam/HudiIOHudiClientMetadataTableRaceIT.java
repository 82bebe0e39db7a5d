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

import static io.hudibeam.HudiIOHudiClientRaceIT.hudiClient;
import static io.hudibeam.HudiIOHudiClientRaceIT.hudiRecords;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.OCC;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertClean;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertTable;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.messages;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.pendingInstants;
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.client.HoodieJavaWriteClient;
import org.apache.hudi.client.WriteStatus;
import org.apache.hudi.common.model.OverwriteWithLatestAvroPayload;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.util.Option;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Issue 35's concurrency proof: HudiIO and Hudi 0.15's Java client write one table at the same
 * time, both with the metadata table on, optimistic concurrency control, LAZY failed-writes
 * cleaning and Hudi's {@code FileSystemBasedLockProvider} (one lock file), interleaved by hooks (a
 * write held at its commit's first look at the lock, no sleeps; every wait bounded). On overlapping
 * file groups the later commit loses, in both orders; on disjoint ones both commit, in both orders
 * (so a metadata deltacommit older than the latest completed one is written too). After each:
 * Hudi's {@code HoodieBackedTableMetadata} lists exactly what the listing-based view of the
 * completed timeline holds, partition by partition; the losing instant has no metadata deltacommit;
 * Hudi's reader reads every row as expected; and Hudi's writer continues with a further write
 * without initialising the metadata table anew.
 */
@RunWith(Parameterized.class)
public class HudiIOHudiClientMetadataTableRaceIT {
  /** The metadata table's initialisation instant when HudiIO creates the table (Hudi 0.15's). */
  private static final List<String> INITIALISATION = List.of("00000000000000010");

  /** A data log file: a {@code .log.<n>_<token>} file outside {@code .hoodie}. */
  private static final String LOG_FILE = "^(?!.*/\\.hoodie/).*\\.log\\.[0-9]+_[^/]*$";

  @Parameterized.Parameters(name = "{0}")
  public static List<Object[]> tableTypes() {
    return List.of(new Object[] {TableType.COPY_ON_WRITE}, new Object[] {TableType.MERGE_ON_READ});
  }

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final TableType tableType;
  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final String holdId = UUID.randomUUID().toString();

  public HudiIOHudiClientMetadataTableRaceIT(TableType tableType) {
    this.tableType = tableType;
  }

  @After
  public void tearDown() {
    FaultFileSystem.forget(holdId);
    executor.shutdownNow();
  }

  private HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return SafetyChecks.trips(base, operation).withTableType(tableType);
  }

  /** HudiIO with optimistic concurrency control; Hudi's live writer's heartbeat is not expired. */
  private HudiIO.Write<Row> occ(String base) {
    Map<String, String> settings = new HashMap<>(OCC);
    settings.put("hoodie.client.heartbeat.tolerable.misses", "10");
    return trips(base, WriteOperation.UPSERT).withHoodieProperties(settings);
  }

  /** Held at its commit's first look at the lock, once its data files (base or log) exist. */
  private Map<String, String> holdAtCommit() {
    Fault hold =
        tableType == TableType.COPY_ON_WRITE
            ? Fault.holdAtCommit(holdId)
            : Fault.on(holdId, Operation.EXISTS, ".*/\\.hoodie/lock$")
                .afterCreating(LOG_FILE)
                .hold();
    return hold.configuration();
  }

  private static List<GenericRecord> records(long b, long from, long to, int cityOnly) {
    List<GenericRecord> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      if (cityOnly < 0 || i % 8 == cityOnly) {
        out.add(TripsData.record(b, i));
      }
    }
    return out;
  }

  /** 400 trips by HudiIO (8 cities, one file group each): the metadata table is initialised. */
  private String created(String base, HudiTableReader reader) throws Exception {
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(MetadataTableChecks.initialisationInstants(base), is(INITIALISATION));
    return reader.completedInstantTimes().get(0);
  }

  @Test
  public void overlapHudiCommitsFirstAndHudiIOIsRolledBack() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    String c1 = created(base, reader);

    // HudiIO upserts keys 0..199 and is held before its commit.
    Future<?> hudiIo =
        executor.submit(
            () ->
                run(TripsRows.batch(1, 0, 200), occ(base).withHadoopConfiguration(holdAtCommit())));
    assertThat(
        "HudiIO reached its commit",
        FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
        is(true));
    String instantIo = pendingInstants(reader).get(0);

    // Hudi's client upserts keys 100..299 (the same 8 file groups) and commits.
    String instantHudi;
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = client(base)) {
      instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(2, 100, 300, -1)), instantHudi);
      assertThat(hudi.commit(instantHudi, statuses, Option.empty()), is(true));
    }
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(instantHudi));

    FaultFileSystem.release(holdId);
    Exception lost = assertThrows(Exception.class, () -> hudiIo.get(120, TimeUnit.SECONDS));
    assertThat(
        messages(lost),
        allOf(
            containsString("Cannot commit instant " + instantIo),
            containsString("conflicts with instant " + instantHudi)));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantHudi)));
    assertNoMetadataDeltaCommitOf(base, instantIo);
    assertThat("HudiIO's rollback", completedRollbacks(reader), hasSize(1));
    LongFunction<Object[]> expected =
        i -> i >= 100 && i < 300 ? new Object[] {2L, instantHudi} : new Object[] {0L, c1};
    assertInStep(base, reader, expected);
    hudiContinues(base, reader, expected);
  }

  @Test
  public void overlapHudiIOCommitsFirstAndHudisCommitAborts() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    String c1 = created(base, reader);

    String instantHudi;
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = client(base)) {
      instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(1, 100, 300, -1)), instantHudi);

      run(TripsRows.batch(2, 0, 200), occ(base));
      List<String> commits = reader.completedInstantTimes();
      assertThat(commits, hasSize(2));
      String instantIo = commits.get(1);
      assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(instantIo));

      Exception aborted =
          assertThrows(Exception.class, () -> hudi.commit(instantHudi, statuses, Option.empty()));
      assertThat(messages(aborted), containsString("conflict"));
      assertThat(reader.completedInstantTimes(), is(List.of(c1, instantIo)));
    }
    // Hudi's conflict check runs before its metadata update: none was written.
    assertNoMetadataDeltaCommitOf(base, instantHudi);
    String instantIo = reader.completedInstantTimes().get(1);
    LongFunction<Object[]> expected =
        i -> i < 200 ? new Object[] {2L, instantIo} : new Object[] {0L, c1};
    // Merge-on-read: the listing also holds the pending write's log files (its markers name them).
    Set<String> pending = markedFiles(base, instantHudi);
    assertThat(pending.isEmpty(), is(tableType == TableType.COPY_ON_WRITE));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base, pending);
    assertTable(reader, expected);

    // The aborted writer is dead (its heartbeat aged): Hudi's client rolls it back (LAZY).
    File heartbeat = new File(base, ".hoodie/.heartbeat/" + instantHudi);
    if (heartbeat.exists()) {
      assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 600_000), is(true));
    }
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = client(base)) {
      assertThat(hudi.rollbackFailedWrites(), is(true));
    }
    assertThat(pendingInstants(reader), is(empty()));
    assertThat("Hudi's rollback", completedRollbacks(reader), hasSize(1));
    assertNoMetadataDeltaCommitOf(base, instantHudi);
    assertInStep(base, reader, expected);
    hudiContinues(base, reader, expected);
  }

  @Test
  public void disjointHudiStartsFirstHudiIOCommitsFirstAndBothCommit() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    String c1 = created(base, reader);

    String instantHudi;
    String instantIo;
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = client(base)) {
      instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(1, 0, 400, 0)), instantHudi);
      run(rowsOf(records(2, 0, 400, 1)), occ(base));
      instantIo = reader.completedInstantTimes().get(1);
      assertThat(pendingInstants(reader), is(List.of(instantHudi)));
      assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(instantIo));
      // Hudi's metadata deltacommit comes after HudiIO's, at an earlier instant time.
      assertThat(hudi.commit(instantHudi, statuses, Option.empty()), is(true));
    }
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantHudi, instantIo)));
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(instantHudi));
    LongFunction<Object[]> expected = disjoint(c1, instantHudi, instantIo);
    assertInStep(base, reader, expected);
    hudiContinues(base, reader, expected);
  }

  @Test
  public void disjointHudiIOStartsFirstHudiCommitsFirstAndBothCommit() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    String c1 = created(base, reader);

    // HudiIO writes city 1 and is held before its commit.
    Future<?> hudiIo =
        executor.submit(
            () ->
                run(
                    rowsOf(records(2, 0, 400, 1)),
                    occ(base).withHadoopConfiguration(holdAtCommit())));
    assertThat(
        "HudiIO reached its commit",
        FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
        is(true));
    String instantIo = pendingInstants(reader).get(0);

    // Hudi's client writes city 0 and commits (its metadata deltacommit the latest).
    String instantHudi;
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = client(base)) {
      instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(1, 0, 400, 0)), instantHudi);
      assertThat(hudi.commit(instantHudi, statuses, Option.empty()), is(true));
    }
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(instantHudi));

    // HudiIO's commit: no conflict; its metadata deltacommit at an earlier time than Hudi's.
    FaultFileSystem.release(holdId);
    hudiIo.get(120, TimeUnit.SECONDS);
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantIo, instantHudi)));
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(instantIo));
    LongFunction<Object[]> expected = disjoint(c1, instantHudi, instantIo);
    assertInStep(base, reader, expected);
    hudiContinues(base, reader, expected);
  }

  private HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> client(String base) {
    return hudiClient(base, Map.of("hoodie.table.type", tableType.name()));
  }

  private static List<Row> rowsOf(List<GenericRecord> records) {
    return records.stream().map(TripsRows::of).toList();
  }

  /** City 0 from Hudi's write (batch 1), city 1 from HudiIO's (batch 2), the rest c1's. */
  private static LongFunction<Object[]> disjoint(String c1, String hudi, String io) {
    return i ->
        i % 8 == 0
            ? new Object[] {1L, hudi}
            : i % 8 == 1 ? new Object[] {2L, io} : new Object[] {0L, c1};
  }

  private static List<String> completedRollbacks(HudiTableReader reader) {
    return reader
        .metaClient()
        .getActiveTimeline()
        .getRollbackTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .map(HoodieInstant::getTimestamp)
        .toList();
  }

  /**
   * The log files {@code instant}'s markers name (Hudi's DIRECT markers, {@code .marker.APPEND}).
   */
  private static Set<String> markedFiles(String base, String instant) throws IOException {
    Path markers = Paths.get(base, ".hoodie", ".temp", instant);
    if (!Files.isDirectory(markers)) {
      return Set.of();
    }
    try (Stream<Path> files = Files.walk(markers)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".marker.APPEND"))
          .map(n -> n.substring(0, n.length() - ".marker.APPEND".length()))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /** No state file of {@code instant} (requested, inflight or completed) on the MDT timeline. */
  private static void assertNoMetadataDeltaCommitOf(String base, String instant) {
    String[] names = new File(base, ".hoodie/metadata/.hoodie").list();
    assertThat(
        "metadata timeline state files of " + instant,
        Arrays.stream(names).filter(n -> n.startsWith(instant + ".")).toList(),
        is(empty()));
  }

  /**
   * The metadata table in step with the data timeline: Hudi's metadata reader lists exactly the
   * completed files, no data instant is pending, rows exact (copy-on-write: also read through a
   * metadata-backed view, and no orphan data file), the metadata table never initialised anew.
   */
  private void assertInStep(String base, HudiTableReader reader, LongFunction<Object[]> expected)
      throws Exception {
    assertThat(pendingInstants(reader), is(empty()));
    // Every completed data rollback has its metadata deltacommit (HudiIO's and Hudi's alike).
    assertThat(
        MetadataTableChecks.completedMetadataDeltaCommits(base),
        hasItems(completedRollbacks(reader).toArray(new String[0])));
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(MetadataTableChecks.initialisationInstants(base), is(INITIALISATION));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    assertTable(reader, expected);
    if (tableType == TableType.COPY_ON_WRITE) {
      MetadataTableChecks.assertRowsReadThroughMetadata(base, reader.snapshotByRecordKey());
      assertClean(base, reader);
    }
  }

  /** Hudi's writer upserts city 2 (batch 9) and commits; everything stays in step. */
  private void hudiContinues(String base, HudiTableReader reader, LongFunction<Object[]> before)
      throws Exception {
    String h;
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = client(base)) {
      h = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(9, 0, 400, 2)), h);
      assertThat(hudi.commit(h, statuses, Option.empty()), is(true));
    }
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits.get(commits.size() - 1), is(h));
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(h));
    assertInStep(base, reader, i -> i % 8 == 2 ? new Object[] {9L, h} : before.apply(i));
  }
}
