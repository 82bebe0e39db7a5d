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
package io.hudibeam;

import static io.hudibeam.HudiIOMergeOnReadIT.trips;
import static io.hudibeam.MergeOnReadChecks.logFilesOnDisk;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.files.WriteToken;
import io.hudibeam.services.CompactionSettings;
import io.hudibeam.services.Compactor;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.WriteOperation;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Compaction of MERGE_ON_READ tables, read back by Hudi: inline after N deltacommits, by {@code
 * HudiIO.compact()} (also re-running a crashed compaction), a compaction we scheduled executed by
 * Hudi's Java client, and one Hudi scheduled executed by us (with a compaction memory budget of 0
 * bytes, so every merged log record is spilled to disk). After each, Hudi's snapshot is unchanged
 * row by row (values and commit times) and its read-optimized view equals the snapshot.
 */
public class HudiIOCompactionIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Record key to {@code values|commit time}: the content a compaction must keep. */
  private static Map<String, String> rows(List<GenericRecord> records) {
    Map<String, String> out = new TreeMap<>();
    for (GenericRecord r : records) {
      String previous =
          out.put(
              HudiTableReader.string(r, "_hoodie_record_key"),
              TripsData.values(r) + "|" + HudiTableReader.string(r, "_hoodie_commit_time"));
      assertThat(
          "duplicate key " + HudiTableReader.string(r, "_hoodie_record_key"),
          previous == null,
          is(true));
    }
    return out;
  }

  private static String last(HudiTableReader reader) {
    List<String> commits = reader.completedInstantTimes();
    return commits.get(commits.size() - 1);
  }

  /**
   * The completed compaction instants (commits whose metadata Hudi parses as COMPACT), in order.
   */
  private static List<String> compactions(HudiTableReader reader) {
    List<String> out = new ArrayList<>();
    HoodieTimeline commits =
        reader.metaClient().getActiveTimeline().getCommitTimeline().filterCompletedInstants();
    for (HoodieInstant instant : commits.getInstants()) {
      HoodieCommitMetadata metadata = HudiIOTesting.commitMetadata(reader, instant.getTimestamp());
      if (metadata.getOperationType().name().equals("COMPACT")) {
        assertThat(metadata.getCompacted(), is(true));
        out.add(instant.getTimestamp());
      }
    }
    return out;
  }

  /**
   * After a compaction of every slice: no latest slice has log files and read-optimized = snapshot.
   */
  private static void assertCompacted(HudiTableReader reader, Map<String, String> expected) {
    assertThat(rows(reader.snapshot()), is(expected));
    assertThat(rows(reader.readOptimized()), is(expected));
    for (FileSlice slice : reader.latestFileSlices()) {
      assertThat(slice.toString(), slice.getLogFiles().count(), is(0L));
    }
    assertThat(
        dataFilesOnDisk(reader.basePath()).stream().filter(f -> true).count(), greaterThan(0L));
  }

  private static Compactor compactor(String base) throws Exception {
    return new Compactor(
        new Configuration(), FileSystem.getLocal(new Configuration()), TablePaths.of(base));
  }

  private static void compactWithHudiIO(String base, long expectedCompactions) {
    compactWithHudiIO(base, expectedCompactions, Map.of());
  }

  private static void compactWithHudiIO(
      String base, long expectedCompactions, Map<String, String> properties) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<HudiCommitInfo> done =
        p.apply(HudiIO.compact().withBasePath(base).withHoodieProperties(properties));
    PAssert.that(done)
        .satisfies(
            all -> {
              long n = 0;
              for (HudiCommitInfo c : all) {
                assertThat(c.toString(), c.getOperation(), is("COMPACT"));
                assertThat(c.toString(), c.getOutcome(), is(CommitOutcome.COMMITTED.name()));
                n++;
              }
              assertThat(n, is(expectedCompactions));
              return null;
            });
    p.run().waitUntilFinish();
  }

  @Test
  public void inlineCompactionAfterMaxDeltaCommits() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIO.Write<Row> upsert =
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(
                Map.of(
                    CompactionSettings.INLINE, "true", CompactionSettings.MAX_DELTA_COMMITS, "3"));
    run(TripsRows.batch(0, 0, 40), upsert);
    run(TripsRows.batch(1, 0, 16), upsert);
    assertThat(compactions(reader), is(empty()));
    assertThat(logFilesOnDisk(base), is(not(empty())));
    Map<String, String> beforeThird = rows(reader.snapshot());
    run(TripsRows.batch(2, 8, 16), upsert);
    String d3 =
        reader
            .metaClient()
            .getActiveTimeline()
            .getDeltaCommitTimeline()
            .filterCompletedInstants()
            .lastInstant()
            .get()
            .getTimestamp();
    // The third deltacommit triggered a compaction right after it.
    List<String> compacted = compactions(reader);
    assertThat(compacted, hasSize(1));
    assertThat(compacted.get(0).compareTo(d3), greaterThan(0));
    Map<String, String> expected = new TreeMap<>(beforeThird);
    for (long i = 8; i < 24; i++) {
      expected.put(TripsData.key(i), TripsData.values(TripsData.record(2, i)) + "|" + d3);
    }
    assertCompacted(reader, expected);

    // Writes go on into the compacted slices: logs of the new slices, merged by Hudi.
    run(TripsRows.batch(3, 0, 4), upsert);
    String d4 = last(reader);
    for (long i = 0; i < 4; i++) {
      expected.put(TripsData.key(i), TripsData.values(TripsData.record(3, i)) + "|" + d4);
    }
    assertThat(rows(reader.snapshot()), is(expected));
    TreeSet<String> onDisk = new TreeSet<>(dataFilesOnDisk(base));
    onDisk.addAll(logFilesOnDisk(base));
    assertThat(onDisk, is(committedFiles(reader)));
  }

  /**
   * {@code HudiIO.compact()} applies the writers' failed-writes policy under the table lock: beside
   * a live writer (a pending deltacommit with a fresh heartbeat) it fails naming that instant and
   * rolls nothing back; once the writer has died (no heartbeat), its instant is rolled back and the
   * compaction runs.
   */
  @Test
  public void compactNeverRollsBackALiveWriter() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT));
    run(TripsRows.batch(1, 0, 16), trips(base, WriteOperation.UPSERT));
    Map<String, String> expected = rows(reader.snapshot());

    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    InstantTime live =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .start(new TableConfigStore(fs, paths).load(), Action.DELTA_COMMIT)
            .instantTime();

    Pipeline.PipelineExecutionException refused =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> compactWithHudiIO(base, 0));
    assertThat(refused.getCause(), instanceOf(ConcurrentWriterException.class));
    assertThat(refused.getCause().getMessage(), containsString(live.value()));
    assertThat(refused.getCause().getMessage(), containsString("still running"));
    Timeline timeline = Timeline.load(fs, paths);
    assertThat(
        timeline.find(live, Action.DELTA_COMMIT).map(i -> i.isCompleted()), is(Optional.of(false)));
    assertThat(timeline.ofAction(Action.ROLLBACK).instants(), empty());
    assertThat(compactions(reader), empty());
    assertThat(rows(reader.snapshot()), is(expected));

    // The writer dies: without its heartbeat the instant is a failed write, rolled back first.
    new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC()).delete(live);
    compactWithHudiIO(base, 1);
    timeline = Timeline.load(fs, paths);
    assertThat(timeline.find(live, Action.DELTA_COMMIT), is(Optional.empty()));
    assertThat(timeline.ofAction(Action.ROLLBACK).instants(), hasSize(1));
    assertThat(compactions(reader), hasSize(1));
    assertCompacted(reader, expected);
  }

  @Test
  public void compactTransformAlsoReRunsACrashedCompaction() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT));
    run(TripsRows.batch(1, 0, 16), trips(base, WriteOperation.UPSERT));
    Map<String, String> expected = rows(reader.snapshot());

    // A compaction that crashes after writing the new base file of one file slice.
    Compactor compactor = compactor(base);
    InstantTime crashed =
        compactor
            .schedule(new InstantTimeGenerator(TimelineTimezone.LOCAL), TableType.MERGE_ON_READ)
            .get();
    assertThat(compactor.plan(crashed).operations(), hasSize(8));
    compactor.markInflight(crashed);
    String orphan =
        compactor
            .execute(
                crashed,
                compactor.plan(crashed).operations().get(0),
                WriteToken.of(9, 9, 9),
                ParquetSettings.defaults())
            .path();
    assertThat(rows(reader.snapshot()), is(expected));

    // HudiIO.compact() runs the pending compaction again: the crashed attempt's file is deleted.
    compactWithHudiIO(base, 1);
    assertThat(compactions(reader), is(List.of(crashed.value())));
    assertThat(dataFilesOnDisk(base).contains(orphan), is(false));
    assertCompacted(reader, expected);
    TreeSet<String> onDisk = new TreeSet<>(dataFilesOnDisk(base));
    onDisk.addAll(logFilesOnDisk(base));
    assertThat(onDisk, is(committedFiles(reader)));

    // Nothing left to compact: no instant.
    compactWithHudiIO(base, 0);
    assertThat(compactions(reader), hasSize(1));
  }

  @Test
  public void hudiExecutesACompactionWeScheduled() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT));
    run(TripsRows.batch(1, 0, 16), trips(base, WriteOperation.UPSERT));
    Map<String, String> expected = rows(reader.snapshot());
    InstantTime ours =
        compactor(base)
            .schedule(new InstantTimeGenerator(TimelineTimezone.LOCAL), TableType.MERGE_ON_READ)
            .get();
    // Hudi's writer with its metadata table on, its default.
    HudiReference.trips(base)
        .tableType(HoodieTableType.MERGE_ON_READ)
        .metadataTable(true)
        .open()
        .compact(ours.value());
    assertThat(compactions(reader), is(List.of(ours.value())));
    assertCompacted(reader, expected);
    // And we write on after Hudi's compaction.
    run(TripsRows.batch(2, 0, 4), trips(base, WriteOperation.UPSERT));
    String d3 = last(reader);
    for (long i = 0; i < 4; i++) {
      expected.put(TripsData.key(i), TripsData.values(TripsData.record(2, i)) + "|" + d3);
    }
    assertThat(rows(reader.snapshot()), is(expected));
  }

  @Test
  public void weExecuteACompactionHudiScheduled() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiReference hudi =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            .writeConfig(CompactionSettings.MAX_DELTA_COMMITS, "1")
            .create();
    hudi.insert(TripsData.batch(0, 0, 40));
    hudi.upsert(TripsData.batch(1, 0, 16));
    hudi.deleteRecordKeys(TripsData.keys(20, 4));
    assertThat(logFilesOnDisk(base), is(not(empty())));
    Map<String, String> expected = rows(reader.snapshot());
    assertThat(expected.size(), is(36));
    Optional<String> theirs = hudi.scheduleCompaction();
    assertThat(theirs.isPresent(), is(true));
    // A compaction budget of 0 bytes spills every merged log record. The settings reach the
    // compaction: with a spill folder that cannot be made, it fails naming them, and stays pending.
    java.io.File notAFolder = tmp.newFile("not-a-folder");
    Exception failed =
        org.junit.Assert.assertThrows(
            Exception.class,
            () ->
                compactWithHudiIO(
                    base,
                    1,
                    Map.of(
                        MergeMemory.COMPACTION_MAX_SIZE,
                        "0",
                        MergeMemory.SPILL_PATH,
                        notAFolder.getAbsolutePath() + "/spill")));
    assertThat(
        failed.toString(),
        org.hamcrest.Matchers.containsString(
            MergeMemory.COMPACTION_MAX_SIZE + " budget of 0 bytes"));
    assertThat(compactions(reader), is(empty()));
    java.io.File spill = tmp.newFolder("spill");
    compactWithHudiIO(
        base,
        1,
        Map.of(
            MergeMemory.COMPACTION_MAX_SIZE, "0", MergeMemory.SPILL_PATH, spill.getAbsolutePath()));
    assertThat(spill.list(), is(new String[0]));
    assertThat(compactions(reader), is(List.of(theirs.get())));
    assertCompacted(reader, expected);
  }
}
