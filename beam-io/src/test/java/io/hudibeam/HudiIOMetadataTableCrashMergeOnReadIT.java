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

import static io.hudibeam.HudiIOMetadataTableCrashTest.METADATA_DELTA_COMMIT;
import static io.hudibeam.HudiIOMetadataTableCrashTest.metadataListing;
import static io.hudibeam.HudiIOTesting.assertRows;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.TripsRange.trips;
import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.completedMetadataDeltaCommits;
import static io.hudibeam.testing.MetadataTableChecks.metadataStateFiles;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link HudiIOMetadataTableCrashTest} on a merge-on-read table (table version 6): the dead
 * deltacommit T appended log files to the file groups c1 created; its rollback deletes them (each
 * holds only T's blocks, {@code RollbackBlocks}) and its metadata deltacommit T is removed. Hudi's
 * metadata reader lists exactly the files of completed instants after the crash (not T's log files,
 * which are on disk), and exactly the files on disk after the next write; Hudi's reader reads every
 * row.
 */
public class HudiIOMetadataTableCrashMergeOnReadIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
  }

  private static HudiIO.Write<org.apache.beam.sdk.values.Row> mergeOnRead(
      String base, WriteOperation operation) {
    return SafetyChecks.trips(base, operation).withTableType(TableType.MERGE_ON_READ);
  }

  /** Base and log files outside {@code .hoodie}, relative to the base path. */
  private static TreeSet<String> filesOnDisk(String base) {
    TreeSet<String> files = dataFilesOnDisk(base);
    files.addAll(MergeOnReadChecks.logFilesOnDisk(base));
    return files;
  }

  @Test
  public void aDeltaCommitThatDiesBetweenTheMetadataAndTheDataCommitIsRolledBackInBoth()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 40), mergeOnRead(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    TreeSet<String> c1Files = filesOnDisk(base);

    // T: an upsert into c1's file groups; its metadata deltacommit completes, then it dies.
    RuntimeException died =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(1, 0, 40),
                    mergeOnRead(base, WriteOperation.UPSERT)
                        .withHadoopConfiguration(
                            Fault.on(id, Operation.IN_PLACE, METADATA_DELTA_COMMIT)
                                .crash()
                                .configuration())));
    assertThat(HudiIOTesting.messages(died), containsString("injected crash at in_place of"));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> pending =
        meta.getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending.toString(), pending, hasSize(1));
    String t = pending.get(0).getTimestamp();
    assertThat(pending.get(0).getAction(), is(HoodieTimeline.DELTA_COMMIT_ACTION));
    assertThat(completedMetadataDeltaCommits(base), hasItem(t));
    TreeSet<String> tFiles = filesOnDisk(base);
    tFiles.removeAll(c1Files);
    assertThat(
        "T's log files are on disk", MergeOnReadChecks.logFilesOnDisk(base), is(not(empty())));
    assertThat(tFiles, is(not(empty())));

    // Hudi's reader skips T's blocks; its metadata reader lists exactly c1's files.
    assertRows(reader, 40, trips(0, 40).ofBatch(0).committedAt(c1));
    assertThat(metadataListing(base), is(c1Files));

    // A killed writer's heartbeat, expired: the next write rolls T back in both tables.
    File heartbeat = new File(base, ".hoodie/.heartbeat/" + t);
    if (!heartbeat.exists()) {
      assertThat(heartbeat.createNewFile(), is(true));
    }
    HudiIOTesting.expireHeartbeat(base, t);
    run(TripsRows.batch(2, 30, 20), mergeOnRead(base, WriteOperation.UPSERT));
    meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(t)));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c3 = commits.get(1);
    assertThat(metadataStateFiles(base, t), is(empty()));
    assertThat(completedMetadataDeltaCommits(base), not(hasItem(t)));
    assertThat(completedMetadataDeltaCommits(base), hasItem(rollbacks.get(0).getTimestamp()));

    // Exact: the metadata listing equals the storage listing; Hudi reads every row.
    assertThat(filesOnDisk(base).stream().filter(tFiles::contains).toList(), is(empty()));
    assertThat(metadataListing(base), is(filesOnDisk(base)));
    assertMetadataListsTheCompletedFiles(base);
    assertRows(
        reader,
        50,
        trips(0, 30).ofBatch(0).committedAt(c1),
        trips(30, 50).ofBatch(2).committedAt(c3));
  }
}
