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
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * A table version 8 copy-on-write table that Hudi 1.0.2's Spark writer creates with its defaults
 * (metadata table on), continued by HudiIO (insert, upsert, delete), read by Hudi 1.0.2's Spark
 * reader row by row (snapshot, incremental from the start and from the second commit's completion
 * time, time travel to the first instant), and continued by Hudi 1.0.2's Spark writer again.
 */
public class SparkWrittenTableVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void hudiIOContinuesATableHudiSparkCreatedAndHudiSparkReadsIt() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();

    // Hudi 1.0.2's defaults: an upsert into a new table creates a version 8 table with a metadata
    // table (files partition at least).
    SPARK.sparkWrite(base, records(0, range(0, 16)), tripsOptions("upsert"));
    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTimelineLayoutVersion().getVersion(), is(2));
    assertThat(meta.getTableConfig().getMetadataPartitions(), is(not(empty())));
    assertThat(new File(base, ".hoodie/metadata/.hoodie/hoodie.properties").isFile(), is(true));
    // ... and declares its column_stats index in .hoodie/.index_defs/index.json, which HudiIO
    // accepts (only secondary and expression indexes are refused).
    assertThat(new File(base, ".hoodie/.index_defs/index.json").isFile(), is(true));
    String t1 = SPARK.completedCommits(base).get(0).requestedTime();

    // HudiIO inserts: it keeps the metadata table's files, column_stats and partition_stats
    // partitions (a deltacommit at its instant time) and keeps table version 8.
    List<String> filesInitialisation = SPARK.filesPartitionInitialisation(base);
    assertThat(filesInitialisation, is(not(empty())));
    hudiIO(records(1, range(16, 24)), hudiIOWrite(base, WriteOperation.INSERT));
    meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(
        meta.getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    // Hudi 1.0.2 declared its column_stats index there; that definition is kept (and accepted).
    assertThat(new File(base, ".hoodie/.index_defs/index.json").isFile(), is(true));
    hudiIO(records(2, 4, 5, 6, 7, 20, 21), hudiIOWrite(base, WriteOperation.UPSERT));
    hudiIO(records(3, 0, 17), hudiIOWrite(base, WriteOperation.DELETE));

    SPARK.assertMetadataListsTheCompletedFiles(base);

    List<HoodieInstant> commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(4));
    String t2 = commits.get(1).requestedTime();
    String t3 = commits.get(2).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>();
    expected.putAll(expected(0, t1, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15));
    expected.putAll(expected(1, t2, 16, 18, 19, 22, 23));
    expected.putAll(expected(2, t3, 4, 5, 6, 7, 20, 21));

    assertThat(SPARK.snapshot(base), is(expected));
    // Incremental from the start: every record's latest version committed in range.
    assertThat(SPARK.incremental(base, "000"), is(expected));
    // Incremental from the second commit's completion time: HudiIO's commits only (Hudi 1.0.2's
    // begin completion time is inclusive: with the first commit's, its rows come back too).
    Map<String, List<Object>> afterFirst = new TreeMap<>(expected);
    afterFirst.values().removeIf(row -> row.get(row.size() - 1).equals(t1));
    assertThat(afterFirst.size(), is(11));
    assertThat(SPARK.incremental(base, commits.get(1).getCompletionTime()), is(afterFirst));
    // Time travel to the first instant: Hudi Spark's own write, as it was.
    assertThat(SPARK.asOf(base, t1), is(expected(0, t1, range(0, 16))));

    // Hudi 1.0.2's Spark writer continues (with its defaults): it keeps appending to the files
    // partition without initialising it, column_stats or partition_stats anew.
    SPARK.sparkWrite(base, records(4, 10, 11, 21, 30), tripsOptions("upsert"));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(5));
    String t5 = commits.get(4).requestedTime();
    expected.putAll(expected(4, t5, 10, 11, 21, 30));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(
        commits.stream().map(HoodieInstant::getAction).collect(Collectors.toList()),
        is(List.of("commit", "commit", "commit", "commit", "commit")));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), hasItem("files"));
    assertThat(SPARK.filesPartitionInitialisation(base), is(filesInitialisation));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(TripsData.TABLE_NAME, is(SPARK.meta(base).getTableConfig().getTableName()));
  }
}
