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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Starts under optimistic concurrency control, steps interleaved by the test: a start never refuses
 * a live writer and rolls back only failed ones (heartbeat gone or expired), under Hudi's LAZY rule
 * with no ordering check: the failed instant is older than a completed commit and than a live
 * writer's pending instant, both of which would stop an EAGER rollback. The settings are parsed as
 * Hudi's keys say. Tables read back by Hudi row by row.
 */
public class OptimisticConcurrencyTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final ConcurrencySettings OCC =
      SettingsReader.concurrency(
          Map.of(
              ConcurrencySettings.MODE,
              "optimistic_concurrency_control",
              ConcurrencySettings.LOCK_PROVIDER,
              ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER));
  private static final LockSettings NO_WAIT = new LockSettings(null, 0, 0, 0);

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private String base;
  private LocalWrite writer;
  private String c0;

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(conf);
    base = tmp.newFolder("trips").getAbsolutePath();
    paths = TablePaths.of(base);
    writer = LocalWrite.trips(paths.basePathString());
    StartedInstant started = starter().start(LocalWrite.tripsTable(), Action.COMMIT);
    committer()
        .commit(
            started,
            metadata(
                OperationType.INSERT, writer.writeUpserts(started, TripsData.batch(0, 0, 80))));
    c0 = started.instantTime().value();
  }

  private InstantStarter starter() {
    Clock clock = Clock.systemUTC();
    return new InstantStarter(
        fs,
        paths,
        clock,
        HeartbeatSettings.defaults(),
        new TableLock(fs, paths, NO_WAIT, clock),
        OCC);
  }

  private InstantCommitter committer() {
    Clock clock = Clock.systemUTC();
    return new InstantCommitter(
        fs,
        paths,
        clock,
        HeartbeatSettings.defaults(),
        new TableLock(fs, paths, NO_WAIT, clock),
        OCC);
  }

  /** Trips of batch {@code b} in one city (index mod 8), so one file group. */
  private static List<GenericRecord> city(long b, int city) {
    List<GenericRecord> out = new ArrayList<>();
    for (long i = city; i < 80; i += 8) {
      out.add(TripsData.record(b, i));
    }
    return out;
  }

  @Test
  public void aStartRollsBackOnlyFailedWritesWithNoOrderingRule() throws IOException {
    StartedInstant a = starter().start(LocalWrite.tripsTable(), Action.COMMIT);
    writer.writeUpserts(a, city(1, 0));
    // B and D start beside the live A; B commits, D stays pending and live.
    StartedInstant b = starter().start(LocalWrite.tripsTable(), Action.COMMIT);
    committer().commit(b, metadata(OperationType.UPSERT, writer.writeUpserts(b, city(2, 1))));
    StartedInstant d = starter().start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> dStats = writer.writeUpserts(d, city(4, 3));
    assertThat(
        TableFiles.dataFilesOnDisk(base).stream()
            .filter(f -> f.contains(a.instantTime().value()))
            .count(),
        is(1L));

    // A fails and releases its heartbeat. An EAGER rollback would refuse it (completed B is newer
    // and A has no heartbeat; pending D is newer); C's LAZY start rolls A back and leaves D alone.
    new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC())
        .delete(a.instantTime());
    assertThrows(
        RollbackRefusedException.class,
        () ->
            new Rollback(fs, paths)
                .rollback(a.instantTime(), InstantTime.parse("29991231000000000")));
    StartedInstant c = starter().start(LocalWrite.tripsTable(), Action.COMMIT);
    assertThat(rolledBack(), is(List.of(a.instantTime().value())));
    assertThat(
        TableFiles.dataFilesOnDisk(base).stream()
            .filter(f -> f.contains(a.instantTime().value()))
            .collect(Collectors.toList()),
        is(empty()));
    assertThat(new File(base, ".hoodie/.heartbeat/" + d.instantTime().value()).exists(), is(true));

    committer().commit(c, metadata(OperationType.UPSERT, writer.writeUpserts(c, city(3, 2))));
    assertThat(
        committer().commit(d, metadata(OperationType.UPSERT, dStats)), is(CommitOutcome.COMMITTED));
    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is(80));
    for (long i = 0; i < 80; i++) {
      long batch = i % 8 == 1 ? 2 : i % 8 == 2 ? 3 : i % 8 == 3 ? 4 : 0;
      String instant =
          i % 8 == 1
              ? b.instantTime().value()
              : i % 8 == 2 ? c.instantTime().value() : i % 8 == 3 ? d.instantTime().value() : c0;
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      assertThat(TripsData.key(i), HudiTableReader.string(row, "_hoodie_commit_time"), is(instant));
    }
    assertThat(
        HudiTableReader.of(base)
            .metaClient()
            .getActiveTimeline()
            .filterInflightsAndRequested()
            .getInstants(),
        hasSize(0));
  }

  @Test
  public void settingsAreReadAsHudisKeysSay() {
    assertThat(SettingsReader.concurrency(Map.of()), is(ConcurrencySettings.singleWriter()));
    assertThat(
        SettingsReader.concurrency(Map.of(ConcurrencySettings.FAILED_WRITES, "lazy")),
        is(new ConcurrencySettings(ConcurrencySettings.Mode.SINGLE_WRITER, true)));
    assertThat(
        OCC,
        is(new ConcurrencySettings(ConcurrencySettings.Mode.OPTIMISTIC_CONCURRENCY_CONTROL, true)));
    assertThat(OCC.optimistic(), is(true));
    HudiTableException bad =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.concurrency(Map.of(ConcurrencySettings.MODE, "multi_writer")));
    assertThat(
        bad.getMessage(),
        containsString(
            "hoodie.write.concurrency.mode='multi_writer' is not supported; expected SINGLE_WRITER (the default) or"
                + " OPTIMISTIC_CONCURRENCY_CONTROL"));
  }

  private List<String> rolledBack() throws IOException {
    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();
    List<String> out = new ArrayList<>();
    for (HoodieInstant rollback :
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants()) {
      HoodieRollbackMetadata metadata =
          TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
              meta.getActiveTimeline().getInstantDetails(rollback).get());
      out.addAll(metadata.getCommitsRollback());
    }
    return out;
  }

  private static io.hudibeam.metadata.CommitMetadata metadata(
      io.hudibeam.metadata.OperationType operation,
      java.util.List<io.hudibeam.metadata.WriteStat> stats) {
    return io.hudibeam.write.WriteTransaction.commitMetadata(
        operation, io.hudibeam.testing.TripsData.SCHEMA.toString(), stats);
  }

  /**
   * Instant times are minted under the table lock: eight writers start at once, all reading one
   * frozen clock, so each could only differ from the others by reading the timeline after the
   * previous one wrote its requested file. Every start succeeds with its own instant, each
   * requested file written once.
   */
  @Test
  public void startsAtTheSameMomentMintDistinctInstantsUnderTheLock() throws Exception {
    Clock frozen = Clock.fixed(java.time.Instant.now(), java.time.ZoneOffset.UTC);
    LockSettings patient = new LockSettings(null, 0, 200, 10);
    int writers = 8;
    java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(writers);
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(writers);
    try {
      List<java.util.concurrent.Future<StartedInstant>> starts = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        starts.add(
            pool.submit(
                () -> {
                  InstantStarter starter =
                      new InstantStarter(
                          fs,
                          paths,
                          frozen,
                          HeartbeatSettings.defaults(),
                          new TableLock(fs, paths, patient, frozen),
                          OCC);
                  together.await(60, java.util.concurrent.TimeUnit.SECONDS);
                  return starter.start(LocalWrite.tripsTable(), Action.COMMIT);
                }));
      }
      java.util.TreeSet<String> minted = new java.util.TreeSet<>();
      for (java.util.concurrent.Future<StartedInstant> start : starts) {
        minted.add(start.get(120, java.util.concurrent.TimeUnit.SECONDS).instantTime().value());
      }
      assertThat(minted.size(), is(writers));
      assertThat(minted.first().compareTo(c0) > 0, is(true));
      List<String> requested = new ArrayList<>();
      for (Instant pending : Timeline.load(fs, paths).pending().instants()) {
        requested.add(pending.time().value());
      }
      assertThat(new java.util.TreeSet<>(requested), is(minted));
      assertThat(requested.size(), is(writers));
    } finally {
      pool.shutdownNow();
    }
  }
}
