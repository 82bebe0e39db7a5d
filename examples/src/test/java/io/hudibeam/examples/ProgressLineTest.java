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
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The progress line of the examples ({@code --progressSeconds}) on the DirectRunner: the last line,
 * printed when the job has ended, carries the full counts, equal to the commit's; the lines printed
 * while it ran never go down and never pass the last one. (The embedded FlinkRunner's lines are
 * checked in {@link TripsCommandIT}.)
 */
public class ProgressLineTest {
  static final Pattern LINE =
      Pattern.compile(
          "progress (done|\\w+)? ?\\d+\\.\\d s: (\\d+) records in, (\\d+) written \\((\\d+) inserted, (\\d+) updated,"
              + " (\\d+) deleted\\), (\\d+) files, (\\d+\\.\\d) MB, \\d+ records/s");
  private static final Pattern COMMIT =
      Pattern.compile(
          "commit \\d{17} \\w+: (\\d+) inserted, (\\d+) updated, (\\d+) deleted, (\\d+) files, (\\d+) bytes, .*");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /**
   * The progress lines of a run: counts (in, written, inserted, updated, deleted, files) and MB.
   */
  static List<Matcher> progressLines(ConsoleCapture c) {
    return Arrays.stream(c.out.split("\\R"))
        .filter(l -> l.startsWith("progress "))
        .map(
            l -> {
              Matcher m = LINE.matcher(l);
              assertThat(l, m.matches(), is(true));
              return m;
            })
        .collect(Collectors.toList());
  }

  /**
   * Checks the lines against the one commit of the run; returns the number of lines before the
   * last.
   */
  static int assertProgress(ConsoleCapture c, long in) {
    List<Matcher> lines = progressLines(c);
    List<Matcher> last =
        lines.stream().filter(m -> "done".equals(m.group(1))).collect(Collectors.toList());
    assertThat(c.out, last, hasSize(1));
    Matcher done = last.get(0);
    assertThat(c.out, lines.get(lines.size() - 1), is(done));
    assertThat(c.commitLines(), hasSize(1));
    Matcher commit = COMMIT.matcher(c.commitLines().get(0));
    assertThat(commit.matches(), is(true));
    long inserted = Long.parseLong(commit.group(1));
    long updated = Long.parseLong(commit.group(2));
    long deleted = Long.parseLong(commit.group(3));
    assertThat(done.group(2), is(String.valueOf(in)));
    assertThat(done.group(3), is(String.valueOf(inserted + updated + deleted)));
    assertThat(done.group(4), is(commit.group(1)));
    assertThat(done.group(5), is(commit.group(2)));
    assertThat(done.group(6), is(commit.group(3)));
    assertThat(done.group(7), is(commit.group(4)));
    assertThat(
        done.group(8),
        is(String.format(Locale.ROOT, "%.1f", Long.parseLong(commit.group(5)) / 1e6)));
    long[] previous = new long[6];
    for (Matcher m : lines) {
      for (int g = 2; g <= 7; g++) {
        long value = Long.parseLong(m.group(g));
        assertThat(m.group(0), previous[g - 2], lessThanOrEqualTo(value));
        assertThat(m.group(0), value, lessThanOrEqualTo(Long.parseLong(done.group(g))));
        previous[g - 2] = value;
      }
    }
    return lines.size() - 1;
  }

  @Test
  public void progressLinesWhileTheDirectRunnerWritesAndTheFullCountsAtTheEnd() throws Exception {
    String table = tmp.newFolder("hudi-trips").getAbsolutePath();

    ConsoleCapture c =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--operation=insert",
            "--batch=0",
            "--start=0",
            "--count=6000",
            "--parallelism=2",
            "--progressSeconds=1");
    assertThat(c.err, c.exitCode, is(0));
    int whileRunning = assertProgress(c, 6000);
    System.out.println("progress lines while the job ran: " + whileRunning);
    assertThat(c.out, c.out.contains("progress: this runner"), is(false));

    Map<String, GenericRecord> rows = HudiTableReader.of(table).snapshotByRecordKey();
    assertThat(rows.size(), is(6000));
    for (long i = 0; i < 6000; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(0, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
  }

  @Test
  public void noProgressLinesWithZeroSeconds() throws Exception {
    String table = tmp.newFolder("hudi-trips-quiet").getAbsolutePath();

    ConsoleCapture c =
        ConsoleCapture.run(
            "trips", "--table=" + table, "--operation=insert", "--count=40", "--progressSeconds=0");
    assertThat(c.err, c.exitCode, is(0));
    assertThat(progressLines(c), hasSize(0));
    Map<String, GenericRecord> rows = HudiTableReader.of(table).snapshotByRecordKey();
    assertThat(rows.size(), is(40));
    for (long i = 0; i < 40; i++) {
      assertThat(
          TripsData.key(i),
          TripsData.values(rows.get(TripsData.key(i))),
          is(TripsData.values(TripsData.record(0, i))));
    }
  }

  @Test
  public void negativeSecondsAreAUsageError() {
    ConsoleCapture c =
        ConsoleCapture.run("trips", "--table=" + tmp.getRoot() + "/t", "--progressSeconds=-1");
    assertThat(c.exitCode, is(Main.USAGE));
    assertThat(c.err, c.err.contains("--progressSeconds=-1 is not valid"), is(true));
  }
}
