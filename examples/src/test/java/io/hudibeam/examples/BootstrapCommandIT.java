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
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;

import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The {@code bootstrap} command: a Hive-style partitioned Parquet dataset (written here with
 * parquet-avro) becomes a table Hudi's reader returns row by row with the bootstrap's meta fields;
 * with {@code --mode=metadata_only} a table of skeleton files and a bootstrap index that Hudi's
 * bootstrap file reader reads row by row (both modes on the DirectRunner and the FlinkRunner); a
 * regex that mixes the modes gives two commits, {@code 00000000000001} then {@code 00000000000002}.
 */
public class BootstrapCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema SCHEMA =
      SchemaBuilder.record("order")
          .fields()
          .requiredString("id")
          .requiredLong("amount")
          .endRecord();

  /** 2 partitions × 2 files × 3 rows under {@code country=X/}; returns id → "country amount". */
  private static Map<String, String> writeSource(File source) throws Exception {
    Map<String, String> expected = new TreeMap<>();
    int n = 0;
    for (String country : List.of("de", "fr")) {
      for (int f = 0; f < 2; f++) {
        File file = new File(source, "country=" + country + "/part-" + f + ".parquet");
        List<GenericRecord> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++, n++) {
          GenericData.Record r = new GenericData.Record(SCHEMA);
          r.put("id", "o" + n);
          r.put("amount", 100L + n);
          rows.add(r);
          expected.put("o" + n, country + " " + (100L + n));
        }
        try (ParquetWriter<GenericRecord> writer =
            AvroParquetWriter.<GenericRecord>builder(new Path(file.getAbsolutePath()))
                .withSchema(SCHEMA)
                .withConf(new Configuration())
                .build()) {
          for (GenericRecord r : rows) {
            writer.write(r);
          }
        }
      }
    }
    return expected;
  }

  @Test
  public void bootstrapFullRecordThenHudiReadsEveryRow() throws Exception {
    bootstrapFullRecordThenHudiReadsEveryRow("DirectRunner");
  }

  @Test
  public void bootstrapFullRecordOnTheFlinkRunnerThenHudiReadsEveryRow() throws Exception {
    bootstrapFullRecordThenHudiReadsEveryRow("FlinkRunner");
  }

  private void bootstrapFullRecordThenHudiReadsEveryRow(String runner) throws Exception {
    File source = tmp.newFolder("orders");
    Map<String, String> expected = writeSource(source);
    String table = new File(tmp.getRoot(), "hudi-orders").getAbsolutePath();
    ConsoleCapture run =
        ConsoleCapture.run(
            "bootstrap",
            "--source=" + source.getAbsolutePath(),
            "--table=" + table,
            "--recordKey=id",
            "--partitionFields=country",
            "--mode=full_record",
            "--runner=" + runner);
    assertThat(run.err, run.exitCode, is(0));
    assertThat(run.commitLines(), hasSize(1));
    assertThat(
        run.commitLines().get(0),
        matchesPattern("commit 00000000000002 BULK_INSERT: 12 inserted, 0 updated, 0 deleted, .*"));
    HudiTableReader reader = HudiTableReader.of(table);
    assertThat(reader.completedInstantTimes(), is(List.of("00000000000002")));
    Map<String, String> rows = new TreeMap<>();
    for (GenericRecord row : reader.snapshot()) {
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is("00000000000002"));
      assertThat(
          HudiTableReader.string(row, "_hoodie_partition_path"),
          is(HudiTableReader.string(row, "country")));
      assertThat(
          HudiTableReader.string(row, "_hoodie_record_key"), is(HudiTableReader.string(row, "id")));
      rows.put(
          HudiTableReader.string(row, "id"),
          HudiTableReader.string(row, "country") + " " + row.get("amount"));
    }
    assertThat(rows, is(expected));
  }

  @Test
  public void bootstrapMetadataOnlyThenHudiReadsEveryRow() throws Exception {
    bootstrapMetadataOnlyThenHudiReadsEveryRow("DirectRunner");
  }

  @Test
  public void bootstrapMetadataOnlyOnTheFlinkRunnerThenHudiReadsEveryRow() throws Exception {
    bootstrapMetadataOnlyThenHudiReadsEveryRow("FlinkRunner");
  }

  private void bootstrapMetadataOnlyThenHudiReadsEveryRow(String runner) throws Exception {
    File source = tmp.newFolder("orders");
    Map<String, String> expected = writeSource(source);
    String table = new File(tmp.getRoot(), "hudi-orders").getAbsolutePath();
    ConsoleCapture run =
        ConsoleCapture.run(
            "bootstrap",
            "--source=" + source.getAbsolutePath(),
            "--table=" + table,
            "--recordKey=id",
            "--partitionFields=country",
            "--mode=metadata_only",
            "--runner=" + runner);
    assertThat(run.err, run.exitCode, is(0));
    assertThat(run.commitLines(), hasSize(1));
    assertThat(
        run.commitLines().get(0),
        matchesPattern("commit 00000000000001 BOOTSTRAP: 12 inserted, 0 updated, 0 deleted, .*"));
    HudiTableReader reader = HudiTableReader.of(table);
    assertThat(reader.completedInstantTimes(), is(List.of("00000000000001")));
    Schema tableSchema =
        SchemaBuilder.record("order")
            .fields()
            .requiredString("id")
            .requiredLong("amount")
            .optionalString("country")
            .endRecord();
    Map<String, String> rows = new TreeMap<>();
    for (GenericRecord row : reader.bootstrapSnapshot(tableSchema, List.of("country"))) {
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is("00000000000001"));
      assertThat(
          HudiTableReader.string(row, "_hoodie_partition_path"),
          is("country=" + HudiTableReader.string(row, "country")));
      assertThat(
          HudiTableReader.string(row, "_hoodie_record_key"), is(HudiTableReader.string(row, "id")));
      rows.put(
          HudiTableReader.string(row, "id"),
          HudiTableReader.string(row, "country") + " " + row.get("amount"));
    }
    assertThat(rows, is(expected));
  }

  @Test
  public void aRegexThatMixesTheModesGivesTwoCommits() throws Exception {
    File source = tmp.newFolder("orders");
    writeSource(source);
    String table = new File(tmp.getRoot(), "hudi-orders").getAbsolutePath();
    ConsoleCapture run =
        ConsoleCapture.run(
            "bootstrap",
            "--source=" + source.getAbsolutePath(),
            "--table=" + table,
            "--recordKey=id",
            "--partitionFields=country",
            "--mode=metadata_only",
            "--modeRegex=country=fr");
    assertThat(run.err, run.exitCode, is(0));
    assertThat(run.commitLines(), hasSize(2));
    assertThat(
        HudiTableReader.of(table).completedInstantTimes(),
        is(List.of("00000000000001", "00000000000002")));
  }
}
