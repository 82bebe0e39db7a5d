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

import io.hudibeam.transforms.schema.RowToGenericRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Step "Route to tables" of {@link HudiWriteTables}: each element goes to the output of the table
 * its destination names. An element whose destination is not one of the tables, or has none, fails
 * the bundle with an error naming the destination and the known ones: routing it nowhere would lose
 * it silently, and a table cannot be created from an element alone (its base path, key and
 * partitioning are the pipeline's settings).
 */
final class RouteToTables<T> extends DoFn<T, T> {
  private static final long serialVersionUID = 1L;

  private final SerializableFunction<T, String> destination;
  private final Map<String, TupleTag<T>> tags;
  private final Map<String, String> schemaTexts;
  private final Map<String, Schema> rowSchemas;
  private transient Map<String, Long> schemaFingerprints;

  /** Per table, the last schema object found to be its schema (records share schema objects). */
  private transient Map<String, org.apache.avro.Schema> matched;

  private final @Nullable TupleTag<HudiFailedRecord> unknown;
  private final @Nullable RowToGenericRecord rowToAvro;
  private final @Nullable RowFilter rowFilter;
  private final Counter routed = Metrics.counter(RouteToTables.class, "recordsRouted");
  private final Counter unrouted = Metrics.counter(RouteToTables.class, "unknownDestinations");

  /**
   * Routes by {@code destination} to {@code tags}; a record of an unknown destination goes to
   * {@code unknown} when it is given (as Avro JSON text, Rows converted by {@code rowToAvro}), else
   * fails. A record routed to a table of {@code schemaTexts} (destination to its own Avro schema)
   * must be a GenericRecord of that schema. A Row routed to a table of {@code rowSchemas}
   * (destination to its own Beam schema) is given to it as a row of that schema, its fields taken
   * by name. With {@code rowFilter}, a Row is routed by its destination and given to its table
   * filtered.
   */
  RouteToTables(
      SerializableFunction<T, String> destination,
      Map<String, TupleTag<T>> tags,
      Map<String, String> schemaTexts,
      Map<String, Schema> rowSchemas,
      @Nullable TupleTag<HudiFailedRecord> unknown,
      @Nullable RowToGenericRecord rowToAvro,
      @Nullable RowFilter rowFilter) {
    this.destination = destination;
    this.tags = Map.copyOf(tags);
    this.schemaTexts = Map.copyOf(schemaTexts);
    this.rowSchemas = Map.copyOf(rowSchemas);
    this.unknown = unknown;
    this.rowToAvro = rowToAvro;
    this.rowFilter = rowFilter;
  }

  @Setup
  public void setup() {
    Map<String, Long> fingerprints = new TreeMap<>();
    schemaTexts.forEach(
        (name, text) ->
            fingerprints.put(
                name,
                org.apache.avro.SchemaNormalization.parsingFingerprint64(
                    new org.apache.avro.Schema.Parser().parse(text))));
    schemaFingerprints = fingerprints;
    matched = new java.util.HashMap<>();
  }

  @ProcessElement
  public void process(@Element T element, MultiOutputReceiver out) {
    String name = destination.apply(element);
    TupleTag<T> tag = name == null ? null : tags.get(name);
    if (tag != null) {
      checkSchema(name, element);
      out.get(tag).output(filtered(name, element));
      routed.inc();
      return;
    }
    String reason =
        name == null
            ? "a record has no destination (the destination function returned null); the tables"
                + " are "
                + known()
            : "a record's destination '"
                + name
                + "' is not one of the tables "
                + known()
                + " (add it with withTable(\""
                + name
                + "\", ...))";
    unrouted.inc();
    if (unknown == null) {
      throw new IllegalArgumentException(
          "HudiIO.writeTables(): " + reason + ". Record: " + cut(String.valueOf(element)));
    }
    out.get(unknown).output(HudiFailedRecord.of(text(element), reason));
  }

  @SuppressWarnings("unchecked")
  private T filtered(String name, T element) {
    if (!(element instanceof Row row)) {
      return element;
    }
    Schema own = rowSchemas.get(name);
    if (own != null) {
      List<Object> values = new ArrayList<>(own.getFieldCount());
      for (Schema.Field field : own.getFields()) {
        values.add(row.getValue(field.getName()));
      }
      // The types were checked when the pipeline was built (WriteTablesChecks.rowSchemas).
      return (T) Row.withSchema(own).attachValues(values);
    }
    return rowFilter != null ? (T) rowFilter.filter(row) : element;
  }

  /** A table with its own schema takes only records of that schema (another would be misread). */
  private void checkSchema(String name, T element) {
    Long expected = schemaFingerprints.get(name);
    if (expected == null) {
      return;
    }
    org.apache.avro.Schema schema = ((org.apache.avro.generic.GenericRecord) element).getSchema();
    if (matched.get(name) == schema) {
      return;
    }
    if (org.apache.avro.SchemaNormalization.parsingFingerprint64(schema) == expected) {
      matched.put(name, schema);
      return;
    }
    throw new IllegalArgumentException(
        "HudiIO.writeTables(): a record of schema "
            + schema.getFullName()
            + " is routed to the table '"
            + name
            + "', whose schema (withTable(\""
            + name
            + "\", schema, ...)) is another; route it to the table of its schema. Record: "
            + cut(String.valueOf(element)));
  }

  private String known() {
    return List.copyOf(new TreeMap<>(tags).keySet()).toString();
  }

  /** The record as Avro JSON text, as the tables' failed records are. */
  private String text(T element) {
    return rowToAvro != null && element instanceof Row row
        ? rowToAvro.apply(row).toString()
        : String.valueOf(element);
  }

  /** The record, cut to 500 characters. */
  private static String cut(String text) {
    return text.length() > 500 ? text.substring(0, 500) + "..." : text;
  }
}
