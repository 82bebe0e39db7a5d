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

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.s3.S3Server;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * The README's quick start on S3: the {@code trips} command writes to an {@code s3a://} table with
 * S3A's settings given as {@code --hadoop.fs.s3a.*} arguments (an S3Proxy server in the test JVM),
 * inserts and then upserts; Hudi's reader through S3A returns every row with its batch, partition
 * path and commit time.
 */
public class TripsCommandS3IT {
  @ClassRule public static final S3Server S3 = new S3Server();

  private static List<String> command(String table, String... options) {
    List<String> args = new ArrayList<>(List.of("trips", "--table=" + table));
    args.addAll(List.of(options));
    S3.hadoopSettings().forEach((k, v) -> args.add("--hadoop." + k + "=" + v));
    return args;
  }

  @Test
  public void insertThenUpsertOnS3ReadBackByHudi() throws Exception {
    String table = S3.newTable("trips");
    ConsoleCapture insert =
        ConsoleCapture.run(
            command(table, "--operation=insert", "--count=400").toArray(String[]::new));
    assertThat(insert.err, insert.exitCode, is(0));
    assertThat(insert.out, containsString("Hudi table at " + table));
    ConsoleCapture upsert =
        ConsoleCapture.run(
            command(table, "--operation=upsert", "--batch=1", "--start=300", "--count=200")
                .toArray(String[]::new));
    assertThat(upsert.err, upsert.exitCode, is(0));

    HudiTableReader reader = HudiTableReader.of(table, S3.hadoopSettings());
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants, hasSize(2));
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
  }
}
