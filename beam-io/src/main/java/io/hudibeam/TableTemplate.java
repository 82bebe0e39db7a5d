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

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The {@code table} key of the {@code hudi_write} schema transform: a table name, or a template
 * with {@code {field}} placeholders ({@code {a.b}} for a nested field) that each row fills with its
 * own values, as Managed IcebergIO's {@code table} (Beam's {@code RowStringInterpolator}). Applied
 * to a row it gives the row's table, or null when a placeholder's field is null. Beam's windowing
 * placeholders ({@code {$YYYY}}, ...) are refused: HudiIO's tables are fixed when the pipeline is
 * built, so a table cannot come from a window.
 */
final class TableTemplate implements SerializableFunction<Row, String> {
  private static final long serialVersionUID = 1L;
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

  private final String template;

  /** The literal text around the placeholders: one more than {@link #fields}. */
  private final List<String> literals;

  private final List<String> fields;

  private TableTemplate(String template, List<String> literals, List<String> fields) {
    this.template = template;
    this.literals = List.copyOf(literals);
    this.fields = List.copyOf(fields);
  }

  /** Parses {@code template}; refuses empty or windowing placeholders and stray braces. */
  static TableTemplate parse(String template) {
    List<String> literals = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(template);
    int from = 0;
    while (m.find()) {
      literals.add(template.substring(from, m.start()));
      String field = m.group(1).trim();
      if (field.isEmpty()) {
        throw new IllegalArgumentException(
            "table '" + template + "' has an empty placeholder {}: name a field, e.g. {table}");
      }
      if (field.startsWith("$")) {
        throw new IllegalArgumentException(
            "table '"
                + template
                + "' uses the windowing placeholder {"
                + field
                + "}, but HudiIO's tables are fixed when the pipeline is built (listed in tables):"
                + " a placeholder must name a field of the rows");
      }
      fields.add(field);
      from = m.end();
    }
    literals.add(template.substring(from));
    for (String literal : literals) {
      if (literal.contains("{") || literal.contains("}")) {
        throw new IllegalArgumentException(
            "table '"
                + template
                + "' has an unmatched '{' or '}': a placeholder is a field name in braces, e.g."
                + " db.{table}");
      }
    }
    return new TableTemplate(template, literals, fields);
  }

  String template() {
    return template;
  }

  boolean hasPlaceholders() {
    return !fields.isEmpty();
  }

  /** Refuses a placeholder whose field the input's schema lacks. */
  void checkFields(Schema schema) {
    for (String field : fields) {
      Schema level = schema;
      String[] path = field.split("\\.", -1);
      for (int i = 0; i < path.length; i++) {
        if (level == null || !level.hasField(path[i])) {
          throw new IllegalArgumentException(
              "table '"
                  + template
                  + "' names the field '"
                  + field
                  + "', which the input rows lack (their fields: "
                  + schema.getFieldNames()
                  + ")");
        }
        Schema.FieldType type = level.getField(path[i]).getType();
        level = type.getTypeName() == Schema.TypeName.ROW ? type.getRowSchema() : null;
        if (level == null && i < path.length - 1) {
          throw new IllegalArgumentException(
              "table '"
                  + template
                  + "' names the field '"
                  + field
                  + "', but '"
                  + path[i]
                  + "' is not a row field");
        }
      }
    }
  }

  /** The row's table, or null when the field of a placeholder is null in this row. */
  @Override
  public @Nullable String apply(Row row) {
    StringBuilder name = new StringBuilder(literals.get(0));
    for (int i = 0; i < fields.size(); i++) {
      Object value = value(row, fields.get(i));
      if (value == null) {
        return null;
      }
      name.append(value).append(literals.get(i + 1));
    }
    return name.toString();
  }

  /** The first placeholder field that is null in {@code row}, or null when none is. */
  @Nullable String nullField(Row row) {
    return fields.stream().filter(f -> value(row, f) == null).findFirst().orElse(null);
  }

  /** Whether {@code name} has this template's literal text around its placeholders. */
  boolean couldResolveTo(String name) {
    StringBuilder regex = new StringBuilder(Pattern.quote(literals.get(0)));
    for (int i = 1; i < literals.size(); i++) {
      regex.append(".*").append(Pattern.quote(literals.get(i)));
    }
    return name.matches(regex.toString());
  }

  private static @Nullable Object value(Row row, String field) {
    Object value = row;
    for (String level : field.split("\\.", -1)) {
      if (value == null) {
        return null;
      }
      value = ((Row) value).getValue(level);
    }
    return value;
  }

  /**
   * Refuses a table name that is not a path below the warehouse: empty, with a slash or backslash,
   * or with an empty dot-separated part ({@code key} names the setting it comes from).
   */
  static void checkName(String key, String name) {
    if (name == null
        || name.isEmpty()
        || name.contains("/")
        || name.contains("\\")
        || List.of(name.split("\\.", -1)).contains("")) {
      throw new IllegalArgumentException(
          key
              + " has the table name '"
              + name
              + "'; a table name is one or more parts separated by dots (each part a folder below"
              + " the warehouse), none empty, without '/' or '\\'");
    }
  }

  /**
   * The base path of table {@code name} in {@code warehouse}: each dot-separated part of the name a
   * folder ({@code sales.orders} in {@code /wh} is {@code /wh/sales/orders}), as Hudi's
   * HoodieMultiTableStreamer puts {@code <database>.<table>} under its base path prefix.
   */
  static String basePath(String warehouse, String name) {
    return warehouse.replaceAll("/+$", "") + "/" + name.replace('.', '/');
  }
}
