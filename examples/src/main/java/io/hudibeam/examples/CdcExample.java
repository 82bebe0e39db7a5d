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
package io.hudibeam.examples;

import io.hudibeam.HudiCommitInfo;
import io.hudibeam.HudiFailedRecord;
import io.hudibeam.HudiIO;
import io.hudibeam.HudiWriteResult;
import io.hudibeam.HudiWriteTables;
import io.hudibeam.table.TableType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Validation;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.Values;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Lands a Debezium change stream of many source tables: {@code cdc --input=GLOB --warehouse=DIR
 * --recordKey=id}. Each line is one Debezium JSON envelope ({@code before}, {@code after}, {@code
 * op}, {@code ts_ms}, {@code source} with {@code db}, {@code table}, {@code lsn}); each source
 * table becomes the Hudi table {@code DIR/<db>/<table>}, created on first sight with the schema of
 * its row images plus the columns Hudi's Debezium payloads add ({@code _change_operation_type},
 * {@code _event_lsn}, {@code _upstream_event_processed_ts_ms}; Hudi's {@code DebeziumConstants}).
 * Inserts and updates are upserted and {@code op=d} deletes its key, in one instant per table; a
 * key's changes are combined by {@code source.lsn}, or without it by MySQL's {@code source.file}
 * and {@code source.pos} compared in turn ({@code _event_bin_file}, {@code _event_pos}), or by
 * {@code --orderingField}, the latest winning.
 *
 * <p>The files are read once when the pipeline is built, to find the source tables and infer each
 * table's schema (a table's columns are every field its row images have); the pipeline then reads
 * them again and writes every table with one {@code HudiIO.writeGenericRecordTables()}, each table
 * with its own schema. With {@code --watch} it keeps reading the files that appear in the glob, a
 * stream committing every table an interval touched once per {@code --commitInterval}; the tables
 * and their schemas stay those of the files present when it started, and an event of another table
 * or with a column its table lacks is a reject saying so (a restart picks it up).
 */
public final class CdcExample {
  static final String OP_FIELD = "_change_operation_type";
  static final String LSN_FIELD = "_event_lsn";

  /** MySQL's binlog file and position, Hudi's {@code DebeziumConstants} columns for them. */
  static final String BIN_FILE_FIELD = "_event_bin_file";

  static final String POS_FIELD = "_event_pos";
  static final String TS_FIELD = "_upstream_event_processed_ts_ms";
  private static final TupleTag<GenericRecord> RECORDS = new TupleTag<GenericRecord>() {};
  private static final TupleTag<String> REJECTS = new TupleTag<String>() {};

  /** The cdc command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends SettingsOptions, WatchOptions {
    @Description(
        "Input files of Debezium JSON change events, one envelope per line: a path or glob")
    @Validation.Required
    String getInput();

    void setInput(String value);

    @Description("The warehouse folder: each source table is written to <warehouse>/<db>/<table>")
    @Validation.Required
    String getWarehouse();

    void setWarehouse(String value);

    @Description("Record key field(s) of every source table, comma-separated")
    @Validation.Required
    String getRecordKey();

    void setRecordKey(String value);

    @Description(
        "Partition field(s), comma-separated, for the tables whose rows have them; the other"
            + " tables are not partitioned")
    @Default.String("")
    String getPartitionFields();

    void setPartitionFields(String value);

    @Description(
        "Ordering field(s) of the row images, comma-separated, compared in turn: the larger value"
            + " wins; when absent "
            + LSN_FIELD
            + " (source.lsn), or for events without it "
            + BIN_FILE_FIELD
            + ","
            + POS_FIELD
            + " (MySQL's source.file and source.pos)")
    String getOrderingField();

    void setOrderingField(String value);

    @Description("Table type of the new tables: COPY_ON_WRITE or MERGE_ON_READ")
    @Default.String("COPY_ON_WRITE")
    String getTableType();

    void setTableType(String value);

    @Description("Table version of the new tables: 6 or 8")
    @Default.Integer(6)
    int getTableVersion();

    void setTableVersion(int value);
  }

  private CdcExample() {}

  /** Builds the cdc pipeline; {@code Main} runs it. */
  public static Pipeline build(Options options, long startedAtMillis) {
    return build(options, startedAtMillis, null);
  }

