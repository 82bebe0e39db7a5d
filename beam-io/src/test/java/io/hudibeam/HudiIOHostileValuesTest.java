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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Hostile partition values and record keys, end to end through HudiIO on the DirectRunner, each
 * with its asserted outcome, every accepted row read back row by row by Hudi's reader: values that
 * are not one safe partition folder go to the failed-records output (or fail the write before
 * anything is committed) without encoding, and are encoded into safe folders with URL encoding;
 * nothing is ever written outside the partition folders.
 */
public class HudiIOHostileValuesTest {
  private static final Map<String, String> NO_MDT = Map.of("hoodie.metadata.enable", "false");
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema SCHEMA =
      Schema.builder()
          .addStringField("id")
          .addNullableField("part", FieldType.STRING)
          .addStringField("note")
          .build();

  private static final String LONG_OK = "x".repeat(255);
  private static final String LONG_BAD = "y".repeat(256);
  private static final String LONG_KEY = "k".repeat(2000);

  private static final String SLASH = "the value holds '/', which would nest partition folders";
  private static final String HIDDEN = "a folder name starting with '.' is hidden";
  private static final String ESCAPE = "the value holds a '%' escape";
  private static final String EMPTY =
      "value is the empty string, which Hudi writes to the folder '__HIVE_DEFAULT_PARTITION__'";
  private static final String LENGTH =
      "the folder name is 256 bytes in UTF-8, over the 255 file systems allow";

  /**
   * Record key, partition value, and the outcome: the partition path without URL encoding (or the
   * start of the refusal's problem), and the partition path with URL encoding (or the problem).
   */
  private static final String[][] CASES = {
    {"dot", ".", "!'.' is the base path itself", "%2E"},
    {
      "dotdot",
      "..",
      "!'..' is the parent folder; the files would be written outside the table",
      "%2E."
    },
    {"escape", "../../escaped", "!" + SLASH, "%2E.%2F..%2Fescaped"},
    {"meta", ".hoodie", "!" + HIDDEN, "%2Ehoodie"},
    {"hidden", ".cache", "!" + HIDDEN, "%2Ecache"},
    {"a", "a", "a", "a"},
    {"nested", "a/b", "!" + SLASH, "a%2Fb"},
    {"looks-encoded", "a%2Fb", "!" + ESCAPE, "a%252Fb"},
    {"empty-segment", "a//b", "!" + SLASH, "a%2F%2Fb"},
    {"colon", "12:30", "!':' is not allowed in HDFS names", "12%3A30"},
    {"newline", "line\nbreak", "!it holds the control character 0x0A", "line%0Abreak"},
    {"key with spaces", "New York", "New York", "New York"},
    {"padded", " padded ", " padded ", " padded "},
    {"chave-\u00e3", "S\u00e3o Paulo", "S\u00e3o Paulo", "S\u00e3o Paulo"},
    {"\u6771\u4eac-key", "\u6771\u4eac", "\u6771\u4eac", "\u6771\u4eac"},
    {"emoji-\ud83d\ude80", "\ud83d\ude80", "\ud83d\ude80", "\ud83d\ude80"},
    {"long-ok", LONG_OK, LONG_OK, LONG_OK},
    {"long-bad", LONG_BAD, "!" + LENGTH, "!" + LENGTH},
    {LONG_KEY, "long-key", "long-key", "long-key"},
    {"null", null, "__HIVE_DEFAULT_PARTITION__", "__HIVE_DEFAULT_PARTITION__"},
    {"empty", "", "!" + EMPTY, "!" + EMPTY},
    {"007", "007", "007", "007"},
    {"7", "7", "7", "7"},
    {"percent", "100%", "100%", "100%25"},
  };

  private static Row row(String key, String part) {
    return Row.withSchema(SCHEMA)
        .addValues(key, part, "note of " + key.substring(0, Math.min(20, key.length())))
        .build();
  }

