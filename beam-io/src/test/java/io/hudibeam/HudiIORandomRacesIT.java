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

import static io.hudibeam.HudiIOOptimisticConcurrencyIT.OCC;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertClean;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.messages;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Two HudiIO upserts started together on one table, round after round, the second after a random
 * offset (seeded, so a failing round can be replayed), in single-writer mode and with optimistic
 * concurrency control, on overlapping and on disjoint keys. Whatever the interleaving: every writer
 * either commits or fails with one of the clean failures (refused at its start beside a live
 * writer; rolled back at its commit after a conflict); at least one commits; the table, read by
 * Hudi row by row, equals the base with the committed writes applied in commit order (no lost
 * update, no row of a failed writer, no duplicate key); and no orphan file, marker, heartbeat, lock
 * or pending instant is left. Per mode: in single-writer mode a failure is the start refused beside
 * the live writer (naming its heartbeat); with optimistic concurrency control a failure is the
 * later commit rolled back naming the winner's instant, and writers of disjoint file groups both
 * commit; wherever two writers of the same keys (or any two single writers) both commit, the later
 * one started after the earlier one's commit file was written. The deterministic interleavings are
 * in {@code HudiIOConcurrentWritersIT} and {@code HudiIOOptimisticConcurrencyIT}.
 */
public class HudiIORandomRacesIT {
  private static final long SEED = 20261201L;

  /** Rounds of the HudiIO race, three per combination by default; {@code -Draces.rounds=N}. */
  private static final int ROUNDS = Integer.getInteger("races.rounds", 12);

  /**
   * Largest offset of the second writer: a single writer's start is refused for as long as the
   * first runs (about 1.5 s here), so up to 2.5 s; with optimistic concurrency control up to 0.8 s,
   * so the two writes mostly overlap and the conflict check decides.
   */
  private static final long MAX_OFFSET_MILLIS = 2500;

  private static final long MAX_OPTIMISTIC_OFFSET_MILLIS = 800;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final ExecutorService executor = Executors.newFixedThreadPool(2);
  private int contended;

  @After
  public void tearDown() {
    executor.shutdownNow();
  }

  /**
   * One writer of a round: its batch, the record indexes it upserts, and whether it is HudiIO (else
   * Hudi's Java client).
   */
  private record Writer(long batch, List<Long> indexes, boolean hudiIO) {
    List<Row> rows() {
      List<Row> rows = new ArrayList<>();
      for (long i : indexes) {
        rows.add(TripsRows.row(batch, i));
      }
      return rows;
    }
  }

