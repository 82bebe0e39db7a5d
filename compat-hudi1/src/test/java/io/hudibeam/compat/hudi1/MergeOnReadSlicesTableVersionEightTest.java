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
package io.hudibeam.compat.hudi1;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.files.FileGroup;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.keygen.PartitionMetadata;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.metadata.CompactionPlan;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.services.ArchiveSettings;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.TimelineArchiver;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieFileGroup;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Our file slicing of a merge-on-read table of version 8 ({@link FileSystemView} with Hudi 1.0's
 * completion-time rule) equals Hudi 1.0's file-system view, slice by slice, on a table whose
 * timeline has the cases that rule decides: a log file whose deltacommit started before a
 * compaction but completed after it (it belongs to the compaction's slice), one completed before
 * the compaction (the old slice), log files of a pending deltacommit (left out), a log-only file
 * group, and one whose only log file is pending (no slice).
 */
public class MergeOnReadSlicesTableVersionEightTest {
  private static final String PARTITION = "p";
  private static final String FG1 = "11111111-84d5-41d3-9733-fc0c2167412b-0";
  private static final String FG2 = "22222222-84d5-41d3-9733-fc0c2167412b-0";
  private static final String FG3 = "33333333-84d5-41d3-9733-fc0c2167412b-0";
  private static final String FG4 = "44444444-84d5-41d3-9733-fc0c2167412b-0";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private Path partition;

  /**
   * The instants of these tests, in the hour before the test runs: Hudi 1.0's completion-time view
   * loads only the last three days of the LSM history eagerly ({@code
   * CompletionTimeQueryViewV2.MILLI_SECONDS_IN_THREE_DAYS}), and slices log files of older archived
   * delta commits otherwise, so fixed dates made this comparison fail three days after they were
   * written.
   */
  private static final String HOUR =
      java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHH")
          .format(java.time.LocalDateTime.now().minusHours(1));

  private static InstantTime t(int n) {
    return InstantTime.parse(String.format("%s0000%03d", HOUR, n));
  }

  private static String base(String fileId, int instant) {
    return fileId + "_0-1-" + instant + "_" + t(instant).value() + ".parquet";
  }

  private static String log(String fileId, int deltaCommit) {
    return "." + fileId + "_" + t(deltaCommit).value() + ".log.1_0-2-" + deltaCommit;
  }

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.getRoot().getAbsolutePath() + "/t");
    new TableConfigStore(fs, paths)
        .create(
            TableConfig.newTable("t", TableType.MERGE_ON_READ)
                .tableVersion(TableVersion.EIGHT)
                .recordKeyFields(List.of("k"))
                .partitionFields(List.of("p"))
                .orderingField("ts")
                .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
                .build());
    partition = Path.of(paths.basePathString(), PARTITION);
    Files.createDirectories(partition);
    PartitionMetadata.forPartition(t(100).value(), PARTITION)
        .writeIfAbsent(fs, paths.partitionFolder(PARTITION), "0-1-1");
  }

  private void completed(int instant, int completion, Action action, boolean compacted)
      throws IOException {
    Path timeline = Path.of(paths.basePathString(), ".hoodie", "timeline");
    String requested = action == Action.COMMIT && compacted ? "compaction" : action.value();
    Files.write(
        timeline.resolve(t(instant).value() + "." + requested + ".requested"),
        compacted
            ? CompactionPlan.of(
                    List.of(
                        new CompactionOperation(
                            PARTITION,
                            FG1,
                            t(100).value(),
                            Optional.of(base(FG1, 100)),
                            List.of(log(FG1, 200)),
                            Map.of())))
                .toBytes()
            : new byte[0]);
    byte[] metadata =
        CommitMetadataFormat.encode(
            TimelineLayout.of(TableVersion.EIGHT),
            CommitMetadata.builder()
                .operationType(compacted ? OperationType.COMPACT : OperationType.UPSERT)
                .compacted(compacted)
                .build());
    Files.write(
        timeline.resolve(Instant.completed(t(instant), action, t(completion)).fileName()),
        metadata);
  }

  private void file(String name) throws IOException {
    Files.write(partition.resolve(name), new byte[] {1});
  }

  @Test
  public void ourSlicesEqualHudiOnesFileSystemView() throws Exception {
    layout();
    Map<String, List<String>> ours = ourSlices();
    assertThat(ours, is(hudiSlices()));
    // The latest slices, as Hudi's getLatestFileSlices gives them (uncommitted files filtered by
    // Hudi itself).
    Map<String, String> latest = new TreeMap<>();
    ours.forEach((fileId, slices) -> latest.put(fileId, slices.get(slices.size() - 1)));
    assertThat(latest, is(hudiLatestSlices()));
    // What the rule decides, spelled out: d280's log file is in FG1's compaction slice 300, d200's
    // in the old slice; FG2's slice 100 has d280's; FG4 is a log-only slice; FG3 has none.
    assertThat(ours, is(expectedSlices()));
  }

  /**
   * The same files after d100, d200 and d280 are archived into the LSM history: their log files
   * keep their slices, by the completion times the history holds (d280 completed at 310, after
   * compaction 300, so its log file stays in the compaction's slice), as in Hudi 1.0's view.
   */
  @Test
  public void archivedDeltaCommitsKeepTheirSlices() throws Exception {
    layout();
    TimelineArchiver.ArchiveResult result =
        new TimelineArchiver(
                fs, paths, ArchiveSettings.keep(2, 3), CleanSettings.keepLatestCommits(1))
            .archive();
    List<String> archived =
        result.archived().stream()
            .filter(Instant::isCompleted)
            .map(i -> i.time().value())
            .collect(Collectors.toList());
    assertThat(archived, is(List.of(t(100).value(), t(200).value(), t(280).value())));
    Map<String, List<String>> ours = ourSlices();
    assertThat(ours, is(hudiSlices()));
    assertThat(ours, is(expectedSlices()));
  }

  private void layout() throws IOException {
    // d100 inserts FG1 and FG2 (completed at 110).
    completed(100, 110, Action.DELTA_COMMIT, false);
    file(base(FG1, 100));
    file(base(FG2, 100));
    // d200 updates FG1, completed at 250: before the compaction, slice 100.
    completed(200, 250, Action.DELTA_COMMIT, false);
    file(log(FG1, 200));
    // d280 updates FG1 and FG2, started before compaction 300 and completed after it (310).
    completed(280, 310, Action.DELTA_COMMIT, false);
    file(log(FG1, 280));
    file(log(FG2, 280));
    // Compaction 300 of FG1's slice 100, completed at 305.
    completed(300, 305, Action.COMMIT, true);
    file(base(FG1, 300));
    // d320 updates FG1 (completed at 330); d410 writes a log-only file group FG4.
    completed(320, 330, Action.DELTA_COMMIT, false);
    file(log(FG1, 320));
    completed(410, 420, Action.DELTA_COMMIT, false);
    file(log(FG4, 410));
    // d400 is pending: its log files of FG1 and of a new file group FG3 are not committed.
    Files.write(
        Path.of(
            paths.basePathString(),
            ".hoodie",
            "timeline",
            t(400).value() + ".deltacommit.requested"),
        new byte[0]);
    file(log(FG1, 400));
    file(log(FG3, 400));
  }

  private static Map<String, List<String>> expectedSlices() {
    return Map.of(
        FG1,
        List.of(
            t(100).value() + " " + base(FG1, 100) + " [" + log(FG1, 200) + "]",
            t(300).value()
                + " "
                + base(FG1, 300)
                + " ["
                + log(FG1, 280)
                + ", "
                + log(FG1, 320)
                + "]"),
        FG2,
        List.of(t(100).value() + " " + base(FG2, 100) + " [" + log(FG2, 280) + "]"),
        FG4,
        List.of(t(410).value() + " - [" + log(FG4, 410) + "]"));
  }

  /** File id to its committed slices, oldest first: "baseInstant baseFile [logFiles]". */
  private Map<String, List<String>> ourSlices() {
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Map<String, List<String>> slices = new TreeMap<>();
    for (FileGroup group : view.fileGroups(PARTITION)) {
      for (FileSlice slice : group.slices()) {
        slices
            .computeIfAbsent(group.id().fileId().value(), k -> new ArrayList<>())
            .add(
                describe(
                    slice.baseInstant().value(),
                    slice.baseFile().map(b -> b.name().value()),
                    slice.logFiles().stream()
                        .map(LogFileName::value)
                        .collect(Collectors.toList())));
      }
    }
    return slices;
  }

  /**
   * The same from Hudi 1.0's in-memory file-system view (listing, no metadata table): its file
   * groups' committed slices, with the log files of completed instants.
   */
  private Map<String, List<String>> hudiSlices() {
    HoodieTableMetaClient meta = metaClient();
    HoodieTimeline completed = meta.getActiveTimeline().filterCompletedInstants();
    Map<String, List<String>> slices = new TreeMap<>();
    try (HoodieTableFileSystemView view = hudiView(meta)) {
      for (HoodieFileGroup group : view.getAllFileGroups(PARTITION).collect(Collectors.toList())) {
        List<String> described = new ArrayList<>();
        group
            .getAllFileSlices()
            .forEach(
                slice ->
                    described.add(
                        0,
                        describe(
                            slice.getBaseInstantTime(),
                            slice.getBaseFile().toJavaOptional().map(b -> b.getFileName()),
                            slice
                                .getLogFiles()
                                // Hudi's filterUncommittedFiles: completed (or archived) instants.
                                .filter(
                                    l ->
                                        completed.containsOrBeforeTimelineStarts(
                                            l.getDeltaCommitTime()))
                                .map(HoodieLogFile::getFileName)
                                .sorted()
                                .collect(Collectors.toList()))));
        if (!described.isEmpty()) {
          slices.put(group.getFileGroupId().getFileId(), described);
        }
      }
    }
    return slices;
  }

  /** File id to its latest slice from Hudi 1.0's {@code getLatestFileSlices}. */
  private Map<String, String> hudiLatestSlices() {
    HoodieTableMetaClient meta = metaClient();
    Map<String, String> latest = new TreeMap<>();
    try (HoodieTableFileSystemView view = hudiView(meta)) {
      view.getLatestFileSlices(PARTITION)
          .filter(slice -> !slice.isEmpty())
          .forEach(
              slice ->
                  latest.put(
                      slice.getFileId(),
                      describe(
                          slice.getBaseInstantTime(),
                          slice.getBaseFile().toJavaOptional().map(b -> b.getFileName()),
                          slice
                              .getLogFiles()
                              .map(HoodieLogFile::getFileName)
                              .sorted()
                              .collect(Collectors.toList()))));
    }
    return latest;
  }

  private HoodieTableMetaClient metaClient() {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
        .setBasePath(paths.basePathString())
        .build();
  }

  private static HoodieTableFileSystemView hudiView(HoodieTableMetaClient meta) {
    return FileSystemViewManager.createInMemoryFileSystemView(
        new HoodieLocalEngineContext(meta.getStorageConf()),
        meta,
        HoodieMetadataConfig.newBuilder().enable(false).build());
  }

  private static String describe(String baseInstant, Optional<String> baseFile, List<String> logs) {
    return baseInstant + " " + baseFile.orElse("-") + " " + logs;
  }
}
