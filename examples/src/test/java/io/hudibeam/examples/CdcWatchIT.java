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

import static io.hudibeam.examples.CdcCommandIT.customers;
import static io.hudibeam.examples.CdcCommandIT.customersWithEmail;
import static io.hudibeam.examples.CdcCommandIT.events;
import static io.hudibeam.examples.CdcCommandIT.orders;
import static org.hamcrest.MatcherAssert.assertThat;
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
import java.util.List;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code cdc --watch} (issue #36): the command runs in a child JVM, as a user runs a job that runs
 * until stopped, on the DirectRunner and on the embedded FlinkRunner. The first file (inserts of
 * three source tables of different schemas) is there when it starts; the test waits until every
 * table has committed it, drops a second file (updates, one older than within the file and one
 * older than what the table holds, a delete, a new key, an event of a source table that was not
 * there at the start, an event with a column its table lacks), waits until every table has
 * committed it and its two rejects are written, drops a third (a delete followed in the file by an
 * older update, an update of a key inserted in the second file, a new key, a delete), waits for its
 * commits, and stops the JVM (SIGTERM). Every wait is for the tables' timelines or the rejects
 * files, bounded. Each table is then read back row by row with Hudi's reader against the final
 * state the test computes from the events it wrote (the latest lsn of a key wins, a delete removing
 * it), with one commit per file and nothing pending. Then {@code --watchFor}, which ends by itself.
 */
public class CdcWatchIT {
  private static final List<String> TABLES = List.of("shop/orders", "shop/customers", "crm/events");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static List<CdcCommandIT.Event> first() {
    return List.of(
        orders("c", 1, "o1", 10, "eu"),
        orders("c", 6, "o2", 20, "us"),
        customers("r", 3, "c1", "Ada"),
        events("c", 4, "e1", "click"),
        events("c", 5, "e2", "view"));
  }

  private static List<CdcCommandIT.Event> second() {
    return List.of(
        orders("u", 10, "o1", 11, "eu"),
        orders("u", 9, "o1", 99, "eu"), // older than lsn 10 of this file: loses
        orders("u", 2, "o2", 21, "us"), // older than lsn 6, which the table holds: ignored
        customers("d", 11, "c1", "Ada"),
        customers("c", 12, "c2", "Bob"),
        events("u", 13, "e1", "tap"));
  }

  /** The second file's lines the write cannot take: their rejects' reasons. */
  private static final String UNKNOWN_TABLE = "source table crm/refunds was not in the input";

  private static final String NEW_COLUMN =
      "source table shop/customers: field 'email' is not in the schema of the table";

  private static List<String> secondRejected() {
    return List.of(
        new CdcCommandIT.Event(
                "crm", "refunds", "c", 14, CdcCommandIT.row("id", "r1", "amount", 5L))
            .json(),
        customersWithEmail("c", 15, "c9", "Cy", "cy@example.org").json());
  }

  private static List<CdcCommandIT.Event> third() {
    return List.of(
        orders("d", 23, "o1", 11, "eu"),
        orders("u", 22, "o1", 12, "eu"), // older than the delete in this file: the delete wins
        customers("u", 20, "c2", "Bob B."),
        events("d", 21, "e2", "view"),
        orders("c", 24, "o3", 30, "us"));
  }

  private void watchLandsEveryNewFile(String... runner) throws Exception {
    File input = tmp.newFolder("events");
    File warehouse = new File(tmp.getRoot(), "warehouse");
    drop(input, "part-1.json", first(), List.of());
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "cdc",
            "--input=" + input + "/*.json",
            "--warehouse=" + warehouse,
            "--recordKey=id",
            "--partitionFields=region",
            "--watch=1",
            "--commitInterval=1"));
    command.addAll(List.of(runner));
    try (ChildJvm child = ChildJvm.start(command, tmp.newFile("cdc-watch.log"))) {
      awaitCommits(child, warehouse, 1, 180_000);
      drop(input, "part-2.json", second(), secondRejected());
      awaitCommits(child, warehouse, 2, 120_000);
      child.awaitWhileRunning(
          "the second file's two rejects written", () -> rejects(warehouse).size() == 2, 60_000);
      drop(input, "part-3.json", third(), List.of());
      awaitCommits(child, warehouse, 3, 120_000);
      child.awaitWhileRunning(
          "every commit's line printed", () -> child.commitLines().size() >= 9, 60_000);
      assertThat(child.output(), containsString("table shop/orders"));
      child.stop();
    }

    List<CdcCommandIT.Event> all = new ArrayList<>(first());
    all.addAll(second());
    all.addAll(third());
    assertTablesExact(warehouse, all, 3);
    assertThat(
        CdcCommandIT.read(warehouse, "shop/orders").keySet(), is(java.util.Set.of("o2", "o3")));
    assertTwoRejects(warehouse);
  }

  @Test(timeout = 600_000)
  public void watchOnTheDirectRunnerCommitsEveryTableOfEachNewFile() throws Exception {
    watchLandsEveryNewFile("--runner=DirectRunner");
  }

  @Test(timeout = 600_000)
  public void watchOnTheEmbeddedFlinkCommitsEveryTableOfEachNewFile() throws Exception {
    watchLandsEveryNewFile(
        "--runner=FlinkRunner",
        "--parallelism=2",
        "--checkpointingInterval=300",
        "--stateBackendStoragePath=" + tmp.newFolder("checkpoints").toURI());
  }

  /**
   * {@code --watch --watchFor}: the files present at the start (the three tables' inserts and
   * changes) are matched by the first poll, so each table commits them as one instant, and the run
   * ends by itself with exit 0 and no rejects; on the embedded Flink the command stops the job once
   * every table has committed its intervals ({@link WatchStopSignal}).
   */
  private void watchForLandsTheFilesAndEnds(String... runner) throws Exception {
    File input = tmp.newFolder("events");
    File warehouse = new File(tmp.getRoot(), "warehouse");
    drop(input, "part-1.json", first(), List.of());
    drop(input, "part-2.json", second(), List.of());
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "--input=" + input + "/*.json",
            "--warehouse=" + warehouse,
            "--recordKey=id",
            "--partitionFields=region",
            "--watch=1"));
    command.addAll(List.of(runner));
    ConsoleCapture run = ConsoleCapture.run(prepend("cdc", command));
    assertThat(run.err, run.exitCode, is(0));
    assertThat(run.commitLines(), hasSize(3));
    List<CdcCommandIT.Event> all = new ArrayList<>(first());
    all.addAll(second());
    assertTablesExact(warehouse, all, 1);
    assertThat(rejects(warehouse), is(empty()));
  }

  private static String[] prepend(String first, List<String> rest) {
    List<String> all = new ArrayList<>();
    all.add(first);
    all.addAll(rest);
    return all.toArray(String[]::new);
  }

  @Test(timeout = 300_000)
  public void watchForOnTheDirectRunnerLandsTheFilesAndEnds() throws Exception {
    watchForLandsTheFilesAndEnds("--watchFor=3", "--commitInterval=2");
  }

  @Test(timeout = 300_000)
  public void watchForOnTheEmbeddedFlinkLandsTheFilesAndEnds() throws Exception {
    watchForLandsTheFilesAndEnds(
        "--watchFor=45",
        "--commitInterval=2",
        "--runner=FlinkRunner",
        "--parallelism=2",
        "--checkpointingInterval=300",
        "--stateBackendStoragePath=" + tmp.newFolder("checkpoints").toURI());
  }

  /**
   * Every table equals, row by row with Hudi's reader, the final state of {@code events}, with
   * {@code commits} commits and nothing pending.
   */
  private static void assertTablesExact(
      File warehouse, List<CdcCommandIT.Event> events, int commits) {
    Map<String, Map<String, Map<String, Object>>> expected = CdcCommandIT.finalState(events);
    for (String table : TABLES) {
      String base = new File(warehouse, table).getPath();
      assertThat(table, CdcCommandIT.read(warehouse, table), is(expected.get(table)));
      assertThat(
          table + ": one commit per file",
          HudiTableReader.of(base).completedInstantTimes(),
          hasSize(commits));
      assertThat(table + ": nothing pending", TableTimeline.pendingInstants(base), is(empty()));
      assertThat(table, expected.get(table).isEmpty(), is(false));
    }
  }

  /** The second file's two rejects, each with its reason. */
  private static void assertTwoRejects(File warehouse) {
    List<String> rejects = rejects(warehouse);
    assertThat(rejects, hasSize(2));
    String both = String.join("\n", rejects);
    assertThat(both, containsString(UNKNOWN_TABLE));
    assertThat(both, containsString("run cdc again to land that table"));
    assertThat(both, containsString(NEW_COLUMN));
  }

  /** Waits until every table has at least {@code commits} completed commits. */
  private static void awaitCommits(ChildJvm child, File warehouse, int commits, long millis)
      throws Exception {
    child.awaitWhileRunning(
        "every table's commit " + commits,
        () ->
            TABLES.stream()
                .allMatch(
                    t ->
                        TableTimeline.completedCommits(new File(warehouse, t).getPath())
                            >= commits),
        millis);
  }

  /** Writes the events' lines under a name the glob does not match, then renames it into place. */
  static void drop(File dir, String name, List<CdcCommandIT.Event> events, List<String> moreLines)
      throws IOException {
    List<String> lines = new ArrayList<>();
    events.forEach(e -> lines.add(e.json()));
    lines.addAll(moreLines);
    File hidden = new File(dir, "." + name + ".tmp");
    Files.write(hidden.toPath(), lines, StandardCharsets.UTF_8);
    Files.move(hidden.toPath(), new File(dir, name).toPath(), StandardCopyOption.ATOMIC_MOVE);
  }

  /** The lines of the rejects files written so far (one file per commit interval with rejects). */
  private static List<String> rejects(File warehouse) {
    List<String> lines = new ArrayList<>();
    File[] files = warehouse.listFiles((d, n) -> n.startsWith("_cdc_rejects-"));
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