  /**
   * The pipeline; with a {@code stopSignal} file ({@code --watch} with {@code --watchFor} on the
   * embedded FlinkRunner) the watch goes on, the files matched after {@code --watchFor} are left
   * out, and the file is created once every table has committed every interval it had records in
   * ({@link WatchStopSignal}), for the command to stop the job.
   */
  static Pipeline build(Options options, long startedAtMillis, @Nullable String stopSignal) {
    FileSystems.setDefaultPipelineOptions(options);
    TableType tableType = Choices.parse("tableType", options.getTableType(), TableType.class);
    int tableVersion = Choices.tableVersion(options.getTableVersion());
    String warehouse = options.getWarehouse().replaceAll("/+$", "");
    List<String> keys = Arrays.asList(options.getRecordKey().split(","));
    List<String> partitions =
        options.getPartitionFields().isEmpty()
            ? List.of()
            : Arrays.asList(options.getPartitionFields().split(","));
    Map<String, Schema> schemas = DebeziumChanges.tableSchemas(options.getInput());
    Map<String, List<String>> orderings = new TreeMap<>();
    schemas.forEach(
        (table, schema) -> {
          List<String> ordering = DebeziumChanges.ordering(schema, options.getOrderingField());
          DebeziumChanges.check(table, schema, keys, ordering);
          orderings.put(table, ordering);
        });

    Map<String, String> schemaTexts = new TreeMap<>();
    schemas.forEach((table, schema) -> schemaTexts.put(table, schema.toString()));
    Pipeline pipeline = Pipeline.create(options);
    Watching watching = Watching.of(options, stopSignal != null, startedAtMillis);
    TextIO.Read read = TextIO.read().from(options.getInput());
    if (watching.enabled()) {
      read = read.watchForNewFiles(watching.poll(), watching.termination());
    }
    PCollectionTuple parsed =
        pipeline
            .apply("Read change events", read)
            .apply(
                "Parse change events",
                ParDo.of(new ParseFn(schemaTexts))
                    .withOutputTags(RECORDS, TupleTagList.of(REJECTS)));

    // One transform for every table: each record goes to the table its schema is of.
    HudiWriteTables<GenericRecord> write =
        HudiIO.writeGenericRecordTables().withDestination(new TableOfRecord(schemas));
    for (Map.Entry<String, Schema> e : schemas.entrySet()) {
      String table = e.getKey();
      Schema schema = e.getValue();
      List<String> tablePartitions =
          partitions.stream().allMatch(f -> schema.getField(f) != null) ? partitions : List.of();
      write =
          write.withTable(
              table,
              schema,
              HudiIO.writeGenericRecords()
                  .withBasePath(warehouse + "/" + table)
                  .withTableName(table.substring(table.indexOf('/') + 1))
                  .withTableType(tableType)
                  .withTableVersion(tableVersion)
                  .withRecordKeyFields(keys.toArray(String[]::new))
                  .withPartitionFields(tablePartitions.toArray(String[]::new))
                  .withOrderingFields(orderings.get(table).toArray(String[]::new))
                  .withChangeTypeField(OP_FIELD)
                  .withHoodieProperties(options.getHoodieSettings())
                  .withHadoopConfiguration(options.getHadoopSettings())
                  .withFailedRecordsOutput());
    }
    if (watching.enabled()) {
      write = write.withTriggeringFrequency(watching.commitInterval());
    }
    PCollection<GenericRecord> records =
        watching.matchedInTime(
            "Records of files matched in time",
            parsed
                .get(RECORDS)
                .setCoder(HudiIO.genericRecordCoder(schemas.values().toArray(Schema[]::new))));
    HudiWriteResult result = records.apply("Write tables", write);
    result
        .getCommittedInstants()
        .apply("Summary", ParDo.of(new PrintFn(warehouse, startedAtMillis)));
    PCollection<String> parseRejects =
        watching.matchedInTime("Rejects of files matched in time", parsed.get(REJECTS));
    if (watching.enabled()) {
      result.getSkippedIntervals().apply("Skipped", SkippedSummary.print());
      parseRejects =
          parseRejects.apply(
              "Parse rejects per interval",
              Window.<String>into(FixedWindows.of(watching.commitInterval())));
    }
    List<PCollection<String>> rejects = new ArrayList<>();
    rejects.add(parseRejects);
    rejects.add(
        result
            .getFailedRecords()
            .apply(
                "Describe failed records",
                MapElements.into(TypeDescriptors.strings())
                    .via(
                        (HudiFailedRecord f) ->
                            TextRecords.reject("HudiIO", f.getReason(), f.getRecord()))));
    TextIO.Write rejectsFile =
        TextIO.write()
            .to(IngestExample.runRejectsPath(warehouse + "/_cdc_rejects.jsonl", startedAtMillis));
    PCollection<String> allRejects =
        PCollectionList.of(rejects).apply("All rejects", Flatten.pCollections());
    if (!watching.enabled()) {
      allRejects.apply("Write rejects", rejectsFile.withoutSharding());
      return pipeline;
    }
    // A stream writes its rejects per commit interval, a file each named after the path.
    PCollection<String> rejectsFiles =
        allRejects
            .apply(
                "Write rejects",
                rejectsFile.withWindowedWrites().withNumShards(1).withOutputFilenames())
            .getPerDestinationOutputFilenames()
            .apply("Rejects files", Values.create());
    if (stopSignal != null) {
      WatchStopSignal.wire(
          records,
          new TableOfRecord(schemas),
          result.getCommittedInstants(),
          new TableOfCommit(warehouse),
          allRejects,
          rejectsFiles,
          watching.commitInterval(),
          watching.until(),
          stopSignal);
    }
    return pipeline;
  }

