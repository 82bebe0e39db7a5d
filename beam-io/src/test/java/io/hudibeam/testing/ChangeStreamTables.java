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
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.HudiWriteDynamic;
import io.hudibeam.HudiWriteTables;
import io.hudibeam.table.TableType;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.hudi.common.model.HoodieTableType;

/**
 * A change stream of three source tables and the three Hudi tables {@code HudiIO.writeTables()}
 * writes it to (orders: copy-on-write, key {@code id}, partitioned by {@code region}; customers:
 * merge-on-read, key {@code id}, not partitioned; events: copy-on-write, key {@code id,day},
 * partitioned by {@code day}, hive style), inserts, updates and deletes mixed in each table's
 * stream, with each table's final state computed here from the events and each table as Hudi 0.15's
 * reader reads it (merged snapshot). Used on the DirectRunner ({@code HudiIOManyTablesTest}) and on
 * the FlinkRunner (runner-tests).
 */
public final class ChangeStreamTables {
  private ChangeStreamTables() {}

  public static final Schema SCHEMA =
      Schema.builder()
          .addStringField("table")
          .addStringField("id")
          .addStringField("region")
          .addStringField("day")
          .addInt64Field("seq")
          .addStringField("name")
          .addStringField("op")
          .build();

  public static final List<String> TABLES = List.of("customers", "events", "orders");

  /** A table's record key of an event, as the test computes it (not as Hudi writes it). */
  public static final Map<String, Function<Row, String>> KEYS =
      Map.of(
          "orders", e -> e.getString("id"),
          "customers", e -> e.getString("id"),
          "events", e -> e.getString("id") + "|" + e.getString("day"));

  /** A table's partition path of an event, as Hudi's key generators make it. */
  public static final Map<String, Function<Row, String>> PARTITIONS =
      Map.of(
          "orders", e -> e.getString("region"),
          "customers", e -> "",
          "events", e -> "day=" + e.getString("day"));

  public static Row event(String table, String op, int i, long seq, String name) {
    return Row.withSchema(SCHEMA)
        .addValues(
            table,
            table.substring(0, 1) + i,
            i % 2 == 0 ? "eu" : "us",
            "2026-12-0" + (i % 3 + 1),
            seq,
            name,
            op)
        .build();
  }

  /**
   * Event {@code i} of an endless change stream: table {@code i % 3}, key {@code (i / 3) % 20} of
   * it, ordered by {@code i}; a key's first event inserts it, and later ones update it, except
   * every seventh, which deletes it. The final state of events 0 to n is {@link #finalState} of
   * them as one write (the latest event of a key has the largest index), whichever intervals they
   * fall in.
   */
  public static Row streamEvent(long i) {
    String table = TABLES.get((int) (i % 3));
    long n = i / 3;
    int key = (int) (n % 20);
    String op = n < 20 ? "c" : n % 7 == 0 ? "d" : "u";
    return event(table, op, key, i, table + "-" + op + "-" + i);
  }

  /** The first write of every table: eight keys inserted at seq 1. */
  public static List<Row> inserts() {
    List<Row> rows = new ArrayList<>();
    for (String table : TABLES) {
      for (int i = 0; i < 8; i++) {
        rows.add(event(table, i % 2 == 0 ? "c" : "r", i, 1, table + "-first-" + i));
      }
    }
    return rows;
  }

