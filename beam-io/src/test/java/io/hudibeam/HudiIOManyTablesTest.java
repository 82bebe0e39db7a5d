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

import static io.hudibeam.testing.ChangeStreamTables.KEYS;
import static io.hudibeam.testing.ChangeStreamTables.SCHEMA;
import static io.hudibeam.testing.ChangeStreamTables.TABLES;
import static io.hudibeam.testing.ChangeStreamTables.changes;
import static io.hudibeam.testing.ChangeStreamTables.event;
import static io.hudibeam.testing.ChangeStreamTables.finalState;
import static io.hudibeam.testing.ChangeStreamTables.hudiRows;
import static io.hudibeam.testing.ChangeStreamTables.inserts;
import static io.hudibeam.testing.ChangeStreamTables.ordersOnly;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.ChangeStreamTables;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Many tables from one transform (issue #36): {@code HudiIO.writeTables()} routes a change stream
 * of three source tables to three Hudi tables with their own keys, partitioning and table types
 * (orders: copy-on-write, key {@code id}, partitioned by {@code region}; customers: merge-on-read,
 * key {@code id}, not partitioned; events: copy-on-write, key {@code id,day}, partitioned by {@code
 * day}, hive style), inserts, updates and deletes mixed in each table's stream; batch and streaming
 * (TestStream), each table read back row by row with Hudi 0.15's reader (merged snapshot) against
 * its final state computed here from the events.
 */
public class HudiIOManyTablesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private File warehouse() {
    return new File(tmp.getRoot(), "warehouse");
  }

  private String base(String table) {
    return ChangeStreamTables.base(warehouse(), table);
  }

  private HudiWriteTables<Row> writeTables() {
    return ChangeStreamTables.writeTables(warehouse());
  }

  private void assertTables(List<List<Row>> writes, Map<String, Integer> instants) {
    ChangeStreamTables.assertTables(warehouse(), writes, instants);
  }

  private void runBatch(List<Row> rows) {
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result = p.apply(Create.of(rows).withRowSchema(SCHEMA)).apply(writeTables());
    List<String> bases = TABLES.stream().map(this::base).toList();
    PAssert.that(result.getCommittedInstants())
        .satisfies(
            commits -> {
              List<String> paths = new ArrayList<>();
              List<String> names = new ArrayList<>();
              commits.forEach(c -> paths.add(c.getBasePath()));
              commits.forEach(c -> names.add(c.getTableName()));
              paths.sort(null);
              names.sort(null);
              assertThat(paths, is(bases));
              assertThat(names, is(TABLES));
              return null;
            });
    p.run().waitUntilFinish();
  }

  @Test
  public void oneBatchWriteCommitsEachTableWithItsOwnKeysPartitionsAndTableType() {
    runBatch(inserts());
    runBatch(changes());
    Map<String, Map<String, List<Object>>> expected = finalState(List.of(inserts(), changes()));
    // The test's expectations themselves: per table of keys 0-9, 0 and 4 updated, 3 and 7 back
    // after their delete, 8 new; 1, 2, 5, 6 and 9 deleted.
    for (String table : TABLES) {
      assertThat(table, expected.get(table).size(), is(5));
      assertThat(
          table,
          expected.get(table).get(KEYS.get(table).apply(event(table, "u", 0, 5, ""))).get(5),
          is(table + "-at-5-0"));
    }
    assertTables(List.of(inserts(), changes()), Map.of("orders", 2, "customers", 2, "events", 2));
  }

  @Test
  public void aStreamCommitsEachTablePerIntervalAndAReplayRewritesNothing() {
    List<List<Row>> intervals = List.of(inserts(), changes(), ordersOnly());
    Map<String, Integer> instants = Map.of("orders", 3, "customers", 2, "events", 2);
    runStream(intervals, List.of());
    assertTables(intervals, instants);
    Map<String, List<String>> committed = new TreeMap<>();
    for (String table : TABLES) {
      committed.put(table, HudiTableReader.of(base(table)).completedInstantTimes());
    }

    List<HudiSkippedInterval> skipped = new ArrayList<>();
    for (String table : TABLES) {
      List<String> times = committed.get(table);
      for (int k = 0; k < times.size(); k++) {
        // The orders table's instants are intervals 0, 1, 2; the others' intervals 0, 1.
        skipped.add(
            HudiSkippedInterval.builder()
                .setSinkId(table + "-upsert")
                .setWindowStartMillis(StreamingTesting.intervalStart(k).getMillis())
                .setWindowEndMillis(StreamingTesting.intervalStart(k + 1).getMillis())
                .setRecords(intervalRecords(intervals.get(k), table))
                .setCommittedBy(times.get(k))
                .build());
      }
    }
    runStream(intervals, skipped);
    assertTables(intervals, instants);
    for (String table : TABLES) {
      assertThat(
          table + ": the replay committed nothing",
          HudiTableReader.of(base(table)).completedInstantTimes(),
          is(committed.get(table)));
    }
  }

  private static long intervalRecords(List<Row> interval, String table) {
    return interval.stream().filter(r -> r.getString("table").equals(table)).count();
  }

  private void runStream(List<List<Row>> intervals, List<HudiSkippedInterval> skipped) {
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p.apply(StreamingTesting.stream(SCHEMA, intervals))
            .apply(writeTables().withTriggeringFrequency(StreamingTesting.INTERVAL));
    PAssert.that(result.getSkippedIntervals()).containsInAnyOrder(skipped);
    PipelineResult run = p.run();
    run.waitUntilFinish();
  }

  /**
   * A write that fails in one table (a record of events with a partition value that is not one
   * folder, refused by its key generator) commits nothing there; the other tables' commits are
   * whole (their instant is committed with all its changes, or not at all), and the next run,
   * without the bad record, rolls the failed instant back and leaves every table exact.
   */
  @Test
  public void aFailureInOneTableLeavesNoPartialCommitInAnother() {
    runBatch(inserts());
    Map<String, Map<String, List<Object>>> before = finalState(List.of(inserts()));
    Map<String, Map<String, List<Object>>> after = finalState(List.of(inserts(), changes()));
    List<Row> bad = new ArrayList<>(changes());
    bad.add(
        Row.withSchema(SCHEMA).addValues("events", "e1", "eu", "../etc", 9L, "bad", "u").build());
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(bad).withRowSchema(SCHEMA)).apply(writeTables());
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    assertThat(HudiIOTesting.messages(failure), containsString(base("events")));
    assertThat(HudiTableReader.of(base("events")).completedInstantTimes().size(), is(1));
    assertThat(hudiRows("events", base("events")), is(before.get("events")));
    for (String table : List.of("orders", "customers")) {
      int instants = HudiTableReader.of(base(table)).completedInstantTimes().size();
      assertThat(
          table + " is as before the failed run or as after it, nothing in between",
          hudiRows(table, base(table)),
          is(instants == 1 ? before.get(table) : after.get(table)));
    }

    // The DirectRunner reports the failure without waiting for the bundles other tables' stages
    // are running (each table's instant starts from its own impulse, whatever the records), so a
    // table can still get an instant after it: wait until the failed pipeline's workers are gone.
    HudiIOTesting.awaitDirectRunnerWorkersGone();
    // Their instants' heartbeats stay until they expire, as after a crash of a one-table write
    // (events' key generation released its own). Aged here instead of waiting two minutes.
    for (String table : TABLES) {
      HudiTableReader.of(base(table))
          .metaClient()
          .getActiveTimeline()
          .filterInflightsAndRequested()
          .getInstants()
          .forEach(
              i -> {
                if (new File(base(table), ".hoodie/.heartbeat/" + i.getTimestamp()).exists()) {
                  HudiIOTesting.expireHeartbeat(base(table), i.getTimestamp());
                }
              });
    }
    runBatch(changes());
    Map<String, Map<String, List<Object>>> expected =
        finalState(List.of(inserts(), changes(), changes()));
    for (String table : TABLES) {
      assertThat(table, hudiRows(table, base(table)), is(expected.get(table)));
      assertThat(
          table + " has no pending instant",
          HudiTableReader.of(base(table))
              .metaClient()
              .getActiveTimeline()
              .filterInflightsAndRequested()
              .countInstants(),
          is(0));
    }
  }

  /**
   * {@code writeGenericRecordTables()}: Avro records routed by a function of the record, to a
   * copy-on-write table partitioned by city and a merge-on-read table without partitions.
   */
  @Test
  public void genericRecordsAreRoutedByAFunction() {
    List<GenericRecord> trips = new ArrayList<>();
    for (long i = 0; i < 40; i++) {
      trips.add(TripsData.record(0, i));
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(trips).withCoder(AvroCoder.of(TripsData.SCHEMA)))
        .apply(
            HudiIO.writeGenericRecordTables()
                .withDestination(
                    r -> TripsData.CITIES.indexOf(r.get("city").toString()) < 4 ? "west" : "east")
                .withTable(
                    "west",
                    HudiIO.writeGenericRecords()
                        .withBasePath(base("west"))
                        .withTableName("west")
                        .withRecordKeyFields("uuid")
                        .withPartitionFields("city")
                        .withOrderingField("ts"))
                .withTable(
                    "east",
                    HudiIO.writeGenericRecords()
                        .withBasePath(base("east"))
                        .withTableName("east")
                        .withTableType(TableType.MERGE_ON_READ)
                        .withRecordKeyFields("uuid")
                        .withOrderingField("ts")));
    p.run().waitUntilFinish();
    for (String table : List.of("west", "east")) {
      Map<String, List<Object>> expected = new TreeMap<>();
      for (long i = 0; i < 40; i++) {
        if ((i % 8 < 4) == table.equals("west")) {
          List<Object> row = new ArrayList<>(TripsData.values(TripsData.record(0, i)));
          row.add(table.equals("west") ? TripsData.city(i) : "");
          expected.put(TripsData.key(i), row);
        }
      }
      Map<String, List<Object>> read = new TreeMap<>();
      HudiTableReader.of(base(table))
          .snapshotByRecordKey()
          .forEach(
              (key, r) -> {
                List<Object> row = new ArrayList<>(TripsData.values(r));
                row.add(HudiTableReader.string(r, HudiIOTesting.PARTITION_PATH));
                read.put(key, row);
              });
      assertThat(table, read, is(expected));
      assertThat(HudiTableReader.of(base(table)).completedInstantTimes().size(), is(1));
    }
  }

  private static final org.apache.avro.Schema ORDER =
      org.apache.avro.SchemaBuilder.record("order")
          .namespace("shop")
          .fields()
          .requiredString("id")
          .requiredLong("amount")
          .requiredString("region")
          .requiredLong("lsn")
          .endRecord();
  private static final org.apache.avro.Schema CUSTOMER =
      org.apache.avro.SchemaBuilder.record("customer")
          .namespace("shop")
          .fields()
          .requiredString("id")
          .optionalString("name")
          .requiredLong("lsn")
          .requiredString("op")
          .endRecord();

  private static GenericRecord order(String id, long amount, String region, long lsn) {
    org.apache.avro.generic.GenericData.Record r =
        new org.apache.avro.generic.GenericData.Record(ORDER);
    r.put("id", id);
    r.put("amount", amount);
    r.put("region", region);
    r.put("lsn", lsn);
    return r;
  }

  private static GenericRecord customer(String id, String name, long lsn, String op) {
    org.apache.avro.generic.GenericData.Record r =
        new org.apache.avro.generic.GenericData.Record(CUSTOMER);
    r.put("id", id);
    r.put("name", name);
    r.put("lsn", lsn);
    r.put("op", op);
    return r;
  }

  private HudiWriteTables<GenericRecord> tablesOfTheirOwnSchemas(
      org.apache.beam.sdk.transforms.SerializableFunction<GenericRecord, String> destination) {
    return HudiIO.writeGenericRecordTables()
        .withDestination(destination)
        .withTable(
            "order",
            ORDER,
            HudiIO.writeGenericRecords()
                .withBasePath(base("orders"))
                .withTableName("orders")
                .withRecordKeyFields("id")
                .withPartitionFields("region")
                .withOrderingField("lsn"))
        .withTable(
            "customer",
            CUSTOMER,
            HudiIO.writeGenericRecords()
                .withBasePath(base("customers"))
                .withTableName("customers")
                .withTableType(TableType.MERGE_ON_READ)
                .withRecordKeyFields("id")
                .withOrderingField("lsn")
                .withChangeTypeField("op"));
  }

  /**
   * {@code writeGenericRecordTables()} with a schema per table: records of two Avro schemas in one
   * input ({@code HudiIO.genericRecordCoder}), each table created with its own columns, the
   * customers' change stream with a delete; both read back row by row with Hudi's reader.
   */
  @Test
  public void eachTableTakesItsOwnAvroSchema() {
    List<GenericRecord> records =
        List.of(
            order("o1", 10, "eu", 1),
            customer("c1", "Ada", 2, "c"),
            order("o2", 20, "us", 3),
            customer("c2", "Bob", 4, "c"),
            order("o1", 11, "eu", 5),
            customer("c1", "Ada L.", 6, "u"),
            customer("c2", "Bob", 7, "d"));
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(records).withCoder(HudiIO.genericRecordCoder(ORDER, CUSTOMER)))
        .apply(tablesOfTheirOwnSchemas(r -> r.getSchema().getName()));
    p.run().waitUntilFinish();

    HudiTableReader orders = HudiTableReader.of(base("orders"));
    Map<String, String> orderRows = new TreeMap<>();
    orders
        .snapshotByRecordKey()
        .forEach(
            (key, r) ->
                orderRows.put(
                    key,
                    r.get("amount")
                        + " "
                        + HudiTableReader.string(r, "region")
                        + " "
                        + HudiTableReader.string(r, HudiIOTesting.PARTITION_PATH)));
    assertThat(orderRows, is(Map.of("o1", "11 eu eu", "o2", "20 us us")));
    assertThat(orders.tableSchema().getField("name"), is((Object) null));
    assertThat(orders.tableSchema().getField("op"), is((Object) null));

    HudiTableReader customers = HudiTableReader.of(base("customers"));
    Map<String, String> customerRows = new TreeMap<>();
    customers
        .snapshotByRecordKey()
        .forEach((key, r) -> customerRows.put(key, HudiTableReader.string(r, "name")));
    assertThat(customerRows, is(Map.of("c1", "Ada L.")));
    assertThat(customers.tableSchema().getField("amount"), is((Object) null));
    assertThat(customers.tableConfig().getTableType().name(), is("MERGE_ON_READ"));
  }

  private static final Schema ORDER_ROW =
      Schema.builder()
          .addStringField("id")
          .addStringField("region")
          .addInt64Field("seq")
          .addStringField("name")
          .addStringField("op")
          .build();
  private static final Schema CUSTOMER_ROW =
      Schema.builder()
          .addStringField("id")
          .addInt64Field("seq")
          .addNullableField("name", Schema.FieldType.STRING) // nullable where the input's is not
          .addStringField("op")
          .build();
  private static final Schema EVENT_ROW =
      Schema.builder()
          .addStringField("op")
          .addStringField("day")
          .addStringField("id")
          .addInt64Field("seq")
          .build();

  /**
   * {@code writeTables()} with a Beam schema per table: one wide row type for the three source
   * tables' change streams, each table taking its own fields (another order for events); every
   * table has exactly its own columns and, read row by row with Hudi's reader, the final state of
   * the events in those columns.
   */
  @Test
  public void eachTableOfRowsTakesItsOwnBeamSchema() {
    for (List<Row> write : List.of(inserts(), changes())) {
      Pipeline p = HudiIOTesting.pipeline(2);
      p.apply(Create.of(write).withRowSchema(SCHEMA))
          .apply(
              HudiIO.writeTables()
                  .withDestinationField("table")
                  .withTable(
                      "orders", ORDER_ROW, ownSchemaTable("orders").withPartitionFields("region"))
                  .withTable(
                      "customers",
                      CUSTOMER_ROW,
                      ownSchemaTable("customers").withTableType(TableType.MERGE_ON_READ))
                  .withTable(
                      "events",
                      EVENT_ROW,
                      ownSchemaTable("events")
                          .withRecordKeyFields("id", "day")
                          .withPartitionFields("day")
                          .withHiveStylePartitioning(true)));
      p.run().waitUntilFinish();
    }
    Map<String, Map<String, List<Object>>> expected = finalState(List.of(inserts(), changes()));
    Map<String, Schema> own =
        Map.of("orders", ORDER_ROW, "customers", CUSTOMER_ROW, "events", EVENT_ROW);
    for (String table : TABLES) {
      HudiTableReader reader = HudiTableReader.of(base(table));
      List<String> columns = new ArrayList<>();
      reader.tableSchema().getFields().stream()
          .map(org.apache.avro.Schema.Field::name)
          .filter(n -> !n.startsWith("_hoodie_"))
          .forEach(columns::add);
      assertThat(table, columns, is(own.get(table).getFieldNames()));
      Map<String, List<Object>> rows = new TreeMap<>();
      reader
          .snapshotByRecordKey()
          .values()
          .forEach(
              r -> {
                String id = HudiTableReader.string(r, "id");
                String day = columns.contains("day") ? HudiTableReader.string(r, "day") : null;
                rows.put(
                    table.equals("events") ? id + "|" + day : id,
                    java.util.Arrays.asList(
                        HudiTableReader.string(r, "_hoodie_partition_path"),
                        id,
                        columns.contains("region") ? HudiTableReader.string(r, "region") : null,
                        day,
                        r.get("seq"),
                        columns.contains("name") ? HudiTableReader.string(r, "name") : null));
              });
      Map<String, List<Object>> want = new TreeMap<>();
      expected
          .get(table)
          .forEach(
              (key, values) -> {
                List<Object> v = new ArrayList<>(values);
                for (int i : List.of(2, 3, 5)) {
                  String column = List.of("", "", "region", "day", "", "name").get(i);
                  if (!columns.contains(column)) {
                    v.set(i, null);
                  }
                }
                want.put(key, v);
              });
      assertThat(table, rows, is(want));
      assertThat(table, want.size(), is(5));
    }
  }

  private HudiIO.Write<Row> ownSchemaTable(String table) {
    return HudiIO.write()
        .withBasePath(base(table))
        .withTableName(table)
        .withRecordKeyFields("id")
        .withOrderingField("seq")
        .withChangeTypeField("op");
  }

  @Test
  public void aTableSchemaTheInputRowsCannotGiveIsRefusedWhenThePipelineIsBuilt() {
    Pipeline p = HudiIOTesting.pipeline(1);
    var input = p.apply(Create.of(inserts()).withRowSchema(SCHEMA));
    Map<String, Schema> bad =
        Map.of(
            "is not a field of the input rows",
            Schema.builder().addStringField("id").addStringField("email").build(),
            "is INT64 NOT NULL but the input's field is STRING NOT NULL",
            Schema.builder().addStringField("id").addInt64Field("name").build());
    bad.forEach(
        (problem, schema) -> {
          IllegalArgumentException refused =
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      input.apply(
                          problem,
                          HudiIO.writeTables()
                              .withDestinationField("table")
                              .withTable("orders", schema, ownSchemaTable("orders"))));
          assertThat(
              refused.getMessage(),
              containsString("withTable(\"orders\", schema, ...): the field"));
          assertThat(refused.getMessage(), containsString(problem));
        });
    Schema nullableName =
        Schema.builder()
            .addStringField("table")
            .addStringField("id")
            .addInt64Field("seq")
            .addNullableField("name", Schema.FieldType.STRING)
            .addStringField("op")
            .build();
    var nullable =
        p.apply("nullable", Create.empty(org.apache.beam.sdk.coders.RowCoder.of(nullableName)));
    IllegalArgumentException notNullable =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                nullable.apply(
                    HudiIO.writeTables()
                        .withDestinationField("table")
                        .withTable(
                            "orders",
                            Schema.builder().addStringField("id").addStringField("name").build(),
                            ownSchemaTable("orders"))));
    assertThat(
        notNullable.getMessage(),
        containsString(
            "the field 'name' of the table's schema is not nullable but the input's field is"));
    IllegalArgumentException avro =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                HudiIO.writeGenericRecordTables()
                    .withTable("order", ORDER_ROW, HudiIO.writeGenericRecords()));
    assertThat(
        avro.getMessage(), containsString("a table's own Beam schema is for HudiIO.writeTables()"));
  }

  @Test
  public void aRecordRoutedToTheTableOfAnotherSchemaFailsTheWriteNamingIt() {
    Pipeline p = HudiIOTesting.pipeline(1);
    p.apply(
            Create.of(List.of(order("o1", 10, "eu", 1), customer("c1", "Ada", 2, "c")))
                .withCoder(HudiIO.genericRecordCoder(ORDER, CUSTOMER)))
        .apply(tablesOfTheirOwnSchemas(r -> "order"));
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    assertThat(
        HudiIOTesting.messages(failure),
        containsString(
            "a record of schema shop.customer is routed to the table 'order', whose schema"
                + " (withTable(\"order\", schema, ...)) is another"));
    IllegalArgumentException rows =
        assertThrows(
            IllegalArgumentException.class,
            () -> HudiIO.writeTables().withTable("order", ORDER, HudiIO.write()));
    assertThat(rows.getMessage(), containsString("a table's own Avro schema is for"));
  }

  @Test
  public void aRecordForAnUnknownTableFailsTheWriteNamingItAndTheKnownTables() {
    List<Row> rows = new ArrayList<>(inserts());
    rows.add(event("refunds", "c", 1, 1, "nowhere"));
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(rows).withRowSchema(SCHEMA)).apply(writeTables());
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    String message = HudiIOTesting.messages(failure);
    assertThat(
        message,
        containsString(
            "destination 'refunds' is not one of the tables [customers, events, orders]"));
    for (String table : TABLES) {
      File timeline = new File(base(table), ".hoodie");
      if (timeline.exists()) {
        assertThat(
            table + " has no completed commit",
            HudiTableReader.of(base(table)).completedInstantTimes().size(),
            is(0));
      }
    }
  }

  /**
   * With {@code withUnknownDestinationsAsFailedRecords()} a record of an unknown table is a failed
   * record (Avro JSON text, the reason naming its destination and the tables), and the others are
   * written.
   */
  @Test
  public void aRecordForAnUnknownTableCanBeAFailedRecord() {
    List<Row> rows = new ArrayList<>(inserts());
    rows.add(event("refunds", "c", 1, 1, "nowhere"));
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p.apply(Create.of(rows).withRowSchema(SCHEMA))
            .apply(writeTables().withUnknownDestinationsAsFailedRecords());
    PAssert.that(result.getFailedRecords())
        .containsInAnyOrder(
            HudiFailedRecord.of(
                "{\"table\": \"refunds\", \"id\": \"r1\", \"region\": \"us\", \"day\":"
                    + " \"2026-12-02\", \"seq\": 1, \"name\": \"nowhere\", \"op\": \"c\"}",
                "a record's destination 'refunds' is not one of the tables [customers, events,"
                    + " orders] (add it with withTable(\"refunds\", ...))"));
    p.run().waitUntilFinish();
    assertTables(List.of(inserts()), Map.of("orders", 1, "customers", 1, "events", 1));
  }

  @Test
  public void badDestinationsAreRefusedWhenThePipelineIsBuilt() {
    Pipeline p = HudiIOTesting.pipeline(1);
    var input = p.apply(Create.of(inserts()).withRowSchema(SCHEMA));
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> input.apply("none", HudiIO.writeTables().withDestinationField("table")));
    assertThat(none.getMessage(), containsString("needs at least one table"));

    IllegalArgumentException noFn =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                input.apply(
                    "no destination",
                    HudiIO.writeTables().withTable("orders", HudiIO.write().withBasePath("/x"))));
    assertThat(noFn.getMessage(), containsString("withDestination(fn) or withDestinationField"));

    IllegalArgumentException noField =
        assertThrows(
            IllegalArgumentException.class,
            () -> input.apply("no field", writeTables().withDestinationField("tbl")));
    assertThat(noField.getMessage(), containsString("the input has no field 'tbl'"));

    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> writeTables().withTable("orders", HudiIO.write().withBasePath("/y")));
    assertThat(twice.getMessage(), containsString("'orders' is given twice"));

    IllegalArgumentException samePath =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                input.apply(
                    "same path",
                    writeTables()
                        .withTable(
                            "refunds",
                            HudiIO.write()
                                .withBasePath(base("orders") + "/")
                                .withTableName("refunds")
                                .withRecordKeyFields("id"))));
    assertThat(
        samePath.getMessage(),
        containsString("the tables 'orders' and 'refunds' have the same base path"));

    IllegalArgumentException incomplete =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                input.apply(
                    "incomplete",
                    writeTables()
                        .withTable(
                            "refunds",
                            HudiIO.write()
                                .withBasePath(base("refunds"))
                                .withTableName("refunds"))));
    assertThat(
        incomplete.getMessage(),
        containsString(
            "table 'refunds': withRecordKeyFields() (hoodie.datasource.write.recordkey.field) is required"));
  }
}