  private static List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (String[] c : CASES) {
      rows.add(row(c[0], c[1]));
    }
    return rows;
  }

  /** How the table names its partition folders. */
  private enum PartitionPaths {
    PLAIN,
    URL_ENCODED
  }

  private static HudiIO.Write<Row> table(String base, PartitionPaths paths) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("hostile")
        .withRecordKeyFields("id")
        .withPartitionFields("part")
        .withUrlEncodePartitionPath(paths == PartitionPaths.URL_ENCODED)
        .withOperation(WriteOperation.INSERT);
  }

  @Test
  public void unsafeValuesAreFailedRecordsAndTheRestIsReadByHudiRowByRow() throws Exception {
    checkTable(PartitionPaths.PLAIN);
  }

  @Test
  public void withUrlEncodingTheSameValuesAreEncodedIntoSafeFolders() throws Exception {
    checkTable(PartitionPaths.URL_ENCODED);
  }

  private void checkTable(PartitionPaths paths) throws Exception {
    File root = tmp.newFolder("root");
    String base = new File(root, "table").getAbsolutePath();
    TreeMap<String, String> accepted = new TreeMap<>();
    TreeMap<String, String> refused = new TreeMap<>();
    for (String[] c : CASES) {
      String outcome = paths == PartitionPaths.URL_ENCODED ? c[3] : c[2];
      if (outcome.startsWith("!")) {
        refused.put(c[0], outcome.substring(1));
      } else {
        accepted.put(c[0], outcome);
      }
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p.apply(Create.of(rows()).withRowSchema(SCHEMA))
            .apply(table(base, paths).withFailedRecordsOutput());
    PAssert.that(result.getFailedRecords()).satisfies(failedExactly(refused));
    PAssert.that(result.getCommittedInstants())
        .satisfies(
            HudiIOTesting.committed(
                ExpectedCommit.insert()
                    .inserted(accepted.size())
                    .files(new TreeSet<>(accepted.values()).size())));
    p.run().waitUntilFinish();

    // Hudi reads every accepted row, in the expected partition, with its values as written.
    Map<String, String> values = new TreeMap<>();
    for (String[] c : CASES) {
      values.put(c[0], c[1]);
    }
    List<GenericRecord> snapshot = HudiTableReader.of(base).snapshot();
    TreeMap<String, String> read = new TreeMap<>();
    for (GenericRecord r : snapshot) {
      String key = HudiTableReader.string(r, "_hoodie_record_key");
      assertThat(
          key,
          read.put(key, HudiTableReader.string(r, "_hoodie_partition_path")) == null,
          is(true));
      assertThat(key, HudiTableReader.string(r, "id"), is(key));
      assertThat(key, r.get("part") == null ? null : r.get("part").toString(), is(values.get(key)));
      assertThat(
          key,
          HudiTableReader.string(r, "note"),
          is("note of " + key.substring(0, Math.min(20, key.length()))));
    }
    assertThat(read, is(accepted));
    assertThat(
        new TreeSet<>(HudiTableReader.of(base).partitionPaths()),
        is(new TreeSet<>(accepted.values())));

    // Nothing outside the table's partition folders: the table is the only entry of its parent, no
    // data file sits in the base path or .hoodie, and every data file is in an accepted partition.
    // The metadata table (.hoodie/metadata, when the table has one) has its own partition, files,
    // and no Parquet file.
    assertThat(List.of(root.list()), is(List.of("table")));
    for (String file : allFiles(base)) {
      if (file.startsWith(".hoodie/metadata/")) {
        assertThat(file, file.endsWith(".parquet"), is(false));
        assertThat(
            file,
            file.startsWith(".hoodie/metadata/.hoodie/")
                || file.startsWith(".hoodie/metadata/files/"),
            is(true));
      } else if (file.endsWith(".parquet") || file.contains(".hoodie_partition_metadata")) {
        String folder = file.substring(0, file.lastIndexOf('/'));
        assertThat(file, accepted.containsValue(folder), is(true));
      }
    }
  }

  /** The default policy: one unsafe value fails the write before anything is committed. */
  @Test
  public void withoutTheFailedRecordsOutputAnUnsafeValueFailsTheWriteBeforeAnyCommit()
      throws Exception {
    File root = tmp.newFolder("root");
    String base = new File(root, "table").getAbsolutePath();
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(row("a", "a"), row("dotdot", ".."), row("b", "b")).withRowSchema(SCHEMA))
        .apply(table(base, PartitionPaths.PLAIN));
    Pipeline.PipelineExecutionException failure =
        assertThrows(Pipeline.PipelineExecutionException.class, () -> p.run().waitUntilFinish());
    String message = failure.getCause().getMessage();
    assertThat(
        message,
        containsString(
            "Record cannot be written to "
                + base
                + ": record key 'dotdot': partition"
                + " field 'part' value '..' gives partition folder '..', which is not safe: '..' is the parent folder; the"
                + " files would be written outside the table. Set withUrlEncodePartitionPath(true)"
                + " (hoodie.datasource.write.partitionpath.urlencode=true) when creating the table to URL-encode partition"
                + " values, or clean the value before the write; record: {\"id\": \"dotdot\", \"part\": \"..\""));
    assertThat(message, containsString("; nothing was committed."));
    // The bad record may fail the pipeline before or after the start step created the table.
    if (new File(base, ".hoodie/hoodie.properties").exists()) {
      assertThat(HudiTableReader.of(base).completedInstantTimes(), is(List.of()));
      assertThat(HudiTableReader.of(base).snapshot(), is(List.of()));
    }
    assertThat(List.of(root.list()), is(new File(base).exists() ? List.of("table") : List.of()));
    assertThat(
        allFiles(base).stream().filter(f -> f.endsWith(".parquet")).collect(Collectors.toList()),
        is(List.of()));
  }

  /**
   * Why a '/' in a value is refused: written by Hudi's own writer, partition 'a/b' nested in
   * partition 'a' is on disk but Hudi's reader does not see its rows. HudiIO refuses the value. The
   * table has no metadata table ({@code hoodie.metadata.enable=false} on both writers): the point
   * is what a reader that lists the table's folders finds (Hudi's {@code
   * FileSystemBackedTableMetadata} does not look into a partition's subfolders).
   */
  @Test
  public void aPartitionNestedInAnotherIsInvisibleToHudisReaderSoHudiIORefusesIt()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    GenericRecord inA = TripsData.record(0, 0);
    inA.put("city", "a");
    Pipeline p1 = HudiIOTesting.pipeline(2);
    p1.apply(Create.of(List.of(TripsRows.of(inA))).withRowSchema(TripsRows.SCHEMA))
        .apply(SafetyChecks.trips(base, WriteOperation.INSERT).withHoodieProperties(NO_MDT));
    p1.run().waitUntilFinish();

    GenericRecord inAB = TripsData.record(0, 1);
    inAB.put("city", "a/b");
    HudiReference hudi = HudiReference.trips(base).open();
    assertThat(hudi.keyOf(inAB).getPartitionPath(), is("a/b"));
    hudi.insert(List.of(inAB));
    assertThat(HudiTableReader.of(base).completedInstantTimes().size(), is(2));
    assertThat(
        "Hudi's writer put the row in a/b",
        allFiles(base).stream().anyMatch(f -> f.startsWith("a/b/") && f.endsWith(".parquet")),
        is(true));
    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(
        "Hudi's reader does not see it", rows.keySet(), is(java.util.Set.of(TripsData.key(0))));
    assertThat(HudiTableReader.of(base).partitionPaths(), is(List.of("a")));

    GenericRecord again = TripsData.record(1, 2);
    again.put("city", "a/b");
    Pipeline p2 = HudiIOTesting.pipeline(2);
    HudiWriteResult result =
        p2.apply(Create.of(List.of(TripsRows.of(again))).withRowSchema(TripsRows.SCHEMA))
            .apply(
                SafetyChecks.trips(base, WriteOperation.UPSERT)
                    .withHoodieProperties(NO_MDT)
                    .withFailedRecordsOutput());
    PAssert.that(result.getFailedRecords())
        .satisfies(failedExactly(new TreeMap<>(Map.of(TripsData.key(2), SLASH))));
    // Every record refused: an empty commit (the plan step no longer races the commit step for it).
    PAssert.that(result.getCommittedInstants())
        .satisfies(HudiIOTesting.committed(ExpectedCommit.upsert()));
    p2.run().waitUntilFinish();
    assertThat(
        HudiTableReader.of(base).snapshotByRecordKey().keySet(),
        is(java.util.Set.of(TripsData.key(0))));
    assertThat(HudiTableReader.of(base).completedInstantTimes().size(), is(3));
  }

  /** Numbers as partition values: their string form, as Hudi's key generators give it. */
  @Test
  public void numericPartitionValuesUseTheirStringForm() throws Exception {
    Schema numbers =
        Schema.builder()
            .addStringField("id")
            .addNullableField("amount", FieldType.DOUBLE)
            .addNullableField("count", FieldType.INT64)
            .build();
    String base = tmp.newFolder("numbers").getAbsolutePath();
    List<Row> rows =
        List.of(
            Row.withSchema(numbers).addValues("half", 2.5, 1L).build(),
            Row.withSchema(numbers).addValues("minus", -1.0, -1L).build(),
            Row.withSchema(numbers).addValues("huge", 1e20, Long.MAX_VALUE).build(),
            Row.withSchema(numbers).addValues("none", null, null).build());
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(rows).withRowSchema(numbers))
        .apply(
            HudiIO.write()
                .withBasePath(base)
                .withTableName("numbers")
                .withRecordKeyFields("id")
                .withPartitionFields("amount", "count")
                .withOperation(WriteOperation.INSERT));
    p.run().waitUntilFinish();
    TreeMap<String, String> read = new TreeMap<>();
    for (GenericRecord r : HudiTableReader.of(base).snapshot()) {
      read.put(
          HudiTableReader.string(r, "_hoodie_record_key"),
          HudiTableReader.string(r, "_hoodie_partition_path")
              + " "
              + r.get("amount")
              + " "
              + r.get("count"));
    }
    assertThat(
        read,
        is(
            new TreeMap<>(
                Map.of(
                    "half", "2.5/1 2.5 1",
                    "minus", "-1.0/-1 -1.0 -1",
                    "huge", "1.0E20/9223372036854775807 1.0E20 9223372036854775807",
                    "none", "__HIVE_DEFAULT_PARTITION__/__HIVE_DEFAULT_PARTITION__ null null"))));
  }

  private static SerializableFunction<Iterable<HudiFailedRecord>, Void> failedExactly(
      TreeMap<String, String> problems) {
    return all -> {
      TreeMap<String, String> reasons = new TreeMap<>();
      for (HudiFailedRecord f : all) {
        String reason = f.getReason();
        String key =
            reason.substring("record key '".length(), reason.indexOf("': partition field"));
        assertThat(reason, reasons.put(key, reason) == null, is(true));
        assertThat(
            reason,
            f.getRecord(),
            containsString(key.length() > 100 ? key.substring(0, 100) : key));
      }
      assertThat(reasons.keySet(), is(problems.keySet()));
      for (Map.Entry<String, String> e : problems.entrySet()) {
        String reason = reasons.get(e.getKey());
        if (e.getValue().equals(EMPTY)) {
          assertThat(reason, containsString(EMPTY));
          assertThat(reason, containsString("Write null for a missing value"));
          continue;
        }
        assertThat(reason, containsString("which is not safe: " + e.getValue()));
        assertThat(
            reason,
            containsString(
                e.getValue().startsWith("the folder name is")
                    ? "Shorten or clean the value, or partition by a field derived from it; record: {"
                    : "Set withUrlEncodePartitionPath(true) (hoodie.datasource.write.partitionpath.urlencode=true)"));
      }
      return null;
    };
  }

  /** Relative paths of every file under {@code base}. */
  private static List<String> allFiles(String base) {
    Path root = new File(base).toPath();
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .map(f -> root.relativize(f).toString())
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
