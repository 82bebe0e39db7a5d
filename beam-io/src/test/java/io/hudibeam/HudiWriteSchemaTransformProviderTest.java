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

import static io.hudibeam.HudiIOTesting.commitMetadata;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The schema transform as the expansion service builds it: the provider found by its identifier
 * through ServiceLoader, the transform made from a configuration Row of the provider's
 * configuration schema. Two writes (insert, then upsert); the commit rows it outputs equal the
 * commits on Hudi's timeline, the table read by Hudi holds the rows (the dropped field not
 * written), and the keyless row is an error row.
 */
public class HudiWriteSchemaTransformProviderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Trips with a nullable key and a field the configuration drops. */
  private static final Schema SCHEMA = inputSchema();

  private static Schema inputSchema() {
    Schema.Builder b = Schema.builder().addNullableField("uuid", FieldType.STRING);
    TripsRows.SCHEMA.getFields().stream().skip(1).forEach(b::addField);
    return b.addStringField("debug").build();
  }

  /** Trip {@code i} of the batch with its extra debug column. */
  private static Row row(long batch, long i) {
    List<Object> values = new ArrayList<>(TripsRows.row(batch, i).getValues());
    values.add("debug " + i);
    return Row.withSchema(SCHEMA).addValues(values).build();
  }

  /** As {@link #row}, with no record key (uuid null): a bad record. */
  private static Row rowWithoutKey(long batch, long i) {
    List<Object> values = new ArrayList<>(row(batch, i).getValues());
    values.set(0, null);
    return Row.withSchema(SCHEMA).addValues(values).build();
  }

  private static SchemaTransformProvider provider() {
    List<SchemaTransformProvider> found =
        StreamSupport.stream(ServiceLoader.load(SchemaTransformProvider.class).spliterator(), false)
            .filter(p -> p.identifier().equals("beam:schematransform:io.hudibeam:hudi_write:v1"))
            .collect(Collectors.toList());
    assertThat(found.size(), is(1));
    return found.get(0);
  }

  private static Row configuration(
      SchemaTransformProvider provider, String base, String operation) {
    Schema schema = provider.configurationSchema();
    Schema errorHandling = schema.getField("error_handling").getType().getRowSchema();
    return Row.withSchema(schema)
        .withFieldValue("table", "trips")
        .withFieldValue("base_path", base)
        .withFieldValue("record_key", "uuid")
        .withFieldValue("partition_fields", List.of("city"))
        .withFieldValue("ordering_field", "ts")
        .withFieldValue("operation", operation)
        .withFieldValue("hoodie_properties", Map.of("hoodie.parquet.compression.codec", "snappy"))
        .withFieldValue("drop", List.of("debug"))
        .withFieldValue(
            "error_handling",
            Row.withSchema(errorHandling).withFieldValue("output", "errors").build())
        .build();
  }

  /** Runs one write through the schema transform; returns the commit rows as text. */
  private List<String> write(
      String base, String operation, List<Row> rows, List<String> expectedErrors) throws Exception {
    SchemaTransformProvider provider = provider();
    SchemaTransform transform = provider.from(configuration(provider, base, operation));
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple output =
        PCollectionRowTuple.of("input", p.apply(Create.of(rows).withRowSchema(SCHEMA)))
            .apply(transform);
    String commitsFile = tmp.newFolder().toPath().resolve("commits.txt").toString();
    output
        .get("commits")
        .apply(
            "Commit text",
            MapElements.into(TypeDescriptors.strings())
                .via(HudiWriteSchemaTransformProviderTest::text))
        .apply("Write commits", TextIO.write().to(commitsFile).withoutSharding());
    PAssert.that(
            output
                .get("errors")
                .apply(
                    "Error text",
                    MapElements.into(TypeDescriptors.strings())
                        .via(
                            (Row e) ->
                                e.getRow("failed_row").getInt64("ts")
                                    + "|"
                                    + e.getRow("failed_row").getString("uuid")
                                    + "|"
                                    + e.getString("error_message").replaceAll("; record: .*", ""))))
        .containsInAnyOrder(expectedErrors);
    p.run().waitUntilFinish();
    return Files.readAllLines(Paths.get(commitsFile));
  }

  private static String text(Row c) {
    return String.join(
        "|",
        c.getString("instant_time"),
        c.getString("operation"),
        c.getString("outcome"),
        "" + c.getInt64("records_inserted"),
        "" + c.getInt64("records_updated"),
        "" + c.getInt64("records_deleted"),
        "" + c.getInt64("files_written"),
        "" + c.getInt64("bytes_written"));
  }

  /** The commit as Hudi's reader sees it, in the commit row's text form. */
  private static String hudiCommit(HudiTableReader reader, String instant) {
    HoodieCommitMetadata m = commitMetadata(reader, instant);
    return String.join(
        "|",
        instant,
        m.getOperationType().name(),
        "COMMITTED",
        "" + m.fetchTotalInsertRecordsWritten(),
        "" + m.fetchTotalUpdateRecordsWritten(),
        "" + m.getTotalRecordsDeleted(),
        "" + m.getWriteStats().size(),
        "" + m.fetchTotalBytesWritten());
  }

  @Test
  public void writesFromAConfigurationRowAndOutputsTheCommits() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<Row> first = new ArrayList<>();
    for (long i = 0; i < 4; i++) {
      first.add(row(0, i));
    }
    first.add(rowWithoutKey(0, 9));
    List<String> commits =
        new ArrayList<>(
            write(
                base,
                "insert",
                first,
                List.of(
                    rowWithoutKey(0, 9).getInt64("ts")
                        + "|null|HudiIO write to "
                        + base
                        + ", step 'Generate keys': record key field 'uuid' is null, but a record key must be non-empty")));
    List<Row> second = new ArrayList<>();
    for (long i = 2; i < 6; i++) {
      second.add(row(1, i));
    }
    commits.addAll(write(base, "upsert", second, List.of()));

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants.size(), is(2));
    assertThat(
        commits,
        is(instants.stream().map(i -> hudiCommit(reader, i)).collect(Collectors.toList())));
    assertThat(
        commits.get(0).split("\\|")[1] + " " + commits.get(0).split("\\|")[3], is("INSERT 4"));
    assertThat(
        commits.get(1).split("\\|")[1] + " " + commits.get(1).split("\\|")[4], is("UPSERT 2"));

    // Row by row: records 0, 1 of the first batch and 2..5 of the second; no debug column.
    List<String> expected = new ArrayList<>();
    for (long i = 0; i < 6; i++) {
      expected.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(i < 2 ? 0 : 1, i)));
    }
    expected.sort(null);
    assertThat(HudiIOTesting.content(reader), is(expected));
    assertThat(reader.tableSchema().getField("debug"), is((Object) null));
    assertThat(reader.tableConfig().getTableName(), is("trips"));
  }

  /**
   * triggering_frequency_seconds and sink_id make a streaming write: the rows of one commit
   * interval become one commit whose lineage names the configured sink id, and Hudi reads them.
   * (One interval only: how a stream ends while a later interval waits is in docs/streaming.md,
   * "When the input ends".)
   */
  @Test(timeout = 300_000)
  public void triggeringFrequencyAndSinkIdMakeAStreamingWrite() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    SchemaTransformProvider provider = provider();
    Row config =
        Row.withSchema(provider.configurationSchema())
            .withFieldValue("table", "trips")
            .withFieldValue("base_path", base)
            .withFieldValue("record_key", "uuid")
            .withFieldValue("partition_fields", List.of("city"))
            .withFieldValue("ordering_field", "ts")
            .withFieldValue("operation", "insert")
            .withFieldValue("drop", List.of("debug"))
            .withFieldValue("triggering_frequency_seconds", 60)
            .withFieldValue("sink_id", "trips-stream")
            .build();
    List<org.apache.beam.sdk.values.TimestampedValue<Row>> rows = new ArrayList<>();
    for (long i = 0; i < 5; i++) {
      rows.add(
          org.apache.beam.sdk.values.TimestampedValue.of(
              row(0, i), new org.joda.time.Instant(i * 1000)));
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollection<Row> input =
        p.apply(Create.timestamped(rows).withCoder(org.apache.beam.sdk.coders.RowCoder.of(SCHEMA)))
            .setRowSchema(SCHEMA);
    PCollectionRowTuple.of("input", input).apply(provider.from(config));
    p.run().waitUntilFinish();

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants.size(), is(1));
    Map<String, String> lineage = StreamingTesting.extraMetadata(reader, instants.get(0));
    assertThat(lineage.get(io.hudibeam.commit.SinkLineage.SINK_ID), is("trips-stream"));
    assertThat(lineage.get(io.hudibeam.commit.SinkLineage.WINDOW_START), is("0"));
    assertThat(lineage.get(io.hudibeam.commit.SinkLineage.WINDOW_END), is("60000"));
    List<String> expected = new ArrayList<>();
    for (long i = 0; i < 5; i++) {
      expected.add(
          TripsData.key(i)
              + "|"
              + TripsData.city(i)
              + "|"
              + TripsData.values(TripsData.record(0, i)));
    }
    expected.sort(null);
    assertThat(HudiIOTesting.content(reader), is(expected));
  }

  private static final Schema CHANGES =
      Schema.builder()
          .addStringField("id")
          .addStringField("name")
          .addInt64Field("lsn")
          .addStringField("kind")
          .build();

  private static Row change(String id, String name, long lsn, String kind) {
    return Row.withSchema(CHANGES).addValues(id, name, lsn, kind).build();
  }

  /** One change-stream write through the schema transform, with a change type map of its own. */
  private static void writeChanges(String base, List<Row> changes) {
    SchemaTransformProvider provider = provider();
    Row config =
        Row.withSchema(provider.configurationSchema())
            .withFieldValue("table", "people")
            .withFieldValue("base_path", base)
            .withFieldValue("record_key", "id")
            .withFieldValue("ordering_field", "lsn")
            .withFieldValue("change_type_column", "kind")
            .withFieldValue("change_type_map", Map.of("I", "insert", "U", "update", "D", "DELETE"))
            .build();
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple.of("input", p.apply(Create.of(changes).withRowSchema(CHANGES)))
        .apply(provider.from(config));
    p.run().waitUntilFinish();
  }

  /**
   * change_type_column and change_type_map make a change-stream write: inserts, updates and deletes
   * of one stream in one instant, a key's changes combined by the ordering field (a later update
   * beats an earlier one, a later delete beats an update); Hudi's reader sees the result.
   */
  @Test
  public void changeTypeColumnAndMapWriteAChangeStream() throws Exception {
    String base = tmp.newFolder("people").getAbsolutePath();
    writeChanges(
        base,
        List.of(change("a", "ann", 1, "I"), change("b", "bob", 2, "I"), change("c", "cy", 3, "I")));
    writeChanges(
        base,
        List.of(
            change("a", "ann-2", 5, "U"),
            change("a", "ann-1", 4, "U"),
            change("b", "bob-1", 6, "U"),
            change("b", "bob", 7, "D"),
            change("d", "dee", 8, "I")));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes().size(), is(2));
    Map<String, String> rows = new java.util.TreeMap<>();
    reader
        .snapshotByRecordKey()
        .forEach(
            (key, r) ->
                rows.put(
                    key,
                    HudiTableReader.string(r, "name")
                        + ","
                        + r.get("lsn")
                        + ","
                        + HudiTableReader.string(r, "kind")));
    assertThat(rows, is(Map.of("a", "ann-2,5,U", "c", "cy,3,I", "d", "dee,8,I")));
  }

  /**
   * One table below a warehouse (base path <warehouse>/<table>, each dot a folder), its ordering
   * field as an Iceberg-style one-element ordering_fields, and its table_settings (merge-on-read)
   * over the common keys; Hudi reads the change stream's result.
   */
  @Test
  public void oneTableBelowAWarehouseWithOrderingFieldsAndTableSettings() throws Exception {
    String warehouse = tmp.newFolder("warehouse").getAbsolutePath();
    SchemaTransformProvider provider = provider();
    Row config =
        Row.withSchema(provider.configurationSchema())
            .withFieldValue("table", "crm.people")
            .withFieldValue("warehouse", warehouse)
            .withFieldValue("record_key", "id")
            .withFieldValue("ordering_fields", List.of("lsn"))
            .withFieldValue("change_type_column", "kind")
            .withFieldValue("change_type_map", Map.of("I", "insert", "U", "update", "D", "delete"))
            .withFieldValue(
                "table_settings",
                Map.of("crm.people", Map.of("hoodie.datasource.write.table.type", "MERGE_ON_READ")))
            .build();
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple.of(
            "input",
            p.apply(
                Create.of(
                        change("a", "ann", 1, "I"),
                        change("a", "ann-1", 3, "U"),
                        change("a", "ann-0", 2, "U"),
                        change("b", "bob", 1, "I"),
                        change("b", "bob", 2, "D"),
                        change("c", "cy", 1, "I"))
                    .withRowSchema(CHANGES)))
        .apply(provider.from(config));
    p.run().waitUntilFinish();

    HudiTableReader reader = HudiTableReader.of(warehouse + "/crm/people");
    assertThat(reader.tableConfig().getTableName(), is("crm.people"));
    assertThat(reader.tableConfig().getPreCombineField(), is("lsn"));
    assertThat(
        reader.metaClient().getTableType(),
        is(org.apache.hudi.common.model.HoodieTableType.MERGE_ON_READ));
    Map<String, String> rows = new java.util.TreeMap<>();
    reader
        .snapshotByRecordKey()
        .forEach((key, r) -> rows.put(key, HudiTableReader.string(r, "name") + "," + r.get("lsn")));
    assertThat(rows, is(Map.of("a", "ann-1,3", "c", "cy,1")));
  }

  @Test
  public void aChangeTypeMapWithAnUnknownTypeIsRefusedNamingIt() {
    SchemaTransformProvider provider = provider();
    Row config =
        Row.withSchema(provider.configurationSchema())
            .withFieldValue("table", "people")
            .withFieldValue("base_path", tmp.getRoot().getAbsolutePath())
            .withFieldValue("record_key", "id")
            .withFieldValue("change_type_column", "kind")
            .withFieldValue("change_type_map", Map.of("X", "truncate"))
            .build();
    IllegalArgumentException e =
        org.junit.Assert.assertThrows(IllegalArgumentException.class, () -> provider.from(config));
    assertThat(
        e.getMessage(),
        is(
            "change_type_map maps 'X' to 'truncate', but the change types are insert, update and delete"));
    Row mapOnly =
        Row.withSchema(provider.configurationSchema())
            .withFieldValue("table", "people")
            .withFieldValue("base_path", tmp.getRoot().getAbsolutePath())
            .withFieldValue("record_key", "id")
            .withFieldValue("change_type_map", Map.of("D", "delete"))
            .build();
    assertThat(
        org.junit.Assert.assertThrows(IllegalArgumentException.class, () -> provider.from(mapOnly))
            .getMessage(),
        is("change_type_map is set but change_type_column is not: name the field it applies to"));
  }
}
