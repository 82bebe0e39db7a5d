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
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
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
import java.util.stream.Collectors;
import org.apache.beam.sdk.values.Row;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The lost update of issue #10 with two HudiIO pipelines on the DirectRunner, interleaved by a hook
 * (no timing): writer A upserts and is held between its write stage and its commit while writer B
 * upserts overlapping keys. B either fails at once on A's live heartbeat, and A then commits; or,
 * when B treats A's heartbeat as expired, B rolls A back and commits, and A's commit deletes what A
 * wrote and fails. Either way the table holds exactly one writer's data over the committed base
 * (read by Hudi, row by row), with no orphan file, no leftover marker folder and no heartbeat.
 */
public class HudiIOConcurrentWritersIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final String holdId = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(holdId);
    executor.shutdownNow();
  }

  /** Base: 400 trips. A: batch 1 over keys 200..599. B: batch 2 over keys 0..299. */
  private String base() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    return base;
  }

  private Future<?> startHeldWriterA(String base) throws Exception {
    HudiIO.Write<Row> a =
        trips(base, WriteOperation.UPSERT)
            .withHadoopConfiguration(Fault.holdAtCommit(holdId).configuration());
    Future<?> running = executor.submit(() -> run(TripsRows.batch(1, 200, 400), a));
    assertThat(
        "writer A reached its commit",
        FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
        is(true));
    return running;
  }

  @Test
  public void theSecondWriterFailsAtOnceAndTheFirstCommits() throws Exception {
    String base = base();
    HudiTableReader reader = HudiTableReader.of(base);
    String c1 = reader.completedInstantTimes().get(0);
    Future<?> a = startHeldWriterA(base);
    String instantA = pendingInstant(base);

    // B judges heartbeats with 10 tolerable misses (10 minutes), so however slow the machine, A's
    // heartbeat (last refreshed just before the hold) is live for B.
    RuntimeException b =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(2, 0, 300),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(
                            Map.of("hoodie.client.heartbeat.tolerable.misses", "10"))));
    assertThat(
        rootMessage(b),
        allOf(
            containsString("Cannot start a write on table " + base),
            containsString("instant " + instantA),
            containsString("heartbeat"),
            containsString("hoodie.write.concurrency.mode=optimistic_concurrency_control")));

    FaultFileSystem.release(holdId);
    a.get(120, TimeUnit.SECONDS);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, is(List.of(c1, instantA)));
    assertRows(
        reader,
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(1).committedAt(instantA));
    assertClean(base, reader);
  }

  @Test
  public void aWriterRolledBackByTheOtherDeletesItsFilesAndFails() throws Exception {
    String base = base();
    HudiTableReader reader = HudiTableReader.of(base);
    String c1 = reader.completedInstantTimes().get(0);
    Future<?> a = startHeldWriterA(base);
    String instantA = pendingInstant(base);
    assertThat(
        dataFilesOnDisk(base).stream().anyMatch(f -> f.endsWith("_" + instantA + ".parquet")),
        is(true));

    // B counts every heartbeat older than 0 ms as expired (as if A had stopped beating long ago):
    // it rolls A back and commits.
    run(
        TripsRows.batch(2, 0, 300),
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(Map.of("hoodie.client.heartbeat.tolerable.misses", "0")));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String instantB = commits.get(1);

    FaultFileSystem.release(holdId);
    Exception failed = assertThrows(Exception.class, () -> a.get(120, TimeUnit.SECONDS));
    assertThat(
        rootMessage(failed),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("another writer rolled it back"),
            containsString("were deleted")));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB)));
    assertRows(
        reader,
        400,
        trips(0, 300).ofBatch(2).committedAt(instantB),
        trips(300, 400).ofBatch(0).committedAt(c1));
    assertThat(
        dataFilesOnDisk(base).stream()
            .filter(f -> f.contains(instantA))
            .collect(Collectors.toList()),
        is(empty()));
    assertClean(base, reader);
  }

  private static String pendingInstant(String base) {
    List<String> pending =
        Arrays.stream(new File(base, ".hoodie").list())
            .filter(n -> n.endsWith(".commit.requested"))
            .map(n -> n.substring(0, n.indexOf('.')))
            .filter(t -> !new File(base, ".hoodie/" + t + ".commit").exists())
            .collect(Collectors.toList());
    assertThat(pending, hasSize(1));
    return pending.get(0);
  }

  /** No orphan data file, no marker folder, no heartbeat, no lock, nothing pending. */
  private static void assertClean(String base, HudiTableReader reader) {
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
    String[] temp = new File(base, ".hoodie/.temp").list();
    assertThat(temp == null ? List.of() : Arrays.asList(temp), is(empty()));
    String[] heartbeats = new File(base, ".hoodie/.heartbeat").list();
    assertThat(heartbeats == null ? List.of() : Arrays.asList(heartbeats), is(empty()));
    assertThat(new File(base, ".hoodie/lock").exists(), is(false));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
  }

  private static String rootMessage(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }

  /**
   * Exactly {@code size} rows; for each range {@code {from, to, batch}} that batch's rows with the
   * commit time at its position.
   */
}
