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
import java.util.ArrayList;
import java.util.List;
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

    // The same command again: its sink is committed through the last interval, nothing is left.
    List<String> before = HudiTableReader.of(table).completedInstantTimes();
    ConsoleCapture again = ConsoleCapture.run(command.toArray(new String[0]));
    assertThat(again.err, again.exitCode, is(0));
    assertThat(again.out, containsString("committed in " + table + " already: nothing to write"));
    assertThat(HudiTableReader.of(table).completedInstantTimes(), is(before));
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
