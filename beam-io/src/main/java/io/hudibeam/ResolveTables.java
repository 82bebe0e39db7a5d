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
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Step {@value #STEP} of the {@code hudi_write} schema transform with a {@code table} template:
 * each row's table is resolved from its fields (before {@code keep}, {@code drop} or {@code only},
 * as Managed IcebergIO resolves it), and a row whose table is not one of {@code tables}, or whose
 * placeholder field is null, fails the pipeline with an error naming its record key, its table and
 * the template, or, with {@code error_handling}, goes to the error output (the row as it would be
 * written, i.e. filtered). The other rows go on, unchanged, to {@link HudiWriteTables}.
 */
final class ResolveTables extends DoFn<Row, Row> {
  private static final long serialVersionUID = 1L;
  static final String STEP = "Resolve tables";
  static final TupleTag<Row> KNOWN = new TupleTag<Row>() {};

  private final TableTemplate template;
  private final @Nullable Set<String> tables;
  private final RowFilter filter;
  private final @Nullable List<String> keyFields;
  private final boolean toErrorOutput;
  private final Counter unknown = Metrics.counter(ResolveTables.class, "unknownTables");

  /**
   * Rows of {@code template} must resolve to one of {@code tables} (to any table when null: tables
   * created on first sight); the others fail (naming the {@code keyFields}' values, of the row
   * filtered by {@code filter}), or are bad records when {@code toErrorOutput}.
   */
  ResolveTables(
      TableTemplate template,
      @Nullable Set<String> tables,
      RowFilter filter,
      @Nullable List<String> keyFields,
      boolean toErrorOutput) {
    this.template = template;
    this.tables = tables == null ? null : Set.copyOf(tables);
    this.filter = filter;
    this.keyFields = keyFields == null ? null : List.copyOf(keyFields);
    this.toErrorOutput = toErrorOutput;
  }

  @ProcessElement
  public void process(@Element Row row, MultiOutputReceiver out) throws Exception {
    String table = template.apply(row);
    if (table != null && (tables == null || tables.contains(table))) {
      out.get(KNOWN).output(row);
      return;
    }
    unknown.inc();
    Row written = filter.filter(row);
    String reason =
        table == null
            ? "hudi_write: the row with record key "
                + key(written)
                + " has no table: the field '"
                + template.nullField(row)
                + "' of the table template '"
                + template.template()
                + "' is null"
                + (tables == null ? "" : " (the tables are " + new TreeSet<>(tables) + ")")
            : "hudi_write: the row with record key "
                + key(written)
                + " goes to the table '"
                + table
                + "' by the table template '"
                + template.template()
                + "', which is not one of tables "
                + new TreeSet<>(tables)
                + " (add it to tables)";
    IllegalArgumentException error = new IllegalArgumentException(reason);
    if (!toErrorOutput) {
      throw error;
    }
    BadRecordRouter.RECORDING_ROUTER.route(
        out, written, RowCoder.of(filter.outputSchema()), error, reason);
  }

  /**
   * The row's record key as Hudi writes it (the value of one key field; {@code field:value} pairs
   * separated by commas for several), or the row itself when it lacks a key field.
   */
  private String key(Row written) {
    if (keyFields == null) {
      return "(record_key is per table) in the row " + cut(String.valueOf(written));
    }
    List<String> parts = new ArrayList<>();
    for (String field : keyFields) {
      if (!written.getSchema().hasField(field)) {
        return "(no field '" + field + "') in the row " + cut(String.valueOf(written));
      }
      Object value = written.getValue(field);
      parts.add(keyFields.size() == 1 ? String.valueOf(value) : field + ":" + value);
    }
    return "'" + String.join(",", parts) + "'";
  }

  private static String cut(String text) {
    return text.length() > 300 ? text.substring(0, 300) + "..." : text;
  }
}