  private static List<Long> range(long from, long to) {
    List<Long> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      out.add(i);
    }
    return out;
  }

  private static List<Long> city(int city) {
    List<Long> out = new ArrayList<>();
    for (long n = 0; n < 50; n++) {
      out.add(n * 8 + city);
    }
    return out;
  }

  @Test(timeout = 1_200_000)
  public void twoWritersStartedAtRandomOffsetsNeverLoseAnUpdate() throws Exception {
    Random random = new Random(SEED);
    for (int round = 0; round < ROUNDS; round++) {
      boolean optimistic = round % 2 == 1;
      boolean overlapping = (round / 2) % 2 == 0;
      long offset =
          (long)
              (random.nextDouble()
                  * (optimistic ? MAX_OPTIMISTIC_OFFSET_MILLIS : MAX_OFFSET_MILLIS));
      String what =
          String.format(
              "round %d (seed %d): %s, %s keys, second writer after %d ms",
              round,
              SEED,
              optimistic ? "optimistic concurrency control" : "single writer",
              overlapping ? "overlapping" : "disjoint",
              offset);
      race(what, optimistic, overlapping, offset);
    }
    assertThat("some rounds made the writers collide", contended > 0, is(true));
  }

  private void race(String what, boolean optimistic, boolean overlapping, long offset)
      throws Exception {
    String base = tmp.newFolder().getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c0 = reader.completedInstantTimes().get(0);
    Writer a = new Writer(1, overlapping ? range(0, 200) : city(0), true);
    Writer b = new Writer(2, overlapping ? range(100, 300) : city(1), true);
    Map<String, String> settings = optimistic ? OCC : Map.of();

    Future<?> first =
        executor.submit(
            () -> run(a.rows(), trips(base, WriteOperation.UPSERT).withHoodieProperties(settings)));
    Future<?> second =
        executor.submit(
            () -> {
              Thread.sleep(offset);
              run(b.rows(), trips(base, WriteOperation.UPSERT).withHoodieProperties(settings));
              return null;
            });
    String aFailure = failure(what + ", writer A", first);
    String bFailure = failure(what + ", writer B", second);
    boolean aCommitted = aFailure == null;
    boolean bCommitted = bFailure == null;
    System.out.printf(
        "%s: A %s, B %s%n",
        what, aCommitted ? "committed" : "failed", bCommitted ? "committed" : "failed");
    if (!aCommitted || !bCommitted) {
      contended++;
    }
    assertThat(what + ": at least one writer commits", aCommitted || bCommitted, is(true));
    List<String> commits = reader.completedInstantTimes();
    for (String failure : Arrays.asList(aFailure, bFailure)) {
      if (failure == null) {
        continue;
      }
      if (optimistic) {
        // Starts are never refused; a loser is rolled back at its commit, naming the winner.
        assertThat(what, failure, containsString("This write is rolled back"));
        assertThat(what, failure, containsString(commits.get(commits.size() - 1)));
      } else {
        // The second start fails fast beside the live writer, naming its heartbeat.
        assertThat(what, failure, containsString("Cannot start a write on table"));
        assertThat(what, failure, containsString("was refreshed"));
      }
    }
    if (optimistic && !overlapping) {
      assertThat(what + ": disjoint file groups both commit", aCommitted && bCommitted, is(true));
    }
    if (aCommitted && bCommitted && !optimistic) {
      assertSequential(what, base, commits);
    }
    if (aCommitted && bCommitted && optimistic && overlapping) {
      assertSequentialOrBuiltOn(what, base, commits);
    }

    Map<Long, Object[]> expected = expectedRows(reader, c0, a, aCommitted, b, bCommitted);
    HudiIOOptimisticConcurrencyIT.assertTable(reader, i -> expected.get(i));
    assertClean(base, reader);
  }

  /** True if the writer committed; a failure must be one of the clean ones. */
  private static boolean outcome(String what, Future<?> writer) throws Exception {
    return failure(what, writer) == null;
  }

  /** Null if the writer committed, else its failure's messages, which must be a clean failure. */
  private static String failure(String what, Future<?> writer) throws Exception {
    try {
      writer.get(600, TimeUnit.SECONDS);
      return null;
    } catch (java.util.concurrent.ExecutionException e) {
      assertThat(
          what + " failed with an unexpected error: " + messages(e),
          messages(e),
          anyOf(
              containsString("Cannot start a write on table"),
              containsString("This write is rolled back")));
      return messages(e);
    }
  }

  /**
   * Two writes that both committed although one would have lost the other's updates if they had
   * overlapped: the later one must have started (its instant minted) after the earlier one's commit
   * file was written. Instant times are the JVM zone's clock (the table's default timeline zone).
   */
  private static void assertSequential(String what, String base, List<String> commits) {
    String earlier = commits.get(commits.size() - 2);
    String later = commits.get(commits.size() - 1);
    long completed = new java.io.File(base, ".hoodie/" + earlier + ".commit").lastModified();
    long started =
        java.time.LocalDateTime.parse(
                later, java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS"))
            .atZone(java.time.ZoneId.systemDefault())
            .toInstant()
            .toEpochMilli();
    assertThat(
        what + ": " + later + " started after " + earlier + " completed (at " + completed + ")",
        started >= completed,
        is(true));
  }

  /**
   * Under optimistic concurrency two overlapping writes may both commit when they did not overlap
   * in time, or when the later one planned after the earlier one completed: then every file group
   * both wrote was written by the later one on top of the earlier one's base file ({@code
   * prevCommit} is the earlier instant), so none of the earlier one's updates is lost (the rows are
   * checked after this, in commit order).
   */
  private static void assertSequentialOrBuiltOn(String what, String base, List<String> commits)
      throws Exception {
    String earlier = commits.get(commits.size() - 2);
    String later = commits.get(commits.size() - 1);
    long completed = new java.io.File(base, ".hoodie/" + earlier + ".commit").lastModified();
    long started =
        java.time.LocalDateTime.parse(
                later, java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS"))
            .atZone(java.time.ZoneId.systemDefault())
            .toInstant()
            .toEpochMilli();
    if (started >= completed) {
      return;
    }
    org.apache.hudi.common.model.HoodieCommitMetadata earlierMeta = commitMetadata(base, earlier);
    org.apache.hudi.common.model.HoodieCommitMetadata laterMeta = commitMetadata(base, later);
    java.util.Set<String> earlierGroups = new java.util.HashSet<>();
    earlierMeta
        .getPartitionToWriteStats()
        .forEach((p, stats) -> stats.forEach(st -> earlierGroups.add(p + "/" + st.getFileId())));
    int shared = 0;
    for (Map.Entry<String, List<org.apache.hudi.common.model.HoodieWriteStat>> e :
        laterMeta.getPartitionToWriteStats().entrySet()) {
      for (org.apache.hudi.common.model.HoodieWriteStat st : e.getValue()) {
        if (earlierGroups.contains(e.getKey() + "/" + st.getFileId())) {
          shared++;
          assertThat(
              what
                  + ": "
                  + later
                  + " overlapped "
                  + earlier
                  + " and wrote "
                  + st.getPath()
                  + " on top of "
                  + st.getPrevCommit(),
              st.getPrevCommit(),
              is(earlier));
        }
      }
    }
    assertThat(what + ": overlapping writes share file groups", shared > 0, is(true));
  }

  private static org.apache.hudi.common.model.HoodieCommitMetadata commitMetadata(
      String base, String instant) throws java.io.IOException {
    byte[] bytes =
        java.nio.file.Files.readAllBytes(
            new java.io.File(base, ".hoodie/" + instant + ".commit").toPath());
    return org.apache.hudi.common.model.HoodieCommitMetadata.fromBytes(
        bytes, org.apache.hudi.common.model.HoodieCommitMetadata.class);
  }

  /**
   * A HudiIO upsert and an upsert of Hudi 0.15's own Java client started together, the second after
   * a random offset (seeded), both with optimistic concurrency control and Hudi's file-system lock
   * (one lock file for both), on overlapping and on disjoint keys, each writer first in turn. The
   * table equals the base with the committed writes applied in commit order. A HudiIO writer that
   * loses leaves nothing; a Hudi writer that loses leaves its pending instant and files behind for
   * Hudi's lazy cleaning of failed writes (Hudi's own behaviour), none of them visible to readers.
   */
  @Test(timeout = 1_200_000)
  public void aHudiIOWriterAndHudisJavaClientStartedAtRandomOffsetsNeverLoseAnUpdate()
      throws Exception {
    Random random = new Random(SEED + 1);
    for (int round = 0; round < 4; round++) {
      boolean overlapping = round % 2 == 0;
      boolean hudiFirst = round >= 2;
      long offset = (long) (random.nextDouble() * 1000);
      String what =
          String.format(
              "Hudi round %d (seed %d): %s keys, %s first, the other after %d ms",
              round,
              SEED + 1,
              overlapping ? "overlapping" : "disjoint",
              hudiFirst ? "Hudi's client" : "HudiIO",
              offset);
      raceWithHudi(what, overlapping, hudiFirst, offset);
    }
  }

  private void raceWithHudi(String what, boolean overlapping, boolean hudiFirst, long offset)
      throws Exception {
    String base = tmp.newFolder().getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c0 = reader.completedInstantTimes().get(0);
    Writer ours = new Writer(1, overlapping ? range(0, 200) : city(0), true);
    Writer theirs = new Writer(2, overlapping ? range(100, 300) : city(1), false);
    java.util.concurrent.atomic.AtomicReference<String> hudiInstant =
        new java.util.concurrent.atomic.AtomicReference<>();

    Future<?> ioRun =
        executor.submit(
            () -> {
              Thread.sleep(hudiFirst ? offset : 0);
              run(ours.rows(), trips(base, WriteOperation.UPSERT).withHoodieProperties(OCC));
              return null;
            });
    Future<?> hudiRun =
        executor.submit(
            () -> {
              Thread.sleep(hudiFirst ? 0 : offset);
              List<GenericRecord> records = new ArrayList<>();
              for (long i : theirs.indexes()) {
                records.add(TripsData.record(theirs.batch(), i));
              }
              try (org.apache.hudi.client.HoodieJavaWriteClient<
                      org.apache.hudi.common.model.OverwriteWithLatestAvroPayload>
                  client = HudiIOHudiClientRaceIT.hudiClient(base)) {
                String instant = client.startCommit();
                hudiInstant.set(instant);
                List<org.apache.hudi.client.WriteStatus> statuses =
                    client.upsert(HudiIOHudiClientRaceIT.hudiRecords(records), instant);
                if (!client.commit(instant, statuses, org.apache.hudi.common.util.Option.empty())) {
                  throw new IllegalStateException(
                      "Hudi's commit of " + instant + " returned false");
                }
              }
              return null;
            });
    boolean ioCommitted = outcome(what + ", HudiIO", ioRun);
    boolean hudiCommitted = hudiOutcome(what + ", Hudi's client", hudiRun);
    System.out.printf(
        "%s: HudiIO %s, Hudi %s%n",
        what, ioCommitted ? "committed" : "failed", hudiCommitted ? "committed" : "failed");
    assertThat(what + ": at least one writer commits", ioCommitted || hudiCommitted, is(true));
    if (!overlapping) {
      assertThat(
          what + ": disjoint file groups both commit", ioCommitted && hudiCommitted, is(true));
    }

    Map<Long, Object[]> expected =
        expectedRows(reader, c0, ours, ioCommitted, theirs, hudiCommitted);
    HudiIOOptimisticConcurrencyIT.assertTable(reader, i -> expected.get(i));
    if (hudiCommitted) {
      assertClean(base, reader);
    } else {
      // Hudi's failed instant waits for Hudi's lazy cleaning; HudiIO left nothing.
      String failed = hudiInstant.get();
      assertThat(
          what + ": only Hudi's failed instant is pending",
          reader
              .metaClient()
              .getActiveTimeline()
              .filterInflightsAndRequested()
              .getInstants()
              .stream()
              .map(org.apache.hudi.common.table.timeline.HoodieInstant::getTimestamp)
              .toList(),
          is(List.of(failed)));
      java.util.TreeSet<String> strays = io.hudibeam.testing.TableFiles.dataFilesOnDisk(base);
      strays.removeAll(SafetyChecks.committedFiles(reader));
      strays.removeIf(f -> f.endsWith("_" + failed + ".parquet"));
      assertThat(what + ": no file of HudiIO outside its commit", strays, hasSize(0));
      assertThat(new java.io.File(base, ".hoodie/lock").exists(), is(false));
    }
  }

  /**
   * The rows expected after the base insert (commit {@code c0}) and the committed ones of the two
   * writers, applied in commit order (index to {batch, commit time}); asserts one completed commit
   * per committed writer. A writer's commit is found by the commit time of a key only it upserted.
   * HudiIO's copy-on-write merge keeps a stored record with a larger ordering value (a later trips
   * batch has larger {@code ts} values), with its commit time; Hudi's client, with {@code
   * OverwriteWithLatestAvroPayload}, replaces it whatever the ordering values.
   */
  private static Map<Long, Object[]> expectedRows(
      HudiTableReader reader,
      String c0,
      Writer a,
      boolean aCommitted,
      Writer b,
      boolean bCommitted) {
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    List<Writer> inCommitOrder = new ArrayList<>();
    Map<Writer, String> instantOf = new TreeMap<>((x, y) -> Long.compare(x.batch(), y.batch()));
    for (Writer w : List.of(a, b)) {
      if (w == a ? aCommitted : bCommitted) {
        Writer other = w == a ? b : a;
        long own = w.indexes().stream().filter(i -> !other.indexes().contains(i)).findFirst().get();
        instantOf.put(
            w, HudiTableReader.string(rows.get(TripsData.key(own)), "_hoodie_commit_time"));
        inCommitOrder.add(w);
      }
    }
    assertThat(reader.completedInstantTimes(), hasSize(1 + inCommitOrder.size()));
    inCommitOrder.sort((x, y) -> instantOf.get(x).compareTo(instantOf.get(y)));
    Map<Long, Object[]> expected = new TreeMap<>();
    for (long i = 0; i < 400; i++) {
      expected.put(i, new Object[] {0L, c0});
    }
    for (Writer w : inCommitOrder) {
      for (long i : w.indexes()) {
        if (!w.hudiIO() || (Long) expected.get(i)[0] <= w.batch()) {
          expected.put(i, new Object[] {w.batch(), instantOf.get(w)});
        }
      }
    }
    return expected;
  }

  /** True if Hudi's client committed; a failure must be Hudi's write-conflict abort. */
  private static boolean hudiOutcome(String what, Future<?> writer) throws Exception {
    try {
      writer.get(600, TimeUnit.SECONDS);
      return true;
    } catch (java.util.concurrent.ExecutionException e) {
      assertThat(
          what + " failed with an unexpected error: " + messages(e),
          messages(e),
          containsString("conflict"));
      return false;
    }
  }
}
