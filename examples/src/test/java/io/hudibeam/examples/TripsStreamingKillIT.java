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
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A streaming insert killed with SIGKILL mid-stream, then run again over the same input (issue #8):
 * the streaming trips command runs in a child JVM on the DirectRunner; once two of its ten commit
 * intervals are committed the JVM is killed (whatever it was doing: writing files, committing,
 * cleaning), and the same command is run again to its end. The table must hold every record once
 * (an insert, so a replayed interval would duplicate rows), one commit per interval, no pending
 * instant and no base file outside the committed ones. The kill point is not fixed; the assertions
 * hold for any.
 */
public class TripsStreamingKillIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final int COUNT = 1000;
  private static final int RATE = 100; // 100 records per second of event time: 10 intervals of 1 s

  private static List<String> command(String table) {
    return TripsStreamingCommandIT.command(table, COUNT, RATE);
  }

  @Test(timeout = 300_000)
  public void aStreamKilledMidRunAndRunAgainEndsWithEveryRecordOnce() throws Exception {
    String table = tmp.newFolder("trips-killed").getAbsolutePath();
    List<String> java = new ArrayList<>();
    java.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    java.add("-Xmx1g");
    java.add("-cp");
    java.add(System.getProperty("java.class.path"));
    java.add(Main.class.getName());
    java.addAll(command(table));
    File log = tmp.newFile("killed-run.log");
    Process child = new ProcessBuilder(java).redirectErrorStream(true).redirectOutput(log).start();
    try {
      long deadline = System.currentTimeMillis() + 180_000;
      // Kill while the third interval's instant is being written (inflight), when that is seen.
      while (completedCommits(table) < 2 || pendingInstants(table).isEmpty()) {
        assertThat(
            "the child run ended before it was killed (exit "
                + (child.isAlive() ? "none" : child.exitValue())
                + "); its output: "
                + Files.readString(log.toPath()),
            child.isAlive(),
            is(true));
        assertThat(
            "two commits within 180 s; output so far: " + Files.readString(log.toPath()),
            System.currentTimeMillis() < deadline,
            is(true));
        Thread.sleep(20);
      }
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hooks, no cleanup
      assertThat(child.waitFor(60, TimeUnit.SECONDS), is(true));
    }
    int beforeKill = completedCommits(table);
    TreeSet<String> pendingAtKill = pendingInstants(table);
    assertThat("killed before the end", beforeKill, lessThan(COUNT / RATE));

    ConsoleCapture rerun = ConsoleCapture.run(command(table).toArray(new String[0]));
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
    List<Long> windowStarts = new ArrayList<>();
    for (HoodieCommitMetadata metadata : commitMetadata(reader)) {
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
    for (HoodieCommitMetadata metadata : commitMetadata(reader)) {
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

  private static int completedCommits(String table) throws IOException {
    File timeline = new File(table, ".hoodie");
    if (!timeline.isDirectory()) {
      return 0;
    }
    try (Stream<java.nio.file.Path> files = Files.list(timeline.toPath())) {
      return (int) files.filter(f -> f.getFileName().toString().endsWith(".commit")).count();
    }
  }

  /** Instant times with a requested or inflight commit file and no completed one. */
  private static TreeSet<String> pendingInstants(String table) throws IOException {
    File timeline = new File(table, ".hoodie");
    TreeSet<String> pending = new TreeSet<>();
    if (!timeline.isDirectory()) {
      return pending;
    }
    TreeSet<String> names = new TreeSet<>();
    try (Stream<java.nio.file.Path> files = Files.list(timeline.toPath())) {
      files.forEach(f -> names.add(f.getFileName().toString()));
    }
    for (String name : names) {
      if (name.matches("\\d+\\.inflight")) {
        String time = name.substring(0, name.indexOf('.'));
        if (!names.contains(time + ".commit")) {
          pending.add(time);
        }
      }
    }
    return pending;
  }

  private static List<HoodieCommitMetadata> commitMetadata(HudiTableReader reader)
      throws IOException {
    HoodieTimeline commits =
        reader.metaClient().getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    List<HoodieCommitMetadata> metadata = new ArrayList<>();
    for (HoodieInstant instant : commits.getInstants()) {
      metadata.add(
          HoodieCommitMetadata.fromBytes(
              commits.getInstantDetails(instant).get(), HoodieCommitMetadata.class));
    }
    return metadata;
  }
}
