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
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A table version 8 copy-on-write table HudiIO creates ({@code withTableVersion(8)}), read by Hudi
 * 1.0.2's Spark reader row by row (snapshot, incremental from the start and from a later commit,
 * time travel to the first instant), continued by Hudi 1.0.2's Spark writer with its defaults
 * (upsert, delete), and by HudiIO again.
 */
public class HudiIOWrittenTableVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void hudiSparkReadsAndContinuesAVersionEightTableHudiIOCreated() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    hudiIO(records(0, range(0, 16)), hudiIOWrite(base, WriteOperation.INSERT).withTableVersion(8));
    // No withTableVersion: the table's version 8 is kept.
    hudiIO(records(1, 4, 5, 6, 7, 16, 17, 18, 19), hudiIOWrite(base, WriteOperation.UPSERT));
    hudiIO(records(2, 0, 1, 17), hudiIOWrite(base, WriteOperation.DELETE));

    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTimelineLayoutVersion().getVersion(), is(2));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(3));
    String t1 = commits.get(0).requestedTime();
    String t2 = commits.get(1).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>();
    expected.putAll(expected(0, t1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15));
    expected.putAll(expected(1, t2, 4, 5, 6, 7, 16, 18, 19));

    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.incremental(base, "000"), is(expected));
    // From the second commit's completion time (inclusive): the upsert's rows.
    assertThat(
        SPARK.incremental(base, commits.get(1).getCompletionTime()),
        is(expected(1, t2, 4, 5, 6, 7, 16, 18, 19)));
    assertThat(SPARK.asOf(base, t1), is(expected(0, t1, range(0, 16))));

    // Hudi 1.0.2's Spark writer continues with its defaults (it builds a metadata table).
    SPARK.sparkWrite(base, records(3, 8, 9, 16, 30), tripsOptions("upsert"));
    SPARK.sparkWrite(base, records(4, 2, 18), tripsOptions("delete"));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(5));
    String t4 = commits.get(3).requestedTime();
    expected.putAll(expected(3, t4, 8, 9, 16, 30));
    expected.keySet().removeAll(List.of(TripsData.key(2), TripsData.key(18)));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(not(empty())));

    // HudiIO continues after Hudi Spark: it keeps the metadata table's files, column_stats and
    // partition_stats partitions.
    hudiIO(records(5, 3, 9, 31), hudiIOWrite(base, WriteOperation.UPSERT));
    hudiIO(records(6, 30), hudiIOWrite(base, WriteOperation.DELETE));
    meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(
        meta.getTableConfig().getMetadataPartitions(),
        is(java.util.Set.of("files", "column_stats", "partition_stats")));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(7));
    String t6 = commits.get(5).requestedTime();
    expected.putAll(expected(5, t6, 3, 9, 31));
    expected.remove(TripsData.key(30));
    assertThat(SPARK.snapshot(base), is(expected));
    // From Hudi Spark's upsert on, across both writers' completion times.
    Map<String, List<Object>> fromSparkUpsert = new TreeMap<>(expected);
    fromSparkUpsert.values().removeIf(row -> !List.of(t4, t6).contains(row.get(row.size() - 1)));
    assertThat(fromSparkUpsert.size(), is(5));
    assertThat(SPARK.incremental(base, commits.get(3).getCompletionTime()), is(fromSparkUpsert));
  }
}
