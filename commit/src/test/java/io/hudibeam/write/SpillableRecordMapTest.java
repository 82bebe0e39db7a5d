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
package io.hudibeam.write;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.emptyArray;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class SpillableRecordMapTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final RecordEncoding encoding = RecordEncoding.of(TripsData.SCHEMA);

  private static TableRecord upsert(long i) {
    return TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(0, i));
  }

  /** Bytes, as records arrive after a shuffle (TableRecordCoder keeps them encoded). */
  private TableRecord encoded(long i) {
    TableRecord record = upsert(i);
    return TableRecord.of(
        record.recordKey(),
        record.partitionPath(),
        record.operation(),
        encoding.payload(encoding.encode(record.payload().get())));
  }

  @Test
  public void recordsOverTheBudgetGoToDiskAndAreFoundAndVisitedInOrder() throws Exception {
    File folder = tmp.newFolder("spill");
    int count = 50_000;
    long budget = 100_000;
    try (SpillableRecordMap map = new SpillableRecordMap(budget, folder, encoding, "test")) {
      for (int i = 0; i < count; i++) {
        assertThat(
            map.put(i % 10 == 9 ? TableRecord.delete(TripsData.key(i), "p", null) : encoded(i)),
            is(true));
      }
      assertThat(map.size(), is(count));
      assertThat(map.spilledCount(), greaterThan(count - 1000));
      assertThat(count - map.spilledCount(), greaterThan(100));
      assertThat(map.estimatedMemoryBytes(), lessThanOrEqualTo(budget));
      assertThat(folder.list().length, is(1));

      // Keys in memory and on disk: same key, partition, operation and record.
      for (int i = 0; i < count; i += 3) {
        TableRecord found = map.match(TripsData.key(i));
        if (i % 10 == 9) {
          assertThat(found.isDelete(), is(true));
          assertThat(found.payload().isPresent(), is(false));
          assertThat(found.partitionPath(), is("p"));
        } else {
          assertThat(found, equalTo(upsert(i)));
        }
      }
      assertThat(map.match(TripsData.key(count)), nullValue());
      assertThat(map.match("not-a-trip"), nullValue());

      List<String> unmatched = new ArrayList<>();
      map.forEachUnmatched(r -> unmatched.add(r.recordKey()));
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        if (i % 3 != 0) {
          expected.add(TripsData.key(i));
        }
      }
      assertThat(unmatched, equalTo(expected));
    }
    assertThat("the spill file is deleted", folder.list(), emptyArray());
  }

  /**
   * Keyed by record key and partition path (a key shard's de-duplication): the same key in two
   * partitions is two entries, the preferred record of each replaces the kept one in memory and on
   * disk and keeps its place, and lookups by ordinal and visits in put order give the kept ones.
   */
  @Test
  public void putPreferredKeepsOneRecordPerKeyAndPartitionAcrossTheSpill() throws Exception {
    File folder = tmp.newFolder("spill");
    int count = 2_000;
    MergeMemory memory =
        MergeMemory.of(
            MergeMemory.MAX_SIZE,
            MergeMemory.FRACTION,
            20_000L,
            MergeMemory.DEFAULT_FRACTION,
            folder.getAbsolutePath());
    java.util.function.BinaryOperator<TableRecord> later =
        (a, b) -> (Long) a.data().get().get("ts") >= (Long) b.data().get().get("ts") ? a : b;
    try (SpillableRecordMap map =
        new SpillableRecordMap(
            memory, 20_000L, KeyScope.RECORD_KEY_AND_PARTITION, encoding, "key shard 3")) {
      for (int i = 0; i < count; i++) {
        assertThat(map.putPreferred(encoded(i), later), is(true));
      }
      for (int i = 0; i < count; i += 2) {
        TableRecord newer =
            TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(1, i));
        TableRecord older =
            TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(0, i));
        TableRecord elsewhere =
            TableRecord.upsert(TripsData.key(i), "elsewhere", TripsData.record(0, i));
        assertThat(map.putPreferred(newer, later), is(false));
        assertThat(map.putPreferred(older, later), is(false));
        assertThat(map.putPreferred(elsewhere, later), is(true));
      }
      assertThat(map.size(), is(count + count / 2));
      assertThat(map.spilledCount(), greaterThan(count - 100));
      for (int i = 0; i < count; i++) {
        int ordinal = map.ordinalOf(TripsData.key(i), TripsData.city(i));
        assertThat(ordinal, is(i));
        assertThat(
            map.get(ordinal).data().get().get("ts"), is(TripsData.ts(i % 2 == 0 ? 1 : 0, i)));
      }
      assertThat(map.ordinalOf(TripsData.key(1), "elsewhere"), is(-1));
      assertThat(map.ordinalOf(TripsData.key(0), "elsewhere"), is(count));
      List<String> visited = new ArrayList<>();
      map.forEachInOrder(
          (r, ordinal) -> visited.add(ordinal + " " + r.recordKey() + " " + r.partitionPath()));
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        expected.add(i + " " + TripsData.key(i) + " " + TripsData.city(i));
      }
      for (int i = 0; i < count; i += 2) {
        expected.add((count + i / 2) + " " + TripsData.key(i) + " elsewhere");
      }
      assertThat(visited, equalTo(expected));
    }
    assertThat("the spill file is deleted", folder.list(), emptyArray());
  }

  /**
   * A spilled delete keeps its data (a change stream's delete is ordered by it; the merge handle
   * drops the data of the deletes it does not order), a delete by key has none, and data of another
   * schema is refused.
   */
  @Test
  public void spilledDeletesKeepTheirDataAndDataOfAnotherSchemaIsRefused() throws Exception {
    org.apache.avro.Schema keySchema =
        org.apache.avro.SchemaBuilder.record("trips_key")
            .fields()
            .requiredString("uuid")
            .requiredString("city")
            .endRecord();
    org.apache.avro.generic.GenericRecord key =
        new org.apache.avro.generic.GenericData.Record(keySchema);
    key.put("uuid", TripsData.key(8));
    key.put("city", TripsData.city(8));
    try (SpillableRecordMap map =
        new SpillableRecordMap(0, tmp.newFolder("spill"), encoding, "file group F")) {
      org.apache.avro.generic.GenericRecord trip = TripsData.record(1, 7);
      assertThat(map.put(TableRecord.delete(TripsData.key(7), TripsData.city(7), trip)), is(true));
      assertThat(map.put(TableRecord.delete(TripsData.key(9), TripsData.city(9), null)), is(true));
      TableRecord found = map.match(TripsData.key(7));
      assertThat(found.isDelete(), is(true));
      assertThat(found.partitionPath(), is(TripsData.city(7)));
      assertThat(found.data().get(), is(trip));
      assertThat(map.match(TripsData.key(9)).payload().isPresent(), is(false));
      HudiTableException e =
          assertThrows(
              HudiTableException.class,
              () -> map.put(TableRecord.delete(TripsData.key(8), TripsData.city(8), key)));
      assertThat(
          e.getMessage(),
          e.getMessage()
              .startsWith("Record key 'trip-000000000008' of file group F has data of schema"),
          is(true));
    }
  }

  @Test
  public void aKeyPutTwiceIsRefusedInMemoryAndOnDisk() throws Exception {
    try (SpillableRecordMap map =
        new SpillableRecordMap(2_000, tmp.newFolder("spill"), encoding, "test")) {
      for (int i = 0; i < 100; i++) {
        assertThat(map.put(upsert(i)), is(true));
      }
      assertThat(map.spilledCount(), greaterThan(0));
      assertThat(map.spilledCount(), lessThanOrEqualTo(98));
      assertThat(map.put(upsert(0)), is(false));
      assertThat(map.put(upsert(99)), is(false));
      assertThat(map.size(), is(100));
    }
  }

  @Test
  public void putLatestReplacesInMemoryAndOnDiskKeepingTheFirstPutOrder() throws Exception {
    for (long budget : new long[] {Long.MAX_VALUE, 2_000, 0}) {
      try (SpillableRecordMap map =
          new SpillableRecordMap(
              budget, MergeMemory.COMPACTION_MAX_SIZE, tmp.newFolder(), encoding, "test")) {
        for (int i = 0; i < 100; i++) {
          map.putLatest(upsert(i));
        }
        // Later records replace earlier ones, in memory and spilled: batch 1 for even keys, a
        // delete for 7.
        for (int i = 0; i < 100; i += 2) {
          map.putLatest(
              TableRecord.upsert(TripsData.key(i), TripsData.city(i), TripsData.record(1, i)));
        }
        map.putLatest(
            TableRecord.of(TripsData.key(7), TripsData.city(7), RecordOperation.DELETE, null));
        map.putLatest(upsert(100));
        assertThat(map.size(), is(101));
        assertThat(map.match(TripsData.key(98)).data().get(), equalTo(TripsData.record(1, 98)));
        List<String> visited = new java.util.ArrayList<>();
        map.forEachUnmatched(
            r ->
                visited.add(
                    r.recordKey()
                        + (r.isDelete()
                            ? " deleted"
                            : " " + TripsData.values(r.data().get()).get(1))));
        assertThat(visited.size(), is(100));
        for (int i = 0; i <= 100; i++) {
          if (i == 98) {
            continue;
          }
          String expected =
              TripsData.key(i)
                  + (i == 7 ? " deleted" : " " + TripsData.ts(i % 2 == 0 && i < 100 ? 1 : 0, i));
          assertThat(budget + ": " + i, visited.get(i < 98 ? i : i - 1), is(expected));
        }
      }
    }
  }

  @Test
  public void aBudgetOfNothingSpillsEveryRecordAndAnUnusedMapWritesNoFile() throws Exception {
    File folder = tmp.newFolder("spill");
    try (SpillableRecordMap map = new SpillableRecordMap(0, folder, encoding, "test")) {
      map.put(upsert(1));
      assertThat(map.spilledCount(), is(1));
      assertThat(map.match(TripsData.key(1)), equalTo(upsert(1)));
    }
    try (SpillableRecordMap map = new SpillableRecordMap(1 << 20, folder, encoding, "test")) {
      map.put(upsert(1));
      assertThat(map.spilledCount(), is(0));
      assertThat(folder.list(), emptyArray());
    }
  }

  @Test
  public void anUnwritableSpillFolderFailsNamingTheSetting() throws Exception {
    File notAFolder = tmp.newFile("file");
    try (SpillableRecordMap map =
        new SpillableRecordMap(0, new File(notAFolder, "spill"), encoding, "file group X")) {
      HudiTableException e = assertThrows(HudiTableException.class, () -> map.put(upsert(1)));
      assertThat(e.getMessage().contains("hoodie.memory.spillable.map.path"), is(true));
      assertThat(e.getMessage().contains("file group X"), is(true));
    }
  }

  @Test
  public void settingsAreParsedAndCheckedUnderHudisKeys() {
    assertThat(
        SettingsReader.mergeMemory(java.util.Map.of()).maxSizeBytes().isPresent(), is(false));
    assertThat(
        SettingsReader.mergeMemory(java.util.Map.of(MergeMemory.MAX_SIZE, "1048576")).budgetBytes(),
        is(1048576L));
    MergeMemory half = SettingsReader.mergeMemory(java.util.Map.of(MergeMemory.FRACTION, "0.5"));
    Runtime runtime = Runtime.getRuntime();
    assertThat(
        half.budgetBytes(),
        is(
            (long)
                Math.floor(
                    (double) runtime.maxMemory() / runtime.availableProcessors() * 0.4 * 0.5)));
    for (String[] bad :
        new String[][] {
          {MergeMemory.MAX_SIZE, "-1"},
          {MergeMemory.MAX_SIZE, "1g"},
          {MergeMemory.FRACTION, "0"},
          {MergeMemory.FRACTION, "1.5"},
          {MergeMemory.FRACTION, "x"},
          {MergeMemory.SPILL_PATH, " "},
          {MergeMemory.COMPACTION_MAX_SIZE, "-1"},
          {MergeMemory.COMPACTION_FRACTION, "2"}
        }) {
      HudiTableException e =
          assertThrows(
              HudiTableException.class,
              () -> SettingsReader.mergeMemory(java.util.Map.of(bad[0], bad[1])));
      assertThat(e.getMessage(), e.getMessage().startsWith(bad[0] + " must"), is(true));
    }
    // Compaction's budget has its own keys, and the merge keys do not set it.
    MergeMemory compaction =
        SettingsReader.compactionMemory(
            java.util.Map.of(MergeMemory.COMPACTION_MAX_SIZE, "4096", MergeMemory.MAX_SIZE, "1"));
    assertThat(compaction.budgetBytes(), is(4096L));
    assertThat(compaction.maxSizeKey(), is(MergeMemory.COMPACTION_MAX_SIZE));
    assertThat(
        SettingsReader.compactionMemory(java.util.Map.of(MergeMemory.MAX_SIZE, "1"))
            .maxSizeBytes()
            .isPresent(),
        is(false));
    assertThat(
        SettingsReader.compactionMemory(java.util.Map.of(MergeMemory.COMPACTION_FRACTION, "0.5"))
            .budgetBytes(),
        is(half.budgetBytes()));
  }
}
