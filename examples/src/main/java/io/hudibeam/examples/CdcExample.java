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
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
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
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Validation;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Lands a Debezium change stream of many source tables: {@code cdc --input=GLOB --warehouse=DIR
 * --recordKey=id}. Each line is one Debezium JSON envelope ({@code before}, {@code after}, {@code
 * op}, {@code ts_ms}, {@code source} with {@code db}, {@code table}, {@code lsn}); each source
 * table becomes the Hudi table {@code DIR/<db>/<table>}, created on first sight with the schema of
 * its row images plus the columns Hudi's Debezium payloads add ({@code _change_operation_type},
 * {@code _event_lsn}, {@code _upstream_event_processed_ts_ms}; Hudi's {@code DebeziumConstants}).
 * Inserts and updates are upserted and {@code op=d} deletes its key, in one instant per table; a
 * key's changes are combined by {@code source.lsn} (or {@code --orderingField}), the latest
 * winning.
 *
 * <p>The files are read once when the pipeline is built, to find the source tables and infer each
 * table's schema (a table's columns are every field its row images have); the pipeline then reads
 * them again and writes every table with one {@code HudiIO.writeGenericRecordTables()}, each table
 * with its own schema.
 */
public final class CdcExample {
  static final String OP_FIELD = "_change_operation_type";
  static final String LSN_FIELD = "_event_lsn";
  static final String TS_FIELD = "_upstream_event_processed_ts_ms";
  private static final TupleTag<GenericRecord> RECORDS = new TupleTag<GenericRecord>() {};
  private static final TupleTag<String> REJECTS = new TupleTag<String>() {};

  /** The cdc command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends SettingsOptions {
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
        "Ordering field of the row images: the larger value wins; " + LSN_FIELD + " when absent")
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

  /** One change event: its source table ({@code db/table}) and the fields of its record. */
  record Change(String table, Map<String, Object> fields) {}

  private CdcExample() {}

  /**
   * The change event of one envelope line: the row image ({@code after}, or {@code before} for a
   * delete) with the operation, {@code source.lsn} and {@code ts_ms} as Hudi's Debezium columns.
   *
   * @throws BadRecordException naming what the line lacks
   */
  static Change parse(String line) {
    Map<String, Object> envelope = TextRecords.jsonFields(line);
    String op = text(envelope.get("op"));
    if (op == null) {
      throw new BadRecordException("has no 'op'");
    }
    Object sourceNode = envelope.get("source");
    Map<String, Object> source =
        sourceNode == null || text(sourceNode) == null
            ? Map.of()
            : TextRecords.jsonFields(sourceNode.toString());
    String db = text(source.get("db"));
    String table = text(source.get("table"));
    if (db == null || table == null) {
      throw new BadRecordException("has no 'source.db' and 'source.table'");
    }
    String imageField = op.equals("d") ? "before" : "after";
    Object image = envelope.get(imageField);
    if (image == null || text(image) == null) {
      throw new BadRecordException("op '" + op + "' has no '" + imageField + "' row image");
    }
    Map<String, Object> fields =
        new java.util.LinkedHashMap<>(TextRecords.jsonFields(image.toString()));
    fields.put(OP_FIELD, envelope.get("op"));
    if (source.get("lsn") != null) {
      fields.put(LSN_FIELD, source.get("lsn"));
    }
    if (envelope.get("ts_ms") != null) {
      fields.put(TS_FIELD, envelope.get("ts_ms"));
    }
    return new Change(db + "/" + table, fields);
  }

  private static String text(Object node) {
    if (node == null) {
      return null;
    }
    com.fasterxml.jackson.databind.JsonNode json = (com.fasterxml.jackson.databind.JsonNode) node;
    return json.isNull() ? null : json.isValueNode() ? json.asText() : json.toString();
  }

