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

import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.dynamic.IntervalPack;
import io.hudibeam.transforms.dynamic.PackPerTableFn;
import io.hudibeam.transforms.dynamic.WriteIntervalsFn;
import io.hudibeam.transforms.dynamic.WriteTablesFn;
import io.hudibeam.transforms.streaming.FlinkCheckpointing;
import java.util.Objects;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.windowing.DefaultTrigger;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * Writes a {@code PCollection<GenericRecord>} ({@link HudiIO#writeDynamic()}) or {@code
 * PCollection<Row>} ({@link HudiIO#writeDynamicRows()}) into many tables whose names come with the
 * records: each record goes to the table its destination names ({@link #to}), each table's settings
 * come from a function of its destination ({@link #withTables}), and a table is created when its
 * first records arrive, with their Avro schema. The pipeline graph is the same for any number of
 * tables: records are grouped by table (per commit interval when streaming, in a step keyed by
 * table that writes a table's intervals in order), and one worker writes each table's group as one
 * instant of that table (upsert, SIMPLE index), through the same code as {@link HudiIO#write()};
 * other workers write other tables. Built for change streams of many small tables
 * (docs/many-tables.md); {@link HudiIO#writeTables()} spreads one table's write over many workers.
 *
 * <pre>{@code
 * records.apply(HudiIO.writeDynamic()
 *     .to(record -> record.get("table").toString())
 *     .withTables(table -> HudiIO.writeGenericRecords()
 *         .to(warehouse + "/" + table)
 *         .withRecordKey("id")
 *         .withOrderingField("lsn")
 *         .withChangeTypeField("op"))
 *     .withTriggeringFrequency(Duration.standardSeconds(60)));
 * }</pre>
 */
public final class HudiWriteDynamic<T> extends PTransform<PCollection<T>, HudiWriteResult> {
  private static final long serialVersionUID = 1L;
  private final InputKind kind;
  private final @Nullable SerializableFunction<T, String> destination;
  private final @Nullable SerializableFunction<String, HudiIO.Write<T>> tables;
  private final @Nullable Duration triggeringFrequency;
  private final @Nullable String sinkId;
  private final @Nullable RowFilter rowFilter;

  private HudiWriteDynamic(
      InputKind kind,
      @Nullable SerializableFunction<T, String> destination,
      @Nullable SerializableFunction<String, HudiIO.Write<T>> tables,
      @Nullable Duration triggeringFrequency,
      @Nullable String sinkId,
      @Nullable RowFilter rowFilter) {
    this.kind = kind;
    this.destination = destination;
    this.tables = tables;
    this.triggeringFrequency = triggeringFrequency;
    this.sinkId = sinkId;
    this.rowFilter = rowFilter;
  }

  static <T> HudiWriteDynamic<T> create(InputKind kind) {
    return new HudiWriteDynamic<>(kind, null, null, null, null, null);
  }

  private HudiWriteDynamic<T> with(
      @Nullable SerializableFunction<T, String> destination,
      @Nullable SerializableFunction<String, HudiIO.Write<T>> tables,
      @Nullable Duration triggeringFrequency,
      @Nullable String sinkId,
      @Nullable RowFilter rowFilter) {
    return new HudiWriteDynamic<>(
        kind, destination, tables, triggeringFrequency, sinkId, rowFilter);
  }

  /** The destination (table) of each record; records of one destination go to one table. */
  public HudiWriteDynamic<T> to(SerializableFunction<T, String> destination) {
    Objects.requireNonNull(destination, "writeDynamic().to needs a destination function");
    return with(destination, tables, triggeringFrequency, sinkId, rowFilter);
  }

  /**
   * Each destination's table: a {@link HudiIO#writeGenericRecords()} (a {@link HudiIO#write()} for
   * {@link HudiIO#writeDynamicRows()}) with the table's base path, record key and other settings,
   * called when the destination's first records arrive (in the workers; the same destination must
   * always give the same settings).
   */
  public HudiWriteDynamic<T> withTables(SerializableFunction<String, HudiIO.Write<T>> tables) {
    Objects.requireNonNull(tables, "writeDynamic().withTables needs a function of the destination");
    return with(destination, tables, triggeringFrequency, sinkId, rowFilter);
  }

  /**
   * The commit interval of a streaming write: each table touched by an interval of event time gets
   * one instant for it, exactly once across restarts (as {@link
   * HudiIO.Write#withTriggeringFrequency}).
   */
  public HudiWriteDynamic<T> withTriggeringFrequency(Duration frequency) {
    Builders.requirePositive("withTriggeringFrequency", frequency);
    return with(destination, tables, frequency, sinkId, rowFilter);
  }

  /**
   * The streaming sink's id in every table's timeline (default: the table's name and "-upsert"), as
   * {@link HudiIO.Write#withSinkId}.
   */
  public HudiWriteDynamic<T> withSinkId(String sinkId) {
    Builders.requireNonEmpty("withSinkId", sinkId);
    return with(destination, tables, triggeringFrequency, sinkId, rowFilter);
  }

  /** Rows are written as {@code filter} makes them (the schema transform's keep, drop, only). */
  HudiWriteDynamic<T> withRowFilter(RowFilter filter) {
    return with(destination, tables, triggeringFrequency, sinkId, filter);
  }

  @Override
  public HudiWriteResult expand(PCollection<T> input) {
    if (destination == null || tables == null) {
      throw new IllegalArgumentException(
          "HudiIO.writeDynamic() needs to(destination function) and withTables(function of the"
              + " destination)");
    }
    boolean unbounded = input.isBounded() == PCollection.IsBounded.UNBOUNDED;
    if (unbounded && triggeringFrequency == null) {
      throw new IllegalArgumentException(
          "HudiIO.writeDynamic() got an unbounded PCollection ("
              + input.getName()
              + "): set withTriggeringFrequency(Duration), the commit interval");
    }
    DynamicTableSpecs specs = new DynamicTableSpecs(kind, tables, triggeringFrequency != null);
    PackPerTableFn<T> pack = new PackPerTableFn<>(destination, records(tables));
    KvCoder<String, IntervalPack> packCoder =
        KvCoder.of(StringUtf8Coder.of(), IntervalPack.Coder.of());
    PCollection<CommittedInstant> committed;
    if (triggeringFrequency == null) {
      committed =
          input
              .apply("Pack per table", ParDo.of(pack))
              .setCoder(packCoder)
              .apply("Group by table", GroupByKey.create())
              .apply("Write tables", ParDo.of(new WriteTablesFn(specs)))
              .setCoder(CommittedInstant.CommittedInstantCoder.of());
    } else {
      FlinkCheckpointing.check(input.getPipeline().getOptions());
      FlinkCheckpointing.checkInput(input.getPipeline().getOptions(), input.isBounded());
      committed =
          input
              .apply(
                  "Commit intervals",
                  Window.<T>into(FixedWindows.of(triggeringFrequency))
                      .triggering(DefaultTrigger.of())
                      .withAllowedLateness(Duration.ZERO)
                      .discardingFiredPanes())
              .apply("Pack per table", ParDo.of(pack))
              .setCoder(packCoder)
              .apply("Per table", Window.<KV<String, IntervalPack>>into(new GlobalWindows()))
              .apply(
                  "Write tables",
                  ParDo.of(new WriteIntervalsFn(specs, triggeringFrequency, sinkId)))
              .setCoder(CommittedInstant.CommittedInstantCoder.of());
    }
    return new HudiWriteResult(
        input.getPipeline(),
        PublicResults.commits(committed),
        PublicResults.noFailures(input.getPipeline()),
        PublicResults.noSkippedIntervals(input.getPipeline()));
  }

  /**
   * The records of the elements: GenericRecords as they are, Rows in their table's Avro schema;
   * with their ordering value when the table orders by several fields.
   */
  private PackPerTableFn.Records<T> records(SerializableFunction<String, HudiIO.Write<T>> tables) {
    return new DynamicRecords<>(kind, tables, rowFilter);
  }
}
