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

import static io.hudibeam.StreamingTesting.counter;
import static io.hudibeam.StreamingTesting.intervalStart;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.fail;

import io.hudibeam.commit.InstantStarter;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.write.WriteOperation;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.joda.time.Duration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A stream never rolls back another writer's instant, even a failed one: it waits, warns once and
 * counts {@code waitsOnFailedWriters}; the next batch write's start rolls the failed instant back,
 * and the stream then commits. A stream takes the lock it is configured with. Tables read back by
 * Hudi, row by row.
 */
public class HudiIOStreamingWaitsIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final long WAIT_MILLIS = 180_000;

  /** How long the plan's move of an instant to inflight is held. */
  static final long PLAN_HOLD_MILLIS = 5_000;

  @Test(timeout = 300_000)
  public void aStreamWaitsForAFailedWritersInstantUntilABatchWriteRollsItBack() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    SafetyChecks.run(TripsRows.batch(0, 0, 10), SafetyChecks.trips(base, WriteOperation.INSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    String first = reader.completedInstantTimes().get(0);

    // A writer that failed: its instant is requested, its heartbeat gone.
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    InstantTime failed =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .start(new TableConfigStore(fs, paths).load(), Action.COMMIT)
            .instantTime();
    new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC()).delete(failed);

    List<TimestampedValue<Row>> input = new ArrayList<>();
    List<Row> streamed = TripsRows.batch(1, 100, 20);
    for (int n = 0; n < streamed.size(); n++) {
      input.add(TimestampedValue.of(streamed.get(n), intervalStart(0).plus(Duration.millis(n))));
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    p.getOptions().as(DirectOptions.class).setBlockOnRun(false);
    p.apply(Create.timestamped(input).withCoder(RowCoder.of(TripsRows.SCHEMA)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(HudiIOStreamingIT.trips(base, WriteOperation.INSERT));
    PipelineResult stream = p.run();
    boolean finished = false;
    try {
      long deadline = System.currentTimeMillis() + WAIT_MILLIS;
      while (counter(stream, CoordinateInstants.class, "waitsOnFailedWriters") < 1) {
        if (System.currentTimeMillis() > deadline) {
          fail(
              "the stream did not report the failed writer's instant within "
                  + WAIT_MILLIS
                  + " ms");
        }
        Thread.sleep(100);
      }
      assertThat(
          "the stream has committed nothing", reader.completedInstantTimes(), is(List.of(first)));
      assertThat(pendingTimes(reader), is(List.of(failed.value())));

      // A batch write starts: it rolls the failed instant back and commits; the stream follows.
      SafetyChecks.run(
          TripsRows.batch(2, 200, 10), SafetyChecks.trips(base, WriteOperation.INSERT));
      PipelineResult.State state = stream.waitUntilFinish(Duration.millis(WAIT_MILLIS));
      assertThat(state, is(PipelineResult.State.DONE));
      finished = true;
    } finally {
      if (!finished) {
        stream.cancel();
      }
    }
    assertThat(counter(stream, CoordinateInstants.class, "waitsOnFailedWriters"), is(1L));
    HudiTableReader after = HudiTableReader.of(base);
    assertThat(after.completedInstantTimes(), hasSize(3));
    assertThat(pendingTimes(after), is(empty()));
    assertThat(after.metaClient().getActiveTimeline().getRollbackTimeline().countInstants(), is(1));
    List<String> expected = new ArrayList<>();
    addExpected(expected, 0, 0, 10);
    addExpected(expected, 1, 100, 20);
    addExpected(expected, 2, 200, 10);
    expected.sort(null);
    assertThat(HudiIOTesting.content(after), is(expected));
  }

  /**
   * A sink's starts take the lock the write is configured with: a stale lock file in the folder of
   * {@code hoodie.write.lock.filesystem.path} stops the stream (no retries), naming that file; with
   * Hudi's InProcessLockProvider the stream ignores lock files and commits.
   */
  @Test(timeout = 300_000)
  public void aStreamTakesTheLockItIsConfiguredWith() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    SafetyChecks.run(TripsRows.batch(0, 0, 10), SafetyChecks.trips(base, WriteOperation.INSERT));
    java.io.File lockFolder = tmp.newFolder("locks");
    java.io.File staleLock = new java.io.File(lockFolder, "lock");
    assertThat(staleLock.createNewFile(), is(true));
    java.io.File staleTableLock = new java.io.File(base, ".hoodie/lock");
    assertThat(staleTableLock.createNewFile(), is(true));
    List<TimestampedValue<Row>> input = new ArrayList<>();
    List<Row> streamed = TripsRows.batch(1, 100, 20);
    for (int n = 0; n < streamed.size(); n++) {
      input.add(TimestampedValue.of(streamed.get(n), intervalStart(0).plus(Duration.millis(n))));
    }

    Pipeline refused = HudiIOTesting.pipeline(2);
    refused
        .apply(Create.timestamped(input).withCoder(RowCoder.of(TripsRows.SCHEMA)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(
            HudiIOStreamingIT.trips(base, WriteOperation.INSERT)
                .withHoodieProperties(
                    java.util.Map.of(
                        "hoodie.write.lock.filesystem.path",
                        lockFolder.getAbsolutePath(),
                        "hoodie.write.lock.client.num_retries",
                        "0")));
    Pipeline.PipelineExecutionException failure =
        org.junit.Assert.assertThrows(
            Pipeline.PipelineExecutionException.class, () -> refused.run().waitUntilFinish());
    assertThat(
        failure.getCause().getMessage(),
        org.hamcrest.Matchers.containsString(
            "Cannot take the lock " + staleLock.getAbsolutePath()));

    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.timestamped(input).withCoder(RowCoder.of(TripsRows.SCHEMA)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(
            HudiIOStreamingIT.trips(base, WriteOperation.INSERT)
                .withHoodieProperties(
                    java.util.Map.of(
                        "hoodie.write.lock.provider",
                        "org.apache.hudi.client.transaction.lock.InProcessLockProvider",
                        "hoodie.write.lock.client.num_retries",
                        "0")));
    p.run().waitUntilFinish();
    assertThat(staleTableLock.delete(), is(true));
    HudiTableReader after = HudiTableReader.of(base);
    assertThat(after.completedInstantTimes(), hasSize(2));
    assertThat(pendingTimes(after), is(empty()));
    List<String> expected = new ArrayList<>();
    addExpected(expected, 0, 0, 10);
    addExpected(expected, 1, 100, 20);
    expected.sort(null);
    assertThat(HudiIOTesting.content(after), is(expected));
  }

  /**
   * An interval of inserts only: the commit step comes after the plan step, which moves the instant
   * to inflight with the workload profile. The inserts are routed by the bucket assigner, which
   * does not read the plan; the order comes from the updates' route, which every record passes and
   * which waits for the plan (see {@code AssignBuckets.existingFileGroups}). The plan's inflight
   * file is held for {@link #PLAN_HOLD_MILLIS}, time for the commit step to write one of its own (a
   * {@code FaultFileSystem} probe counts it); with the commit ordered after the plan it never does.
   * (With the inserts filtered out before the updates' route, this test fails: the commit moves the
   * instant to inflight while the plan is held.)
   */
  @Test(timeout = 300_000)
  public void anInsertsOnlyIntervalCommitsAfterItsPlanMovedTheInstantToInflight() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    String planId = "plan-" + System.nanoTime();
    String commitId = "commit-" + System.nanoTime();
    // The plan writes <T>.inflight through a temporary file; the commit step writes it directly.
    Fault holdPlan =
        Fault.on(planId, Operation.CREATE, ".*/\\.hoodie/\\.\\d+\\.inflight\\..+\\.tmp$").hold();
    Fault commitMoves =
        Fault.on(commitId, Operation.CREATE, ".*/\\.hoodie/\\d+\\.inflight$").note();
    ExecutorService releaser = Executors.newSingleThreadExecutor();
    try {
      releaser.submit(() -> releaseAfter(planId, PLAN_HOLD_MILLIS));
      HudiIOStreamingIT.run(
          StreamingTesting.stream(TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 40))),
          HudiIOStreamingIT.trips(base, WriteOperation.INSERT)
              .withHadoopConfiguration(FaultFileSystem.configuration(holdPlan, commitMoves)));
    } finally {
      releaser.shutdownNow();
      FaultFileSystem.release(planId);
    }
    int planHeld = FaultFileSystem.fired(planId);
    int commitMovedToInflight = FaultFileSystem.fired(commitId);
    FaultFileSystem.forget(planId);
    FaultFileSystem.forget(commitId);
    assertThat("the plan moved the instant to inflight", planHeld, is(1));
    assertThat(
        "the commit step moved the instant to inflight while the plan was doing it",
        commitMovedToInflight,
        is(0));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(1));
    assertThat(pendingTimes(reader), is(empty()));
    List<String> expected = new ArrayList<>();
    addExpected(expected, 0, 0, 40);
    expected.sort(null);
    assertThat(HudiIOTesting.content(reader), is(expected));
  }

  /** Once rule {@code id} holds, lets it go on after {@code millis}: a bounded hold. */
  private static Void releaseAfter(String id, long millis) throws InterruptedException {
    if (FaultFileSystem.awaitHeld(id, 120, TimeUnit.SECONDS)) {
      Thread.sleep(millis);
      FaultFileSystem.release(id);
    }
    return null;
  }

  private static void addExpected(List<String> out, long batch, long start, long count) {
    for (long i = start; i < start + count; i++) {
      out.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(batch, i)));
    }
  }

  private static List<String> pendingTimes(HudiTableReader reader) {
    HoodieTimeline pending = reader.metaClient().getActiveTimeline().filterInflightsAndRequested();
    List<String> out = new ArrayList<>();
    for (HoodieInstant instant : pending.getInstants()) {
      out.add(instant.getTimestamp());
    }
    return out;
  }
}