  /** Builds the cdc pipeline; {@code Main} runs it. */
  public static Pipeline build(Options options, long startedAtMillis) {
    FileSystems.setDefaultPipelineOptions(options);
    TableType tableType = Choices.parse("tableType", options.getTableType(), TableType.class);
    int tableVersion = Choices.tableVersion(options.getTableVersion());
    String warehouse = options.getWarehouse().replaceAll("/+$", "");
    List<String> keys = Arrays.asList(options.getRecordKey().split(","));
    List<String> partitions =
        options.getPartitionFields().isEmpty()
            ? List.of()
            : Arrays.asList(options.getPartitionFields().split(","));
    String ordering = options.getOrderingField() != null ? options.getOrderingField() : LSN_FIELD;
    Map<String, Schema> schemas = tableSchemas(options.getInput());
    schemas.forEach((table, schema) -> check(table, schema, keys, ordering));

    Map<String, String> schemaTexts = new TreeMap<>();
    schemas.forEach((table, schema) -> schemaTexts.put(table, schema.toString()));
    Pipeline pipeline = Pipeline.create(options);
    PCollectionTuple parsed =
        pipeline
            .apply("Read change events", TextIO.read().from(options.getInput()))
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
                  .withOrderingField(ordering)
                  .withChangeTypeField(OP_FIELD)
                  .withHoodieProperties(options.getHoodieSettings())
                  .withHadoopConfiguration(options.getHadoopSettings())
                  .withFailedRecordsOutput());
    }
    HudiWriteResult result =
        parsed
            .get(RECORDS)
            .setCoder(HudiIO.genericRecordCoder(schemas.values().toArray(Schema[]::new)))
            .apply("Write tables", write);
    result
        .getCommittedInstants()
        .apply("Summary", ParDo.of(new PrintFn(warehouse, startedAtMillis)));
    List<PCollection<String>> rejects = new ArrayList<>();
    rejects.add(parsed.get(REJECTS));
    rejects.add(
        result
            .getFailedRecords()
            .apply(
                "Describe failed records",
                MapElements.into(TypeDescriptors.strings())
                    .via(
                        (HudiFailedRecord f) ->
                            TextRecords.reject("HudiIO", f.getReason(), f.getRecord()))));
    PCollectionList.of(rejects)
        .apply("All rejects", Flatten.pCollections())
        .apply(
            "Write rejects",
            TextIO.write()
                .to(
                    IngestExample.runRejectsPath(
                        warehouse + "/_cdc_rejects.jsonl", startedAtMillis))
                .withoutSharding());
    return pipeline;
  }

  private static void check(String table, Schema schema, List<String> keys, String ordering) {
    for (String key : keys) {
      if (schema.getField(key) == null) {
        throw new UsageException(
            "--recordKey="
                + String.join(",", keys)
                + ": source table "
                + table
                + " has no field '"
                + key
                + "' (its fields: "
                + fieldNames(schema)
                + ")");
      }
    }
    if (schema.getField(ordering) == null) {
      throw new UsageException(
          "source table "
              + table
              + " has no ordering field '"
              + ordering
              + "'"
              + (ordering.equals(LSN_FIELD)
                  ? " (its events have no source.lsn): give --orderingField=F, a field of its rows"
                  : " (its fields: " + fieldNames(schema) + ")"));
    }
  }

  private static String fieldNames(Schema schema) {
    return schema.getFields().stream()
        .map(Schema.Field::name)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** Each source table's schema, inferred from every change event of the input. */
  static Map<String, Schema> tableSchemas(String glob) {
    Map<String, List<Map<String, Object>>> samples = new TreeMap<>();
    for (ResourceId file : IngestExample.match(glob)) {
      try (BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(
                  Channels.newInputStream(FileSystems.open(file)), StandardCharsets.UTF_8))) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          try {
            if (!line.isBlank()) {
              Change change = parse(line);
              samples.computeIfAbsent(change.table(), t -> new ArrayList<>()).add(change.fields());
            }
          } catch (BadRecordException e) {
            // not sampled; the pipeline rejects it with its reason
          }
        }
      } catch (IOException e) {
        throw new UsageException("cannot read " + file + ": " + e.getMessage());
      }
    }
    if (samples.isEmpty()) {
      throw new UsageException("--input=" + glob + " holds no change event with a source table");
    }
    Map<String, Schema> schemas = new TreeMap<>();
    samples.forEach(
        (table, rows) -> schemas.put(table, TextRecords.infer(table.replace('/', '_'), rows)));
    return schemas;
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
        Change change = parse(line);
        Schema schema = schemas.get(change.table());
        if (schema == null) {
          throw new BadRecordException(
              "source table " + change.table() + " was not in the input when the job started");
        }
        out.get(RECORDS).output(TextRecords.toRecord(schema, change.fields()));
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
      String path = commit.getBasePath().replaceAll("/+$", "");
      String table =
          path.startsWith(warehouse + "/") ? path.substring(warehouse.length() + 1) : path;
      double seconds = (System.currentTimeMillis() - startedAtMillis) / 1000.0;
      System.out.println(
          CommitSummary.format(commit, seconds) + String.format(Locale.ROOT, ", table %s", table));
    }
  }
}
