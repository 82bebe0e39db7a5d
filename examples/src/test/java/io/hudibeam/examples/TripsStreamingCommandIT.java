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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming trips command run end to end in real time on the DirectRunner (issue #8): the
 * generated stream spans several commit intervals, so later intervals wait for the previous commit;
 * the run must end (the source is finite) with every record committed, one commit per interval.
 *
 * <p>This run hung before the fix (issue #8): the generated stream ends long before the first
 * commit completes, so later intervals wait after the end of input.
 */
public class TripsStreamingCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test(timeout = 300_000)
  public void streamingInsertOnTheDirectRunnerCommitsEveryIntervalReadBackByHudi()
      throws Exception {
    String table = tmp.newFolder("hudi-trips-stream").getAbsolutePath();
    int count = 300;
    long rate = 100;

    ConsoleCapture c = ConsoleCapture.run(command(table, count, rate).toArray(new String[0]));
    assertThat(c.err, c.exitCode, is(0));
    assertOneCommitPerSecondOfRecords(c, table, count, rate);
  }

  /** The streaming trips insert of indexes 0 .. count-1 at the rate, one-second intervals. */
  static List<String> command(String table, int count, long rate) {
    return command(table, 0, count, rate);
  }

  /**
   * The streaming trips insert of indexes start .. start+count-1 at the rate, one-second intervals.
   */
  static List<String> command(String table, long start, int count, long rate) {
    return List.of(
        "trips",
        "--table=" + table,
        "--operation=insert",
        "--batch=0",
        "--start=" + start,
        "--count=" + count,
        "--streaming",
        "--rate=" + rate,
        "--commitInterval=1");
  }

  /**
   * One commit (and commit line) per one-second interval of event time with records, every record
   * once with batch 0's values in its partition and in its interval's commit, no pending instant;
   * read back by Hudi.
   */
  static void assertOneCommitPerSecondOfRecords(
      ConsoleCapture c, String table, int count, long rate) {
    assertOneCommitPerSecondOfRecords(c, table, 0, count, rate);
  }

  /**
   * As {@link #assertOneCommitPerSecondOfRecords(ConsoleCapture, String, int, long)} for indexes
   * start .. start+count-1; {@code start} a multiple of {@code rate}, so that its event time starts
   * a one-second interval.
   */
  static void assertOneCommitPerSecondOfRecords(
      ConsoleCapture c, String table, long start, int count, long rate) {
    assertThat("start is a multiple of the rate", start % rate, is(0L));
    HudiTableReader reader = HudiTableReader.of(table);
    List<String> instants = reader.completedInstantTimes();
    int intervals = (int) ((count - 1) * 1000 / rate / 1000) + 1;
    assertThat(instants, hasSize(intervals));
    assertThat(c.commitLines(), hasSize(intervals));
    List<GenericRecord> snapshot = reader.snapshot();
    assertThat("no record twice", snapshot, hasSize(count));
    Map<String, GenericRecord> rows = HudiTableReader.byRecordKey(snapshot);
    for (long i = start; i < start + count; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(0, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
      // the record's commit interval, 0-based
      int interval = (int) ((i - start) * 1000 / rate / 1000);
      assertThat(
          TripsData.key(i),
          HudiTableReader.string(row, "_hoodie_commit_time"),
          is(instants.get(interval)));
    }
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
  }
}
