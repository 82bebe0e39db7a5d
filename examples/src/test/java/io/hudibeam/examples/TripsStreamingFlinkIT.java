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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming trips command on the embedded FlinkRunner (issue #8), as docs/examples.md gives it:
 * the stream keeps going after its last record, and the command stops the job once every record is
 * committed ({@link StopSignal}), exits 0, and the table holds every record once, one commit per
 * interval, each record in its interval's commit, read back by Hudi.
 */
public class TripsStreamingFlinkIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test(timeout = 300_000)
  public void streamingInsertOnTheEmbeddedFlinkEndsOnceEveryRecordIsCommitted() throws Exception {
    String table = tmp.newFolder("hudi-trips-stream-flink").getAbsolutePath();
    int count = 600;
    long rate = 200;

    List<String> command = onFlink(TripsStreamingCommandIT.command(table, count, rate));
    ConsoleCapture c = ConsoleCapture.run(command.toArray(new String[0]));
    assertThat(c.err, c.exitCode, is(0));
    assertThat(c.out, containsString("a stream on the embedded Flink gives no progress line"));
    // 600 records at 200 per second of event time: 3 one-second intervals with records.
    TripsStreamingCommandIT.assertOneCommitPerSecondOfRecords(c, table, count, rate);

    // The same command again: its intervals are replays, skipped and reported, and the job ends
    // (at the first skipped interval already: the sink is committed through the stream's end).
    List<String> before = HudiTableReader.of(table).completedInstantTimes();
    Map<String, List<Object>> rowsBefore = rows(table);
    ConsoleCapture again = ConsoleCapture.run(command.toArray(new String[0]));
    assertThat(again.err, again.exitCode, is(0));
    // The job ends at the first skipped interval (the sink is committed through the stream's
    // end), so one line is printed at least.
    java.util.regex.Matcher skipped =
        java.util.regex.Pattern.compile(
                "of sink trips-insert-b0-s0: "
                    + rate
                    + " records, committed before by instant (\\d{17}) \\(a replay\\)")
            .matcher(again.out);
    assertThat(again.out, skipped.find(), is(true));
    assertThat(
        "the skip names a commit of the first run", before.contains(skipped.group(1)), is(true));
    assertThat("nothing was committed again", again.commitLines(), is(List.of()));
    assertThat(HudiTableReader.of(table).completedInstantTimes(), is(before));
    assertThat(rows(table), is(rowsBefore));
  }

  /**
   * A stream from a later index commits as soon as its records come: Beam's counting source paces
   * its absolute values against the time since it started, so a stream started at index 120,000 at
   * 200 per second would first idle 600 s (this test's 300 s timeout) if it counted from there.
   */
  @Test(timeout = 300_000)
  public void aStreamFromALaterIndexDoesNotWaitForTheCountToCatchUp() throws Exception {
    String table = tmp.newFolder("hudi-trips-stream-flink-later").getAbsolutePath();
    long start = 120_000;
    int count = 400;
    long rate = 200;

    List<String> command = onFlink(TripsStreamingCommandIT.command(table, start, count, rate));
    ConsoleCapture c = ConsoleCapture.run(command.toArray(new String[0]));
    assertThat(c.err, c.exitCode, is(0));
    // 400 records at 200 per second of event time: 2 one-second intervals with records.
    TripsStreamingCommandIT.assertOneCommitPerSecondOfRecords(c, table, start, count, rate);
  }

  /**
   * Issue #32's silent loss: a streaming insert, then a streaming delete of the first 200 of its
   * records, the same command otherwise. The delete stream's event times fall into intervals the
   * insert stream committed; it is another stream (its own default sink id, trips-delete-b0-s0),
   * not a replay, so its 200 keys are deleted (Hudi's reader).
   */
  @Test(timeout = 300_000)
  public void aDeleteStreamOverAnInsertStreamsIntervalsDeletesItsKeys() throws Exception {
    String table = tmp.newFolder("hudi-trips-stream-delete").getAbsolutePath();
    ConsoleCapture inserted =
        ConsoleCapture.run(
            onFlink(TripsStreamingCommandIT.command(table, 600, 200)).toArray(new String[0]));
    assertThat(inserted.err, inserted.exitCode, is(0));
    List<String> delete = new ArrayList<>(TripsStreamingCommandIT.command(table, 200, 200));
    delete.set(delete.indexOf("--operation=insert"), "--operation=delete");
    ConsoleCapture deleted = ConsoleCapture.run(onFlink(delete).toArray(new String[0]));
    assertThat(deleted.err, deleted.exitCode, is(0));
    assertThat(deleted.out, org.hamcrest.Matchers.not(containsString("skipped interval")));
    Map<String, List<Object>> expected = new TreeMap<>();
    for (long i = 200; i < 600; i++) {
      expected.put(TripsData.key(i), TripsData.values(TripsData.record(0, i)));
    }
    assertThat(rows(table), is(expected));
  }

  /** The table's rows by record key, each as its trips values, read by Hudi. */
  private static Map<String, List<Object>> rows(String table) {
    Map<String, List<Object>> rows = new TreeMap<>();
    HudiTableReader.byRecordKey(HudiTableReader.of(table).snapshot())
        .forEach((key, row) -> rows.put(key, TripsData.values(row)));
    return rows;
  }

  /** The command on the embedded Flink, p=2, checkpoints every 300 ms, a progress line a second. */
  private static List<String> onFlink(List<String> command) {
    List<String> onFlink = new ArrayList<>(command);
    onFlink.addAll(
        List.of(
            "--runner=FlinkRunner",
            "--parallelism=2",
            "--checkpointingInterval=300",
            "--progressSeconds=1"));
    return onFlink;
  }
}
