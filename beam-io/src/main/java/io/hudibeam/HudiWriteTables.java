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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * Writes one input into several Hudi tables: each record is routed to a table by its destination (a
 * function of the record, or one of its fields), and each destination is a table of its own,
 * configured by a {@link HudiIO.Write} as if it were written alone (base path, table name, table
 * type, record key, partition fields, ordering field, operation, change type field, index, ...).
 *
 * <pre>{@code
 * HudiWriteResult result =
 *     changes.apply(
 *         HudiIO.writeTables()
 *             .withDestinationField("table")
 *             .withTable("orders", HudiIO.write().withBasePath(base + "/orders")
 *                 .withTableName("orders").withRecordKeyFields("id")
 *                 .withPartitionFields("region").withOrderingField("lsn").withChangeTypeField("op"))
 *             .withTable("customers", HudiIO.write().withBasePath(base + "/customers")
 *                 .withTableName("customers").withTableType(TableType.MERGE_ON_READ)
 *                 .withRecordKeyFields("id").withOrderingField("lsn").withChangeTypeField("op")));
 * }</pre>
 *
 * <p>Each table gets its own instants, its own commit step and table services, and in a stream its
 * own sink (by default {@code <table name>-<operation>}, kept in that table's timeline) with its
 * own replay detection: a table commits an interval when the interval has records for it. A table
 * whose write fails leaves no commit behind (its pending instant is rolled back by the next write),
 * and the other tables' commits are whole: each commit is atomic in its own table, and no commit
 * spans tables.
 *
 * <p>The destinations are known when the pipeline is built ({@link #withTable}): a record whose
 * destination is not one of them fails the pipeline, naming the destination and the known ones, or,
 * with {@link #withUnknownDestinationsAsFailedRecords()}, goes to the failed records. Every table
 * is written with the input's schema (one Beam schema, or one Avro schema, for all), except that a
 * table may take a schema of its own: the tables of {@link HudiIO#writeGenericRecordTables()} an
 * Avro schema ({@link #withTable(String, org.apache.avro.Schema, HudiIO.Write)}), those of {@link
 * HudiIO#writeTables()} a Beam schema whose fields each row gives by name ({@link
 * #withTable(String, org.apache.beam.sdk.schemas.Schema, HudiIO.Write)}). See docs/many-tables.md.
 */
public final class HudiWriteTables<T> extends PTransform<PCollection<T>, HudiWriteResult> {
  private static final long serialVersionUID = 1L;

  private final InputKind inputKind;
  private final @Nullable SerializableFunction<T, String> destination;
  private final Map<String, HudiIO.Write<T>> tables;

  /** The destinations whose tables take a schema of their own, to their schemas' JSON text. */
  private final Map<String, String> schemas;

  /** Rows only: the destinations whose tables take a Beam schema of their own, to that schema. */
  private final Map<String, org.apache.beam.sdk.schemas.Schema> rowSchemas;

  private final @Nullable Duration triggeringFrequency;
  private final boolean unknownAsFailed;

  /** Rows only: what each table is given of a row (its destination is of the whole row). */
  private final @Nullable RowFilter rowFilter;

  private HudiWriteTables(
      InputKind inputKind,
      @Nullable SerializableFunction<T, String> destination,
      Map<String, HudiIO.Write<T>> tables,
      Map<String, String> schemas,
      Map<String, org.apache.beam.sdk.schemas.Schema> rowSchemas,
      @Nullable Duration triggeringFrequency,
      boolean unknownAsFailed,
      @Nullable RowFilter rowFilter) {
    this.inputKind = inputKind;
    this.destination = destination;
    this.tables = tables;
    this.schemas = schemas;
    this.rowSchemas = rowSchemas;
    this.triggeringFrequency = triggeringFrequency;
    this.unknownAsFailed = unknownAsFailed;
    this.rowFilter = rowFilter;
  }

  static <T> HudiWriteTables<T> of(InputKind inputKind) {
    return new HudiWriteTables<>(inputKind, null, Map.of(), Map.of(), Map.of(), null, false, null);
  }

  /**
   * The destination of each record: the name of one of the tables given to {@link #withTable}. Must
   * be deterministic (a retried bundle routes its records again).
   */
  public HudiWriteTables<T> withDestination(SerializableFunction<T, String> destination) {
    if (destination == null) {
      throw new IllegalArgumentException("withDestination needs a function, but got null");
    }
    return new HudiWriteTables<>(
        inputKind,
        destination,
        tables,
        schemas,
        rowSchemas,
        triggeringFrequency,
        unknownAsFailed,
        rowFilter);
  }

  /**
   * The destination of each record is the value of {@code field} (its string form), e.g. the {@code
   * table} or {@code source.table} column of a change stream, flattened into a top-level field. The
   * field stays a column of every table.
   */
  public HudiWriteTables<T> withDestinationField(String field) {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException("withDestinationField must not be null or empty");
    }
    return withDestination(new DestinationField<>(field));
  }

  /**
   * Adds the table that the records of {@code destination} are written to, with {@code table}'s
   * settings: everything {@link HudiIO#write()} (or {@link HudiIO#writeGenericRecords()}) takes,
   * including its own sink id and triggering frequency. Two tables may not share a base path.
   */
  public HudiWriteTables<T> withTable(String destination, HudiIO.Write<T> table) {
    if (destination == null || destination.isEmpty()) {
      throw new IllegalArgumentException("withTable needs a non-empty destination name");
    }
    if (table == null) {
      throw new IllegalArgumentException(
          "withTable(\"" + destination + "\", ...) needs a HudiIO.write(), but got null");
    }
    if (tables.containsKey(destination)) {
      throw new IllegalArgumentException(
          "withTable: the destination '" + destination + "' is given twice");
    }
    if (table.getInputKind() != inputKind) {
      throw new IllegalArgumentException(
          "withTable(\""
              + destination
              + "\", ...): "
              + (inputKind == InputKind.ROWS
                  ? "HudiIO.writeTables() takes HudiIO.write() tables"
                  : "HudiIO.writeGenericRecordTables() takes HudiIO.writeGenericRecords() tables"));
    }
    Map<String, HudiIO.Write<T>> added = new LinkedHashMap<>(tables);
    added.put(destination, table);
    return new HudiWriteTables<>(
        inputKind,
        this.destination,
        Map.copyOf(added),
        schemas,
        rowSchemas,
        triggeringFrequency,
        unknownAsFailed,
        rowFilter);
  }

  /**
   * As {@link #withTable(String, HudiIO.Write)}, for a table that takes its own Avro schema: the
   * records routed to {@code destination} must be records of {@code schema} (a record of another
   * schema fails, named). Only for {@link HudiIO#writeGenericRecordTables()}, whose input then
   * holds records of several schemas, with a coder for all of them ({@link
   * HudiIO#genericRecordCoder}). The schema evolves the table by the usual rules.
   */
  public HudiWriteTables<T> withTable(
      String destination, org.apache.avro.Schema schema, HudiIO.Write<T> table) {
    if (inputKind != InputKind.GENERIC_RECORDS) {
      throw new IllegalArgumentException(
          "withTable(\""
              + destination
              + "\", schema, ...): a table's own Avro schema is for"
              + " HudiIO.writeGenericRecordTables(); HudiIO.writeTables() writes every table with"
              + " the input rows' schema");
    }
    if (schema == null || schema.getType() != org.apache.avro.Schema.Type.RECORD) {
      throw new IllegalArgumentException(
          "withTable(\""
              + destination
              + "\", schema, ...) needs a record schema, but got "
              + schema);
    }
    HudiWriteTables<T> added = withTable(destination, table);
    Map<String, String> withSchema = new LinkedHashMap<>(schemas);
    withSchema.put(destination, schema.toString());
    return new HudiWriteTables<>(
        inputKind,
        added.destination,
        added.tables,
        Map.copyOf(withSchema),
        rowSchemas,
        triggeringFrequency,
        unknownAsFailed,
        rowFilter);
  }

  /**
   * As {@link #withTable(String, HudiIO.Write)}, for a table of Rows that takes a Beam schema of
   * its own: each row routed to {@code destination} is given to its table as a row of {@code
   * schema}, made of the input row's fields of those names, so the table's columns are its own and
   * not every column of the input (a change stream of many source tables as one wide row type, each
   * table taking its columns, as BigQueryIO's {@code DynamicDestinations.getSchema} gives each
   * destination its schema). Only for {@link HudiIO#writeTables()}. When the pipeline is built,
   * every field of {@code schema} must be a field of the input of the same type; a table's field
   * may be nullable where the input's is not, not the other way round. The schema evolves the table
   * by the usual rules.
   */
  public HudiWriteTables<T> withTable(
      String destination, org.apache.beam.sdk.schemas.Schema schema, HudiIO.Write<T> table) {
    if (inputKind != InputKind.ROWS) {
      throw new IllegalArgumentException(
          "withTable(\""
              + destination
              + "\", Beam schema, ...): a table's own Beam schema is for HudiIO.writeTables() (Rows);"
              + " give a table of HudiIO.writeGenericRecordTables() its own Avro schema");
    }
    if (schema == null || schema.getFieldCount() == 0) {
      throw new IllegalArgumentException(
          "withTable(\""
              + destination
              + "\", schema, ...) needs a Beam schema with fields, but got "
              + schema);
    }
    HudiWriteTables<T> added = withTable(destination, table);
    Map<String, org.apache.beam.sdk.schemas.Schema> withSchema = new LinkedHashMap<>(rowSchemas);
    withSchema.put(destination, schema);
    return new HudiWriteTables<>(
        inputKind,
        added.destination,
        added.tables,
        schemas,
        Map.copyOf(withSchema),
        triggeringFrequency,
        unknownAsFailed,
        rowFilter);
  }

  /**
   * The commit interval of every table that does not set its own ({@link
   * HudiIO.Write#withTriggeringFrequency}); required for unbounded input.
   */
  public HudiWriteTables<T> withTriggeringFrequency(Duration frequency) {
    if (frequency == null || frequency.getMillis() <= 0) {
      throw new IllegalArgumentException(
          "withTriggeringFrequency must be a positive duration, but was " + frequency);
    }
    return new HudiWriteTables<>(
        inputKind, destination, tables, schemas, rowSchemas, frequency, unknownAsFailed, rowFilter);
  }

  /**
   * A record whose destination is not one of the tables (or is null) goes to {@link
   * HudiWriteResult#getFailedRecords()} (the record as Avro JSON text, the reason naming its
   * destination and the tables) instead of failing the pipeline; the other records are written. The
   * tables' own failed records follow each table's setting ({@link
   * HudiIO.Write#withFailedRecordsOutput()}).
   */
  public HudiWriteTables<T> withUnknownDestinationsAsFailedRecords() {
    return new HudiWriteTables<>(
        inputKind, destination, tables, schemas, rowSchemas, triggeringFrequency, true, rowFilter);
  }

  /**
   * Each table is given its rows filtered by {@code filter} (its {@code keep}, {@code drop} or
   * {@code only}), while the destination is found from the whole row, as Managed IcebergIO resolves
   * its table template before filtering. For the {@code hudi_write} schema transform.
   */
  HudiWriteTables<T> withRowFilter(RowFilter filter) {
    if (inputKind != InputKind.ROWS) {
      throw new IllegalArgumentException("withRowFilter is for HudiIO.writeTables() (Rows)");
    }
    return new HudiWriteTables<>(
        inputKind,
        destination,
        tables,
        schemas,
        rowSchemas,
        triggeringFrequency,
        unknownAsFailed,
        filter);
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder.add(DisplayData.item("tables", String.join(",", sortedNames())).withLabel("Tables"));
    tables.forEach(
        (name, write) ->
            builder.addIfNotNull(
                DisplayData.item("basePath." + name, write.getBasePath())
                    .withLabel("Base path of " + name)));
  }

  @Override
  public HudiWriteResult expand(PCollection<T> input) {
    if (tables.isEmpty()) {
      throw new IllegalArgumentException(
          "HudiIO.writeTables() needs at least one table: withTable(destination, HudiIO.write()...)");
    }
    if (destination == null) {
      throw new IllegalArgumentException(
          "HudiIO.writeTables() needs withDestination(fn) or withDestinationField(field): which"
              + " table each record goes to");
    }
    WriteTablesChecks.destinationField(inputKind, destination, input, schemas);
    WriteTablesChecks.rowSchemas(rowSchemas, rowFilter, input);
    WriteTablesChecks.basePaths(tables);
    List<String> names = sortedNames();
    Map<String, TupleTag<T>> tags = new HashMap<>();
    for (String name : names) {
      tags.put(name, new TupleTag<T>("table-" + name) {});
    }
    TupleTag<T> first = tags.get(names.get(0));
    List<TupleTag<?>> others = new ArrayList<>();
    names.subList(1, names.size()).forEach(n -> others.add(tags.get(n)));
    TupleTag<HudiFailedRecord> unknown = null;
    if (unknownAsFailed) {
      unknown = new TupleTag<HudiFailedRecord>("unknown-destinations") {};
      others.add(unknown);
    }
    PCollectionTuple routed =
        input.apply(
            "Route to tables",
            ParDo.of(
                    new RouteToTables<>(
                        destination,
                        tags,
                        schemas,
                        rowSchemas,
                        unknown,
                        rowToAvro(input),
                        rowFilter))
                .withOutputTags(first, TupleTagList.of(others)));
    PCollectionList<HudiCommitInfo> commits = PCollectionList.empty(input.getPipeline());
    PCollectionList<HudiFailedRecord> failed = PCollectionList.empty(input.getPipeline());
    if (unknown != null) {
      failed = failed.and(routed.get(unknown));
    }
    PCollectionList<HudiSkippedInterval> skipped = PCollectionList.empty(input.getPipeline());
    for (String name : names) {
      HudiIO.Write<T> write = tables.get(name);
      if (write.getTriggeringFrequency() == null && triggeringFrequency != null) {
        write = write.withTriggeringFrequency(triggeringFrequency);
      }
      PCollection<T> records = routed.get(tags.get(name)).setCoder(coderOf(name, input));
      HudiWriteResult result;
      try {
        result = records.apply("Table " + name, write);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "HudiIO.writeTables(), table '" + name + "': " + e.getMessage(), e);
      }
      commits = commits.and(result.getCommittedInstants());
      failed = failed.and(result.getFailedRecords());
      skipped = skipped.and(result.getSkippedIntervals());
    }
    return new HudiWriteResult(
        input.getPipeline(),
        commits.apply("Committed instants", Flatten.pCollections()),
        failed.apply("Failed records", Flatten.pCollections()),
        skipped.apply("Skipped intervals", Flatten.pCollections()));
  }

  /** The coder of a table's records: an AvroCoder of its own schema, else the input's. */
  @SuppressWarnings("unchecked")
  private org.apache.beam.sdk.coders.Coder<T> coderOf(String name, PCollection<T> input) {
    org.apache.beam.sdk.schemas.Schema rowSchema = rowSchemas.get(name);
    if (rowSchema != null) {
      return (org.apache.beam.sdk.coders.Coder<T>)
          (org.apache.beam.sdk.coders.Coder<?>) RowCoder.of(rowSchema);
    }
    if (rowFilter != null) {
      return (org.apache.beam.sdk.coders.Coder<T>)
          (org.apache.beam.sdk.coders.Coder<?>) RowCoder.of(rowFilter.outputSchema());
    }
    String schema = schemas.get(name);
    if (schema == null) {
      return input.getCoder();
    }
    return (org.apache.beam.sdk.coders.Coder<T>)
        (org.apache.beam.sdk.coders.Coder<?>)
            AvroCoder.of(new org.apache.avro.Schema.Parser().parse(schema));
  }

  /** Rows as Avro records, for the text of a failed record; null for GenericRecords. */
  private @Nullable RowToGenericRecord rowToAvro(PCollection<T> input) {
    if (!unknownAsFailed || inputKind != InputKind.ROWS || !input.hasSchema()) {
      return null;
    }
    return RowToGenericRecord.forTable(input.getSchema(), "unknown_destination");
  }

  private List<String> sortedNames() {
    return tables.keySet().stream().sorted().toList();
  }
}
