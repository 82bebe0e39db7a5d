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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.metadata.CleanFileInfo;
import io.hudibeam.metadata.CleanMetadata;
import io.hudibeam.metadata.CleanerPlan;
import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiMetaClients;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.avro.model.HoodieCleanFileInfo;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieCleanPartitionMetadata;
import org.apache.hudi.avro.model.HoodieCleanerPlan;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Our cleaner against Hudi 0.15's: on twin copies of a table written by Hudi's Java client, our
 * clean and Hudi's {@code client.clean()} leave the same files and write equivalent plans and
 * metadata; Hudi reads our clean files, the snapshot is unchanged, and Hudi keeps writing and
 * cleaning after us. Also Hudi's own clean instants of a golden table, reproduced.
 */
public class CleanerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem fs;
  private final InstantTimeGenerator generator = new InstantTimeGenerator(TimelineTimezone.LOCAL);

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
  }

  /** Trips 0..23: three per city. */
  private static final int TRIPS = 24;

  /** Built once for the class by Hudi's client; each comparison gets copies. */
  @ClassRule public static TemporaryFolder fixtures = new TemporaryFolder();

  private static String fiveCommitsTable;
  private static List<String> fiveCommits;

  /** The trips of partition {@code TripsData.city(index)}, as batch {@code b} writes them. */
  private static List<GenericRecord> city(int index, long b) {
    return LongStream.range(0, TRIPS)
        .filter(i -> i % TripsData.CITIES.size() == index)
        .mapToObj(i -> TripsData.record(b, i))
        .collect(Collectors.toList());
  }

  /** Hudi's snapshot as record key → "commit time,ts,fare". */
  private static TreeMap<String, String> snapshot(String base) {
    return HudiTableReader.of(base).snapshotSummary("ts", "fare");
  }

  /**
   * Five commits by Hudi's Java client, file groups updated unevenly: city 0 at c1, c2, c3, c5;
   * city 1 at c1, c2, c4; the other six at c1, c2 (and at c5 a small-file insert into city 0).
   */
  @BeforeClass
  public static void writeFiveCommits() throws IOException {
    fiveCommitsTable = fixtures.newFolder("five-commits").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(fiveCommitsTable).create();
    List<String> commits = new ArrayList<>();
    commits.add(hudi.insert(TripsData.batch(1, 0, TRIPS)));
    commits.add(hudi.upsert(TripsData.batch(2, 0, TRIPS)));
    commits.add(hudi.upsert(city(0, 3)));
    commits.add(hudi.upsert(city(1, 4)));
    List<GenericRecord> c5 = new ArrayList<>(city(0, 5));
    c5.add(TripsData.record(5, TRIPS));
    commits.add(hudi.upsert(c5));
    fiveCommits = List.copyOf(commits);
  }

  /** Hudi's client on {@code base}, its cleaner configured as {@code settings}. */
  private static HudiReference hudiWithCleaner(String base, CleanSettings settings) {
    HudiReference.Builder builder = HudiReference.trips(base);
    if (settings.policy() == CleaningPolicy.KEEP_LATEST_COMMITS) {
      builder.cleanerCommitsRetained(settings.commitsRetained());
    } else {
      builder.cleanerFileVersionsRetained(settings.fileVersionsRetained());
    }
    return builder.open();
  }

  private static String instantOf(String relativeFile) {
    return relativeFile.substring(
        relativeFile.lastIndexOf('_') + 1, relativeFile.indexOf(".parquet"));
  }

  private static Set<String> instantsOf(Set<String> files) {
    return files.stream().map(CleanerTest::instantOf).collect(Collectors.toSet());
  }

  static Set<String> relative(String base, List<String> paths) {
    return paths.stream()
        .map(p -> p.substring(p.indexOf(base) + base.length() + 1))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  static HoodieInstant lastClean(String base) {
    return HudiMetaClients.open(base)
        .getActiveTimeline()
        .getCleanerTimeline()
        .filterCompletedInstants()
        .lastInstant()
        .get();
  }

  static HoodieCleanerPlan hudiPlan(String base, HoodieInstant clean, String state)
      throws IOException {
    String name = clean.getTimestamp() + ".clean." + state;
    return TimelineMetadataUtils.deserializeCleanerPlan(
        Files.readAllBytes(new File(base, ".hoodie/" + name).toPath()));
  }

  static HoodieCleanMetadata hudiMetadata(String base, HoodieInstant clean) throws IOException {
    HoodieTableMetaClient meta = HudiMetaClients.open(base);
    return TimelineMetadataUtils.deserializeHoodieCleanMetadata(
        meta.getActiveTimeline().getInstantDetails(clean).get());
  }

  /** A plan with paths relative to the base path, for comparing plans made on different copies. */
  static TreeMap<String, Set<String>> plannedFiles(String base, HoodieCleanerPlan plan) {
    TreeMap<String, Set<String>> files = new TreeMap<>();
    plan.getFilePathsToBeDeletedPerPartition()
        .forEach(
            (partition, infos) -> {
              if (!infos.isEmpty()) {
                files.put(
                    partition,
                    relative(base, infos.stream().map(HoodieCleanFileInfo::getFilePath).toList()));
              }
            });
    return files;
  }

  static TreeMap<String, String> partitionSummary(HoodieCleanMetadata metadata) {
    TreeMap<String, String> summary = new TreeMap<>();
    for (Map.Entry<String, HoodieCleanPartitionMetadata> e :
        metadata.getPartitionMetadata().entrySet()) {
      HoodieCleanPartitionMetadata p = e.getValue();
      if (p.getDeletePathPatterns().isEmpty()) {
        continue;
      }
      summary.put(
          e.getKey(),
          p.getPartitionPath()
              + " "
              + p.getPolicy()
              + " patterns="
              + new TreeSet<>(p.getDeletePathPatterns())
              + " success="
              + new TreeSet<>(p.getSuccessDeleteFiles())
              + " failed="
              + p.getFailedDeleteFiles()
              + " partitionDeleted="
              + p.getIsPartitionDeleted());
    }
    return summary;
  }

  /** Runs our cleaner on one copy and Hudi's on a twin, and compares everything observable. */
  private void compareWithHudi(
      CleanSettings settings, Set<String> expectedDeletedInstants, int expectedDeleted)
      throws IOException {
    String ours = TableFiles.copy(fiveCommitsTable, tmp.getRoot().toPath().resolve("ours"));
    List<String> commits = fiveCommits;
    String hudi = TableFiles.copy(fiveCommitsTable, tmp.getRoot().toPath().resolve("hudi"));
    TreeMap<String, String> snapshot = snapshot(ours);
    Set<String> filesBefore = TableFiles.dataFilesOnDisk(ours);

    List<CleanResult> results = new Cleaner(fs, TablePaths.of(ours), settings).clean(generator);
    hudiWithCleaner(hudi, settings).clean();

    // Same files left; the deleted ones are exactly the expected old slices.
    assertThat(TableFiles.dataFilesOnDisk(ours), is(TableFiles.dataFilesOnDisk(hudi)));
    Set<String> deleted = new TreeSet<>(filesBefore);
    deleted.removeAll(TableFiles.dataFilesOnDisk(ours));
    assertThat(deleted.size(), is(expectedDeleted));
    Set<String> expectedInstants =
        expectedDeletedInstants.stream()
            .map(i -> commits.get(Integer.parseInt(i.substring(1)) - 1))
            .collect(Collectors.toSet());
    assertThat(instantsOf(deleted), is(expectedInstants));
    assertThat(results.size(), is(1));
    assertThat(relative(ours, results.get(0).deletedFiles()), is(deleted));
    assertThat(results.get(0).failedFiles(), is(empty()));
    assertThat(snapshot(ours), is(snapshot));

    // Hudi parses our plan (requested and inflight) and metadata; they say what Hudi's say.
    HoodieInstant ourClean = lastClean(ours);
    HoodieInstant hudiClean = lastClean(hudi);
    assertThat(ourClean.getTimestamp(), is(results.get(0).cleanTime().value()));
    for (String state : List.of("requested", "inflight")) {
      HoodieCleanerPlan ourPlan = hudiPlan(ours, ourClean, state);
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
      assertThat(plannedFiles(ours, ourPlan), is(plannedFiles(hudi, hudiPlan)));
    }
    HoodieCleanMetadata ourMetadata = hudiMetadata(ours, ourClean);
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

    // Two more commits by Hudi's client on both copies. After the first, we clean one copy and Hudi
    // the other (incremental partition selection from the last clean); after the second, Hudi
    // cleans
    // both. The copies keep the same slices of every file group throughout.
    Map<String, List<String>> commitsOf =
        Map.of(ours, new ArrayList<>(commits), hudi, new ArrayList<>(commits));
    TreeMap<String, String> expected = new TreeMap<>(snapshot);
    for (int batch : List.of(6, 7)) {
      int city = batch == 6 ? 2 : 0;
      for (String base : List.of(ours, hudi)) {
        HudiReference client = hudiWithCleaner(base, settings);
        String next = client.upsert(city(city, batch));
        if (batch == 7 || base.equals(hudi)) {
          client.clean();
        }
        if (batch == 6 && base.equals(ours)) {
          new Cleaner(fs, TablePaths.of(ours), settings).clean(generator);
        }
        commitsOf.get(base).add(next);
      }
      for (GenericRecord trip : city(city, batch)) {
        expected.put(
            trip.get("uuid").toString(),
            "c" + batch + "," + trip.get("ts") + "," + trip.get("fare"));
      }
      assertThat(slices(ours, commitsOf.get(ours)), is(slices(hudi, commitsOf.get(hudi))));
      assertThat(cleanCount(ours), is(cleanCount(hudi)));
      for (String base : List.of(ours, hudi)) {
        TreeMap<String, String> rows = new TreeMap<>();
        snapshot(base).forEach((k, v) -> rows.put(k, label(v, commitsOf.get(base))));
        TreeMap<String, String> labelled = new TreeMap<>();
        expected.forEach((k, v) -> labelled.put(k, v.startsWith("c") ? v : label(v, commits)));
        assertThat(rows, is(labelled));
      }
    }
  }

  /** A snapshot row with its commit time replaced by the commit's position, c1, c2, ... */
  private static String label(String row, List<String> commits) {
    String time = row.substring(0, row.indexOf(','));
    return "c" + (commits.indexOf(time) + 1) + row.substring(row.indexOf(','));
  }

  /** The table's file slices as partition/fileId@c<n>, comparable between copies. */
  private static Set<String> slices(String base, List<String> commits) {
    return TableFiles.dataFilesOnDisk(base).stream()
        .map(f -> f.substring(0, f.indexOf('_')) + "@c" + (commits.indexOf(instantOf(f)) + 1))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static int cleanCount(String base) {
    return HudiMetaClients.open(base)
        .getActiveTimeline()
        .getCleanerTimeline()
        .filterCompletedInstants()
        .countInstants();
  }

  @Test
  public void keepLatestCommitsDeletesWhatHudisCleanerDeletes() throws IOException {
    // Earliest commit to retain c4: city 0 keeps c5 and c3, city 1 c4 and c2, the other six c2; so
    // 2 + 1 + 6 slices go.
    compareWithHudi(CleanSettings.keepLatestCommits(2), Set.of("c1", "c2"), 9);
  }

  @Test
  public void keepLatestFileVersionsDeletesWhatHudisCleanerDeletes() throws IOException {
    // City 0 keeps c5 and c3, city 1 c4 and c2, the other six c2 and c1; so 2 + 1 slices go.
    compareWithHudi(CleanSettings.keepLatestFileVersions(2), Set.of("c1", "c2"), 3);
  }

  // ---- Hudi's own clean instants of the golden table v6_cow_nonpartitioned_cleaned

  private static final String GOLDEN_BASE = "/hudi-golden/v6_cow_nonpartitioned_cleaned";
  private static final String FILE_ID = "5da1ed61-ec12-458e-b5d2-894fe65c0b60-0";
  private static final String C1 = "20261129125128203";
  private static final String C2 = "20261129125141345";
  private static final String C3 = "20261129125157349";
  private static final String CLEAN1 = "20261129125203566";
  private static final String C4 = "20261129125213750";
  private static final String CLEAN2 = "20261129125220696";

  private static String baseFile(String instant) {
    return FILE_ID + "_0-18-22_" + instant + ".parquet";
  }

  private static void deleteInstant(String base, String time, String... names) {
    for (String name : names) {
      new File(base, ".hoodie/" + time + name).delete();
    }
  }

  /**
   * The golden table as it was before its clean {@code clean}, base files of cleaned slices as
   * empty placeholders.
   */
  private String goldenBefore(String clean) throws IOException {
    String base =
        GoldenTable.V6_COW_NONPARTITIONED_CLEANED.copyTo(tmp.newFolder()).getAbsolutePath();
    deleteInstant(base, CLEAN2, ".clean", ".clean.inflight", ".clean.requested");
    new File(base, baseFile(C2)).createNewFile();
    if (clean.equals(CLEAN1)) {
      deleteInstant(base, CLEAN1, ".clean", ".clean.inflight", ".clean.requested");
      deleteInstant(base, C4, ".commit", ".inflight", ".commit.requested");
      new File(base, baseFile(C4)).delete();
      new File(base, baseFile(C1)).createNewFile();
    }
    return base;
  }

  private static byte[] goldenInstant(String name) throws IOException {
    return Files.readAllBytes(
        new File(
                "src/test/resources/golden/"
                    + GoldenTable.V6_COW_NONPARTITIONED_CLEANED.folder()
                    + "/.hoodie/"
                    + name)
            .toPath());
  }

  private static CleanerPlan relativized(CleanerPlan plan, String base) {
    TreeMap<String, List<CleanFileInfo>> files = new TreeMap<>();
    plan.filePathsToBeDeletedPerPartition()
        .forEach(
            (p, infos) ->
                files.put(
                    p,
                    infos.stream()
                        .map(
                            i ->
                                new CleanFileInfo(
                                    i.filePath()
                                        .substring(i.filePath().indexOf(base) + base.length()),
                                    i.isBootstrapBaseFile()))
                        .toList()));
    return new CleanerPlan(
        plan.earliestInstantToRetain(),
        plan.lastCompletedCommitTimestamp(),
        plan.policy(),
        plan.filesToBeDeletedPerPartition(),
        plan.version(),
        files,
        plan.partitionsToBeDeleted(),
        Map.of());
  }

  private void reproducesGoldenClean(String clean, String deletedInstant, String earliestToRetain)
      throws IOException {
    String base = goldenBefore(clean);
    TablePaths paths = TablePaths.of(base);
    Cleaner cleaner = new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1));
    CleanerPlan ours = cleaner.plan(Timeline.load(fs, paths)).get();
    CleanerPlan hudis = CleanerPlan.fromBytes(goldenInstant(clean + ".clean.requested"));
    assertThat(relativized(ours, base), is(relativized(hudis, GOLDEN_BASE)));
    assertThat(ours.earliestInstantToRetain().timestamp(), is(earliestToRetain));
    assertThat(
        ours.filePathsToBeDeletedPerPartition(),
        is(Map.of("", List.of(new CleanFileInfo(base + "/" + baseFile(deletedInstant), false)))));

    List<CleanResult> results = cleaner.clean(generator);
    assertThat(results.size(), is(1));
    assertThat(results.get(0).deletedFiles(), is(List.of(base + "/" + baseFile(deletedInstant))));
    assertThat(new File(base, baseFile(deletedInstant)).exists(), is(false));
    CleanMetadata ourMetadata =
        CleanMetadata.fromBytes(
            new TimelineWriter(fs, paths)
                .read(Instant.completed(results.get(0).cleanTime(), Action.CLEAN)));
    CleanMetadata hudiMetadata = CleanMetadata.fromBytes(goldenInstant(clean + ".clean"));
    assertThat(ourMetadata.earliestCommitToRetain(), is(hudiMetadata.earliestCommitToRetain()));
    assertThat(
        ourMetadata.lastCompletedCommitTimestamp(),
        is(hudiMetadata.lastCompletedCommitTimestamp()));
    assertThat(ourMetadata.totalFilesDeleted(), is(hudiMetadata.totalFilesDeleted()));
    assertThat(ourMetadata.partitionMetadata(), is(hudiMetadata.partitionMetadata()));
    assertThat(ourMetadata.version(), is(hudiMetadata.version()));
    assertThat(cleaner.clean(generator), is(empty()));
  }

  @Test
  public void reproducesHudisFirstCleanOfTheGoldenTable() throws IOException {
    reproducesGoldenClean(CLEAN1, C1, C3);
  }

  @Test
  public void reproducesHudisSecondCleanOfTheGoldenTable() throws IOException {
    reproducesGoldenClean(CLEAN2, C2, C4);
  }

  @Test
  public void resumesACleanLeftPendingByACrash() throws IOException {
    String base = goldenBefore(CLEAN2);
    TablePaths paths = TablePaths.of(base);
    Cleaner cleaner = new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1));
    CleanerPlan plan = cleaner.plan(Timeline.load(fs, paths)).get();
    InstantTime pending = generator.next(Timeline.load(fs, paths));
    new TimelineWriter(fs, paths).createRequested(pending, Action.CLEAN, plan.toBytes());

    List<CleanResult> results = cleaner.clean(generator);
    assertThat(results.size(), is(1));
    assertThat(results.get(0).cleanTime(), is(pending));
    assertThat(results.get(0).deletedFiles(), is(List.of(base + "/" + baseFile(C2))));
    Timeline timeline = Timeline.load(fs, paths);
    assertThat(timeline.ofAction(Action.CLEAN).completed().last().get().time(), is(pending));
    assertThat(timeline.pending().isEmpty(), is(true));
    HoodieCleanerPlan inflight =
        TimelineMetadataUtils.deserializeCleanerPlan(
            Files.readAllBytes(new File(base, ".hoodie/" + pending + ".clean.inflight").toPath()));
    assertThat(inflight.getEarliestInstantToRetain().getTimestamp(), is(C4));
    HoodieCleanMetadata metadata =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(
            Files.readAllBytes(new File(base, ".hoodie/" + pending + ".clean").toPath()));
    assertThat(
        metadata.getPartitionMetadata().get("").getSuccessDeleteFiles(), is(List.of(baseFile(C2))));
    assertThat(
        HudiMetaClients.open(base)
            .getActiveTimeline()
            .filterInflightsAndRequested()
            .countInstants(),
        is(0));
  }

  @Test
  public void writesNoCleanInstantWhenNothingIsToBeDeleted() throws IOException {
    String base =
        GoldenTable.V6_COW_NONPARTITIONED_CLEANED.copyTo(tmp.newFolder()).getAbsolutePath();
    TablePaths paths = TablePaths.of(base);
    // No commit completed since the last clean.
    assertThat(
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1)).clean(generator), is(empty()));
    // Fewer completed commits than retained.
    String before = goldenBefore(CLEAN2);
    assertThat(
        new Cleaner(fs, TablePaths.of(before), CleanSettings.keepLatestCommits(4)).clean(generator),
        is(empty()));
    assertThat(
        new Cleaner(fs, TablePaths.of(before), CleanSettings.keepLatestFileVersions(3))
            .clean(generator),
        is(empty()));
    assertThat(Timeline.load(fs, TablePaths.of(before)).ofAction(Action.CLEAN).size(), is(1));
  }

  @Test
  public void earliestCommitToRetainStopsBeforeTheEarliestPendingWrite() throws IOException {
    File folder = tmp.newFolder("hand");
    new File(folder, ".hoodie").mkdirs();
    TablePaths paths = TablePaths.of(folder.getAbsolutePath());
    TimelineWriter writer = new TimelineWriter(fs, paths);
    List<InstantTime> times = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      times.add(InstantTime.parse("2025010100000000" + i));
    }
    for (int i : List.of(0, 1, 3, 4)) {
      writer.complete(
          writer.transitionToInflight(
              writer.createRequested(times.get(i), Action.COMMIT, new byte[0]), new byte[0]),
          "{}".getBytes());
    }
    Cleaner cleaner = new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1));
    assertThat(
        cleaner.earliestCommitToRetain(Timeline.load(fs, paths)).get().time(), is(times.get(4)));
    List<Instant> instants = new ArrayList<>(Timeline.load(fs, paths).instants());
    instants.add(Instant.inflight(times.get(2), Action.COMMIT));
    Timeline withPending = Timeline.of(instants);
    assertThat(cleaner.earliestCommitToRetain(withPending).get().time(), is(times.get(1)));
    assertThat(
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(3))
            .earliestCommitToRetain(withPending)
            .get()
            .time(),
        is(times.get(1)));
    assertThat(
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(4))
            .earliestCommitToRetain(withPending)
            .isPresent(),
        is(false));
    assertThat(
        new Cleaner(fs, paths, CleanSettings.keepLatestFileVersions(1))
            .earliestCommitToRetain(withPending)
            .isPresent(),
        is(false));
  }

  @Test
  public void refusesTablesWithSavepoints() throws IOException {
    String base =
        GoldenTable.V6_COW_NONPARTITIONED_CLEANED.copyTo(tmp.newFolder()).getAbsolutePath();
    new File(base, ".hoodie/" + C3 + ".savepoint").createNewFile();
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> new Cleaner(fs, TablePaths.of(base), CleanSettings.defaults()).clean(generator));
    assertThat(
        e.getMessage(), containsString("it has savepoints [[" + C3 + "__savepoint__COMPLETED]]"));
  }
}
