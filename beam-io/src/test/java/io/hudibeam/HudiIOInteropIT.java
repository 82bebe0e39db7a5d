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
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link HudiIO#write()} and Hudi 0.15's Java client taking turns on one table, every state read
 * with Hudi's own reader.
 */
public class HudiIOInteropIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void hudiJavaClientUpsertsIntoOurTableAndWeUpsertAfterIt() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 200), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    // Our hoodie.properties names Spark's key generator, as Hudi's Spark writer does; Hudi's Java
    // client (which uses the Avro variant) accepts the table as it is.
    assertThat(
        reader.tableConfig().getKeyGeneratorClassName(),
        is("org.apache.hudi.keygen.SimpleKeyGenerator"));

    // Hudi: updates 100..199 in our file groups, inserts 200..299.
    // Hudi's writer with its metadata table on, its default.
    String c2 =
        HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(1, 100, 200));
    // We: update 250..299 (written by Hudi), insert 300..349.
    run(TripsRows.batch(2, 250, 100), trips(base, WriteOperation.UPSERT));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    assertThat(commits.subList(0, 2), is(List.of(c1, c2)));
    String c3 = commits.get(2);

    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertRows(
        rows,
        350,
        trips(0, 100).ofBatch(0).committedAt(c1),
        trips(100, 250).ofBatch(1).committedAt(c2),
        trips(250, 350).ofBatch(2).committedAt(c3));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
  }

  @Test
  public void weKeepTheMetadataTableOfAHudiTableAndHudiContinuesIt() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiReference hudi = HudiReference.trips(base).metadataTable(true).create();
    String c1 = hudi.insert(TripsData.batch(0, 0, 200));
    assertThat(reader.tableConfig().getMetadataPartitions(), hasItem("files"));
    List<String> initialisations = MetadataTableChecks.initialisationInstants(base);

    // Our upsert keeps the metadata table's files partition: a deltacommit at its instant time.
    run(TripsRows.batch(1, 100, 200), trips(base, WriteOperation.UPSERT));
    assertThat(reader.tableConfig().getMetadataPartitions(), hasItem("files"));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c2 = commits.get(1);
    assertThat(MetadataTableChecks.completedMetadataDeltaCommits(base), hasItem(c2));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    assertRows(
        reader.snapshotByRecordKey(),
        300,
        trips(0, 100).ofBatch(0).committedAt(c1),
        trips(100, 300).ofBatch(1).committedAt(c2));

    // Hudi writes again (metadata table on): it continues the metadata table, no new
    // initialisation.
    String c3 = hudi.upsert(TripsData.batch(2, 250, 100));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, c2, c3)));
    assertThat(MetadataTableChecks.initialisationInstants(base), is(initialisations));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
    assertRows(
        reader.snapshotByRecordKey(),
        350,
        trips(0, 100).ofBatch(0).committedAt(c1),
        trips(100, 250).ofBatch(1).committedAt(c2),
        trips(250, 350).ofBatch(2).committedAt(c3));
    assertThat(dataFilesOnDisk(base), is(committedFiles(reader)));
  }
}
