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
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.assertRowsReadThroughMetadata;
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

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A write that dies between its two commits (table version 6, HudiIO's default, with the metadata
 * table HudiIO makes by default): the metadata table's deltacommit of data instant T is completed,
 * the data table's {@code T.commit} is never written. Hudi's readers see the earlier commit alone:
 * its metadata reader ({@code HoodieBackedTableMetadata}) skips blocks of data instants that are
 * not completed ({@code HoodieTableMetadataUtil.getValidInstantTimestamps}). The next write, once
 * the dead writer's heartbeat has expired, rolls T back in both tables (the metadata deltacommit T
 * removed before the data rollback completes) and commits; the metadata listing then equals the
 * storage listing.
 */
public class HudiIOMetadataTableCrashTest {
  /** A completed deltacommit of the metadata table (layout 1, {@code <instant>.deltacommit}). */
  static final String METADATA_DELTA_COMMIT =
      "^.*/trips/\\.hoodie/metadata/\\.hoodie/\\d{17}\\.deltacommit$";

  /**
   * Three metadata deltacommits before a metadata compaction: the recovering write's start, right
   * after its rollback of T, compacts the metadata table (the initialisation's, c1's and the
   * rollback's deltacommits), so the compaction runs on the metadata table T's deltacommit left.
   */
  private static final Map<String, String> COMPACT_AT_THREE =
      Map.of("hoodie.metadata.compact.max.delta.commits", "3");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
  }

  @Test
  public void aWriteThatDiesBetweenTheMetadataAndTheDataCommitIsRolledBackInBoth()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(
        TripsRows.batch(0, 0, 40),
        trips(base, WriteOperation.INSERT).withHoodieProperties(COMPACT_AT_THREE));
    String c1 = reader.completedInstantTimes().get(0);
    assertThat(reader.tableConfig().getMetadataPartitions(), hasItem("files"));
    assertThat(completedMetadataDeltaCommits(base), hasItem(c1));

    // T: its metadata deltacommit completes, then the writer dies (nothing after it runs).
    RuntimeException died =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    TripsRows.batch(1, 20, 40),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(COMPACT_AT_THREE)
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
    assertThat(pending.get(0).getAction(), is(HoodieTimeline.COMMIT_ACTION));
    assertThat(pending.get(0).isInflight(), is(true));
    assertThat(reader.completedInstantTimes(), is(List.of(c1)));
    assertThat(
        "T's metadata deltacommit completed", completedMetadataDeltaCommits(base), hasItem(t));
    TreeSet<String> tFiles = filesOf(dataFilesOnDisk(base), t);
    assertThat("T's base files are on disk", tFiles, is(not(empty())));

    // Hudi's readers see c1 alone: its listing-based reader, and its metadata reader, which lists
    // none of T's files although T's deltacommit is completed on the metadata timeline.
    assertRows(reader, 40, trips(0, 40).ofBatch(0).committedAt(c1));
    assertMetadataListsTheCompletedFiles(base);
    TreeSet<String> listed = metadataListing(base);
    assertThat(filesOf(listed, t), is(empty()));
    assertThat(listed, is(committedFiles(reader)));
    assertRowsReadThroughMetadata(base, reader.snapshotByRecordKey());

    // A killed writer leaves its heartbeat (HudiIO's failure path released this one): 10 minutes
    // old it has expired, and the next write rolls T back in both tables, compacts the metadata
    // table, then commits.
    File heartbeat = new File(base, ".hoodie/.heartbeat/" + t);
    assertThat("released by the failed write", heartbeat.exists(), is(false));
    assertThat(heartbeat.createNewFile(), is(true));
    HudiIOTesting.expireHeartbeat(base, t);
    run(
        TripsRows.batch(2, 50, 20),
        trips(base, WriteOperation.UPSERT).withHoodieProperties(COMPACT_AT_THREE));
    meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    String rollbackTime = rollbacks.get(0).getTimestamp();
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(t)));
    assertThat(rollback.getTotalFilesDeleted(), is(tFiles.size()));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c3 = commits.get(1);
    assertThat(commits.get(0), is(c1));

    // The metadata table: T's deltacommit is gone (no state file, not on Hudi's metadata
    // timeline), the rollback's and c3's are there.
    assertThat(metadataStateFiles(base, t), is(empty()));
    HoodieTableMetaClient metadataMeta =
        HoodieTableMetaClient.builder()
            .setConf(new HadoopStorageConfiguration(new Configuration()))
            .setBasePath(base + "/.hoodie/metadata")
            .build();
    List<String> metadataInstants =
        metadataMeta.getActiveTimeline().getInstants().stream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList());
    assertThat(metadataInstants, not(hasItem(t)));
    List<String> compactions =
        metadataMeta
            .getActiveTimeline()
            .getCommitTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList());
    assertThat("compacted after the rollback", compactions, is(List.of(rollbackTime + "001")));
    assertThat(completedMetadataDeltaCommits(base), hasItem(rollbackTime));
    assertThat(completedMetadataDeltaCommits(base), hasItem(c3));

    // Exact: the metadata listing equals the storage listing of the completed commits, rows too.
    TreeSet<String> onDisk = dataFilesOnDisk(base);
    assertThat(filesOf(onDisk, t), is(empty()));
    assertThat(onDisk, is(committedFiles(reader)));
    assertMetadataListsTheCompletedFiles(base);
    assertThat(metadataListing(base), is(onDisk));
    assertRows(
        reader,
        60,
        trips(0, 40).ofBatch(0).committedAt(c1),
        trips(50, 70).ofBatch(2).committedAt(c3));
    assertRowsReadThroughMetadata(base, reader.snapshotByRecordKey());
  }

  /** The files {@code paths} (relative) written at instant {@code t}. */
  private static TreeSet<String> filesOf(TreeSet<String> paths, String t) {
    return paths.stream()
        .filter(p -> p.endsWith("_" + t + ".parquet"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Every file Hudi's metadata reader lists, relative to the base path. */
  static TreeSet<String> metadataListing(String base) throws Exception {
    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();
    HoodieLocalEngineContext context =
        new HoodieLocalEngineContext(new HadoopStorageConfiguration(new Configuration()));
    TreeSet<String> listed = new TreeSet<>();
    try (HoodieBackedTableMetadata metadata =
        new HoodieBackedTableMetadata(
            context,
            meta.getStorage(),
            HoodieMetadataConfig.newBuilder().enable(true).build(),
            base)) {
      for (String partition : metadata.getAllPartitionPaths()) {
        metadata
            .getAllFilesInPartition(new StoragePath(base, partition))
            .forEach(f -> listed.add(partition + "/" + f.getPath().getName()));
      }
    }
    return listed;
  }
}
