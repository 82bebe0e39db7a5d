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
package io.hudibeam.examples;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The {@code cdc} command: Debezium JSON envelopes of three source tables with different schemas
 * (inserts, updates, deletes, duplicates, events out of order, a delete followed in the file by an
 * older update, a column added to one table half-way) land in three Hudi tables; each equals the
 * source's final state the test computes from the events (the latest lsn of each key wins, a delete
 * removing it), row by row with Hudi's reader, on the DirectRunner and the FlinkRunner. A second
 * run with more events continues the tables.
 */
public class CdcCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** One change event as the test knows it: table, op, lsn and the row image. */
  record Event(String db, String table, String op, long lsn, Map<String, Object> row) {
    String id() {
      return (String) row.get("id");
    }

    String json() {
      String image =
          row.entrySet().stream()
              .map(
                  e ->
                      "\""
                          + e.getKey()
                          + "\":"
                          + (e.getValue() instanceof String
                              ? "\"" + e.getValue() + "\""
                              : e.getValue()))
              .collect(Collectors.joining(",", "{", "}"));
      return "{\"before\":"
          + (op.equals("d") || op.equals("u") ? image : "null")
          + ",\"after\":"
          + (op.equals("d") ? "null" : image)
          + ",\"op\":\""
          + op
          + "\",\"ts_ms\":"
          + (1_700_000_000_000L + lsn)
          + ",\"source\":{\"db\":\""
          + db
          + "\",\"table\":\""
          + table
          + "\",\"lsn\":"
          + lsn
          + "}}";
    }
  }

  static Map<String, Object> row(Object... keyValues) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      row.put((String) keyValues[i], keyValues[i + 1]);
    }
    return row;
  }

  static Event orders(String op, long lsn, String id, long amount, String region) {
    return new Event("shop", "orders", op, lsn, row("id", id, "amount", amount, "region", region));
  }

  static Event customers(String op, long lsn, String id, String name) {
    return new Event("shop", "customers", op, lsn, row("id", id, "name", name));
  }

  static Event customersWithEmail(String op, long lsn, String id, String name, String email) {
    return new Event("shop", "customers", op, lsn, row("id", id, "name", name, "email", email));
  }

  static Event events(String op, long lsn, String id, String kind) {
    return new Event("crm", "events", op, lsn, row("id", id, "kind", kind));
  }

  /** The first run's events, in file order (not lsn order). */
  private static List<Event> firstEvents() {
    return List.of(
        orders("c", 1, "o1", 10, "eu"),
        orders("c", 2, "o2", 20, "us"),
        customers("r", 3, "c1", "Ada"),
        events("c", 4, "e1", "click"),
        orders("u", 6, "o1", 11, "eu"),
        orders("u", 5, "o1", 99, "eu"), // older than lsn 6: loses
        orders("u", 6, "o1", 11, "eu"), // a duplicate
        customers("c", 7, "c2", "Bob"),
        customers("d", 9, "c2", "Bob"),
        customers("u", 8, "c2", "Bob B."), // older than the delete: the delete wins
        customersWithEmail("u", 10, "c1", "Ada L.", "ada@example.org"), // a new column
        events("c", 11, "e2", "view"),
        events("d", 12, "e1", "click"),
        orders("c", 13, "o3", 30, "us"),
        orders("d", 14, "o3", 30, "us"));
  }

  private static List<Event> secondEvents() {
    return List.of(
        orders("u", 20, "o2", 21, "us"),
        orders("c", 21, "o4", 40, "eu"),
        customersWithEmail("c", 22, "c3", "Cy", "cy@example.org"),
        events("d", 23, "e2", "view"));
  }

  /** db/table → id → the row image of the key's latest event, or nothing when it was a delete. */
  static Map<String, Map<String, Map<String, Object>>> finalState(List<Event> all) {
    Map<String, Map<String, Event>> latest = new TreeMap<>();
    for (Event e : all) {
      latest
          .computeIfAbsent(e.db() + "/" + e.table(), t -> new TreeMap<>())
          .merge(e.id(), e, (a, b) -> b.lsn() >= a.lsn() ? b : a);
    }
    Map<String, Map<String, Map<String, Object>>> state = new TreeMap<>();
    latest.forEach(
        (table, byKey) -> {
          Map<String, Map<String, Object>> rows = new TreeMap<>();
          byKey.forEach(
              (id, e) -> {
                if (!e.op().equals("d")) {
                  Map<String, Object> r = new TreeMap<>(e.row());
                  r.put("_event_lsn", e.lsn());
                  r.put("_change_operation_type", e.op());
                  rows.put(id, r);
                }
              });
          state.put(table, rows);
        });
    return state;
  }

  private static void writeLines(File file, List<Event> events) throws Exception {
    List<String> lines = new ArrayList<>();
    events.forEach(e -> lines.add(e.json()));
    lines.add("{\"op\":\"c\",\"after\":{\"id\":\"x\"}}"); // no source: rejected
    Files.write(file.toPath(), lines, StandardCharsets.UTF_8);
  }

  /** The table as Hudi's reader returns it: id → the fields the events know, with their values. */
  static Map<String, Map<String, Object>> read(File warehouse, String table) {
    HudiTableReader reader = HudiTableReader.of(new File(warehouse, table).getPath());
    Map<String, Map<String, Object>> rows = new TreeMap<>();
    for (GenericRecord r : reader.snapshot()) {
      Map<String, Object> row = new TreeMap<>();
      for (org.apache.avro.Schema.Field f : r.getSchema().getFields()) {
        Object v = r.get(f.name());
        if (!f.name().startsWith("_hoodie_")
            && !f.name().equals("_upstream_event_processed_ts_ms")
            && v != null) {
          row.put(f.name(), v instanceof CharSequence ? v.toString() : v);
        }
      }
      assertThat(
          HudiTableReader.string(r, "_hoodie_record_key"), is(HudiTableReader.string(r, "id")));
      rows.put(HudiTableReader.string(r, "id"), row);
    }
    return rows;
  }

  private void landsEveryTable(String runner) throws Exception {
    File input = tmp.newFolder("events");
    File warehouse = new File(tmp.getRoot(), "warehouse");
    writeLines(new File(input, "part-1.json"), firstEvents());
    ConsoleCapture first =
        ConsoleCapture.run(
            "cdc",
            "--input=" + input + "/*.json",
            "--warehouse=" + warehouse,
            "--recordKey=id",
            "--partitionFields=region",
            "--runner=" + runner);
    assertThat(first.err, first.exitCode, is(0));
    assertThat(first.commitLines(), hasSize(3));
    assertThat(first.out, containsString("table shop/orders"));
    Map<String, Map<String, Map<String, Object>>> expected = finalState(firstEvents());
    for (String table : List.of("shop/orders", "shop/customers", "crm/events")) {
      assertThat(table, read(warehouse, table), is(expected.get(table)));
    }
    assertThat(
        HudiTableReader.of(new File(warehouse, "shop/orders").getPath()).partitionPaths(),
        is(List.of("eu", "us")));
    String rejects =
        Files.list(warehouse.toPath())
            .filter(p -> p.getFileName().toString().startsWith("_cdc_rejects"))
            .map(p -> readString(p))
            .collect(Collectors.joining());
    assertThat(rejects, containsString("has no 'source.db' and 'source.table'"));

    writeLines(new File(input, "part-2.json"), secondEvents());
    new File(input, "part-1.json").delete();
    ConsoleCapture second =
        ConsoleCapture.run(
            "cdc",
            "--input=" + input + "/*.json",
            "--warehouse=" + warehouse,
            "--recordKey=id",
            "--partitionFields=region",
            "--runner=" + runner);
    assertThat(second.err, second.exitCode, is(0));
    List<Event> all = new ArrayList<>(firstEvents());
    all.addAll(secondEvents());
    Map<String, Map<String, Map<String, Object>>> expectedAfter = finalState(all);
    for (String table : List.of("shop/orders", "shop/customers", "crm/events")) {
      assertThat(table, read(warehouse, table), is(expectedAfter.get(table)));
    }
  }

  private static String readString(java.nio.file.Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test(timeout = 300_000)
  public void landsEveryTableOnTheDirectRunner() throws Exception {
    landsEveryTable("DirectRunner");
  }

  @Test(timeout = 300_000)
  public void landsEveryTableOnTheFlinkRunner() throws Exception {
    landsEveryTable("FlinkRunner");
  }

  /** A MySQL Debezium envelope: no source.lsn, the binlog file and position instead. */
  private static String mysqlEvent(String op, String id, long amount, String file, long pos) {
    String image = "{\"id\":\"" + id + "\",\"amount\":" + amount + "}";
    return "{\"before\":"
        + (op.equals("c") ? "null" : image)
        + ",\"after\":"
        + (op.equals("d") ? "null" : image)
        + ",\"op\":\""
        + op
        + "\",\"ts_ms\":1700000000000,\"source\":{\"db\":\"shop\",\"table\":\"payments\","
        + "\"file\":\""
        + file
        + "\",\"pos\":"
        + pos
        + "}}";
  }

  /**
   * MySQL events (issue #36): without {@code source.lsn} a table is ordered by the binlog file,
   * then the position ({@code _event_bin_file}, {@code _event_pos}, compared in turn through the
   * table's {@code _ordering_value}), where neither alone gives the order: a later file with a
   * smaller position wins, an earlier position in the same file loses, a delete later in the binlog
   * than an update removes the key. Read back row by row with Hudi's reader.
   */
  @Test(timeout = 300_000)
  public void mySqlEventsAreOrderedByTheBinlogFileThenThePosition() throws Exception {
    File input = tmp.newFolder("mysql");
    File warehouse = new File(tmp.getRoot(), "warehouse");
    Files.write(
        new File(input, "binlog.json").toPath(),
        List.of(
            mysqlEvent("c", "p1", 10, "mysql-bin.000009", 900),
            mysqlEvent("u", "p1", 11, "mysql-bin.000010", 5),
            mysqlEvent("c", "p2", 20, "mysql-bin.000010", 30),
            mysqlEvent("u", "p2", 99, "mysql-bin.000010", 7),
            mysqlEvent("d", "p3", 30, "mysql-bin.000010", 40),
            mysqlEvent("c", "p3", 30, "mysql-bin.000009", 950),
            mysqlEvent("c", "p4", 40, "mysql-bin.000009", 960)),
        StandardCharsets.UTF_8);
    ConsoleCapture run =
        ConsoleCapture.run(
            "cdc", "--input=" + input + "/*.json", "--warehouse=" + warehouse, "--recordKey=id");
    assertThat(run.err, run.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(new File(warehouse, "shop/payments").getPath());
    assertThat(reader.tableConfig().getPreCombineField(), is("_ordering_value"));
    Map<String, List<Object>> rows = new TreeMap<>();
    for (GenericRecord r : reader.snapshot()) {
      rows.put(
          HudiTableReader.string(r, "id"),
          List.of(
              r.get("amount"),
              HudiTableReader.string(r, "_event_bin_file"),
              r.get("_event_pos"),
              HudiTableReader.string(r, "_change_operation_type")));
    }
    assertThat(
        rows,
        is(
            Map.of(
                "p1", List.of(11L, "mysql-bin.000010", 5L, "u"),
                "p2", List.of(20L, "mysql-bin.000010", 30L, "c"),
                "p4", List.of(40L, "mysql-bin.000009", 960L, "c"))));
  }

  @Test
  public void aTableWithoutTheRecordKeyIsRefusedNamingIt() throws Exception {
    File input = tmp.newFolder("events");
    writeLines(new File(input, "part-1.json"), firstEvents());
    ConsoleCapture run =
        ConsoleCapture.run(
            "cdc",
            "--input=" + input + "/*.json",
            "--warehouse=" + new File(tmp.getRoot(), "warehouse"),
            "--recordKey=name");
    assertThat(run.exitCode, is(Main.USAGE));
    assertThat(
        run.err,
        containsString(
            "--recordKey=name: source table crm/events has no field 'name' (its fields: id, kind,"));
  }
}
