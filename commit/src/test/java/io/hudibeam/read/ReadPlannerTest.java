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
package io.hudibeam.read;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The format-level reader against Hudi 0.15's own reader ({@link HudiTableReader}), row by row
 * (every field, meta fields included), on tables Hudi's Spark writer wrote (golden tables) and on
 * tables this writer wrote.
 */
public class ReadPlannerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static List<GenericRecord> read(String basePath, ReadQuery query) {
    ReadPlanner planner = ReadPlanner.open(new Configuration(), basePath);
    FileSliceReader reader = planner.sliceReader();
    List<GenericRecord> out = new ArrayList<>();
    for (SliceRead slice : planner.plan(query).slices()) {
      reader.read(slice, out::add);
    }
    return out;
  }

  /** Record key to every field's value as text, in the order of {@code schema}'s fields. */
  private static Map<String, String> rows(List<GenericRecord> records, Schema schema) {
    Map<String, String> out = new TreeMap<>();
    for (GenericRecord r : records) {
      StringBuilder row = new StringBuilder();
      for (Schema.Field f : schema.getFields()) {
        row.append(f.name()).append('=').append(r.get(f.name())).append(';');
      }
      String previous = out.put(String.valueOf(r.get("_hoodie_record_key")), row.toString());
      assertEquals("duplicate key " + r.get("_hoodie_record_key"), null, previous);
    }
    return out;
  }

  private static void assertSameRows(List<GenericRecord> expected, List<GenericRecord> actual) {
    Schema schema = actual.isEmpty() ? null : actual.get(0).getSchema();
    if (schema == null) {
      assertEquals(0, expected.size());
      return;
    }
    assertEquals(rows(expected, schema), rows(actual, schema));
  }

  @Test
  public void snapshotOfHudiWrittenTablesEqualsHudisReader() {
    for (GoldenTable golden : GoldenTable.values()) {
      File table = golden.copyTo(tmp.getRoot());
      List<GenericRecord> ours = read(table.getPath(), ReadQuery.snapshot());
      assertEquals(golden.folder(), golden.rows(), ours.size());
      assertSameRows(HudiTableReader.of(table).snapshot(), ours);
    }
  }

  @Test
  public void readOptimizedOfMergeOnReadEqualsHudisReader() {
    File table = GoldenTable.V6_MOR_TRIPS.copyTo(tmp.getRoot());
    List<GenericRecord> ours = read(table.getPath(), ReadQuery.readOptimized());
    List<GenericRecord> hudi = HudiTableReader.of(table).readOptimized();
    assertTrue(ours.size() != GoldenTable.V6_MOR_TRIPS.rows());
    assertSameRows(hudi, ours);
  }

  @Test
  public void incrementalReadsEqualHudisReader() {
    for (GoldenTable golden : List.of(GoldenTable.V6_COW_TRIPS, GoldenTable.V6_MOR_TRIPS)) {
      File table = golden.copyTo(tmp.getRoot());
      HudiTableReader hudi = HudiTableReader.of(table);
      for (String begin : hudi.completedInstantTimes()) {
        List<GenericRecord> ours = read(table.getPath(), ReadQuery.incremental(begin, null));
        assertSameRows(hudi.incrementalSince(begin), ours);
      }
    }
  }

  @Test
  public void timeTravelAndIncrementalOnOurTable() {
    String basePath = new File(tmp.getRoot(), "trips").getPath();
    LocalWrite write = LocalWrite.trips(basePath);
    String first = write.insert(TripsData.batch(0, 0, 200));
    String second = write.upsert(TripsData.batch(1, 100, 200));
    String third = write.delete(TripsData.batch(2, 0, 50));
    HudiTableReader hudi = HudiTableReader.of(basePath);
    assertSameRows(hudi.snapshot(), read(basePath, ReadQuery.snapshot()));
    assertEquals(250, read(basePath, ReadQuery.snapshot()).size());
    List<GenericRecord> asOfFirst = read(basePath, ReadQuery.asOf(first));
    assertEquals(200, asOfFirst.size());
    asOfFirst.forEach(r -> assertEquals(first, r.get("_hoodie_commit_time").toString()));
    assertEquals(300, read(basePath, ReadQuery.asOf(second)).size());
    List<GenericRecord> between = read(basePath, ReadQuery.incremental(first, second));
    assertEquals(200, between.size());
    between.forEach(r -> assertEquals(second, r.get("_hoodie_commit_time").toString()));
    assertSameRows(
        hudi.incrementalSince(first), read(basePath, ReadQuery.incremental(first, null)));
    assertEquals(0, read(basePath, ReadQuery.incremental(third, null)).size());
  }

  @Test
  public void partitionFilterPrunesPartitions() {
    File table = GoldenTable.V6_COW_TRIPS.copyTo(tmp.getRoot());
    String city = TripsData.CITIES.get(0);
    List<GenericRecord> ours =
        read(
            table.getPath(),
            ReadQuery.snapshot()
                .withPartitionFilter(PartitionFilter.parse("city = '" + city + "'", "filter")));
    List<GenericRecord> expected =
        HudiTableReader.of(table).snapshot().stream()
            .filter(r -> city.equals(String.valueOf(r.get("city"))))
            .toList();
    assertTrue(!expected.isEmpty());
    assertSameRows(expected, ours);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                read(
                    table.getPath(),
                    ReadQuery.snapshot()
                        .withPartitionFilter(PartitionFilter.parse("rider = 'x'", "filter"))));
    assertTrue(e.getMessage(), e.getMessage().contains("not a partition field"));
  }
}
