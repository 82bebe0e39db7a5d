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
package io.hudibeam.conformance;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableConfig;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Tables written by Hudi 0.15's Java client — inserts, upserts, deletes, a clean, a rolled-back
 * failed write; copy-on-write and merge-on-read; partitioned and not; hive-style and not — opened
 * by our format code: config, timeline, commit metadata and file-system view agree with what Hudi's
 * own API reports.
 */
public class HudiWrittenTablesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static void writeHistory(HudiReference hudi) {
    hudi.insert(TripsData.batch(0, 0, 400));
    hudi.upsert(TripsData.batch(1, 200, 400));
    hudi.delete(TripsData.batch(0, 0, 50));
    hudi.upsert(TripsData.batch(2, 300, 200));
    hudi.failedWrite(HudiReference.Operation.UPSERT, TripsData.batch(3, 100, 100));
    hudi.upsert(TripsData.batch(4, 500, 50)); // rolls the failed write back first
    if (hudi.tableType() == HoodieTableType.COPY_ON_WRITE) {
      hudi.clean();
    }
  }

  @Test
  public void copyOnWritePartitionedPlainFolders() throws IOException {
    String base = tmp.newFolder("cow").getAbsolutePath();
    writeHistory(HudiReference.trips(base).cleanerCommitsRetained(1).create());
    assertOurReadingAgrees(base);
  }

  @Test
  public void copyOnWriteHiveStyleComplexKey() throws IOException {
    String base = tmp.newFolder("cow_hive").getAbsolutePath();
    writeHistory(
        HudiReference.trips(base)
            .recordKeyFields("uuid", "rider")
            .keyGenerator(HudiReference.KeyGenerator.COMPLEX)
            .hiveStylePartitioning(true)
            .cleanerCommitsRetained(1)
            .create());
    assertOurReadingAgrees(base);
  }

  @Test
  public void copyOnWriteNonPartitioned() throws IOException {
    String base = tmp.newFolder("cow_np").getAbsolutePath();
    writeHistory(
        HudiReference.trips(base)
            .partitionFields()
            .keyGenerator(HudiReference.KeyGenerator.NON_PARTITIONED)
            .cleanerCommitsRetained(1)
            .create());
    assertOurReadingAgrees(base);
  }

  @Test
  public void mergeOnReadPartitioned() throws IOException {
    String base = tmp.newFolder("mor").getAbsolutePath();
    writeHistory(HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).create());
    assertOurReadingAgrees(base);
  }

  private static void assertOurReadingAgrees(String base) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();

    TableConfig ours = new TableConfigStore(fs, paths).load();
    HoodieTableConfig hudi = meta.getTableConfig();
    assertThat(ours.name(), is(hudi.getTableName()));
    assertThat(ours.tableType().name(), is(hudi.getTableType().name()));
    assertThat(ours.recordKeyFields(), is(List.of(hudi.getRecordKeyFields().get())));
    assertThat(
        ours.partitionFields(), is(hudi.getPartitionFields().map(List::of).orElse(List.of())));
    assertThat(
        ours.hiveStylePartitioning(),
        is(Boolean.parseBoolean(hudi.getHiveStylePartitioningEnable())));
    assertThat(ours.orderingField().orElse(null), is(hudi.getPreCombineField()));

    Timeline timeline = Timeline.load(fs, paths);
    List<String> ourInstants =
        timeline.instants().stream()
            .map(i -> i.time() + "/" + i.action().value() + "/" + i.state())
            .collect(Collectors.toList());
    List<String> hudiInstants =
        meta.getActiveTimeline()
            .getInstantsAsStream()
            .map(i -> i.getTimestamp() + "/" + i.getAction() + "/" + i.getState())
            .collect(Collectors.toList());
    assertThat(ourInstants, is(hudiInstants));
    assertThat(timeline.ofAction(io.hudibeam.timeline.Action.ROLLBACK).instants(), not(empty()));

    TimelineWriter reader = new TimelineWriter(fs, paths);
    for (Instant instant : timeline.completedWriteTimeline().instants()) {
      byte[] bytes = reader.read(instant);
      CommitMetadata our = CommitMetadataJson.fromJson(bytes, instant.fileName());
      HoodieCommitMetadata their =
          HoodieCommitMetadata.fromBytes(bytes, HoodieCommitMetadata.class);
      assertThat(our.operationType().format(), is(their.getOperationType().name()));
      assertThat(our.fileIdToRelativePath(), is(their.getFileIdAndRelativePaths()));
      assertThat(our.schema().orElse(""), is(their.getMetadata("schema")));
      long ourWrites = our.writeStats().stream().mapToLong(WriteStat::numWrites).sum();
      assertThat(ourWrites, is(their.fetchTotalRecordsWritten()));
    }

    FileSystemView view = FileSystemView.load(fs, paths, timeline);
    HoodieTableFileSystemView hudiView =
        new HoodieTableFileSystemView(meta, meta.getCommitsTimeline().filterCompletedInstants());
    Map<String, List<String>> ourSlices = new TreeMap<>();
    Map<String, List<String>> hudiSlices = new TreeMap<>();
    for (String partition : view.partitions()) {
      ourSlices.put(
          partition,
          view.latestFileSlices(partition).stream()
              .map(HudiWrittenTablesTest::describe)
              .sorted()
              .collect(Collectors.toList()));
      hudiSlices.put(
          partition,
          hudiView
              .getLatestFileSlices(partition)
              .map(HudiWrittenTablesTest::describe)
              .sorted()
              .collect(Collectors.toList()));
    }
    assertThat(
        new TreeSet<>(view.partitions()),
        is(new TreeSet<>(HudiTableReader.of(base).partitionPaths())));
    assertThat(ourSlices, is(hudiSlices));
  }

  private static String describe(FileSlice slice) {
    List<String> logs = new ArrayList<>();
    for (LogFileName log : slice.logFiles()) {
      logs.add(log.value());
    }
    return slice.fileGroupId().fileId()
        + "@"
        + slice.baseInstant()
        + " base="
        + slice.baseFile().map(b -> b.name().value()).orElse("-")
        + " logs="
        + logs;
  }

  private static String describe(org.apache.hudi.common.model.FileSlice slice) {
    List<String> logs =
        slice.getLogFiles().map(l -> l.getFileName()).sorted().collect(Collectors.toList());
    return slice.getFileId()
        + "@"
        + slice.getBaseInstantTime()
        + " base="
        + slice.getBaseFile().map(b -> b.getFileName()).orElse("-")
        + " logs="
        + logs;
  }
}
