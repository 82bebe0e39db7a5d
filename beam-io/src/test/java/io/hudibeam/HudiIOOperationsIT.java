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
package io.hudibeam;

import static io.hudibeam.HudiIOTesting.COMMIT_TIME;
import static io.hudibeam.HudiIOTesting.PARTITION_PATH;
import static io.hudibeam.HudiIOTesting.assertCommitCounts;
import static io.hudibeam.HudiIOTesting.checkMetaFields;
import static io.hudibeam.HudiIOTesting.committed;
import static io.hudibeam.HudiIOTesting.content;
import static io.hudibeam.HudiIOTesting.lastInstant;
import static io.hudibeam.HudiIOTesting.snapshotByKey;
import static io.hudibeam.HudiIOTesting.tripsValues;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieKey;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Every write operation on one trips table, step by step, each step read back by Hudi's reader row
 * by row and compared with a twin table that Hudi 0.15's own Java client writes from the same
 * records (ordering-aware payload, DefaultHoodieRecordPayload, which is what HudiIO's upsert
 * implements): bulk_insert, insert with duplicates, upsert with the ordering field, delete by
 * records and by keys, and a GLOBAL_SIMPLE upsert that moves a record to another partition.
 */
public class HudiIOOperationsIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation);
  }

  /** Writes {@code rows}; with {@code oneBundle} as a single bundle. */
  /**
   * Writes {@code rows} (a Create, read in bundles of one or two rows) and checks the commit's
   * counts.
   */
  private static void write(
      HudiIO.Write<Row> write, List<Row> rows, Schema schema, ExpectedCommit expected) {
    Pipeline p = HudiIOTesting.pipeline(2);
    check(p.apply(Create.of(rows).withRowSchema(schema)).apply(write), expected);
    p.run().waitUntilFinish();
  }

  /** As {@link #write}, with {@code rows} in one bundle. */
  private static void writeInOneBundle(
      HudiIO.Write<Row> write, List<Row> rows, Schema schema, ExpectedCommit expected) {
    Pipeline p = HudiIOTesting.pipeline(2);
    check(HudiIOTesting.oneBundle(p, rows, schema).apply(write), expected);
    p.run().waitUntilFinish();
  }

  private static void check(HudiWriteResult result, ExpectedCommit expected) {
    PAssert.that(result.getCommittedInstants()).satisfies(committed(expected));
    PAssert.that(result.getFailedRecords()).empty();
  }

  private static GenericRecord withTs(GenericRecord record, long ts) {
    GenericData.Record copy = new GenericData.Record((GenericData.Record) record, true);
    copy.put("ts", ts);
    return copy;
  }

  private static List<Row> rows(List<GenericRecord> records) {
    List<Row> rows = new ArrayList<>();
    records.forEach(r -> rows.add(TripsRows.of(r)));
    return rows;
  }

  private static List<String> valuesOf(GenericRecord... records) {
    List<GenericRecord> list = new ArrayList<>(List.of(records));
    return tripsValues(list);
  }

  /**
   * Checks that Hudi reads exactly {@code expected} (key → values of each copy) and the twin
   * agrees.
   */
  private static Map<String, List<GenericRecord>> assertTable(
      HudiTableReader ours, HudiTableReader twin, Map<String, List<String>> expected) {
    Map<String, List<GenericRecord>> rows = snapshotByKey(ours);
    assertThat(rows.keySet(), is(expected.keySet()));
    for (Map.Entry<String, List<String>> e : expected.entrySet()) {
      List<GenericRecord> copies = rows.get(e.getKey());
      assertThat(e.getKey(), tripsValues(copies), is(e.getValue()));
      for (GenericRecord r : copies) {
        assertThat(
            HudiTableReader.string(r, PARTITION_PATH), is(HudiTableReader.string(r, "city")));
      }
    }
    assertThat(content(ours), is(content(twin)));
    checkMetaFields(ours);
    return rows;
  }

  @Test
  public void everyOperationMatchesHudisJavaClient() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiReference twin =
        HudiReference.trips(tmp.newFolder("twin").getAbsolutePath())
            .payload(HudiReference.Payload.DEFAULT)
            .create();
    HudiTableReader twinReader = HudiTableReader.of(twin.basePath());
    Map<String, List<String>> expected = new TreeMap<>();

    // 1. bulk_insert of a new table from one bundle: one file group per partition.
    List<GenericRecord> first = TripsData.batch(0, 0, 16);
    writeInOneBundle(
        trips(base, WriteOperation.BULK_INSERT),
        rows(first),
        TripsRows.SCHEMA,
        ExpectedCommit.bulkInsert().inserted(16).files(8));
    twin.bulkInsert(first);
    for (long i = 0; i < 16; i++) {
      expected.put(TripsData.key(i), valuesOf(TripsData.record(0, i)));
    }
    Map<String, List<GenericRecord>> rows = assertTable(reader, twinReader, expected);
    String t1 = lastInstant(reader);
    assertThat(reader.completedInstantTimes(), is(List.of(t1)));
    for (List<GenericRecord> copies : rows.values()) {
      assertThat(HudiTableReader.string(copies.get(0), COMMIT_TIME), is(t1));
    }
    Map<String, Integer> filesPerPartition = checkMetaFields(reader);
    assertThat(filesPerPartition.keySet(), is(new java.util.TreeSet<>(TripsData.CITIES)));
    assertThat(List.copyOf(filesPerPartition.values()), is(List.of(1, 1, 1, 1, 1, 1, 1, 1)));
    assertThat(reader.partitionPaths(), is(List.copyOf(new java.util.TreeSet<>(TripsData.CITIES))));
    assertThat(reader.tableConfig().getRecordKeyFieldProp(), is("uuid"));
    assertThat(reader.tableConfig().getPartitionFieldProp(), is("city"));
    assertThat(reader.tableConfig().getPreCombineField(), is("ts"));
    assertCommitCounts(reader, t1, ExpectedCommit.bulkInsert().inserted(16).files(8));

    // 2. insert into the existing table: no key lookup, duplicates kept, as Hudi's insert
    //    (hoodie.combine.before.insert=false, hoodie.merge.allow.duplicate.on.inserts=true): keys
    //    12..15 are stored again, key 17 twice in the batch is written twice; the inserts fill the
    //    small files, so each partition keeps one file group.
    List<GenericRecord> second = new ArrayList<>(TripsData.batch(1, 12, 8));
    second.add(TripsData.record(2, 17));
    write(
        trips(base, WriteOperation.INSERT),
        rows(second),
        TripsRows.SCHEMA,
        ExpectedCommit.insert().inserted(9).files(8));
    twin.insert(second);
    for (long i = 12; i < 16; i++) {
      expected.put(TripsData.key(i), valuesOf(TripsData.record(0, i), TripsData.record(1, i)));
    }
    for (long i : new long[] {16, 18, 19}) {
      expected.put(TripsData.key(i), valuesOf(TripsData.record(1, i)));
    }
    expected.put(TripsData.key(17), valuesOf(TripsData.record(1, 17), TripsData.record(2, 17)));
    rows = assertTable(reader, twinReader, expected);
    String t2 = lastInstant(reader);
    assertThat(HudiTableReader.string(rows.get(TripsData.key(0)).get(0), COMMIT_TIME), is(t1));
    assertThat(HudiTableReader.string(rows.get(TripsData.key(16)).get(0), COMMIT_TIME), is(t2));
    assertThat(List.copyOf(checkMetaFields(reader).values()), is(List.of(1, 1, 1, 1, 1, 1, 1, 1)));
    assertCommitCounts(reader, t2, ExpectedCommit.insert().inserted(9).files(8));

    // 3. upsert with the ordering field ts:
    //    key 1: incoming ts smaller than the stored one -> the stored record stays (and its commit
    // time);
    //    key 2: larger ts -> replaced; key 3 and new key 20: two records in the batch -> larger ts
    //    wins, whatever the input order; key 13 (stored twice by the insert) -> both copies
    // updated.
    List<GenericRecord> third = new ArrayList<>();
    third.add(withTs(TripsData.record(3, 1), TripsData.ts(0, 1) - 1));
    third.add(TripsData.record(3, 2));
    third.add(TripsData.record(4, 3));
    third.add(TripsData.record(3, 3));
    third.add(TripsData.record(4, 20));
    third.add(TripsData.record(3, 20));
    third.add(TripsData.record(3, 13));
    // inserted: key 20; updated: keys 2, 3 and both copies of 13; files: partitions of 1, 2, 3, 13,
    // 20.
    write(
        trips(base, WriteOperation.UPSERT),
        rows(third),
        TripsRows.SCHEMA,
        ExpectedCommit.upsert().inserted(1).updated(4).files(5));
    twin.upsert(third);
    expected.put(TripsData.key(2), valuesOf(TripsData.record(3, 2)));
    expected.put(TripsData.key(3), valuesOf(TripsData.record(4, 3)));
    expected.put(TripsData.key(20), valuesOf(TripsData.record(4, 20)));
    expected.put(TripsData.key(13), valuesOf(TripsData.record(3, 13), TripsData.record(3, 13)));
    rows = assertTable(reader, twinReader, expected);
    String t3 = lastInstant(reader);
    assertThat(HudiTableReader.string(rows.get(TripsData.key(1)).get(0), COMMIT_TIME), is(t1));
    assertThat(HudiTableReader.string(rows.get(TripsData.key(2)).get(0), COMMIT_TIME), is(t3));
    assertCommitCounts(reader, t3, ExpectedCommit.upsert().inserted(1).updated(4).files(5));

    // 4. delete by full records: key 4, key 14 (stored twice: both copies go) and the absent key
    // 999
    //    (no error, nothing happens for it).
    List<GenericRecord> fourth =
        List.of(TripsData.record(0, 4), TripsData.record(7, 14), TripsData.record(0, 999));
    write(
        trips(base, WriteOperation.DELETE),
        rows(fourth),
        TripsRows.SCHEMA,
        ExpectedCommit.delete().deleted(3).files(2));
    twin.delete(fourth);
    expected.remove(TripsData.key(4));
    expected.remove(TripsData.key(14));
    assertTable(reader, twinReader, expected);
    assertCommitCounts(reader, lastInstant(reader), ExpectedCommit.delete().deleted(3).files(2));

    // 5. delete by key-only rows (record key and partition field): keys 5 and 6, absent key 998.
    List<Row> keys = new ArrayList<>(TripsRows.keys(5, 2));
    keys.addAll(TripsRows.keys(998, 1));
    write(
        trips(base, WriteOperation.DELETE),
        keys,
        TripsRows.KEY_SCHEMA,
        ExpectedCommit.delete().deleted(2).files(2));
    twin.deleteKeys(
        List.of(
            new HoodieKey(TripsData.key(5), TripsData.city(5)),
            new HoodieKey(TripsData.key(6), TripsData.city(6)),
            new HoodieKey(TripsData.key(998), TripsData.city(998))));
    expected.remove(TripsData.key(5));
    expected.remove(TripsData.key(6));
    assertTable(reader, twinReader, expected);
    // The table schema stays the full one after a key-only delete.
    assertThat(reader.tableSchema().getField("fare") != null, is(true));

    // 6. delete of absent keys only: an empty commit, nothing changes.
    List<String> before = content(reader);
    write(
        trips(base, WriteOperation.DELETE),
        TripsRows.keys(990, 2),
        TripsRows.KEY_SCHEMA,
        ExpectedCommit.delete());
    assertThat(content(reader), is(before));
    assertThat(reader.completedInstantTimes().size(), is(6));

    // 7. GLOBAL_SIMPLE index: key 7 (stored in sydney) arrives with city paris -> it moves: the
    //    old partition no longer has it, and the table has exactly one row for the key.
    GenericRecord moved = TripsData.record(5, 7);
    moved.put("city", "paris");
    write(
        trips(base, WriteOperation.UPSERT).withIndex(IndexType.GLOBAL_SIMPLE),
        rows(List.of(moved)),
        TripsRows.SCHEMA,
        ExpectedCommit.upsert().inserted(1).deleted(1).files(2));
    HudiReference.trips(twin.basePath())
        .payload(HudiReference.Payload.DEFAULT)
        .writeConfig("hoodie.index.type", "GLOBAL_SIMPLE")
        .open()
        .upsert(List.of(moved));
    expected.put(TripsData.key(7), valuesOf(moved));
    rows = assertTable(reader, twinReader, expected);
    assertThat(rows.get(TripsData.key(7)).size(), is(1));
    assertThat(
        HudiTableReader.string(rows.get(TripsData.key(7)).get(0), PARTITION_PATH), is("paris"));
    for (GenericRecord r :
        rows.values().stream()
            .flatMap(List::stream)
            .collect(java.util.stream.Collectors.toList())) {
      if (HudiTableReader.string(r, PARTITION_PATH).equals("sydney")) {
        assertThat(HudiTableReader.string(r, "uuid").equals(TripsData.key(7)), is(false));
      }
    }
    assertCommitCounts(
        reader, lastInstant(reader), ExpectedCommit.upsert().inserted(1).deleted(1).files(2));
  }
}
