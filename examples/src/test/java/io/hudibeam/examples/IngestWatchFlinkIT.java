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
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code ingest --watch} on the embedded FlinkRunner (issue #8), as docs/examples.md gives it:
 * without {@code --watchFor} it runs until stopped, committing the files that appear in the input
 * glob every commit interval. The command runs in a child JVM; the test drops a file, waits for its
 * commit, drops a second one (an update of a key of the first and a new key), waits for that commit
 * and for the first file's reject, then stops the JVM (SIGTERM) as a user stops a job that runs
 * until stopped. Hudi's reader must find every row with its latest values, each in the commit of
 * the file that brought it, and no pending instant.
 */
public class IngestWatchFlinkIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test(timeout = 300_000)
  public void watchOnTheEmbeddedFlinkCommitsEachNewFileUntilStopped() throws Exception {
    File input = tmp.newFolder("in");
    String table = new File(tmp.getRoot(), "orders").getPath();
    List<String> command =
        IngestCommandIT.watchCommand(
            input,
            table,
            "--commitInterval=1",
            "--runner=FlinkRunner",
            "--parallelism=2",
            "--checkpointingInterval=300",
            "--stateBackendStoragePath=" + tmp.newFolder("checkpoints").toURI());
    drop(
        input,
        "part-1.json",
        "{\"id\":\"a1\",\"city\":\"paris\",\"amount\":12.5,\"ts\":100}",
        "{\"id\":\"a2\",\"city\":\"tokyo\",\"amount\":7.5,\"ts\":101}",
        "not json at all");
    List<String> commitLines;
    try (ChildJvm child = ChildJvm.start(command, tmp.newFile("ingest-watch.log"))) {
      child.awaitWhileRunning(
          "the first file's commit", () -> TableTimeline.completedCommits(table) >= 1, 180_000);
      drop(
          input,
          "part-2.json",
          "{\"id\":\"a1\",\"city\":\"paris\",\"amount\":99.0,\"ts\":200}",
          "{\"id\":\"a3\",\"city\":\"paris\",\"amount\":1.25,\"ts\":102}");
      child.awaitWhileRunning(
          "the second file's commit", () -> TableTimeline.completedCommits(table) >= 2, 120_000);
      child.awaitWhileRunning(
          "the first file's reject written", () -> rejects(table).size() == 1, 60_000);
      child.awaitWhileRunning(
          "the second commit's line printed", () -> child.commitLines().size() >= 2, 60_000);
      commitLines = child.commitLines();
      child.stop();
    }

    HudiTableReader reader = HudiTableReader.of(table);
    List<String> instants = reader.completedInstantTimes();
    assertThat("one commit per file (each file came in its own interval)", instants, hasSize(2));
    assertThat(commitLines, hasSize(2));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), containsInAnyOrder("a1", "a2", "a3"));
    assertThat(IngestCommandIT.values(rows.get("a1")), contains("a1", "paris", 99.0, 200L));
    assertThat(IngestCommandIT.values(rows.get("a2")), contains("a2", "tokyo", 7.5, 101L));
    assertThat(IngestCommandIT.values(rows.get("a3")), contains("a3", "paris", 1.25, 102L));
    assertThat(HudiTableReader.string(rows.get("a2"), "_hoodie_commit_time"), is(instants.get(0)));
    assertThat(HudiTableReader.string(rows.get("a1"), "_hoodie_commit_time"), is(instants.get(1)));
    assertThat(HudiTableReader.string(rows.get("a3"), "_hoodie_commit_time"), is(instants.get(1)));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    assertThat(rejects(table).get(0), containsString("part-1.json:3"));
  }

  /**
   * {@code --watch --watchFor} on the embedded FlinkRunner: the watch goes on past {@code
   * --watchFor} (a stream whose input ends cannot commit its last intervals on Flink), and the
   * command stops the job once every interval with records of the files matched in time is
   * committed ({@link WatchStopSignal}); it exits 0 and Hudi's reader finds every row.
   */
  @Test(timeout = 300_000)
  public void watchForOnTheEmbeddedFlinkCommitsTheMatchedFilesAndEnds() throws Exception {
    File input = tmp.newFolder("in");
    IngestCommandIT.writeWatchedFiles(input);
    String table = new File(tmp.getRoot(), "orders").getPath();

    ConsoleCapture c =
        IngestCommandIT.run(IngestCommandIT.watchCommand(input, table, watchForOnFlink()));

    IngestCommandIT.assertWatchedFilesCommitted(c, table);
    assertThat(rejects(table), hasSize(1));
    assertThat(rejects(table).get(0), containsString("part-1.json:3"));
  }

  /**
   * {@code --watch --watchFor} with Avro container files on the embedded FlinkRunner: the Avro
   * input's own watch ({@code AvroIO.watchForNewFiles}) ends the same way, every trip committed.
   */
  @Test(timeout = 300_000)
  public void avroWatchForOnTheEmbeddedFlinkCommitsTheMatchedFilesAndEnds() throws Exception {
    File input = tmp.newFolder("in");
    IngestCommandIT.writeWatchedAvroTrips(input);
    String table = new File(tmp.getRoot(), "trips").getPath();

    ConsoleCapture c =
        IngestCommandIT.run(IngestCommandIT.avroWatchCommand(input, table, watchForOnFlink()));

    IngestCommandIT.assertWatchedAvroTripsCommitted(c, table);
  }

  /**
   * {@code --watchFor} on the embedded Flink (p=2): 15 s of watching (the job's start takes some of
   * it), a 2 s commit interval, checkpoints every 300 ms in this test's folder.
   */
  private String[] watchForOnFlink() throws IOException {
    return new String[] {
      "--watchFor=15",
      "--commitInterval=2",
      "--runner=FlinkRunner",
      "--parallelism=2",
      "--checkpointingInterval=300",
      "--stateBackendStoragePath=" + tmp.newFolder("checkpoints").toURI()
    };
  }

  /** Writes the file under a name the glob does not match, then renames it into place. */
  private static void drop(File dir, String name, String... lines) throws IOException {
    File hidden = new File(dir, "." + name + ".tmp");
    Files.write(hidden.toPath(), Arrays.asList(lines), StandardCharsets.UTF_8);
    Files.move(hidden.toPath(), new File(dir, name).toPath(), StandardCopyOption.ATOMIC_MOVE);
  }

  /** The lines of the rejects files written so far (one file per commit interval with rejects). */
  private static List<String> rejects(String table) {
    File dir = new File(table).getParentFile();
    String prefix = new File(table).getName() + "_rejects-";
    List<String> lines = new ArrayList<>();
    File[] files = dir.listFiles((d, n) -> n.startsWith(prefix));
    for (File f : files == null ? new File[0] : files) {
      try {
        lines.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return lines;
  }
}
