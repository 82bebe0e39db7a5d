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
import io.hudibeam.testing.TripsData;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class CompactCommandIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** trips on MERGE_ON_READ (an insert, then updates to log files), then compact; read by Hudi. */
  @Test
  public void tripsOnMergeOnReadThenCompactReadBackByHudi() throws Exception {
    String table = tmp.newFolder("hudi-trips-mor").getAbsolutePath();
    ConsoleCapture insert =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--tableType=MERGE_ON_READ",
            "--operation=insert",
            "--batch=0",
            "--start=0",
            "--count=400");
    assertThat(insert.err, insert.exitCode, is(0));
    ConsoleCapture upsert =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--tableType=MERGE_ON_READ",
            "--operation=upsert",
            "--batch=1",
            "--start=0",
            "--count=200");
    assertThat(upsert.err, upsert.exitCode, is(0));
    HudiTableReader reader = HudiTableReader.of(table);
    List<String> deltas = reader.completedInstantTimes();
    assertThat(deltas, hasSize(2));
    // The deltacommit's line counts its log files (one per file group), their blocks and records.
    assertThat(upsert.commitLines(), hasSize(1));
    assertThat(
        upsert.commitLines().get(0),
        matchesPattern(
            "commit "
                + deltas.get(1)
                + " UPSERT: 0 inserted, 200 updated, 0 deleted, 8 files \\(8 log files, 8 log blocks,"
                + " 200 log records\\), \\d+ bytes, \\d+\\.\\d s"));

    ConsoleCapture compact = ConsoleCapture.run("compact", "--table=" + table);
    assertThat(compact.err, compact.exitCode, is(0));
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants, hasSize(3));
    assertThat(compact.commitLines(), hasSize(1));
    assertThat(
        compact.commitLines().get(0),
        matchesPattern(
            "commit "
                + instants.get(2)
                + " COMPACT: 0 inserted, 200 updated, 0 deleted, 8 files, \\d+ bytes, \\d+\\.\\d s"));

    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    Map<String, GenericRecord> readOptimized = HudiTableReader.byRecordKey(reader.readOptimized());
    assertThat(rows.size(), is(400));
    assertThat(readOptimized.size(), is(400));
    for (long i = 0; i < 400; i++) {
      long batch = i < 200 ? 1 : 0;
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is(deltas.get((int) batch)));
      assertThat(TripsData.values(readOptimized.get(TripsData.key(i))), is(TripsData.values(row)));
    }
  }
}
