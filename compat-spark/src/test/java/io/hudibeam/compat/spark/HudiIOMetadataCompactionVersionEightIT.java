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
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.hudi.avro.model.HoodieCompactionOperation;
import org.apache.hudi.avro.model.HoodieCompactionPlan;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.util.CompactionUtils;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO compacts the metadata table of a table version 8 table that Hudi 1.0.2's Spark writer
 * created, as Hudi 1.0.2's writer does (docs/metadata-table.md): Hudi parses the plan and the
 * commit, its metadata reader lists exactly the completed files from the new base file, Spark reads
 * every row and continues without re-initialising the metadata table, and a dead compaction is
 * undone.
 */
public class HudiIOMetadataCompactionVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String MAX_DELTA_COMMITS = "hoodie.metadata.compact.max.delta.commits";

  private static HudiIO.Write<GenericRecord> write(
      String base, WriteOperation operation, int maxDeltaCommits) {
    return hudiIOWrite(base, operation)
        .withHoodieProperties(Map.of(MAX_DELTA_COMMITS, String.valueOf(maxDeltaCommits)));
  }

  private static HoodieTableMetaClient metadataMeta(HoodieTableMetaClient meta) {
    return HoodieTableMetaClient.builder()
        .setConf(meta.getStorageConf())
        .setBasePath(meta.getBasePath() + "/.hoodie/metadata")
        .build();
  }

  private static List<HoodieInstant> completedCompactions(HoodieTableMetaClient metadata) {
    return metadata
        .getActiveTimeline()
        .getCommitTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .filter(i -> i.getAction().equals(HoodieTimeline.COMMIT_ACTION))
        .collect(Collectors.toList());
  }

  @Test
  public void hudiIOCompactsTheMetadataTableAsHudiOneDoes() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    SPARK.sparkWrite(base, records(0, range(0, 16)), tripsOptions("upsert"));
    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<String> filesInitialisation = SPARK.filesPartitionInitialisation(base);
    assertThat(filesInitialisation, is(not(empty())));
    assertThat(completedCompactions(metadataMeta(meta)), is(empty()));
    // Hudi 1.0.2 counts the completed deltacommits since the last compaction, here since the
    // metadata table's start (its initialisations and Spark's deltacommit): two HudiIO writes
    // more make the start of the third compact it.
    int sparkDeltaCommits =
        metadataMeta(meta)
            .getActiveTimeline()
            .getDeltaCommitTimeline()
            .filterCompletedInstants()
            .countInstants();
    assertThat(sparkDeltaCommits, greaterThan(1));
    int max = sparkDeltaCommits + 2;
    String d0 = SPARK.completedCommits(base).get(0).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>(expected(0, d0, range(0, 16)));

    for (int b = 1; b <= 4; b++) {
      hudiIO(records(b, b, b + 20), write(base, WriteOperation.UPSERT, max));
      List<HoodieInstant> commits = SPARK.completedCommits(base);
      String time = commits.get(commits.size() - 1).requestedTime();
      expected.putAll(expected(b, time, b, b + 20));
    }
    meta = SPARK.meta(base);
    HoodieTableMetaClient metadata = metadataMeta(meta);
    List<HoodieInstant> compactions = completedCompactions(metadata);
    assertThat(compactions.size(), is(1));
    HoodieInstant compaction = compactions.get(0);
    String c = compaction.requestedTime();
    assertThat(c.length(), is(17)); // a fresh instant time, no 001 suffix (Hudi 1.0.2)
    // Fresh, after the instant of the write whose start ran it (the third HudiIO write), which
    // completed after it.
    List<HoodieInstant> dataCommits = SPARK.completedCommits(base);
    HoodieInstant third = dataCommits.get(3);
    assertThat(c.compareTo(third.requestedTime()), greaterThan(0));
    assertThat(c.compareTo(dataCommits.get(4).requestedTime()) < 0, is(true));
    assertThat(third.getCompletionTime().compareTo(compaction.getCompletionTime()), greaterThan(0));

    // Hudi parses the plan: an operation per file group of files, column_stats and
    // partition_stats, each a slice with HudiIO's log files (Hudi 1.0.2 compacts every partition).
    HoodieCompactionPlan plan = CompactionUtils.getCompactionPlan(metadata, c);
    Map<String, HoodieCompactionOperation> operations = new TreeMap<>();
    plan.getOperations()
        .forEach(o -> operations.put(o.getPartitionPath() + "/" + o.getFileId(), o));
    assertThat(
        operations.keySet(),
        is(
            Set.of(
                "files/files-0000-0",
                "column_stats/col-stats-0000-0",
                "column_stats/col-stats-0001-0",
                "partition_stats/partition-stats-0000-0")));
    assertThat(operations.get("files/files-0000-0").getDeltaFilePaths().size(), greaterThan(2));
    operations.values().forEach(o -> assertThat(o.getDeltaFilePaths().size(), greaterThan(0)));
    // and the commit: each file group compacted into <file id>_<token>_<c>.hfile.
    HoodieCommitMetadata commit = metadata.getActiveTimeline().readCommitMetadata(compaction);
    assertThat(commit.getOperationType(), is(WriteOperationType.COMPACT));
    assertThat(
        commit.getPartitionToWriteStats().keySet(),
        is(Set.of("files", "column_stats", "partition_stats")));
    commit
        .getPartitionToWriteStats()
        .forEach(
            (partition, stats) ->
                stats.forEach(
                    st -> {
                      assertThat(
                          st.getPath(),
                          st.getPath()
                              .matches(
                                  partition
                                      + "/"
                                      + st.getFileId()
                                      + "_\\d+-\\d+-\\d+_"
                                      + c
                                      + "\\.hfile"),
                          is(true));
                      assertThat(
                          new File(base, ".hoodie/metadata/" + st.getPath()).isFile(), is(true));
                    }));
    String newBase = commit.getPartitionToWriteStats().get("files").get(0).getPath();
    // The statistics' latest slices are the compaction's base files (plus the log files of the
    // writes from the one that ran it on), and Hudi's metadata reader returns exactly the records
    // it returns
    // without the compaction.
    MetadataStatsCompaction.assertCompacted(
        metadata,
        c,
        dataCommits.subList(3, dataCommits.size()).stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toSet()));
    Map<String, String> statsRecords = MetadataStatsCompaction.records(meta, base);
    assertThat(statsRecords.size(), greaterThan(13));
    String uncompacted =
        MetadataStatsCompaction.withoutCompaction(base, c, tmp.newFolder("uncompacted"));
    assertThat(
        statsRecords, is(MetadataStatsCompaction.records(SPARK.meta(uncompacted), uncompacted)));

    // Hudi 1.0.2's metadata reader lists exactly the completed files (the new base file plus the
    // log file of the write that completed after the compaction); Spark reads every row.
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));

    // HudiIO continues: no second compaction before max deltacommits complete after c.
    hudiIO(records(5, 5, 25), write(base, WriteOperation.UPSERT, max));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    expected.putAll(expected(5, commits.get(commits.size() - 1).requestedTime(), 5, 25));
    assertThat(completedCompactions(metadataMeta(SPARK.meta(base))).size(), is(1));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));

    // A dead compaction (a writer that stopped after requesting it and writing its base file) is
    // undone at the next write's start, and the metadata table kept.
    String dead =
        java.time.LocalDateTime.now()
            .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS"));
    File timeline = new File(base, ".hoodie/metadata/.hoodie/timeline");
    Files.copy(
        new File(timeline, c + ".compaction.requested").toPath(),
        new File(timeline, dead + ".compaction.requested").toPath());
    Files.copy(
        new File(timeline, c + ".compaction.requested").toPath(),
        new File(timeline, dead + ".compaction.inflight").toPath(),
        StandardCopyOption.REPLACE_EXISTING);
    File deadBase = new File(base, ".hoodie/metadata/files/files-0000-0_0-0-1_" + dead + ".hfile");
    Files.copy(new File(base, ".hoodie/metadata/" + newBase).toPath(), deadBase.toPath());
    hudiIO(records(6, 6, 26), write(base, WriteOperation.UPSERT, max));
    commits = SPARK.completedCommits(base);
    expected.putAll(expected(6, commits.get(commits.size() - 1).requestedTime(), 6, 26));
    assertThat(deadBase.exists(), is(false));
    assertThat(new File(timeline, dead + ".compaction.requested").exists(), is(false));
    assertThat(new File(timeline, dead + ".compaction.inflight").exists(), is(false));
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(Set.of("files", "column_stats", "partition_stats")));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));

    // Hudi 1.0.2's Spark writer continues on HudiIO's compacted metadata table without
    // re-initialising files: the initialisation base files are the same and the compaction stays;
    // its own metadata compaction (due) compacts HudiIO's base files.
    Map<String, String> sparkUpsert = new HashMap<>(tripsOptions("upsert"));
    sparkUpsert.put(MAX_DELTA_COMMITS, "2");
    SPARK.sparkWrite(base, records(7, 7, 27), sparkUpsert);
    commits = SPARK.completedCommits(base);
    expected.putAll(expected(7, commits.get(commits.size() - 1).requestedTime(), 7, 27));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), hasItem("files"));
    assertThat(SPARK.filesPartitionInitialisation(base), is(filesInitialisation));
    assertThat(
        completedCompactions(metadataMeta(SPARK.meta(base))).stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList()),
        hasItem(c));
    assertThat(completedCompactions(metadataMeta(SPARK.meta(base))).size(), greaterThan(1));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    List<String> columns = new ArrayList<>(List.of(META_COLUMNS));
    TripsData.SCHEMA.getFields().forEach(f -> columns.add(f.name()));
    PartitionStatsCheck.assertPartitionStatsAreHudis(SPARK.meta(base), base, columns);
  }

  private static final String[] META_COLUMNS = {
    "_hoodie_commit_time", "_hoodie_partition_path", "_hoodie_record_key"
  };

  private static int completedDeltaCommits(HoodieTableMetaClient meta) {
    return metadataMeta(meta)
        .getActiveTimeline()
        .getDeltaCommitTimeline()
        .filterCompletedInstants()
        .countInstants();
  }

  @Test
  public void hudiIOCompactRunsTheMetadataCompactionAfterSchedulingTheDataCompaction()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<String, String> mergeOnRead = new HashMap<>(tripsOptions("upsert"));
    mergeOnRead.put("hoodie.datasource.write.table.type", "MERGE_ON_READ");
    SPARK.sparkWrite(base, records(0, range(0, 16)), mergeOnRead);
    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    String d0 = SPARK.completedCommits(base).get(0).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>(expected(0, d0, range(0, 16)));
    int max = completedDeltaCommits(meta) + 2;
    for (int b = 1; b <= 2; b++) {
      hudiIO(
          records(b, b, b + 20),
          write(base, WriteOperation.UPSERT, max).withTableType(TableType.MERGE_ON_READ));
      List<HoodieInstant> commits = SPARK.completedCommits(base);
      expected.putAll(expected(b, commits.get(commits.size() - 1).requestedTime(), b, b + 20));
    }
    assertThat(completedCompactions(metadataMeta(SPARK.meta(base))), is(empty()));

    // HudiIO.compact(): the data compaction is scheduled (and run), and the metadata table, now
    // due, is compacted after it is requested, at a fresh instant after it.
    Pipeline compaction = Pipeline.create(PipelineOptionsFactory.create());
    compaction.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of(MAX_DELTA_COMMITS, String.valueOf(max))));
    compaction.run().waitUntilFinish();
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    HoodieInstant dataCompaction = commits.get(commits.size() - 1);
    assertThat(dataCompaction.getAction(), is(HoodieTimeline.COMMIT_ACTION));
    List<HoodieInstant> compactions = completedCompactions(metadataMeta(SPARK.meta(base)));
    assertThat(compactions.size(), is(1));
    assertThat(
        compactions.get(0).requestedTime().compareTo(dataCompaction.requestedTime()),
        greaterThan(0));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.readOptimized(base), is(expected));
    assertThat(SPARK.snapshot(base), is(expected));
  }
}
