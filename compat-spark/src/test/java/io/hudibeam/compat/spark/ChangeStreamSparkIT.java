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

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Change streams (issue #36) with Hudi 1.0.2's Spark bundle, on copy-on-write and merge-on-read,
 * table versions 6 and 8: HudiIO writes inserts, then a stream of updates and deletes (Debezium's
 * change types and {@code _hoodie_is_deleted}) in one instant; Hudi's Spark writer then upserts
 * rows with {@code _hoodie_is_deleted} into the same table; HudiIO continues with another change
 * stream. After each write Hudi Spark's snapshot query equals, row by row, the final state computed
 * here from the events (per key the largest ordering value wins; deleted keys are gone).
 */
@RunWith(Parameterized.class)
public class ChangeStreamSparkIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Parameterized.Parameters(name = "{0} v{1}")
  public static Collection<Object[]> parameters() {
    List<Object[]> out = new ArrayList<>();
    for (TableType type : TableType.values()) {
      for (int version : new int[] {6, 8}) {
        out.add(new Object[] {type, version});
      }
    }
    return out;
  }

  @Parameterized.Parameter(0)
  public TableType tableType;

  @Parameterized.Parameter(1)
  public int version;

  private static final Schema SCHEMA =
      SchemaBuilder.record("changes_record")
          .namespace("hoodie.changes")
          .fields()
          .requiredString("id")
          .requiredString("city")
          .requiredLong("seq")
          .optionalString("name")
          .optionalString("op")
          .optionalBoolean("_hoodie_is_deleted")
          .endRecord();

  private static final StructType SPARK_SCHEMA =
      new StructType()
          .add("id", DataTypes.StringType, false)
          .add("city", DataTypes.StringType, false)
          .add("seq", DataTypes.LongType, false)
          .add("name", DataTypes.StringType, true)
          .add("op", DataTypes.StringType, true)
          .add("_hoodie_is_deleted", DataTypes.BooleanType, true);

  private static GenericRecord event(String op, String id, long seq, String name, Boolean deleted) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("id", id);
    r.put("city", "city-" + (id.hashCode() & 1));
    r.put("seq", seq);
    r.put("name", name);
    r.put("op", op);
    r.put("_hoodie_is_deleted", deleted);
    return r;
  }

  private static GenericRecord event(String op, String id, long seq, String name) {
    return event(op, id, seq, name, null);
  }

  private static boolean isDelete(GenericRecord e) {
    return "d".equals(String.valueOf(e.get("op")))
        || Boolean.TRUE.equals(e.get("_hoodie_is_deleted"));
  }

  /**
   * The expected table after {@code writes}, computed from the events: within a write the largest
   * seq of a key wins (a delete on a tie); across writes a later write's change replaces the key.
   */
  private static Map<String, List<Object>> finalState(List<List<GenericRecord>> writes) {
    Map<String, GenericRecord> latest = new TreeMap<>();
    for (List<GenericRecord> events : writes) {
      Map<String, GenericRecord> ofWrite = new TreeMap<>();
      for (GenericRecord e : events) {
        GenericRecord kept = ofWrite.get(e.get("id").toString());
        long seq = (Long) e.get("seq");
        if (kept == null
            || seq > (Long) kept.get("seq")
            || (seq == (Long) kept.get("seq") && isDelete(e) && !isDelete(kept))) {
          ofWrite.put(e.get("id").toString(), e);
        }
      }
      latest.putAll(ofWrite);
    }
    Map<String, List<Object>> out = new TreeMap<>();
    latest.forEach(
        (id, e) -> {
          if (!isDelete(e)) {
            out.put(id, List.of(e.get("city").toString(), e.get("seq"), e.get("name").toString()));
          }
        });
    return out;
  }

  private Map<String, List<Object>> sparkSnapshot(String base) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (Row row : SPARK.session().read().format("hudi").load(base).collectAsList()) {
      String id = row.getAs("id");
      assertThat(row.<String>getAs("_hoodie_record_key"), is(id));
      List<Object> values = List.of(row.getAs("city"), row.getAs("seq"), row.getAs("name"));
      assertThat("duplicate " + id, out.put(id, values) == null, is(true));
    }
    return out;
  }

  private HudiIO.Write<GenericRecord> hudiIO(String base) {
    return HudiIO.writeGenericRecords()
        .withBasePath(base)
        .withTableName("changes")
        .withTableType(tableType)
        .withTableVersion(version)
        .withRecordKeyFields("id")
        .withPartitionFields("city")
        .withOrderingField("seq")
        .withChangeTypeField("op");
  }

  private static void run(List<GenericRecord> events, HudiIO.Write<GenericRecord> write) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(events).withCoder(AvroCoder.of(SCHEMA))).apply(write);
    p.run().waitUntilFinish();
  }

  /** Hudi 1.0.2's Spark writer upserts {@code events} (its own delete rule: _hoodie_is_deleted). */
  private void sparkUpsert(String base, List<GenericRecord> events) {
    Map<String, String> options = new HashMap<>();
    options.put("hoodie.table.name", "changes");
    options.put("hoodie.datasource.write.recordkey.field", "id");
    options.put("hoodie.datasource.write.partitionpath.field", "city");
    options.put("hoodie.datasource.write.precombine.field", "seq");
    options.put("hoodie.datasource.write.operation", "upsert");
    options.put("hoodie.datasource.write.table.type", tableType.name());
    if (version == 6) {
      options.put("hoodie.write.table.version", "6");
      options.put("hoodie.write.auto.upgrade", "false");
    }
    List<Row> rows =
        events.stream()
            .map(
                e ->
                    RowFactory.create(
                        e.get("id").toString(),
                        e.get("city").toString(),
                        e.get("seq"),
                        e.get("name").toString(),
                        e.get("op").toString(),
                        e.get("_hoodie_is_deleted")))
            .collect(Collectors.toList());
    SPARK
        .session()
        .createDataFrame(rows, SPARK_SCHEMA)
        .write()
        .format("hudi")
        .options(options)
        .mode(SaveMode.Append)
        .save(base);
  }

  @Test
  public void changeStreamsReadByHudiAndContinuedBothWays() throws Exception {
    String base = tmp.newFolder("changes").getAbsolutePath();
    List<List<GenericRecord>> writes = new ArrayList<>();

    List<GenericRecord> inserts = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      inserts.add(event(i % 2 == 0 ? "c" : "r", "k" + i, 1, "first-" + i));
    }
    run(inserts, hudiIO(base));
    writes.add(inserts);
    assertThat(sparkSnapshot(base), is(finalState(writes)));

    List<GenericRecord> changes =
        Arrays.asList(
            event("u", "k0", 5, "k0-at-5"),
            event("u", "k0", 3, "k0-at-3"),
            event("d", "k1", 2, "k1-deleted"),
            event("u", "k2", 2, "k2-at-2"),
            event("d", "k2", 4, "k2-deleted"),
            event("d", "k3", 2, "k3-deleted"),
            event("u", "k3", 6, "k3-back"),
            event("c", "k10", 1, "k10-new"),
            event("d", "k10", 2, "k10-deleted"),
            event("d", "k11", 1, "k11-never"),
            event("c", "k12", 1, "k12-new"),
            event("u", "k5", 3, "k5-marked", true),
            event("u", "k6", 3, "k6-not-marked", false));
    run(changes, hudiIO(base));
    writes.add(changes);
    Map<String, List<Object>> afterHudiIO = finalState(writes);
    assertThat(afterHudiIO.keySet().contains("k1"), is(false));
    assertThat(sparkSnapshot(base), is(afterHudiIO));

    // Hudi's Spark writer deletes by _hoodie_is_deleted in the table HudiIO wrote.
    List<GenericRecord> sparkChanges =
        Arrays.asList(
            event("u", "k0", 7, "k0-spark-deleted", true),
            event("u", "k4", 7, "k4-spark", false),
            event("u", "k12", 7, "k12-spark-deleted", true),
            event("u", "k13", 7, "k13-spark", null));
    sparkUpsert(base, sparkChanges);
    writes.add(sparkChanges);
    assertThat(sparkSnapshot(base), is(finalState(writes)));

    // HudiIO continues the table Hudi's writer deleted from.
    List<GenericRecord> more =
        Arrays.asList(
            event("c", "k0", 8, "k0-again"),
            event("d", "k6", 8, "k6-deleted"),
            event("u", "k7", 8, "k7-marked", true),
            event("u", "k13", 8, "k13-hudiio"),
            event("d", "k4", 6, "k4-older-delete"),
            event("u", "k4", 9, "k4-after-its-delete"));
    run(more, hudiIO(base));
    writes.add(more);
    Map<String, List<Object>> last = finalState(writes);
    assertThat(last.get("k0").get(2), is("k0-again"));
    assertThat(last.containsKey("k6"), is(false));
    assertThat(sparkSnapshot(base), is(last));

    // Events older than what the table holds, in a later instant: where the table's merge orders
    // by the ordering field (copy-on-write, HudiIO's merge; merge-on-read version 8, event-time
    // ordering, the delete carrying its ordering value) they are ignored; on merge-on-read
    // version 6 (OverwriteWithLatestAvroPayload) the latest commit wins, as Hudi's reader merges.
    List<GenericRecord> late =
        Arrays.asList(event("u", "k13", 2, "k13-late"), event("d", "k4", 3, "k4-late-delete"));
    run(late, hudiIO(base));
    Map<String, List<Object>> afterLate = new TreeMap<>(last);
    boolean commitTime = tableType == TableType.MERGE_ON_READ && version == 6;
    if (commitTime) {
      afterLate.put("k13", List.of(late.get(0).get("city").toString(), 2L, "k13-late"));
      afterLate.remove("k4");
    }
    assertThat(sparkSnapshot(base), is(afterLate));

    if (tableType == TableType.MERGE_ON_READ) {
      // HudiIO's compaction merges the log's deletes as Hudi's reader does.
      Pipeline compaction = Pipeline.create(PipelineOptionsFactory.create());
      compaction.apply(HudiIO.compact().withBasePath(base));
      compaction.run().waitUntilFinish();
      assertThat(sparkSnapshot(base), is(afterLate));
    }
  }
}
