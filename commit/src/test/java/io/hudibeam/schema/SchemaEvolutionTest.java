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
package io.hudibeam.schema;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.junit.Test;

/** The rules of {@link SchemaEvolution}, each with the message a refused write gets. */
public class SchemaEvolutionTest {
  private static final SchemaEvolution DEFAULTS = SchemaEvolution.defaults();
  private static final SchemaEvolution RECONCILE =
      SettingsReader.schemaEvolution(Map.of(SchemaEvolution.RECONCILE_SCHEMA, "true"));
  private static final SchemaEvolution DROP =
      SettingsReader.schemaEvolution(Map.of(SchemaEvolution.ALLOW_COLUMN_DROP, "true"));

  private static final Schema TABLE =
      SchemaBuilder.record("t_record")
          .namespace("hoodie.t")
          .fields()
          .requiredString("id")
          .optionalLong("n")
          .optionalString("city")
          .endRecord();

  private static List<String> names(Schema s) {
    return s.getFields().stream().map(Schema.Field::name).collect(Collectors.toList());
  }

  private static Schema.Type typeOf(Schema s, String field) {
    return SchemaEvolution.nonNull(s.getField(field).schema()).getType();
  }

  private static SchemaEvolutionException refused(
      SchemaEvolution evolution, Schema table, Schema incoming) {
    return assertThrows(
        SchemaEvolutionException.class,
        () -> evolution.writerSchema("/tmp/t", Optional.of(table), incoming));
  }

  @Test
  public void aNewTableTakesTheIncomingSchema() {
    Schema incoming = SchemaBuilder.record("x").fields().requiredInt("a").endRecord();
    assertThat(DEFAULTS.writerSchema("/tmp/t", Optional.empty(), incoming), sameInstance(incoming));
  }

  @Test
  public void anUnchangedSchemaIsTheIncomingOne() {
    Schema incoming = new Schema.Parser().parse(TABLE.toString());
    assertThat(
        DEFAULTS.writerSchema("/tmp/t", Optional.of(TABLE), incoming), sameInstance(incoming));
  }

