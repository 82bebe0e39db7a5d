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
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hudi.common.model.HoodieTableType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

/**
 * {@code cdc --watch} into merge-on-read tables, killed with SIGKILL mid-stream and run again
 * (issue #36), on the DirectRunner and on the embedded FlinkRunner: the command runs in a child
 * JVM; once every table has committed the first file, the second file is dropped, and the JVM is
 * killed as soon as a table has committed it or has an instant pending for it (whatever the others
 * are doing; on Flink the embedded cluster and its checkpoints die with it). A third file (a delete
 * followed by an older update, a column new to one table, new keys) is dropped while nothing runs,
 * and {@code cdc --watch --watchFor} is run again over the glob, as a fresh job that ends by
 * itself. Every table must then equal, row by row with Hudi's reader (merged snapshot), the final
 * state the test computes from the three files' events, be a merge-on-read table with nothing
 * pending, and the instants the kill left pending must never complete. The kill point is not fixed;
 * the assertions hold for any.
 */
@RunWith(Parameterized.class)
public class CdcWatchKillIT {
  private static final List<String> TABLES = List.of("shop/orders", "shop/customers", "crm/events");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Parameters(name = "{0}")
  public static List<Object[]> runners() {
    return List.of(new Object[] {"DirectRunner"}, new Object[] {"FlinkRunner"});
  }

  private final String runner;

  public CdcWatchKillIT(String runner) {
    this.runner = runner;
  }

  private static List<CdcCommandIT.Event> first() {
    return List.of(
        orders("c", 1, "o1", 10, "eu"),
        orders("c", 6, "o2", 20, "us"),
        customers("r", 3, "c1", "Ada"),
        customers("c", 7, "c2", "Bob"),
        events("c", 4, "e1", "click"),
        events("c", 5, "e2", "view"));
  }

  private static List<CdcCommandIT.Event> second() {
    return List.of(
        orders("u", 10, "o1", 11, "eu"),
        orders("u", 9, "o1", 99, "eu"), // older than lsn 10 of this file: loses
        customers("d", 11, "c1", "Ada"),
        customers("c", 12, "c3", "Cy"),
        events("u", 13, "e1", "tap"));
  }

  private static List<CdcCommandIT.Event> third() {
    return List.of(
        orders("d", 23, "o1", 11, "eu"),
        orders("u", 22, "o1", 12, "eu"), // older than the delete in this file: the delete wins
        customersWithEmail("u", 20, "c2", "Bob B.", "bob@example.org"), // a new column
        events("d", 21, "e2", "view"),
        orders("c", 24, "o3", 30, "us"));
  }

  private List<String> command(File input, File warehouse, String... more) throws IOException {
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "cdc",
            "--input=" + input + "/*.json",
            "--warehouse=" + warehouse,
            "--recordKey=id",
            "--partitionFields=region",
            "--tableType=MERGE_ON_READ",
            "--watch=1",
            "--commitInterval=1",
            // The killed run's heartbeats are fresh when the rerun starts: the rerun waits until
            // they have expired (interval x 2 misses = 10 s), so the killed run is known to be
            // gone.
            "--hoodie.client.heartbeat.interval_in_ms=5000"));
    command.addAll(List.of(more));
    if (runner.equals("FlinkRunner")) {
      command.addAll(
          List.of(
              "--runner=FlinkRunner",
              "--parallelism=2",
              "--checkpointingInterval=300",
              "--stateBackendStoragePath=" + tmp.newFolder().toURI()));
    }
    return command;
  }

  @Test(timeout = 600_000)
  public void aWatchKilledMidStreamAndRunAgainLeavesEveryTableExact() throws Exception {
    File input = tmp.newFolder("events");
    File warehouse = new File(tmp.getRoot(), "warehouse");
    CdcWatchIT.drop(input, "part-1.json", first(), List.of());
    try (ChildJvm child =
        ChildJvm.start(command(input, warehouse), tmp.newFile("killed-run.log"))) {
      child.awaitWhileRunning(
          "every table's first commit",
          () ->
              TABLES.stream()
                  .allMatch(t -> TableTimeline.completedCommits(path(warehouse, t)) >= 1),
          180_000);
      CdcWatchIT.drop(input, "part-2.json", second(), List.of());
      child.awaitWhileRunning(
          "a table's second commit, or an instant pending for it",
          () ->
              TABLES.stream()
                  .anyMatch(
                      t ->
                          TableTimeline.completedCommits(path(warehouse, t)) >= 2
                              || !TableTimeline.pendingInstants(path(warehouse, t)).isEmpty()),
          120_000);
      child.kill();
    }
    Map<String, TreeSet<String>> pendingAtKill = new TreeMap<>();
    for (String table : TABLES) {
      pendingAtKill.put(table, TableTimeline.pendingInstants(path(warehouse, table)));
    }
    CdcWatchIT.drop(input, "part-3.json", third(), List.of());

    String watchFor = runner.equals("FlinkRunner") ? "--watchFor=45" : "--watchFor=3";
    ConsoleCapture rerun =
        ConsoleCapture.run(command(input, warehouse, watchFor).toArray(String[]::new));
    assertThat(rerun.err, rerun.exitCode, is(0));

    List<CdcCommandIT.Event> all = new ArrayList<>(first());
    all.addAll(second());
    all.addAll(third());
    Map<String, Map<String, Map<String, Object>>> expected = CdcCommandIT.finalState(all);
    for (String table : TABLES) {
      String base = path(warehouse, table);
      assertThat(table, CdcCommandIT.read(warehouse, table), is(expected.get(table)));
      HudiTableReader reader = HudiTableReader.of(base);
      assertThat(table, reader.metaClient().getTableType(), is(HoodieTableType.MERGE_ON_READ));
      assertThat(table + ": nothing pending", TableTimeline.pendingInstants(base), is(empty()));
      assertThat(
          table + ": the first file's commit and the rerun's",
          TableTimeline.completedCommits(base),
          greaterThanOrEqualTo(2));
      for (String pending : pendingAtKill.get(table)) {
        assertThat(
            table + ": instant " + pending + " left pending by the kill never completes",
            reader.completedInstantTimes(),
            not(hasItem(pending)));
      }
    }
    assertThat(
        "the rerun evolved shop/customers with the third file's column",
        CdcCommandIT.read(warehouse, "shop/customers").get("c2").get("email"),
        is("bob@example.org"));
  }

  private static String path(File warehouse, String table) {
    return new File(warehouse, table).getPath();
  }
}
