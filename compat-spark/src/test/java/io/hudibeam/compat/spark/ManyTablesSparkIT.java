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
import io.hudibeam.HudiWriteDynamic;
import io.hudibeam.HudiWriteTables;
import io.hudibeam.table.TableType;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Many tables from one transform (issue #36) with Hudi 1.0.2's Spark bundle: one {@code
 * HudiIO.writeTables()} lands a change stream of three source tables, one wide row type, into three
 * tables of different kinds, each with a Beam schema of its own: orders (copy-on-write, table
 * version 6), customers (merge-on-read, version 8) and events (copy-on-write, version 8, without
 * the {@code name} column). HudiIO writes inserts, then changes (Debezium's change types and {@code
 * _hoodie_is_deleted}, every table's mixed in one input); Hudi's Spark writer then upserts into
 * each table, deleting by {@code _hoodie_is_deleted}; HudiIO continues every table with one more
 * write. After each write Hudi Spark's snapshot query of every table equals, row by row, its final
 * state computed here from the events. The same again with {@code HudiIO.writeDynamic()}: the
 * tables created on first sight from Avro records of three schemas.
 */
public class ManyTablesSparkIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final List<String> TABLES = List.of("customers", "events", "orders");

  /** The input: every source table's changes in one row type. */
  private static final Schema INPUT =
      Schema.builder()
          .addStringField("table")
          .addStringField("id")
          .addStringField("region")
          .addInt64Field("seq")
          .addStringField("name")
          .addStringField("op")
          .addNullableField("_hoodie_is_deleted", FieldType.BOOLEAN)
          .build();

  private static Schema ownSchema(String table) {
    Schema.Builder schema =
        Schema.builder().addStringField("id").addStringField("region").addInt64Field("seq");
    if (!table.equals("events")) {
      schema.addStringField("name");
    }
    return schema
        .addStringField("op")
        .addNullableField("_hoodie_is_deleted", FieldType.BOOLEAN)
        .build();
  }

  private static TableType tableType(String table) {
    return table.equals("customers") ? TableType.MERGE_ON_READ : TableType.COPY_ON_WRITE;
  }

  private static int version(String table) {
    return table.equals("orders") ? 6 : 8;
  }

  private static org.apache.beam.sdk.values.Row event(
      String table, String op, String id, long seq, String name, Boolean deleted) {
    return org.apache.beam.sdk.values.Row.withSchema(INPUT)
        .addValues(table, id, "region-" + (id.hashCode() & 1), seq, name, op, deleted)
        .build();
  }

  private static org.apache.beam.sdk.values.Row event(
      String table, String op, String id, long seq, String name) {
    return event(table, op, id, seq, name, null);
  }

  private static boolean isDelete(org.apache.beam.sdk.values.Row e) {
    return e.getString("op").equals("d") || Boolean.TRUE.equals(e.getBoolean("_hoodie_is_deleted"));
  }

  /**
   * Each table's expected rows after {@code writes}: within a write the largest seq of a key wins
   * (a delete on a tie); a later write's change replaces the key. Key → [region, seq, name or
   * null].
   */
  private static Map<String, Map<String, List<Object>>> finalState(
      List<List<org.apache.beam.sdk.values.Row>> writes) {
    Map<String, Map<String, org.apache.beam.sdk.values.Row>> latest = new TreeMap<>();
    for (List<org.apache.beam.sdk.values.Row> events : writes) {
      Map<String, Map<String, org.apache.beam.sdk.values.Row>> ofWrite = new TreeMap<>();
      for (org.apache.beam.sdk.values.Row e : events) {
        Map<String, org.apache.beam.sdk.values.Row> keys =
            ofWrite.computeIfAbsent(e.getString("table"), t -> new TreeMap<>());
        org.apache.beam.sdk.values.Row kept = keys.get(e.getString("id"));
        long seq = e.getInt64("seq");
        if (kept == null
            || seq > kept.getInt64("seq")
            || (seq == kept.getInt64("seq") && isDelete(e) && !isDelete(kept))) {
          keys.put(e.getString("id"), e);
        }
      }
      ofWrite.forEach((t, keys) -> latest.computeIfAbsent(t, x -> new TreeMap<>()).putAll(keys));
    }
    Map<String, Map<String, List<Object>>> out = new TreeMap<>();
    for (String table : TABLES) {
      Map<String, List<Object>> rows = new TreeMap<>();
      latest
          .getOrDefault(table, Map.of())
          .forEach(
              (id, e) -> {
                if (!isDelete(e)) {
                  rows.put(
                      id,
                      Arrays.asList(
                          e.getString("region"),
                          e.getInt64("seq"),
                          table.equals("events") ? null : e.getString("name")));
                }
              });
      out.put(table, rows);
    }
    return out;
  }

  private static Map<String, List<Object>> sparkSnapshot(String table, String base) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (org.apache.spark.sql.Row row :
        SPARK.session().read().format("hudi").load(base).collectAsList()) {
      String id = row.getAs("id");
      assertThat(row.<String>getAs("_hoodie_record_key"), is(id));
      List<Object> values =
          Arrays.asList(
              row.getAs("region"),
              row.getAs("seq"),
              table.equals("events") ? null : row.getAs("name"));
      assertThat(table + ": duplicate " + id, out.put(id, values) == null, is(true));
    }
    if (table.equals("events")) {
      assertThat(
          "events has its own columns only",
          Arrays.asList(SPARK.session().read().format("hudi").load(base).schema().fieldNames())
              .contains("name"),
          is(false));
    }
    return out;
  }

  private void assertEveryTable(File warehouse, List<List<org.apache.beam.sdk.values.Row>> writes) {
    Map<String, Map<String, List<Object>>> expected = finalState(writes);
    for (String table : TABLES) {
      assertThat(
          table,
          sparkSnapshot(table, new File(warehouse, table).getPath()),
          is(expected.get(table)));
    }
  }

  private static HudiWriteTables<org.apache.beam.sdk.values.Row> writeTables(File warehouse) {
    HudiWriteTables<org.apache.beam.sdk.values.Row> write =
        HudiIO.writeTables().withDestinationField("table");
    for (String table : TABLES) {
      write =
          write.withTable(
              table,
              ownSchema(table),
              HudiIO.write()
                  .withBasePath(new File(warehouse, table).getPath())
                  .withTableName(table)
                  .withTableType(tableType(table))
                  .withTableVersion(version(table))
                  .withRecordKeyFields("id")
                  .withPartitionFields("region")
                  .withOrderingField("seq")
                  .withChangeTypeField("op"));
    }
    return write;
  }

  /** A table's Avro schema for {@code writeDynamic()}: its own columns, named as Hudi names it. */
  private static org.apache.avro.Schema avroSchema(String table) {
    return AvroUtils.toAvroSchema(ownSchema(table), table + "_record", "hoodie." + table);
  }

  /**
   * The tables as one {@code writeDynamic()}: each created on first sight, its destination the
   * namespace of its records' schema, its settings a function of its name.
   */
  private static HudiWriteDynamic<GenericRecord> writeDynamic(File warehouse) {
    String base = warehouse.getPath();
    return HudiIO.writeDynamic()
        .to(record -> record.getSchema().getNamespace().substring("hoodie.".length()))
        .withTables(
            table ->
                HudiIO.writeGenericRecords()
                    .withBasePath(new File(base, table).getPath())
                    .withTableName(table)
                    .withTableType(tableType(table))
                    .withTableVersion(version(table))
                    .withRecordKeyFields("id")
                    .withPartitionFields("region")
                    .withOrderingField("seq")
                    .withChangeTypeField("op"));
  }

  private void run(File warehouse, List<org.apache.beam.sdk.values.Row> events) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    if (dynamic) {
      List<GenericRecord> records = new ArrayList<>();
      for (org.apache.beam.sdk.values.Row e : events) {
        String table = e.getString("table");
        Schema own = ownSchema(table);
        org.apache.beam.sdk.values.Row.Builder row = org.apache.beam.sdk.values.Row.withSchema(own);
        own.getFields().forEach(f -> row.addValue(e.getValue(f.getName())));
        records.add(AvroUtils.toGenericRecord(row.build(), avroSchema(table)));
      }
      p.apply(
              Create.of(records)
                  .withCoder(
                      HudiIO.genericRecordCoder(
                          avroSchema("customers"), avroSchema("events"), avroSchema("orders"))))
          .apply(writeDynamic(warehouse));
    } else {
      p.apply(Create.of(events).withRowSchema(INPUT)).apply(writeTables(warehouse));
    }
    p.run().waitUntilFinish();
  }

  /**
   * Hudi 1.0.2's Spark writer upserts the events of {@code table} (deletes: _hoodie_is_deleted).
   */
  private static void sparkUpsert(
      File warehouse, String table, List<org.apache.beam.sdk.values.Row> events) {
    Map<String, String> options = new HashMap<>();
    options.put("hoodie.table.name", table);
    options.put("hoodie.datasource.write.recordkey.field", "id");
    options.put("hoodie.datasource.write.partitionpath.field", "region");
    options.put("hoodie.datasource.write.precombine.field", "seq");
    options.put("hoodie.datasource.write.operation", "upsert");
    options.put("hoodie.datasource.write.table.type", tableType(table).name());
    if (version(table) == 6) {
      options.put("hoodie.write.table.version", "6");
      options.put("hoodie.write.auto.upgrade", "false");
    }
    StructType schema =
        new StructType()
            .add("id", DataTypes.StringType, false)
            .add("region", DataTypes.StringType, false)
            .add("seq", DataTypes.LongType, false);
    if (!table.equals("events")) {
      schema = schema.add("name", DataTypes.StringType, false);
    }
    schema =
        schema
            .add("op", DataTypes.StringType, false)
            .add("_hoodie_is_deleted", DataTypes.BooleanType, true);
    List<org.apache.spark.sql.Row> rows = new ArrayList<>();
    for (org.apache.beam.sdk.values.Row e : events) {
      if (!e.getString("table").equals(table)) {
        continue;
      }
      List<Object> values = new ArrayList<>();
      values.add(e.getString("id"));
      values.add(e.getString("region"));
      values.add(e.getInt64("seq"));
      if (!table.equals("events")) {
        values.add(e.getString("name"));
      }
      values.add(e.getString("op"));
      values.add(e.getBoolean("_hoodie_is_deleted"));
      rows.add(RowFactory.create(values.toArray()));
    }
    SPARK
        .session()
        .createDataFrame(rows, schema)
        .write()
        .format("hudi")
        .options(options)
        .mode(SaveMode.Append)
        .save(new File(warehouse, table).getPath());
  }

  /** Whether the tables are written by {@code writeDynamic()} (else {@code writeTables()}). */
  private boolean dynamic;

  @Test
  public void manyTablesReadBySparkAndContinuedBothWays() throws Exception {
    readBySparkAndContinuedBothWays();
  }

  /**
   * The same writes by {@code writeDynamic()}: the tables created on first sight from Avro records
   * of three schemas, one per table, then continued both ways.
   */
  @Test
  public void tablesCreatedOnFirstSightReadBySparkAndContinuedBothWays() throws Exception {
    dynamic = true;
    readBySparkAndContinuedBothWays();
  }

  private void readBySparkAndContinuedBothWays() throws Exception {
    File warehouse = tmp.newFolder("warehouse");
    List<List<org.apache.beam.sdk.values.Row>> writes = new ArrayList<>();

    List<org.apache.beam.sdk.values.Row> inserts = new ArrayList<>();
    for (String table : TABLES) {
      for (int i = 0; i < 8; i++) {
        inserts.add(event(table, i % 2 == 0 ? "c" : "r", "k" + i, 1, table + "-first-" + i));
      }
    }
    run(warehouse, inserts);
    writes.add(inserts);
    assertEveryTable(warehouse, writes);

    List<org.apache.beam.sdk.values.Row> changes = new ArrayList<>();
    for (String table : TABLES) {
      changes.addAll(
          List.of(
              event(table, "u", "k0", 5, table + "-k0-at-5"),
              event(table, "u", "k0", 3, table + "-k0-at-3"), // older: loses
              event(table, "d", "k1", 2, table + "-k1-deleted"),
              event(table, "u", "k2", 2, table + "-k2-at-2"),
              event(table, "d", "k2", 4, table + "-k2-deleted"),
              event(table, "d", "k3", 2, table + "-k3-deleted"),
              event(table, "u", "k3", 6, table + "-k3-back"),
              event(table, "c", "k8", 1, table + "-k8-new"),
              event(table, "u", "k5", 3, table + "-k5-marked", true),
              event(table, "u", "k6", 3, table + "-k6-not-marked", false)));
    }
    run(warehouse, changes);
    writes.add(changes);
    assertEveryTable(warehouse, writes);

    // Hudi's Spark writer continues each table, deleting by _hoodie_is_deleted.
    List<org.apache.beam.sdk.values.Row> sparkChanges = new ArrayList<>();
    for (String table : TABLES) {
      sparkChanges.addAll(
          List.of(
              event(table, "u", "k0", 7, table + "-k0-spark-deleted", true),
              event(table, "u", "k4", 7, table + "-k4-spark", false),
              event(table, "u", "k9", 7, table + "-k9-spark", null)));
    }
    for (String table : TABLES) {
      sparkUpsert(warehouse, table, sparkChanges);
    }
    writes.add(sparkChanges);
    assertEveryTable(warehouse, writes);

    // HudiIO continues every table Hudi's writer wrote into.
    List<org.apache.beam.sdk.values.Row> more = new ArrayList<>();
    for (String table : TABLES) {
      more.addAll(
          List.of(
              event(table, "c", "k0", 8, table + "-k0-again"),
              event(table, "d", "k6", 8, table + "-k6-deleted"),
              event(table, "u", "k7", 8, table + "-k7-marked", true),
              event(table, "u", "k9", 8, table + "-k9-hudiio")));
    }
    run(warehouse, more);
    writes.add(more);
    Map<String, Map<String, List<Object>>> last = finalState(writes);
    assertThat(last.get("orders").get("k0").get(2), is("orders-k0-again"));
    assertThat(last.get("customers").containsKey("k6"), is(false));
    assertEveryTable(warehouse, writes);
  }
}
