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

import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertTable;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.messages;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.pendingInstants;
import static io.hudibeam.HudiIOS3OptimisticConcurrencyIT.city;
import static io.hudibeam.S3Writers.metaFolderPattern;
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.fs.FileSystem;
import org.junit.After;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Two single writers (the default mode) on one S3 table, where the table lock {@code .hoodie/lock}
 * is a probe and an upload and so excludes nobody (issue #38). Interleaved by holds of {@code
 * FaultS3AFileSystem}'s rules, no timing: at {@link Operation#OPENED} (inside S3A's {@code create},
 * after its probe for an existing file, before the upload) both writers pass the lock at their
 * start and start side by side. Then: both pass the lock at their commit and the commit intents
 * ({@code CommitIntents}) make the writer that announces second fail, deleting its files, while the
 * other commits; or both announce before either lists, and both fail; or their commits do not
 * overlap, and on disjoint file groups both commit. Hudi's reader sees exactly the committed
 * writes, and the next write rolls the failed instants back. Never two successes of which one lost
 * the other's update.
 */
public class HudiIOS3TwoWritersIT {
  @ClassRule public static final S3Server S3 = new S3Server();

  /** File systems of an earlier class's server (gone) must not be reused from Hadoop's cache. */
  @BeforeClass
  public static void forgetOtherServersFileSystems() throws IOException {
    FileSystem.closeAll();
  }

  private final S3Writers s3 = new S3Writers(S3);
  private final ExecutorService executor = Executors.newFixedThreadPool(2);
  private final String prefix = UUID.randomUUID().toString();
  private final List<String> rules = new ArrayList<>();

  @After
  public void tearDown() {
    rules.forEach(FaultFileSystem::release);
    rules.forEach(FaultFileSystem::forget);
    executor.shutdownNow();
  }

  /** A hold at {@code operation} on the first path matching {@code path}, named {@code name}. */
  private Fault hold(String name, Operation operation, String path) {
    String id = prefix + "-" + name;
    rules.add(id);
    return Fault.on(id, operation, path).hold();
  }

  private static boolean awaitHeld(Fault rule) throws InterruptedException {
    return FaultFileSystem.awaitHeld(rule.id(), 180, TimeUnit.SECONDS);
  }

  private static void release(Fault rule) {
    FaultFileSystem.release(rule.id());
  }

  /** Two writers started side by side, each held at its commit; B minted its instant first. */
  private record SideBySide(Future<?> a, Future<?> b, String instantA, String instantB) {}

  /**
   * Starts A (upserting {@code rowsA}) and B ({@code rowsB}) side by side: A is held after probing
   * the lock at its start while B takes the lock and mints its instant (held before uploading its
   * requested file); A then "creates" the lock B holds and starts, B's instant not on the timeline
   * yet; then B's requested instant goes in. Returns when A is held at the first of {@code laterA}
   * and B at the first of {@code laterB} (rules that match only after a base file was written: at
   * the commit), both with their base files written; the rest of each list are the writer's later
   * rules.
   */
  private SideBySide startSideBySide(
      String base, List<Row> rowsA, List<Row> rowsB, List<Fault> laterA, List<Fault> laterB)
      throws Exception {
    HudiTableReader reader = s3.reader(base);
    String meta = metaFolderPattern(base);
    Fault startA = hold("startA", Operation.OPENED, meta + "lock");
    Fault requestedB = hold("requestedB", Operation.OPENED, meta + "\\d+\\.commit\\.requested");
    List<Fault> rulesA = new ArrayList<>(List.of(startA));
    rulesA.addAll(laterA);
    List<Fault> rulesB = new ArrayList<>(List.of(requestedB));
    rulesB.addAll(laterB);
    Future<?> a =
        executor.submit(
            () ->
                run(
                    rowsA,
                    s3.heldOnS3(
                        base, WriteOperation.UPSERT, Map.of(), rulesA.toArray(new Fault[0]))));
    assertThat("A probed the lock at its start", awaitHeld(startA), is(true));
    Future<?> b =
        executor.submit(
            () ->
                run(
                    rowsB,
                    s3.heldOnS3(
                        base, WriteOperation.UPSERT, Map.of(), rulesB.toArray(new Fault[0]))));
    assertThat("B took the lock and minted its instant", awaitHeld(requestedB), is(true));
    release(startA);
    assertThat(
        "A started, wrote its files and is at its commit", awaitHeld(laterA.get(0)), is(true));
    List<String> pending = pendingInstants(reader);
    assertThat(pending, hasSize(1));
    String instantA = pending.get(0);
    release(requestedB);
    assertThat("B wrote its files and is at its commit", awaitHeld(laterB.get(0)), is(true));
    pending = pendingInstants(reader);
    assertThat(pending, hasSize(2));
    assertThat("B minted its instant before A did", pending.get(1), is(instantA));
    return new SideBySide(a, b, instantA, pending.get(0));
  }

