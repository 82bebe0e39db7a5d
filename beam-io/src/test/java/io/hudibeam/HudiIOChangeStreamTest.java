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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.write.ChangeType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Change streams into one table (issue #36): inserts, updates and deletes of one write applied in
 * one instant, by a change type field (Debezium's {@code c/r/u/d}) or by Hudi's {@code
 * _hoodie_is_deleted}, the changes of a key combined by ordering value (the latest wins, a delete
 * included), batch and streaming (TestStream), on copy-on-write and merge-on-read, each table read
 * back row by row with Hudi 0.15's reader (merged snapshot) against the final state computed here
 * from the events. Table version 8 and Hudi's own writer: {@code ChangeStreamSparkIT}.
 */
@RunWith(Parameterized.class)
public class HudiIOChangeStreamTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Parameterized.Parameters(name = "{0} {1}")
  public static Collection<Object[]> parameters() {
    List<Object[]> out = new ArrayList<>();
    for (TableType type : TableType.values()) {
      for (String index : List.of("SIMPLE", "BUCKET")) {
        out.add(new Object[] {type, index});
      }
    }
    return out;
  }

  @Parameterized.Parameter(0)
  public TableType tableType;

  @Parameterized.Parameter(1)
  public String index;

  static final Schema SCHEMA =
      Schema.builder()
          .addStringField("id")
          .addStringField("city")
          .addInt64Field("seq")
          .addStringField("name")
          .addStringField("op")
          .addNullableField("_hoodie_is_deleted", Schema.FieldType.BOOLEAN)
          .build();

  static Row event(String op, String id, long seq, String name) {
    return event(op, id, seq, name, null);
  }

  static Row event(String op, String id, long seq, String name, Boolean isDeleted) {
    return Row.withSchema(SCHEMA)
        .addValues(id, "city-" + (id.hashCode() & 1), seq, name, op, isDeleted)
        .build();
  }

  private HudiIO.Write<Row> write(String base) {
    HudiIO.Write<Row> write =
        HudiIO.write()
            .withBasePath(base)
            .withTableName("changes")
            .withTableType(tableType)
            .withRecordKeyFields("id")
            .withPartitionFields("city")
            .withOrderingField("seq")
            .withChangeTypeField("op")
            .withIndex(io.hudibeam.write.IndexType.valueOf(index));
    return index.equals("BUCKET") ? write.withBucketCount(2) : write;
  }

  /** The table's final state from the events, independently: per key the largest seq wins. */
  static Map<String, List<Object>> finalState(List<List<Row>> writes) {
    Map<String, Row> latest = new TreeMap<>();
    for (List<Row> events : writes) {
      Map<String, Row> ofWrite = new TreeMap<>();
      for (Row e : events) {
        Row kept = ofWrite.get(e.getString("id"));
        boolean isDelete = e.getString("op").equals("d");
        boolean keptIsDelete = kept != null && kept.getString("op").equals("d");
        if (kept == null
            || e.getInt64("seq") > kept.getInt64("seq")
            || (e.getInt64("seq").equals(kept.getInt64("seq")) && isDelete && !keptIsDelete)) {
          ofWrite.put(e.getString("id"), e);
        }
      }
      latest.putAll(ofWrite);
    }
    Map<String, List<Object>> out = new TreeMap<>();
    latest.forEach(
        (id, e) -> {
          boolean deleted =
              e.getString("op").equals("d")
                  || Boolean.TRUE.equals(e.getBoolean("_hoodie_is_deleted"));
          if (!deleted) {
            out.put(id, List.of(e.getString("city"), e.getInt64("seq"), e.getString("name")));
          }
        });
    return out;
  }

  static Map<String, List<Object>> hudiRows(String base) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (Map.Entry<String, GenericRecord> e :
        HudiTableReader.of(base).snapshotByRecordKey().entrySet()) {
      GenericRecord r = e.getValue();
      assertThat(e.getKey(), HudiTableReader.string(r, "id"), is(e.getKey()));
      out.put(
          e.getKey(),
          List.of(
              HudiTableReader.string(r, "city"),
              (Long) r.get("seq"),
              HudiTableReader.string(r, "name")));
    }
    return out;
  }

  /** The first write: ten keys inserted (c) at seq 1. */
  static List<Row> snapshot() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(event(i % 2 == 0 ? "c" : "r", "k" + i, 1, "first-" + i));
    }
    return rows;
  }

  /**
   * The second write: updates, deletes, out-of-order duplicates, inserts and deletes of new keys.
   */
  static List<Row> changes() {
    return Arrays.asList(
        event("u", "k0", 5, "k0-at-5"),
        event("u", "k0", 3, "k0-at-3"), // older than seq 5 in the same write: loses
        event("d", "k1", 2, "k1-deleted"),
        event("u", "k2", 2, "k2-at-2"),
        event("d", "k2", 4, "k2-deleted"), // a delete after an update: deleted
        event("d", "k3", 2, "k3-deleted"),
        event("u", "k3", 6, "k3-back"), // an update after a delete: written
        event("c", "k10", 1, "k10-new"),
        event("d", "k10", 2, "k10-deleted"), // inserted and deleted in one write: absent
        event("d", "k11", 1, "k11-never"), // a delete of a key not in the table: no-op
        event("c", "k12", 1, "k12-new"),
        event("u", "k5", 3, "k5-marked", true), // Hudi's _hoodie_is_deleted: deleted
        event("u", "k6", 3, "k6-not-marked", false));
  }

  private void runBatch(String base, List<Row> rows) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(rows).withRowSchema(SCHEMA)).apply(write(base));
    p.run().waitUntilFinish();
  }

  @Test
  public void batchWritesApplyInsertsUpdatesAndDeletesInOneInstant() throws Exception {
    String base = tmp.newFolder("t").getAbsolutePath();
    runBatch(base, snapshot());
    runBatch(base, changes());
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes().size(), is(2));
    Map<String, List<Object>> expected = finalState(List.of(snapshot(), changes()));
    assertThat(expected.containsKey("k1"), is(false));
    assertThat(expected.get("k0").get(2), is("k0-at-5"));
    assertThat(hudiRows(base), is(expected));
    // The change stream's instant is one upsert, its deletes counted in its metadata.
    long deletes =
        HudiIOTesting.commitMetadata(reader, HudiIOTesting.lastInstant(reader))
            .getWriteStats()
            .stream()
            .mapToLong(s -> s.getNumDeletes())
            .sum();
    // k1, k2 and k5 (k3's delete lost to its later update). With the bucket index every key is
    // tagged with its bucket's file group, as Hudi's bucket index tags it, so on merge-on-read the
    // deletes of k10 and k11, keys the table never held, are in the delete block too (no-ops).
    boolean bucketLog = index.equals("BUCKET") && tableType == TableType.MERGE_ON_READ;
    assertThat(deletes, is(bucketLog ? 5L : 3L));
  }

  @Test
  public void streamingIntervalsApplyTheirChanges() throws Exception {
    String base = tmp.newFolder("t").getAbsolutePath();
    List<List<Row>> intervals = List.of(snapshot(), changes());
    for (int run = 0; run < 2; run++) {
      // The second run replays the same stream (as after a restore): every interval is skipped.
      Pipeline p = HudiIOTesting.pipeline(2);
      p.apply(StreamingTesting.stream(SCHEMA, intervals))
          .apply(write(base).withTriggeringFrequency(StreamingTesting.INTERVAL));
      p.run().waitUntilFinish();
      assertThat(HudiTableReader.of(base).completedInstantTimes().size(), is(2));
      assertThat(hudiRows(base), is(finalState(intervals)));
      // The metadata table (made at the first interval's start, the default) lists exactly the
      // completed files; the replay gave it no deltacommit either.
      MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
      assertThat(
          HudiTableReader.of(base + "/.hoodie/metadata").completedInstantTimes().size(),
          is(3)); // the initialisation and one deltacommit per interval
    }
  }

  /**
   * Without a change type field only {@code _hoodie_is_deleted} deletes; an insert or bulk insert
   * drops a marked record instead (Hudi's payload gives no insert value for it), leaving a stored
   * record of its key as it is.
   */
  @Test
  public void isDeletedMarksDeleteInUpsertsAndAreDroppedByInserts() throws Exception {
    if (!index.equals("SIMPLE")) {
      return; // the index plays no part in what an insert drops
    }
    String base = tmp.newFolder("t").getAbsolutePath();
    HudiIO.Write<Row> plain =
        HudiIO.write()
            .withBasePath(base)
            .withTableName("changes")
            .withTableType(tableType)
            .withRecordKeyFields("id")
            .withPartitionFields("city")
            .withOrderingField("seq");
    for (WriteOperation operation : List.of(WriteOperation.INSERT, WriteOperation.BULK_INSERT)) {
      Pipeline p = HudiIOTesting.pipeline(2);
      p.apply(
              Create.of(
                      event("x", "a-" + operation, 1, "kept", false),
                      event("x", "b-" + operation, 1, "dropped", true),
                      event("x", "c-" + operation, 1, "kept", null))
                  .withRowSchema(SCHEMA))
          .apply(plain.withOperation(operation));
      p.run().waitUntilFinish();
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(
            Create.of(
                    event("x", "a-INSERT", 2, "upsert-deleted", true),
                    event("x", "c-INSERT", 2, "upsert-kept", false),
                    event("x", "b-INSERT", 2, "upsert-new-deleted", true))
                .withRowSchema(SCHEMA))
        .apply(plain);
    p.run().waitUntilFinish();
    Map<String, List<Object>> expected = new TreeMap<>();
    expected.put(
        "a-BULK_INSERT", List.of(event("x", "a-BULK_INSERT", 1, "").getString("city"), 1L, "kept"));
    expected.put(
        "c-BULK_INSERT", List.of(event("x", "c-BULK_INSERT", 1, "").getString("city"), 1L, "kept"));
    expected.put(
        "c-INSERT", List.of(event("x", "c-INSERT", 1, "").getString("city"), 2L, "upsert-kept"));
    assertThat(hudiRows(base), is(expected));
  }

  @Test
  public void anUnknownChangeTypeFailsNamingFieldValueAndKey() throws Exception {
    if (tableType != TableType.COPY_ON_WRITE || !index.equals("SIMPLE")) {
      return; // one table type and index suffice for the refusals
    }
    String base = tmp.newFolder("t").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(List.of(event("x", "k7", 1, "bad"))).withRowSchema(SCHEMA))
        .apply(write(base));
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    String message = HudiIOTesting.messages(failure);
    assertThat(message, containsString("change type field 'op' is 'x'"));
    assertThat(message, containsString("record key 'k7'"));

    IllegalArgumentException insert =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                HudiIOTesting.pipeline(1)
                    .apply(Create.of(List.of(event("c", "k7", 1, "x"))).withRowSchema(SCHEMA))
                    .apply(write(base).withOperation(WriteOperation.INSERT)));
    assertThat(insert.getMessage(), containsString("withChangeTypeField('op') needs"));

    IllegalArgumentException emptyMap =
        assertThrows(
            IllegalArgumentException.class,
            () -> write(base).withChangeTypeField("op", Map.<String, ChangeType>of()));
    assertThat(emptyMap.getMessage(), containsString("must not be empty"));
  }
}
