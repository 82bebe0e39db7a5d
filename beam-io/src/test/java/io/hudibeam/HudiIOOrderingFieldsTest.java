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
import io.hudibeam.write.CompositeOrdering;
import java.io.File;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.StreamSupport;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Ordering by several fields (issue #36): a change stream ordered by a binlog file name and a
 * position in it ({@code withOrderingFields("file", "pos")}), where neither field alone gives the
 * right order, is combined within a write by the pair (the latest wins, a delete included) and,
 * across writes, a late update (a write of its own, no insert) is ignored on copy-on-write and
 * applied on merge-on-read table version 6 (its log merge is by commit time), as with one ordering
 * field. Each table is read back row by row with Hudi 0.15's reader (merged snapshot) against the
 * final state computed here from the events; its ordering field is {@code _ordering_value}, the
 * column the write adds. Also a stream (TestStream, two intervals), the {@code hudi_write} schema
 * transform's {@code ordering_fields}, and the refusals.
 */
public class HudiIOOrderingFieldsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema SCHEMA =
      Schema.builder()
          .addStringField("id")
          .addNullableField("file", Schema.FieldType.STRING)
          .addInt64Field("pos")
          .addStringField("name")
          .addStringField("op")
          .build();

  private static Row event(String op, String id, String file, long pos, String name) {
    return Row.withSchema(SCHEMA).addValues(id, file, pos, name, op).build();
  }

  /** The events' order: the binlog file, then the position in it. */
  private static final Comparator<Row> BINLOG =
      Comparator.<Row, String>comparing(e -> e.getString("file"))
          .thenComparing(e -> e.getInt64("pos"));

  private static List<Row> first() {
    return List.of(
        event("c", "k1", "bin.000009", 900, "k1-a"),
        event("u", "k1", "bin.000010", 5, "k1-b"), // a later file, a smaller position: wins
        event("c", "k2", "bin.000010", 30, "k2-d"),
        event("u", "k2", "bin.000010", 7, "k2-c"), // the same file, an earlier position: loses
        event("u", "k3", "bin.000009", 950, "k3-u"),
        event("d", "k3", "bin.000010", 8, "k3-deleted"), // the delete is later: no row
        event("c", "k4", "bin.000009", 100, "k4-a"),
        event("c", "k5", "bin.000010", 1, "k5-a"));
  }

  private static List<Row> second() {
    return List.of(
        event("u", "k4", "bin.000011", 2, "k4-b"),
        event("d", "k5", "bin.000011", 3, "k5-deleted"),
        event("c", "k6", "bin.000011", 4, "k6-a"));
  }

  /** A write of one update older than the table's row of its key, and no insert. */
  private static List<Row> late() {
    return List.of(event("u", "k1", "bin.000009", 999, "k1-late"));
  }

  /**
   * Key → [file, pos, name] after the writes: within a write the latest event of a key by (file,
   * pos) wins; across writes by the same order, or, with {@code commitTime}, the later write.
   */
  private static Map<String, List<Object>> finalState(List<List<Row>> writes, boolean commitTime) {
    Map<String, Row> latest = new TreeMap<>();
    for (List<Row> write : writes) {
      Map<String, Row> ofWrite = new TreeMap<>();
      for (Row e : write) {
        ofWrite.merge(e.getString("id"), e, (a, b) -> BINLOG.compare(b, a) >= 0 ? b : a);
      }
      ofWrite.forEach(
          (id, e) ->
              latest.merge(
                  id,
                  e,
                  (stored, incoming) ->
                      commitTime || BINLOG.compare(incoming, stored) >= 0 ? incoming : stored));
    }
    Map<String, List<Object>> out = new TreeMap<>();
    latest.forEach(
        (id, e) -> {
          if (!e.getString("op").equals("d")) {
            out.put(id, List.of(e.getString("file"), e.getInt64("pos"), e.getString("name")));
          }
        });
    return out;
  }

  private static Map<String, List<Object>> hudiRows(String base) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (GenericRecord r : HudiTableReader.of(base).snapshotByRecordKey().values()) {
      String file = HudiTableReader.string(r, "file");
      long pos = (Long) r.get("pos");
      assertThat(
          HudiTableReader.string(r, CompositeOrdering.FIELD),
          is(CompositeOrdering.encode(List.of(file, pos))));
      out.put(
          HudiTableReader.string(r, "id"), List.of(file, pos, HudiTableReader.string(r, "name")));
    }
    return out;
  }

  private HudiIO.Write<Row> write(String base, TableType type) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("binlog")
        .withTableType(type)
        .withRecordKeyFields("id")
        .withOrderingFields("file", "pos")
        .withChangeTypeField("op");
  }

  private static void run(List<Row> events, HudiIO.Write<Row> write) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(events).withRowSchema(SCHEMA)).apply(write);
    p.run().waitUntilFinish();
  }

  private void changesOrderedByFileAndPosition(TableType type) throws Exception {
    String base = tmp.newFolder(type.name()).getAbsolutePath();
    run(first(), write(base, type));
    assertThat(hudiRows(base), is(finalState(List.of(first()), false)));
    assertThat(
        HudiTableReader.of(base).tableConfig().getPreCombineField(), is(CompositeOrdering.FIELD));

    run(second(), write(base, type));
    assertThat(hudiRows(base), is(finalState(List.of(first(), second()), false)));

    run(late(), write(base, type));
    boolean commitTime = type == TableType.MERGE_ON_READ;
    Map<String, List<Object>> expected = finalState(List.of(first(), second(), late()), commitTime);
    assertThat(hudiRows(base), is(expected));
    // The test's expectations themselves: the pair decides where each field alone would not.
    assertThat(expected.get("k2").get(2), is("k2-d"));
    assertThat(expected.get("k1").get(2), is(commitTime ? "k1-late" : "k1-b"));
    assertThat(expected.containsKey("k3"), is(false));
  }

  @Test
  public void aCopyOnWriteTableIsOrderedByTheFileThenThePosition() throws Exception {
    changesOrderedByFileAndPosition(TableType.COPY_ON_WRITE);
  }

  @Test
  public void aMergeOnReadTableIsOrderedByTheFileThenThePosition() throws Exception {
    changesOrderedByFileAndPosition(TableType.MERGE_ON_READ);
  }

  /**
   * {@code HudiIO.writeDynamicRows()}: a table created on first sight orders by the file, then the
   * position, as {@code HudiIO.write()} does (copy-on-write: a late update is ignored).
   */
  @Test
  public void aTableCreatedOnFirstSightIsOrderedByTheFileThenThePosition() throws Exception {
    String warehouse = tmp.newFolder("dynamic").getAbsolutePath();
    String base = warehouse + "/binlog";
    for (List<Row> events : List.of(first(), second(), late())) {
      Pipeline p = HudiIOTesting.pipeline(2);
      p.apply(Create.of(events).withRowSchema(SCHEMA))
          .apply(
              HudiIO.writeDynamicRows()
                  .to(row -> "binlog")
                  .withTables(
                      table ->
                          HudiIO.write()
                              .withBasePath(warehouse + "/" + table)
                              .withTableName(table)
                              .withRecordKeyFields("id")
                              .withOrderingFields("file", "pos")
                              .withChangeTypeField("op")));
      p.run().waitUntilFinish();
    }
    assertThat(hudiRows(base), is(finalState(List.of(first(), second(), late()), false)));
    assertThat(
        HudiTableReader.of(base).tableConfig().getPreCombineField(), is(CompositeOrdering.FIELD));
  }

  /**
   * A stream of two commit intervals (TestStream): each interval's changes are combined by (file,
   * pos) and committed as one instant; the table equals the two writes' final state.
   */
  @Test
  public void aStreamCombinesEachIntervalByTheFileThenThePosition() throws Exception {
    String base = tmp.newFolder("stream").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(StreamingTesting.stream(SCHEMA, List.of(first(), second())))
        .apply(
            write(base, TableType.COPY_ON_WRITE)
                .withTriggeringFrequency(StreamingTesting.INTERVAL));
    p.run().waitUntilFinish();
    assertThat(HudiTableReader.of(base).completedInstantTimes().size(), is(2));
    assertThat(hudiRows(base), is(finalState(List.of(first(), second()), false)));
  }

  @Test
  public void theSchemaTransformTakesSeveralOrderingFields() {
    String base = new File(tmp.getRoot(), "transform").getAbsolutePath();
    SchemaTransformProvider provider =
        StreamSupport.stream(ServiceLoader.load(SchemaTransformProvider.class).spliterator(), false)
            .filter(p -> p.identifier().equals(HudiWriteSchemaTransformProvider.IDENTIFIER))
            .findFirst()
            .orElseThrow();
    Row config =
        Row.withSchema(provider.configurationSchema())
            .withFieldValue("table", "binlog")
            .withFieldValue("base_path", base)
            .withFieldValue("record_key", "id")
            .withFieldValue("ordering_fields", List.of("file", "pos"))
            .withFieldValue("change_type_column", "op")
            .build();
    Pipeline p = HudiIOTesting.pipeline(2);
    PCollectionRowTuple.of("input", p.apply(Create.of(first()).withRowSchema(SCHEMA)))
        .apply(provider.from(config));
    p.run().waitUntilFinish();
    assertThat(hudiRows(base), is(finalState(List.of(first()), false)));
  }

  @Test
  public void aNullOrderingFieldFailsNamingTheRecordKey() {
    Pipeline p = HudiIOTesting.pipeline(1);
    p.apply(Create.of(List.of(event("c", "k9", null, 1, "no-file"))).withRowSchema(SCHEMA))
        .apply(write(new File(tmp.getRoot(), "nulls").getAbsolutePath(), TableType.COPY_ON_WRITE));
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    assertThat(
        HudiIOTesting.messages(failure),
        containsString(
            "record key 'k9': the ordering field '_ordering_value'"
                + " (hoodie.datasource.write.precombine.field) is null: one of the ordering fields"
                + " it is made of (withOrderingFields) is null"));
  }

  @Test
  public void orderingFieldsTheRecordsCannotGiveAreRefusedWhenThePipelineIsBuilt() {
    Pipeline p = HudiIOTesting.pipeline(1);
    var input = p.apply(Create.of(first()).withRowSchema(SCHEMA));
    String base = new File(tmp.getRoot(), "refused").getAbsolutePath();
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                input.apply(
                    "missing",
                    write(base, TableType.COPY_ON_WRITE).withOrderingFields("file", "lsn")));
    assertThat(
        missing.getMessage(),
        containsString("withOrderingFields: the ordering field 'lsn' is not a top-level field"));

    IllegalArgumentException overridden =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                input.apply(
                    "overridden",
                    write(base, TableType.COPY_ON_WRITE)
                        .withHoodieProperties(
                            Map.of("hoodie.datasource.write.precombine.field", "pos"))));
    assertThat(
        overridden.getMessage(),
        containsString(
            "withOrderingFields(file, pos) orders by the column _ordering_value, but"
                + " hoodie.datasource.write.precombine.field is pos"));

    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> HudiIO.write().withOrderingFields("file", "pos", "file"));
    assertThat(twice.getMessage(), containsString("names a field twice"));
    assertThat(
        "one field is withOrderingField",
        HudiIO.write().withOrderingFields("pos").getOrderingFields(),
        is(List.of()));
    assertThat(
        HudiIO.write()
            .withOrderingFields("file", "pos")
            .withOrderingField("pos")
            .getOrderingFields(),
        is(List.of()));
    assertThat(
        Arrays.asList(
            HudiIO.write().withOrderingFields("file", "pos").getOrderingFields().toArray()),
        is(List.of("file", "pos")));
  }
}
