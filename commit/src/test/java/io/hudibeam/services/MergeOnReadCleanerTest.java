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

import static io.hudibeam.services.CleanerTest.hudiMetadata;
import static io.hudibeam.services.CleanerTest.hudiPlan;
import static io.hudibeam.services.CleanerTest.lastClean;
import static io.hudibeam.services.CleanerTest.partitionSummary;
import static io.hudibeam.services.CleanerTest.plannedFiles;
import static io.hudibeam.services.CleanerTest.relative;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiMetaClients;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieCleanerPlan;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroup;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Our cleaner on MERGE_ON_READ tables against Hudi 0.15's: a table written by Hudi's Java client
 * with deltacommits (updates and deletes in log files) and compactions is copied, our cleaner runs
 * on one copy and Hudi's {@code client.clean()} on the other. Both must leave the same base and log
 * files (checked on disk and with Hudi's file-system view, slice by slice), write plans and
 * metadata that say the same (parsed with Hudi's {@code TimelineMetadataUtils}), and keep Hudi's
 * merged snapshot equal to the expected rows. Covered: KEEP_LATEST_COMMITS and
 * KEEP_LATEST_FILE_VERSIONS, each with and without a pending compaction whose new slice already has
 * log files.
 */
public class MergeOnReadCleanerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem fs;
  private final InstantTimeGenerator generator = new InstantTimeGenerator(TimelineTimezone.LOCAL);

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
  }

  /** A table written by Hudi's Java client, the instants it made and the rows it must hold. */
  private record Written(
      String base, List<String> instants, TreeMap<String, List<Object>> expected) {}

  private static HudiReference reference(String base, CleanSettings settings) {
    HudiReference.Builder builder =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            // Hudi schedules a compaction whenever a deltacommit completed since the last one.
            .writeConfig(CompactionSettings.MAX_DELTA_COMMITS, "1");
    if (settings.policy() == CleaningPolicy.KEEP_LATEST_COMMITS) {
      builder.cleanerCommitsRetained(settings.commitsRetained());
    } else {
      builder.cleanerFileVersionsRetained(settings.fileVersionsRetained());
    }
    return builder.open();
  }

  private static void put(TreeMap<String, List<Object>> expected, List<GenericRecord> batch) {
    batch.forEach(r -> expected.put(r.get("uuid").toString(), TripsData.values(r)));
  }

  /**
   * d1 insert of 24 trips (one file group per city), d2 updates (a log file in each), k3
   * compaction, d4 updates and d5 deletes (log files of the k3 slices), k6 compaction, d7 updates.
   * With {@code pendingCompaction}: then k8 scheduled and not run, and d9 updates, which Hudi
   * writes into log files of the new k8 slices.
   */
  private Written write(String name, CleanSettings settings, boolean pendingCompaction)
      throws IOException {
    String base = tmp.newFolder(name).getAbsolutePath();
    HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).create();
    HudiReference hudi = reference(base, settings);
    List<String> instants = new ArrayList<>();
    TreeMap<String, List<Object>> expected = new TreeMap<>();
    List<GenericRecord> batch = TripsData.batch(0, 0, 24);
    instants.add(hudi.insert(batch));
    put(expected, batch);
    batch = TripsData.batch(1, 0, 8);
    instants.add(hudi.upsert(batch));
    put(expected, batch);
    instants.add(compact(hudi));
    batch = TripsData.batch(2, 8, 8);
    instants.add(hudi.upsert(batch));
    put(expected, batch);
    instants.add(hudi.deleteRecordKeys(TripsData.keys(16, 2)));
    TripsData.keys(16, 2).forEach(expected::remove);
    instants.add(compact(hudi));
    batch = TripsData.batch(3, 0, 4);
    instants.add(hudi.upsert(batch));
    put(expected, batch);
    if (pendingCompaction) {
      instants.add(hudi.scheduleCompaction().orElseThrow());
      batch = TripsData.batch(4, 4, 8);
      instants.add(hudi.upsert(batch));
      put(expected, batch);
    }
    return new Written(base, instants, expected);
  }

  private static String compact(HudiReference hudi) {
    String instant = hudi.scheduleCompaction().orElseThrow();
    hudi.compact(instant);
    return instant;
  }

  /** Relative paths of the base and log files on disk. */
  private static TreeSet<String> filesOnDisk(String base) throws IOException {
    Path root = Paths.get(base);
    TreeSet<String> files = new TreeSet<>(TableFiles.dataFilesOnDisk(base));
    try (Stream<Path> walk = Files.walk(root)) {
      walk.map(f -> root.relativize(f).toString())
          .filter(f -> !f.startsWith(".hoodie") && f.contains(".log.") && !f.endsWith(".crc"))
          .forEach(files::add);
    }
    return files;
  }

  /**
   * Every file slice of Hudi 0.15's file-system view (over completed commits and pending
   * compactions, as its cleaner sees the table), as {@code partition/fileId@instant label: base,
   * logs}; the base instant labelled by its position in {@code instants} (d1, k3, ...).
   */
  private static TreeMap<String, String> hudiSlices(String base, List<String> instants) {
    HoodieTableMetaClient meta = HudiMetaClients.open(base);
    HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            meta, meta.getCommitsAndCompactionTimeline().filterCompletedAndCompactionInstants());
    TreeMap<String, String> slices = new TreeMap<>();
    try {
      for (String city : TripsData.CITIES) {
        for (HoodieFileGroup group : view.getAllFileGroups(city).collect(Collectors.toList())) {
          for (FileSlice slice : group.getAllFileSlices().collect(Collectors.toList())) {
            slices.put(
                city + "/" + slice.getFileId() + "@" + label(slice.getBaseInstantTime(), instants),
                slice.getBaseFile().map(b -> b.getFileName()).orElse("-")
                    + " "
                    + slice
                        .getLogFiles()
                        .map(l -> l.getFileName())
                        .sorted()
                        .collect(Collectors.toList()));
          }
        }
      }
    } finally {
      view.close();
    }
    return slices;
  }

  private static String label(String instant, List<String> instants) {
    int i = instants.indexOf(instant);
    return i < 0 ? instant : "#" + (i + 1);
  }

  /** The files of the slices listed, relative to the base path. */
  private static TreeSet<String> filesOf(TreeMap<String, String> slices) {
    TreeSet<String> files = new TreeSet<>();
    slices.forEach(
        (slice, content) -> {
          String partition = slice.substring(0, slice.indexOf('/'));
          String baseFile = content.substring(0, content.indexOf(' '));
          if (!baseFile.equals("-")) {
            files.add(partition + "/" + baseFile);
          }
          String logs = content.substring(content.indexOf('[') + 1, content.length() - 1);
          if (!logs.isEmpty()) {
            for (String log : logs.split(", ")) {
              files.add(partition + "/" + log);
            }
          }
        });
    return files;
  }

  private static TreeMap<String, List<Object>> snapshot(String base) {
    TreeMap<String, List<Object>> rows = new TreeMap<>();
    HudiTableReader.of(base)
        .snapshotByRecordKey()
        .forEach((key, r) -> rows.put(key, TripsData.values(r)));
    return rows;
  }

  /**
   * Cleans one copy with ours and its twin with Hudi's, and compares. {@code cleanedSlices}: the
   * base instants (positions in the written instants, 1 = d1) of the slices both must clean in
   * every file group.
   */
  private void compareWithHudi(
      CleanSettings settings, boolean pendingCompaction, Set<Integer> cleanedSlices)
      throws IOException {
    Written ours = write("ours", settings, pendingCompaction);
    String hudi = TableFiles.copy(ours.base(), tmp.getRoot().toPath().resolve("hudi"));
    assertThat(snapshot(ours.base()), is(ours.expected()));
    TreeMap<String, String> slicesBefore = hudiSlices(ours.base(), ours.instants());
    assertThat(filesOf(slicesBefore), is(filesOnDisk(ours.base())));

    List<CleanResult> results =
        new Cleaner(fs, TablePaths.of(ours.base()), settings).clean(generator);
    assertThat(reference(hudi, settings).clean().isPresent(), is(true));

    // The same files are left on both copies, and Hudi's view of each is exactly the slices not
    // cleaned: every file group lost the expected slices, base and log files, and nothing else.
    TreeMap<String, String> expectedSlices = new TreeMap<>(slicesBefore);
    Set<String> cleanedLabels =
        cleanedSlices.stream().map(i -> "@#" + i).collect(Collectors.toSet());
    expectedSlices.keySet().removeIf(s -> cleanedLabels.contains(s.substring(s.indexOf('@'))));
    assertThat(expectedSlices.size(), is(not(slicesBefore.size())));
    for (String base : List.of(ours.base(), hudi)) {
      assertThat(base, hudiSlices(base, ours.instants()), is(expectedSlices));
      assertThat(base, filesOnDisk(base), is(filesOf(expectedSlices)));
      assertThat(base, snapshot(base), is(ours.expected()));
    }
    TreeSet<String> deleted = new TreeSet<>(filesOf(slicesBefore));
    deleted.removeAll(filesOf(expectedSlices));
    // Every file group had a base file in each cleaned slice, and cleaned slices had log files.
    assertThat(
        deleted.stream().filter(f -> f.endsWith(".parquet")).count(),
        is(8L * cleanedSlices.size()));
    assertThat(
        deleted.stream().filter(f -> f.contains(".log.")).collect(Collectors.toList()),
        is(not(empty())));
    int expectedDeleted = deleted.size();
    assertThat(results.size(), is(1));
    assertThat(relative(ours.base(), results.get(0).deletedFiles()), is(deleted));
    assertThat(results.get(0).failedFiles(), is(empty()));

    // Hudi parses our plan (requested and inflight) and metadata, and they say what Hudi's say.
    HoodieInstant ourClean = lastClean(ours.base());
    HoodieInstant hudiClean = lastClean(hudi);
    for (String state : List.of("requested", "inflight")) {
      HoodieCleanerPlan ourPlan = hudiPlan(ours.base(), ourClean, state);
      HoodieCleanerPlan hudiPlan = hudiPlan(hudi, hudiClean, state);
      assertThat(
          String.valueOf(ourPlan.getEarliestInstantToRetain()),
          is(String.valueOf(hudiPlan.getEarliestInstantToRetain())));
      assertThat(
          ourPlan.getLastCompletedCommitTimestamp(),
          is(hudiPlan.getLastCompletedCommitTimestamp()));
      assertThat(ourPlan.getPolicy(), is(hudiPlan.getPolicy()));
      assertThat(ourPlan.getVersion(), is(hudiPlan.getVersion()));
      assertThat(ourPlan.getPartitionsToBeDeleted(), is(hudiPlan.getPartitionsToBeDeleted()));
      assertThat(plannedFiles(ours.base(), ourPlan), is(plannedFiles(hudi, hudiPlan)));
    }
    HoodieCleanMetadata ourMetadata = hudiMetadata(ours.base(), ourClean);
    HoodieCleanMetadata hudiMetadata = hudiMetadata(hudi, hudiClean);
    assertThat(
        ourMetadata.getEarliestCommitToRetain(), is(hudiMetadata.getEarliestCommitToRetain()));
    assertThat(
        ourMetadata.getLastCompletedCommitTimestamp(),
        is(hudiMetadata.getLastCompletedCommitTimestamp()));
    assertThat(ourMetadata.getTotalFilesDeleted(), is(expectedDeleted));
    assertThat(hudiMetadata.getTotalFilesDeleted(), is(expectedDeleted));
    assertThat(ourMetadata.getVersion(), is(hudiMetadata.getVersion()));
    assertThat(partitionSummary(ourMetadata), is(partitionSummary(hudiMetadata)));

    // Nothing more to clean, for either cleaner.
    assertThat(new Cleaner(fs, TablePaths.of(ours.base()), settings).clean(generator), is(empty()));
    assertThat(reference(ours.base(), settings).clean().isPresent(), is(false));
  }

  @Test
  public void keepLatestCommitsCleansOldSlicesWithTheirLogFiles() throws IOException {
    // Earliest commit to retain k6 (#6): each file group keeps k6 and k3 (the last slice before it,
    // with the logs of d4 and d5) and loses d1's base file and d2's log file.
    compareWithHudi(CleanSettings.keepLatestCommits(2), false, Set.of(1));
  }

  @Test
  public void keepLatestCommitsKeepsTheSlicesOfAPendingCompaction() throws IOException {
    // k8 is pending: the earliest commit to retain stops at d7, so k3 is no longer the last slice
    // before it and goes too; k6, which k8 compacts, stays, and so do the d9 logs of the k8 slices.
    // (k8 plans the four file groups d7 updated; d9's logs go to k8 slices there, to k6 slices
    // elsewhere.)
    compareWithHudi(CleanSettings.keepLatestCommits(2), true, Set.of(1, 3));
  }

  @Test
  public void keepLatestFileVersionsCleansOldSlicesWithTheirLogFiles() throws IOException {
    // Each file group keeps one slice, k6, and loses k3's (base, d4 and d5 logs) and d1's.
    compareWithHudi(CleanSettings.keepLatestFileVersions(1), false, Set.of(1, 3));
  }

  @Test
  public void keepLatestFileVersionsCountsThePendingCompactionAsAVersion() throws IOException {
    // Two versions retained. In the four file groups k8 compacts, k8 and k6 (which it needs) count
    // as one version, so k3 stays and d1 goes, as in the other file groups (k6 and k3 kept).
    compareWithHudi(CleanSettings.keepLatestFileVersions(2), true, Set.of(1));
  }
}
