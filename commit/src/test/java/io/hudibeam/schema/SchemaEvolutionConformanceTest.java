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
import static org.hamcrest.Matchers.is;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.hudi.avro.AvroSchemaUtils;
import org.apache.hudi.internal.schema.utils.AvroSchemaEvolutionUtils;
import org.junit.Test;

/**
 * {@link SchemaEvolution} against Hudi 0.15's own rules, as its Spark writer applies them by
 * default ({@code HoodieSchemaUtils.deduceWriterSchema} → {@code
 * AvroSchemaEvolutionUtils.reconcileSchemaRequirements}, then {@code
 * AvroSchemaUtils.checkValidEvolution}): for every pair of plain types, nullable or not, and for
 * added, dropped and reordered fields, both accept or both refuse, and an accepted write gets the
 * same field types in the same order. The only differences are the ones {@link SchemaEvolution}
 * documents: Hudi lets a number column become a string column and writes numbers into a string
 * column as text; here both are refused.
 */
public class SchemaEvolutionConformanceTest {
  private static final List<Schema.Type> TYPES =
      List.of(
          Schema.Type.INT,
          Schema.Type.LONG,
          Schema.Type.FLOAT,
          Schema.Type.DOUBLE,
          Schema.Type.STRING,
          Schema.Type.BYTES,
          Schema.Type.BOOLEAN);
  private static final Set<Schema.Type> NUMBERS =
      Set.of(Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT, Schema.Type.DOUBLE);

  /** Hudi's writer schema, or empty when Hudi refuses. */
  private static Optional<Schema> hudi(Schema table, Schema incoming) {
    try {
      Schema canonical = AvroSchemaEvolutionUtils.reconcileSchemaRequirements(incoming, table);
      AvroSchemaUtils.checkValidEvolution(canonical, table);
      return Optional.of(canonical);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<Schema> ours(Schema table, Schema incoming) {
    try {
      return Optional.of(
          SchemaEvolution.defaults().writerSchema("t", Optional.of(table), incoming));
    } catch (SchemaEvolutionException e) {
      return Optional.empty();
    }
  }

  /** Field name, non-null type and nullability, in order: what readers see of a writer schema. */
  private static List<String> shape(Schema s) {
    return s.getFields().stream()
        .map(
            f ->
                f.name()
                    + ":"
                    + SchemaEvolution.nonNull(f.schema()).getType()
                    + (SchemaEvolution.isNullable(f.schema()) ? "?" : ""))
        .collect(Collectors.toList());
  }

  private static Schema record(Schema.Type type, boolean nullable) {
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("t_record").namespace("hoodie.t").fields().requiredString("id");
    Schema field = Schema.create(type);
    if (nullable) {
      return fields
          .name("x")
          .type(Schema.createUnion(Schema.create(Schema.Type.NULL), field))
          .withDefault(null)
          .endRecord();
    }
    return fields.name("x").type(field).noDefault().endRecord();
  }

  @Test
  public void everyPairOfPlainTypesIsDecidedAsHudiDecidesIt() {
    List<String> differences = new ArrayList<>();
    int compared = 0;
    for (Schema.Type tableType : TYPES) {
      for (Schema.Type incomingType : TYPES) {
        for (boolean tableNullable : List.of(true, false)) {
          for (boolean incomingNullable : List.of(true, false)) {
            Schema table = record(tableType, tableNullable);
            Schema incoming = record(incomingType, incomingNullable);
            Optional<List<String>> hudi =
                hudi(table, incoming).map(SchemaEvolutionConformanceTest::shape);
            Optional<List<String>> ours =
                ours(table, incoming).map(SchemaEvolutionConformanceTest::shape);
            compared++;
            if (!hudi.equals(ours)) {
              differences.add(tableType + "->" + incomingType + " hudi=" + hudi + " ours=" + ours);
              boolean documented =
                  ours.isEmpty()
                      && ((NUMBERS.contains(tableType) && incomingType == Schema.Type.STRING)
                          || (tableType == Schema.Type.STRING && NUMBERS.contains(incomingType)));
              assertThat(
                  "not a documented difference: " + differences.get(differences.size() - 1),
                  documented,
                  is(true));
            }
          }
        }
      }
    }
    assertThat(compared, is(196));
    // 4 number types x 2 directions x 4 nullability combinations
    assertThat(differences.toString(), differences.size(), is(32));
  }

  @Test
  public void addedDroppedAndReorderedFieldsAreDecidedAsHudiDecidesThem() {
    Schema table =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .optionalLong("n")
            .optionalString("city")
            .endRecord();
    List<Schema> incoming =
        List.of(
            SchemaBuilder.record("t_record")
                .namespace("hoodie.t")
                .fields()
                .requiredString("id")
                .optionalLong("n")
                .optionalString("city")
                .optionalDouble("tip")
                .endRecord(),
            SchemaBuilder.record("t_record")
                .namespace("hoodie.t")
                .fields()
                .requiredString("id")
                .optionalLong("n")
                .optionalString("city")
                .requiredDouble("tip")
                .endRecord(),
            SchemaBuilder.record("t_record")
                .namespace("hoodie.t")
                .fields()
                .requiredString("id")
                .optionalLong("n")
                .endRecord(),
            SchemaBuilder.record("t_record")
                .namespace("hoodie.t")
                .fields()
                .optionalString("city")
                .optionalDouble("tip")
                .requiredString("id")
                .requiredLong("n")
                .endRecord(),
            SchemaBuilder.record("other")
                .namespace("x")
                .fields()
                .requiredString("city")
                .requiredString("id")
                .optionalInt("n")
                .endRecord());
    for (Schema in : incoming) {
      Optional<List<String>> hudi = hudi(table, in).map(SchemaEvolutionConformanceTest::shape);
      Optional<List<String>> ours = ours(table, in).map(SchemaEvolutionConformanceTest::shape);
      assertThat(in.toString(), ours, is(hudi));
    }
  }

  @Test
  public void nestedFieldsAreDecidedAsHudiDecidesThem() {
    Schema address =
        SchemaBuilder.record("address")
            .namespace("hoodie.t.t_record")
            .fields()
            .optionalString("street")
            .optionalInt("zip")
            .endRecord();
    Schema table =
        SchemaBuilder.record("t_record")
            .namespace("hoodie.t")
            .fields()
            .requiredString("id")
            .name("address")
            .type()
            .optional()
            .type(address)
            .endRecord();
    List<Schema> nested =
        List.of(
            SchemaBuilder.record("address")
                .namespace("hoodie.t.t_record")
                .fields()
                .optionalString("street")
                .optionalLong("zip")
                .optionalString("city")
                .endRecord(),
            SchemaBuilder.record("address")
                .namespace("hoodie.t.t_record")
                .fields()
                .optionalString("street")
                .endRecord(),
            SchemaBuilder.record("address")
                .namespace("hoodie.t.t_record")
                .fields()
                .optionalString("street")
                .optionalBoolean("zip")
                .endRecord());
    for (Schema n : nested) {
      Schema in =
          SchemaBuilder.record("t_record")
              .namespace("hoodie.t")
              .fields()
              .requiredString("id")
              .name("address")
              .type()
              .optional()
              .type(n)
              .endRecord();
      Optional<List<String>> hudi =
          hudi(table, in).map(s -> shape(SchemaEvolution.nonNull(s.getField("address").schema())));
      Optional<List<String>> ours =
          ours(table, in).map(s -> shape(SchemaEvolution.nonNull(s.getField("address").schema())));
      assertThat(in.toString(), ours, is(hudi));
    }
  }
}
