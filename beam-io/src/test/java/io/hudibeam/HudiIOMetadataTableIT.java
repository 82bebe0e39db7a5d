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
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieTableType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Merge-on-read tables with Hudi's metadata table keep it through HudiIO's upserts, deletes and
 * compactions: after each, Hudi 0.15's metadata reader lists exactly the files of the listing-based
 * view of the completed timeline (log files included), Hudi's snapshot reader reads every row, and
 * Hudi's writer continues the table without initialising the metadata table anew. Both a table
 * Hudi's Java client creates and the golden table of Hudi 0.15's Spark writer.
 */
public class HudiIOMetadataTableIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void mergeOnReadUpsertsDeletesAndCompactionsKeepHudisMetadataTable() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiReference.Builder hudi =
        HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).metadataTable(true);
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    String h1 = hudi.create().insert(TripsData.batch(0, 0, 80));
    expected.upsert(0, 0, 80, h1);
    List<String> initialisations = MetadataTableChecks.initialisationInstants(base);

    List<Row> upserts = new ArrayList<>(TripsRows.batch(1, 0, 20));
    upserts.addAll(TripsRows.batch(1, 80, 10));
    run(upserts, trips(base, WriteOperation.UPSERT));
    String d1 = last(reader);
    expected.upsert(1, 0, 20, d1);
    expected.upsert(1, 80, 10, d1);
    delete(base, 30, 5);
    String d2 = last(reader);
    expected.delete(30, 5);
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItems(d1, d2));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);

    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    // HudiIO.compact() first compacts the metadata table: as many deltacommits as it has are due.
    String due = String.valueOf(MetadataTableChecks.completedMetadataDeltaCommits(base).size());
    p.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.metadata.compact.max.delta.commits", due)));
    p.run().waitUntilFinish();
    assertThat(
        new java.io.File(base, ".hoodie/metadata/.hoodie/" + d2 + "001.commit").isFile(), is(true));
    String compaction = last(reader);
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(compaction));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);

    String h2 = hudi.open().upsert(TripsData.batch(2, 10, 30));
    expected.upsert(2, 10, 30, h2);
    assertThat(MetadataTableChecks.initialisationInstants(base), is(initialisations));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
  }

  @Test
  public void hudisSparkWrittenGoldenMergeOnReadTableKeepsItsMetadataTable() throws Exception {
    String base = GoldenTable.V6_MOR_TRIPS.copyTo(tmp.newFolder("golden")).getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    // The golden table: insert 0:0:1000, upsert 1:500:1000, delete keys 0..99.
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    expected.upsert(0, 100, 400, "20261129114610773");
    expected.upsert(1, 500, 1000, "20261129114637990");
    List<String> initialisations = MetadataTableChecks.initialisationInstants(base);
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);

    List<Row> rows = new ArrayList<>(TripsRows.batch(2, 90, 20));
    rows.addAll(TripsRows.batch(2, 1490, 20));
    run(rows, trips(base, WriteOperation.UPSERT));
    String d = last(reader);
    expected.upsert(2, 90, 20, d);
    expected.upsert(2, 1490, 20, d);
    delete(base, 100, 5);
    expected.delete(100, 5);
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);

    String h =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            .metadataTable(true)
            .open()
            .upsert(TripsData.batch(3, 200, 10));
    expected.upsert(3, 200, 10, h);
    assertThat(MetadataTableChecks.initialisationInstants(base), is(initialisations));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);
  }

  @Test
  public void aMergeOnReadTableHudiioCreatesHasAMetadataTable() throws Exception {
    String base = tmp.newFolder("created").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    run(TripsRows.batch(0, 0, 60), withMetadataTable(trips(base, WriteOperation.UPSERT)));
    String d1 = last(reader);
    expected.upsert(0, 0, 60, d1);
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(MetadataTableChecks.initialisationInstants(base), contains("00000000000000010"));
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(d1));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);

    run(TripsRows.batch(1, 20, 60), withMetadataTable(trips(base, WriteOperation.UPSERT)));
    String d2 = last(reader);
    expected.upsert(1, 20, 60, d2);
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(TripsRows.keys(5, 5)).withRowSchema(TripsRows.KEY_SCHEMA))
        .apply(withMetadataTable(trips(base, WriteOperation.DELETE)));
    p.run().waitUntilFinish();
    expected.delete(5, 5);
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(d2));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);

    // Hudi's writer continues on the metadata table HudiIO created, without initialising anew.
    String h =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            .metadataTable(true)
            .open()
            .upsert(TripsData.batch(2, 40, 30));
    expected.upsert(2, 40, 30, h);
    assertThat(MetadataTableChecks.initialisationInstants(base), contains("00000000000000010"));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    expected.assertSnapshot(reader);
  }

  private static HudiIO.Write<Row> withMetadataTable(HudiIO.Write<Row> write) {
    return write.withHoodieProperties(Map.of("hoodie.metadata.enable", "true"));
  }

  private static void delete(String base, long start, long count) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(TripsRows.keys(start, count)).withRowSchema(TripsRows.KEY_SCHEMA))
        .apply(trips(base, WriteOperation.DELETE));
    p.run().waitUntilFinish();
  }

  private static String last(HudiTableReader reader) {
    List<String> commits = reader.completedInstantTimes();
    return commits.get(commits.size() - 1);
  }
}
