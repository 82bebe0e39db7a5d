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

import static io.hudibeam.testing.ChangeStreamTables.SCHEMA;
import static io.hudibeam.testing.ChangeStreamTables.TABLES;
import static io.hudibeam.testing.ChangeStreamTables.changes;
import static io.hudibeam.testing.ChangeStreamTables.inserts;
import static io.hudibeam.testing.ChangeStreamTables.ordersOnly;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.ChangeStreamTables;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.transforms.dynamic.WriteIntervalsFn;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link HudiIO#writeDynamic()}: the change stream of three source tables of {@link
 * ChangeStreamTables} (inserts, updates, deletes, duplicates, events out of order, a delete
 * followed by an older update) written into tables created on first sight, each table's settings a
 * function of its name; every table read back by Hudi 0.15's reader row by row against the final
 * state the test computes from the events.
 */
public class HudiIOWriteDynamicTest {
  private static final org.apache.avro.Schema AVRO = ChangeStreamTables.AVRO_SCHEMA;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private File warehouse() {
    return new File(tmp.getRoot(), "warehouse");
  }

  private String base(String table) {
    return ChangeStreamTables.base(warehouse(), table);
  }

  static SerializableFunction<String, HudiIO.Write<GenericRecord>> tables(String warehouse) {
    return ChangeStreamTables.dynamicTables(warehouse, Map.of());
  }

  private HudiWriteDynamic<GenericRecord> writeDynamic() {
    return HudiIO.writeDynamic()
        .to(record -> record.get("table").toString())
        .withTables(tables(warehouse().getAbsolutePath()));
  }

  private static PCollection<GenericRecord> records(PCollection<Row> rows) {
    return ChangeStreamTables.genericRecords(rows);
  }

