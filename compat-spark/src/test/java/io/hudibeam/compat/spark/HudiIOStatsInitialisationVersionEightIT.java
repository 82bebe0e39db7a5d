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
import static io.hudibeam.compat.spark.SparkHudi.records;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO initialises {@code column_stats} and {@code partition_stats} on table version 8 as Hudi
 * 1.0.2's Spark writer does with its defaults (docs/metadata-table.md): on a table HudiIO creates
 * (right after {@code files}, at {@code 00000000000000001} and {@code ...002}) and on a table whose
 * metadata table has {@code files} only (Spark's writer with the statistics disabled), at HudiIO's
 * next write, from the existing base files' footers and log files. Hudi 1.0.2's metadata reader
 * returns column and partition statistics equal to what Hudi computes from the files, Spark reads
 * every row with data skipping on, and Spark's writer continues without initialising anything anew.
 */
public class HudiIOStatsInitialisationVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Set<String> ALL = Set.of("files", "column_stats", "partition_stats");

  private static HudiIO.Write<GenericRecord> write(
      String base, WriteOperation operation, TableType type) {
    return hudiIOWrite(base, operation).withTableVersion(8).withTableType(type);
  }

  @Test
  public void aCopyOnWriteTableHudiioCreates() throws Exception {
    createdTable(TableType.COPY_ON_WRITE, HoodieTableType.COPY_ON_WRITE);
  }

  @Test
  public void aMergeOnReadTableHudiioCreates() throws Exception {
    createdTable(TableType.MERGE_ON_READ, HoodieTableType.MERGE_ON_READ);
  }

  @Test
  public void aCopyOnWriteTableWithFilesOnly() throws Exception {
    filesOnlyTable(HoodieTableType.COPY_ON_WRITE, TableType.COPY_ON_WRITE);
  }

  @Test
  public void aMergeOnReadTableWithFilesOnly() throws Exception {
    filesOnlyTable(HoodieTableType.MERGE_ON_READ, TableType.MERGE_ON_READ);
  }

  private void createdTable(TableType type, HoodieTableType hudiType) throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<String, List<Object>> expected = new TreeMap<>();
    hudiIO(records(0, SparkHudi.range(0, 12)), write(base, WriteOperation.INSERT, type));
    expected.putAll(expected(0, last(base), SparkHudi.range(0, 12)));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(ALL));
    Set<String> initialisations = ColumnStatsCheck.metadataInitialisations(base);
    assertThat(
        initialisations, is(Set.of("00000000000000000", "00000000000000001", "00000000000000002")));
    assertThat(
        ColumnStatsCheck.initialisationFiles(base, "column_stats"),
        is(
            List.of(
                ".col-stats-0000-0_00000000000000001.log.1_0-0-0",
                ".col-stats-0001-0_00000000000000001.log.1_0-0-0")));
    assertThat(
        ColumnStatsCheck.initialisationFiles(base, "partition_stats"),
        is(List.of(".partition-stats-0000-0_00000000000000002.log.1_0-0-0")));
    // Hudi 1.0.2's Spark writer initialises a new table the same way.
    String spark = tmp.newFolder("spark").getAbsolutePath();
    Map<String, String> insert = new HashMap<>(tripsOptions("insert"));
    insert.put("hoodie.datasource.write.table.type", hudiType.name());
    SPARK.sparkWrite(spark, records(0, SparkHudi.range(0, 12)), insert);
    assertThat(ColumnStatsCheck.metadataInitialisations(spark), is(initialisations));
    assertThat(
        ColumnStatsCheck.initialisationFiles(base, "column_stats"),
        is(ColumnStatsCheck.initialisationFiles(spark, "column_stats")));
    assertThat(
        ColumnStatsCheck.indexDefinitions(SPARK, base),
        is(ColumnStatsCheck.indexDefinitions(SPARK, spark)));
    // Upserts (merge-on-read: log files) and new partitions' rows.
    hudiIO(records(1, 0, 1, 12, 13), write(base, WriteOperation.UPSERT, type));
    expected.putAll(expected(1, last(base), 0, 1, 12, 13));
    assertStatsAreHudis(base, expected);

    continuedBySpark(base, hudiType, initialisations, expected);
  }

  private void filesOnlyTable(HoodieTableType hudiType, TableType type) throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<String, String> filesOnly = new HashMap<>(tripsOptions("insert"));
    filesOnly.put("hoodie.datasource.write.table.type", hudiType.name());
    filesOnly.put("hoodie.metadata.index.column.stats.enable", "false");
    filesOnly.put("hoodie.metadata.index.partition.stats.enable", "false");
    SPARK.sparkWrite(base, records(0, SparkHudi.range(0, 12)), filesOnly);
    Map<String, List<Object>> expected = new TreeMap<>(expected(0, last(base), range(0, 12)));
    filesOnly.put("hoodie.datasource.write.operation", "upsert");
    SPARK.sparkWrite(base, records(1, 0, 1, 2), filesOnly); // merge-on-read: log files
    expected.putAll(expected(1, last(base), 0, 1, 2));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(Set.of("files")));
    assertThat(ColumnStatsCheck.metadataInitialisations(base), is(Set.of("00000000000000000")));

    // The control: Hudi 1.0.2's Spark writer, with its defaults, on a copy.
    String spark = tmp.newFolder("spark").getAbsolutePath();
    org.apache.commons.io.FileUtils.copyDirectory(new java.io.File(base), new java.io.File(spark));
    Map<String, String> defaults = new HashMap<>(tripsOptions("upsert"));
    defaults.put("hoodie.datasource.write.table.type", hudiType.name());
    SPARK.sparkWrite(spark, records(2, 3, 12), defaults);

    // HudiIO's next write initialises both from the files on disk, then appends its own.
    hudiIO(records(2, 3, 12), write(base, WriteOperation.UPSERT, type));
    expected.putAll(expected(2, last(base), 3, 12));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(ALL));
    Set<String> initialisations = ColumnStatsCheck.metadataInitialisations(base);
    assertThat(
        initialisations, is(Set.of("00000000000000000", "00000000000000001", "00000000000000002")));
    assertThat(
        "column_stats initialised with records (HFile base files)",
        ColumnStatsCheck.initialisationFiles(base, "column_stats").stream()
            .anyMatch(n -> n.endsWith("_00000000000000001.hfile")),
        is(true));
    assertThat(ColumnStatsCheck.metadataInitialisations(spark), is(initialisations));
    assertThat(
        ColumnStatsCheck.indexDefinitions(SPARK, base),
        is(ColumnStatsCheck.indexDefinitions(SPARK, spark)));
    assertStatsAreHudis(base, expected);

    continuedBySpark(base, hudiType, initialisations, expected);
  }

  /** Spark's writer continues without a new initialisation; the statistics stay Hudi's. */
  private void continuedBySpark(
      String base,
      HoodieTableType hudiType,
      Set<String> initialisations,
      Map<String, List<Object>> expected)
      throws Exception {
    List<String> columnStatsFiles = ColumnStatsCheck.initialisationFiles(base, "column_stats");
    Map<String, String> upsert = new HashMap<>(tripsOptions("upsert"));
    upsert.put("hoodie.datasource.write.table.type", hudiType.name());
    SPARK.sparkWrite(base, records(5, 4, 14), upsert);
    expected.putAll(expected(5, last(base), 4, 14));
    assertThat(ColumnStatsCheck.metadataInitialisations(base), is(initialisations));
    assertThat(ColumnStatsCheck.initialisationFiles(base, "column_stats"), is(columnStatsFiles));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(ALL));
    assertStatsAreHudis(base, expected);
  }

  private void assertStatsAreHudis(String base, Map<String, List<Object>> expected)
      throws Exception {
    List<String> columns = ColumnStatsCheck.indexedColumns(SPARK, base);
    assertThat(columns.size(), is(13)); // the three meta fields and the ten trips fields
    Set<String> want =
        new java.util.TreeSet<>(
            List.of("_hoodie_commit_time", "_hoodie_partition_path", "_hoodie_record_key"));
    TripsData.SCHEMA.getFields().forEach(f -> want.add(f.name()));
    assertThat(new java.util.TreeSet<>(columns), is(want));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));
    ColumnStatsCheck.assertColumnStatsAreHudis(SPARK, base, columns);
    PartitionStatsCheck.assertPartitionStatsAreHudis(SPARK.meta(base), base, columns);
    long from = TripsData.ts(1, 0);
    Map<String, List<Object>> newer = new TreeMap<>(expected);
    newer.values().removeIf(v -> (Long) v.get(1) < from);
    assertThat(newer.isEmpty(), is(false));
    assertThat(ColumnStatsCheck.dataSkippingRead(SPARK, base, "ts >= " + from), is(newer));
    assertThat(
        ColumnStatsCheck.dataSkippingRead(SPARK, base, "city = '" + TripsData.CITIES.get(4) + "'"),
        is(cityRows(expected, TripsData.CITIES.get(4))));
  }

  private static Map<String, List<Object>> cityRows(
      Map<String, List<Object>> expected, String city) {
    Map<String, List<Object>> out = new TreeMap<>(expected);
    out.values().removeIf(v -> !city.equals(v.get(9)));
    return out;
  }

  private static long[] range(long from, long to) {
    return SparkHudi.range(from, to);
  }

  private static String last(String base) {
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    return commits.get(commits.size() - 1).requestedTime();
  }
}
