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
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class HudiIOWriteIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation);
  }

  private static void run(
      String base,
      WriteOperation operation,
      List<Row> rows,
      org.apache.beam.sdk.schemas.Schema schema) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(rows).withRowSchema(schema)).apply(trips(base, operation));
    p.run().waitUntilFinish();
  }

  @Test
  public void insertUpsertDeleteReadBackWithHudi() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    run(base, WriteOperation.INSERT, TripsRows.batch(0, 0, 1000), TripsRows.SCHEMA);
    HudiTableReader reader = HudiTableReader.of(base);
    String first = reader.completedInstantTimes().get(0);
    assertThat(reader.snapshotByRecordKey().size(), is(1000));

    run(base, WriteOperation.UPSERT, TripsRows.batch(1, 500, 1000), TripsRows.SCHEMA);
    run(base, WriteOperation.DELETE, TripsRows.keys(0, 100), TripsRows.KEY_SCHEMA);

    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is(1400));
    for (long i = 100; i < 1500; i++) {
      long batch = i < 500 ? 0 : 1;
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      if (i < 500) {
        assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is(first));
      }
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
    List<String> instants = HudiTableReader.of(base).completedInstantTimes();
    assertThat(instants.size(), is(3));
    assertThat(HudiTableReader.of(base).incrementalSince(instants.get(0)).size(), is(1000));
  }
}
