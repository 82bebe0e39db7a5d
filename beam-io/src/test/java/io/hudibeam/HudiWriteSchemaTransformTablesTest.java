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
import static io.hudibeam.testing.ChangeStreamTables.event;
import static io.hudibeam.testing.ChangeStreamTables.finalState;
import static io.hudibeam.testing.ChangeStreamTables.hudiRows;
import static io.hudibeam.testing.ChangeStreamTables.inserts;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.HoodieTableType;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The {@code hudi_write} schema transform with a {@code table} template (issue #36): a change
 * stream of three source tables (field {@code table}) routed by {@code shop.{table}} to three Hudi
 * tables below {@code warehouse}, each with its own {@code table_settings} (orders: copy-on-write,
 * key id, partitioned by region; customers: merge-on-read, not partitioned; events: key id and day,
 * partitioned by day, hive style), deletes by {@code change_type_column}, ordered by the one field
 * of {@code ordering_fields}; each table read back row by row by Hudi 0.15's reader against its
 * final state computed from the events. Then a row of no listed table, failing or an error row, and
 * the configurations refused when the transform is built.
 */
public class HudiWriteSchemaTransformTablesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static SchemaTransformProvider provider() {
    List<SchemaTransformProvider> found =
        StreamSupport.stream(ServiceLoader.load(SchemaTransformProvider.class).spliterator(), false)
            .filter(p -> p.identifier().equals(HudiWriteSchemaTransformProvider.IDENTIFIER))
            .collect(Collectors.toList());
    assertThat(found.size(), is(1));
    return found.get(0);
  }

  private String warehouse() {
    return new File(tmp.getRoot(), "warehouse").getAbsolutePath();
  }

  /** The three tables' configuration, as a YAML pipeline would give it. */
  private Row.FieldValueBuilder config() {
    return Row.withSchema(provider().configurationSchema())
        .withFieldValue("table", "shop.{table}")
        .withFieldValue("warehouse", warehouse())
        .withFieldValue("tables", List.of("shop.orders", "shop.customers", "shop.events"))
        .withFieldValue("record_key", "id")
        .withFieldValue("ordering_fields", List.of("seq"))
        .withFieldValue("change_type_column", "op")
        .withFieldValue("hoodie_properties", Map.of("hoodie.parquet.compression.codec", "snappy"))
        .withFieldValue(
            "table_settings",
            Map.of(
                "shop.orders",
                Map.of("hoodie.datasource.write.partitionpath.field", "region"),
                "shop.customers",
                Map.of("hoodie.datasource.write.table.type", "MERGE_ON_READ"),
                "shop.events",
                Map.of(
                    "hoodie.datasource.write.recordkey.field", "id,day",
                    "hoodie.datasource.write.partitionpath.field", "day",
                    "hoodie.datasource.write.hive_style_partitioning", "true")));
  }

  private static void run(Row config, List<Row> rows) {
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple.of("input", p.apply(Create.of(rows).withRowSchema(SCHEMA)))
        .apply(provider().from(config));
    p.run().waitUntilFinish();
  }

  private String base(String table) {
    return warehouse() + "/shop/" + table;
  }

  @Test
  public void aTableTemplateWritesAChangeStreamIntoItsTables() {
    List<Row> changes = new ArrayList<>(changes());
    run(config().build(), inserts());
    run(config().build(), changes);

    Map<String, Map<String, List<Object>>> expected = finalState(List.of(inserts(), changes));
    for (String table : TABLES) {
      HudiTableReader reader = HudiTableReader.of(base(table));
      assertThat(table, reader.completedInstantTimes().size(), is(2));
      assertThat(table, hudiRows(table, base(table)), is(expected.get(table)));
      assertThat(reader.tableConfig().getTableName(), is("shop." + table));
      assertThat(
          table,
          reader.metaClient().getTableType(),
          is(
              table.equals("customers")
                  ? HoodieTableType.MERGE_ON_READ
                  : HoodieTableType.COPY_ON_WRITE));
      assertThat(
          table,
          reader.tableConfig().getRecordKeyFieldProp(),
          is(table.equals("events") ? "id,day" : "id"));
      assertThat(reader.tableConfig().getPreCombineField(), is("seq"));
    }
    assertThat(expected.get("orders").size() > 4, is(true));
    assertThat(HudiTableReader.of(base("orders")).partitionPaths(), is(List.of("eu", "us")));
    assertThat(HudiTableReader.of(base("customers")).partitionPaths(), is(List.of("")));
  }

  /**
   * A template without {@code tables}: each table is created when rows first name it ({@code
   * HudiIO.writeDynamicRows()}), with the common keys and its own {@code table_settings}; every
   * table exact by Hudi's reader after inserts and a change stream.
   */
  @Test
  public void aTemplateWithoutTablesCreatesEachTableOnFirstSight() {
    Row config = config().withFieldValue("tables", null).build();
    run(config, inserts());
    run(config, changes());

    Map<String, Map<String, List<Object>>> expected = finalState(List.of(inserts(), changes()));
    for (String table : TABLES) {
      HudiTableReader reader = HudiTableReader.of(base(table));
      assertThat(table, reader.completedInstantTimes().size(), is(2));
      assertThat(table, hudiRows(table, base(table)), is(expected.get(table)));
      assertThat(reader.tableConfig().getTableName(), is("shop." + table));
      assertThat(
          table,
          reader.metaClient().getTableType(),
          is(
              table.equals("customers")
                  ? HoodieTableType.MERGE_ON_READ
                  : HoodieTableType.COPY_ON_WRITE));
    }
    assertThat(HudiTableReader.of(base("orders")).partitionPaths(), is(List.of("eu", "us")));
  }

  /**
   * The template is resolved from the whole row, before {@code drop} (as Managed IcebergIO): the
   * tables lack the dropped field {@code table}. With {@code error_handling}, a row of no listed
   * table and a row whose template field is null are error rows naming their record key and the
   * template, and the other rows are written.
   */
  @Test
  public void aRowOfNoListedTableIsAnErrorRowAndTheOthersAreWritten() {
    Schema schema = nullableTableSchema();
    Row config =
        config()
            .withFieldValue("tables", List.of("shop.orders", "shop.customers"))
            .withFieldValue(
                "table_settings",
                Map.of(
                    "shop.customers",
                    Map.of("hoodie.datasource.write.table.type", "MERGE_ON_READ")))
            .withFieldValue("drop", List.of("table"))
            .withFieldValue(
                "error_handling",
                Row.withSchema(
                        provider()
                            .configurationSchema()
                            .getField("error_handling")
                            .getType()
                            .getRowSchema())
                    .withFieldValue("output", "errors")
                    .build())
            .build();
    List<Row> rows = new ArrayList<>();
    for (Row e : inserts()) {
      if (!e.getString("table").equals("events")) {
        rows.add(withSchema(schema, e, UnaryOperator.identity()));
      }
    }
    rows.add(withSchema(schema, event("refunds", "c", 3, 1, "refund-3"), t -> t));
    rows.add(withSchema(schema, event("orders", "c", 5, 1, "no-table-5"), t -> null));
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple output =
        PCollectionRowTuple.of("input", p.apply(Create.of(rows).withRowSchema(schema)))
            .apply(provider().from(config));
    PAssert.that(
            output
                .get("errors")
                .apply(
                    MapElements.into(TypeDescriptors.strings())
                        .via(
                            (Row e) ->
                                e.getRow("failed_row").getString("name")
                                    + "|"
                                    + e.getRow("failed_row").getSchema().hasField("table")
                                    + "|"
                                    + e.getString("error_message"))))
        .containsInAnyOrder(
            "refund-3|false|hudi_write: the row with record key 'r3' goes to the table"
                + " 'shop.refunds' by the table template 'shop.{table}', which is not one of tables"
                + " [shop.customers, shop.orders] (add it to tables)",
            "no-table-5|false|hudi_write: the row with record key 'o5' has no table: the field"
                + " 'table' of the table template 'shop.{table}' is null (the tables are"
                + " [shop.customers, shop.orders])");
    p.run().waitUntilFinish();

    for (String table : List.of("orders", "customers")) {
      assertThat(
          unpartitionedRows(table), is(unpartitioned(finalState(List.of(inserts())), table)));
      assertThat(
          HudiTableReader.of(base(table)).tableSchema().getField("table"), is((Object) null));
    }
    assertThat(new File(warehouse(), "shop/refunds").exists(), is(false));
  }

  /** A table written without partition fields, read by Hudi: key → the values of finalState. */
  private Map<String, List<Object>> unpartitionedRows(String table) {
    Map<String, List<Object>> read = new TreeMap<>();
    for (GenericRecord r : HudiTableReader.of(base(table)).snapshotByRecordKey().values()) {
      List<Object> values = new ArrayList<>();
      values.add(HudiTableReader.string(r, "_hoodie_partition_path"));
      values.add(HudiTableReader.string(r, "id"));
      values.add(HudiTableReader.string(r, "region"));
      values.add(HudiTableReader.string(r, "day"));
      values.add(r.get("seq"));
      values.add(HudiTableReader.string(r, "name"));
      read.put(HudiTableReader.string(r, "id"), values);
    }
    return read;
  }

  /** {@code expected}'s rows of {@code table} in a table without partitions. */
  private static Map<String, List<Object>> unpartitioned(
      Map<String, Map<String, List<Object>>> expected, String table) {
    Map<String, List<Object>> want = new TreeMap<>();
    expected
        .get(table)
        .forEach(
            (k, v) -> {
              List<Object> w = new ArrayList<>(v);
              w.set(0, "");
              want.put(k, w);
            });
    return want;
  }

  /**
   * With triggering_frequency_seconds, each table commits its rows of an interval as one instant
   * under its own default sink id ({@code <table name>-upsert}), and Hudi reads them.
   */
  @Test(timeout = 300_000)
  public void aTemplateWithATriggeringFrequencyCommitsEachTablesInterval() {
    commitsEachTablesInterval(List.of("shop.orders", "shop.customers"));
  }

  /** The same without tables: each table created on first sight by its first interval. */
  @Test(timeout = 300_000)
  public void aTemplateWithoutTablesWithATriggeringFrequencyCommitsEachTablesInterval() {
    commitsEachTablesInterval(null);
  }

  private void commitsEachTablesInterval(List<String> tables) {
    Row config =
        config()
            .withFieldValue("tables", tables)
            .withFieldValue(
                "table_settings",
                Map.of(
                    "shop.customers",
                    Map.of("hoodie.datasource.write.table.type", "MERGE_ON_READ")))
            .withFieldValue("triggering_frequency_seconds", 60)
            .build();
    List<Row> rows = new ArrayList<>();
    List<TimestampedValue<Row>> timed = new ArrayList<>();
    for (Row e : inserts()) {
      if (!e.getString("table").equals("events")) {
        timed.add(TimestampedValue.of(e, new Instant(rows.size() * 1000L)));
        rows.add(e);
      }
    }
    // As many threads as tables: the wait at the end of a bounded input holds no thread (issue #36;
    // with a wait per table blocking a DirectRunner thread, no table committed on 2 threads).
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple.of(
            "input",
            p.apply(Create.timestamped(timed).withCoder(RowCoder.of(SCHEMA))).setRowSchema(SCHEMA))
        .apply(provider().from(config));
    p.run().waitUntilFinish();

    for (String table : List.of("orders", "customers")) {
      HudiTableReader reader = HudiTableReader.of(base(table));
      List<String> instants = reader.completedInstantTimes();
      assertThat(table, instants.size(), is(1));
      Map<String, String> lineage = StreamingTesting.extraMetadata(reader, instants.get(0));
      assertThat(lineage.get(SinkLineage.SINK_ID), is("shop." + table + "-upsert"));
      assertThat(lineage.get(SinkLineage.WINDOW_END), is("60000"));
      assertThat(unpartitionedRows(table), is(unpartitioned(finalState(List.of(rows)), table)));
    }
  }

  /** Without error_handling, a row of no listed table fails the run, named. */
  @Test
  public void aRowOfNoListedTableFailsTheRunNamingItsKeyAndTheTemplate() {
    List<Row> rows = new ArrayList<>(inserts());
    rows.add(event("refunds", "c", 3, 1, "refund-3"));
    Throwable e = assertThrows(Throwable.class, () -> run(config().build(), rows));
    assertThat(
        HudiIOTesting.messages(e),
        containsString(
            "hudi_write: the row with record key 'r3' goes to the table 'shop.refunds' by the"
                + " table template 'shop.{table}', which is not one of tables [shop.customers,"
                + " shop.events, shop.orders] (add it to tables)"));
  }

  private static Schema nullableTableSchema() {
    Schema.Builder b = Schema.builder().addNullableField("table", Schema.FieldType.STRING);
    SCHEMA.getFields().stream().skip(1).forEach(b::addField);
    return b.build();
  }

  private static Row withSchema(Schema schema, Row e, UnaryOperator<String> table) {
    List<Object> values = new ArrayList<>(e.getValues());
    values.set(0, table.apply(e.getString("table")));
    return Row.withSchema(schema).addValues(values).build();
  }

  private IllegalArgumentException refused(Row config) {
    return assertThrows(IllegalArgumentException.class, () -> provider().from(config));
  }

  @Test
  public void configurationsThatCannotBeWrittenAreRefusedNamingTheKey() {
    assertThat(
        refused(config().withFieldValue("tables", List.of()).build()).getMessage(),
        is(
            "tables is empty: list every table the template 'shop.{table}' resolves to (e.g."
                + " [shop.orders]), or leave tables out for tables created on first sight"));
    // Without tables (tables created on first sight): what writeDynamicRows() cannot take.
    Row.FieldValueBuilder firstSight = config().withFieldValue("tables", null);
    assertThat(
        refused(config().withFieldValue("tables", null).withFieldValue("record_key", null).build())
            .getMessage(),
        is(
            "table 'shop.{table}' is a template without tables (tables created on first sight):"
                + " set record_key, the key of every table"));
    assertThat(
        refused(
                config()
                    .withFieldValue("tables", null)
                    .withFieldValue("table_settings", Map.of("refunds", Map.of("hoodie.a", "b")))
                    .build())
            .getMessage(),
        is("table_settings has 'refunds', which the table template 'shop.{table}' cannot give"));
    assertThat(
        refused(
                firstSight
                    .withFieldValue(
                        "table_settings", Map.of("shop.orders", Map.of("fs.s3a.endpoint", "x")))
                    .build())
            .getMessage(),
        containsString("has the key 'fs.s3a.endpoint', but takes Hudi's hoodie.* keys only"));
    assertThat(
        refused(config().withFieldValue("tables", List.of("shop.orders", "refunds")).build())
            .getMessage(),
        is("tables has 'refunds', which the table template 'shop.{table}' cannot give"));
    assertThat(
        refused(config().withFieldValue("tables", List.of("shop.a/b")).build()).getMessage(),
        containsString("tables has the table name 'shop.a/b'"));
    assertThat(
        refused(config().withFieldValue("base_path", "/t").build()).getMessage(),
        containsString("base_path names one table, but table 'shop.{table}' is a template"));
    assertThat(
        refused(config().withFieldValue("warehouse", null).build()).getMessage(),
        containsString("table 'shop.{table}' is a template: set warehouse"));
    assertThat(
        refused(config().withFieldValue("table", "shop.{$YYYY}").build()).getMessage(),
        containsString("uses the windowing placeholder {$YYYY}"));
    assertThat(
        refused(config().withFieldValue("ordering_fields", List.of()).build()).getMessage(),
        is("ordering_fields must name at least one field, but got []"));
    assertThat(
        refused(config().withFieldValue("ordering_field", "seq").build()).getMessage(),
        containsString("ordering_field and ordering_fields are both set"));
    assertThat(
        refused(
                config()
                    .withFieldValue(
                        "table_settings", Map.of("shop.refunds", Map.of("hoodie.a", "b")))
                    .build())
            .getMessage(),
        is(
            "table_settings has settings for 'shop.refunds', which is not one of the tables"
                + " [shop.customers, shop.events, shop.orders]"));
    assertThat(
        refused(
                config()
                    .withFieldValue(
                        "table_settings", Map.of("shop.orders", Map.of("fs.s3a.endpoint", "x")))
                    .build())
            .getMessage(),
        is(
            "table_settings of 'shop.orders' has the key 'fs.s3a.endpoint', but takes Hudi's hoodie.* keys only"));
    assertThat(
        refused(
                config()
                    .withFieldValue("record_key", null)
                    .withFieldValue(
                        "table_settings",
                        Map.of(
                            "shop.events",
                            Map.of("hoodie.datasource.write.recordkey.field", "id,day")))
                    .build())
            .getMessage(),
        is(
            "table 'shop.customers' has no record key: set record_key, or"
                + " hoodie.datasource.write.recordkey.field in its table_settings"));
    assertThat(
        refused(
                config()
                    .withFieldValue("table", "trips")
                    .withFieldValue("tables", null)
                    .withFieldValue("table_settings", null)
                    .withFieldValue("warehouse", null)
                    .build())
            .getMessage(),
        containsString("set one of base_path (the table's base path) and warehouse"));

    // A template field the input lacks is refused when the transform is applied.
    Row missingField =
        config()
            .withFieldValue("table", "shop.{source.table}")
            .withFieldValue("tables", List.of("shop.orders"))
            .withFieldValue("table_settings", null)
            .build();
    Pipeline p = HudiIOTesting.pipeline(1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PCollectionRowTuple.of("input", p.apply(Create.of(inserts()).withRowSchema(SCHEMA)))
                    .apply(provider().from(missingField)));
    assertThat(
        e.getMessage(),
        containsString(
            "table 'shop.{source.table}' names the field 'source.table', which the input rows lack"));
  }
}