  /** Parses each line into its source table's record, or a reject naming why it cannot be. */
  static final class ParseFn extends DoFn<String, GenericRecord> {
    private static final long serialVersionUID = 1L;
    private final Map<String, String> schemaTexts;
    private transient Map<String, Schema> schemas;

    ParseFn(Map<String, String> schemaTexts) {
      this.schemaTexts = new TreeMap<>(schemaTexts);
    }

    @Setup
    public void setup() {
      schemas = new TreeMap<>();
      schemaTexts.forEach((t, s) -> schemas.put(t, new Schema.Parser().parse(s)));
    }

    @ProcessElement
    public void process(@Element String line, MultiOutputReceiver out) {
      if (line.isBlank()) {
        return;
      }
      try {
        DebeziumChanges.Change change = DebeziumChanges.parse(line);
        Schema schema = schemas.get(change.table());
        if (schema == null) {
          throw new BadRecordException(
              "source table "
                  + change.table()
                  + " was not in the input when the job started (its tables are found when it"
                  + " starts), so this event is not written; run cdc again to land that table:"
                  + " it finds the tables of every file of --input again");
        }
        GenericRecord record;
        try {
          record = TextRecords.toRecord(schema, change.fields());
        } catch (BadRecordException e) {
          boolean newColumn = e.getMessage().endsWith("is not in the schema");
          throw new BadRecordException(
              "source table "
                  + change.table()
                  + ": "
                  + e.getMessage()
                  + (newColumn
                      ? " of the table (its columns are those of the input when the job started;"
                          + " run cdc again to add the column)"
                      : ""));
        }
        out.get(RECORDS).output(record);
      } catch (BadRecordException e) {
        out.get(REJECTS).output(TextRecords.reject("cdc", e.getMessage(), line));
      }
    }
  }

  /** The table of a record: the source table whose schema the record has. */
  static final class TableOfRecord implements SerializableFunction<GenericRecord, String> {
    private static final long serialVersionUID = 1L;
    private final Map<String, String> tableBySchemaName;

    TableOfRecord(Map<String, Schema> schemas) {
      Map<String, String> byName = new TreeMap<>();
      schemas.forEach((table, schema) -> byName.put(schema.getFullName(), table));
      this.tableBySchemaName = byName;
    }

    @Override
    public String apply(GenericRecord record) {
      return tableBySchemaName.get(record.getSchema().getFullName());
    }
  }

  /** The source table of a commit: its base path below the warehouse ({@code db/table}). */
  static String tableOf(String warehouse, HudiCommitInfo commit) {
    String path = commit.getBasePath().replaceAll("/+$", "");
    return path.startsWith(warehouse + "/") ? path.substring(warehouse.length() + 1) : path;
  }

  /** {@link #tableOf} as a function. */
  static final class TableOfCommit implements SerializableFunction<HudiCommitInfo, String> {
    private static final long serialVersionUID = 1L;
    private final String warehouse;

    TableOfCommit(String warehouse) {
      this.warehouse = warehouse;
    }

    @Override
    public String apply(HudiCommitInfo commit) {
      return tableOf(warehouse, commit);
    }
  }

  /** Prints each commit's summary line, naming its source table. */
  static final class PrintFn extends DoFn<HudiCommitInfo, Void> {
    private static final long serialVersionUID = 1L;
    private final String warehouse;
    private final long startedAtMillis;

    PrintFn(String warehouse, long startedAtMillis) {
      this.warehouse = warehouse;
      this.startedAtMillis = startedAtMillis;
    }

    @ProcessElement
    public void process(@Element HudiCommitInfo commit) {
      String table = tableOf(warehouse, commit);
      double seconds = (System.currentTimeMillis() - startedAtMillis) / 1000.0;
      System.out.println(
          CommitSummary.format(commit, seconds) + String.format(Locale.ROOT, ", table %s", table));
    }
  }
}
