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
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.read()} on tables HudiIO writes (copy-on-write and merge-on-read), each read mode
 * compared row by row with Hudi 0.15's reader ({@link HudiTableReader}) or with the rows written.
 */
public class HudiIOReadTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<Row> trips(String base, WriteOperation op, TableType type) {
    return SafetyChecks.trips(base, op).withTableType(type);
  }

  /** Rows as sorted text, one per row: field=value pairs in the schema's order. */
  static List<String> text(List<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row row : rows) {
      StringBuilder b = new StringBuilder();
      for (Schema.Field f : row.getSchema().getFields()) {
        b.append(f.getName()).append('=').append(row.getValue(f.getName()).toString()).append(';');
      }
      out.add(b.toString());
    }
    out.sort(null);
    return out;
  }

  /** Hudi's records as the same text, in the fields of {@code schema}. */
  static List<String> textOf(List<GenericRecord> records, Schema schema) {
    List<String> out = new ArrayList<>();
    for (GenericRecord r : records) {
      StringBuilder b = new StringBuilder();
      for (Schema.Field f : schema.getFields()) {
        b.append(f.getName()).append('=').append(r.get(f.getName())).append(';');
      }
      out.add(b.toString());
    }
    out.sort(null);
    return out;
  }

  /** Runs {@code read} and asserts its rows, as text, equal {@code expected}. */
  private static void assertRead(HudiRead read, Schema schema, List<String> expected) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> rows = p.apply(read);
    assertThat(rows.getSchema(), is(schema));
    ArrayList<String> want = new ArrayList<>(expected);
    PAssert.that(rows)
        .satisfies(
            actual -> {
              List<Row> all = new ArrayList<>();
              actual.forEach(all::add);
              assertThat(text(all), is(want));
              return null;
            });
    p.run().waitUntilFinish();
  }

  private static Schema withMeta() {
    Schema.Builder b = Schema.builder();
    for (String meta :
        List.of(
            "_hoodie_commit_time",
            "_hoodie_commit_seqno",
            "_hoodie_record_key",
            "_hoodie_partition_path",
            "_hoodie_file_name")) {
      b.addNullableField(meta, Schema.FieldType.STRING);
    }
    TripsRows.SCHEMA.getFields().forEach(b::addField);
    return b.build();
  }

  private void everyReadMode(TableType type) {
    String base = new File(tmp.getRoot(), type.name()).getPath();
    SafetyChecks.run(TripsRows.batch(0, 0, 300), trips(base, WriteOperation.INSERT, type));
    HudiTableReader hudi = HudiTableReader.of(base);
    String first = hudi.completedInstantTimes().get(0);
    SafetyChecks.run(TripsRows.batch(1, 200, 200), trips(base, WriteOperation.UPSERT, type));
    SafetyChecks.run(TripsRows.batch(2, 0, 50), trips(base, WriteOperation.DELETE, type));
    List<String> instants = hudi.completedInstantTimes();
    String second = instants.get(1);
    Schema meta = withMeta();

    // Snapshot: meta columns included, row by row against Hudi's reader.
    List<String> snapshot = textOf(hudi.snapshot(), meta);
    assertThat(snapshot.size(), is(350));
    assertRead(HudiIO.read().withBasePath(base).withMetaColumns(), meta, snapshot);
    // Without meta columns: the written rows.
    assertRead(
        HudiIO.read().withBasePath(base),
        TripsRows.SCHEMA,
        textOf(hudi.snapshot(), TripsRows.SCHEMA));
    // Read-optimized: base files only.
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .withMetaColumns()
            .withQueryType(HudiRead.QueryType.READ_OPTIMIZED),
        meta,
        textOf(hudi.readOptimized(), meta));
    // Time travel to the first commit: the inserted rows.
    assertRead(
        HudiIO.read().withBasePath(base).withAsOfInstant(first),
        TripsRows.SCHEMA,
        text(TripsRows.batch(0, 0, 300)));
    // Incremental after the first commit: Hudi's incremental rows.
    assertRead(
        HudiIO.read().withBasePath(base).withMetaColumns().withBeginInstant(first),
        meta,
        textOf(hudi.incrementalSince(first), meta));
    // Incremental (first, second]: the upserted rows.
    assertRead(
        HudiIO.read().withBasePath(base).withBeginInstant(first).withEndInstant(second),
        TripsRows.SCHEMA,
        text(TripsRows.batch(1, 200, 200)));
    // Projection and partition filter.
    String city = TripsData.CITIES.get(1);
    Schema projected =
        Schema.builder()
            .addField(TripsRows.SCHEMA.getField("uuid"))
            .addField(TripsRows.SCHEMA.getField("city"))
            .build();
    List<String> expected =
        textOf(
            hudi.snapshot().stream()
                .filter(r -> city.equals(String.valueOf(r.get("city"))))
                .collect(Collectors.toList()),
            projected);
    assertThat(expected.isEmpty(), is(false));
    assertRead(
        HudiIO.read()
            .withBasePath(base)
            .keeping("uuid", "city")
            .withPartitionFilter("city = '" + city + "'"),
        projected,
        expected);
  }

  @Test
  public void copyOnWriteEveryReadModeEqualsHudi() {
    everyReadMode(TableType.COPY_ON_WRITE);
  }

  @Test
  public void mergeOnReadEveryReadModeEqualsHudi() {
    everyReadMode(TableType.MERGE_ON_READ);
  }

  @Test
  public void badSettingsAreRefusedWithTheirName() {
    String base = new File(tmp.getRoot(), "t").getPath();
    SafetyChecks.run(
        TripsRows.batch(0, 0, 10), trips(base, WriteOperation.INSERT, TableType.COPY_ON_WRITE));
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    IllegalArgumentException keep =
        assertThrows(
            IllegalArgumentException.class,
            () -> p.apply(HudiIO.read().withBasePath(base).keeping("nope")));
    assertThat(keep.getMessage(), containsString("'nope'"));
    IllegalArgumentException filter =
        assertThrows(
            IllegalArgumentException.class, () -> HudiIO.read().withPartitionFilter("city ~ 'x'"));
    assertThat(filter.getMessage(), containsString("withPartitionFilter"));
    IllegalArgumentException incremental =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.apply(
                    "incremental",
                    HudiIO.read()
                        .withBasePath(base)
                        .withQueryType(HudiRead.QueryType.INCREMENTAL)));
    assertThat(incremental.getMessage(), containsString("begin instant"));
  }
}
