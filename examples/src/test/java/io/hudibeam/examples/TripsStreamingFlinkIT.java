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
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming trips command on the embedded FlinkRunner (issue #8), as the README gives it: the
 * stream keeps going after its last record, and the command stops the job once every record is
 * committed ({@link StopSignal}), exits 0, and the table holds every record once, one commit per
 * interval, each record in its interval's commit, read back by Hudi.
 */
public class TripsStreamingFlinkIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test(timeout = 300_000)
  public void streamingInsertOnTheEmbeddedFlinkEndsOnceEveryRecordIsCommitted() throws Exception {
    String table = tmp.newFolder("hudi-trips-stream-flink").getAbsolutePath();
    int count = 600;
    long rate = 200;

    ConsoleCapture c =
        ConsoleCapture.run(
            "trips",
            "--table=" + table,
            "--operation=insert",
            "--batch=0",
            "--start=0",
            "--count=" + count,
            "--streaming",
            "--rate=" + rate,
            "--commitInterval=1",
            "--runner=FlinkRunner",
            "--parallelism=2",
            "--checkpointingInterval=300",
            "--progressSeconds=1");
    assertThat(c.err, c.exitCode, is(0));
    assertThat(c.out, containsString("a stream on the embedded Flink gives no progress line"));

    HudiTableReader reader = HudiTableReader.of(table);
    List<String> instants = reader.completedInstantTimes();
    // 600 records at 200 per second of event time: 3 one-second intervals with records.
    assertThat(instants, hasSize(3));
    assertThat(c.commitLines(), hasSize(3));
    List<GenericRecord> snapshot = reader.snapshot();
    assertThat("no record twice", snapshot, hasSize(count));
    Map<String, GenericRecord> rows = HudiTableReader.byRecordKey(snapshot);
    for (long i = 0; i < count; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i), TripsData.values(row), is(TripsData.values(TripsData.record(0, i))));
      int interval = (int) (i * 1000 / rate / 1000);
      assertThat(
          TripsData.key(i),
          HudiTableReader.string(row, "_hoodie_commit_time"),
          is(instants.get(interval)));
    }
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
  }
}
