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
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The Beam counters of the write stages, summed by {@link HudiWriteProgress}, equal what Hudi reads
 * in the commit: inserts, updates, deletes, files, rows and bytes written, for the file-group
 * writer (insert, then an upsert that merges) and the bulk-insert writer.
 */
public class HudiWriteProgressTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<org.apache.beam.sdk.values.Row> trips(
      String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation);
  }

  private static HudiWriteProgress write(
      String base, WriteOperation operation, long batch, long start, long count) {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.of(TripsRows.batch(batch, start, count)).withRowSchema(TripsRows.SCHEMA))
        .apply(trips(base, operation));
    PipelineResult result = p.run();
    assertThat(result.waitUntilFinish(), is(PipelineResult.State.DONE));
    return HudiWriteProgress.of(result.metrics());
  }

  /** The progress equals the last commit's metadata as Hudi parses it. */
  private static void assertProgressIsCommit(
      HudiWriteProgress progress, String base, long prepared) {
    HudiTableReader reader = HudiTableReader.of(base);
    HoodieCommitMetadata commit =
        HudiIOTesting.commitMetadata(reader, HudiIOTesting.lastInstant(reader));
    assertThat(progress.toString(), progress.getRecordsPrepared(), is(prepared));
    assertThat(
        progress.toString(),
        progress.getRecordsInserted(),
        is(commit.fetchTotalInsertRecordsWritten()));
    assertThat(
        progress.toString(),
        progress.getRecordsUpdated(),
        is(commit.fetchTotalUpdateRecordsWritten()));
    assertThat(
        progress.toString(), progress.getRecordsDeleted(), is(commit.getTotalRecordsDeleted()));
    assertThat(
        progress.toString(), progress.getRecordsWritten(), is(commit.fetchTotalRecordsWritten()));
    assertThat(
        progress.toString(), progress.getFilesWritten(), is((long) commit.getWriteStats().size()));
    assertThat(
        progress.toString(), progress.getBytesWritten(), is(commit.fetchTotalBytesWritten()));
  }

  private static void assertTable(String base, long count, long updatedFrom) {
    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is((int) count));
    for (long i = 0; i < count; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      long batch = i < updatedFrom ? 0 : 1;
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
  }

  @Test
  public void insertThenMergingUpsertCountedAsHudiCommitsThem() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();

    HudiWriteProgress insert = write(base, WriteOperation.INSERT, 0, 0, 200);
    assertProgressIsCommit(insert, base, 200);
    assertThat(insert.getRecordsApplied(), is(200L));
    assertTable(base, 200, 200);

    HudiWriteProgress upsert = write(base, WriteOperation.UPSERT, 1, 150, 100);
    assertProgressIsCommit(upsert, base, 100);
    assertThat(upsert.getRecordsInserted(), is(50L));
    assertThat(upsert.getRecordsUpdated(), is(50L));
    assertThat(upsert.getRecordsApplied(), is(100L));
    // The merges rewrote the stored rows of the file groups they touched: more rows written than
    // applied.
    assertThat(
        upsert.toString(), upsert.getRecordsWritten() > upsert.getRecordsApplied(), is(true));
    assertTable(base, 250, 150);
  }

  @Test
  public void bulkInsertCountedAsHudiCommitsIt() throws Exception {
    String base = tmp.newFolder("trips-bulk").getAbsolutePath();

    HudiWriteProgress bulk = write(base, WriteOperation.BULK_INSERT, 0, 0, 160);
    assertProgressIsCommit(bulk, base, 160);
    assertThat(bulk.getRecordsInserted(), is(160L));
    assertThat(bulk.getRecordsWritten(), is(160L));
    assertTable(base, 160, 160);
  }
}
