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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hudi.avro.model.HoodieMetadataColumnStats;
import org.apache.hudi.common.model.HoodieColumnRangeMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;

/**
 * Checks of a table version 8 table's {@code column_stats} against what Hudi 1.0.2 computes from
 * the files, and reads with Spark's data skipping, shared by the column-statistics ITs.
 */
final class ColumnStatsCheck {
  private ColumnStatsCheck() {}

  /** The files of metadata partition {@code partition} written by an initialisation. */
  static List<String> initialisationFiles(String base, String partition) {
    List<String> out = new ArrayList<>();
    String[] names = new File(base, ".hoodie/metadata/" + partition).list();
    for (String name : names == null ? new String[0] : names) {
      if (name.contains("_00000000000000") && !name.endsWith(".crc")) {
        out.add(name);
      }
    }
    java.util.Collections.sort(out);
    return out;
  }

  /** The metadata instants of initialisations ({@code 00000000000000xxx}), any state. */
  static Set<String> metadataInitialisations(String base) {
    Set<String> out = new TreeSet<>();
    for (String name : new File(base, ".hoodie/metadata/.hoodie/timeline").list()) {
      if (name.startsWith("00000000000000")) {
        out.add(name.substring(0, 17));
      }
    }
    return out;
  }

  /** The columns Hudi's Spark writer indexed for its own first file. */
  static List<String> indexedColumns(SparkHudi spark, String base) {
    List<String> out = new ArrayList<>();
    for (org.apache.spark.sql.Row r :
        spark
            .session()
            .read()
            .format("hudi")
            .load(base + "/.hoodie/metadata")
            .filter("type = 3")
            .select("ColumnStatsMetadata.fileName", "ColumnStatsMetadata.columnName")
            .collectAsList()) {
      out.add(r.getString(0) + "/" + r.getString(1));
    }
    String first = out.get(0).substring(0, out.get(0).indexOf('/'));
    List<String> columns = new ArrayList<>();
    for (String s : out) {
      if (s.startsWith(first + "/")) {
        columns.add(s.substring(first.length() + 1));
      }
    }
    return columns;
  }

  /**
   * For every file of the latest file slices, the column_stats records Hudi 1.0.2's metadata reader
   * returns equal what Hudi computes from the file; files of no slice (cleaned) have none.
   */
  static void assertColumnStatsAreHudis(SparkHudi spark, String base, List<String> columns)
      throws Exception {
    HoodieTableMetaClient meta = spark.meta(base);
    org.apache.avro.Schema schema = new TableSchemaResolver(meta).getTableAvroSchema();
    Map<String, String> latest = PartitionStatsCheck.latestFiles(meta, base);
    try (HoodieBackedTableMetadata metadata = PartitionStatsCheck.metadata(meta, base)) {
      // Every data file on disk has records, and no other file: a cleaned file's were deleted. A
      // log file of deletes only has none (Hudi computes no range for it).
      Set<String> onDisk = new TreeSet<>();
      for (String partition : TripsData.CITIES) {
        String[] names = new File(base, partition).list();
        for (String name : names == null ? new String[0] : names) {
          if ((name.endsWith(".parquet")
                  || (name.startsWith(".") && name.contains(".log.") && !name.endsWith(".crc")))
              && !PartitionStatsCheck.ranges(meta, schema, partition, name, columns.get(0))
                  .isEmpty()) {
            onDisk.add(name);
          }
        }
      }
      Set<String> indexed = new TreeSet<>();
      for (org.apache.spark.sql.Row r :
          spark
              .session()
              .read()
              .format("hudi")
              .load(base + "/.hoodie/metadata")
              .filter("type = 3")
              .select("ColumnStatsMetadata.fileName")
              .collectAsList()) {
        indexed.add(r.getString(0));
      }
      assertThat(indexed, is(onDisk));
      for (String column : columns) {
        List<Pair<String, String>> files = new ArrayList<>();
        latest.forEach((name, partition) -> files.add(Pair.of(partition, name)));
        Map<Pair<String, String>, HoodieMetadataColumnStats> stats =
            metadata.getColumnStats(files, column);
        for (Pair<String, String> file : files) {
          HoodieMetadataColumnStats actual = stats.get(file);
          List<HoodieColumnRangeMetadata<Comparable>> want =
              PartitionStatsCheck.ranges(meta, schema, file.getLeft(), file.getRight(), column);
          assertThat("column_stats of " + file + " " + column, actual == null, is(want.isEmpty()));
          if (want.isEmpty()) {
            continue;
          }
          assertThat(file + " " + column + " ranges", want.size(), is(1));
          assertThat(
              file + " " + column,
              PartitionStatsCheck.describe(actual),
              is(PartitionStatsCheck.describe(want.get(0))));
        }
      }
    }
  }

  /** Spark's reader with data skipping on: the rows matching {@code filter}, as sparkRead. */
  static Map<String, List<Object>> dataSkippingRead(SparkHudi spark, String base, String filter) {
    Map<String, List<Object>> rows = new TreeMap<>();
    for (org.apache.spark.sql.Row row :
        spark
            .session()
            .read()
            .format("hudi")
            .option("hoodie.enable.data.skipping", "true")
            .option("hoodie.metadata.enable", "true")
            .option("hoodie.metadata.index.column.stats.enable", "true")
            .load(base)
            .filter(filter)
            .collectAsList()) {
      List<Object> values = new ArrayList<>();
      for (org.apache.avro.Schema.Field f : TripsData.SCHEMA.getFields()) {
        values.add(row.getAs(f.name()));
      }
      values.add(row.getAs("_hoodie_commit_time"));
      rows.put(row.getAs(TripsData.RECORD_KEY_FIELD), values);
    }
    return rows;
  }

  /**
   * The table's index definitions ({@code .hoodie/.index_defs/index.json}), parsed, with the {@code
   * hoodie.table.index.defs.path} property naming them.
   */
  static com.fasterxml.jackson.databind.JsonNode indexDefinitions(SparkHudi spark, String base)
      throws Exception {
    assertThat(
        spark.meta(base).getTableConfig().getProps().getProperty("hoodie.table.index.defs.path"),
        is(".hoodie/.index_defs/index.json"));
    return new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(new File(base, ".hoodie/.index_defs/index.json"));
  }
}
