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
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The progress line of the examples on the embedded FlinkRunner (attached mode, its default):
 * Beam's {@code run()} returns only when the job has ended, so the lines while it runs come from
 * the job's accumulators through {@link FlinkJobListener}. A line with counts below the final ones
 * is printed before the commit line (which the job's commit step prints) and before the last line;
 * the counts never go down; the last line equals the commit, and Hudi reads the table back. The
 * job's base files are held ({@link FaultFileSystem}) until a progress line has been printed, so a
 * line with counts below the final ones comes on a fast machine too.
 */
public class FlinkProgressLineIT {
  private static final int COUNT = 20_000;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void progressLinesWhileTheEmbeddedFlinkWritesAndTheFullCountsAtTheEnd() throws Exception {
    String table = tmp.newFolder("hudi-trips-flink-progress").getAbsolutePath();

    // Every base file's create waits until a progress line has been printed while the job runs,
    // so that line's counts are below the final ones whatever the machine's speed.
    String holdId = "progress-" + UUID.randomUUID();
    Map<String, String> hold =
        Fault.on(holdId, Operation.CREATE, Fault.BASE_FILE).everyTime().hold().configuration();
    String[] args =
        Stream.concat(
                Stream.of(
                    "trips",
                    "--table=" + table,
                    "--operation=insert",
                    "--batch=0",
                    "--start=0",
                    "--count=" + COUNT,
                    "--runner=FlinkRunner",
                    "--parallelism=2",
                    "--progressSeconds=1"),
                hold.entrySet().stream()
                    .filter(e -> !e.getValue().isEmpty())
                    .map(e -> "--hadoop." + e.getKey() + "=" + e.getValue()))
            .toArray(String[]::new);
    long started = System.nanoTime();
    ConsoleCapture c;
    try {
      c =
          ConsoleCapture.run(
              line -> {
                if (ProgressLineTest.LINE.matcher(line).matches()
                    && !line.startsWith("progress done")) {
                  FaultFileSystem.release(holdId);
                }
              },
              args);
    } finally {
      FaultFileSystem.forget(holdId);
    }
    System.out.printf("trips on the embedded Flink: %.1f s%n", (System.nanoTime() - started) / 1e9);
    assertThat(c.err, c.exitCode, is(0));
    assertThat(c.out, not(containsString("progress: this runner gives")));

    // The last line equals the commit; the counts never go down and never pass the last line's.
    int whileRunning = ProgressLineTest.assertProgress(c, COUNT);
    System.out.println("progress lines while the job ran: " + whileRunning);
    assertThat(c.out, whileRunning, greaterThanOrEqualTo(1));

    // A line with a count below the final one came while the job ran: before the commit line,
    // which the job's commit step prints, and so before the job ended and run() returned.
    List<String> out = Arrays.asList(c.out.split("\\R"));
    List<Matcher> lines = ProgressLineTest.progressLines(c);
    Matcher done = lines.get(lines.size() - 1);
    int firstPartial = -1;
    for (int i = 0; i < out.size() && firstPartial < 0; i++) {
      Matcher m = ProgressLineTest.LINE.matcher(out.get(i));
      if (m.matches() && !out.get(i).startsWith("progress done") && belowFinal(m, done)) {
        firstPartial = i;
      }
    }
    assertThat(c.out, firstPartial, greaterThanOrEqualTo(0));
    assertThat(c.out, firstPartial, lessThan(out.indexOf(c.commitLines().get(0))));

    HudiTableReader reader = HudiTableReader.of(table);
    assertThat(reader.completedInstantTimes(), hasSize(1));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(COUNT));
    for (long i = 0; i < COUNT; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(0, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
  }

  /** Whether one of the counts of {@code line} (in, written, files) is below {@code done}'s. */
  private static boolean belowFinal(Matcher line, Matcher done) {
    for (int g : new int[] {2, 3, 7}) {
      if (Long.parseLong(line.group(g)) < Long.parseLong(done.group(g))) {
        return true;
      }
    }
    return false;
  }
}
