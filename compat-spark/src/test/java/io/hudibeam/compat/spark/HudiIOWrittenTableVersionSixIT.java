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
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table version 6 tables HudiIO writes (its default), read by Hudi 1.0.2's Spark reader row by row
 * (snapshot, incremental, time travel), and continued by Hudi 1.0.2's Spark writer with {@code
 * hoodie.write.table.version=6}, then by HudiIO again.
 */
public class HudiIOWrittenTableVersionSixIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static Map<String, String> versionSix(String operation) {
    Map<String, String> options = new HashMap<>(tripsOptions(operation));
    options.put("hoodie.write.table.version", "6");
    return options;
  }

  @Test
  public void hudiSparkReadsAndContinuesACopyOnWriteTableHudiIOWrote() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    hudiIO(records(0, range(0, 16)), hudiIOWrite(base, WriteOperation.INSERT));
    hudiIO(records(1, 4, 5, 6, 7, 16, 17, 18, 19), hudiIOWrite(base, WriteOperation.UPSERT));
    hudiIO(records(2, 0, 17), hudiIOWrite(base, WriteOperation.DELETE));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.SIX));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(3));
    String t1 = commits.get(0).requestedTime();
    String t2 = commits.get(1).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>();
    expected.putAll(expected(0, t1, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15));
    expected.putAll(expected(1, t2, 4, 5, 6, 7, 16, 18, 19));
    assertThat(SPARK.snapshot(base), is(expected));
    // On table version 6 Hudi 1.0.2 reads incrementally by instant time: from the start, and
    // after the first instant (exclusive).
    assertThat(SPARK.incremental(base, "000"), is(expected));
    Map<String, List<Object>> afterFirst = new TreeMap<>(expected);
    afterFirst.values().removeIf(row -> row.get(row.size() - 1).equals(t1));
    assertThat(afterFirst.size(), is(7));
    assertThat(SPARK.incremental(base, t1), is(afterFirst));
    assertThat(SPARK.asOf(base, t1), is(expected(0, t1, range(0, 16))));

    // Hudi 1.0.2's Spark writer, told to keep table version 6 (its default would be 8).
    SPARK.sparkWrite(base, records(3, 8, 9, 16, 30), versionSix("upsert"));
    SPARK.sparkWrite(base, records(4, 1, 18), versionSix("delete"));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.SIX));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(5));
    String t4 = commits.get(3).requestedTime();
    expected.putAll(expected(3, t4, 8, 9, 16, 30));
    expected.keySet().removeAll(List.of(TripsData.key(1), TripsData.key(18)));
    assertThat(SPARK.snapshot(base), is(expected));

    // And HudiIO continues after it.
    hudiIO(records(5, 2, 9, 31), hudiIOWrite(base, WriteOperation.UPSERT));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(6));
    expected.putAll(expected(5, commits.get(5).requestedTime(), 2, 9, 31));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.SIX));
  }

  /**
   * Inserts into small files carry the stored row groups over as bytes ({@code RowGroupCarryOver}):
   * Hudi's Spark reader reads such files exactly (snapshot, incremental, time travel), and Hudi's
   * Spark writer merges them.
   */
  @Test
  public void hudiSparkReadsAndMergesSmallFilesWhoseRowGroupsHudiIOCarriedOver() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    // Row groups of 16 KiB, so that these tiny files' row groups are over 1/512 of it and carried
    // over (with Hudi's 120 MiB they would be merged record by record).
    Map<String, String> rowGroups = Map.of("hoodie.parquet.block.size", "16384");
    hudiIO(
        records(0, range(0, 16)),
        hudiIOWrite(base, WriteOperation.INSERT).withHoodieProperties(rowGroups));
    hudiIO(
        records(1, range(16, 24)),
        hudiIOWrite(base, WriteOperation.UPSERT).withHoodieProperties(rowGroups));
    hudiIO(
        records(2, range(24, 32)),
        hudiIOWrite(base, WriteOperation.INSERT).withHoodieProperties(rowGroups));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(3));
    String t1 = commits.get(0).requestedTime();
    String t2 = commits.get(1).requestedTime();
    String t3 = commits.get(2).requestedTime();
    // The third commit's base file of each partition: its first two commits' row groups carried
    // over, and one of its own.
    List<java.nio.file.Path> latest;
    try (Stream<java.nio.file.Path> files = Files.walk(Paths.get(base))) {
      latest =
          files
              .filter(f -> f.getFileName().toString().endsWith("_" + t3 + ".parquet"))
              .collect(Collectors.toList());
    }
    assertThat(latest.size(), is(8));
    for (java.nio.file.Path file : latest) {
      try (ParquetFileReader parquet =
          ParquetFileReader.open(
              HadoopInputFile.fromPath(new Path(file.toUri()), new Configuration()))) {
        assertThat("row groups of " + file, parquet.getRowGroups().size(), is(3));
      }
    }
    Map<String, List<Object>> expected = new TreeMap<>();
    expected.putAll(expected(0, t1, range(0, 16)));
    expected.putAll(expected(1, t2, range(16, 24)));
    expected.putAll(expected(2, t3, range(24, 32)));
    assertThat(SPARK.snapshot(base), is(expected));
    Map<String, List<Object>> afterFirst = new TreeMap<>(expected);
    afterFirst.values().removeIf(row -> row.get(row.size() - 1).equals(t1));
    assertThat(afterFirst.size(), is(16));
    assertThat(SPARK.incremental(base, t1), is(afterFirst));
    Map<String, List<Object>> asOfSecond = new TreeMap<>(expected(0, t1, range(0, 16)));
    asOfSecond.putAll(expected(1, t2, range(16, 24)));
    assertThat(SPARK.asOf(base, t2), is(asOfSecond));

    SPARK.sparkWrite(base, records(3, 3, 20, 27, 40), versionSix("upsert"));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(4));
    expected.putAll(expected(3, commits.get(3).requestedTime(), 3, 20, 27, 40));
    assertThat(SPARK.snapshot(base), is(expected));
  }
}