  private void runBatch(List<Row> rows) {
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        records(p.apply(Create.of(rows).withRowSchema(SCHEMA))).apply(writeDynamic());
    List<String> bases = new ArrayList<>();
    TABLES.forEach(t -> bases.add(base(t)));
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
  public void batchWritesCreateEachTableOnFirstSightAndApplyTheChangeStream() {
    runBatch(inserts());
    runBatch(changes());
    ChangeStreamTables.assertTables(
        warehouse(),
        List.of(inserts(), changes()),
        Map.of("orders", 2, "customers", 2, "events", 2));
  }

  @Test
  public void aStreamCommitsEachTablePerIntervalAndAReplayRewritesNothing() {
    List<List<Row>> intervals = List.of(inserts(), changes(), ordersOnly());
    Map<String, Integer> instants = Map.of("orders", 3, "customers", 2, "events", 2);
    runStream(intervals);
    ChangeStreamTables.assertTables(warehouse(), intervals, instants);
    Map<String, List<String>> committed = new TreeMap<>();
    for (String table : TABLES) {
      committed.put(table, HudiTableReader.of(base(table)).completedInstantTimes());
    }

    runStream(intervals);
    for (String table : TABLES) {
      assertThat(
          table + ": the replay committed nothing",
          HudiTableReader.of(base(table)).completedInstantTimes(),
          is(committed.get(table)));
    }
    ChangeStreamTables.assertTables(warehouse(), intervals, instants);
  }

  private void runStream(List<List<Row>> intervals) {
    Pipeline p = HudiIOTesting.pipeline(2);
    records(p.apply(StreamingTesting.stream(SCHEMA, intervals)))
        .apply(writeDynamic().withTriggeringFrequency(StreamingTesting.INTERVAL));
    p.run().waitUntilFinish();
  }

  /**
   * Each table's services run after its commit in the worker that committed: customers'
   * (merge-on-read) inline compaction once its slices have log files and two delta commits are
   * done, orders' clean keeping one commit; every table exact afterwards.
   */
  @Test
  public void eachTablesServicesRunAfterItsCommit() {
    String warehouse = warehouse().getAbsolutePath();
    Map<String, Map<String, String>> services =
        Map.of(
            "customers",
            Map.of("hoodie.compact.inline", "true", "hoodie.compact.inline.max.delta.commits", "2"),
            "orders",
            Map.of("hoodie.cleaner.commits.retained", "1"));
    // Updates only: customers' slices then have log files to compact.
    List<Row> customersUpdates =
        List.of(
            ChangeStreamTables.event("customers", "u", 0, 9, "customers-at-9-0"),
            ChangeStreamTables.event("customers", "u", 4, 9, "customers-at-9-4"));
    List<List<Row>> writes = List.of(inserts(), changes(), ordersOnly(), customersUpdates);
    for (List<Row> rows : writes) {
      Pipeline p = HudiIOTesting.pipeline(2);
      records(p.apply(Create.of(rows).withRowSchema(SCHEMA)))
          .apply(
              writeDynamic()
                  .withTables(
                      table ->
                          tables(warehouse)
                              .apply(table)
                              .withHoodieProperties(services.getOrDefault(table, Map.of()))));
      p.run().waitUntilFinish();
    }
    HudiTableReader customers = HudiTableReader.of(base("customers"));
    assertThat(
        "customers was compacted",
        customers.completedInstants().stream().anyMatch(i -> i.getAction().equals("commit")),
        is(true));
    HudiTableReader orders = HudiTableReader.of(base("orders"));
    assertThat(
        "orders was cleaned",
        orders.completedInstants().stream().anyMatch(i -> i.getAction().equals("clean")),
        is(true));
    Map<String, Map<String, List<Object>>> expected = ChangeStreamTables.finalState(writes);
    for (String table : TABLES) {
      assertThat(table, ChangeStreamTables.hudiRows(table, base(table)), is(expected.get(table)));
    }
  }

  /**
   * Records that arrive after their table was written through a later interval are late: dropped
   * and counted, as {@code HudiIO.write()}'s streaming path drops them, and the stream goes on.
   */
  @Test
  public void lateRecordsOfAWrittenIntervalAreDroppedAndCounted() {
    Row first = ChangeStreamTables.event("orders", "c", 0, 1, "orders-first-0");
    Row second = ChangeStreamTables.event("orders", "u", 0, 5, "orders-at-5-0");
    Row late = ChangeStreamTables.event("orders", "u", 0, 9, "orders-late-0");
    TestStream<Row> events =
        TestStream.create(RowCoder.of(SCHEMA))
            .advanceWatermarkTo(new Instant(0))
            .addElements(TimestampedValue.of(first, StreamingTesting.intervalStart(0)))
            .advanceWatermarkTo(StreamingTesting.intervalStart(1))
            .advanceProcessingTime(Duration.standardSeconds(1))
            .addElements(TimestampedValue.of(second, StreamingTesting.intervalStart(1)))
            .advanceWatermarkTo(StreamingTesting.intervalStart(2))
            .advanceProcessingTime(Duration.standardSeconds(1))
            .addElements(TimestampedValue.of(late, StreamingTesting.intervalStart(0).plus(5)))
            .advanceWatermarkToInfinity();
    Pipeline p = HudiIOTesting.pipeline(2);
    records(p.apply(events))
        .apply(writeDynamic().withTriggeringFrequency(StreamingTesting.INTERVAL));
    PipelineResult result = p.run();
    result.waitUntilFinish();

    assertThat(
        StreamingTesting.counter(result, WriteIntervalsFn.class, "lateRecordsDropped"), is(1L));
    HudiTableReader orders = HudiTableReader.of(base("orders"));
    assertThat(orders.completedInstantTimes().size(), is(2));
    assertThat(
        ChangeStreamTables.hudiRows("orders", base("orders")),
        is(ChangeStreamTables.finalState(List.of(List.of(first), List.of(second))).get("orders")));
  }

  /**
   * A bounded input cut into commit intervals: every interval's watermark passes at once at the end
   * of the input, yet each table's intervals are written one after another in order (the keyed
   * step), one instant each; a second run of the same input is a replay and commits nothing.
   */
  @Test
  public void intervalsThatCloseTogetherAreWrittenInOrderPerTable() {
    List<Row> events = new ArrayList<>();
    List<TimestampedValue<Row>> timestamped = new ArrayList<>();
    for (long i = 0; i < 300; i++) {
      Row event = ChangeStreamTables.streamEvent(i);
      events.add(event);
      timestamped.add(TimestampedValue.of(event, new Instant(i * 10)));
    }
    for (int run = 0; run < 2; run++) {
      Pipeline p = HudiIOTesting.pipeline(2);
      records(p.apply(Create.timestamped(timestamped).withCoder(RowCoder.of(SCHEMA))))
          .apply(writeDynamic().withTriggeringFrequency(Duration.standardSeconds(1)));
      p.run().waitUntilFinish();
      ChangeStreamTables.assertTables(
          warehouse(), List.of(events), Map.of("orders", 3, "customers", 3, "events", 3));
    }
    for (String table : TABLES) {
      HudiTableReader reader = HudiTableReader.of(base(table));
      List<Long> windowStarts = new ArrayList<>();
      for (String instant : reader.completedInstantTimes()) {
        windowStarts.add(
            Long.parseLong(
                HudiIOTesting.commitMetadata(reader, instant)
                    .getMetadata(SinkLineage.WINDOW_START)));
      }
      assertThat(table, windowStarts, is(List.of(0L, 1000L, 2000L)));
    }
  }

  /**
   * A record one table's key generator refuses fails that table's write: nothing of it is committed
   * there, every other table's commit is whole or absent, and the next run, without the record,
   * leaves every table exact.
   */
  @Test
  public void aFailureInOneTableLeavesNoPartialCommitAnywhere() {
    runBatch(inserts());
    Map<String, Map<String, List<Object>>> before =
        ChangeStreamTables.finalState(List.of(inserts()));
    Map<String, Map<String, List<Object>>> after =
        ChangeStreamTables.finalState(List.of(inserts(), changes()));
    List<Row> bad = new ArrayList<>(changes());
    bad.add(
        Row.withSchema(SCHEMA).addValues("events", "e1", "eu", "../etc", 9L, "bad", "u").build());
    Pipeline p = HudiIOTesting.pipeline(2);
    records(p.apply(Create.of(bad).withRowSchema(SCHEMA))).apply(writeDynamic());
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    assertThat(HudiIOTesting.messages(failure), containsString(base("events")));
    assertThat(HudiTableReader.of(base("events")).completedInstantTimes().size(), is(1));
    assertThat(ChangeStreamTables.hudiRows("events", base("events")), is(before.get("events")));
    for (String table : List.of("orders", "customers")) {
      int instants = HudiTableReader.of(base(table)).completedInstantTimes().size();
      assertThat(
          table + " is as before the failed run or as after it, nothing in between",
          ChangeStreamTables.hudiRows(table, base(table)),
          is(instants == 1 ? before.get(table) : after.get(table)));
    }

    runBatch(changes());
    for (String table : TABLES) {
      assertThat(table, ChangeStreamTables.hudiRows(table, base(table)), is(after.get(table)));
    }
  }

  /**
   * A source table whose schema gains a column within one commit: the table is written with the
   * wider schema, the older records without the column read as null, and the next commit, of the
   * older schema only, keeps the column.
   */
  @Test
  public void aTableWhoseSchemaGrowsWithinACommitTakesTheWiderSchema() {
    org.apache.avro.Schema wider =
        org.apache.avro.SchemaBuilder.record(AVRO.getName())
            .namespace(AVRO.getNamespace())
            .fields()
            .name("table")
            .type()
            .stringType()
            .noDefault()
            .name("id")
            .type()
            .stringType()
            .noDefault()
            .name("region")
            .type()
            .stringType()
            .noDefault()
            .name("day")
            .type()
            .stringType()
            .noDefault()
            .name("seq")
            .type()
            .longType()
            .noDefault()
            .name("name")
            .type()
            .stringType()
            .noDefault()
            .name("op")
            .type()
            .stringType()
            .noDefault()
            .name("tier")
            .type()
            .optional()
            .stringType()
            .endRecord();
    List<GenericRecord> first = new ArrayList<>();
    for (Row row : inserts()) {
      if (row.getString("table").equals("customers")) {
        first.add(AvroUtils.toGenericRecord(row, AVRO));
      }
    }
    GenericRecord narrow =
        AvroUtils.toGenericRecord(ChangeStreamTables.event("customers", "c", 20, 1, "c-20"), AVRO);
    GenericData.Record gold = new GenericData.Record(wider);
    AVRO.getFields().forEach(f -> gold.put(f.name(), narrow.get(f.name())));
    gold.put("tier", "gold");
    first.add(gold);
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(first).withCoder(HudiIO.genericRecordCoder(AVRO, wider)))
        .apply(writeDynamic());
    p.run().waitUntilFinish();

    Map<String, GenericRecord> rows = HudiTableReader.of(base("customers")).snapshotByRecordKey();
    assertThat(rows.size(), is(9));
    assertThat(HudiTableReader.string(rows.get("c20"), "tier"), is("gold"));
    assertThat(rows.get("c1").get("tier"), nullValue());
    assertThat(HudiTableReader.string(rows.get("c1"), "name"), is("customers-first-1"));

    // Records of the older schema only: kept in the table's schema (Hudi's reconcile setting; by
    // default such a write is refused, naming the missing column).
    String warehouse = warehouse().getAbsolutePath();
    Pipeline next = HudiIOTesting.pipeline(2);
    next.apply(
            Create.of(
                    AvroUtils.toGenericRecord(
                        ChangeStreamTables.event("customers", "u", 1, 9, "c-1-again"), AVRO))
                .withCoder(AvroCoder.of(AVRO)))
        .apply(
            writeDynamic()
                .withTables(
                    table ->
                        tables(warehouse)
                            .apply(table)
                            .withHoodieProperties(
                                Map.of("hoodie.datasource.write.reconcile.schema", "true"))));
    next.run().waitUntilFinish();
    rows = HudiTableReader.of(base("customers")).snapshotByRecordKey();
    assertThat(HudiTableReader.string(rows.get("c1"), "name"), is("c-1-again"));
    assertThat(rows.get("c1").get("tier"), nullValue());
    assertThat(HudiTableReader.string(rows.get("c20"), "tier"), is("gold"));
  }

  @Test
  public void aTableWriteOtherThanAnUpsertIsRefusedNamingItsDestination() {
    Pipeline p = HudiIOTesting.pipeline(2);
    String warehouse = warehouse().getAbsolutePath();
    records(p.apply(Create.of(inserts()).withRowSchema(SCHEMA)))
        .apply(
            HudiIO.writeDynamic()
                .to(record -> record.get("table").toString())
                .withTables(
                    table ->
                        tables(warehouse).apply(table).withOperation(WriteOperation.BULK_INSERT)));
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    assertThat(HudiIOTesting.messages(failure), containsString("writeDynamic table '"));
    assertThat(HudiIOTesting.messages(failure), containsString("BULK_INSERT"));
  }

  @Test
  public void aWriteWithoutItsFunctionsIsRefusedWhenThePipelineIsBuilt() {
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollection<GenericRecord> records =
        records(p.apply(Create.of(inserts()).withRowSchema(SCHEMA)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> records.apply(HudiIO.writeDynamic().to(r -> "orders")));
    assertThat(e.getMessage(), containsString("withTables"));
  }
}
