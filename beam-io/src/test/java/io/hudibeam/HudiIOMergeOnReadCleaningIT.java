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
import static io.hudibeam.MergeOnReadChecks.logFilesOnDisk;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIOMergeOnReadIT.Expected;
import io.hudibeam.services.CompactionSettings;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroup;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Cleaning of a MERGE_ON_READ table HudiIO writes, with inline compaction after every deltacommit
 * and automatic cleaning on (KEEP_LATEST_COMMITS, 1 commit retained): after each write Hudi's
 * merged snapshot and read-optimized view are exact row by row, and Hudi's file-system view shows
 * exactly the slices the retention rule keeps, with their base and log files, and nothing else on
 * disk. The clean instants are parsed with Hudi's {@code TimelineMetadataUtils}. The log counts of
 * a deltacommit's {@link HudiCommitInfo} equal what Hudi's log reader finds of that instant.
 */
public class HudiIOMergeOnReadCleaningIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<Row> write(String base, WriteOperation operation) {
    return trips(base, operation)
        .withHoodieProperties(
            Map.of(
                CompactionSettings.INLINE,
                "true",
                CompactionSettings.MAX_DELTA_COMMITS,
                "1",
                "hoodie.cleaner.commits.retained",
                "1"));
  }

  /**
   * Hudi 0.15's file-system view (completed commits and pending compactions, as its cleaner and
   * Spark's file index build it): per file group, the base instants of its slices, each labelled by
   * its position among the completed instants (#1 the first deltacommit).
   */
  private static TreeMap<String, List<String>> slices(
      HudiTableReader reader, TreeSet<String> files) {
    HoodieTableMetaClient meta = reader.metaClient();
    List<String> instants = reader.completedInstantTimes();
    HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            meta, meta.getCommitsAndCompactionTimeline().filterCompletedAndCompactionInstants());
    TreeMap<String, List<String>> out = new TreeMap<>();
    try {
      for (String partition : reader.partitionPaths()) {
        for (HoodieFileGroup group :
            view.getAllFileGroups(partition).collect(Collectors.toList())) {
          List<String> labels = new ArrayList<>();
          for (FileSlice slice : group.getAllFileSlices().collect(Collectors.toList())) {
            labels.add(0, "#" + (instants.indexOf(slice.getBaseInstantTime()) + 1));
            slice.getBaseFile().ifPresent(b -> files.add(partition + "/" + b.getFileName()));
            slice.getLogFiles().forEach(l -> files.add(partition + "/" + l.getFileName()));
          }
          out.put(partition + "/" + group.getFileGroupId().getFileId(), labels);
        }
      }
    } finally {
      view.close();
    }
    return out;
  }

  /**
   * Every file group has exactly the slices {@code labels} (oldest first), Hudi's view lists every
   * base and log file on disk and no other, and the latest slice has {@code latestLogs} log files.
   */
  private static void assertSlices(HudiTableReader reader, List<String> labels, long latestLogs) {
    TreeSet<String> viewFiles = new TreeSet<>();
    TreeMap<String, List<String>> slices = slices(reader, viewFiles);
    assertThat(slices.size(), is(8));
    slices.forEach((group, groupSlices) -> assertThat(group, groupSlices, is(labels)));
    TreeSet<String> onDisk = new TreeSet<>(dataFilesOnDisk(reader.basePath()));
    onDisk.addAll(logFilesOnDisk(reader.basePath()));
    assertThat(onDisk, is(viewFiles));
    assertThat(
        reader.latestFileSlices().stream().mapToLong(s -> s.getLogFiles().count()).sum(),
        is(latestLogs));
  }

  /** The completed clean instants, parsed by Hudi: earliest commit to retain and files deleted. */
  private static List<HoodieCleanMetadata> cleans(HudiTableReader reader) throws IOException {
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieCleanMetadata> out = new ArrayList<>();
    for (HoodieInstant clean :
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().getInstants()) {
      out.add(
          TimelineMetadataUtils.deserializeHoodieCleanMetadata(
              meta.getActiveTimeline().getInstantDetails(clean).get()));
    }
    return out;
  }

  private static String last(HudiTableReader reader) {
    List<String> commits = reader.completedInstantTimes();
    return commits.get(commits.size() - 1);
  }

  /**
   * Hudi's merged snapshot equals the expected rows; with {@code compacted}, its read-optimized
   * view (base files only) equals the snapshot row by row.
   */
  private static void assertReads(HudiTableReader reader, Expected expected, boolean compacted) {
    expected.assertSnapshot(reader);
    if (compacted) {
      TreeMap<String, List<Object>> snapshot = new TreeMap<>();
      reader.snapshotByRecordKey().forEach((k, r) -> snapshot.put(k, TripsData.values(r)));
      TreeMap<String, List<Object>> readOptimized = new TreeMap<>();
      HudiTableReader.byRecordKey(reader.readOptimized())
          .forEach((k, r) -> readOptimized.put(k, TripsData.values(r)));
      assertThat(readOptimized, is(snapshot));
    }
  }

  @Test
  public void upsertsCompactionsAndCleansKeepTheRetainedSlices() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    Expected expected = new Expected();

    // #1 insert: one file group per city; no log files, so no compaction.
    run(TripsRows.batch(0, 0, 40), write(base, WriteOperation.INSERT));
    expected.upsert(0, 0, 40, last(reader));
    assertReads(reader, expected, true);
    assertSlices(reader, List.of("#1"), 0);

    // #2 updates into log files of the #1 slices. The clean after it (earliest commit to retain #2)
    // finds only latest slices; then compaction #3 of the 8 slices.
    run(TripsRows.batch(1, 0, 16), write(base, WriteOperation.UPSERT));
    List<String> instants = reader.completedInstantTimes();
    expected.upsert(1, 0, 16, instants.get(1));
    assertReads(reader, expected, true);
    assertThat(instants.size(), is(3));
    assertSlices(reader, List.of("#1", "#3"), 0);
    assertThat(cleans(reader).size(), is(0));

    // #4 updates into log files of the #3 slices. The clean after it (earliest commit to retain #4)
    // deletes the #1 slices, base file and #2 log file each, and keeps #3, the last slice before
    // #4,
    // with the #4 log files; then compaction #5.
    TreeSet<String> before = new TreeSet<>(dataFilesOnDisk(base));
    before.addAll(logFilesOnDisk(base));
    runCountingLogs(
        TripsRows.batch(2, 8, 16), write(base, WriteOperation.UPSERT), reader, 8, 8, 16);
    instants = reader.completedInstantTimes();
    expected.upsert(2, 8, 16, instants.get(3));
    assertReads(reader, expected, true);
    assertSlices(reader, List.of("#3", "#5"), 0);
    List<HoodieCleanMetadata> cleans = cleans(reader);
    assertThat(cleans.size(), is(1));
    assertThat(cleans.get(0).getEarliestCommitToRetain(), is(instants.get(3)));
    assertThat(cleans.get(0).getLastCompletedCommitTimestamp(), is(instants.get(3)));
    String d1 = instants.get(0);
    TreeSet<String> slice1 =
        before.stream().filter(f -> f.contains(d1)).collect(Collectors.toCollection(TreeSet::new));
    assertThat(slice1.size(), is(16));
    assertThat(cleanedFiles(cleans.get(0)), is(slice1));

    // #6 deletes (delete blocks in log files of the #5 slices). The clean after it deletes the
    // #3 slices with their #4 log files; the #5 slices, latest at that point, keep their #6 log
    // files, also after compaction #7.
    before = new TreeSet<>(dataFilesOnDisk(base));
    before.addAll(logFilesOnDisk(base));
    runCountingLogs(TripsRows.batch(3, 0, 8), write(base, WriteOperation.DELETE), reader, 8, 8, 8);
    expected.delete(0, 8);
    instants = reader.completedInstantTimes();
    assertReads(reader, expected, true);
    assertSlices(reader, List.of("#5", "#7"), 0);
    cleans = cleans(reader);
    assertThat(cleans.size(), is(2));
    assertThat(cleans.get(1).getEarliestCommitToRetain(), is(instants.get(5)));
    String k3 = instants.get(2);
    TreeSet<String> slice3 =
        before.stream().filter(f -> f.contains(k3)).collect(Collectors.toCollection(TreeSet::new));
    assertThat(slice3.size(), is(16));
    assertThat(cleanedFiles(cleans.get(1)), is(slice3));
    String k5 = instants.get(4);
    assertThat(logFilesOnDisk(base).stream().filter(f -> f.contains(k5)).count(), is(8L));
  }

  /**
   * Runs a write and checks its one committed instant's log counts (log files, blocks, records) in
   * the write's result, then the same counts of that instant's blocks as Hudi's log reader reads
   * them from the table.
   */
  private static void runCountingLogs(
      List<Row> rows,
      HudiIO.Write<Row> write,
      HudiTableReader reader,
      long logFiles,
      long logBlocks,
      long logRecords) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    HudiWriteResult result = p.apply(Create.of(rows).withRowSchema(TripsRows.SCHEMA)).apply(write);
    PAssert.that(result.getCommittedInstants())
        .satisfies(
            all -> {
              List<HudiCommitInfo> list = new ArrayList<>();
              all.forEach(list::add);
              assertThat(list.toString(), list.size(), is(1));
              HudiCommitInfo c = list.get(0);
              assertThat(
                  c.toString(),
                  List.of(
                      c.getLogFilesWritten(), c.getLogBlocksWritten(), c.getLogRecordsWritten()),
                  is(List.of(logFiles, logBlocks, logRecords)));
              assertThat(c.toString(), c.getFilesWritten(), is(logFiles));
              return null;
            });
    p.run().waitUntilFinish();
    String instant =
        reader
            .metaClient()
            .getActiveTimeline()
            .getDeltaCommitTimeline()
            .filterCompletedInstants()
            .lastInstant()
            .get()
            .getTimestamp();
    List<MergeOnReadChecks.Block> blocks =
        MergeOnReadChecks.logBlocks(reader).stream()
            .filter(b -> b.instant().equals(instant))
            .collect(Collectors.toList());
    assertThat(blocks.stream().map(MergeOnReadChecks.Block::file).distinct().count(), is(logFiles));
    assertThat((long) blocks.size(), is(logBlocks));
    assertThat(blocks.stream().mapToLong(b -> b.keys().size()).sum(), is(logRecords));
  }

  private static TreeSet<String> cleanedFiles(HoodieCleanMetadata clean) {
    TreeSet<String> cleaned = new TreeSet<>();
    clean
        .getPartitionMetadata()
        .forEach(
            (partition, p) ->
                p.getSuccessDeleteFiles().forEach(f -> cleaned.add(partition + "/" + f)));
    return cleaned;
  }
}