  /**
   * The second write, the tables' changes interleaved: updates (one out of order), deletes, an
   * update after a delete, a delete after an update, a new key, a key inserted and deleted.
   */
  public static List<Row> changes() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      for (String table : TABLES) {
        switch (i % 4) {
          case 0 -> {
            rows.add(event(table, "u", i, 5, table + "-at-5-" + i));
            rows.add(event(table, "u", i, 3, table + "-at-3-" + i)); // older: loses
          }
          case 1 -> rows.add(event(table, "d", i, 2, table + "-deleted-" + i));
          case 2 -> {
            rows.add(event(table, "u", i, 2, table + "-at-2-" + i));
            rows.add(event(table, "d", i, 4, table + "-deleted-" + i));
          }
          default -> {
            rows.add(event(table, "d", i, 2, table + "-deleted-" + i));
            rows.add(event(table, "u", i, 6, table + "-back-" + i));
          }
        }
      }
    }
    for (String table : TABLES) {
      rows.add(event(table, "c", 8, 1, table + "-new-8"));
      rows.add(event(table, "c", 9, 1, table + "-new-9"));
      rows.add(event(table, "d", 9, 2, table + "-deleted-9"));
    }
    return rows;
  }

  /** Only orders changes in the third interval of the stream. */
  public static List<Row> ordersOnly() {
    return List.of(
        event("orders", "u", 0, 7, "orders-at-7-0"), event("orders", "c", 10, 1, "orders-new-10"));
  }

  /**
   * Each table's final state from the events, independently: per write the latest seq of a key wins
   * (a delete on a tie), a later write over an earlier one. Key → [partition path, id, region, day,
   * seq, name].
   */
  public static Map<String, Map<String, List<Object>>> finalState(List<List<Row>> writes) {
    Map<String, Map<String, Row>> latest = new TreeMap<>();
    for (List<Row> events : writes) {
      Map<String, Map<String, Row>> ofWrite = new TreeMap<>();
      for (Row e : events) {
        String table = e.getString("table");
        Map<String, Row> keys = ofWrite.computeIfAbsent(table, t -> new TreeMap<>());
        String key = KEYS.get(table).apply(e);
        Row kept = keys.get(key);
        boolean delete = e.getString("op").equals("d");
        if (kept == null
            || e.getInt64("seq") > kept.getInt64("seq")
            || (e.getInt64("seq").equals(kept.getInt64("seq"))
                && delete
                && !kept.getString("op").equals("d"))) {
          keys.put(key, e);
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
              (key, e) -> {
                if (!e.getString("op").equals("d")) {
                  rows.put(
                      key,
                      List.of(
                          PARTITIONS.get(table).apply(e),
                          e.getString("id"),
                          e.getString("region"),
                          e.getString("day"),
                          e.getInt64("seq"),
                          e.getString("name")));
                }
              });
      out.put(table, rows);
    }
    return out;
  }

  /** A table as Hudi reads it (merged snapshot), in the form of {@link #finalState}. */
  public static Map<String, List<Object>> hudiRows(String table, String base) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (GenericRecord r : HudiTableReader.of(base).snapshotByRecordKey().values()) {
      String id = HudiTableReader.string(r, "id");
      String day = HudiTableReader.string(r, "day");
      assertThat(HudiTableReader.string(r, "table"), is(table));
      out.put(
          table.equals("events") ? id + "|" + day : id,
          List.of(
              HudiTableReader.string(r, "_hoodie_partition_path"),
              id,
              HudiTableReader.string(r, "region"),
              day,
              (Long) r.get("seq"),
              HudiTableReader.string(r, "name")));
    }
    return out;
  }

  /** The base path of {@code table} under {@code warehouse}. */
  public static String base(File warehouse, String table) {
    return new File(warehouse, table).getAbsolutePath();
  }

  /**
   * The three tables under {@code warehouse}, routed by the field {@code table}: orders
   * (copy-on-write, key id, partitioned by region), customers (merge-on-read, key id, not
   * partitioned), events (copy-on-write, key id and day, partitioned by day, hive style).
   */
  public static HudiWriteTables<Row> writeTables(File warehouse) {
    return writeTables(warehouse, Map.of());
  }

  /**
   * The tables of {@link #writeTables(File)}, each with the Hadoop settings {@code
   * hadoopConfigurations} gives for its name, if any (a fault in one table's file system only).
   */
  public static HudiWriteTables<Row> writeTables(
      File warehouse, Map<String, Map<String, String>> hadoopConfigurations) {
    Function<String, Map<String, String>> conf =
        table -> hadoopConfigurations.getOrDefault(table, Map.of());
    return HudiIO.writeTables()
        .withDestinationField("table")
        .withTable(
            "orders",
            HudiIO.write()
                .withBasePath(base(warehouse, "orders"))
                .withHadoopConfiguration(conf.apply("orders"))
                .withTableName("orders")
                .withRecordKeyFields("id")
                .withPartitionFields("region")
                .withOrderingField("seq")
                .withChangeTypeField("op"))
        .withTable(
            "customers",
            HudiIO.write()
                .withBasePath(base(warehouse, "customers"))
                .withHadoopConfiguration(conf.apply("customers"))
                .withTableName("customers")
                .withTableType(TableType.MERGE_ON_READ)
                .withRecordKeyFields("id")
                .withOrderingField("seq")
                .withChangeTypeField("op"))
        .withTable(
            "events",
            HudiIO.write()
                .withBasePath(base(warehouse, "events"))
                .withHadoopConfiguration(conf.apply("events"))
                .withTableName("events")
                .withRecordKeyFields("id", "day")
                .withPartitionFields("day")
                .withHiveStylePartitioning(true)
                .withOrderingField("seq")
                .withChangeTypeField("op"));
  }

  /** The events' Avro schema, for the writers of GenericRecords. */
  public static final org.apache.avro.Schema AVRO_SCHEMA = AvroUtils.toAvroSchema(SCHEMA);

  /** Events as GenericRecords of {@link #AVRO_SCHEMA}. */
  public static PCollection<GenericRecord> genericRecords(PCollection<Row> events) {
    return events
        .apply(
            "To Avro records",
            MapElements.into(TypeDescriptor.of(GenericRecord.class))
                .via(row -> AvroUtils.toGenericRecord(row, AVRO_SCHEMA)))
        .setCoder(AvroCoder.of(AVRO_SCHEMA));
  }

  /**
   * The tables of {@link #writeTables(File, Map)} as one {@code HudiIO.writeDynamic()}: each record
   * to the table its field {@code table} names, created on first sight, its settings a function of
   * the name.
   */
  public static HudiWriteDynamic<GenericRecord> writeDynamic(
      File warehouse, Map<String, Map<String, String>> hadoopConfigurations) {
    return HudiIO.writeDynamic()
        .to(record -> record.get("table").toString())
        .withTables(dynamicTables(warehouse.getAbsolutePath(), hadoopConfigurations));
  }

  /** {@link #writeDynamic}'s function of the table name. */
  public static SerializableFunction<String, HudiIO.Write<GenericRecord>> dynamicTables(
      String warehouse, Map<String, Map<String, String>> hadoopConfigurations) {
    Map<String, Map<String, String>> conf = Map.copyOf(hadoopConfigurations);
    return table -> {
      HudiIO.Write<GenericRecord> write =
          HudiIO.writeGenericRecords()
              .withBasePath(base(new File(warehouse), table))
              .withHadoopConfiguration(conf.getOrDefault(table, Map.of()))
              .withTableName(table)
              .withOrderingField("seq")
              .withChangeTypeField("op");
      return switch (table) {
        case "orders" -> write.withRecordKeyFields("id").withPartitionFields("region");
        case "customers" -> write.withRecordKeyFields("id").withTableType(TableType.MERGE_ON_READ);
        case "events" ->
            write
                .withRecordKeyFields("id", "day")
                .withPartitionFields("day")
                .withHiveStylePartitioning(true);
        default -> throw new IllegalArgumentException("no table " + table);
      };
    };
  }

  /**
   * Each table under {@code warehouse} has {@code instants} completed instants, its table type and
   * name, and, read by Hudi 0.15 row by row, the final state of {@code writes}.
   */
  public static void assertTables(
      File warehouse, List<List<Row>> writes, Map<String, Integer> instants) {
    Map<String, Map<String, List<Object>>> expected = finalState(writes);
    for (String table : TABLES) {
      HudiTableReader reader = HudiTableReader.of(base(warehouse, table));
      assertThat(table, reader.completedInstantTimes().size(), is(instants.get(table)));
      assertThat(table, hudiRows(table, base(warehouse, table)), is(expected.get(table)));
      assertThat(
          table,
          reader.metaClient().getTableType(),
          is(
              table.equals("customers")
                  ? HoodieTableType.MERGE_ON_READ
                  : HoodieTableType.COPY_ON_WRITE));
      assertThat(reader.tableConfig().getTableName(), is(table));
    }
  }
}