  @Test
  public void aNullableFieldIsAdded() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalLong("n")
            .optionalString("city")
            .optionalDouble("tip")
            .endRecord();
    Schema writer = DEFAULTS.writerSchema("/tmp/t", Optional.of(TABLE), incoming);
    assertThat(names(writer), contains("id", "n", "city", "tip"));
    assertThat(writer, is(incoming));
  }

  @Test
  public void aNewFieldWithoutDefaultIsRefused() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalLong("n")
            .optionalString("city")
            .requiredDouble("tip")
            .endRecord();
    SchemaEvolutionException e = refused(DEFAULTS, TABLE, incoming);
    assertThat(e.problems(), hasSize(1));
    assertThat(e.getMessage(), containsString("Refused the write to the Hudi table at /tmp/t"));
    assertThat(e.getMessage(), containsString("no instant was started"));
    assertThat(
        e.problems().get(0),
        is(
            "field 'tip' (double) is new and not nullable, and has no default: rows already in the"
                + " table could not be read with it; make it nullable"));
  }

  @Test
  public void aDroppedFieldIsRefusedNamingBothSettings() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalString("city")
            .endRecord();
    SchemaEvolutionException e = refused(DEFAULTS, TABLE, incoming);
    assertThat(
        e.problems(),
        contains(
            "field 'n' (long) is in the table but missing from the incoming records; set"
                + " hoodie.datasource.write.reconcile.schema=true to write it as null (or its default)"
                + " and keep the table's schema, or"
                + " hoodie.datasource.write.schema.allow.auto.evolution.column.drop=true to drop it"
                + " from the table"));
  }

  @Test
  public void reconcileKeepsTheTableSchemaForAProjection() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalString("city")
            .endRecord();
    assertThat(RECONCILE.writerSchema("/tmp/t", Optional.of(TABLE), incoming), sameInstance(TABLE));
  }

  @Test
  public void reconcileAppendsNewFieldsToTheTableSchema() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .optionalDouble("tip")
            .requiredString("id")
            .endRecord();
    Schema writer = RECONCILE.writerSchema("/tmp/t", Optional.of(TABLE), incoming);
    assertThat(names(writer), contains("id", "n", "city", "tip"));
    assertThat(writer.getFullName(), is("hoodie.t.t_record"));
  }

  @Test
  public void reconcileCannotFillARequiredFieldWithoutDefault() {
    Schema table =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .requiredLong("n")
            .endRecord();
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .endRecord();
    SchemaEvolutionException e = refused(RECONCILE, table, incoming);
    assertThat(
        e.problems(),
        contains(
            "field 'n' (long) is missing from the incoming records and"
                + " hoodie.datasource.write.reconcile.schema=true cannot fill it: the table's field is"
                + " neither nullable nor has a default"));
  }

  @Test
  public void columnDropDropsTheField() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalString("city")
            .endRecord();
    assertThat(
        names(DROP.writerSchema("/tmp/t", Optional.of(TABLE), incoming)), contains("id", "city"));
  }

  @Test
  public void reorderedFieldsTakeTheIncomingOrder() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .optionalString("city")
            .requiredString("id")
            .optionalLong("n")
            .endRecord();
    assertThat(
        names(DEFAULTS.writerSchema("/tmp/t", Optional.of(TABLE), incoming)),
        contains("city", "id", "n"));
  }

  @Test
  public void aWiderIncomingTypeWidensTheTable() {
    Schema table =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .optionalInt("n")
            .optionalFloat("f")
            .endRecord();
    Schema incoming =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .optionalLong("n")
            .optionalDouble("f")
            .endRecord();
    Schema writer = DEFAULTS.writerSchema("/tmp/t", Optional.of(table), incoming);
    assertThat(typeOf(writer, "n"), is(Schema.Type.LONG));
    assertThat(typeOf(writer, "f"), is(Schema.Type.DOUBLE));
  }

  @Test
  public void aNarrowerIncomingTypeKeepsTheTablesType() {
    Schema table =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .optionalLong("n")
            .optionalDouble("f")
            .endRecord();
    Schema incoming =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .optionalInt("n")
            .optionalInt("f")
            .endRecord();
    Schema writer = DEFAULTS.writerSchema("/tmp/t", Optional.of(table), incoming);
    assertThat(typeOf(writer, "n"), is(Schema.Type.LONG));
    assertThat(typeOf(writer, "f"), is(Schema.Type.DOUBLE));
  }

  @Test
  public void anIncompatibleTypeChangeIsRefusedNamingBothTypes() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalString("n")
            .optionalBoolean("city")
            .endRecord();
    SchemaEvolutionException e = refused(DEFAULTS, TABLE, incoming);
    assertThat(
        e.problems(),
        contains(
            "field 'n' is long in the table but string in the incoming records; Hudi allows only the"
                + " type changes int -> long -> float -> double and string <-> bytes",
            "field 'city' is string in the table but boolean in the incoming records; Hudi allows only"
                + " the type changes int -> long -> float -> double and string <-> bytes"));
  }

  @Test
  public void logicalTypeChangesAreRefused() {
    Schema micros = LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
    Schema millis = LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
    Schema wide = LogicalTypes.decimal(38, 18).addToSchema(Schema.createFixed("d", null, "x", 16));
    Schema narrow = LogicalTypes.decimal(10, 2).addToSchema(Schema.createFixed("d", null, "x", 16));
    Schema table =
        SchemaBuilder.record("r")
            .fields()
            .name("ts")
            .type(micros)
            .noDefault()
            .name("amount")
            .type(wide)
            .noDefault()
            .endRecord();
    Schema incoming =
        SchemaBuilder.record("r")
            .fields()
            .name("ts")
            .type(millis)
            .noDefault()
            .name("amount")
            .type(narrow)
            .noDefault()
            .endRecord();
    SchemaEvolutionException e = refused(DEFAULTS, table, incoming);
    assertThat(
        e.problems().get(0),
        containsString(
            "field 'ts' is long (timestamp-micros) in the table but long (timestamp-millis) in the incoming records"));
    assertThat(
        e.problems().get(1),
        containsString(
            "field 'amount' is decimal(38,18) in the table but decimal(10,2) in the incoming records"));
  }

  @Test
  public void aFieldIsNullableWhenEitherSideIsNullable() {
    Schema incoming =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .requiredLong("n")
            .optionalString("city")
            .endRecord();
    Schema writer = DEFAULTS.writerSchema("/tmp/t", Optional.of(TABLE), incoming);
    assertThat(writer.getField("n").schema(), is(TABLE.getField("n").schema()));
    assertThat(writer.getField("id").schema().getType(), is(Schema.Type.STRING));
  }

  @Test
  public void nestedRecordsEvolveAndAreCheckedByPath() {
    Schema address =
        SchemaBuilder.record("address")
            .fields()
            .optionalString("street")
            .optionalInt("zip")
            .endRecord();
    Schema table =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .name("address")
            .type()
            .optional()
            .type(address)
            .endRecord();
    Schema added =
        SchemaBuilder.record("address")
            .fields()
            .optionalString("street")
            .optionalInt("zip")
            .optionalString("city")
            .endRecord();
    Schema incoming =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .name("address")
            .type()
            .optional()
            .type(added)
            .endRecord();
    Schema writer = DEFAULTS.writerSchema("/tmp/t", Optional.of(table), incoming);
    assertThat(
        names(SchemaEvolution.nonNull(writer.getField("address").schema())),
        contains("street", "zip", "city"));

    Schema changed =
        SchemaBuilder.record("address")
            .fields()
            .optionalString("street")
            .optionalString("zip")
            .endRecord();
    Schema bad =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .name("address")
            .type()
            .optional()
            .type(changed)
            .endRecord();
    assertThat(
        refused(DEFAULTS, table, bad).problems().get(0),
        containsString("field 'address.zip' is int in the table but string"));

    Schema dropped = SchemaBuilder.record("address").fields().optionalString("street").endRecord();
    Schema lost =
        SchemaBuilder.record("r")
            .fields()
            .requiredString("id")
            .name("address")
            .type()
            .optional()
            .type(dropped)
            .endRecord();
    assertThat(
        refused(DEFAULTS, table, lost).problems().get(0),
        containsString("field 'address.zip' (int) is in the table but missing"));
  }

  @Test
  public void arrayElementsAndMapValuesWiden() {
    Schema table =
        SchemaBuilder.record("r")
            .fields()
            .name("xs")
            .type()
            .array()
            .items()
            .intType()
            .noDefault()
            .name("m")
            .type()
            .map()
            .values()
            .floatType()
            .noDefault()
            .endRecord();
    Schema incoming =
        SchemaBuilder.record("r")
            .fields()
            .name("xs")
            .type()
            .array()
            .items()
            .longType()
            .noDefault()
            .name("m")
            .type()
            .map()
            .values()
            .doubleType()
            .noDefault()
            .endRecord();
    Schema writer = DEFAULTS.writerSchema("/tmp/t", Optional.of(table), incoming);
    assertThat(writer.getField("xs").schema().getElementType().getType(), is(Schema.Type.LONG));
    assertThat(writer.getField("m").schema().getValueType().getType(), is(Schema.Type.DOUBLE));
  }

  @Test
  public void settingsMustBeBooleans() {
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.schemaEvolution(Map.of(SchemaEvolution.RECONCILE_SCHEMA, "yes")));
    assertThat(
        e.getMessage(),
        is("hoodie.datasource.write.reconcile.schema must be true or false, but was 'yes'"));
  }
}
