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
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.metadata.RollbackMetadata;
import io.hudibeam.metadata.RollbackPlan;
import io.hudibeam.metadata.RollbackRequest;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiMetaClients;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.avro.model.HoodieRollbackPartitionMetadata;
import org.apache.hudi.avro.model.HoodieRollbackPlan;
import org.apache.hudi.avro.model.HoodieRollbackRequest;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Rollback of failed writes made by Hudi 0.15's Java client (auto-commit off, closed without
 * commit): Hudi reads the table and our rollback files afterwards and continues writing; plus the
 * listing fallback, resuming a half-done rollback, and the refusals.
 */
public class RollbackTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem fs;
  private final InstantTimeGenerator generator = new InstantTimeGenerator(TimelineTimezone.LOCAL);

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
  }

  /** A table with two completed commits and a failed (inflight) upsert by Hudi's Java client. */
  private record FailedWrite(
      String base,
      String instant,
      Set<String> filesBefore,
      Set<String> failedFiles,
      TreeMap<String, String> snapshotBefore) {}

  /** Built once for the class by Hudi's client; each test gets a copy. */
  @ClassRule public static TemporaryFolder fixtures = new TemporaryFolder();

  private static FailedWrite fixture;

  /** Hudi's snapshot as record key → "commit time,ts,fare". */
  private static TreeMap<String, String> snapshot(String base) {
    return HudiTableReader.of(base).snapshotSummary("ts", "fare");
  }

  /**
   * Trips 0..31 inserted (four per city), 0..15 upserted, then an upsert of 5..15 and new trips
   * 32..37 that fails before its commit: one new base file in each of the eight partitions.
   */
  @BeforeClass
  public static void writeFailedWrite() throws IOException {
    String base = fixtures.newFolder("trips").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(base).create();
    hudi.insert(TripsData.batch(1, 0, 32));
    hudi.upsert(TripsData.batch(2, 0, 16));
    TreeMap<String, String> snapshot = snapshot(base);
    TreeSet<String> filesBefore = TableFiles.dataFilesOnDisk(base);
    List<GenericRecord> records = new ArrayList<>(TripsData.batch(3, 5, 11));
    records.addAll(TripsData.batch(3, 32, 6));
    String failed = hudi.failedWrite(HudiReference.Operation.UPSERT, records);
    TreeSet<String> failedFiles = TableFiles.dataFilesOnDisk(base);
    failedFiles.removeAll(filesBefore);
    assertThat(failedFiles.size(), is(TripsData.CITIES.size()));
    for (String file : failedFiles) {
      assertThat(file, containsString("_" + failed + ".parquet"));
    }
    assertThat(new File(base, ".hoodie/" + failed + ".inflight").exists(), is(true));
    assertThat(new File(base, ".hoodie/.temp/" + failed).isDirectory(), is(true));
    assertThat(snapshot(base), is(snapshot));
    fixture = new FailedWrite(base, failed, filesBefore, failedFiles, snapshot);
  }

  /** A copy of the table with the failed write. */
  private FailedWrite failedWrite() throws IOException {
    String base = TableFiles.copy(fixture.base(), tmp.getRoot().toPath().resolve("trips"));
    return new FailedWrite(
        base,
        fixture.instant(),
        fixture.filesBefore(),
        fixture.failedFiles(),
        fixture.snapshotBefore());
  }

  private static Set<String> relative(String base, List<String> absolutePaths) {
    return absolutePaths.stream()
        .map(p -> p.substring(base.length() + 1))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<String> instantFilesOf(String base, String instant) {
    return java.util.Arrays.stream(new File(base, ".hoodie").list())
        .filter(n -> n.startsWith(instant))
        .sorted()
        .collect(Collectors.toList());
  }

  private void assertRolledBack(FailedWrite w, RollbackResult result) throws IOException {
    assertThat(result.rolledBackTime().value(), is(w.instant()));
    assertThat(result.rolledBackAction(), is(Action.COMMIT));
    assertThat(relative(w.base(), result.deletedFiles()), is(w.failedFiles()));
    assertThat(result.failedFiles(), is(empty()));
    assertThat(TableFiles.dataFilesOnDisk(w.base()), is(w.filesBefore()));
    assertThat(instantFilesOf(w.base(), w.instant()), is(empty()));
    assertThat(new File(w.base(), ".hoodie/.temp/" + w.instant()).exists(), is(false));
    String r = result.rollbackTime().value();
    assertThat(
        instantFilesOf(w.base(), r),
        is(List.of(r + ".rollback", r + ".rollback.inflight", r + ".rollback.requested")));

    // Hudi's own reader: the snapshot is the one before the failed write, nothing is pending.
    assertThat(snapshot(w.base()), is(w.snapshotBefore()));
    HoodieTableMetaClient meta = HudiMetaClients.open(w.base());
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().countInstants(), is(0));
    HoodieInstant rollback =
        meta.getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .lastInstant()
            .get();
    assertThat(rollback.getTimestamp(), is(r));

    // Hudi parses our rollback metadata and plan.
    HoodieRollbackMetadata metadata =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollback).get());
    assertThat(metadata.getStartRollbackTime(), is(r));
    assertThat(metadata.getCommitsRollback(), is(List.of(w.instant())));
    assertThat(metadata.getInstantsRollback().get(0).getCommitTime(), is(w.instant()));
    assertThat(metadata.getInstantsRollback().get(0).getAction(), is("commit"));
    assertThat(metadata.getTotalFilesDeleted(), is(w.failedFiles().size()));
    List<String> success = new ArrayList<>();
    for (HoodieRollbackPartitionMetadata partition : metadata.getPartitionMetadata().values()) {
      success.addAll(partition.getSuccessDeleteFiles());
      assertThat(partition.getFailedDeleteFiles(), is(empty()));
      for (String file : partition.getSuccessDeleteFiles()) {
        assertThat(file, containsString(w.base() + "/" + partition.getPartitionPath() + "/"));
      }
    }
    assertThat(relative(w.base(), success), is(w.failedFiles()));
    assertThat(
        metadata.getPartitionMetadata().keySet(),
        is(
            w.failedFiles().stream()
                .map(f -> f.substring(0, f.indexOf('/')))
                .collect(Collectors.toSet())));

    HoodieRollbackPlan plan =
        TimelineMetadataUtils.deserializeAvroMetadata(
            Files.readAllBytes(new File(w.base(), ".hoodie/" + r + ".rollback.requested").toPath()),
            HoodieRollbackPlan.class);
    assertThat(plan.getInstantToRollback().getCommitTime(), is(w.instant()));
    assertThat(plan.getInstantToRollback().getAction(), is("commit"));
    List<String> planned = new ArrayList<>();
    for (HoodieRollbackRequest request : plan.getRollbackRequests()) {
      planned.addAll(request.getFilesToBeDeleted());
    }
    assertThat(relative(w.base(), planned), is(w.failedFiles()));
  }

  /** Hudi's Java client starts (EAGER rollback of failed writes), upserts and commits after us. */
  private static void assertHudiContinues(FailedWrite w) {
    String next = HudiReference.trips(w.base()).open().upsert(TripsData.batch(4, 0, 5));
    TreeMap<String, String> expected = new TreeMap<>(w.snapshotBefore());
    for (int i = 0; i < 5; i++) {
      expected.put(TripsData.key(i), next + "," + TripsData.ts(4, i) + "," + TripsData.fare(4, i));
    }
    assertThat(snapshot(w.base()), is(expected));
    assertThat(
        HudiMetaClients.open(w.base()).getActiveTimeline().getRollbackTimeline().countInstants(),
        is(1));
  }

  @Test
  public void rollsBackAFailedHudiWriteByItsMarkers() throws IOException {
    FailedWrite w = failedWrite();
    List<RollbackResult> results =
        new Rollback(fs, TablePaths.of(w.base())).rollbackAllPending(generator);
    assertThat(results.size(), is(1));
    assertRolledBack(w, results.get(0));
    assertHudiContinues(w);
  }

  @Test
  public void listsTheFailedInstantsBaseFilesWhenItHasNoMarkerFolder() throws IOException {
    FailedWrite w = failedWrite();
    fs.delete(new org.apache.hadoop.fs.Path(w.base(), ".hoodie/.temp/" + w.instant()), true);
    Rollback rollback = new Rollback(fs, TablePaths.of(w.base()));
    Instant pending =
        Timeline.load(fs, TablePaths.of(w.base()))
            .find(InstantTime.parse(w.instant()), Action.COMMIT)
            .get();
    assertThat(pending.state(), is(State.INFLIGHT));
    RollbackPlan plan = rollback.plan(pending);
    List<String> planned =
        plan.rollbackRequests().stream().flatMap(r -> r.filesToBeDeleted().stream()).toList();
    assertThat(relative(w.base(), planned), is(w.failedFiles()));
    for (RollbackRequest request : plan.rollbackRequests()) {
      assertThat(request.fileId(), is(""));
      assertThat(request.latestBaseInstant(), is(""));
    }

    List<RollbackResult> results = rollback.rollbackAllPending(generator);
    assertThat(results.size(), is(1));
    assertRolledBack(w, results.get(0));
    assertHudiContinues(w);
  }

  @Test
  public void resumesARollbackInterruptedAfterDeletingSomeFiles() throws IOException {
    FailedWrite w = failedWrite();
    TablePaths paths = TablePaths.of(w.base());
    Rollback rollback = new Rollback(fs, paths);
    TimelineWriter timeline = new TimelineWriter(fs, paths);
    Instant pending =
        Timeline.load(fs, paths).find(InstantTime.parse(w.instant()), Action.COMMIT).get();
    RollbackPlan plan = rollback.plan(pending);
    InstantTime r = generator.next(Timeline.load(fs, paths));
    timeline.transitionToInflight(
        timeline.createRequested(r, Action.ROLLBACK, plan.toBytes()), new byte[0]);
    String firstFile = plan.rollbackRequests().get(0).filesToBeDeleted().get(0);
    fs.delete(new org.apache.hadoop.fs.Path(firstFile), false);

    List<RollbackResult> results = rollback.rollbackAllPending(generator);
    assertThat(results.size(), is(1));
    assertThat(results.get(0).rollbackTime(), is(r));
    assertRolledBack(w, results.get(0));
    assertThat(Timeline.load(fs, paths).ofAction(Action.ROLLBACK).size(), is(1));
    assertHudiContinues(w);
  }

  @Test
  public void resumesARollbackInterruptedAfterDeletingTheFailedInstant() throws IOException {
    FailedWrite w = failedWrite();
    TablePaths paths = TablePaths.of(w.base());
    Rollback rollback = new Rollback(fs, paths);
    TimelineWriter timeline = new TimelineWriter(fs, paths);
    InstantTime failed = InstantTime.parse(w.instant());
    RollbackPlan plan = rollback.plan(Timeline.load(fs, paths).find(failed, Action.COMMIT).get());
    InstantTime r = generator.next(Timeline.load(fs, paths));
    timeline.createRequested(r, Action.ROLLBACK, plan.toBytes());
    for (String file :
        plan.rollbackRequests().stream().flatMap(q -> q.filesToBeDeleted().stream()).toList()) {
      fs.delete(new org.apache.hadoop.fs.Path(file), false);
    }
    timeline.delete(
        List.of(Instant.inflight(failed, Action.COMMIT), Instant.requested(failed, Action.COMMIT)));

    RollbackResult result = rollback.rollback(failed, generator.next(Timeline.load(fs, paths)));
    assertThat(result.rollbackTime(), is(r));
    assertRolledBack(w, result);
    assertHudiContinues(w);
  }

  // ---- refusals and ordering, on hand-made timelines

  private static final InstantTime T1 = InstantTime.parse("20250101000000001");
  private static final InstantTime T2 = InstantTime.parse("20250101000000002");
  private static final InstantTime T3 = InstantTime.parse("20250101000000003");

  private TablePaths emptyTable() throws IOException {
    File base = tmp.newFolder("hand");
    new File(base, ".hoodie").mkdirs();
    return TablePaths.of(base.getAbsolutePath());
  }

  private Instant pending(TablePaths paths, InstantTime time, Action action) {
    TimelineWriter writer = new TimelineWriter(fs, paths);
    return writer.transitionToInflight(
        writer.createRequested(time, action, new byte[0]), new byte[0]);
  }

  private void completed(TablePaths paths, InstantTime time) {
    new TimelineWriter(fs, paths).complete(pending(paths, time, Action.COMMIT), "{}".getBytes());
  }

  @Test
  public void refusesACompletedInstant() throws IOException {
    TablePaths paths = emptyTable();
    completed(paths, T1);
    RollbackRefusedException e =
        assertThrows(
            RollbackRefusedException.class, () -> new Rollback(fs, paths).rollback(T1, T2));
    assertThat(e.getMessage(), containsString("[20250101000000001__commit__COMPLETED]"));
    assertThat(e.getMessage(), containsString("it is completed"));
    assertThat(Timeline.load(fs, paths).size(), is(1));
  }

  @Test
  public void refusesAPendingInstantOlderThanACompletedOne() throws IOException {
    TablePaths paths = emptyTable();
    pending(paths, T1, Action.COMMIT);
    completed(paths, T2);
    Rollback rollback = new Rollback(fs, paths);
    RollbackRefusedException e =
        assertThrows(RollbackRefusedException.class, () -> rollback.rollback(T1, T3));
    assertThat(
        e.getMessage(),
        containsString("completed instants [[20250101000000002__commit__COMPLETED]] are newer"));
    assertThrows(RollbackRefusedException.class, () -> rollback.rollbackAllPending(generator));
    assertThat(Timeline.load(fs, paths).ofAction(Action.ROLLBACK).isEmpty(), is(true));
  }

  @Test
  public void rollsBackNewerPendingInstantsFirst() throws IOException {
    TablePaths paths = emptyTable();
    pending(paths, T1, Action.COMMIT);
    new TimelineWriter(fs, paths).createRequested(T2, Action.REPLACE_COMMIT, new byte[0]);
    Rollback rollback = new Rollback(fs, paths);
    RollbackRefusedException e =
        assertThrows(RollbackRefusedException.class, () -> rollback.rollback(T1, T3));
    assertThat(
        e.getMessage(),
        containsString(
            "newer pending instants [[20250101000000002__replacecommit__REQUESTED]] must be rolled back first"));

    List<RollbackResult> results = rollback.rollbackAllPending(generator);
    assertThat(results.stream().map(RollbackResult::rolledBackTime).toList(), is(List.of(T2, T1)));
    assertThat(
        results.stream().map(RollbackResult::rolledBackAction).toList(),
        is(List.of(Action.REPLACE_COMMIT, Action.COMMIT)));
    Timeline timeline = Timeline.load(fs, paths);
    assertThat(timeline.size(), is(2));
    assertThat(timeline.ofAction(Action.ROLLBACK).completed().size(), is(2));
    RollbackMetadata first =
        RollbackMetadata.fromBytes(new TimelineWriter(fs, paths).read(timeline.instants().get(0)));
    assertThat(first.commitsRollback(), is(List.of(T2.value())));
    assertThat(first.totalFilesDeleted(), is(0));
    assertThat(rollback.rollbackAllPending(generator), is(empty()));
  }

  /**
   * A log file of file group f1-0 in partition paris, base instant T0, with one data block per
   * instant.
   */
  private org.apache.hadoop.fs.Path logFile(
      TablePaths paths, int version, InstantTime... instants) {
    org.apache.avro.Schema schema =
        org.apache.avro.SchemaBuilder.record("r").fields().requiredString("k").endRecord();
    io.hudibeam.files.LogFileName name =
        io.hudibeam.files.LogFileName.of(
            io.hudibeam.files.FileId.parse("f1-0"),
            T0,
            version,
            io.hudibeam.files.WriteToken.of(0, 1, version));
    org.apache.hadoop.fs.Path path =
        new org.apache.hadoop.fs.Path(paths.partitionFolder("paris"), name.value());
    io.hudibeam.log.LogFileWriter writer = io.hudibeam.log.LogFileWriter.create(fs.getConf(), path);
    for (InstantTime instant : instants) {
      io.hudibeam.log.AvroDataBlockBuilder block =
          new io.hudibeam.log.AvroDataBlockBuilder(
              instant, schema, io.hudibeam.files.FileId.parse("f1-0"), 0);
      org.apache.avro.generic.GenericRecord record =
          new org.apache.avro.generic.GenericData.Record(schema);
      record.put("k", "key-" + instant.value());
      block.add("key-" + instant.value(), "paris", record);
      writer.append(block.build());
    }
    writer.close();
    return path;
  }

  private static final InstantTime T0 = InstantTime.parse("20250101000000000");

  @Test
  public void deltacommitLogFilesAreDeletedOrGetARollbackBlockWhenTheyHoldOtherInstants()
      throws IOException {
    TablePaths paths = emptyTable();
    Instant deltaCommit = pending(paths, T1, Action.DELTA_COMMIT);
    Rollback rollback = new Rollback(fs, paths);
    // No marker folder: markers come before files, so there is nothing to delete.
    assertThat(rollback.plan(deltaCommit).rollbackRequests(), is(empty()));

    // A log file only T1 wrote is deleted; one that also holds T0's (committed) block is kept and
    // gets a rollback command block for T1 in a new log file of the slice, as Hudi 0.15 does.
    org.apache.hadoop.fs.Path own = logFile(paths, 2, T1);
    org.apache.hadoop.fs.Path shared = logFile(paths, 1, T0, T1);
    MarkerStore markers = new MarkerStore(fs, paths, T1);
    markers.create(Marker.of("paris", own.getName(), IOType.APPEND));
    markers.create(Marker.of("paris", shared.getName(), IOType.APPEND));
    RollbackResult result = rollback.rollback(T1, T2);
    assertThat(result.deletedFiles(), is(List.of(own.toString())));
    assertThat(fs.exists(own), is(false));
    assertThat(fs.exists(shared), is(true));
    org.apache.hadoop.fs.Path command =
        new org.apache.hadoop.fs.Path(
            paths.partitionFolder("paris"),
            ".f1-0_" + T0.value() + ".log.2_1-0-1"); // next version once T1's own file is gone
    List<io.hudibeam.log.LogBlock> blocks =
        io.hudibeam.log.LogFileReader.readAll(fs.getConf(), command);
    assertThat(blocks.size(), is(1));
    assertThat(blocks.get(0).isRollback(), is(true));
    assertThat(blocks.get(0).instantTime(), is(T2));
    assertThat(blocks.get(0).targetInstantTime().get(), is(T1));
    HoodieRollbackMetadata metadata =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            new TimelineWriter(fs, paths).read(Instant.completed(T2, Action.ROLLBACK)));
    HoodieRollbackPartitionMetadata paris = metadata.getPartitionMetadata().get("paris");
    assertThat(paris.getSuccessDeleteFiles(), is(List.of(own.toString())));
    assertThat(paris.getRollbackLogFiles().keySet(), is(Set.of(command.toString())));
    assertThat(paris.getLogFilesFromFailedCommit().keySet(), is(Set.of(shared.toString())));

    // An APPEND marker in Hudi 0.14's base-file form names no log file: refused before anything is
    // done.
    Instant other = pending(paths, T3, Action.DELTA_COMMIT);
    new MarkerStore(fs, paths, T3)
        .create(Marker.of("paris", "f1-0_0-1-2_20250101000000000.parquet", IOType.APPEND));
    RollbackRefusedException append =
        assertThrows(RollbackRefusedException.class, () -> rollback.plan(other));
    assertThat(append.getMessage(), containsString("names no log file"));
  }

  @Test
  public void refusesAnInstantNotOnTheTimelineAndNonWriteActions() throws IOException {
    TablePaths paths = emptyTable();
    Rollback rollback = new Rollback(fs, paths);
    HudiTableException missing =
        assertThrows(HudiTableException.class, () -> rollback.rollback(T1, T2));
    assertThat(
        missing.getMessage(),
        containsString(
            "instant 20250101000000001 of table " + paths + ": it is not on the timeline"));
    pending(paths, T1, Action.CLEAN);
    RollbackRefusedException clean =
        assertThrows(RollbackRefusedException.class, () -> rollback.rollback(T1, T2));
    assertThat(
        clean.getMessage(), containsString("only commit, deltacommit and replacecommit instants"));
  }
}
