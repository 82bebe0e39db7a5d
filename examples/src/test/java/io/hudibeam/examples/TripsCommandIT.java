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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class TripsCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void insertThenUpsertBatchReadBackByHudi() throws Exception {
    String table = tmp.newFolder("hudi-trips").getAbsolutePath();

    ConsoleCapture insert =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--operation=insert",
            "--batch=0",
            "--start=0",
            "--count=400");
    assertThat(insert.err, insert.exitCode, is(0));
    List<String> instants = HudiTableReader.of(table).completedInstantTimes();
    assertThat(insert.commitLines(), hasSize(1));
    assertThat(
        insert.commitLines().get(0),
        matchesPattern(
            "commit "
                + instants.get(0)
                + " INSERT: 400 inserted, 0 updated, 0 deleted, 8 files, \\d+ bytes, \\d+\\.\\d s"));
    assertThat(insert.out, containsString("Hudi table at " + table));

    ConsoleCapture upsert =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--operation=upsert",
            "--batch=1",
            "--start=300",
            "--count=200",
            "--parallelism=2");
    assertThat(upsert.err, upsert.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    instants = reader.completedInstantTimes();
    assertThat(instants, hasSize(2));
    assertThat(
        upsert.commitLines().get(0),
        matchesPattern(
            "commit "
                + instants.get(1)
                + " UPSERT: 100 inserted, 100 updated, 0 deleted, 8 files, \\d+ bytes, \\d+\\.\\d s"));

    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(500));
    for (long i = 0; i < 500; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      long batch = i < 300 ? 0 : 1;
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
      assertThat(
          HudiTableReader.string(row, "_hoodie_commit_time"), is(instants.get(i < 300 ? 0 : 1)));
    }
    assertThat(reader.tableConfig().getTableName(), is("trips"));

    // No records (--count=0) on the existing table: exit 0, an empty commit, rows unchanged.
    ConsoleCapture nothing =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--operation=upsert",
            "--batch=2",
            "--count=0",
            "--parallelism=2");
    assertThat(nothing.err, nothing.exitCode, is(0));
    List<String> afterNothing = reader.completedInstantTimes();
    assertThat(afterNothing, hasSize(3));
    assertThat(afterNothing.subList(0, 2), is(instants));
    assertThat(nothing.commitLines(), hasSize(1));
    assertThat(
        nothing.commitLines().get(0),
        containsString(afterNothing.get(2) + " UPSERT: 0 inserted, 0 updated, 0 deleted"));
    Map<String, GenericRecord> unchanged = reader.snapshotByRecordKey();
    assertThat(unchanged.keySet(), is(rows.keySet()));
    for (String key : rows.keySet()) {
      assertThat(key, TripsData.values(unchanged.get(key)), is(TripsData.values(rows.get(key))));
      assertThat(
          key,
          HudiTableReader.string(unchanged.get(key), "_hoodie_commit_time"),
          is(HudiTableReader.string(rows.get(key), "_hoodie_commit_time")));
    }
  }

  /** {@code --index=BUCKET --buckets=N}: N file groups per partition, rows read back by Hudi. */
  @Test
  public void bucketIndexWithItsBucketCount() throws Exception {
    String table = tmp.newFolder("hudi-trips-bucket").getAbsolutePath();
    for (String[] write :
        new String[][] {{"insert", "0", "0", "400"}, {"upsert", "1", "200", "400"}}) {
      ConsoleCapture c =
          ConsoleCapture.run(
              "trips",
              "--table=" + table,
              "--tableType=MERGE_ON_READ",
              "--index=BUCKET",
              "--buckets=2",
              "--operation=" + write[0],
              "--batch=" + write[1],
              "--start=" + write[2],
              "--count=" + write[3]);
      assertThat(c.err, c.exitCode, is(0));
    }
    HudiTableReader reader = HudiTableReader.of(table);
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(600));
    for (long i = 0; i < 600; i++) {
      assertThat(
          TripsData.key(i),
          TripsData.values(rows.get(TripsData.key(i))),
          is(TripsData.values(TripsData.record(i < 200 ? 0 : 1, i))));
    }
    // Two buckets per partition, one base file each; the upsert (updates and inserts) went to
    // their logs.
    try (java.util.stream.Stream<java.nio.file.Path> files =
        java.nio.file.Files.walk(java.nio.file.Paths.get(table))) {
      List<String> names =
          files
              .filter(p -> !p.toString().contains("/.hoodie"))
              .map(p -> p.getFileName().toString())
              .collect(java.util.stream.Collectors.toList());
      assertThat(names.stream().filter(n -> n.endsWith(".parquet")).count(), is(16L));
      assertThat(
          names.stream().filter(n -> n.contains(".log.") && !n.endsWith(".crc")).count(), is(16L));
    }
  }

  /**
   * The trips command on the embedded Flink, with the runner defaults the examples add; its last
   * progress line has the full counts (the lines while it runs are checked in {@link
   * FlinkProgressLineIT}).
   */
  @Test
  public void bulkInsertOnTheEmbeddedFlinkRunnerReadBackByHudi() throws Exception {
    String table = tmp.newFolder("hudi-trips-flink").getAbsolutePath();

    ConsoleCapture c =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--operation=bulk_insert",
            "--batch=2",
            "--start=0",
            "--count=300",
            "--runner=FlinkRunner",
            "--parallelism=2",
            "--progressSeconds=1");
    assertThat(c.err, c.exitCode, is(0));
    // Attached mode, but the embedded Flink's job listener gives the metrics while the job runs.
    assertThat(c.out, not(containsString("progress: this runner gives")));
    ProgressLineTest.assertProgress(c, 300);
    HudiTableReader reader = HudiTableReader.of(table);
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants, hasSize(1));
    assertThat(
        c.commitLines().get(0),
        matchesPattern(
            "commit "
                + instants.get(0)
                + " BULK_INSERT: 300 inserted, 0 updated, 0 deleted, \\d+ files, \\d+ bytes, \\d+\\.\\d s"));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(300));
    for (long i = 0; i < 300; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(2, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
  }
}
