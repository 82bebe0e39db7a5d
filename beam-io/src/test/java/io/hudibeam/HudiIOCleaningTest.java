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

import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.fileSliceTimes;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Automatic cleaning after {@link HudiIO#write()} commits (KEEP_LATEST_COMMITS, 2 commits
 * retained), checked with Hudi's timeline, file system view and reader.
 */
public class HudiIOCleaningTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void oldFileSlicesAreCleanedOnceMoreThanTheRetainedCommitsAreNewer() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIO.Write<Row> upsert =
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(Map.of("hoodie.cleaner.commits.retained", "2"));

    run(TripsRows.batch(0, 0, 80), upsert.withOperation(WriteOperation.INSERT));
    run(TripsRows.batch(1, 0, 80), upsert);
    run(TripsRows.batch(2, 0, 80), upsert);
    // Three commits, two retained: the earliest commit to retain is c2, and each file group's c1
    // slice is the one a reader of c2 sees, so nothing is cleaned yet (as Hudi's CleanPlanner).
    assertThat(
        reader.metaClient().getActiveTimeline().getCleanerTimeline().getInstants(), is(empty()));
    assertThat(dataFilesOnDisk(base), hasSize(8 * 3));

    run(TripsRows.batch(3, 0, 80), upsert);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(4));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> cleans =
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().getInstants();
    assertThat(cleans, hasSize(1));
    assertThat(
        meta.getActiveTimeline().getCleanerTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    HoodieCleanMetadata clean =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(
            meta.getActiveTimeline().getInstantDetails(cleans.get(0)).get());
    assertThat(clean.getEarliestCommitToRetain(), is(commits.get(2)));
    assertThat(clean.getTotalFilesDeleted(), is(8));

    TreeSet<String> files = dataFilesOnDisk(base);
    assertThat(files, hasSize(8 * 3));
    for (String file : files) {
      assertThat(file, file.endsWith("_" + commits.get(0) + ".parquet"), is(false));
    }
    for (String partition : TripsData.CITIES) {
      Map<String, List<String>> slices = fileSliceTimes(reader, partition);
      assertThat(partition, slices.size(), is(1));
      assertThat(partition, slices.values().iterator().next(), is(commits.subList(1, 4)));
    }
    // Every file on disk belongs to a commit still on the timeline.
    TreeSet<String> committed = committedFiles(reader);
    assertThat(committed.containsAll(files), is(true));

    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(80));
    for (long i = 0; i < 80; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(3, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is(commits.get(3)));
    }
  }
}
