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

import static io.hudibeam.HudiIOMergeOnReadIT.logStats;
import static io.hudibeam.HudiIOMergeOnReadIT.trips;
import static io.hudibeam.MergeOnReadChecks.logBlocks;
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.table.log.block.HoodieLogBlock.HoodieLogBlockType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Every index that works for copy-on-write works for merge-on-read: an upsert of updates and
 * inserts (updates to log files, inserts to new base files; with BUCKET, to the bucket's file
 * group), then deletes (delete blocks), each read back by Hudi's snapshot query row by row.
 */
@RunWith(Parameterized.class)
public class HudiIOMergeOnReadIndexIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Parameterized.Parameter public IndexType index;

  @Parameterized.Parameters(name = "{0}")
  public static List<IndexType> indexes() {
    return List.of(IndexType.SIMPLE, IndexType.GLOBAL_SIMPLE, IndexType.BLOOM, IndexType.BUCKET);
  }

  private HudiIO.Write<Row> write(String base, WriteOperation operation) {
    // No small files: the upsert's updates go to log files even in partitions that get inserts.
    return trips(base, operation).withIndex(index).withBucketCount(2).withSmallFileLimit(0);
  }

  private static String last(HudiTableReader reader) {
    List<String> commits = reader.completedInstantTimes();
    return commits.get(commits.size() - 1);
  }

  @Test
  public void upsertsAndDeletesGoThroughLogFiles() throws Exception {
    String base = tmp.newFolder(index.name()).getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiIOMergeOnReadIT.Expected expected = new HudiIOMergeOnReadIT.Expected();
    run(TripsRows.batch(0, 0, 40), write(base, WriteOperation.UPSERT));
    expected.upsert(0, 0, 40, last(reader));

    List<Row> upsert = new ArrayList<>(TripsRows.batch(1, 0, 16));
    upsert.addAll(TripsRows.batch(1, 40, 8));
    run(upsert, write(base, WriteOperation.UPSERT));
    String d2 = last(reader);
    expected.upsert(1, 0, 16, d2);
    expected.upsert(1, 40, 8, d2);
    expected.assertSnapshot(reader);
    assertThat(logStats(reader, d2), is(not(empty())));

    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(TripsRows.keys(0, 8)).withRowSchema(TripsRows.KEY_SCHEMA))
        .apply(write(base, WriteOperation.DELETE));
    p.run().waitUntilFinish();
    expected.delete(0, 8);
    expected.assertSnapshot(reader);
    TreeSet<String> deleted = new TreeSet<>();
    logBlocks(reader).stream()
        .filter(b -> b.type() == HoodieLogBlockType.DELETE_BLOCK)
        .forEach(b -> deleted.addAll(b.keys()));
    assertThat(deleted, is(new TreeSet<>(TripsData.keys(0, 8))));
  }
}
