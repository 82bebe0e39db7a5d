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
import static io.hudibeam.compat.spark.SparkHudi.records;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.HoodieFileFormat;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A table version 8 table that HudiIO creates gets a metadata table as Hudi 1.0.2's writer creates
 * one (docs/metadata-table.md): the {@code files} partition initialised at {@code
 * 00000000000000000}, then {@code column_stats} and {@code partition_stats}; Hudi 1.0.2's metadata
 * reader lists exactly the completed files, Spark reads every row, and Spark's writer continues
 * without re-initialising {@code files}.
 */
public class HudiIOMetadataInitialisationVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final List<String> INITIALISATION =
      List.of("files-0000-0_0-0-1_00000000000000000.hfile");

  private static HudiIO.Write<GenericRecord> write(String base, TableType type) {
    return hudiIOWrite(base, WriteOperation.UPSERT)
        .withTableVersion(8)
        .withTableType(type)
        .withHoodieProperties(Map.of("hoodie.metadata.enable", "true"));
  }

  @Test
  public void copyOnWrite() throws Exception {
    createdTableKeepsItsMetadataTable(TableType.COPY_ON_WRITE, HoodieTableType.COPY_ON_WRITE);
  }

  @Test
  public void mergeOnRead() throws Exception {
    createdTableKeepsItsMetadataTable(TableType.MERGE_ON_READ, HoodieTableType.MERGE_ON_READ);
  }

  private void createdTableKeepsItsMetadataTable(TableType type, HoodieTableType hudiType)
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int b = 0; b <= 2; b++) {
      hudiIO(records(b, b * 5, b * 5 + 1, b * 5 + 20, 30 + b), write(base, type));
      expected.putAll(expected(b, last(base), b * 5, b * 5 + 1, b * 5 + 20, 30 + b));
    }
    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(
        meta.getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    HoodieTableMetaClient metadata =
        HoodieTableMetaClient.builder()
            .setConf(meta.getStorageConf())
            .setBasePath(base + "/.hoodie/metadata")
            .build();
    assertThat(metadata.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(metadata.getTableType(), is(HoodieTableType.MERGE_ON_READ));
    assertThat(metadata.getTableConfig().getBaseFileFormat(), is(HoodieFileFormat.HFILE));
    assertThat(
        metadata.getTableConfig().getPayloadClass(),
        is("org.apache.hudi.metadata.HoodieMetadataPayload"));
    assertThat(
        metadata
            .getActiveTimeline()
            .getDeltaCommitTimeline()
            .filterCompletedInstants()
            .firstInstant()
            .get()
            .requestedTime(),
        is("00000000000000000"));
    assertThat(SPARK.filesPartitionInitialisation(base), is(INITIALISATION));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));

    // Hudi 1.0.2's Spark writer continues without re-initialising files (column_stats and
    // partition_stats, its defaults, HudiIO initialised too:
    // HudiIOStatsInitialisationVersionEightIT).
    Map<String, String> options = new HashMap<>(tripsOptions("upsert"));
    options.put("hoodie.datasource.write.table.type", hudiType.name());
    SPARK.sparkWrite(base, records(3, 2, 40), options);
    expected.putAll(expected(3, last(base), 2, 40));
    assertThat(SPARK.filesPartitionInitialisation(base).contains(INITIALISATION.get(0)), is(true));
    assertThat(
        SPARK.filesPartitionInitialisation(base).stream()
            .filter(n -> n.startsWith("files-"))
            .toList(),
        contains(INITIALISATION.get(0)));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), hasItem("files"));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));

    // HudiIO's next write keeps files, column_stats and partition_stats.
    hudiIO(records(4, 3, 41), write(base, type));
    expected.putAll(expected(4, last(base), 3, 41));
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));
  }

  private static String last(String base) {
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    return commits.get(commits.size() - 1).requestedTime();
  }
}
