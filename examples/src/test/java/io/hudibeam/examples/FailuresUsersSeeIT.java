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
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Failures a user must see (issue #32), each in a JVM of its own as a user runs the examples jar: a
 * second stream started on a sink that a live stream writes is refused with a clear line and exit
 * code 1 (it does not skip the live stream's intervals and run on); an OutOfMemoryError ends the
 * process with exit code 1 and one line saying so, on the DirectRunner and on the FlinkRunner.
 */
public class FailuresUsersSeeIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** A streaming insert of 2,000 trips at 100 a second, one-second intervals, 5 s heartbeats. */
  private static List<String> slowStream(String table) {
    List<String> command = new ArrayList<>(TripsStreamingCommandIT.command(table, 2000, 100));
    command.add("--hoodie.client.heartbeat.interval_in_ms=5000");
    return command;
  }

  @Test(timeout = 900_000)
  public void aSecondStreamOnALiveSinkIsRefusedAndTheFirstGoesOn() throws Exception {
    String table = tmp.newFolder("trips").getAbsolutePath();
    try (ChildJvm first = ChildJvm.start(slowStream(table), tmp.newFile("first.log"))) {
      first.awaitWhileRunning(
          "the first stream's first commit",
          () -> TableTimeline.completedCommits(table) >= 1,
          300_000);
      ChildJvm second = ChildJvm.start(slowStream(table), tmp.newFile("second.log"));
      int exit = second.awaitExit(300_000);
      String output = second.output();
      assertThat(output, exit, is(Main.FAILED));
      assertThat(output, containsString("trips: pipeline failed"));
      assertThat(output, containsString("is written by another run"));
      assertThat(output, containsString("--sinkId"));
      assertThat("the first stream is still running", first.isRunning(), is(true));
      Set<String> before = new TreeSet<>(HudiTableReader.of(table).completedInstantTimes());
      first.awaitWhileRunning(
          "a commit of the first stream after the refusal",
          () -> TableTimeline.completedCommits(table) > before.size(),
          300_000);
      first.stop();
    }
  }

  @Test(timeout = 300_000)
  public void anOutOfMemoryErrorOnTheDirectRunnerEndsTheProcessWithOneLine() throws Exception {
    checkOutOfMemory(List.of());
  }

  @Test(timeout = 300_000)
  public void anOutOfMemoryErrorOnTheFlinkRunnerEndsTheProcessWithOneLine() throws Exception {
    checkOutOfMemory(List.of("--runner=FlinkRunner", "--parallelism=2"));
  }

  private void checkOutOfMemory(List<String> runner) throws Exception {
    String table = tmp.newFolder("trips").getAbsolutePath();
    List<String> command =
        new ArrayList<>(
            List.of(
                "trips",
                "--table=" + table,
                "--operation=upsert",
                "--count=2000000",
                "--progressSeconds=0"));
    command.addAll(runner);
    try (ChildJvm run = ChildJvm.start("-Xmx96m", command, tmp.newFile("oom.log"))) {
      int exit = run.awaitExit(240_000);
      String output = run.output();
      assertThat(output, exit, is(Main.FAILED));
      assertThat(output, containsString("java.lang.OutOfMemoryError"));
      assertThat(
          "one line says the run failed",
          output,
          anyOf(
              containsString("trips: pipeline failed"),
              containsString("hudi-beam-examples: failed: java.lang.OutOfMemoryError")));
    }
  }
}
