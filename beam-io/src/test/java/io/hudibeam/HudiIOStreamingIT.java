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

import static io.hudibeam.StreamingTesting.INTERVAL;
import static io.hudibeam.StreamingTesting.counter;
import static io.hudibeam.StreamingTesting.expected;
import static io.hudibeam.StreamingTesting.extraMetadata;
import static io.hudibeam.StreamingTesting.intervalStart;
import static io.hudibeam.StreamingTesting.snapshotAsOf;
import static io.hudibeam.StreamingTesting.stream;
import static io.hudibeam.StreamingTesting.valuesByKey;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.transforms.streaming.SkipCommittedIntervals;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Streaming writes on the DirectRunner with TestStream: one commit per commit interval with
 * records, in order, each with its lineage; the table after each commit, read by Hudi, holds
 * exactly the records up to that interval; a rerun of the same stream against the table skips every
 * interval.
 */
public class HudiIOStreamingIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation)
        .withTriggeringFrequency(INTERVAL);
  }

  static PipelineResult run(TestStream<Row> events, HudiIO.Write<Row> write) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(events).setRowSchema(TripsRows.SCHEMA).apply(write);
    PipelineResult result = p.run();
    result.waitUntilFinish();
    return result;
  }

  @Test
  public void unboundedInputWithoutTriggeringFrequencyIsRefused() {
    Pipeline p = HudiIOTesting.pipeline(1);
    HudiIO.Write<Row> write = trips(tmp.getRoot().getPath(), WriteOperation.UPSERT);
    HudiIO.Write<Row> batchWrite =
        HudiIO.write()
            .withBasePath(tmp.getRoot().getPath())
            .withTableName("trips")
            .withRecordKeyFields("uuid");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.apply(stream(TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 2))))
                    .setRowSchema(TripsRows.SCHEMA)
                    .apply(batchWrite));
    assertThat(e.getMessage(), containsString("unbounded"));
    assertThat(e.getMessage(), containsString("withTriggeringFrequency(Duration)"));
    IllegalArgumentException bulk =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.apply("bulk", stream(TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 2))))
                    .setRowSchema(TripsRows.SCHEMA)
                    .apply(write.withOperation(WriteOperation.BULK_INSERT)));
    assertThat(bulk.getMessage(), containsString("BULK_INSERT"));
  }

  @Test
  public void insertCommitsOncePerIntervalAndARerunSkipsEveryInterval() throws Exception {
    checkIntervalsAndRerun(WriteOperation.INSERT, w -> w);
  }

  @Test
  public void upsertWithTheSimpleIndexCommitsOncePerIntervalAndARerunSkipsEveryInterval()
      throws Exception {
    checkIntervalsAndRerun(WriteOperation.UPSERT, w -> w.withIndex(IndexType.SIMPLE));
  }

  @Test
  public void upsertWithTheBloomIndexCommitsOncePerIntervalAndARerunSkipsEveryInterval()
      throws Exception {
    checkIntervalsAndRerun(WriteOperation.UPSERT, w -> w.withIndex(IndexType.BLOOM));
  }

  @Test
  public void upsertWithTheGlobalSimpleIndexCommitsOncePerIntervalAndARerunSkipsEveryInterval()
      throws Exception {
    checkIntervalsAndRerun(WriteOperation.UPSERT, w -> w.withIndex(IndexType.GLOBAL_SIMPLE));
  }

  @Test
  public void upsertWithTheBucketIndexCommitsOncePerIntervalAndARerunSkipsEveryInterval()
      throws Exception {
    checkIntervalsAndRerun(
        WriteOperation.UPSERT, w -> w.withIndex(IndexType.BUCKET).withBucketCount(4));
  }

  /**
   * Intervals: 0..19 (batch 0), 20..39, nothing, 40..59; for upserts, interval 1 also updates 0..9
   * and interval 3 updates 20..29 (batch 1). Three commits, and after each the table equals the
   * records up to its interval; the incremental read between two commits returns exactly the later
   * interval's rows. Then the same stream again: no commit, no row changed.
   */
  void checkIntervalsAndRerun(WriteOperation operation, UnaryOperator<HudiIO.Write<Row>> customize)
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    boolean upsert = operation == WriteOperation.UPSERT;
    List<List<Row>> intervals = new ArrayList<>();
    List<Map<Long, Long>> expectedAfter = new ArrayList<>();
    Map<Long, Long> table = new TreeMap<>();
    intervals.add(TripsRows.batch(0, 0, 20));
    put(table, 0, 0, 20);
    expectedAfter.add(new TreeMap<>(table));
    List<Row> second = new ArrayList<>(TripsRows.batch(0, 20, 20));
    put(table, 0, 20, 20);
    if (upsert) {
      second.addAll(TripsRows.batch(1, 0, 10));
      put(table, 1, 0, 10);
    }
    intervals.add(second);
    expectedAfter.add(new TreeMap<>(table));
    intervals.add(List.of());
    List<Row> fourth = new ArrayList<>(TripsRows.batch(0, 40, 20));
    put(table, 0, 40, 20);
    if (upsert) {
      fourth.addAll(TripsRows.batch(1, 20, 10));
      put(table, 1, 20, 10);
    }
    intervals.add(fourth);
    expectedAfter.add(new TreeMap<>(table));

    HudiIO.Write<Row> write = customize.apply(trips(base, operation));
    PipelineResult first = run(stream(TripsRows.SCHEMA, intervals), write);

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat("one commit per interval with records", commits, hasSize(3));
    String sinkId = "trips-" + operation.value();
    assertThat(counter(first, CommitInstant.class, "instantsCommitted"), is(3L));
    int[] windows = {0, 1, 3};
    for (int c = 0; c < commits.size(); c++) {
      Map<String, String> extra = extraMetadata(reader, commits.get(c));
      long start = intervalStart(windows[c]).getMillis();
      long end = intervalStart(windows[c] + 1).getMillis();
      assertThat(extra.get(SinkLineage.SINK_ID), is(sinkId));
      assertThat(extra.get(SinkLineage.WINDOW_START), is(String.valueOf(start)));
      assertThat(extra.get(SinkLineage.WINDOW_END), is(String.valueOf(end)));
      assertThat(extra.get(SinkLineage.COMMITTED_THROUGH), is(String.valueOf(end)));
      assertThat(
          "table as of commit " + c,
          valuesByKey(snapshotAsOf(reader, commits.get(c))),
          is(expected(expectedAfter.get(c))));
    }
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    // Where the sink stands, read outside the pipeline: through the end of its last interval.
    assertThat(HudiSinkProgress.committedThrough(base, sinkId), is(Optional.of(intervalStart(4))));
    assertThat(HudiSinkProgress.committedThrough(base, "another-sink"), is(Optional.empty()));
    assertThat(
        HudiSinkProgress.committedThrough(tmp.getRoot() + "/no-table", "trips"),
        is(Optional.empty()));
    // Hudi's incremental query (commits[1], commits[2]]: exactly the last interval's rows.
    List<GenericRecord> changes = reader.incrementalSince(commits.get(1));
    Map<Long, Long> lastInterval = new TreeMap<>();
    put(lastInterval, 0, 40, 20);
    if (upsert) {
      put(lastInterval, 1, 20, 10);
    }
    assertThat(valuesByKey(changes), is(expected(lastInterval)));
    for (GenericRecord r : changes) {
      assertThat(HudiTableReader.string(r, HudiIOTesting.COMMIT_TIME), is(commits.get(2)));
    }
    List<String> before = HudiIOTesting.content(reader);

    PipelineResult rerun =
        run(stream(TripsRows.SCHEMA, intervals), customize.apply(trips(base, operation)));
    HudiTableReader again = HudiTableReader.of(base);
    assertThat("the rerun commits nothing", again.completedInstantTimes(), is(commits));
    assertThat(HudiIOTesting.content(again), is(before));
    assertThat(counter(rerun, CoordinateInstants.class, "committedIntervalsSkipped"), is(3L));
    assertThat(counter(rerun, CoordinateInstants.class, "instantsStarted"), is(0L));
    assertThat(
        counter(rerun, SkipCommittedIntervals.class, "recordsOfCommittedIntervalsSkipped"),
        is((long) (intervals.get(0).size() + intervals.get(1).size() + intervals.get(3).size())));
  }

  /**
   * A backlog: the records of three intervals arrive, then the watermark passes all of them at
   * once. The coordinator starts the first instant and waits (polling the timeline on a
   * processing-time timer) until it is committed before starting the next: three commits, in
   * interval order, and the table holds every record once.
   */
  @Test
  public void aBacklogOfIntervalsIsCommittedInOrderOneAfterTheOther() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    TestStream.Builder<Row> events =
        TestStream.create(RowCoder.of(TripsRows.SCHEMA)).advanceWatermarkTo(new Instant(0));
    for (int k = 0; k < 3; k++) {
      List<TimestampedValue<Row>> rows = new ArrayList<>();
      for (Row row : TripsRows.batch(0, k * 10, 10)) {
        rows.add(TimestampedValue.of(row, intervalStart(k).plus(Duration.millis(rows.size()))));
      }
      events =
          events.addElements(
              rows.get(0), rows.subList(1, rows.size()).toArray(new TimestampedValue[0]));
    }
    events = events.advanceWatermarkTo(intervalStart(3));
    for (int poll = 0; poll < 10; poll++) {
      events = events.advanceProcessingTime(Duration.standardSeconds(1));
    }
    PipelineResult result =
        run(events.advanceWatermarkToInfinity(), trips(base, WriteOperation.INSERT));

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    for (int k = 0; k < 3; k++) {
      assertThat(
          extraMetadata(reader, commits.get(k)).get(SinkLineage.WINDOW_START),
          is(String.valueOf(intervalStart(k).getMillis())));
      Map<Long, Long> upTo = new TreeMap<>();
      put(upTo, 0, 0, 10 * (k + 1));
      assertThat(valuesByKey(snapshotAsOf(reader, commits.get(k))), is(expected(upTo)));
    }
    assertThat(
        "the coordinator waited for the previous commit",
        counter(result, CoordinateInstants.class, "timelinePolls") > 0,
        is(true));
  }

  /**
   * Bounded input with a triggering frequency: the input ends at once, while the first interval's
   * instant is still being written, so the later intervals wait for it after the end of input (the
   * case that hung before {@code EndOfInputHold}: the coordinator's timers stop when its input
   * ends). Upserts over three intervals with records and an empty one: three commits, in interval
   * order, each equal to the records up to its interval when read by Hudi as of that commit; a
   * rerun over the same input commits nothing.
   */
  @Test(timeout = 240_000)
  public void boundedInputOverSeveralIntervalsCommitsEachIntervalInOrder() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<TimestampedValue<Row>> input = new ArrayList<>();
    List<Map<Long, Long>> expectedAfter = new ArrayList<>();
    Map<Long, Long> table = new TreeMap<>();
    addTimestamped(input, 0, TripsRows.batch(0, 0, 20));
    put(table, 0, 0, 20);
    expectedAfter.add(new TreeMap<>(table));
    addTimestamped(input, 1, TripsRows.batch(0, 20, 10));
    addTimestamped(input, 1, TripsRows.batch(1, 0, 10));
    put(table, 0, 20, 10);
    put(table, 1, 0, 10);
    expectedAfter.add(new TreeMap<>(table));
    addTimestamped(input, 3, TripsRows.batch(2, 5, 20));
    put(table, 2, 5, 20);
    expectedAfter.add(new TreeMap<>(table));

    PipelineResult first = runBounded(input, trips(base, WriteOperation.UPSERT));

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat("one commit per interval with records", commits, hasSize(3));
    int[] windows = {0, 1, 3};
    for (int c = 0; c < commits.size(); c++) {
      assertThat(
          extraMetadata(reader, commits.get(c)).get(SinkLineage.WINDOW_START),
          is(String.valueOf(intervalStart(windows[c]).getMillis())));
      assertThat(
          "table as of commit " + c,
          valuesByKey(snapshotAsOf(reader, commits.get(c))),
          is(expected(expectedAfter.get(c))));
    }
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    assertThat(counter(first, CoordinateInstants.class, "endOfInputStalls"), is(0L));
    List<String> before = HudiIOTesting.content(reader);

    PipelineResult rerun = runBounded(input, trips(base, WriteOperation.UPSERT));
    HudiTableReader again = HudiTableReader.of(base);
    assertThat("the rerun commits nothing", again.completedInstantTimes(), is(commits));
    assertThat(HudiIOTesting.content(again), is(before));
    assertThat(counter(rerun, CoordinateInstants.class, "committedIntervalsSkipped"), is(3L));
  }

  /**
   * Hudi's own writer continues a table a stream wrote, and the stream then continues the table
   * Hudi wrote: a stream commits intervals 0 and 1; Hudi's Java client upserts (updates rows of
   * both intervals, inserts new ones); the same sink then streams intervals 2 and 3 (updating rows
   * Hudi wrote). Four stream commits and Hudi's between them; the final table, read by Hudi, holds
   * every row with the value of its last writer, and Hudi's commit did not end the sink's lineage.
   */
  @Test(timeout = 240_000)
  public void hudisWriterContinuesAStreamedTableAndTheStreamContinuesHudisTable() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<Long, Long> table = new TreeMap<>();
    List<TimestampedValue<Row>> firstRun = new ArrayList<>();
    addTimestamped(firstRun, 0, TripsRows.batch(0, 0, 20));
    addTimestamped(firstRun, 1, TripsRows.batch(0, 20, 20));
    put(table, 0, 0, 40);
    runBounded(firstRun, trips(base, WriteOperation.UPSERT));

    // Hudi's writer with its metadata table on, its default.
    String hudiCommit =
        HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(1, 10, 40));
    put(table, 1, 10, 40);

    List<TimestampedValue<Row>> secondRun = new ArrayList<>();
    addTimestamped(secondRun, 2, TripsRows.batch(2, 45, 10));
    addTimestamped(secondRun, 3, TripsRows.batch(3, 0, 5));
    put(table, 2, 45, 10);
    put(table, 3, 0, 5);
    runBounded(secondRun, trips(base, WriteOperation.UPSERT));

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(5));
    assertThat(commits.get(2), is(hudiCommit));
    for (int c : new int[] {0, 1, 3, 4}) {
      int window = c < 2 ? c : c - 1;
      assertThat(
          extraMetadata(reader, commits.get(c)).get(SinkLineage.WINDOW_START),
          is(String.valueOf(intervalStart(window).getMillis())));
    }
    assertThat(extraMetadata(reader, hudiCommit).get(SinkLineage.SINK_ID), is((String) null));
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
  }

  /**
   * MERGE_ON_READ on the streaming path, with the BUCKET index and inline compaction every two
   * deltacommits: intervals 0, 1 and 3 (upserts updating earlier intervals' rows) become three
   * deltacommits with the sink's lineage, updates go to log files, a compaction commit follows the
   * second deltacommit, and the table read by Hudi's merging reader holds every row's last value; a
   * rerun over the same input commits nothing.
   */
  @Test(timeout = 240_000)
  public void mergeOnReadStreamWritesDeltaCommitsAndCompactsInline() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<TimestampedValue<Row>> input = new ArrayList<>();
    Map<Long, Long> table = new TreeMap<>();
    addTimestamped(input, 0, TripsRows.batch(0, 0, 30));
    put(table, 0, 0, 30);
    addTimestamped(input, 1, TripsRows.batch(1, 0, 10));
    addTimestamped(input, 1, TripsRows.batch(1, 30, 10));
    put(table, 1, 0, 10);
    put(table, 1, 30, 10);
    addTimestamped(input, 3, TripsRows.batch(2, 5, 10));
    put(table, 2, 5, 10);
    UnaryOperator<HudiIO.Write<Row>> mor =
        w ->
            w.withTableType(TableType.MERGE_ON_READ)
                .withIndex(IndexType.BUCKET)
                .withBucketCount(2)
                .withHoodieProperties(
                    Map.of(
                        "hoodie.compact.inline",
                        "true",
                        "hoodie.compact.inline.max.delta.commits",
                        "2"));

    PipelineResult first = runBounded(input, mor.apply(trips(base, WriteOperation.UPSERT)));

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> actions = new ArrayList<>();
    List<String> deltaCommits = new ArrayList<>();
    for (HoodieInstant instant :
        reader
            .metaClient()
            .getActiveTimeline()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .getInstants()) {
      actions.add(instant.getAction());
      if (instant.getAction().equals(HoodieTimeline.DELTA_COMMIT_ACTION)) {
        deltaCommits.add(instant.getTimestamp());
      }
    }
    // The compaction step runs after the second deltacommit's commit step, beside the start of
    // interval 3's instant: it compacts before that instant starts, or, finding it pending (a
    // compaction is never scheduled before a pending write), after it completes.
    assertThat(
        actions,
        anyOf(
            is(List.of("deltacommit", "deltacommit", "commit", "deltacommit")),
            is(List.of("deltacommit", "deltacommit", "deltacommit", "commit"))));
    int[] windows = {0, 1, 3};
    for (int c = 0; c < deltaCommits.size(); c++) {
      assertThat(
          extraMetadata(reader, deltaCommits.get(c)).get(SinkLineage.WINDOW_START),
          is(String.valueOf(intervalStart(windows[c]).getMillis())));
    }
    assertThat(
        "the last interval's updates are in log files",
        MergeOnReadChecks.logFilesOnDisk(base).isEmpty(),
        is(false));
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    assertThat(counter(first, CommitInstant.class, "instantsCommitted"), is(3L));
    List<String> before = HudiIOTesting.content(reader);

    runBounded(input, mor.apply(trips(base, WriteOperation.UPSERT)));
    HudiTableReader again = HudiTableReader.of(base);
    assertThat(
        again
            .metaClient()
            .getActiveTimeline()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(4));
    assertThat(HudiIOTesting.content(again), is(before));
  }

  private static void addTimestamped(
      List<TimestampedValue<Row>> input, int interval, List<Row> rows) {
    for (int n = 0; n < rows.size(); n++) {
      input.add(
          TimestampedValue.of(rows.get(n), intervalStart(interval).plus(Duration.millis(100 + n))));
    }
  }

  private static PipelineResult runBounded(
      List<TimestampedValue<Row>> input, HudiIO.Write<Row> write) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.timestamped(input).withCoder(RowCoder.of(TripsRows.SCHEMA)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write);
    PipelineResult result = p.run();
    result.waitUntilFinish();
    return result;
  }

  /**
   * Late data (allowed lateness 0): after interval 2 closed empty, a record of interval 0 (which
   * was committed) and one of interval 2 arrive. Neither is written; the one of the interval that
   * had no instant is counted in {@code lateRecordsDropped}, the other is dropped by the runner's
   * windowing at the next GroupByKey (Beam's {@code droppedDueToLateness} counter).
   */
  @Test
  public void lateRecordsAreDroppedAndCounted() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<Row> first = TripsRows.batch(0, 0, 10);
    List<Row> second = TripsRows.batch(0, 10, 10);
    List<Row> fourth = TripsRows.batch(0, 20, 10);
    TestStream.Builder<Row> events =
        TestStream.create(RowCoder.of(TripsRows.SCHEMA)).advanceWatermarkTo(new Instant(0));
    events = addInterval(events, 0, first).advanceWatermarkTo(intervalStart(1));
    events = addInterval(events, 1, second).advanceWatermarkTo(intervalStart(3));
    events =
        events.addElements(
            TimestampedValue.of(TripsRows.row(0, 100), intervalStart(0).plus(Duration.millis(500))),
            TimestampedValue.of(
                TripsRows.row(0, 101), intervalStart(2).plus(Duration.millis(500))));
    events = addInterval(events, 3, fourth).advanceWatermarkTo(intervalStart(4));
    PipelineResult result =
        run(events.advanceWatermarkToInfinity(), trips(base, WriteOperation.INSERT));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(3));
    Map<Long, Long> table = new TreeMap<>();
    put(table, 0, 0, 30);
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    assertThat(counter(result, SkipCommittedIntervals.class, "lateRecordsDropped"), is(1L));
    assertThat(counter(result, CommitInstant.class, "instantsCommitted"), is(3L));
    assertThat(lateDropsByTheRunner(result) > 0, is(true));
  }

  /**
   * A run crashes while writing interval 1 (a base file fails after its bytes are written), leaving
   * interval 1's instant pending with files and markers. A fresh run of the same stream, same sink
   * id: interval 0 is skipped (committed), the crashed run's pending instant of the sink is rolled
   * back (its files deleted by their markers) before interval 1's new instant, and the table ends
   * with every record exactly once (insert: a duplicate would show), nothing pending, no file of
   * the crashed instant left.
   */
  @Test
  public void aFreshRunAfterACrashRollsBackTheSinksPendingInstantAndEndsExact() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<Row> crashing = new ArrayList<>(TripsRows.batch(0, 16, 16));
    for (long i = 1000; i < 1004; i++) {
      crashing.add(Row.fromRow(TripsRows.row(0, i)).withFieldValue("city", "crash").build());
    }
    List<List<Row>> intervals = List.of(TripsRows.batch(0, 0, 16), crashing);
    HudiIO.Write<Row> write =
        trips(base, WriteOperation.INSERT)
            .withHadoopConfiguration(
                Fault.on(tmp.getRoot() + "/crashed", Operation.CLOSE, ".*/crash/[^/]*\\.parquet")
                    .onceFlaggedBy(tmp.getRoot() + "/crashed")
                    .configuration());
    assertThrows(Exception.class, () -> run(stream(TripsRows.SCHEMA, intervals), write));
    HudiTableReader crashed = HudiTableReader.of(base);
    assertThat(crashed.completedInstantTimes(), hasSize(1));
    List<String> pending =
        crashed
            .metaClient()
            .getActiveTimeline()
            .filterInflightsAndRequested()
            .getInstantsAsStream()
            .map(i -> i.getTimestamp())
            .collect(Collectors.toList());
    assertThat(pending, hasSize(1));
    assertThat(
        TableFiles.dataFilesOnDisk(base).stream().anyMatch(f -> f.contains(pending.get(0))),
        is(true));

    PipelineResult rerun = run(stream(TripsRows.SCHEMA, intervals), write);
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(2));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().countInstants(),
        is(0));
    assertThat(
        reader
            .metaClient()
            .getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(1));
    Map<String, List<Object>> actual = valuesByKey(reader.snapshot());
    assertThat(actual.size(), is(36));
    for (long i = 1000; i < 1004; i++) {
      List<Object> values = new ArrayList<>(TripsData.values(TripsData.record(0, i)));
      values.set(TripsData.SCHEMA.getField("city").pos(), "crash");
      assertThat(actual.get(TripsData.key(i)), is(values));
    }
    for (long i = 0; i < 32; i++) {
      assertThat(actual.get(TripsData.key(i)), is(TripsData.values(TripsData.record(0, i))));
    }
    assertThat(
        "no file of the crashed instant is left",
        TableFiles.dataFilesOnDisk(base).stream().noneMatch(f -> f.contains(pending.get(0))),
        is(true));
    assertThat(counter(rerun, CoordinateInstants.class, "committedIntervalsSkipped"), is(1L));
  }

  private static long lateDropsByTheRunner(PipelineResult result) {
    long sum = 0;
    for (MetricResult<Long> c : result.metrics().allMetrics().getCounters()) {
      if (c.getName().getName().equalsIgnoreCase("droppedDueToLateness")) {
        sum += c.getAttempted();
      }
    }
    return sum;
  }

  private static TestStream.Builder<Row> addInterval(
      TestStream.Builder<Row> events, int k, List<Row> rows) {
    List<TimestampedValue<Row>> timed = new ArrayList<>();
    for (Row row : rows) {
      timed.add(TimestampedValue.of(row, intervalStart(k).plus(Duration.millis(timed.size()))));
    }
    return events.addElements(
        timed.get(0), timed.subList(1, timed.size()).toArray(new TimestampedValue[0]));
  }

  private static void put(Map<Long, Long> table, long batch, long start, long count) {
    for (long i = start; i < start + count; i++) {
      table.put(i, batch);
    }
  }
}