  @Test
  public void ofTwoSingleWritersCommittingAtOnceOnS3OneFailsAndNothingIsLost() throws Exception {
    String base = S3.newTable("two-writers");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, Map.of()));
    String c1 = reader.completedInstantTimes().get(0);
    String meta = metaFolderPattern(base);

    // A: held after probing the lock at its commit. B: held before uploading its completed instant.
    Fault commitA = hold("commitA", Operation.OPENED, meta + "lock").afterCreating(Fault.BASE_FILE);
    Fault completedB = hold("completedB", Operation.OPENED, meta + "\\d+\\.commit");
    // A updates keys 0..199 and B keys 100..299: the same 8 file groups.
    SideBySide w =
        startSideBySide(
            base,
            TripsRows.batch(1, 0, 200),
            TripsRows.batch(2, 100, 200),
            List.of(commitA),
            List.of(completedB));
    String instantA = w.instantA();
    String instantB = w.instantB();
    assertThat(s3.filesOf(base, instantA), hasSize(8));

    // A "creates" the lock too (B took it, A's upload was held) and would commit beside B: its
    // intent finds B's.
    release(commitA);
    Exception refused = assertThrows(Exception.class, () -> w.a().get(180, TimeUnit.SECONDS));
    assertThat(
        messages(refused),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("another writer is committing instant " + instantB),
            containsString("excludes no other writer on s3a"),
            containsString("hoodie.write.concurrency.mode=SINGLE_WRITER"),
            containsString("Nothing of this write is committed")));
    assertThat("A's files are deleted", s3.filesOf(base, instantA), is(empty()));

    release(completedB);
    w.b().get(180, TimeUnit.SECONDS);
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB)));
    assertTable(
        reader, i -> i >= 100 && i < 300 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    assertThat(
        "A's instant waits for the next write", pendingInstants(reader), is(List.of(instantA)));

    // The next write rolls A's instant back and commits over B's.
    run(TripsRows.batch(3, 0, 50), s3.onS3(base, WriteOperation.UPSERT, Map.of()));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    String c3 = commits.get(2);
    assertThat(completedRollbacks(reader), is(1));
    assertTable(
        reader,
        i ->
            i < 50
                ? new Object[] {3L, c3}
                : i >= 100 && i < 300 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    s3.assertClean(base, reader);
  }

  @Test
  public void ofTwoSingleWritersOfDisjointFileGroupsWhoseCommitsDoNotOverlapBothCommit()
      throws Exception {
    String base = S3.newTable("two-writers-disjoint");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, Map.of()));
    String c1 = reader.completedInstantTimes().get(0);

    // Both held before their commit looks at the lock; A writes city 0's file group, B city 1's.
    Fault commitA = Fault.holdAtCommit(prefix + "-commitA");
    Fault commitB = Fault.holdAtCommit(prefix + "-commitB");
    rules.addAll(List.of(commitA.id(), commitB.id()));
    SideBySide w =
        startSideBySide(base, city(1, 0), city(2, 1), List.of(commitA), List.of(commitB));
    String instantA = w.instantA();
    String instantB = w.instantB();

    // A commits whole (its intent written, listed alone, withdrawn) before B's commit begins.
    release(commitA);
    w.a().get(180, TimeUnit.SECONDS);
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantA)));
    assertThat(
        "A withdrew its intent", s3.namesIn(base, ".hoodie/.aux/.commit-intents"), is(empty()));

    // B started before A completed: its conflict check sees A, on other file groups, and passes.
    release(commitB);
    w.b().get(180, TimeUnit.SECONDS);
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB, instantA)));
    assertTable(
        reader,
        i ->
            i % 8 == 0
                ? new Object[] {1L, instantA}
                : i % 8 == 1 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    s3.assertClean(base, reader);
  }

  @Test
  public void ofTwoSingleWritersWhoseIntentsBothExistWhenEachListsBothFail() throws Exception {
    String base = S3.newTable("two-writers-both-announce");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, Map.of()));
    String c1 = reader.completedInstantTimes().get(0);
    String meta = metaFolderPattern(base);
    String intent = meta + "\\.aux/\\.commit-intents/\\d+";

    // Both held after probing the lock at their commit (so both find it absent and take it), then
    // after uploading their intent, before listing the intents.
    Fault lockA = hold("lockA", Operation.OPENED, meta + "lock").afterCreating(Fault.BASE_FILE);
    Fault lockB = hold("lockB", Operation.OPENED, meta + "lock").afterCreating(Fault.BASE_FILE);
    Fault intentA = hold("intentA", Operation.CLOSE, intent);
    Fault intentB = hold("intentB", Operation.CLOSE, intent);
    SideBySide w =
        startSideBySide(
            base,
            TripsRows.batch(1, 0, 200),
            TripsRows.batch(2, 100, 200),
            List.of(lockA, intentA),
            List.of(lockB, intentB));
    String instantA = w.instantA();
    String instantB = w.instantB();
    assertThat(s3.filesOf(base, instantA), hasSize(8));
    assertThat(s3.filesOf(base, instantB), hasSize(8));

    // Both "create" the lock, write their intents and are held before listing: each list finds
    // the other's intent.
    release(lockA);
    release(lockB);
    assertThat("A wrote its intent", awaitHeld(intentA), is(true));
    assertThat("B wrote its intent", awaitHeld(intentB), is(true));
    assertThat(
        s3.namesIn(base, ".hoodie/.aux/.commit-intents"), containsInAnyOrder(instantA, instantB));
    release(intentA);
    release(intentB);
    Exception refusedA = assertThrows(Exception.class, () -> w.a().get(180, TimeUnit.SECONDS));
    Exception refusedB = assertThrows(Exception.class, () -> w.b().get(180, TimeUnit.SECONDS));
    assertThat(
        messages(refusedA),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("another writer is committing instant " + instantB),
            containsString("Nothing of this write is committed")));
    assertThat(
        messages(refusedB),
        allOf(
            containsString("Cannot commit instant " + instantB),
            containsString("another writer is committing instant " + instantA),
            containsString("Nothing of this write is committed")));
    assertThat("A's files are deleted", s3.filesOf(base, instantA), is(empty()));
    assertThat("B's files are deleted", s3.filesOf(base, instantB), is(empty()));

    // Neither commit is visible; the first write is whole; both instants wait for the next write.
    assertThat(reader.completedInstantTimes(), is(List.of(c1)));
    assertTable(reader, i -> new Object[] {0L, c1});
    assertThat(pendingInstants(reader), is(List.of(instantB, instantA)));

    // The next write rolls both back and commits.
    run(TripsRows.batch(3, 0, 50), s3.onS3(base, WriteOperation.UPSERT, Map.of()));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c3 = commits.get(1);
    assertThat(completedRollbacks(reader), is(2));
    assertTable(reader, i -> i < 50 ? new Object[] {3L, c3} : new Object[] {0L, c1});
    s3.assertClean(base, reader);
  }

  private static int completedRollbacks(HudiTableReader reader) {
    return reader
        .metaClient()
        .getActiveTimeline()
        .getRollbackTimeline()
        .filterCompletedInstants()
        .countInstants();
  }
}
