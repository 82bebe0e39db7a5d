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
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieCleanerPlan;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.avro.model.HoodieRollbackPlan;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Crashes in the middle of a clean and of a rollback (a hook that stops either one after it deleted
 * some of its files, before its completed instant is written), followed by the next write: the next
 * write completes the pending clean or rollback with its own plan, as Hudi does (Hudi's {@code
 * CleanActionExecutor} runs pending cleans first; its rollback reuses a pending rollback's plan).
 * Before and after, Hudi's reader reads the table exactly, row by row: the pending clean only ever
 * removed file versions no reader needs, and the pending rollback only files of a failed instant.
 */
public class HudiIOCrashDuringCleanAndRollbackIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String crashId = UUID.randomUUID().toString();

  /**
   * Lets the first {@code n} deletions of data files through while an {@code action} ("clean" or
   * "rollback") is inflight, and crashes at the next one: nothing after it runs, as after a kill.
   */
  private java.util.Map<String, String> crashDuring(String action, int n) {
    return Fault.on(crashId, Operation.DELETE, Fault.BASE_FILE)
        .whileInflight(action)
        .skip(n)
        .crash()
        .configuration();
  }

  /** One file version kept, so each upsert's clean deletes the base files the upsert rewrote. */
  private static final Map<String, String> ONE_VERSION =
      Map.of(
          "hoodie.cleaner.policy",
          "KEEP_LATEST_FILE_VERSIONS",
          "hoodie.cleaner.fileversions.retained",
          "1");

  @After
  public void tearDown() {
    FaultFileSystem.forget(crashId);
  }

  @Test
  public void theNextWriteCompletesACleanThatCrashedPartWay() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(
        TripsRows.batch(0, 0, 400),
        trips(base, WriteOperation.INSERT).withHoodieProperties(ONE_VERSION));
    String c1 = reader.completedInstantTimes().get(0);
    TreeSet<String> c1Files = dataFilesOnDisk(base);
    assertThat(c1Files, hasSize(8));

    // c2 rewrites all 8 file groups; its clean deletes 3 of c1's 8 base files, then crashes.
    run(
        TripsRows.batch(1, 0, 400),
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(ONE_VERSION)
            .withHadoopConfiguration(crashDuring("clean", 3)));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c2 = commits.get(1);
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> pendingCleans =
        meta.getActiveTimeline().getCleanerTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pendingCleans, hasSize(1));
    assertThat(pendingCleans.get(0).isInflight(), is(true));
    String cleanTime = pendingCleans.get(0).getTimestamp();
    HoodieCleanerPlan plan =
        TimelineMetadataUtils.deserializeCleanerPlan(
            meta.getActiveTimeline()
                .readCleanerInfoAsBytes(HoodieTimeline.getCleanRequestedInstant(cleanTime))
                .get());
    TreeSet<String> planned = new TreeSet<>();
    plan.getFilePathsToBeDeletedPerPartition()
        .values()
        .forEach(files -> files.forEach(f -> planned.add(relative(base, f.getFilePath()))));
    assertThat(planned, is(c1Files));
    TreeSet<String> left = new TreeSet<>(planned);
    left.retainAll(dataFilesOnDisk(base));
    assertThat("the clean deleted 3 files before the crash", left, hasSize(5));
    assertThat(
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().getInstants(),
        is(empty()));
    // The crashed clean removed only file versions no reader needs: the table reads exactly c2.
    assertRows(reader, 400, trips(0, 400).ofBatch(1).committedAt(c2));

    // c3 commits, completes the pending clean first (same instant, same plan), then cleans c2's
    // files.
    run(
        TripsRows.batch(2, 200, 400),
        trips(base, WriteOperation.UPSERT).withHoodieProperties(ONE_VERSION));
    commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    String c3 = commits.get(2);
    meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> cleans =
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().getInstants();
    assertThat(cleans, hasSize(2));
    assertThat(cleans.get(0).getTimestamp(), is(cleanTime));
    HoodieCleanMetadata resumed =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(
            meta.getActiveTimeline().getInstantDetails(cleans.get(0)).get());
    assertThat(resumed.getTotalFilesDeleted(), is(8));
    TreeSet<String> resumedDeleted = new TreeSet<>();
    resumed
        .getPartitionMetadata()
        .values()
        .forEach(p -> p.getSuccessDeleteFiles().forEach(resumedDeleted::add));
    TreeSet<String> plannedNames = new TreeSet<>();
    planned.forEach(f -> plannedNames.add(Paths.get(f).getFileName().toString()));
    assertThat(resumedDeleted, is(plannedNames));
    TreeSet<String> onDisk = dataFilesOnDisk(base);
    for (String f : planned) {
      assertThat(f + " planned by the crashed clean is gone", onDisk.contains(f), is(false));
    }
    // One version kept: on disk exactly the latest file slices Hudi sees, every one committed.
    assertThat(onDisk, is(latestBaseFiles(reader)));
    assertThat(committedFiles(reader).containsAll(onDisk), is(true));
    assertRows(
        reader,
        600,
        trips(0, 200).ofBatch(1).committedAt(c2),
        trips(200, 600).ofBatch(2).committedAt(c3));
    assertNothingLeft(base);
  }

  @Test
  public void theNextWriteCompletesARollbackThatCrashedPartWay() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    // c2 dies after writing its files (all 8 file groups updated, 8 new base files).
    assertThrows(
        RuntimeException.class,
        () ->
            StagedWrite.run(
                trips(base, WriteOperation.UPSERT),
                TripsRows.batch(1, 0, 400),
                null,
                StagedWrite.Tail.FAIL_AFTER_WRITES));
    List<HoodieInstant> pending =
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending, hasSize(1));
    String c2 = pending.get(0).getTimestamp();
    TreeSet<String> c2Files = filesOf(dataFilesOnDisk(base), c2);
    assertThat(c2Files, hasSize(8));
    HudiIOTesting.expireHeartbeat(base, c2);

    // The next write's start rolls c2 back: 2 files deleted, then a crash; the write fails.
    RuntimeException crashed =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(2, 0, 100),
                    trips(base, WriteOperation.UPSERT)
                        .withHadoopConfiguration(crashDuring("rollback", 2))));
    assertThat(messages(crashed), containsString("injected crash of a rollback"));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> pendingRollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pendingRollbacks, hasSize(1));
    String rollbackTime = pendingRollbacks.get(0).getTimestamp();
    HoodieRollbackPlan plan =
        TimelineMetadataUtils.deserializeAvroMetadata(
            meta.getActiveTimeline()
                .readRollbackInfoAsBytes(
                    HoodieTimeline.getRollbackRequestedInstant(pendingRollbacks.get(0)))
                .get(),
            HoodieRollbackPlan.class);
    assertThat(plan.getInstantToRollback().getCommitTime(), is(c2));
    TreeSet<String> planned = new TreeSet<>();
    plan.getRollbackRequests()
        .forEach(r -> r.getFilesToBeDeleted().forEach(f -> planned.add(relative(base, f))));
    assertThat(planned, is(c2Files));
    assertThat(filesOf(dataFilesOnDisk(base), c2), hasSize(6));
    // c2 is still pending: Hudi ignores its remaining files and reads exactly c1.
    assertThat(
        meta.getActiveTimeline().filterInflightsAndRequested().getInstants().stream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList()),
        is(List.of(c2, rollbackTime)));
    assertRows(reader, 400, trips(0, 400).ofBatch(0).committedAt(c1));

    // The next write completes that rollback (same instant, same plan), then commits.
    run(TripsRows.batch(3, 200, 400), trips(base, WriteOperation.UPSERT));
    meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    assertThat(rollbacks.get(0).getTimestamp(), is(rollbackTime));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(c2)));
    assertThat(rollback.getTotalFilesDeleted(), is(8));
    assertThat(filesOf(dataFilesOnDisk(base), c2), is(empty()));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c3 = commits.get(1);
    assertRows(
        reader,
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(3).committedAt(c3));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
    assertNothingLeft(base);
  }

  private static String relative(String base, String absolute) {
    String path = absolute.startsWith("file:") ? java.net.URI.create(absolute).getPath() : absolute;
    return Paths.get(base).relativize(Paths.get(path)).toString();
  }

  private static TreeSet<String> filesOf(TreeSet<String> files, String instant) {
    return files.stream()
        .filter(f -> f.endsWith("_" + instant + ".parquet"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static TreeSet<String> latestBaseFiles(HudiTableReader reader) {
    TreeSet<String> out = new TreeSet<>();
    for (FileSlice slice : reader.latestFileSlices()) {
      out.add(slice.getPartitionPath() + "/" + slice.getBaseFile().get().getFileName());
    }
    return out;
  }

  /** No marker folder, heartbeat or lock left. */
  private static void assertNothingLeft(String base) {
    for (String folder : List.of(".hoodie/.temp", ".hoodie/.heartbeat")) {
      String[] names = new File(base, folder).list();
      assertThat(folder, names == null ? List.of() : Arrays.asList(names), is(empty()));
    }
    assertThat(new File(base, ".hoodie/lock").exists(), is(false));
  }
}
