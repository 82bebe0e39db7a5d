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

import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.sanFrancisco;
import static io.hudibeam.SafetyChecks.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieArchivedTimeline;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Automatic timeline archival after five {@link HudiIO#write()} commits (hoodie.keep.min.commits=3,
 * hoodie.keep.max.commits=4, hoodie.cleaner.commits.retained=2), checked with Hudi's active and
 * archived timelines and Hudi's reader. The table has its metadata table (the default); as in Hudi,
 * archival stops at the metadata table's last compaction ({@code
 * HoodieTimelineArchiver.getInstantsToArchive}), so the metadata table compacts at every write's
 * start here ({@code hoodie.metadata.compact.max.delta.commits=1}) and does not hold archival back.
 */
public class HudiIOArchivalTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void commitsBeyondKeepMaxAreArchivedWhereHudiFindsThem() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIO.Write<Row> upsert =
        trips(base, WriteOperation.UPSERT)
            .withHoodieProperties(
                Map.of(
                    "hoodie.keep.min.commits",
                    "3",
                    "hoodie.keep.max.commits",
                    "4",
                    "hoodie.cleaner.commits.retained",
                    "2",
                    "hoodie.metadata.compact.max.delta.commits",
                    "1"));
    List<String> commits = new ArrayList<>();
    for (int b = 0; b < 5; b++) {
      run(sanFrancisco(b, 0, 10), b == 0 ? upsert.withOperation(WriteOperation.INSERT) : upsert);
      HoodieTableMetaClient meta = reader.metaClient();
      String last =
          meta.getCommitsTimeline().filterCompletedInstants().lastInstant().get().getTimestamp();
      commits.add(last);
      assertThat(
          "commits on the active timeline after write " + b,
          meta.getCommitsTimeline().filterCompletedInstants().countInstants(),
          lessThanOrEqualTo(4));
    }
    assertThat(
        "hoodie.table.metadata.partitions",
        reader.tableConfig().getMetadataPartitions(),
        contains("files"));
    // Five commits > 4: archived down to 3 (c0, c1 go).
    assertThat(reader.completedInstantTimes(), is(commits.subList(2, 5)));
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieArchivedTimeline archived = meta.getArchivedTimeline();
    archived.loadCompletedInstantDetailsInMemory();
    List<HoodieInstant> archivedCommits =
        archived.getCommitsTimeline().filterCompletedInstants().getInstants();
    assertThat(
        archivedCommits.stream().map(HoodieInstant::getTimestamp).collect(Collectors.toList()),
        is(commits.subList(0, 2)));
    for (HoodieInstant instant : archivedCommits) {
      HoodieCommitMetadata metadata =
          HoodieCommitMetadata.fromBytes(
              archived.getInstantDetails(instant).get(), HoodieCommitMetadata.class);
      assertThat(
          instant + " names its base file", metadata.getFileIdAndRelativePaths().size(), is(1));
    }

    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(10));
    for (long n = 0; n < 10; n++) {
      GenericRecord row = rows.get(TripsData.key(n * 8));
      assertThat(TripsData.values(row), is(TripsData.values(TripsData.record(4, n * 8))));
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is(commits.get(4)));
    }
  }
}
