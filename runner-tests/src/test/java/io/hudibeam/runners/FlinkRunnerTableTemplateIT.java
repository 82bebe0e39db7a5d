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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiWriteSchemaTransformProvider;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.ChangeStreamTables;
import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.Filter;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.HoodieTableType;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.rules.Timeout;

/**
 * The {@code hudi_write} schema transform with a {@code table} template on the FlinkRunner
 * (embedded, parallelism 2; issue #36, "table templates on the FlinkRunner"): the change stream of
 * three source tables of {@link ChangeStreamTables} routed by {@code shop.{table}} to three Hudi
 * tables below {@code warehouse}, configured as {@code HudiWriteSchemaTransformTablesTest} does on
 * the DirectRunner (orders: copy-on-write, key id, partitioned by region; customers: merge-on-read,
 * not partitioned; events: key id and day, partitioned by day, hive style; deletes by {@code
 * change_type_column}, ordered by {@code seq}). Batch: the inserts, then the changes (updates, one
 * out of order, deletes, an update after a delete, a delete after an update); streaming: an endless
 * change stream over three commit intervals of {@code triggering_frequency_seconds}, cancelled once
 * every table is committed through its last interval. Each table is read back row by row with Hudi
 * 0.15's reader against its final state computed from the events.
 */
public class FlinkRunnerTableTemplateIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  @Rule public Timeout timeout = Timeout.seconds(240);

  private static final Instant EPOCH = new Instant(1_700_000_000_000L);
  private static final long EVENTS = 600;
  private static final long MILLIS_PER_INDEX = 10;
  private static final long INTERVAL_SECONDS = 2;
  private static final long LAST_END = EPOCH.getMillis() + EVENTS * MILLIS_PER_INDEX;

  private static SchemaTransformProvider provider() {
    List<SchemaTransformProvider> found =
        StreamSupport.stream(ServiceLoader.load(SchemaTransformProvider.class).spliterator(), false)
            .filter(p -> p.identifier().equals(HudiWriteSchemaTransformProvider.IDENTIFIER))
            .collect(Collectors.toList());
    assertThat(found.size(), is(1));
    return found.get(0);
  }

  /** The three tables' configuration, as a YAML pipeline gives it (as the DirectRunner test). */
  private static Row.FieldValueBuilder config(File warehouse) {
    return Row.withSchema(provider().configurationSchema())
        .withFieldValue("table", "shop.{table}")
        .withFieldValue("warehouse", warehouse.getAbsolutePath())
        .withFieldValue("tables", List.of("shop.orders", "shop.customers", "shop.events"))
        .withFieldValue("record_key", "id")
        .withFieldValue("ordering_fields", List.of("seq"))
        .withFieldValue("change_type_column", "op")
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

  private static String base(File warehouse, String table) {
    return new File(warehouse, "shop/" + table).getAbsolutePath();
  }

  /**
   * Every table has {@code instants} completed instants, its table type, name, key and ordering
   * field, nothing pending, and, read by Hudi row by row, the final state of {@code writes}.
   */
  private static void assertEveryTableExact(File warehouse, List<List<Row>> writes, int instants) {
    Map<String, Map<String, List<Object>>> expected = ChangeStreamTables.finalState(writes);
    for (String table : ChangeStreamTables.TABLES) {
      String base = base(warehouse, table);
      HudiTableReader reader = HudiTableReader.of(base);
      assertThat(table, reader.completedInstantTimes().size(), is(instants));
      assertThat(table, ChangeStreamTables.hudiRows(table, base), is(expected.get(table)));
      assertThat(table, expected.get(table).isEmpty(), is(false));
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
      assertThat(table, reader.tableConfig().getPreCombineField(), is("seq"));
      FlinkRunnerStreamingIT.assertNothingPendingLeft(base);
      if (!table.equals("customers")) {
        HudiIOWriteSuite.assertNoOrphanBaseFiles(base);
      }
    }
    assertThat(
        HudiTableReader.of(base(warehouse, "orders")).partitionPaths(), is(List.of("eu", "us")));
  }

  private static void runBatch(File warehouse, List<Row> rows) {
    Pipeline p = Pipeline.create(FlinkRunnerWriteIT.flinkOptions(0));
    PCollectionRowTuple.of(
            "input", p.apply(Create.of(rows).withRowSchema(ChangeStreamTables.SCHEMA)))
        .apply(provider().from(config(warehouse).build()));
    assertThat(p.run().waitUntilFinish(), is(PipelineResult.State.DONE));
  }

  @Test
  public void aTableTemplateWritesAChangeStreamIntoItsTablesInABatch() {
    File warehouse = new File(tmp.getRoot(), "warehouse");
    List<Row> inserts = ChangeStreamTables.inserts();
    List<Row> changes = ChangeStreamTables.changes();
    runBatch(warehouse, inserts);
    assertEveryTableExact(warehouse, List.of(inserts), 1);
    runBatch(warehouse, changes);
    assertEveryTableExact(warehouse, List.of(inserts, changes), 2);
  }

  /**
   * {@code triggering_frequency_seconds} on Flink: an endless change stream ({@code
   * GenerateSequence}, {@value #EVENTS} events of the three tables, inserts then updates and
   * deletes) over three intervals of event time; each table commits one instant per interval under
   * its own sink id ({@code shop.<table>-upsert}), in order; the job is cancelled once every table
   * is committed through the last interval (bounded wait).
   */
  @Test
  public void aTableTemplateWithATriggeringFrequencyCommitsEachTablesIntervalsOnFlink()
      throws Exception {
    File warehouse = new File(tmp.getRoot(), "warehouse");
    FlinkPipelineOptions options = FlinkRunnerStreamingIT.streamingOptions(0);
    Pipeline p = Pipeline.create(options);
    PCollectionRowTuple.of(
            "input",
            p.apply(
                    GenerateSequence.from(0)
                        .withRate(300, Duration.standardSeconds(1))
                        .withTimestampFn(i -> EPOCH.plus(Duration.millis(i * MILLIS_PER_INDEX))))
                .apply(Filter.by((Long i) -> i < EVENTS))
                .apply(
                    MapElements.into(TypeDescriptors.rows()).via(ChangeStreamTables::streamEvent))
                .setRowSchema(ChangeStreamTables.SCHEMA))
        .apply(
            provider()
                .from(
                    config(warehouse)
                        .withFieldValue("triggering_frequency_seconds", (int) INTERVAL_SECONDS)
                        .build()));
    PipelineResult result = p.run();
    try {
      long deadline = System.currentTimeMillis() + 180_000;
      for (String table : ChangeStreamTables.TABLES) {
        while (FlinkRunnerStreamingIT.committedThrough(base(warehouse, table)) < LAST_END) {
          assertThat(
              "the stream is still running (state " + result.getState() + ")",
              result.getState().isTerminal(),
              is(false));
          if (System.currentTimeMillis() > deadline) {
            throw new AssertionError(
                table + " was not committed through " + new Instant(LAST_END) + " within 180 s");
          }
          Thread.sleep(200);
        }
      }
    } finally {
      result.cancel();
    }

    List<Row> events = new ArrayList<>();
    for (long i = 0; i < EVENTS; i++) {
      events.add(ChangeStreamTables.streamEvent(i));
    }
    assertEveryTableExact(warehouse, List.of(events), 3);
    List<Long> intervalStarts = new ArrayList<>();
    for (long start = EPOCH.getMillis(); start < LAST_END; start += INTERVAL_SECONDS * 1000) {
      intervalStarts.add(start);
    }
    for (String table : ChangeStreamTables.TABLES) {
      List<Long> windowStarts = new ArrayList<>();
      for (Map<String, String> extra :
          FlinkRunnerStreamingIT.lineages(HudiTableReader.of(base(warehouse, table)))) {
        assertThat(
            table + "'s sink id", extra.get(SinkLineage.SINK_ID), is("shop." + table + "-upsert"));
        windowStarts.add(Long.parseLong(extra.get(SinkLineage.WINDOW_START)));
      }
      assertThat(table + ": one instant per interval, in order", windowStarts, is(intervalStarts));
    }
  }
}
