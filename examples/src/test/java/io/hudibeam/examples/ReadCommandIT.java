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
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The {@code read} command on both runners: a merge-on-read table written by {@code trips} (insert,
 * then updates into log files) read as a snapshot and incrementally; the JSON lines equal Hudi's
 * reader's rows (data columns), and the last line printed is {@code rows N}.
 */
public class ReadCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static TreeMap<String, String> jsonByKey(File file) throws Exception {
    TreeMap<String, String> out = new TreeMap<>();
    for (String line : Files.readAllLines(file.toPath(), StandardCharsets.UTF_8)) {
      String key = line.replaceAll(".*\"uuid\":\"([^\"]+)\".*", "$1");
      out.put(key, line);
    }
    return out;
  }

  private static TreeMap<String, String> fares(List<GenericRecord> records) {
    TreeMap<String, String> out = new TreeMap<>();
    for (GenericRecord r : records) {
      out.put(String.valueOf(r.get("uuid")), String.valueOf(r.get("fare")));
    }
    return out;
  }

  private static TreeMap<String, String> faresOf(TreeMap<String, String> json) {
    TreeMap<String, String> out = new TreeMap<>();
    json.forEach((k, line) -> out.put(k, line.replaceAll(".*\"fare\":([0-9.Ee+-]+).*", "$1")));
    return out;
  }

  private void readOn(String runner) throws Exception {
    String table = tmp.newFolder("trips-" + runner).getAbsolutePath();
    assertThat(
        ConsoleCapture.run(
                "trips",
                "--table=" + table,
                "--tableType=MERGE_ON_READ",
                "--operation=insert",
                "--batch=0",
                "--start=0",
                "--count=300")
            .exitCode,
        is(0));
    assertThat(
        ConsoleCapture.run(
                "trips",
                "--table=" + table,
                "--tableType=MERGE_ON_READ",
                "--operation=upsert",
                "--batch=1",
                "--start=100",
                "--count=100")
            .exitCode,
        is(0));
    HudiTableReader hudi = HudiTableReader.of(table);
    String first = hudi.completedInstantTimes().get(0);

    File snapshot = new File(tmp.getRoot(), runner + "-snapshot.jsonl");
    ConsoleCapture read =
        ConsoleCapture.run(
            "read", "--table=" + table, "--output=" + snapshot, "--runner=" + runner);
    assertThat(read.err, read.exitCode, is(0));
    List<String> lines = read.out.strip().lines().toList();
    assertThat(lines.get(lines.size() - 1), is("rows 300"));
    TreeMap<String, String> json = jsonByKey(snapshot);
    assertThat(json.size(), is(300));
    assertThat(faresOf(json), is(fares(hudi.snapshot())));
    assertThat(json.firstEntry().getValue().contains("_hoodie"), is(false));

    File incremental = new File(tmp.getRoot(), runner + "-incremental.jsonl");
    ConsoleCapture changes =
        ConsoleCapture.run(
            "read",
            "--table=" + table,
            "--beginInstant=" + first,
            "--output=" + incremental,
            "--runner=" + runner);
    assertThat(changes.err, changes.exitCode, is(0));
    List<String> changeLines = changes.out.strip().lines().toList();
    assertThat(changeLines.get(changeLines.size() - 1), is("rows 100"));
    TreeMap<String, String> expected = new TreeMap<>();
    for (long i = 100; i < 200; i++) {
      expected.put(TripsData.key(i), String.valueOf(TripsData.fare(1, i)));
    }
    assertThat(faresOf(jsonByKey(incremental)), is(expected));
  }

  @Test
  public void readOnTheDirectRunner() throws Exception {
    readOn("DirectRunner");
  }

  @Test
  public void readOnTheFlinkRunner() throws Exception {
    readOn("FlinkRunner");
  }
}
