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
package io.hudibeam.read;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A filter on partition values, applied to partition paths before any file is listed or read
 * (partition pruning): conditions joined by {@code AND}, each {@code field OP 'value'} with OP one
 * of {@code = != <> < <= > >=}, or {@code field IN ('a', 'b')}. Values compare as strings. A
 * partition path's values are read as Hudi's key generators write them: {@code field=value} folders
 * when the table is hive-style partitioned, else one folder per partition field in the order of
 * {@code hoodie.table.partition.fields}.
 */
public final class PartitionFilter implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Pattern COMPARISON =
      Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_.]*)\\s*(=|!=|<>|<=|>=|<|>)\\s*'([^']*)'\\s*");
  private static final Pattern IN =
      Pattern.compile(
          "\\s*([A-Za-z_][A-Za-z0-9_.]*)\\s+(?i:IN)\\s*\\(\\s*('[^']*'(?:\\s*,\\s*'[^']*')*)\\s*\\)\\s*");
  private static final Pattern AND = Pattern.compile("(?i)\\s+AND\\s+");

  private record Condition(String field, String op, List<String> values) implements Serializable {
    boolean test(String value) {
      int c = value.compareTo(values.get(0));
      switch (op) {
        case "=":
          return c == 0;
        case "!=":
        case "<>":
          return c != 0;
        case "<":
          return c < 0;
        case "<=":
          return c <= 0;
        case ">":
          return c > 0;
        case ">=":
          return c >= 0;
        default:
          return values.contains(value);
      }
    }
  }

  private final String expression;
  private final List<Condition> conditions;

  private PartitionFilter(String expression, List<Condition> conditions) {
    this.expression = expression;
    this.conditions = List.copyOf(conditions);
  }

  /** Every partition. */
  public static PartitionFilter all() {
    return new PartitionFilter("", List.of());
  }

  /** Parses a filter; {@code setting} names where it came from in errors. */
  public static PartitionFilter parse(String expression, String setting) {
    if (expression == null || expression.isBlank()) {
      return all();
    }
    List<Condition> conditions = new ArrayList<>();
    for (String part : AND.split(expression.trim())) {
      Matcher comparison = COMPARISON.matcher(part);
      Matcher in = IN.matcher(part);
      if (comparison.matches()) {
        conditions.add(
            new Condition(comparison.group(1), comparison.group(2), List.of(comparison.group(3))));
      } else if (in.matches()) {
        List<String> values = new ArrayList<>();
        Matcher value = Pattern.compile("'([^']*)'").matcher(in.group(2));
        while (value.find()) {
          values.add(value.group(1));
        }
        conditions.add(new Condition(in.group(1), "IN", values));
      } else {
        throw new IllegalArgumentException(
            String.format(
                "%s: cannot parse '%s' in partition filter '%s'; expected conditions joined by AND,"
                    + " each field = 'value' (or != <> < <= > >=) or field IN ('a', 'b')",
                setting, part.trim(), expression));
      }
    }
    return new PartitionFilter(expression.trim(), conditions);
  }

  public boolean isAll() {
    return conditions.isEmpty();
  }

  /** The fields the filter names, each of which must be a partition field of the table. */
  public List<String> fields() {
    return conditions.stream().map(Condition::field).distinct().toList();
  }

  /**
   * Whether {@code partitionPath} passes.
   *
   * @param partitionFields the table's partition fields ({@code hoodie.table.partition.fields})
   * @param hiveStyle whether folders are named {@code field=value}
   */
  public boolean test(String partitionPath, List<String> partitionFields, boolean hiveStyle) {
    if (conditions.isEmpty()) {
      return true;
    }
    String[] folders = partitionPath.isEmpty() ? new String[0] : partitionPath.split("/");
    for (Condition condition : conditions) {
      String value = valueOf(condition.field(), folders, partitionFields, hiveStyle, partitionPath);
      if (value == null || !condition.test(value)) {
        return false;
      }
    }
    return true;
  }

  /** Refuses a filter naming a field that is not a partition field of the table. */
  public void check(List<String> partitionFields, String table) {
    for (String field : fields()) {
      if (!partitionFields.contains(field)) {
        throw new IllegalArgumentException(
            String.format(
                "Partition filter '%s' names '%s', which is not a partition field of table %s"
                    + " (hoodie.table.partition.fields: %s)",
                expression, field, table, partitionFields));
      }
    }
  }

  private static String valueOf(
      String field,
      String[] folders,
      List<String> partitionFields,
      boolean hiveStyle,
      String partitionPath) {
    if (hiveStyle) {
      String prefix = field.toLowerCase(Locale.ROOT) + "=";
      for (String folder : folders) {
        if (folder.toLowerCase(Locale.ROOT).startsWith(prefix)) {
          return folder.substring(prefix.length());
        }
      }
      return null;
    }
    int position = partitionFields.indexOf(field);
    if (position < 0 || position >= folders.length) {
      return null;
    }
    if (partitionFields.size() == 1) {
      return partitionPath;
    }
    return folders[position];
  }

  @Override
  public String toString() {
    return expression.isEmpty() ? "all partitions" : expression;
  }
}
