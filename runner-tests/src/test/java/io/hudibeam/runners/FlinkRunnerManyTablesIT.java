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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.ChangeStreamTables;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.transforms.Filter;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.rules.Timeout;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * {@code HudiIO.writeTables()} and {@code HudiIO.writeDynamic()} (tables created on first sight,
 * one graph for every table), each streaming on the FlinkRunner (embedded, parallelism 2,
 * checkpoints every 300 ms): an endless change stream of three source tables ({@link
 * ChangeStreamTables#streamEvent}, inserts then updates and deletes mixed), 600 events over three
 * commit intervals of 2 s of event time, into three tables of their own keys, partitioning and
 * table types. The job runs (bounded wait) until every table's sink is committed through the last
 * interval, is cancelled, and each table is read back row by row with Hudi's reader: one instant
 * per interval in each table, in order, under the table's own sink id, nothing pending, each table
 * equal to the final state of its events. Two tests inject one failure (a {@code FaultFileSystem}
 * rule with a flag file, in one table's Hadoop settings only, so on its base path only) and let
 * Flink restore the whole job from its last checkpoint, as {@code FlinkRunnerStreamingIT} does for
 * one table: after one table's commit file, and before one table's commit.
 */
@RunWith(Parameterized.class)
public class FlinkRunnerManyTablesIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** The writer of the tables: {@code writeTables()} or {@code writeDynamic()}. */
  @Parameterized.Parameter public String writer;

  @Parameterized.Parameters(name = "{0}")
  public static List<String> writers() {
    return List.of("writeTables", "writeDynamic");
  }

  @Rule public Timeout timeout = Timeout.seconds(240);

  private static final Instant EPOCH = new Instant(1_700_000_000_000L);
  private static final long EVENTS = 600;
  private static final long MILLIS_PER_INDEX = 10;
  private static final Duration INTERVAL = Duration.standardSeconds(2);
  private static final long LAST_END = EPOCH.getMillis() + EVENTS * MILLIS_PER_INDEX;

  /**
   * Runs the change stream of {@value #EVENTS} events into the tables under {@code warehouse} until
   * every table's sink is committed through the last interval, then cancels the job.
   */
  private void runStream(
      FlinkPipelineOptions options,
      File warehouse,
      Map<String, Map<String, String>> hadoopConfigurations)
      throws Exception {
    Pipeline p = Pipeline.create(options);
    PCollection<Row> events =
        p.apply(
                GenerateSequence.from(0)
                    .withRate(300, Duration.standardSeconds(1))
                    .withTimestampFn(i -> EPOCH.plus(Duration.millis(i * MILLIS_PER_INDEX))))
            .apply(Filter.by((Long i) -> i < EVENTS))
            .apply(MapElements.into(TypeDescriptors.rows()).via(ChangeStreamTables::streamEvent))
            .setRowSchema(ChangeStreamTables.SCHEMA);
    if (writer.equals("writeDynamic")) {
      ChangeStreamTables.genericRecords(events)
          .apply(
              ChangeStreamTables.writeDynamic(warehouse, hadoopConfigurations)
                  .withTriggeringFrequency(INTERVAL));
    } else {
      events.apply(
          ChangeStreamTables.writeTables(warehouse, hadoopConfigurations)
              .withTriggeringFrequency(INTERVAL));
    }
    PipelineResult result = p.run();
    try {
      long deadline = System.currentTimeMillis() + 180_000;
      for (String table : ChangeStreamTables.TABLES) {
        String base = ChangeStreamTables.base(warehouse, table);
        while (FlinkRunnerStreamingIT.committedThrough(base) < LAST_END) {
          assertThat(
              "the stream is still running (state " + result.getState() + ")",
              result.getState().isTerminal(),
              is(false));
          if (System.currentTimeMillis() > deadline) {
            throw new AssertionError(
                table + " was not committed through " + new Instant(LAST_END) + " within 180 s");
          }
          Thread.sleep(200);
        }
      }
    } finally {
      result.cancel();
    }
  }

  /**
   * Every table equals the final state of the {@value #EVENTS} events row by row, has one completed
   * instant per interval (each interval has events of every table), in order, under its own sink
   * id, and nothing pending left.
   */
  private static void assertEveryTableExact(File warehouse) {
    List<Row> events = new ArrayList<>();
    for (long i = 0; i < EVENTS; i++) {
      events.add(ChangeStreamTables.streamEvent(i));
    }
    ChangeStreamTables.assertTables(
        warehouse, List.of(events), Map.of("orders", 3, "customers", 3, "events", 3));
    List<Long> intervalStarts = new ArrayList<>();
    for (long start = EPOCH.getMillis(); start < LAST_END; start += INTERVAL.getMillis()) {
      intervalStarts.add(start);
    }
    for (String table : ChangeStreamTables.TABLES) {
      String base = ChangeStreamTables.base(warehouse, table);
      List<Long> windowStarts = new ArrayList<>();
      for (Map<String, String> extra : FlinkRunnerStreamingIT.lineages(HudiTableReader.of(base))) {
        assertThat(table + "'s sink id", extra.get(SinkLineage.SINK_ID), is(table + "-upsert"));
        windowStarts.add(Long.parseLong(extra.get(SinkLineage.WINDOW_START)));
      }
      assertThat(table + ": one instant per interval, in order", windowStarts, is(intervalStarts));
      FlinkRunnerStreamingIT.assertNothingPendingLeft(base);
      if (!table.equals("customers")) {
        HudiIOWriteSuite.assertNoOrphanBaseFiles(base);
      }
    }
  }

  @Test
  public void aStreamCommitsEachTableOncePerIntervalAndEveryTableIsExact() throws Exception {
    File warehouse = tmp.newFolder("warehouse");
    runStream(FlinkRunnerStreamingIT.streamingOptions(0), warehouse, Map.of());
    assertEveryTableExact(warehouse);
  }

  /**
   * Injects a failure once, right after the second file of {@code table}'s own timeline (not its
   * metadata table's) whose name is an instant time and {@code suffix} is in place, in that table's
   * file system only; runs the stream with Flink's restarts until every table is committed through
   * its last interval; returns the failed instant's time.
   */
  private String failOnceAfterTheSecond(File warehouse, String table, String suffix)
      throws Exception {
    File flag = new File(tmp.getRoot(), "failed-once");
    String base = ChangeStreamTables.base(warehouse, table);
    Fault second =
        Fault.on(
                flag.getPath(),
                Operation.IN_PLACE,
                Pattern.quote(base) + "/\\.hoodie/\\d+" + Pattern.quote(suffix))
            .skip(1)
            .onceFlaggedBy(flag.getPath());
    runStream(
        FlinkRunnerStreamingIT.streamingOptions(3),
        warehouse,
        Map.of(table, second.configuration()));
    assertThat("the injected failure happened", flag.exists(), is(true));
    String failedAt = Files.readString(flag.toPath());
    return failedAt.substring(failedAt.lastIndexOf('/') + 1, failedAt.lastIndexOf('/') + 18);
  }

  /**
   * A failure injected once in one table's write only: customers' file system fails right after its
   * second interval's {@code .deltacommit} file is in place (the commit is complete, the step that
   * made it fails). Flink restores the whole job from its last checkpoint (restart strategy of
   * {@code --numberOfExecutionRetries}); the replayed intervals are skipped by each table that
   * committed them (customers' second interval included) and committed by each table that had not,
   * so every table ends exact with one instant per interval and nothing pending.
   */
  @Test
  public void aFailureAfterOneTablesCommitIsRestoredWithEveryTableExact() throws Exception {
    File warehouse = tmp.newFolder("warehouse");
    String failed = failOnceAfterTheSecond(warehouse, "customers", ".deltacommit");
    String customers = ChangeStreamTables.base(warehouse, "customers");
    assertThat(
        "failed right after customers' second commit",
        failed,
        is(HudiTableReader.of(customers).completedInstantTimes().get(1)));
    assertEveryTableExact(warehouse);
  }

  /**
   * A failure injected once in one table's write before its commit: events' file system fails right
   * after its second instant is inflight (table version 6 names a commit's inflight file {@code
   * <time>.inflight}). Flink restores the job from its last checkpoint; events' next start rolls
   * the failed instant back (a completed rollback names it) and commits the replayed interval as a
   * new instant; the other tables skip what they committed; every table ends exact with one instant
   * per interval and nothing pending.
   */
  @Test
  public void aFailureBeforeOneTablesCommitIsRestoredWithEveryTableExact() throws Exception {
    File warehouse = tmp.newFolder("warehouse");
    String failed = failOnceAfterTheSecond(warehouse, "events", ".inflight");
    HoodieTableMetaClient events =
        HudiTableReader.of(ChangeStreamTables.base(warehouse, "events")).metaClient();
    assertThat(
        "the failed instant is not committed",
        HudiTableReader.of(ChangeStreamTables.base(warehouse, "events"))
            .completedInstantTimes()
            .contains(failed),
        is(false));
    List<String> rolledBack = new ArrayList<>();
    for (HoodieInstant rollback :
        events.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants()) {
      rolledBack.addAll(
          TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
                  events.getActiveTimeline().getInstantDetails(rollback).get())
              .getCommitsRollback());
    }
    assertThat("events' failed instant rolled back", rolledBack, hasItem(failed));
    assertEveryTableExact(warehouse);
  }
}
