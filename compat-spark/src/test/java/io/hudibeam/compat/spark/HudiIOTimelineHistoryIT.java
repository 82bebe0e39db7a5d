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
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.HistoryManifest;
import io.hudibeam.timeline.TimelineHistory;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table version 8 archival into the LSM timeline history, both ways with Hudi 1.0.2's Spark
 * datasource, row by row: HudiIO archives, and Hudi's Spark reader reads the snapshot, an
 * incremental query from an archived commit's completion time and time travel to every archived
 * commit; Hudi's Spark writer continues the table with small keep.min/max, its own archiver adding
 * to our history and compacting our level-0 files, and HudiIO again after it. The other way round,
 * a history Hudi's Spark writer wrote (metadata table on, as by default) that HudiIO continues: our
 * manifest is Hudi's to the byte, our Parquet files have Hudi's Parquet schema. Automatic cleaning
 * is off so time travel finds the archived commits' files (see {@link
 * HudiIOArchivedInstantsReadIT}).
 */
public class HudiIOTimelineHistoryIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Map<String, String> ARCHIVAL =
      Map.of(
          "hoodie.keep.min.commits", "3",
          "hoodie.keep.max.commits", "4",
          "hoodie.cleaner.commits.retained", "2",
          "hoodie.clean.automatic", "false");

  /** Commit {@code b} upserts record 0 (so one file group changes in every commit) and 10 + b. */
  private static List<GenericRecord> batch(int b) {
    return records(b, 0, 10 + b);
  }

  private static Map<String, List<Object>> stateAfter(int last, List<String> times) {
    Map<String, List<Object>> rows = new TreeMap<>();
    for (int b = 0; b <= last; b++) {
      rows.putAll(expected(b, times.get(b), 0, 10 + b));
    }
    return rows;
  }

  /**
   * {@code rows} committed at or after {@code begin}: Hudi 1.0.2's incremental query on table
   * version 8 includes the commit whose completion time begins it.
   */
  private static Map<String, List<Object>> committedFrom(
      Map<String, List<Object>> rows, String begin) {
    Map<String, List<Object>> from = new TreeMap<>(rows);
    from.values().removeIf(row -> ((String) row.get(row.size() - 1)).compareTo(begin) < 0);
    return from;
  }

  private static List<HoodieInstant> archived(String base) {
    return SPARK
        .meta(base)
        .getArchivedTimeline()
        .reload()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants();
  }

  private static List<String> times(List<HoodieInstant> instants) {
    return instants.stream().map(HoodieInstant::requestedTime).collect(Collectors.toList());
  }

  /** Archived then active commit times; each commit on exactly one of the two, in order. */
  private static List<String> allCommits(String base, int expectedCount) {
    List<String> archived = times(archived(base));
    List<String> active = times(SPARK.completedCommits(base));
    List<String> all = new ArrayList<>(archived);
    all.addAll(active);
    assertThat("archived " + archived + " then active " + active, all.size(), is(expectedCount));
    assertThat(all.stream().sorted().distinct().collect(Collectors.toList()), is(all));
    assertThat("active " + active, active.size() <= 4, is(true));
    return all;
  }

  private static List<String> historyFiles(String base) {
    String[] names = new File(base, ".hoodie/timeline/history").list();
    return names == null ? List.of() : Arrays.stream(names).sorted().collect(Collectors.toList());
  }

  private static Map<String, String> sparkArchival() {
    Map<String, String> options = new HashMap<>(tripsOptions("upsert"));
    options.putAll(ARCHIVAL);
    return options;
  }

  @Test
  public void hudiSparkReadsAndContinuesAHistoryHudiIOArchived() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    // No metadata table: Hudi's Spark writer continues below with its metadata table off (with it,
    // Hudi archives nothing before the metadata table's first compaction), so HudiIO writes the
    // table without one too (hoodie.metadata.enable=false; on by default).
    Map<String, String> withoutMetadataTable = new HashMap<>(ARCHIVAL);
    withoutMetadataTable.put("hoodie.metadata.enable", "false");
    HudiIO.Write<GenericRecord> upsert =
        hudiIOWrite(base, WriteOperation.UPSERT)
            .withTableVersion(8)
            .withHoodieProperties(withoutMetadataTable);
    int commits = 8;
    for (int b = 0; b < commits; b++) {
      hudiIO(batch(b), upsert);
    }
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<HoodieInstant> archived = archived(base);
    List<String> times = allCommits(base, commits);
    assertThat("archived " + times(archived), archived.size() >= 4, is(true));
    assertThat(historyFiles(base).contains("_version_"), is(true));

    assertThat(SPARK.snapshot(base), is(stateAfter(commits - 1, times)));
    // Incremental from the second commit's completion time (archived, inclusive): the rows of it
    // and the later commits.
    assertThat(
        SPARK.incremental(base, archived.get(1).getCompletionTime()),
        is(committedFrom(stateAfter(commits - 1, times), times.get(1))));
    for (int b = 0; b < archived.size(); b++) {
      assertThat("as of archived " + b, SPARK.asOf(base, times.get(b)), is(stateAfter(b, times)));
    }

    // Hudi 1.0.2's Spark writer continues; its archiver writes to our history and, with a
    // compaction batch of 2, compacts our level-0 files into level 1. Metadata table off: with it,
    // Hudi archives nothing before the metadata table's first compaction.
    Map<String, String> options = sparkArchival();
    options.put("hoodie.timeline.compaction.batch.size", "2");
    options.put("hoodie.metadata.enable", "false");
    for (int b = commits; b < commits + 4; b++) {
      SPARK.sparkWrite(base, batch(b), options);
    }
    commits += 4;
    times = allCommits(base, commits);
    assertThat(times(archived(base)).size() > archived.size(), is(true));
    assertThat(
        "history " + historyFiles(base),
        historyFiles(base).stream().anyMatch(n -> n.endsWith("_1.parquet")),
        is(true));
    assertThat(SPARK.snapshot(base), is(stateAfter(commits - 1, times)));

    // HudiIO after Hudi: archives into the same history.
    int versionBefore = history(base).latestVersion();
    hudiIO(batch(commits), upsert);
    hudiIO(batch(commits + 1), upsert);
    commits += 2;
    times = allCommits(base, commits);
    assertThat(history(base).latestVersion() > versionBefore, is(true));
    assertThat(SPARK.snapshot(base), is(stateAfter(commits - 1, times)));
    List<HoodieInstant> archivedNow = archived(base);
    String begin = archivedNow.get(archivedNow.size() - 1).getCompletionTime();
    String beginTime = archivedNow.get(archivedNow.size() - 1).requestedTime();
    assertThat(
        SPARK.incremental(base, begin),
        is(committedFrom(stateAfter(commits - 1, times), beginTime)));
    assertThat(SPARK.asOf(base, times.get(2)), is(stateAfter(2, times)));
  }

  @Test
  public void hudiIOContinuesAHistoryHudiSparkWrote() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    // Hudi 1.0.2's defaults (table version 8, metadata table on); its metadata table compacts
    // every 2 deltacommits so that its archiver runs within a few commits.
    Map<String, String> options = sparkArchival();
    options.put("hoodie.metadata.compact.max.delta.commits", "2");
    int commits = 9;
    for (int b = 0; b < commits; b++) {
      SPARK.sparkWrite(base, batch(b), options);
    }
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(not(empty())));
    List<String> hudiFiles = historyFiles(base);
    assertThat("history " + hudiFiles, hudiFiles.contains("_version_"), is(true));
    int archivedByHudi = archived(base).size();
    assertThat(archivedByHudi > 0, is(true));
    TimelineHistory history = history(base);
    String hudiManifest = manifestText(base, history.latestVersion());
    // Our manifest serialization is Hudi's, byte for byte.
    assertThat(HistoryManifest.fromJson(hudiManifest).toJson(), is(hudiManifest));
    MessageType hudiParquetSchema =
        parquetSchema(base, history.latestManifest().fileNames().get(0));

    // HudiIO continues with hoodie.metadata.enable=false (it deletes the metadata table, as Hudi's
    // writer does; kept, the metadata table's last compaction would bound archival, and HudiIO
    // does not compact the metadata table yet) and archives.
    Map<String, String> withoutMetadataTable = new java.util.HashMap<>(ARCHIVAL);
    withoutMetadataTable.put("hoodie.metadata.enable", "false");
    HudiIO.Write<GenericRecord> upsert =
        hudiIOWrite(base, WriteOperation.UPSERT).withHoodieProperties(withoutMetadataTable);
    for (int b = commits; b < commits + 4; b++) {
      hudiIO(batch(b), upsert);
    }
    commits += 4;
    List<String> times = allCommits(base, commits);
    assertThat(archived(base).size() > archivedByHudi, is(true));
    HistoryManifest ours = history(base).latestManifest();
    assertThat(
        ours.fileNames().containsAll(HistoryManifest.fromJson(hudiManifest).fileNames()), is(true));
    String ourFile = ours.fileNames().get(ours.fileNames().size() - 1);
    assertThat(parquetSchema(base, ourFile), is(hudiParquetSchema));
    assertThat(
        codec(base, ourFile),
        is(
            codec(
                base,
                hudiFiles.stream().filter(n -> n.endsWith(".parquet")).findFirst().orElseThrow())));

    assertThat(SPARK.snapshot(base), is(stateAfter(commits - 1, times)));
    List<HoodieInstant> archived = archived(base);
    assertThat(
        SPARK.incremental(base, archived.get(1).getCompletionTime()),
        is(committedFrom(stateAfter(commits - 1, times), times.get(1))));
    for (int b = 0; b < archived.size(); b++) {
      assertThat("as of archived " + b, SPARK.asOf(base, times.get(b)), is(stateAfter(b, times)));
    }
  }

  private static TimelineHistory history(String base) throws Exception {
    return new TimelineHistory(FileSystem.getLocal(new Configuration()), TablePaths.of(base));
  }

  /** The compression codec of a history file's first column chunk. */
  private static String codec(String base, String fileName) throws Exception {
    Path path = new Path(base, ".hoodie/timeline/history/" + fileName);
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromPath(path, new Configuration()))) {
      return reader.getFooter().getBlocks().get(0).getColumns().get(0).getCodec().name();
    }
  }

  private static String manifestText(String base, int version) throws Exception {
    return Files.readString(
        new File(base, ".hoodie/timeline/history/manifest_" + version).toPath());
  }

  private static MessageType parquetSchema(String base, String fileName) throws Exception {
    Path path = new Path(base, ".hoodie/timeline/history/" + fileName);
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromPath(path, new Configuration()))) {
      return reader.getFooter().getFileMetaData().getSchema();
    }
  }
}
