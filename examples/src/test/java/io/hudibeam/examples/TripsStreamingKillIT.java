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
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

/**
 * A streaming insert killed with SIGKILL mid-stream, then run again over the same input (issue #8),
 * on the DirectRunner and on the embedded FlinkRunner: the streaming trips command runs in a child
 * JVM; once two of its ten commit intervals are committed and the third instant is inflight, the
 * JVM is killed (whatever it was doing: writing files, committing, cleaning; on Flink the embedded
 * cluster and its checkpoints die with it), and the same command is run again, as a fresh job, to
 * its end. The table must hold every record once (an insert, so a replayed interval would duplicate
 * rows), one commit per interval, no pending instant and no base file outside the committed ones.
 * The kill point is not fixed; the assertions hold for any.
 */
@RunWith(Parameterized.class)
public class TripsStreamingKillIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final int COUNT = 1000;
  private static final int RATE = 100; // 100 records per second of event time: 10 intervals of 1 s

  @Parameters(name = "{0}")
  public static List<Object[]> runners() {
    return List.of(new Object[] {"DirectRunner"}, new Object[] {"FlinkRunner"});
  }

  private final String runner;

  public TripsStreamingKillIT(String runner) {
    this.runner = runner;
  }

  private List<String> command(String table, String checkpoints) {
    List<String> command = new ArrayList<>(TripsStreamingCommandIT.command(table, COUNT, RATE));
    // The killed run's sink heartbeat is fresh when the rerun starts: the rerun waits until it
    // has expired (interval x 2 misses = 10 s), so the killed run is known to be gone.
    command.add("--hoodie.client.heartbeat.interval_in_ms=5000");
    if (runner.equals("FlinkRunner")) {
      command.addAll(
          List.of(
              "--runner=FlinkRunner",
              "--parallelism=2",
              "--checkpointingInterval=300",
              "--stateBackendStoragePath=" + checkpoints));
    }
    return command;
  }

  @Test(timeout = 300_000)
  public void aStreamKilledMidRunAndRunAgainEndsWithEveryRecordOnce() throws Exception {
    String table = tmp.newFolder("trips-killed").getAbsolutePath();
    try (ChildJvm child =
        ChildJvm.start(
            command(table, tmp.newFolder("killed-run-checkpoints").toURI().toString()),
            tmp.newFile("killed-run.log"))) {
      // Kill while the third interval's instant is being written (inflight), when that is seen.
      child.awaitWhileRunning(
          "two commits and a pending instant",
          () ->
              TableTimeline.completedCommits(table) >= 2
                  && !TableTimeline.pendingInstants(table).isEmpty(),
          180_000);
      child.kill();
    }
    int beforeKill = TableTimeline.completedCommits(table);
    TreeSet<String> pendingAtKill = TableTimeline.pendingInstants(table);
    assertThat("killed before the end", beforeKill, lessThan(COUNT / RATE));

    ConsoleCapture rerun =
        ConsoleCapture.run(
            command(table, tmp.newFolder("rerun-checkpoints").toURI().toString())
                .toArray(new String[0]));
    assertThat(rerun.err, rerun.exitCode, is(0));

    HudiTableReader reader = HudiTableReader.of(table);
    List<GenericRecord> snapshot = reader.snapshot();
    assertThat("no record twice", snapshot, hasSize(COUNT));
    Map<String, GenericRecord> rows = HudiTableReader.byRecordKey(snapshot);
    assertThat(new TreeSet<>(rows.keySet()), is(new TreeSet<>(TripsData.keys(0, COUNT))));
    for (long i = 0; i < COUNT; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(0, i))));
    }
    List<HoodieCommitMetadata> commits = TableTimeline.commitMetadata(reader);
    List<Long> windowStarts = new ArrayList<>();
    for (HoodieCommitMetadata metadata : commits) {
      windowStarts.add(Long.parseLong(metadata.getExtraMetadata().get(SinkLineage.WINDOW_START)));
    }
    List<Long> expected = new ArrayList<>();
    for (int k = 0; k < COUNT / RATE; k++) {
      expected.add(windowStarts.get(0) + k * 1000L);
    }
    assertThat("one commit per interval, in order", windowStarts, is(expected));
    assertThat(
        "the rerun committed at least the intervals the killed run had not",
        rerun.commitLines().size(),
        greaterThanOrEqualTo(COUNT / RATE - beforeKill));
    assertThat(
        "no pending instant",
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    if (!pendingAtKill.isEmpty()) {
      assertThat(
          "the rerun rolled back the instant the kill left pending " + pendingAtKill,
          reader.metaClient().getActiveTimeline().getRollbackTimeline().countInstants(),
          greaterThanOrEqualTo(1));
      for (String pending : pendingAtKill) {
        assertThat(
            "instant " + pending + " left pending by the kill is not completed",
            reader.completedInstantTimes().contains(pending),
            is(false));
      }
    }
    TreeSet<String> named = new TreeSet<>();
    for (HoodieCommitMetadata metadata : commits) {
      metadata.getPartitionToWriteStats().values().stream()
          .flatMap(List::stream)
          .map(HoodieWriteStat::getPath)
          .forEach(named::add);
    }
    assertThat(
        "base files on disk that no commit names",
        TableFiles.dataFilesOnDisk(table),
        everyItem(is(in(named))));
  }
}
