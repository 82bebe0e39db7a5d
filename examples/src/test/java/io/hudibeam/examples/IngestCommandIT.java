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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class IngestCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  public void jsonLinesWithInferredSchemaAndRejects() throws Exception {
    File input = tmp.newFolder("in");
    write(
        new File(input, "part-1.json"),
        "{\"id\":\"a1\",\"city\":\"paris\",\"amount\":12.5,\"n\":3,\"ok\":true,\"ts\":100}",
        "{\"id\":\"a2\",\"city\":\"tokyo\",\"amount\":7,\"n\":4,\"ok\":false,\"ts\":101,\"extra\":{\"x\":1}}",
        "not json at all");
    write(
        new File(input, "part-2.json"),
        "{\"id\":\"a3\",\"city\":\"paris\",\"amount\":1.25,\"n\":5,\"ok\":true,\"ts\":102}",
        "[1,2]",
        "{\"id\":\"a4\",\"city\":\"tokyo\",\"ts\":103,\"colour\":\"red\"}");
    // colour is sampled too, so the last line is accepted; the rejects are lines 3 and 2.
    String table = new File(tmp.getRoot(), "orders").getPath();

    ConsoleCapture c =
        ConsoleCapture.run(
            jsonUpsertCommand(input + "/*.json", table, "--progressSeconds=1")
                .toArray(new String[0]));

    assertThat(c.err, c.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    String instant = reader.completedInstantTimes().get(0);
    assertThat(
        c.commitLines(),
        contains(
            matchesPattern(
                "commit "
                    + instant
                    + " UPSERT: 4 inserted, 0 updated, 0 deleted, 2 files, \\d+ bytes, \\d+\\.\\d s, 2 rejected \\("
                    + table
                    + "_rejects-\\d{17}\\.jsonl\\)")));
    // The progress line of the ingest command: the 4 records that parsed went in, and were written.
    ProgressLineTest.assertProgress(c, 4);
    Schema schema = reader.tableSchema();
    assertThat(schema.getFullName(), is("hoodie.orders.orders_record"));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), containsInAnyOrder("a1", "a2", "a3", "a4"));
    assertThat(values(rows.get("a1")), contains("a1", "paris", 12.5, 3L, true, 100L, null, null));
    assertThat(
        values(rows.get("a2")), contains("a2", "tokyo", 7.0, 4L, false, 101L, "{\"x\":1}", null));
    assertThat(values(rows.get("a3")), contains("a3", "paris", 1.25, 5L, true, 102L, null, null));
    assertThat(
        values(rows.get("a4")), contains("a4", "tokyo", null, null, null, 103L, null, "red"));
    assertThat(HudiTableReader.string(rows.get("a2"), "_hoodie_partition_path"), is("tokyo"));

    List<JsonNode> rejects = rejects(rejectsFileOf(table));
    assertThat(rejects, hasSize(2));
    List<String> described = new ArrayList<>();
    for (JsonNode r : rejects) {
      described.add(
          r.get("source").asText().replaceAll(".*/", "")
              + " "
              + r.get("reason").asText().replaceAll(":.*", "")
              + " | "
              + r.get("input").asText());
    }
    assertThat(
        described,
        containsInAnyOrder(
            "part-1.json:3 not valid JSON | not json at all",
            "part-2.json:2 not a JSON object | [1,2]"));
  }

  /**
   * {@code --watch}: a streaming ingest of the files the glob matches, bounded by {@code
   * --watchFor}; the files present at the start are committed (one commit per commit interval with
   * records) and the run ends once they are, every row read back by Hudi.
   */
  @Test(timeout = 240_000)
  public void watchCommitsTheMatchedFilesAndEndsAfterWatchFor() throws Exception {
    File input = tmp.newFolder("in");
    writeWatchedFiles(input);
    String table = new File(tmp.getRoot(), "orders").getPath();

    assertWatchedFilesCommitted(run(watchCommand(input, table, SHORT_WATCH)), table);
  }

  /**
   * {@code --watch} with Avro container files ({@code AvroIO.watchForNewFiles}, not the JSON/CSV
   * path's {@code FileIO.match().continuously}): both files present at the start are committed and
   * the run ends, every row read back by Hudi with its latest values.
   */
  @Test(timeout = 240_000)
  public void avroWatchCommitsTheMatchedFilesAndEndsAfterWatchFor() throws Exception {
    File input = tmp.newFolder("trips-in");
    writeWatchedAvroTrips(input);
    String table = new File(tmp.getRoot(), "trips").getPath();

    assertWatchedAvroTripsCommitted(run(avroWatchCommand(input, table, SHORT_WATCH)), table);
  }

  /**
   * {@code ingest} of the Avro files in {@code input}, trips upserted by uuid, watched every
   * second.
   */
  static List<String> avroWatchCommand(File input, String table, String... more) {
    List<String> command =
        upsertCommand(
            input + "/*.avro",
            "avro",
            table,
            TripsData.RECORD_KEY_FIELD,
            TripsData.PARTITION_FIELD,
            TripsData.ORDERING_FIELD);
    command.add("--watch=1");
    command.addAll(Arrays.asList(more));
    return command;
  }

  /**
   * Two Avro files present when a watch starts: trips 0..59 of batch 0, and 40..79 of batch 1
   * (later ordering values, so trips 40..59 end with batch 1's values whatever the commit order).
   */
  static void writeWatchedAvroTrips(File input) throws Exception {
    writeAvro(new File(input, "trips-1.avro"), TripsData.batch(0, 0, 60));
    writeAvro(new File(input, "trips-2.avro"), TripsData.batch(1, 40, 40));
  }

  /**
   * The run ended well, one commit line per commit, Hudi's reader finds the 80 trips of {@link
   * #writeWatchedAvroTrips} with their latest values, and no pending instant.
   */
  static void assertWatchedAvroTripsCommitted(ConsoleCapture c, String table) {
    Map<String, GenericRecord> rows = committedRows(c, table);
    assertThat(rows.size(), is(80));
    for (long i = 0; i < 80; i++) {
      GenericRecord expected = TripsData.record(i < 40 ? 0 : 1, i);
      assertThat(
          TripsData.key(i),
          TripsData.values(rows.get(TripsData.key(i))),
          is(TripsData.values(expected)));
    }
  }

  /**
   * The rows Hudi's reader finds after a watch run that ended well: exit 0, at least one commit,
   * one commit line per commit and no pending instant.
   */
  private static Map<String, GenericRecord> committedRows(ConsoleCapture c, String table) {
    assertThat(c.err, c.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants.isEmpty(), is(false));
    assertThat(c.commitLines(), hasSize(instants.size()));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    return reader.snapshotByRecordKey();
  }

  private static void writeAvro(File file, List<GenericRecord> records) throws Exception {
    try (DataFileWriter<GenericRecord> avro =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(TripsData.SCHEMA))) {
      avro.create(TripsData.SCHEMA, file);
      for (GenericRecord r : records) {
        avro.append(r);
      }
    }
  }

  /** A watch of the files present at the start: 3 s of watching, a 2 s commit interval. */
  private static final String[] SHORT_WATCH = {"--watchFor=3", "--commitInterval=2"};

  /** Runs the command in this JVM, capturing its output. */
  static ConsoleCapture run(List<String> command) throws Exception {
    return ConsoleCapture.run(command.toArray(new String[0]));
  }

  /** {@code ingest} of the JSON files in {@code input}, upserted by id, watched every second. */
  static List<String> watchCommand(File input, String table, String... more) {
    List<String> command = jsonUpsertCommand(input + "/*.json", table, "--watch=1");
    command.addAll(Arrays.asList(more));
    return command;
  }

  /**
   * {@code ingest} of the JSON files matching {@code glob}, upserted by id, partitioned by city.
   */
  static List<String> jsonUpsertCommand(String glob, String table, String... more) {
    List<String> command = upsertCommand(glob, "json", table, "id", "city", "ts");
    command.addAll(Arrays.asList(more));
    return command;
  }

  /** {@code ingest} of the files matching {@code glob} in {@code format}, upserted. */
  private static List<String> upsertCommand(
      String glob,
      String format,
      String table,
      String recordKey,
      String partitionField,
      String orderingField) {
    return new ArrayList<>(
        List.of(
            "ingest",
            "--input=" + glob,
            "--format=" + format,
            "--table=" + table,
            "--recordKey=" + recordKey,
            "--partitionFields=" + partitionField,
            "--orderingField=" + orderingField,
            "--operation=upsert"));
  }

  /** Two JSON files present when a watch starts: three records and a line that is not JSON. */
  static void writeWatchedFiles(File input) throws Exception {
    write(
        new File(input, "part-1.json"),
        "{\"id\":\"a1\",\"city\":\"paris\",\"amount\":12.5,\"ts\":100}",
        "{\"id\":\"a2\",\"city\":\"tokyo\",\"amount\":7.5,\"ts\":101}",
        "not json at all");
    write(
        new File(input, "part-2.json"),
        "{\"id\":\"a3\",\"city\":\"paris\",\"amount\":1.25,\"ts\":102}");
  }

  /**
   * The run ended well, one commit line per commit, and Hudi's reader finds the three records of
   * {@link #writeWatchedFiles} with their values, and no pending instant.
   */
  static void assertWatchedFilesCommitted(ConsoleCapture c, String table) {
    Map<String, GenericRecord> rows = committedRows(c, table);
    assertThat(rows.keySet(), containsInAnyOrder("a1", "a2", "a3"));
    assertThat(values(rows.get("a1")), contains("a1", "paris", 12.5, 100L));
    assertThat(values(rows.get("a2")), contains("a2", "tokyo", 7.5, 101L));
    assertThat(values(rows.get("a3")), contains("a3", "paris", 1.25, 102L));
    assertThat(HudiTableReader.string(rows.get("a2"), "_hoodie_partition_path"), is("tokyo"));
  }

  @Test
  public void csvWithGivenSchemaRejectsBadValuesAndKeylessRows() throws Exception {
    File schemaFile = tmp.newFile("orders.avsc");
    write(
        schemaFile,
        "{\"type\":\"record\",\"name\":\"orders_record\",\"namespace\":\"hoodie.orders\",\"fields\":["
            + "{\"name\":\"id\",\"type\":[\"null\",\"string\"],\"default\":null},"
            + "{\"name\":\"amount\",\"type\":\"double\"},"
            + "{\"name\":\"note\",\"type\":[\"null\",\"string\"],\"default\":null}]}");
    File input = tmp.newFolder("csv");
    write(
        new File(input, "orders.csv"),
        "id,amount,note",
        "o1,10.5,\"hello, world\"",
        "o2,abc,x",
        "o3,2",
        ",3.5,no key",
        "o4,4,\"say \"\"hi\"\"\"");
    String table = new File(tmp.getRoot(), "orders").getPath();

    ConsoleCapture c =
        ConsoleCapture.run(
            "ingest",
            "--input=" + input + "/orders.csv",
            "--format=csv",
            "--table=" + table,
            "--recordKey=id",
            "--schema=" + schemaFile,
            "--operation=insert");

    assertThat(c.err, c.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    String instant = reader.completedInstantTimes().get(0);
    assertThat(
        c.commitLines(),
        contains(
            matchesPattern(
                "commit "
                    + instant
                    + " INSERT: 2 inserted, 0 updated, 0 deleted, 1 files, \\d+ bytes, \\d+\\.\\d s, 3 rejected \\(.*\\)")));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), containsInAnyOrder("o1", "o4"));
    assertThat(values(rows.get("o1")), contains("o1", 10.5, "hello, world"));
    assertThat(values(rows.get("o4")), contains("o4", 4.0, "say \"hi\""));

    List<String> reasons = new ArrayList<>();
    for (JsonNode r : rejects(rejectsFileOf(table))) {
      reasons.add(r.get("source").asText().replaceAll(".*/", "") + " " + r.get("reason").asText());
    }
    assertThat(reasons, hasSize(3));
    assertThat(
        reasons.get(0),
        reasons,
        containsInAnyOrder(
            is("orders.csv:3 field 'amount' must be double, but is 'abc'"),
            is("orders.csv:4 has 2 columns, but the header has 3"),
            matchesPattern("HudiIO .*id.*")));
  }

  /**
   * The issue's case: partition values that are paths. Each unsafe one is a reject naming the
   * record key, the field and the value; the others are written; nothing lands outside the table.
   */
  @Test
  public void partitionValuesThatArePathsAreRejectedAndNothingIsWrittenOutsideTheTable()
      throws Exception {
    File input = tmp.newFolder("in");
    String[][] cities = {
      {"r1", "."},
      {"r2", ".."},
      {"r3", "../../escaped"},
      {"r4", ".hoodie"},
      {"r5", "a"},
      {"r6", "a/b"},
      {"r7", "New York"},
      {"r8", "a//b"}
    };
    List<String> lines = new ArrayList<>();
    for (String[] c : cities) {
      lines.add("{\"id\":\"" + c[0] + "\",\"city\":\"" + c[1] + "\",\"ts\":1}");
    }
    write(new File(input, "rows.json"), lines.toArray(new String[0]));
    String table = new File(tmp.getRoot(), "orders").getPath();

    ConsoleCapture c =
        ConsoleCapture.run(jsonUpsertCommand(input + "/rows.json", table).toArray(new String[0]));

    assertThat(c.err, c.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), containsInAnyOrder("r5", "r7"));
    assertThat(values(rows.get("r5")), contains("r5", "a", 1L));
    assertThat(values(rows.get("r7")), contains("r7", "New York", 1L));
    assertThat(HudiTableReader.string(rows.get("r7"), "_hoodie_partition_path"), is("New York"));
    assertThat(reader.partitionPaths(), containsInAnyOrder("a", "New York"));

    List<String> reasons = new ArrayList<>();
    for (JsonNode r : rejects(rejectsFileOf(table))) {
      String reason = r.get("reason").asText();
      reasons.add(
          reason.substring(reason.indexOf("record key '"), reason.indexOf(", which is not safe")));
      assertThat(
          reason,
          reason.contains("hoodie.datasource.write.partitionpath.urlencode=true"),
          is(true));
    }
    assertThat(
        reasons,
        containsInAnyOrder(
            "record key 'r1': partition field 'city' value '.' gives partition folder '.'",
            "record key 'r2': partition field 'city' value '..' gives partition folder '..'",
            "record key 'r3': partition field 'city' value '../../escaped' gives partition folder '../../escaped'",
            "record key 'r4': partition field 'city' value '.hoodie' gives partition folder '.hoodie'",
            "record key 'r6': partition field 'city' value 'a/b' gives partition folder 'a/b'",
            "record key 'r8': partition field 'city' value 'a//b' gives partition folder 'a//b'"));
    assertThat(
        Arrays.asList(tmp.getRoot().list()),
        containsInAnyOrder("in", "orders", rejectsFileOf(table).getName()));
    assertThat(new File(table, ".hoodie_partition_metadata").exists(), is(false));
    assertThat(new File(table, ".hoodie").list((d, n) -> n.endsWith(".parquet")).length, is(0));
  }

  /** A row's values without Hudi's meta columns, strings as {@code String}. */
  static List<Object> values(GenericRecord record) {
    List<Object> out = new ArrayList<>();
    for (Schema.Field f : record.getSchema().getFields()) {
      if (!f.name().startsWith("_hoodie_")) {
        Object v = record.get(f.name());
        out.add(v instanceof CharSequence ? v.toString() : v);
      }
    }
    return out;
  }

  /**
   * Each run writes its own rejects file: a run with rejects, then one without, and the first run's
   * rejects (the only record of those lines) are still there, named in its commit line.
   */
  @Test(timeout = 240_000)
  public void eachRunKeepsItsOwnRejectsFile() throws Exception {
    File input = tmp.newFolder("in");
    write(
        new File(input, "part-1.json"),
        "{\"id\":\"a1\",\"city\":\"paris\",\"ts\":100}",
        "not json at all");
    String table = new File(tmp.getRoot(), "orders").getPath();
    ConsoleCapture first =
        ConsoleCapture.run(jsonUpsertCommand(input + "/*.json", table).toArray(new String[0]));
    assertThat(first.err, first.exitCode, is(0));
    File firstRejects = rejectsFileOf(table);
    assertThat(first.commitLines().get(0), containsString(firstRejects.getPath()));
    assertThat(rejects(firstRejects), hasSize(1));

    write(new File(input, "part-1.json"), "{\"id\":\"a2\",\"city\":\"oslo\",\"ts\":101}");
    ConsoleCapture second =
        ConsoleCapture.run(jsonUpsertCommand(input + "/*.json", table).toArray(new String[0]));
    assertThat(second.err, second.exitCode, is(0));
    List<File> files = rejectsFilesOf(table);
    assertThat(files, hasSize(2));
    assertThat(files.get(0), is(firstRejects));
    assertThat("the first run's rejects are kept", rejects(firstRejects), hasSize(1));
    assertThat(rejects(files.get(1)), hasSize(0));
    assertThat(second.commitLines().get(0), containsString(files.get(1).getPath() + ")"));
    assertThat(
        HudiTableReader.of(table).snapshotByRecordKey().keySet(), containsInAnyOrder("a1", "a2"));
  }

  /** {@code ingest} takes the table type, the index and its buckets, as {@code trips} does. */
  @Test(timeout = 240_000)
  public void ingestWritesAMergeOnReadTableWithTheBucketIndex() throws Exception {
    File input = tmp.newFolder("in");
    write(
        new File(input, "part-1.json"),
        "{\"id\":\"a1\",\"city\":\"paris\",\"ts\":100}",
        "{\"id\":\"a2\",\"city\":\"oslo\",\"ts\":101}");
    String table = new File(tmp.getRoot(), "orders").getPath();
    ConsoleCapture c =
        ConsoleCapture.run(
            jsonUpsertCommand(
                    input + "/*.json",
                    table,
                    "--tableType=MERGE_ON_READ",
                    "--index=BUCKET",
                    "--buckets=2")
                .toArray(new String[0]));
    assertThat(c.err, c.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    assertThat(
        reader.metaClient().getTableType(),
        is(org.apache.hudi.common.model.HoodieTableType.MERGE_ON_READ));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), containsInAnyOrder("a1", "a2"));
    assertThat(HudiTableReader.string(rows.get("a2"), "city"), is("oslo"));
    // The BUCKET index names file groups by bucket: 0000000<bucket>-..., two buckets.
    for (GenericRecord row : rows.values()) {
      String fileName = HudiTableReader.string(row, "_hoodie_file_name");
      assertThat(fileName, fileName.matches("0000000[01][0-9a-f-]*-0_.*"), is(true));
    }
  }

  /** The one rejects file of the table's runs so far: {@code <table>_rejects-<stamp>.jsonl}. */
  private static File rejectsFileOf(String table) {
    List<File> files = rejectsFilesOf(table);
    assertThat(files.toString(), files, hasSize(1));
    return files.get(0);
  }

  /** Every run's rejects file of the table, oldest first. */
  private static List<File> rejectsFilesOf(String table) {
    File t = new File(table);
    File[] files =
        t.getParentFile()
            .listFiles(
                (d, n) ->
                    n.matches(
                        java.util.regex.Pattern.quote(t.getName()) + "_rejects-\\d{17}\\.jsonl"));
    List<File> sorted = new ArrayList<>(Arrays.asList(files == null ? new File[0] : files));
    sorted.sort(java.util.Comparator.comparing(File::getName));
    return sorted;
  }

  private static List<JsonNode> rejects(File file) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(file.toPath(), StandardCharsets.UTF_8)) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  private static void write(File file, String... lines) throws Exception {
    Files.write(file.toPath(), Arrays.asList(lines), StandardCharsets.UTF_8);
  }

  /**
   * Avro container files and Parquet files carry their schema; both load the trips records exactly.
   */
  @Test
  public void avroAndParquetFilesWithTheirOwnSchema() throws Exception {
    File input = tmp.newFolder("trips-in");
    writeAvro(new File(input, "trips.avro"), TripsData.batch(0, 0, 60));
    List<GenericRecord> second = TripsData.batch(1, 40, 40);
    try (ParquetWriter<GenericRecord> parquet =
        AvroParquetWriter.<GenericRecord>builder(new Path(new File(input, "trips.parquet").toURI()))
            .withSchema(TripsData.SCHEMA)
            .build()) {
      for (GenericRecord r : second) {
        parquet.write(r);
      }
    }
    String table = new File(tmp.getRoot(), "trips").getPath();

    ConsoleCapture avro =
        ConsoleCapture.run(
            "ingest",
            "--input=" + input + "/*.avro",
            "--format=avro",
            "--table=" + table,
            "--recordKey=uuid",
            "--partitionFields=city",
            "--orderingField=ts",
            "--operation=insert");
    assertThat(avro.err, avro.exitCode, is(0));
    ConsoleCapture parquet =
        ConsoleCapture.run(
            "ingest",
            "--input=" + input + "/*.parquet",
            "--format=parquet",
            "--table=" + table,
            "--recordKey=uuid",
            "--partitionFields=city",
            "--orderingField=ts",
            "--operation=upsert");
    assertThat(parquet.err, parquet.exitCode, is(0));

    HudiTableReader reader = HudiTableReader.of(table);
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants, hasSize(2));
    assertThat(
        parquet.commitLines(),
        contains(
            matchesPattern(
                "commit "
                    + instants.get(1)
                    + " UPSERT: 20 inserted, 20 updated, 0 deleted, \\d+ files, \\d+ bytes, \\d+\\.\\d s, 0 rejected \\("
                    + table
                    + "_rejects-\\d{17}\\.jsonl\\)")));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(80));
    for (long i = 0; i < 80; i++) {
      long batch = i < 40 ? 0 : 1;
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      assertThat(
          HudiTableReader.string(row, "_hoodie_commit_time"), is(instants.get(batch == 0 ? 0 : 1)));
    }
  }
}
