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

import static io.hudibeam.HudiIOTesting.RECORD_KEY;
import static io.hudibeam.HudiIOTesting.commitMetadata;
import static io.hudibeam.HudiIOTesting.lastInstant;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.schema.SchemaEvolutionException;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Schema evolution across commits, read back by Hudi 0.15 row by row with the table's schema (as
 * Hudi's readers read files written before a schema change): added nullable fields, int widened to
 * long, a narrower incoming type written as the table's, reordered fields; incompatible changes
 * refused before anything is written, with the table left as it was; reconcile.schema filling
 * missing fields with nulls.
 */
public class HudiIOSchemaEvolutionIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<Row> write(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("evolving")
        .withRecordKeyFields("id")
        .withPartitionFields("part")
        .withOperation(operation);
  }

  private static void run(Schema schema, List<Row> rows, HudiIO.Write<Row> write) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(rows).withRowSchema(schema)).apply(write);
    p.run().waitUntilFinish();
  }

  private static Row row(Schema schema, Object... values) {
    return Row.withSchema(schema).addValues(values).build();
  }

  /** The snapshot read with the table's schema: key → field → value (strings as String). */
  private static Map<String, Map<String, Object>> snapshot(HudiTableReader reader) {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    for (GenericRecord r : reader.snapshotWithTableSchema()) {
      Map<String, Object> values = new TreeMap<>();
      for (org.apache.avro.Schema.Field f : r.getSchema().getFields()) {
        if (!f.name().startsWith("_hoodie_")) {
          Object v = r.get(f.pos());
          values.put(f.name(), v instanceof CharSequence ? v.toString() : v);
        }
      }
      Object previous = out.put(HudiTableReader.string(r, RECORD_KEY), values);
      assertThat("duplicate key " + r, previous, nullValue());
    }
    return out;
  }

  private static Map<String, Object> values(Object... keyValues) {
    Map<String, Object> out = new TreeMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      out.put((String) keyValues[i], keyValues[i + 1]);
    }
    return out;
  }

  /** The user fields of the schema Hudi resolves for the table (the latest commit's). */
  private static List<String> tableFields(HudiTableReader reader) {
    return reader.tableSchema().getFields().stream()
        .map(org.apache.avro.Schema.Field::name)
        .filter(n -> !n.startsWith("_hoodie_"))
        .collect(Collectors.toList());
  }

  private static org.apache.avro.Schema.Type tableType(HudiTableReader reader, String field) {
    org.apache.avro.Schema s = reader.tableSchema().getField(field).schema();
    return s.getType() == org.apache.avro.Schema.Type.UNION
        ? s.getTypes().get(1).getType()
        : s.getType();
  }

  private static List<String> timelineFiles(String base) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.list(Paths.get(base, ".hoodie"))) {
      return files
          .filter(Files::isRegularFile)
          .map(f -> f.getFileName().toString())
          .sorted()
          .collect(Collectors.toList());
    }
  }

  @Test
  public void aFieldIsAddedAcrossThreeCommits() {
    String base = new File(tmp.getRoot(), "added").getPath();
    Schema v1 =
        Schema.builder().addStringField("id").addStringField("part").addInt64Field("n").build();
    run(
        v1,
        List.of(
            row(v1, "a", "p1", 1L),
            row(v1, "b", "p1", 2L),
            row(v1, "c", "p2", 3L),
            row(v1, "d", "p2", 4L)),
        write(base, WriteOperation.INSERT));

    // Commit 2 adds "tip" and rewrites p1's file group (one update, one insert); p2 is untouched.
    Schema v2 =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("tip", FieldType.DOUBLE)
            .build();
    run(
        v2,
        List.of(row(v2, "a", "p1", 10L, 1.5), row(v2, "e", "p1", 5L, null)),
        write(base, WriteOperation.UPSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(tableFields(reader), contains("id", "part", "n", "tip"));
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 10L, "tip", 1.5),
                "b", values("id", "b", "part", "p1", "n", 2L, "tip", null),
                "c", values("id", "c", "part", "p2", "n", 3L, "tip", null),
                "d", values("id", "d", "part", "p2", "n", 4L, "tip", null),
                "e", values("id", "e", "part", "p1", "n", 5L, "tip", null))));

    // Commit 3 adds "note" with an insert: p2's small file group takes it (stored rows carried
    // over).
    Schema v3 =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("tip", FieldType.DOUBLE)
            .addNullableField("note", FieldType.STRING)
            .build();
    run(v3, List.of(row(v3, "f", "p2", 6L, 2.25, "third")), write(base, WriteOperation.INSERT));
    reader = HudiTableReader.of(base);
    assertThat(tableFields(reader), contains("id", "part", "n", "tip", "note"));
    assertThat(
        commitMetadata(reader, lastInstant(reader)).getMetadata("schema"),
        containsString("\"note\""));
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 10L, "tip", 1.5, "note", null),
                "b", values("id", "b", "part", "p1", "n", 2L, "tip", null, "note", null),
                "c", values("id", "c", "part", "p2", "n", 3L, "tip", null, "note", null),
                "d", values("id", "d", "part", "p2", "n", 4L, "tip", null, "note", null),
                "e", values("id", "e", "part", "p1", "n", 5L, "tip", null, "note", null),
                "f", values("id", "f", "part", "p2", "n", 6L, "tip", 2.25, "note", "third"))));
    // The same rows through the file-schema reader: p2 was rewritten with the third schema.
    HudiIOTesting.checkMetaFields(reader);
  }

  @Test
  public void intWidensToLongAndANarrowerIncomingTypeKeepsLong() {
    String base = new File(tmp.getRoot(), "widen").getPath();
    Schema ints =
        Schema.builder().addStringField("id").addStringField("part").addInt32Field("n").build();
    run(
        ints,
        List.of(
            row(ints, "a", "p1", 1),
            row(ints, "b", "p1", 2),
            row(ints, "c", "p2", Integer.MAX_VALUE)),
        write(base, WriteOperation.INSERT));

    Schema longs =
        Schema.builder().addStringField("id").addStringField("part").addInt64Field("n").build();
    run(longs, List.of(row(longs, "a", "p1", 1L << 40)), write(base, WriteOperation.UPSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(tableType(reader, "n"), is(org.apache.avro.Schema.Type.LONG));
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 1L << 40),
                "b", values("id", "b", "part", "p1", "n", 2L),
                "c", values("id", "c", "part", "p2", "n", (long) Integer.MAX_VALUE))));

    // int again: the table stays long (Hudi canonicalizes the incoming type to the table's).
    run(
        ints,
        List.of(row(ints, "c", "p2", 7), row(ints, "d", "p2", 8)),
        write(base, WriteOperation.UPSERT));
    reader = HudiTableReader.of(base);
    assertThat(tableType(reader, "n"), is(org.apache.avro.Schema.Type.LONG));
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 1L << 40),
                "b", values("id", "b", "part", "p1", "n", 2L),
                "c", values("id", "c", "part", "p2", "n", 7L),
                "d", values("id", "d", "part", "p2", "n", 8L))));

    // bulk_insert writes new file groups straight from the bundle, with the table's long too.
    run(ints, List.of(row(ints, "e", "p3", 9)), write(base, WriteOperation.BULK_INSERT));
    reader = HudiTableReader.of(base);
    assertThat(tableType(reader, "n"), is(org.apache.avro.Schema.Type.LONG));
    assertThat(snapshot(reader).get("e"), is(values("id", "e", "part", "p3", "n", 9L)));
    assertThat(snapshot(reader).size(), is(5));
  }

  @Test
  public void reorderedFieldsEvolveTheFieldOrder() {
    String base = new File(tmp.getRoot(), "reorder").getPath();
    Schema v1 =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("city", FieldType.STRING)
            .build();
    run(
        v1,
        List.of(row(v1, "a", "p1", 1L, "x"), row(v1, "b", "p2", 2L, "y")),
        write(base, WriteOperation.INSERT));

    Schema v2 =
        Schema.builder()
            .addNullableField("city", FieldType.STRING)
            .addInt64Field("n")
            .addStringField("part")
            .addStringField("id")
            .build();
    run(v2, List.of(row(v2, "z", 3L, "p1", "c")), write(base, WriteOperation.UPSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(tableFields(reader), contains("city", "n", "part", "id"));
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 1L, "city", "x"),
                "b", values("id", "b", "part", "p2", "n", 2L, "city", "y"),
                "c", values("id", "c", "part", "p1", "n", 3L, "city", "z"))));
  }

  @Test
  public void incompatibleChangesAreRefusedAndLeaveTheTableAsItWas() throws IOException {
    String base = new File(tmp.getRoot(), "refused").getPath();
    Schema table =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("city", FieldType.STRING)
            .addDecimalField("amount")
            .build();
    run(
        table,
        List.of(
            row(table, "a", "p1", 1L, "x", new BigDecimal("1.5")),
            row(table, "b", "p2", 2L, null, BigDecimal.ZERO)),
        write(base, WriteOperation.INSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    Map<String, Map<String, Object>> before = snapshot(reader);
    List<String> instants = reader.completedInstantTimes();
    List<String> timeline = timelineFiles(base);
    java.util.TreeSet<String> files = TableFiles.dataFilesOnDisk(base);

    Schema dropped =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addDecimalField("amount")
            .build();
    Schema toString =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addStringField("n")
            .addNullableField("city", FieldType.STRING)
            .addDecimalField("amount")
            .build();
    Schema required =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("city", FieldType.STRING)
            .addDecimalField("amount")
            .addInt64Field("tip")
            .build();
    Schema narrowed =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("city", FieldType.STRING)
            .addLogicalTypeField("amount", FixedPrecisionNumeric.of(10, 2))
            .build();
    Map<Schema, Row> attempts = new java.util.LinkedHashMap<>();
    attempts.put(dropped, row(dropped, "a", "p1", 9L, new BigDecimal("2")));
    attempts.put(toString, row(toString, "a", "p1", "nine", "x", new BigDecimal("2")));
    attempts.put(required, row(required, "a", "p1", 9L, "x", new BigDecimal("2"), 3L));
    attempts.put(narrowed, row(narrowed, "a", "p1", 9L, "x", new BigDecimal("2.00")));
    List<String> expected =
        Arrays.asList(
            "field 'city' (string) is in the table but missing from the incoming records; set"
                + " hoodie.datasource.write.reconcile.schema=true to write it as null (or its default) and"
                + " keep the table's schema, or hoodie.datasource.write.schema.allow.auto.evolution.column.drop=true"
                + " to drop it from the table",
            "field 'n' is long in the table but string in the incoming records; Hudi allows only the type"
                + " changes int -> long -> float -> double and string <-> bytes",
            "field 'tip' (long) is new and not nullable, and has no default: rows already in the table"
                + " could not be read with it; make it nullable",
            "field 'amount' is decimal(38,18) in the table but decimal(10,2) in the incoming records; Hudi"
                + " allows only the type changes int -> long -> float -> double and string <-> bytes");
    int k = 0;
    for (Map.Entry<Schema, Row> attempt : attempts.entrySet()) {
      Pipeline p = HudiIOTesting.pipeline(2);
      p.apply(Create.of(List.of(attempt.getValue())).withRowSchema(attempt.getKey()))
          .apply(write(base, WriteOperation.UPSERT));
      Pipeline.PipelineExecutionException failure =
          assertThrows(Pipeline.PipelineExecutionException.class, () -> p.run().waitUntilFinish());
      assertThat(failure.getCause(), instanceOf(SchemaEvolutionException.class));
      assertThat(
          failure.getCause().getMessage(),
          is(
              "Refused the write to the Hudi table at "
                  + base
                  + ": its schema is not compatible with the"
                  + " table's schema, so nothing was written and no instant was started.\n - "
                  + expected.get(k++)));
      reader = HudiTableReader.of(base);
      assertThat(reader.completedInstantTimes(), is(instants));
      assertThat(
          reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
          empty());
      assertThat(timelineFiles(base), is(timeline));
      assertThat(TableFiles.dataFilesOnDisk(base), is(files));
      assertThat(snapshot(reader), is(before));
    }
    assertThat(before.keySet(), contains("a", "b"));
    assertThat(before.get("a").get("city"), is("x"));
  }

  @Test
  public void reconcileSchemaFillsMissingFieldsAndKeepsTheTableSchema() {
    String base = new File(tmp.getRoot(), "reconcile").getPath();
    Schema full =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("tip", FieldType.DOUBLE)
            .addNullableField("note", FieldType.STRING)
            .build();
    run(
        full,
        List.of(row(full, "a", "p1", 1L, 1.5, "one"), row(full, "b", "p1", 2L, 2.5, "two")),
        write(base, WriteOperation.INSERT));
    HudiTableReader reader = HudiTableReader.of(base);
    String tableSchema = commitMetadata(reader, lastInstant(reader)).getMetadata("schema");

    Schema partial =
        Schema.builder().addStringField("part").addStringField("id").addInt64Field("n").build();
    run(
        partial,
        List.of(row(partial, "p1", "a", 10L), row(partial, "p1", "c", 3L)),
        write(base, WriteOperation.UPSERT)
            .withHoodieProperties(Map.of(SchemaEvolution.RECONCILE_SCHEMA, "true")));
    reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(2));
    assertThat(commitMetadata(reader, lastInstant(reader)).getMetadata("schema"), is(tableSchema));
    assertThat(tableFields(reader), contains("id", "part", "n", "tip", "note"));
    // As Hudi: the incoming record replaces the stored one; the fields it lacks are null.
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 10L, "tip", null, "note", null),
                "b", values("id", "b", "part", "p1", "n", 2L, "tip", 2.5, "note", "two"),
                "c", values("id", "c", "part", "p1", "n", 3L, "tip", null, "note", null))));
  }

  /**
   * On merge-on-read the updates go to log files: their records are written in the table's schema
   * too (they were refused by the log writer before, as records of another schema).
   */
  @Test
  public void reconcileSchemaOnMergeOnReadWritesTheLogInTheTableSchema() {
    String base = new File(tmp.getRoot(), "reconcile-mor").getPath();
    Schema full =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("note", FieldType.STRING)
            .build();
    run(
        full,
        List.of(row(full, "a", "p1", 1L, "one"), row(full, "b", "p1", 2L, "two")),
        write(base, WriteOperation.UPSERT)
            .withTableType(io.hudibeam.table.TableType.MERGE_ON_READ));
    Schema partial =
        Schema.builder().addStringField("id").addStringField("part").addInt64Field("n").build();
    run(
        partial,
        List.of(row(partial, "a", "p1", 10L)),
        write(base, WriteOperation.UPSERT)
            .withTableType(io.hudibeam.table.TableType.MERGE_ON_READ)
            .withHoodieProperties(Map.of(SchemaEvolution.RECONCILE_SCHEMA, "true")));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(2));
    assertThat(tableFields(reader), contains("id", "part", "n", "note"));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(new TreeMap<>(rows).keySet(), contains("a", "b"));
    assertThat(rows.get("a").get("n"), is(10L));
    assertThat(rows.get("a").get("note"), nullValue());
    assertThat(rows.get("b").get("n"), is(2L));
    assertThat(HudiTableReader.string(rows.get("b"), "note"), is("two"));
  }

  @Test
  public void columnDropDropsTheColumnWhenAllowed() {
    String base = new File(tmp.getRoot(), "drop").getPath();
    Schema full =
        Schema.builder()
            .addStringField("id")
            .addStringField("part")
            .addInt64Field("n")
            .addNullableField("tip", FieldType.DOUBLE)
            .build();
    run(
        full,
        List.of(row(full, "a", "p1", 1L, 1.5), row(full, "b", "p2", 2L, 2.5)),
        write(base, WriteOperation.INSERT));

    Schema without =
        Schema.builder().addStringField("id").addStringField("part").addInt64Field("n").build();
    run(
        without,
        List.of(row(without, "a", "p1", 10L)),
        write(base, WriteOperation.UPSERT)
            .withHoodieProperties(Map.of(SchemaEvolution.ALLOW_COLUMN_DROP, "true")));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(tableFields(reader), contains("id", "part", "n"));
    assertThat(
        snapshot(reader),
        is(
            Map.of(
                "a", values("id", "a", "part", "p1", "n", 10L),
                "b", values("id", "b", "part", "p2", "n", 2L))));
    // p1's file group was rewritten without the column; p2's still has it.
    for (org.apache.hudi.common.model.FileSlice slice : reader.latestFileSlices()) {
      boolean hasTip =
          reader
                  .readBaseFile(slice.getBaseFile().get().getPath())
                  .get(0)
                  .getSchema()
                  .getField("tip")
              != null;
      assertThat(slice.getPartitionPath(), hasTip, is(slice.getPartitionPath().equals("p2")));
    }
  }

  @Test
  public void aSchemaSettingThatIsNotABooleanIsRefusedWhenThePipelineIsBuilt() {
    Schema schema = Schema.builder().addStringField("id").addStringField("part").build();
    Pipeline p = HudiIOTesting.pipeline(1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.apply(Create.of(List.of(row(schema, "a", "p1"))).withRowSchema(schema))
                    .apply(
                        write(new File(tmp.getRoot(), "bad").getPath(), WriteOperation.UPSERT)
                            .withHoodieProperties(
                                Map.of(SchemaEvolution.ALLOW_COLUMN_DROP, "maybe"))));
    assertThat(
        e.getMessage(),
        is(
            "hoodie.datasource.write.schema.allow.auto.evolution.column.drop must be true or false, but was 'maybe'"));
  }

  /** A trips row of the trips schema plus a nullable "tip". */
  private static final Schema TRIPS_WITH_TIP =
      Schema.builder()
          .addFields(io.hudibeam.testing.TripsRows.SCHEMA.getFields())
          .addNullableField("tip", FieldType.DOUBLE)
          .build();

  private static Row tripWithTip(long b, long i) {
    List<Object> values = new ArrayList<>(io.hudibeam.testing.TripsRows.row(b, i).getValues());
    values.add(i * 0.5);
    return Row.withSchema(TRIPS_WITH_TIP).addValues(values).build();
  }

  @Test
  public void hudisWriterContinuesOurEvolvedTableAndWeRefuseItsOldSchema() {
    String base = new File(tmp.getRoot(), "trips").getPath();
    SafetyChecks.run(
        io.hudibeam.testing.TripsRows.batch(0, 0, 16),
        SafetyChecks.trips(base, WriteOperation.INSERT));
    List<Row> evolved = new ArrayList<>();
    for (long i = 8; i < 24; i++) {
      evolved.add(tripWithTip(1, i));
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(evolved).withRowSchema(TRIPS_WITH_TIP))
        .apply(SafetyChecks.trips(base, WriteOperation.UPSERT));
    p.run().waitUntilFinish();

    // Hudi 0.15's Java client takes our commit's schema as the table's and upserts 20..27 with it.
    HudiTableReader reader = HudiTableReader.of(base);
    org.apache.avro.Schema tableSchema =
        new org.apache.avro.Schema.Parser()
            .parse(commitMetadata(reader, lastInstant(reader)).getMetadata("schema"));
    List<GenericRecord> hudiRecords = new ArrayList<>();
    for (long i = 20; i < 28; i++) {
      GenericRecord trip = io.hudibeam.testing.TripsData.record(2, i);
      org.apache.avro.generic.GenericData.Record r =
          new org.apache.avro.generic.GenericData.Record(tableSchema);
      for (org.apache.avro.Schema.Field f : io.hudibeam.testing.TripsData.SCHEMA.getFields()) {
        r.put(f.name(), trip.get(f.name()));
      }
      r.put("tip", -1.0 * i);
      hudiRecords.add(r);
    }
    io.hudibeam.testing.HudiReference.trips(base)
        .schema(tableSchema)
        .metadataTable(true) // Hudi's default
        .open()
        .upsert(hudiRecords);

    reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(3));
    Map<String, GenericRecord> rows = new TreeMap<>();
    for (GenericRecord r : reader.snapshotWithTableSchema()) {
      assertThat(rows.put(HudiTableReader.string(r, RECORD_KEY), r), nullValue());
    }
    assertThat(rows.size(), is(28));
    for (long i = 0; i < 28; i++) {
      GenericRecord r = rows.get(io.hudibeam.testing.TripsData.key(i));
      long b = i < 8 ? 0 : i < 20 ? 1 : 2;
      Double tip = i < 8 ? null : i < 20 ? i * 0.5 : -1.0 * i;
      assertThat(r.toString(), r.get("ts"), is(io.hudibeam.testing.TripsData.ts(b, i)));
      assertThat(
          r.toString(),
          HudiTableReader.string(r, "city"),
          is(io.hudibeam.testing.TripsData.city(i)));
      assertThat(r.toString(), r.get("fare"), is(io.hudibeam.testing.TripsData.fare(b, i)));
      assertThat(r.toString(), r.get("tip"), is(tip));
    }

    // Our next write with the schema from before the change is refused: the table has "tip".
    Pipeline old = HudiIOTesting.pipeline(2);
    old.apply(
            Create.of(io.hudibeam.testing.TripsRows.batch(3, 0, 2))
                .withRowSchema(io.hudibeam.testing.TripsRows.SCHEMA))
        .apply(SafetyChecks.trips(base, WriteOperation.UPSERT));
    Pipeline.PipelineExecutionException failure =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> old.run().waitUntilFinish());
    assertThat(
        failure.getCause().getMessage(),
        containsString(
            "field 'tip' (double) is in the table but missing from the incoming records"));
    assertThat(HudiTableReader.of(base).completedInstantTimes(), hasSize(3));
  }
}
