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
package io.hudibeam.metadatatable;

import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.assertRowsReadThroughMetadata;
import static io.hudibeam.testing.MetadataTableChecks.completedMetadataDeltaCommits;
import static io.hudibeam.testing.MetadataTableChecks.initialisationInstants;
import static io.hudibeam.testing.MetadataTableChecks.metadataStateFiles;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.services.CleanResult;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.Cleaner;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A copy-on-write table that Hudi 0.15's Java writer created with its metadata table keeps that
 * metadata table through HudiIO's writes: Hudi's metadata reader ({@link
 * HoodieBackedTableMetadata}) lists exactly the files of the listing-based file system view of the
 * completed timeline, partition by partition; Hudi's file system view built on the metadata table
 * reads every row right; Hudi's writer then writes again without initialising the metadata table
 * anew; and a HudiIO write that fails and is rolled back leaves no trace in the metadata table.
 */
public class MetadataTableKeptTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void hudiioCommitsKeepHudisMetadataTableInStep() throws Exception {
    String base = new File(tmp.getRoot(), "trips").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(base).metadataTable(true).create();
    Map<String, GenericRecord> expected = new TreeMap<>();
    put(
        expected,
        hudi.insert(TripsData.batch(0, 0, 80)) == null ? null : TripsData.batch(0, 0, 80));
    put(expected, TripsData.batch(1, 0, 20));
    hudi.upsert(TripsData.batch(1, 0, 20));
    List<String> initialisations = initialisationInstants(base);
    assertThat(initialisations.isEmpty(), is(false));

    LocalWrite ours = LocalWrite.trips(base);
    String insert = ours.insert(TripsData.batch(2, 80, 40));
    put(expected, TripsData.batch(2, 80, 40));
    String upsert = ours.upsert(TripsData.batch(3, 10, 50));
    put(expected, TripsData.batch(3, 10, 50));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    List<String> metadataDeltaCommits = completedMetadataDeltaCommits(base);
    assertThat(metadataDeltaCommits, hasItem(insert));
    assertThat(metadataDeltaCommits, hasItem(upsert));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // Hudi's writer continues the table on the metadata table as it is.
    HudiReference again = HudiReference.trips(base).metadataTable(true).open();
    again.upsert(TripsData.batch(4, 100, 10));
    put(expected, TripsData.batch(4, 100, 10));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // And HudiIO after it.
    ours.upsert(TripsData.batch(5, 0, 30));
    put(expected, TripsData.batch(5, 0, 30));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void aFailedWriteRolledBackLeavesTheMetadataTableConsistent() throws Exception {
    String base = new File(tmp.getRoot(), "failed").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(base).metadataTable(true).create();
    Map<String, GenericRecord> expected = new TreeMap<>();
    hudi.insert(TripsData.batch(0, 0, 60));
    put(expected, TripsData.batch(0, 0, 60));

    // A writer that dies after the metadata deltacommit and before the data commit.
    LocalWrite ours = LocalWrite.trips(base);
    StartedInstant started = ours.transaction().start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> stats = ours.writeUpserts(started, TripsData.batch(7, 0, 30));
    CommitMetadata.Builder dead = CommitMetadata.builder().operationType(OperationType.UPSERT);
    stats.forEach(s -> dead.addWriteStat(s.partitionPath(), s));
    FileSystem fs = FileSystem.getLocal(new Configuration());
    MetadataTable.of(fs, TablePaths.of(base))
        .orElseThrow()
        .update(started.instantTime(), FilesPartitionUpdate.ofCommit(dead.build()));
    String deadInstant = started.instantTime().value();
    assertThat(completedMetadataDeltaCommits(base), hasItem(deadInstant));
    // Readers skip the metadata block of the pending data instant.
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // The writer is dead: its heartbeat is gone, so the next write rolls its instant back, with
    // its metadata deltacommit.
    assertThat(new File(base, ".hoodie/.heartbeat/" + deadInstant).delete(), is(true));
    ours.upsert(TripsData.batch(8, 30, 10));
    put(expected, TripsData.batch(8, 30, 10));
    assertThat(completedMetadataDeltaCommits(base), not(hasItem(deadInstant)));
    assertThat(metadataStateFiles(base, deadInstant), empty());
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(9, 0, 5));
    put(expected, TripsData.batch(9, 0, 5));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void ourCleanDeletesFromTheFilesPartitionAndUnmaintainedPartitionsAreDropped()
      throws Exception {
    String base = new File(tmp.getRoot(), "cleaned").getAbsolutePath();
    HudiReference hudi =
        HudiReference.trips(base)
            .metadataTable(true)
            .writeConfig("hoodie.metadata.index.column.stats.enable", "true")
            .create();
    Map<String, GenericRecord> expected = new TreeMap<>();
    hudi.insert(TripsData.batch(0, 0, 40));
    put(expected, TripsData.batch(0, 0, 40));
    assertThat(
        HudiTableReader.of(base).tableConfig().getMetadataPartitions(),
        equalTo(Set.of("files", "column_stats")));
    assertThat(new File(base, ".hoodie/metadata/column_stats").isDirectory(), is(true));

    LocalWrite ours = LocalWrite.trips(base);
    for (int batch = 1; batch <= 3; batch++) {
      ours.upsert(TripsData.batch(batch, 0, 40));
      put(expected, TripsData.batch(batch, 0, 40));
    }
    // column_stats is dropped alone: out of hoodie.properties, its folder deleted.
    assertThat(HudiTableReader.of(base).tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(new File(base, ".hoodie/metadata/column_stats").exists(), is(false));
    assertMetadataListsTheCompletedFiles(base);

    FileSystem fs = FileSystem.getLocal(new Configuration());
    Set<String> before = TableFiles.dataFilesOnDisk(base);
    List<CleanResult> cleaned =
        new Cleaner(fs, TablePaths.of(base), CleanSettings.keepLatestCommits(1))
            .clean(new InstantTimeGenerator(TimelineTimezone.LOCAL));
    assertThat(cleaned.size(), is(1));
    assertThat(TableFiles.dataFilesOnDisk(base).size() < before.size(), is(true));
    String clean = cleaned.get(0).cleanTime().value();
    assertThat(completedMetadataDeltaCommits(base), hasItem(clean));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    List<String> initialisations = initialisationInstants(base);
    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(4, 20, 30));
    put(expected, TripsData.batch(4, 20, 30));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void metadataEnableFalseDeletesTheMetadataTableAsHudiDoes() throws Exception {
    String base = new File(tmp.getRoot(), "disabled").getAbsolutePath();
    HudiReference.trips(base).metadataTable(true).create().insert(TripsData.batch(0, 0, 30));
    Map<String, GenericRecord> expected = new TreeMap<>();
    put(expected, TripsData.batch(0, 0, 30));

    LocalWrite.trips(base, false).upsert(TripsData.batch(1, 10, 30));
    put(expected, TripsData.batch(1, 10, 30));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.tableConfig().getMetadataPartitions(), empty());
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), equalTo(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      assertThat(TripsData.values(rows.get(e.getKey())), equalTo(TripsData.values(e.getValue())));
    }
  }

  private static void put(Map<String, GenericRecord> expected, List<GenericRecord> batch) {
    if (batch == null) {
      return;
    }
    for (GenericRecord r : batch) {
      expected.put(r.get(TripsData.RECORD_KEY_FIELD).toString(), r);
    }
  }
}
