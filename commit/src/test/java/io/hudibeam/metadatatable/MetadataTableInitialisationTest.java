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
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO creates the metadata table of a table that has none, as Hudi 0.15's writer does
 * (copy-on-write, table version 6): with the first commit of a new table, and at the next write's
 * start for a table with history. Hudi's metadata reader lists exactly the files of the
 * listing-based view of the completed timeline, Hudi's writer continues without initialising again.
 */
public class MetadataTableInitialisationTest {
  private static final MetadataTableSettings INITIALISE =
      new MetadataTableSettings(true, MetadataTableSettings.DEFAULT_MAX_DELTA_COMMITS, true);

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void aTableHudiioCreatesHasAMetadataTableFromItsFirstCommit() throws Exception {
    String base = new File(tmp.getRoot(), "created").getAbsolutePath();
    LocalWrite ours = LocalWrite.trips(base, INITIALISE);
    Map<String, GenericRecord> expected = new TreeMap<>();
    String first = ours.insert(TripsData.batch(0, 0, 60));
    put(expected, TripsData.batch(0, 0, 60));

    assertThat(HudiTableReader.of(base).tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(initialisationInstants(base), contains("00000000000000010"));
    assertThat(completedMetadataDeltaCommits(base), hasItem(first));
    assertThat(
        new File(base, ".hoodie/metadata/files/files-0000-0_0-0-1_00000000000000010.hfile")
            .isFile(),
        is(true));
    HoodieTableMetaClient metadata =
        HoodieTableMetaClient.builder()
            .setConf(
                new org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(new Configuration()))
            .setBasePath(base + "/.hoodie/metadata")
            .build();
    assertThat(
        metadata.getTableConfig().getTableName(), equalTo(TripsData.TABLE_NAME + "_metadata"));
    assertThat(metadata.getTableConfig().getBaseFileFormat().name(), equalTo("HFILE"));
    assertThat(metadata.getTableConfig().populateMetaFields(), is(false));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    for (int batch = 1; batch <= 3; batch++) {
      ours.upsert(TripsData.batch(batch, batch * 20, 50));
      put(expected, TripsData.batch(batch, batch * 20, 50));
      assertMetadataListsTheCompletedFiles(base);
    }
    assertRowsReadThroughMetadata(base, expected);

    // Hudi's writer continues on the metadata table HudiIO created, without initialising anew.
    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(4, 10, 30));
    put(expected, TripsData.batch(4, 10, 30));
    assertThat(initialisationInstants(base), contains("00000000000000010"));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    ours.upsert(TripsData.batch(5, 0, 20));
    put(expected, TripsData.batch(5, 0, 20));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void aTableWithHistoryAndAFailedWriteGetsOneListingOnlyCompletedFiles() throws Exception {
    String base = new File(tmp.getRoot(), "history").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(base).metadataTable(false).create();
    Map<String, GenericRecord> expected = new TreeMap<>();
    hudi.insert(TripsData.batch(0, 0, 60));
    put(expected, TripsData.batch(0, 0, 60));
    String last = hudi.upsert(TripsData.batch(1, 20, 50));
    put(expected, TripsData.batch(1, 20, 50));
    String failed = hudi.failedWrite(HudiReference.Operation.UPSERT, TripsData.batch(2, 0, 30));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));

    // A pending instant holds initialisation back (Hudi 0.15's anyPendingDataInstant).
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    TableConfigStore store = new TableConfigStore(fs, paths);
    TableConfig held =
        new MetadataTableInitialisation(fs, paths).initialiseIfNeeded(store, store.load());
    assertThat(held.metadataPartitions(), empty());
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    Set<String> failedFiles = new TreeSet<>();
    for (String file : TableFiles.dataFilesOnDisk(base)) {
      if (file.contains(failed)) {
        failedFiles.add(file);
      }
    }
    assertThat(failedFiles.isEmpty(), is(false));

    // HudiIO's next write rolls the failed write back, then lists the table as of its latest
    // completed instant.
    LocalWrite ours = LocalWrite.trips(base, INITIALISE);
    String upsert = ours.upsert(TripsData.batch(3, 40, 40));
    put(expected, TripsData.batch(3, 40, 40));
    assertThat(initialisationInstants(base), empty());
    // As of the rollback of the failed write, the latest completed instant before the upsert.
    String asOf =
        HudiTableReader.of(base)
            .metaClient()
            .getActiveTimeline()
            .filterCompletedInstants()
            .findInstantsBefore(upsert)
            .lastInstant()
            .get()
            .getTimestamp();
    assertThat(asOf.compareTo(last) > 0, is(true));
    List<String> deltaCommits = completedMetadataDeltaCommits(base);
    assertThat(deltaCommits.get(0), equalTo(asOf + "010"));
    assertThat(deltaCommits, hasItem(upsert));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(4, 0, 10));
    put(expected, TripsData.batch(4, 0, 10));
    assertThat(completedMetadataDeltaCommits(base).get(0), equalTo(deltaCommits.get(0)));
    assertThat(initialisationInstants(base), empty());
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void byDefaultATableHudiioCreatesGetsOne() throws Exception {
    MetadataTableSettings unset = SettingsReader.metadataTable(Map.of());
    assertThat(unset.initialise(), is(true));
    String base = new File(tmp.getRoot(), "default").getAbsolutePath();
    List<GenericRecord> batch = TripsData.batch(0, 0, 10);
    LocalWrite.trips(base, unset).insert(batch);
    assertThat(HudiTableReader.of(base).tableConfig().getMetadataPartitions(), contains("files"));
    assertMetadataListsTheCompletedFiles(base);
    Map<String, GenericRecord> expected = new TreeMap<>();
    put(expected, batch);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void disabledNoMetadataTableIsCreated() throws Exception {
    MetadataTableSettings disabled =
        SettingsReader.metadataTable(Map.of(MetadataTableSettings.ENABLE, "false"));
    assertThat(disabled.initialise(), is(false));
    String base = new File(tmp.getRoot(), "plain").getAbsolutePath();
    List<GenericRecord> batch = TripsData.batch(0, 0, 10);
    LocalWrite.trips(base, disabled).insert(batch);
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    assertThat(HudiTableReader.of(base).tableConfig().getMetadataPartitions(), empty());
    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is(batch.size()));
    for (GenericRecord r : batch) {
      String key = r.get(TripsData.RECORD_KEY_FIELD).toString();
      assertThat(key, TripsData.values(rows.get(key)), equalTo(TripsData.values(r)));
    }
  }

  private static void put(Map<String, GenericRecord> expected, List<GenericRecord> records) {
    for (GenericRecord r : records) {
      expected.put(r.get(TripsData.RECORD_KEY_FIELD).toString(), r);
    }
  }
}
