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
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hudi.common.model.HoodieTableType;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO keeps the {@code column_stats} partition of a table version 8 table that Hudi 1.0.2's
 * Spark writer created with its defaults (docs/metadata-table.md): the records Hudi 1.0.2's
 * metadata reader returns for HudiIO's files equal what Hudi computes from those files (its Parquet
 * footer reader for base files, its log-file reader for log files), a clean marks the deleted
 * files' records deleted, Spark's reader with data skipping prunes by them (shown on a copy whose
 * pruned files are corrupted), all with HudiIO compacting the metadata table's {@code files}
 * partition along the way, and Spark's writer continues without initialising {@code column_stats}
 * anew.
 */
public class HudiIOColumnStatsVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Spark's batch 0 fills partitions 0 to 3 (i % 8 < 4). */
  private static final long[] SPARK_KEYS = {0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19};

  /** HudiIO's batch 1 inserts into partitions 4 to 7, new files of batch-1 rows only. */
  private static final long[] NEW_PARTITION_KEYS = {4, 5, 6, 7, 12, 13};

  /** HudiIO's batch 2 updates keys of partitions 0 and 1. */
  private static final long[] UPDATED_KEYS = {0, 1};

  @Test
  public void copyOnWrite() throws Exception {
    keepsColumnStats(TableType.COPY_ON_WRITE, HoodieTableType.COPY_ON_WRITE);
  }

  @Test
  public void mergeOnRead() throws Exception {
    keepsColumnStats(TableType.MERGE_ON_READ, HoodieTableType.MERGE_ON_READ);
  }

  private static HudiIO.Write<org.apache.avro.generic.GenericRecord> write(
      String base, WriteOperation operation, TableType type) {
    return hudiIOWrite(base, operation)
        .withTableVersion(8)
        .withTableType(type)
        .withHoodieProperties(
            Map.of(
                "hoodie.cleaner.policy", "KEEP_LATEST_FILE_VERSIONS",
                "hoodie.cleaner.fileversions.retained", "1",
                // HudiIO compacts the metadata table's files partition along the way.
                "hoodie.metadata.compact.max.delta.commits", "2"));
  }

  private void keepsColumnStats(TableType type, HoodieTableType hudiType) throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<String, String> sparkOptions = new HashMap<>(tripsOptions("insert"));
    sparkOptions.put("hoodie.datasource.write.table.type", hudiType.name());
    SPARK.sparkWrite(base, records(0, SPARK_KEYS), sparkOptions);
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    Set<String> initialisations = ColumnStatsCheck.metadataInitialisations(base);
    List<String> columns = ColumnStatsCheck.indexedColumns(SPARK, base);
    assertThat(columns.size(), is(13)); // the three meta fields and the ten trips fields

    Map<String, List<Object>> expected = new TreeMap<>();
    expected.putAll(expected(0, last(base), SPARK_KEYS));
    hudiIO(records(1, NEW_PARTITION_KEYS), write(base, WriteOperation.INSERT, type));
    expected.putAll(expected(1, last(base), NEW_PARTITION_KEYS));
    hudiIO(records(2, UPDATED_KEYS), write(base, WriteOperation.UPSERT, type));
    expected.putAll(expected(2, last(base), UPDATED_KEYS));

    // column_stats and partition_stats kept; Hudi reads HudiIO's records.
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));
    ColumnStatsCheck.assertColumnStatsAreHudis(SPARK, base, columns);
    PartitionStatsCheck.assertPartitionStatsAreHudis(SPARK.meta(base), base, columns);
    assertThat(
        ColumnStatsCheck.dataSkippingRead(SPARK, base, "ts >= " + TripsData.ts(1, 0)),
        is(newerThanBatchZero(expected)));

    // Pruning by HudiIO's records: on a copy whose files holding batch-1 rows only (HudiIO's
    // inserts) are corrupted, a query for older rows succeeds only because it skips them.
    String copy = tmp.newFolder("copy").getAbsolutePath();
    org.apache.commons.io.FileUtils.copyDirectory(new File(base), new File(copy));
    List<String> corrupted = corruptFilesOfPartitions(copy, 4, 7);
    assertThat(corrupted.isEmpty(), is(false));
    Map<String, List<Object>> older = new TreeMap<>(expected);
    older.keySet().retainAll(keys(SPARK_KEYS));
    older.keySet().removeAll(keys(UPDATED_KEYS));
    assertThat(
        ColumnStatsCheck.dataSkippingRead(SPARK, copy, "ts < " + TripsData.ts(1, 0)), is(older));
    boolean failedWithoutSkipping;
    try {
      SPARK
          .session()
          .read()
          .format("hudi")
          .option("hoodie.enable.data.skipping", "false")
          .load(copy)
          .filter("ts < " + TripsData.ts(1, 0))
          .collectAsList();
      failedWithoutSkipping = false;
    } catch (Exception e) { // Spark's SparkException, thrown undeclared
      failedWithoutSkipping = true;
    }
    assertThat(
        "the corrupted files " + corrupted + " are read without data skipping",
        failedWithoutSkipping,
        is(true));

    // Spark's writer continues HudiIO's column_stats and partition_stats without initialising
    // either anew; HudiIO after it.
    List<String> columnStatsInitialisation =
        ColumnStatsCheck.initialisationFiles(base, "column_stats");
    List<String> partitionStatsInitialisation =
        ColumnStatsCheck.initialisationFiles(base, "partition_stats");
    assertThat(columnStatsInitialisation.isEmpty(), is(false));
    assertThat(partitionStatsInitialisation.isEmpty(), is(false));
    Map<String, String> upsert = new HashMap<>(tripsOptions("upsert"));
    upsert.put("hoodie.datasource.write.table.type", hudiType.name());
    SPARK.sparkWrite(base, records(3, 2, 5), upsert);
    expected.putAll(expected(3, last(base), 2, 5));
    assertThat(
        ColumnStatsCheck.initialisationFiles(base, "column_stats"), is(columnStatsInitialisation));
    assertThat(
        ColumnStatsCheck.initialisationFiles(base, "partition_stats"),
        is(partitionStatsInitialisation));
    assertThat(ColumnStatsCheck.metadataInitialisations(base), is(initialisations));
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    PartitionStatsCheck.assertPartitionStatsAreHudis(SPARK.meta(base), base, columns);
    Set<String> afterSpark = ColumnStatsCheck.metadataInitialisations(base);
    hudiIO(records(4, 3, 6), write(base, WriteOperation.UPSERT, type));
    expected.putAll(expected(4, last(base), 3, 6));
    // A delete: partition 0 loses key 8, partition_stats recomputed from its latest slices.
    hudiIO(records(5, 8), write(base, WriteOperation.DELETE, type));
    expected.remove(TripsData.key(8));
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    assertThat(ColumnStatsCheck.metadataInitialisations(base), is(afterSpark));
    assertThat(
        "HudiIO compacted the metadata table",
        SPARK
                .meta(base + "/.hoodie/metadata")
                .getActiveTimeline()
                .getCommitTimeline()
                .filterCompletedInstants()
                .countInstants()
            > 0,
        is(true));
    assertThat(
        ColumnStatsCheck.initialisationFiles(base, "column_stats"), is(columnStatsInitialisation));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));
    ColumnStatsCheck.assertColumnStatsAreHudis(SPARK, base, columns);
    PartitionStatsCheck.assertPartitionStatsAreHudis(SPARK.meta(base), base, columns);
  }

  private static Map<String, List<Object>> newerThanBatchZero(Map<String, List<Object>> expected) {
    Map<String, List<Object>> out = new TreeMap<>(expected);
    out.keySet().removeAll(keys(SPARK_KEYS));
    out.putAll(subMap(expected, keys(UPDATED_KEYS)));
    return out;
  }

  private static Map<String, List<Object>> subMap(Map<String, List<Object>> m, Set<String> keys) {
    Map<String, List<Object>> out = new TreeMap<>(m);
    out.keySet().retainAll(keys);
    return out;
  }

  private static Set<String> keys(long[] indexes) {
    Set<String> out = new TreeSet<>();
    for (long i : indexes) {
      out.add(TripsData.key(i));
    }
    return out;
  }

  /** Overwrites every data file of partitions {@code from..to} (city index) with garbage. */
  private static List<String> corruptFilesOfPartitions(String base, int from, int to)
      throws Exception {
    List<String> out = new ArrayList<>();
    for (int p = from; p <= to; p++) {
      File dir = new File(base, TripsData.CITIES.get(p));
      for (File f : dir.listFiles()) {
        String name = f.getName();
        if (name.endsWith(".parquet") || name.contains(".log.")) {
          byte[] garbage = new byte[(int) f.length()];
          java.util.Arrays.fill(garbage, (byte) 7);
          java.nio.file.Files.write(f.toPath(), garbage);
          out.add(name);
        }
      }
    }
    return out;
  }

  private static String last(String base) {
    List<org.apache.hudi.common.table.timeline.HoodieInstant> commits =
        SPARK.completedCommits(base);
    return commits.get(commits.size() - 1).requestedTime();
  }
}
