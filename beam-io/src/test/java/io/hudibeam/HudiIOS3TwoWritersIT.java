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
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HoldS3AFileSystem.Stop;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileSystem;
import org.junit.After;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Two single writers (the default mode) on one S3 table, where the table lock {@code .hoodie/lock}
 * is a probe and an upload and so excludes nobody (issue #38). Interleaved by holds inside S3A's
 * {@code create} ({@link HoldS3AFileSystem}), no timing: both writers pass the lock at their start
 * and start side by side, then both pass it at their commit. The commit intents ({@code
 * CommitIntents}) make the writer that announces second fail with a clear message, deleting its
 * files; the other commits; Hudi's reader sees exactly the committed write, and the next write
 * rolls the failed instant back. Never two successes of which one lost the other's update.
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
  private final String idA = UUID.randomUUID().toString();
  private final String idB = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    HoldS3AFileSystem.unregister(idA);
    HoldS3AFileSystem.unregister(idB);
    executor.shutdownNow();
  }

  @Test
  public void ofTwoSingleWritersCommittingAtOnceOnS3OneFailsAndNothingIsLost() throws Exception {
    String base = S3.newTable("two-writers");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, Map.of()));
    String c1 = reader.completedInstantTimes().get(0);
    String meta = Pattern.quote(base + "/.hoodie/");

    // A: held after probing the lock at its start, and again at its commit.
    Stop startA = Stop.at(meta + "lock");
    Stop commitA = Stop.afterBaseFileAt(meta + "lock");
    HoldS3AFileSystem.register(idA, startA, commitA);
    // B: held with the lock before uploading its requested instant, and before its completed one.
    Stop requestedB = Stop.at(meta + "\\d+\\.commit\\.requested");
    Stop completedB = Stop.at(meta + "\\d+\\.commit");
    HoldS3AFileSystem.register(idB, requestedB, completedB);

    // A updates keys 0..199 and B keys 100..299: the same 8 file groups.
    Future<?> a =
        executor.submit(
            () ->
                run(
                    TripsRows.batch(1, 0, 200),
                    s3.heldOnS3(base, WriteOperation.UPSERT, Map.of(), idA)));
    assertThat("A probed the lock at its start", startA.awaitReached(), is(true));
    Future<?> b =
        executor.submit(
            () ->
                run(
                    TripsRows.batch(2, 100, 200),
                    s3.heldOnS3(base, WriteOperation.UPSERT, Map.of(), idB)));
    assertThat("B took the lock and minted its instant", requestedB.awaitReached(), is(true));

    // A "creates" the lock B holds and starts: B's instant is not on the timeline yet.
    startA.release();
    assertThat("A wrote its files and probed the lock to commit", commitA.awaitReached(), is(true));
    List<String> pending = pendingInstants(reader);
    assertThat(pending, hasSize(1));
    String instantA = pending.get(0);
    assertThat(s3.filesOf(base, instantA), hasSize(8));

    // B's requested instant goes in; B writes, passes the lock (A's upload is held) and its checks.
    requestedB.release();
    assertThat("B is about to complete its commit", completedB.awaitReached(), is(true));
    pending = pendingInstants(reader);
    assertThat(pending, hasSize(2));
    String instantB = pending.get(0);
    assertThat("B minted its instant before A did", pending.get(1), is(instantA));

    // A "creates" the lock too and would commit beside B: its intent finds B's.
    commitA.release();
    Exception refused = assertThrows(Exception.class, () -> a.get(180, TimeUnit.SECONDS));
    assertThat(
        messages(refused),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("another writer is committing instant " + instantB),
            containsString("excludes no other writer on s3a"),
            containsString("hoodie.write.concurrency.mode=SINGLE_WRITER"),
            containsString("Nothing of this write is committed")));
    assertThat("A's files are deleted", s3.filesOf(base, instantA), is(empty()));

    completedB.release();
    b.get(180, TimeUnit.SECONDS);
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
    assertThat(
        reader
            .metaClient()
            .getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(1));
    assertTable(
        reader,
        i ->
            i < 50
                ? new Object[] {3L, c3}
                : i >= 100 && i < 300 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    s3.assertClean(base, reader);
  }
}
