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
package io.hudibeam.services;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.metadata.CleanFileInfo;
import io.hudibeam.metadata.CleanerPlan;
import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The metadata table's cleaner plans every file group of {@code files}, {@code column_stats} and
 * {@code partition_stats} alike (table version 8, a file layout as Hudi 1.0.2 and HudiIO write it):
 * an initialisation's base files, two compactions, log files of deltacommits between them; the
 * statistics file groups' old slices are planned for deletion exactly as the {@code files} file
 * group's, a log file older than its file group's first base file is kept, and a partition without
 * a folder has no entry.
 */
public class MetadataTableCleanerPartitionsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String D0 = "20261206000000000";
  private static final String D1 = "20261206000001000";
  private static final String D2 = "20261206000002000";
  private static final String C3 = "20261206000003000";
  private static final String D4 = "20261206000004000";
  private static final String C5 = "20261206000005000";
  private static final String D6 = "20261206000006000";
  private static final String D7 = "20261206000007000";

  /** Partition → its file groups. */
  private static final Map<String, List<String>> GROUPS =
      Map.of(
          "files", List.of("files-0000-0"),
          "column_stats", List.of("col-stats-0000-0", "col-stats-0001-0"),
          "partition_stats", List.of("partition-stats-0000-0"));

  private FileSystem fs;
  private TablePaths data;
  private TablePaths metadata;

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    data = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
    metadata = TablePaths.of(data.metadataTableFolder().toString());
    new TableConfigStore(fs, metadata)
        .create(
            TableConfig.newTable("trips_metadata", TableType.MERGE_ON_READ)
                .tableVersion(TableVersion.EIGHT)
                .recordKeyFields(List.of("key"))
                .build());
    // Deltacommit D0 completes before D1; compactions C3 and C5; D2, D4, D6, D7 append logs.
    instant(D0, "20261206000000500", "deltacommit");
    instant(D1, "20261206000001500", "deltacommit");
    instant(D2, "20261206000002500", "deltacommit");
    instant(C3, "20261206000003500", "commit");
    instant(D4, "20261206000004500", "deltacommit");
    instant(C5, "20261206000005500", "commit");
    instant(D6, "20261206000006500", "deltacommit");
    instant(D7, "20261206000007500", "deltacommit");
    for (Map.Entry<String, List<String>> e : GROUPS.entrySet()) {
      for (String id : e.getValue()) {
        for (String base : List.of(D1, C3, C5)) {
          file(e.getKey(), id + "_0-0-1_" + base + ".hfile");
        }
        for (String log : List.of(D2, D4, D6, D7)) {
          file(e.getKey(), log(id, log));
        }
      }
    }
    // Written before col-stats-0001-0's first base file: in no slice, never deleted.
    file("column_stats", log("col-stats-0001-0", D0));
  }

  private static String log(String fileId, String instant) {
    return "." + fileId + "_" + instant + ".log.1_0-0-1";
  }

  private void instant(String time, String completion, String action) throws IOException {
    File folder = new File(metadata.basePathString(), ".hoodie/timeline");
    folder.mkdirs();
    Files.write(new File(folder, time + "_" + completion + "." + action).toPath(), new byte[0]);
  }

  private void file(String partition, String name) throws IOException {
    File folder = new File(metadata.basePathString(), partition);
    folder.mkdirs();
    Files.write(new File(folder, name).toPath(), new byte[] {1});
  }

  private Map<String, Set<String>> planned(CleanSettings settings) {
    CleanerPlan plan =
        new MetadataTableCleaner(fs, data, settings)
            .plan(Timeline.load(fs, metadata), TableVersion.EIGHT)
            .orElseThrow();
    Map<String, Set<String>> names = new TreeMap<>();
    plan.filePathsToBeDeletedPerPartition()
        .forEach(
            (partition, files) -> {
              Set<String> set = new TreeSet<>();
              for (CleanFileInfo f : files) {
                Path path = new Path(f.filePath());
                assertThat(
                    f.filePath() + " in its partition folder",
                    path.getParent().getName(),
                    is(partition));
                set.add(path.getName());
              }
              names.put(partition, set);
            });
    return names;
  }

  /** Every file group's oldest slice: its D1 base file and D2's log file (completed before C3). */
  private static Map<String, Set<String>> oldestSlices(Set<String> partitions) {
    Map<String, Set<String>> expected = new TreeMap<>();
    for (String partition : partitions) {
      Set<String> names = new TreeSet<>();
      for (String id : GROUPS.get(partition)) {
        names.add(id + "_0-0-1_" + D1 + ".hfile");
        names.add(log(id, D2));
      }
      expected.put(partition, names);
    }
    return expected;
  }

  @Test
  public void keepLatestCommitsPlansEveryStatisticsFileGroupAsTheFilesFileGroup() {
    // Earliest commit to retain D6: the slice of C3 (newest before it) and of C5 (latest) stay.
    CleanSettings settings = new CleanSettings(false, CleaningPolicy.KEEP_LATEST_COMMITS, 2, 3);
    assertThat(planned(settings), is(oldestSlices(GROUPS.keySet())));
  }

  @Test
  public void keepLatestFileVersionsPlansEveryStatisticsFileGroupAsTheFilesFileGroup() {
    CleanSettings settings =
        new CleanSettings(false, CleaningPolicy.KEEP_LATEST_FILE_VERSIONS, 10, 2);
    assertThat(planned(settings), is(oldestSlices(GROUPS.keySet())));
  }

  @Test
  public void aMissingPartitionHasNoEntry() throws IOException {
    fs.delete(new Path(metadata.basePath(), "partition_stats"), true);
    CleanSettings settings =
        new CleanSettings(false, CleaningPolicy.KEEP_LATEST_FILE_VERSIONS, 10, 2);
    assertThat(planned(settings), is(oldestSlices(Set.of("files", "column_stats"))));
  }
}
