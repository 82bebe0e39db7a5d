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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.transforms.streaming.SkipCommittedIntervals;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Streaming writes on the DirectRunner with TestStream: one commit per commit interval with
 * records, in order, each with its lineage; the table after each commit, read by Hudi, holds
 * exactly the records up to that interval; a rerun of the same stream against the table skips
 * every interval.
 */
public class HudiIOStreamingTest {
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
        HudiIO.write().withBasePath(tmp.getRoot().getPath()).withTableName("trips").withRecordKeyFields("uuid");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () ->
            p.apply(stream(TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 2)))).setRowSchema(TripsRows.SCHEMA)
                .apply(batchWrite));
    assertThat(e.getMessage(), containsString("unbounded"));
    assertThat(e.getMessage(), containsString("withTriggeringFrequency(Duration)"));
    IllegalArgumentException bulk =
        assertThrows(IllegalArgumentException.class, () ->
            p.apply("bulk", stream(TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 2)))).setRowSchema(TripsRows.SCHEMA)
                .apply(write.withOperation(WriteOperation.BULK_INSERT)));
    assertThat(bulk.getMessage(), containsString("BULK_INSERT"));
  }

  @Test
  public void insertCommitsOncePerIntervalAndARerunSkipsEveryInterval() throws Exception {
    checkIntervalsAndRerun(WriteOperation.INSERT, w -> w);
  }

  /**
   * Intervals: 0..19 (batch 0), 20..39, nothing, 40..59; for upserts, interval 1 also updates
   * 0..9 and interval 3 updates 20..29 (batch 1). Three commits, and after each the table equals
   * the records up to its interval; the incremental read between two commits returns exactly the
   * later interval's rows. Then the same stream again: no commit, no row changed.
   */
  void checkIntervalsAndRerun(WriteOperation operation, UnaryOperator<HudiIO.Write<Row>> customize) throws Exception {
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
    assertThat(counter(first, CommitInstant.class, "instantsCommitted"), is(3L));
    int[] windows = {0, 1, 3};
    for (int c = 0; c < commits.size(); c++) {
      Map<String, String> extra = extraMetadata(reader, commits.get(c));
      long start = intervalStart(windows[c]).getMillis();
      long end = intervalStart(windows[c] + 1).getMillis();
      assertThat(extra.get(SinkLineage.SINK_ID), is("trips"));
      assertThat(extra.get(SinkLineage.WINDOW_START), is(String.valueOf(start)));
      assertThat(extra.get(SinkLineage.WINDOW_END), is(String.valueOf(end)));
      assertThat(extra.get(SinkLineage.COMMITTED_THROUGH), is(String.valueOf(end)));
      assertThat("table as of commit " + c, valuesByKey(snapshotAsOf(reader, commits.get(c))),
          is(expected(expectedAfter.get(c))));
    }
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
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

    PipelineResult rerun = run(stream(TripsRows.SCHEMA, intervals), customize.apply(trips(base, operation)));
    HudiTableReader again = HudiTableReader.of(base);
    assertThat("the rerun commits nothing", again.completedInstantTimes(), is(commits));
    assertThat(HudiIOTesting.content(again), is(before));
    assertThat(counter(rerun, CoordinateInstants.class, "committedIntervalsSkipped"), is(3L));
    assertThat(counter(rerun, CoordinateInstants.class, "instantsStarted"), is(0L));
    assertThat(counter(rerun, SkipCommittedIntervals.class, "recordsOfCommittedIntervalsSkipped"),
        is((long) (intervals.get(0).size() + intervals.get(1).size() + intervals.get(3).size())));
  }

  private static void put(Map<Long, Long> table, long batch, long start, long count) {
    for (long i = start; i < start + count; i++) {
      table.put(i, batch);
    }
  }
}
