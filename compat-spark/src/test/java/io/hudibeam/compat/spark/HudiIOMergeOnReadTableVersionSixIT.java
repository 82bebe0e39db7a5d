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
package io.hudibeam.compat.spark;

import static io.hudibeam.compat.spark.SparkHudi.expected;
import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.range;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A merge-on-read table (version 6) HudiIO writes and compacts, with log files written after the
 * compaction, read by Hudi 1.0.2's Spark reader row by row: the snapshot query merges the log
 * files, the read-optimized query reads the compacted base files only.
 */
public class HudiIOMergeOnReadTableVersionSixIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<GenericRecord> upsert(String base) {
    return hudiIOWrite(base, WriteOperation.UPSERT).withTableType(TableType.MERGE_ON_READ);
  }

  @Test
  public void hudiSparkSnapshotAndReadOptimizedQueriesOfAMergeOnReadTableHudiIOWrote()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    hudiIO(records(0, range(0, 16)), upsert(base));
    hudiIO(records(1, 4, 5, 6, 7), upsert(base));
    Pipeline compaction = Pipeline.create(PipelineOptionsFactory.create());
    compaction.apply(HudiIO.compact().withBasePath(base));
    compaction.run().waitUntilFinish();
    hudiIO(records(2, 0, 1, 9), upsert(base));

    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.SIX));
    assertThat(SPARK.meta(base).getTableType(), is(HoodieTableType.MERGE_ON_READ));
    List<HoodieInstant> instants = SPARK.completedCommits(base);
    assertThat(
        instants.stream().map(HoodieInstant::getAction).collect(Collectors.toList()),
        is(List.of("deltacommit", "deltacommit", "commit", "deltacommit")));
    String d1 = instants.get(0).requestedTime();
    String d2 = instants.get(1).requestedTime();
    String d4 = instants.get(3).requestedTime();

    // The compaction keeps each record's commit time (the delta commit that wrote it).
    Map<String, List<Object>> compacted = new TreeMap<>();
    compacted.putAll(expected(0, d1, 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15));
    compacted.putAll(expected(1, d2, 4, 5, 6, 7));
    assertThat(SPARK.readOptimized(base), is(compacted));

    Map<String, List<Object>> snapshot = new TreeMap<>(compacted);
    snapshot.putAll(expected(2, d4, 0, 1, 9));
    assertThat(SPARK.snapshot(base), is(snapshot));
  }
}
