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
package io.hudibeam.testing;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableConfig;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The reference harness against itself and against the golden tables Hudi's Spark writer made. */
public class HudiReferenceTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void tripsSchemaIsTheOneHudiSparkStoredInTheGoldenTables() {
    String golden =
        "{\"type\":\"record\",\"name\":\"trips_record\",\"namespace\":\"hoodie.trips\",\"fields\":["
            + "{\"name\":\"uuid\",\"type\":\"string\"},{\"name\":\"ts\",\"type\":\"long\"},"
            + "{\"name\":\"rider\",\"type\":[\"null\",\"string\"],\"default\":null},"
            + "{\"name\":\"driver\",\"type\":[\"null\",\"string\"],\"default\":null},"
            + "{\"name\":\"fare\",\"type\":[\"null\",\"double\"],\"default\":null},"
            + "{\"name\":\"begin_lat\",\"type\":[\"null\",\"double\"],\"default\":null},"
            + "{\"name\":\"begin_lon\",\"type\":[\"null\",\"double\"],\"default\":null},"
            + "{\"name\":\"end_lat\",\"type\":[\"null\",\"double\"],\"default\":null},"
            + "{\"name\":\"end_lon\",\"type\":[\"null\",\"double\"],\"default\":null},"
            + "{\"name\":\"city\",\"type\":[\"null\",\"string\"],\"default\":null}]}";
    assertThat(TripsData.SCHEMA.toString(), equalTo(golden));
  }

  @Test
  public void tripsRecordsFollowTripsMd() {
    GenericRecord r = TripsData.record(1, 1234);
    assertThat(
        TripsData.values(r),
        contains(
            "trip-000000001234",
            1_701_000_001_234L,
            "rider-234",
            "driver-70",
            12.41,
            0.254,
            0.658,
            0.594,
            0.062,
            "chennai"));
    assertThat(TripsData.keys(7, 2), contains("trip-000000000007", "trip-000000000008"));
    assertThat(
        TripsData.batch(0, 5, 3).stream().map(x -> x.get("city")).collect(Collectors.toList()),
        contains("paris", "tokyo", "sydney"));
  }

  @Test
  public void copyOnWriteTripsReadBackExactly() {
    String base = new File(tmp.getRoot(), "cow").getAbsolutePath();
    HudiReference ref = HudiReference.trips(base).create();
    String insert = ref.insert(TripsData.batch(0, 0, 1000));
    String upsert = ref.upsert(TripsData.batch(1, 500, 1000));
    String delete = ref.delete(TripsData.batch(0, 0, 100));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), contains(insert, upsert, delete));
    assertTrips1400(reader.snapshotByRecordKey(), insert, upsert);

    HoodieTableConfig config = reader.tableConfig();
    assertThat(config.getTableType(), is(HoodieTableType.COPY_ON_WRITE));
    assertThat(config.getTableVersion(), is(HoodieTableVersion.SIX));
    assertThat(config.getRecordKeyFieldProp(), equalTo("uuid"));
    assertThat(config.getPartitionFields().get(), equalTo(new String[] {"city"}));
    assertThat(config.getPreCombineField(), equalTo("ts"));
    assertThat(
        reader.partitionPaths(),
        equalTo(TripsData.CITIES.stream().sorted().collect(Collectors.toList())));

    Schema schema = reader.tableSchema();
    assertThat(schema.getFields().get(0).name(), equalTo(HoodieRecord.COMMIT_TIME_METADATA_FIELD));
    assertThat(HoodieAvroUtils.removeMetadataFields(schema), equalTo(TripsData.SCHEMA));

    List<GenericRecord> sinceInsert = reader.incrementalSince(insert);
    assertThat(sinceInsert, hasSize(1000));
    for (GenericRecord r : sinceInsert) {
      assertThat(
          HudiTableReader.string(r, HoodieRecord.COMMIT_TIME_METADATA_FIELD), equalTo(upsert));
    }
    assertThat(reader.incrementalSince(upsert), empty());

    // A failed upsert leaves a pending instant with files and markers, invisible to readers.
    String failed = ref.failedWrite(HudiReference.Operation.UPSERT, TripsData.batch(2, 0, 200));
    HoodieInstant pending =
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().lastInstant().get();
    assertThat(pending.getTimestamp(), equalTo(failed));
    assertThat(pending.getState(), is(HoodieInstant.State.INFLIGHT));
    File markers = new File(base, ".hoodie/.temp/" + failed);
    assertThat(markers.isDirectory() && markers.list().length > 0, is(true));
    assertThat(countFilesOf(new File(base), failed), greaterThan(0));
    assertTrips1400(reader.snapshotByRecordKey(), insert, upsert);

    // The next Hudi write rolls it back first (eager policy); cleaning with 1 commit retained then
    // runs.
    String again = ref.upsert(TripsData.batch(1, 1500, 10));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().empty(), is(true));
    assertThat(countFilesOf(new File(base), failed), is(0));
    assertThat(reader.snapshot(), hasSize(1410));
    assertThat(reader.completedInstantTimes(), contains(insert, upsert, delete, again));
  }

  @Test
  public void mergeOnReadTripsMergeLogsExactly() {
    String base = new File(tmp.getRoot(), "mor").getAbsolutePath();
    HudiReference ref = HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).create();
    String insert = ref.insert(TripsData.batch(0, 0, 1000));
    String upsert = ref.upsert(TripsData.batch(1, 500, 1000));
    String delete = ref.deleteRecordKeys(TripsData.keys(0, 100));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), contains(insert, upsert, delete));
    assertThat(reader.tableConfig().getTableType(), is(HoodieTableType.MERGE_ON_READ));
    List<FileSlice> slices = reader.latestFileSlices();
    assertThat(slices.stream().filter(s -> s.getLogFiles().count() > 0).count(), greaterThan(0L));
    assertTrips1400(reader.snapshotByRecordKey(), insert, upsert);
  }

  @Test
  public void complexKeyHiveStyleAndNonPartitionedTables() {
    String hive = new File(tmp.getRoot(), "hive").getAbsolutePath();
    HudiReference complex =
        HudiReference.trips(hive)
            .recordKeyFields("uuid", "rider")
            .keyGenerator(HudiReference.KeyGenerator.COMPLEX)
            .hiveStylePartitioning(true)
            .create();
    complex.insert(TripsData.batch(0, 0, 30));
    Map<String, GenericRecord> rows = HudiTableReader.of(hive).snapshotByRecordKey();
    GenericRecord row = rows.get("uuid:trip-000000000013,rider:rider-13");
    assertThat(rows.size(), is(30));
    assertThat(
        HudiTableReader.string(row, HoodieRecord.PARTITION_PATH_METADATA_FIELD),
        equalTo("city=paris"));
    assertThat(TripsData.values(row), equalTo(TripsData.values(TripsData.record(0, 13))));
    assertThat(new File(hive, "city=paris/.hoodie_partition_metadata").isFile(), is(true));

    String flat = new File(tmp.getRoot(), "flat").getAbsolutePath();
    HudiReference nonPartitioned =
        HudiReference.trips(flat)
            .partitionFields()
            .keyGenerator(HudiReference.KeyGenerator.NON_PARTITIONED)
            .cleanerCommitsRetained(1)
            .create();
    nonPartitioned.upsert(TripsData.batch(0, 0, 30));
    nonPartitioned.upsert(TripsData.batch(1, 10, 30));
    String third = nonPartitioned.upsert(TripsData.batch(2, 20, 30));
    String clean = nonPartitioned.clean().get();
    HudiTableReader flatReader = HudiTableReader.of(flat);
    assertThat(
        flatReader.completedInstants().stream()
            .filter(i -> i.getAction().equals("clean"))
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList()),
        contains(clean));
    assertThat(flatReader.partitionPaths(), contains(""));
    Map<String, GenericRecord> flatRows = flatReader.snapshotByRecordKey();
    assertThat(flatRows.size(), is(50));
    assertThat(
        TripsData.values(flatRows.get(TripsData.key(45))),
        equalTo(TripsData.values(TripsData.record(2, 45))));
    assertThat(
        HudiTableReader.string(
            flatRows.get(TripsData.key(45)), HoodieRecord.COMMIT_TIME_METADATA_FIELD),
        equalTo(third));
    assertThat(
        TripsData.values(flatRows.get(TripsData.key(5))),
        equalTo(TripsData.values(TripsData.record(0, 5))));
  }

  @Test
  public void bulkInsertWithMetadataTable() {
    String base = new File(tmp.getRoot(), "md").getAbsolutePath();
    HudiReference ref = HudiReference.trips(base).metadataTable(true).create();
    String bulk = ref.bulkInsert(TripsData.batch(0, 0, 200));
    HudiTableReader reader = HudiTableReader.of(base);
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(200));
    for (long i = 0; i < 200; i++) {
      assertThat(
          TripsData.values(rows.get(TripsData.key(i))),
          equalTo(TripsData.values(TripsData.record(0, i))));
    }
    assertThat(reader.completedInstantTimes(), contains(bulk));
    assertThat(reader.tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(new File(base, ".hoodie/metadata/.hoodie/hoodie.properties").isFile(), is(true));
    // GLOBAL_SORT: input sorted by partition path, so one base file per partition.
    assertThat(reader.latestFileSlices(), hasSize(8));
  }

  @Test
  public void byRecordKeyFailsOnDuplicateKeys() {
    GenericRecord a = withMeta(TripsData.record(0, 1), "f1.parquet");
    GenericRecord b = withMeta(TripsData.record(1, 1), "f2.parquet");
    AssertionError e =
        assertThrows(AssertionError.class, () -> HudiTableReader.byRecordKey(List.of(a, b)));
    assertThat(
        e.getMessage(),
        equalTo("duplicate record key trip-000000000001 in files f1.parquet and f2.parquet"));
    assertThat(HudiTableReader.byRecordKey(List.of(a)).keySet(), contains("trip-000000000001"));
  }

  @Test
  public void builderRejectsKeyGeneratorAndPartitionFieldMismatch() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                HudiReference.trips("/nowhere")
                    .keyGenerator(HudiReference.KeyGenerator.NON_PARTITIONED)
                    .open());
    assertThat(
        e.getMessage(),
        equalTo("NON_PARTITIONED key generator needs no partition fields, got [city]"));
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HudiReference.trips("/nowhere").partitionFields().open());
    assertThat(e.getMessage(), equalTo("SIMPLE key generator needs partition fields, got none"));
  }

  @Test
  public void goldenCopyOnWriteTrips() {
    HudiTableReader reader = HudiTableReader.of(GoldenTable.V6_COW_TRIPS.copyTo(tmp.getRoot()));
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants, contains("20261129114500216", "20261129114517514", "20261129114540316"));
    assertThat(
        reader.tableConfig().getKeyGeneratorClassName(),
        equalTo("org.apache.hudi.keygen.SimpleKeyGenerator"));
    assertTrips1400(reader.snapshotByRecordKey(), instants.get(0), instants.get(1));
    assertThat(reader.incrementalSince(instants.get(0)), hasSize(1000));
  }

  @Test
  public void goldenComplexKeyHiveStyle() {
    HudiTableReader reader =
        HudiTableReader.of(GoldenTable.V6_COW_COMPLEXKEY_HIVE.copyTo(tmp.getRoot()));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(400));
    for (long i = 0; i < 400; i++) {
      GenericRecord row = rows.get("uuid:" + TripsData.key(i) + ",rider:rider-" + i);
      assertThat(
          TripsData.values(row), equalTo(TripsData.values(TripsData.record(i < 100 ? 0 : 1, i))));
      assertThat(
          HudiTableReader.string(row, HoodieRecord.PARTITION_PATH_METADATA_FIELD),
          equalTo("city=" + TripsData.city(i)));
    }
    assertThat(reader.tableConfig().getRecordKeyFieldProp(), equalTo("uuid,rider"));
  }

  @Test
  public void goldenNonPartitionedCleaned() {
    HudiTableReader reader =
        HudiTableReader.of(GoldenTable.V6_COW_NONPARTITIONED_CLEANED.copyTo(tmp.getRoot()));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(600));
    for (long i = 0; i < 600; i++) {
      long b = i < 100 ? 0 : i < 200 ? 1 : i < 300 ? 2 : 3;
      GenericRecord row = rows.get(TripsData.key(i));
      List<Object> expected = TripsData.values(TripsData.record(b, i));
      if (b == 3) {
        // The generator of this golden table computed b * 1000000000 in 32-bit ints: batch 3
        // overflowed.
        expected.set(1, 1_700_000_000_000L + (int) (3 * 1_000_000_000L) + i);
      }
      assertThat("key " + i, TripsData.values(row), equalTo(expected));
      assertThat(
          HudiTableReader.string(row, HoodieRecord.PARTITION_PATH_METADATA_FIELD), equalTo(""));
    }
    assertThat(
        reader.completedInstants().stream().filter(i -> i.getAction().equals("clean")).count(),
        is(2L));
    assertThat(reader.latestFileSlices(), hasSize(1));
  }

  /**
   * Insert 0:0:1000, upsert 1:500:1000, delete keys 0..99: keys 100..1499, below 500 from batch 0.
   */
  private static void assertTrips1400(
      Map<String, GenericRecord> rows, String insertInstant, String upsertInstant) {
    assertThat(rows.size(), is(1400));
    for (long i = 100; i < 1500; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      long b = i < 500 ? 0 : 1;
      assertThat(
          "key " + i, TripsData.values(row), equalTo(TripsData.values(TripsData.record(b, i))));
      assertThat(
          HudiTableReader.string(row, HoodieRecord.PARTITION_PATH_METADATA_FIELD),
          equalTo(TripsData.city(i)));
      assertThat(
          HudiTableReader.string(row, HoodieRecord.COMMIT_TIME_METADATA_FIELD),
          equalTo(b == 0 ? insertInstant : upsertInstant));
    }
  }

  private static GenericRecord withMeta(GenericRecord trip, String fileName) {
    GenericRecord r =
        new org.apache.avro.generic.GenericData.Record(
            HoodieAvroUtils.addMetadataFields(TripsData.SCHEMA));
    for (Schema.Field f : TripsData.SCHEMA.getFields()) {
      r.put(f.name(), trip.get(f.name()));
    }
    r.put(HoodieRecord.RECORD_KEY_METADATA_FIELD, trip.get("uuid"));
    r.put(HoodieRecord.FILENAME_METADATA_FIELD, fileName);
    return r;
  }

  private static int countFilesOf(File dir, String instant) {
    int n = 0;
    File[] children = dir.listFiles();
    if (children == null) {
      return 0;
    }
    for (File c : children) {
      if (c.isDirectory() && !c.getName().equals(".hoodie")) {
        n += countFilesOf(c, instant);
      } else if (c.isFile()
          && c.getName().endsWith(".parquet")
          && c.getName().contains("_" + instant + ".")) {
        n++;
      } else if (c.isFile()
          && c.getName().startsWith(".")
          && c.getName().contains("_" + instant + ".log")) {
        n++;
      }
    }
    return n;
  }
}
