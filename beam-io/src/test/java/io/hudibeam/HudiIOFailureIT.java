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

import static io.hudibeam.HudiIOTesting.assertRows;
import static io.hudibeam.HudiIOTesting.messages;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.transforms.coders.WriteStatCoder;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommitSpec;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.services.ServicesSpec;
import io.hudibeam.transforms.services.TableServices;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Fault tolerance of {@link HudiIO#write()}, read back with Hudi's own reader: a file group written
 * twice (a retried bundle) is committed once with no orphan left; the commit step run again does
 * nothing; a pipeline that dies after writing files leaves the previous snapshot intact and the
 * next write rolls its instant back.
 */
public class HudiIOFailureIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void retriedWritesCommitOnceAndFailedWritesAreRolledBack() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    File lost = tmp.newFolder("lost-attempts");
    HudiTableReader reader = HudiTableReader.of(base);

    // c1: 400 trips, 8 file groups.
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    // c2: every file group written twice, the first attempt's stat lost. Updates 200..399 go
    // through merge handles; with no small files, inserts 400..599 through create handles.
    HudiIO.Write<Row> upsert = trips(base, WriteOperation.UPSERT).withSmallFileLimit(0);
    StagedWrite.run(upsert, TripsRows.batch(1, 200, 400), lost, StagedWrite.Tail.COMMIT);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c2 = commits.get(1);
    TreeSet<String> lostFiles =
        Arrays.stream(lost.list())
            .map(f -> f.replace('+', '/'))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(lostFiles, hasSize(16));
    TreeSet<String> onDisk = dataFilesOnDisk(base);
    for (String file : lostFiles) {
      assertThat(
          file + " of a lost attempt was deleted by the commit", onDisk.contains(file), is(false));
    }
    assertThat(onDisk, is(committedFiles(reader)));
    assertThat(onDisk, hasSize(8 + 16));
    assertThat(Files.exists(Paths.get(base, ".hoodie", ".temp", c2)), is(false));
    Map<String, GenericRecord> afterC2 = reader.snapshotByRecordKey();
    assertRows(
        afterC2,
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(1).committedAt(c2));

    // The commit step again, for the same instant: nothing happens.
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    Instant completed = Instant.completed(InstantTime.parse(c2), Action.COMMIT);
    byte[] commitFile = new TimelineWriter(fs, paths).read(completed);
    CommitMetadata metadata = CommitMetadataJson.fromJson(commitFile);
    assertThat(
        new InstantCommitter(fs, paths).commit(InstantTime.parse(c2), Action.COMMIT, metadata),
        is(CommitOutcome.ALREADY_COMMITTED));
    rerunCommitStep(
        upsert,
        new StartedInstant(
            InstantTime.parse(c2), Action.COMMIT, new TableConfigStore(fs, paths).load()),
        metadata.writeStats());
    assertThat(new TimelineWriter(fs, paths).read(completed), is(commitFile));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, c2)));
    assertThat(dataFilesOnDisk(base), is(onDisk));
    assertRows(
        reader.snapshotByRecordKey(),
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(1).committedAt(c2));

    // c3 dies after its write stage: the snapshot is c2's, c3 is pending with its files on disk.
    assertThrows(
        RuntimeException.class,
        () ->
            StagedWrite.run(
                trips(base, WriteOperation.UPSERT),
                TripsRows.batch(2, 0, 700),
                null,
                StagedWrite.Tail.FAIL_AFTER_WRITES));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> pending =
        meta.getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending.toString(), pending, hasSize(1));
    String c3 = pending.get(0).getTimestamp();
    assertThat(pending.get(0).getAction(), is(HoodieTimeline.COMMIT_ACTION));
    assertThat(c3.compareTo(c2), greaterThan(0));
    TreeSet<String> failedFiles = filesOf(dataFilesOnDisk(base), c3);
    assertThat(failedFiles, is(not(empty())));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, c2)));
    assertRows(
        reader.snapshotByRecordKey(),
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(1).committedAt(c2));

    // c3's pipeline is dead, so its heartbeat is no longer refreshed; 10 minutes later it has
    // expired. (While it is live, a new write refuses to start: HudiIOConcurrentWritersIT.)
    HudiIOTesting.expireHeartbeat(base, c3);

    // c4, a plain HudiIO write, rolls c3 back first, then commits.
    run(TripsRows.batch(3, 500, 200), trips(base, WriteOperation.UPSERT));
    meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(c3)));
    assertThat(rollback.getTotalFilesDeleted(), is(failedFiles.size()));
    commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    String c4 = commits.get(2);
    assertThat(commits, is(List.of(c1, c2, c4)));
    TreeSet<String> finalFiles = dataFilesOnDisk(base);
    assertThat(filesOf(finalFiles, c3), is(empty()));
    assertThat(finalFiles, is(committedFiles(reader)));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertRows(
        rows,
        700,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 500).ofBatch(1).committedAt(c2),
        trips(500, 700).ofBatch(3).committedAt(c4));
  }

  /**
   * Crash point "between the completed instant file and the marker cleanup": the commit step dies
   * after writing {@code .commit}, before deleting the marker folder, the heartbeat and running the
   * clean. The snapshot is already the new commit's; the commit step run again (as a runner retries
   * it) finds the instant committed, deletes the markers and the heartbeat, and runs the clean.
   */
  @Test
  public void aCommitThatDiesAfterItsCommitFileIsFinishedByTheRetriedCommitStep() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    Map<String, String> keepOneVersion =
        Map.of(
            "hoodie.cleaner.policy",
            "KEEP_LATEST_FILE_VERSIONS",
            "hoodie.cleaner.fileversions.retained",
            "1");
    run(
        TripsRows.batch(0, 0, 400),
        trips(base, WriteOperation.INSERT).withHoodieProperties(keepOneVersion));
    String c1 = reader.completedInstantTimes().get(0);
    TreeSet<String> c1Files = dataFilesOnDisk(base);

    String hookId = UUID.randomUUID().toString();
    HudiIO.Write<Row> upsert =
        trips(base, WriteOperation.UPSERT).withHoodieProperties(keepOneVersion);
    try {
      RuntimeException died =
          assertThrows(
              RuntimeException.class,
              () ->
                  run(
                      TripsRows.batch(1, 0, 400),
                      upsert.withHadoopConfiguration(
                          Fault.on(hookId, Operation.DELETE, ".*/\\.hoodie/\\.temp/\\d{17}")
                              .configuration())));
      assertThat(messages(died), containsString("injected failure deleting"));
    } finally {
      FaultFileSystem.forget(hookId);
    }
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c2 = commits.get(1);
    // Committed and visible; the post-commit steps did not run.
    assertRows(reader.snapshotByRecordKey(), 400, trips(0, 400).ofBatch(1).committedAt(c2));
    assertThat(Files.exists(Paths.get(base, ".hoodie", ".temp", c2)), is(true));
    assertThat(reader.metaClient().getActiveTimeline().getCleanerTimeline().countInstants(), is(0));
    assertThat(dataFilesOnDisk(base).containsAll(c1Files), is(true));

    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    Instant completed = Instant.completed(InstantTime.parse(c2), Action.COMMIT);
    CommitMetadata metadata =
        CommitMetadataJson.fromJson(new TimelineWriter(fs, paths).read(completed));
    rerunCommitStep(
        upsert,
        new StartedInstant(
            InstantTime.parse(c2), Action.COMMIT, new TableConfigStore(fs, paths).load()),
        metadata.writeStats());

    assertThat(Files.exists(Paths.get(base, ".hoodie", ".temp", c2)), is(false));
    assertThat(Files.exists(Paths.get(base, ".hoodie", ".heartbeat", c2)), is(false));
    assertThat(
        reader
            .metaClient()
            .getActiveTimeline()
            .getCleanerTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(1));
    // The clean kept one version per file group: c2's files, nothing else.
    TreeSet<String> onDisk = dataFilesOnDisk(base);
    assertThat(onDisk, hasSize(8));
    assertThat(onDisk, is(filesOf(committedFiles(reader), c2)));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, c2)));
    assertRows(reader.snapshotByRecordKey(), 400, trips(0, 400).ofBatch(1).committedAt(c2));
  }

  /**
   * Runs CommitInstant and the table services after it (the steps a runner runs again when it
   * retries the commit) on the stats of an instant already committed.
   */
  private static void rerunCommitStep(
      HudiIO.Write<Row> write, StartedInstant instant, List<WriteStat> stats) {
    WriteSpec spec =
        WriteSettings.of(write.getBasePath(), write.getHoodieProperties())
            .toSpec(
                HudiAvroSchemas.fromBeamSchema(TripsRows.SCHEMA, "trips"),
                write.getChangeTypes(),
                Map.of(),
                FailedRecordPolicy.FAIL);
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollectionView<StartedInstant> started =
        p.apply("Started", Create.of(instant).withCoder(StartedInstantCoder.of()))
            .apply(View.asSingleton());
    PCollection<CommittedInstant> committed =
        TableServices.after(
            p.apply("Stats", Create.of(stats).withCoder(WriteStatCoder.of()))
                .apply(new CommitInstant(CommitSpec.of(spec), started)),
            ServicesSpec.of(spec));
    String expectedTime = instant.instantTime().value();
    PAssert.thatSingleton(committed)
        .satisfies(
            c -> {
              assertThat(c.instantTime(), is(expectedTime));
              assertThat(c.outcome(), is(CommitOutcome.ALREADY_COMMITTED));
              return null;
            });
    p.run().waitUntilFinish();
  }

  private static TreeSet<String> filesOf(TreeSet<String> files, String instant) {
    return files.stream()
        .filter(f -> f.endsWith("_" + instant + ".parquet"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * Exactly {@code size} rows; for each range {@code {from, to, batch}} the rows of trips batch
   * {@code batch} with the commit time of the same position in {@code commitTimes}.
   */
}
