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

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.EquivalenceNullablePolicy;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.PCollection;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The checks {@link HudiWriteTables} makes when the pipeline is built: the destination field is a
 * field of the input (and of every table's own Avro schema), no two tables share a base path, and
 * the input rows can give each table of its own Beam schema its fields (same name and type,
 * nullable in the table where nullable in the input).
 */
final class WriteTablesChecks {
  private WriteTablesChecks() {}

  /** A destination field ({@code withDestinationField}) the input or a table's schema lacks. */
  @SuppressWarnings("unchecked")
  static <T> void destinationField(
      InputKind inputKind,
      SerializableFunction<T, String> destination,
      PCollection<T> input,
      Map<String, String> avroSchemas) {
    if (!(destination instanceof DestinationField<T> field)) {
      return;
    }
    boolean exists;
    if (inputKind == InputKind.ROWS) {
      exists = input.hasSchema() && input.getSchema().hasField(field.field());
    } else {
      org.apache.avro.Schema avro =
          input.getCoder() instanceof AvroCoder<?> coder
              ? ((AvroCoder<GenericRecord>) coder).getSchema()
              : null;
      exists = avro == null || avro.getField(field.field()) != null;
    }
    if (!exists) {
      throw new IllegalArgumentException(
          "withDestinationField: the input has no field '" + field.field() + "'");
    }
    avroSchemas.forEach(
        (name, text) -> {
          if (new org.apache.avro.Schema.Parser().parse(text).getField(field.field()) == null) {
            throw new IllegalArgumentException(
                "withDestinationField: the schema of table '"
                    + name
                    + "' has no field '"
                    + field.field()
                    + "'");
          }
        });
  }

  /** Two destinations writing one table would be two writers of it in one pipeline. */
  static <T> void basePaths(Map<String, HudiIO.Write<T>> tables) {
    Map<String, String> byPath = new HashMap<>();
    for (String name : new TreeMap<>(tables).keySet()) {
      String path = tables.get(name).getBasePath();
      if (path == null) {
        continue; // the table's own write names what is missing
      }
      String normalized = path.replaceAll("/+$", "");
      String other = byPath.putIfAbsent(normalized, name);
      if (other != null) {
        throw new IllegalArgumentException(
            "HudiIO.writeTables(): the tables '"
                + other
                + "' and '"
                + name
                + "' have the same base path "
                + path
                + "; give each table its own");
      }
    }
  }

  /**
   * The tables of Rows with a schema of their own take each of its fields from the input's field of
   * that name and type (a nullable input field only into a nullable table field).
   */
  static <T> void rowSchemas(
      Map<String, Schema> tables, @Nullable RowFilter rowFilter, PCollection<T> input) {
    if (tables.isEmpty()) {
      return;
    }
    if (rowFilter != null) {
      throw new IllegalArgumentException(
          "HudiIO.writeTables(): tables with a Beam schema of their own take their fields from the"
              + " whole row; they do not combine with keep, drop or only");
    }
    if (!input.hasSchema()) {
      throw new IllegalArgumentException(
          "HudiIO.writeTables(): the input has no Beam schema (withRowSchema or a schema coder),"
              + " which the tables' own schemas take their fields from");
    }
    new TreeMap<>(tables)
        .forEach(
            (name, schema) -> {
              for (Schema.Field field : schema.getFields()) {
                String problem = problem(input.getSchema(), field);
                if (problem != null) {
                  throw new IllegalArgumentException(
                      "withTable(\""
                          + name
                          + "\", schema, ...): the field '"
                          + field.getName()
                          + "' of the table's schema "
                          + problem
                          + " (a table's own schema takes its fields from the input rows by name)");
                }
              }
            });
  }

  /** Why the input cannot give {@code field}'s values, or null when it can. */
  private static @Nullable String problem(Schema input, Schema.Field field) {
    if (!input.hasField(field.getName())) {
      return "is not a field of the input rows " + input.getFieldNames();
    }
    FieldType from = input.getField(field.getName()).getType();
    FieldType to = field.getType();
    if (!to.withNullable(false)
        .equivalent(from.withNullable(false), EquivalenceNullablePolicy.SAME)) {
      return "is " + to + " but the input's field is " + from;
    }
    if (from.getNullable() && !to.getNullable()) {
      return "is not nullable but the input's field is " + from + " (make the table's nullable)";
    }
    return null;
  }
}
