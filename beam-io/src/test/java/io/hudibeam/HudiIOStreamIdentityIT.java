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
import static io.hudibeam.StreamingTesting.expected;
import static io.hudibeam.StreamingTesting.intervalStart;
import static io.hudibeam.StreamingTesting.stream;
import static io.hudibeam.StreamingTesting.valuesByKey;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.sink.ReplayMismatchException;
import io.hudibeam.sink.SinkHeartbeat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.write.WriteOperation;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.joda.time.Duration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A stream is known by its sink id and by what its intervals hold (issue #32): a true replay is
 * skipped and reported, another stream whose event times fall into committed intervals of the same
 * sink id is refused before it writes, streams of other operations have ids of their own by
 * default, and a second run of a sink beside a live one is refused. Every table is read back with
 * Hudi's reader.
 */
public class HudiIOStreamIdentityIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Three intervals of 20 records each: indexes 0..59 of batch {@code batch}. */
  private static List<List<Row>> threeIntervals(long batch) {
    return List.of(
        TripsRows.batch(batch, 0, 20),
        TripsRows.batch(batch, 20, 20),
        TripsRows.batch(batch, 40, 20));
  }

  private static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIOStreamingIT.trips(base, operation);
  }

  /** Runs the stream; returns its result, with the skipped intervals checked by {@code check}. */
  private static PipelineResult run(
      TestStream<Row> events,
      HudiIO.Write<Row> write,
      java.util.function.Consumer<HudiWriteResult> check) {
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result = p.apply(events).setRowSchema(TripsRows.SCHEMA).apply(write);
    check.accept(result);
    PipelineResult run = p.run();
    run.waitUntilFinish();
    return run;
  }

  private static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  @Test
  public void aDeleteStreamOverAnInsertStreamsIntervalsDeletesItsKeys() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    run(stream(TripsRows.SCHEMA, threeIntervals(0)), trips(base, WriteOperation.INSERT), r -> {});
    // The same event times, the first two intervals' records, deleted: its own default sink id.
    List<List<Row>> deletes = List.of(TripsRows.batch(0, 0, 20), TripsRows.batch(0, 20, 10));
    PipelineResult deleted =
        run(stream(TripsRows.SCHEMA, deletes), trips(base, WriteOperation.DELETE), r -> {});

    HudiTableReader reader = HudiTableReader.of(base);
    Map<Long, Long> table = new TreeMap<>();
    for (long i = 30; i < 60; i++) {
      table.put(i, 0L);
    }
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    assertThat(counter(deleted, CoordinateInstants.class, "committedIntervalsSkipped"), is(0L));
    List<String> sinks = new ArrayList<>();
    for (String instant : reader.completedInstantTimes()) {
      sinks.add(StreamingTesting.extraMetadata(reader, instant).get(SinkLineage.SINK_ID));
    }
    assertThat(
        sinks,
        is(
            List.of(
                "trips-insert", "trips-insert", "trips-insert", "trips-delete", "trips-delete")));
  }

  @Test
  public void anotherStreamUnderTheSameSinkIdIsRefusedAndWritesNothing() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiIO.Write<Row> inserts = trips(base, WriteOperation.UPSERT).withSinkId("orders");
    run(stream(TripsRows.SCHEMA, threeIntervals(0)), inserts, r -> {});
    HudiTableReader before = HudiTableReader.of(base);
    List<String> content = HudiIOTesting.content(before);
    List<String> commits = before.completedInstantTimes();

    // A reprocessing with new values (batch 1) into the same intervals, under the same sink id.
    Exception refused =
        assertThrows(
            Exception.class,
            () -> run(stream(TripsRows.SCHEMA, threeIntervals(1)), inserts, r -> {}));
    Throwable cause = rootCause(refused);
    assertThat(cause.toString(), cause instanceof ReplayMismatchException, is(true));
    assertThat(cause.getMessage(), containsString("sink orders committed the interval"));
    assertThat(cause.getMessage(), containsString(commits.get(0)));
    assertThat(cause.getMessage(), containsString("withSinkId"));

    // A delete stream over the same records, under the same sink id: refused as well.
    Exception delete =
        assertThrows(
            Exception.class,
            () ->
                run(
                    stream(TripsRows.SCHEMA, threeIntervals(0)),
                    trips(base, WriteOperation.DELETE).withSinkId("orders"),
                    r -> {}));
    assertThat(rootCause(delete) instanceof ReplayMismatchException, is(true));

    HudiTableReader after = HudiTableReader.of(base);
    assertThat("nothing committed", after.completedInstantTimes(), is(commits));
    assertThat("no row changed", HudiIOTesting.content(after), is(content));
    assertThat(
        "nothing pending",
        after.metaClient().getActiveTimeline().filterInflightsAndRequested().countInstants(),
        is(0));
  }

  @Test
  public void aTrueReplayIsSkippedAndReportedWithItsRecordCounts() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<List<Row>> intervals = new ArrayList<>(threeIntervals(0));
    // The last interval is new in the rerun: the first run ended before it.
    List<List<Row>> firstRun = intervals.subList(0, 2);
    run(stream(TripsRows.SCHEMA, firstRun), trips(base, WriteOperation.INSERT), r -> {});
    List<String> committed = HudiTableReader.of(base).completedInstantTimes();
    assertThat(committed, hasSize(2));

    PipelineResult rerun =
        run(
            stream(TripsRows.SCHEMA, intervals),
            trips(base, WriteOperation.INSERT),
            r ->
                PAssert.that(r.getSkippedIntervals())
                    .containsInAnyOrder(
                        skipped(0, 20, committed.get(0)), skipped(1, 20, committed.get(1))));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat("the new interval is committed once", reader.completedInstantTimes(), hasSize(3));
    Map<Long, Long> table = new TreeMap<>();
    for (long i = 0; i < 60; i++) {
      table.put(i, 0L);
    }
    assertThat("every record once", valuesByKey(reader.snapshot()), is(expected(table)));
    assertThat(counter(rerun, CoordinateInstants.class, "committedIntervalsSkipped"), is(2L));
    assertThat(counter(rerun, CoordinateInstants.class, "replayedRecordsSkipped"), is(40L));
  }

  private static HudiSkippedInterval skipped(int interval, long records, String instant) {
    return HudiSkippedInterval.builder()
        .setSinkId("trips-insert")
        .setWindowStartMillis(intervalStart(interval).getMillis())
        .setWindowEndMillis(intervalStart(interval + 1).getMillis())
        .setRecords(records)
        .setCommittedBy(instant)
        .build();
  }

  /**
   * Bounded input with a commit interval: the DirectRunner's processing time is the wall clock then
   * (a TestStream's is its own), so the coordinator polls the sink's heartbeat in real time.
   */
  private static void runBounded(List<List<Row>> intervals, HudiIO.Write<Row> write) {
    List<TimestampedValue<Row>> input = new ArrayList<>();
    for (int k = 0; k < intervals.size(); k++) {
      for (int n = 0; n < intervals.get(k).size(); n++) {
        input.add(
            TimestampedValue.of(
                intervals.get(k).get(n), intervalStart(k).plus(Duration.millis(100 + n))));
      }
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.timestamped(input).withCoder(RowCoder.of(TripsRows.SCHEMA)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write);
    p.run().waitUntilFinish();
  }

  /**
   * Another run of the sink is live (its heartbeat is refreshed every 200 ms, here by a thread
   * standing in for it): this run waits, sees it beat again at its next look (a second later) and
   * is refused; once that run is gone (its heartbeat left to expire), the same stream claims the
   * sink and writes.
   */
  @Test(timeout = 120_000)
  public void aSecondRunBesideALiveOneIsRefusedAndRunsOnceTheOtherIsGone() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiIO.Write<Row> write =
        trips(base, WriteOperation.INSERT)
            .withHoodieProperties(Map.of(HeartbeatSettings.INTERVAL, "1000"));
    runBounded(threeIntervals(0).subList(0, 1), write);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    SinkHeartbeat other =
        new SinkHeartbeat(
            fs,
            TablePaths.of(base),
            "trips-insert",
            new HeartbeatSettings(1000, 2),
            Clock.systemUTC());
    assertThat(
        other.claim("the-other-run", Optional.empty()) instanceof SinkHeartbeat.Claim.Claimed,
        is(true));
    AtomicBoolean live = new AtomicBoolean(true);
    ExecutorService beats = Executors.newSingleThreadExecutor();
    beats.submit(
        () -> {
          while (live.get()) {
            other.beatAsOwner("the-other-run");
            Thread.sleep(200);
          }
          return null;
        });
    try {
      Exception refused = assertThrows(Exception.class, () -> runBounded(threeIntervals(0), write));
      Throwable cause = rootCause(refused);
      assertThat(cause.toString(), cause instanceof ConcurrentWriterException, is(true));
      assertThat(cause.getMessage(), containsString("written by another run (the-other-run)"));
    } finally {
      live.set(false);
      beats.shutdown();
      assertThat(beats.awaitTermination(10, TimeUnit.SECONDS), is(true));
    }
    assertThat(
        "the refused run wrote nothing",
        HudiTableReader.of(base).completedInstantTimes(),
        hasSize(1));

    // The other run is gone: its heartbeat expires and this run takes over. It runs with a longer
    // heartbeat (allowed age 2 x 4000 ms) than the refused one: after the input ends a sink that
    // shows no progress for that age fails the job, and on a loaded machine the gap between one
    // interval's commit and the next instant's start alone could exceed 2 x 1000 ms.
    runBounded(
        threeIntervals(0),
        trips(base, WriteOperation.INSERT)
            .withHoodieProperties(Map.of(HeartbeatSettings.INTERVAL, "4000")));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(3));
    Map<Long, Long> table = new TreeMap<>();
    for (long i = 0; i < 60; i++) {
      table.put(i, 0L);
    }
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    assertThat("the run released the sink when it ended", other.read().isPresent(), is(false));
  }
}
