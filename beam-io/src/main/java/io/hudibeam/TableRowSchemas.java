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

import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.EquivalenceNullablePolicy;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The check, when the pipeline is built, that the input rows of {@link HudiWriteTables} can give
 * each table of its own Beam schema its fields: every field of a table's schema is a field of the
 * input of the same type, nullable in the table where it is nullable in the input.
 */
final class TableRowSchemas {
  private TableRowSchemas() {}

  /** Fails naming the table, the field and what was expected when {@code input} cannot. */
  static void check(Map<String, Schema> tables, Schema input) {
    new TreeMap<>(tables)
        .forEach(
            (name, schema) -> {
              for (Schema.Field field : schema.getFields()) {
                String problem = problem(input, field);
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
