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
package io.hudibeam.compat.spark;

import static io.hudibeam.compat.spark.SparkHudi.expected;
import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.range;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO cleans and archives the metadata table of a table version 8 table that Hudi 1.0.2's Spark
 * writer created, as Hudi 1.0.2's metadata writer does (docs/metadata-table.md): with the data
 * table keeping 20 to 21 commits and the metadata table compacted every 3 deltacommits, 25 HudiIO
 * writes leave cleans on the metadata timeline, instants in its LSM history that Hudi's archived
 * timeline reads, and fewer {@code files} base files than were written; the {@code column_stats}
 * and {@code partition_stats} file groups hold only the slices the clean policy keeps, and Hudi's
 * metadata reader returns the same statistics as with the deleted slices put back; it lists
 * exactly, Spark reads every row and continues without re-initialising the metadata table.
 */
public class HudiIOMetadataCleanArchiveVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final int WRITES = 25;
  private static final Map<String, String> SETTINGS =
      Map.of(
          "hoodie.metadata.compact.max.delta.commits", "3",
          "hoodie.keep.min.commits", "20",
          "hoodie.keep.max.commits", "21");

  private static HoodieTableMetaClient metadataMeta(String base) {
    HoodieTableMetaClient meta = SPARK.meta(base);
    return HoodieTableMetaClient.builder()
        .setConf(meta.getStorageConf())
        .setBasePath(meta.getBasePath() + "/.hoodie/metadata")
        .build();
  }

  private static List<String> filesBaseFiles(String base) {
    String[] names = new File(base, ".hoodie/metadata/files").list();
    return Arrays.stream(names).filter(n -> n.endsWith(".hfile")).sorted().toList();
  }

  private static List<String> initialisationInstants(HoodieTableMetaClient metadata) {
    return metadata.getActiveTimeline().getInstants().stream()
        .map(HoodieInstant::requestedTime)
        .filter(t -> t.startsWith("00000000000000"))
        .collect(Collectors.toList());
  }

  @Test
  public void hudiIOCleansAndArchivesTheMetadataTableAsHudiOneDoes() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    SPARK.sparkWrite(base, records(0, range(0, 16)), tripsOptions("upsert"));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    String d0 = SPARK.completedCommits(base).get(0).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>(expected(0, d0, range(0, 16)));
    // Every column_stats/partition_stats file any write left, to rebuild the table uncleaned.
    File statsFiles = tmp.newFolder("stats-files");
    MetadataStatsClean.keep(base, statsFiles);
    for (int b = 1; b <= WRITES; b++) {
      hudiIO(
          records(b, b % 16),
          hudiIOWrite(base, WriteOperation.UPSERT).withHoodieProperties(SETTINGS));
      MetadataStatsClean.keep(base, statsFiles);
      List<HoodieInstant> commits = SPARK.completedCommits(base);
      expected.putAll(expected(b, commits.get(commits.size() - 1).requestedTime(), b % 16));
    }
    HoodieTableMetaClient metadata = metadataMeta(base);
    // Cleans on the metadata timeline, fresh 17-digit instants (createCleanInstantTime).
    List<HoodieInstant> cleans =
        metadata.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().getInstants();
    assertThat(cleans.size(), greaterThan(0));
    assertThat(cleans.get(0).requestedTime().length(), is(17));
    int compactions =
        metadata.getActiveTimeline().getCommitTimeline().filterCompletedInstants().countInstants();
    // Fewer base files in files than compactions wrote: the cleaner deleted old slices.
    List<String> baseFiles = filesBaseFiles(base);
    assertThat(baseFiles.size(), lessThanOrEqualTo(8));
    // Archived into the metadata table's LSM history; Hudi's archived timeline reads it.
    assertThat(new File(base, ".hoodie/metadata/.hoodie/timeline/history").isDirectory(), is(true));
    int archived = metadata.getArchivedTimeline().reload().countInstants();
    assertThat(archived, greaterThan(0));
    int active = metadata.getActiveTimeline().filterCompletedInstants().countInstants();
    System.out.printf(
        "v8 metadata table after %d writes: %d cleans, %d compactions active, %d base files,"
            + " %d instants active, %d archived%n",
        WRITES, cleans.size(), compactions, baseFiles.size(), active, archived);
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));
    // column_stats and partition_stats are cleaned as files is: their file groups hold only the
    // slices the policy keeps, and Hudi's metadata reader returns the same statistics as from the
    // table with every deleted statistics file put back.
    String uncleaned = MetadataStatsClean.uncleaned(base, statsFiles, tmp.newFolder("uncleaned"));
    MetadataStatsClean.assertOnlyKeptSlices(base, metadata, metadataMeta(uncleaned));
    Map<String, String> statsRecords = MetadataStatsCompaction.records(SPARK.meta(base), base);
    assertThat(statsRecords.size(), greaterThan(13));
    assertThat(statsRecords, is(MetadataStatsCompaction.records(SPARK.meta(uncleaned), uncleaned)));

    // Spark continues without re-initialising the metadata table.
    List<String> initialisations = initialisationInstants(metadata);
    List<String> initialBaseFiles = SPARK.filesPartitionInitialisation(base);
    SPARK.sparkWrite(base, records(100, 3, 4), tripsOptions("upsert"));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    expected.putAll(expected(100, commits.get(commits.size() - 1).requestedTime(), 3, 4));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), hasItem("files"));
    assertThat(initialisationInstants(metadataMeta(base)), is(initialisations));
    // No new initialisation base file (Spark's own metadata clean may delete the old one, as it
    // is older than the commits its cleaner retains).
    assertThat(initialBaseFiles.containsAll(SPARK.filesPartitionInitialisation(base)), is(true));
    SPARK.assertMetadataListsTheCompletedFiles(base);
  }
}
