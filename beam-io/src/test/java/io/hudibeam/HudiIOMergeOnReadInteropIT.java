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

import static io.hudibeam.HudiIOMergeOnReadIT.trips;
import static io.hudibeam.MergeOnReadChecks.logBlocks;
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.log.block.HoodieLogBlock.HoodieLogBlockType;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO and Hudi's own writers taking turns on merge-on-read tables, every state read with Hudi's
 * snapshot query row by row: Hudi 0.15's Java client upserts into our table, and we upsert into the
 * golden table Hudi 0.15's Spark writer made (log files with data and delete blocks).
 */
public class HudiIOMergeOnReadInteropIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static String last(HudiTableReader reader) {
    List<String> commits = reader.completedInstantTimes();
    return commits.get(commits.size() - 1);
  }

  @Test
  public void hudiJavaClientUpsertsIntoOurMergeOnReadTableAndWeContinue() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    run(TripsRows.batch(0, 0, 80), trips(base, WriteOperation.INSERT));
    expected.upsert(0, 0, 80, last(reader));
    run(TripsRows.batch(1, 0, 20), trips(base, WriteOperation.UPSERT));
    expected.upsert(1, 0, 20, last(reader));

    // Hudi: updates 10..29 (into our file groups' log files), inserts 80..89.
    List<GenericRecord> hudiBatch = new ArrayList<>(TripsData.batch(2, 10, 20));
    hudiBatch.addAll(TripsData.batch(2, 80, 10));
    String h =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            .metadataTable(true) // Hudi's default
            .open()
            .upsert(hudiBatch);
    assertThat(last(reader), is(h));
    expected.upsert(2, 10, 20, h);
    expected.upsert(2, 80, 10, h);
    expected.assertSnapshot(reader);

    // We: updates 25..34 (some written by Hudi), inserts 90..94.
    List<Row> ours = new ArrayList<>(TripsRows.batch(3, 25, 10));
    ours.addAll(TripsRows.batch(3, 90, 5));
    run(ours, trips(base, WriteOperation.UPSERT));
    String d = last(reader);
    assertThat(reader.completedInstantTimes(), hasSize(4));
    expected.upsert(3, 25, 10, d);
    expected.upsert(3, 90, 5, d);
    expected.assertSnapshot(reader);
    assertThat(
        reader.metaClient().getActiveTimeline().filterCompletedInstants().getInstants().stream()
            .filter(i -> i.getTimestamp().equals(d))
            .findFirst()
            .get()
            .getAction(),
        is(HoodieTimeline.DELTA_COMMIT_ACTION));
  }

  @Test
  public void weUpsertAndDeleteInHudisGoldenMergeOnReadTable() throws Exception {
    File table = GoldenTable.V6_MOR_TRIPS.copyTo(tmp.newFolder("golden"));
    String base = table.getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    // The golden table: insert 0:0:1000 at 20261129114610773, upsert 1:500:1000 at
    // 20261129114637990,
    // delete keys 0..99 at 20261129114708235.
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    expected.upsert(0, 100, 400, "20261129114610773");
    expected.upsert(1, 500, 1000, "20261129114637990");
    expected.assertSnapshot(reader);

    // Updates 90..109 (90..99 were deleted by Hudi: their keys are still in the base files),
    // 1490..1499,
    // and inserts 1500..1509.
    List<Row> rows = new ArrayList<>(TripsRows.batch(2, 90, 20));
    rows.addAll(TripsRows.batch(2, 1490, 20));
    run(rows, trips(base, WriteOperation.UPSERT));
    String d = last(reader);
    expected.upsert(2, 90, 20, d);
    expected.upsert(2, 1490, 20, d);
    expected.assertSnapshot(reader);

    // Deletes of 100..104 (Hudi's rows) go to delete blocks after Hudi's.
    org.apache.beam.sdk.Pipeline p =
        org.apache.beam.sdk.Pipeline.create(
            org.apache.beam.sdk.options.PipelineOptionsFactory.create());
    p.apply(
            org.apache.beam.sdk.transforms.Create.of(TripsRows.keys(100, 5))
                .withRowSchema(TripsRows.KEY_SCHEMA))
        .apply(trips(base, WriteOperation.DELETE));
    p.run().waitUntilFinish();
    String e = last(reader);
    expected.delete(100, 5);
    expected.assertSnapshot(reader);
    long ourDeleteBlocks =
        logBlocks(reader).stream()
            .filter(b -> b.type() == HoodieLogBlockType.DELETE_BLOCK && b.instant().equals(e))
            .count();
    assertThat(ourDeleteBlocks > 0, is(true));
  }
}
