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
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.keygen.KeyGenerator;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogBlockType;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.CreateHandle;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.MergeHandle;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WriteContext;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieArchivedTimeline;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Timeline archival against Hudi 0.15: 60 small commits written with our commit protocol, each
 * followed by a clean and an archive as the writer does; the active timeline never holds more than
 * {@code hoodie.keep.max.commits} commits, Hudi's {@code HoodieArchivedTimeline} reads back every
 * archived instant (times, actions, states, commit metadata), Hudi's reader still reads the table
 * row by row, and our timeline, file-system view and cleaner keep working. The selection rules
 * (pending instants, savepoints, MOR compaction, replacecommits, cleans) are checked on synthetic
 * timelines.
 */
public class TimelineArchiverTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private final KeyGenerator keys = KeyGenerator.of(KeyGeneratorConfig.simple("uuid", "city"));
  private final InstantTimeGenerator generator =
      new InstantTimeGenerator(Clock.systemUTC(), TimelineTimezone.LOCAL);
  private FileSystem fs;
  private TablePaths paths;

  /** Where each record key lives, kept from the writes (the index a pipeline would look up). */
  private final Map<String, RecordLocation> stored = new HashMap<>();

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
  }

  @Test
  public void sixtyCommitsKeepTheActiveTimelineBoundedAndHudiReadsTheArchive() throws Exception {
    ArchiveSettings archive = ArchiveSettings.defaults();
    CleanSettings clean = CleanSettings.defaults();
    Map<String, List<Object>> expected = new TreeMap<>();
    Map<String, String> commitTimeOf = new TreeMap<>();
    Map<String, Set<String>> pathsByCommit = new TreeMap<>();
    List<Instant> archivedFiles = new ArrayList<>();
    List<String> commits = new ArrayList<>();
    int maxActive = 0;
    for (int c = 0; c < 60; c++) {
      // Each commit: 4 new trips and updates of 2 of commit c / 2, in two cities (indexes 4k).
      List<GenericRecord> batch = new ArrayList<>();
      for (int j = 0; j < 4; j++) {
        batch.add(TripsData.record(c, 4L * (c * 4 + j)));
      }
      for (int j = 0; c > 0 && j < 2; j++) {
        batch.add(TripsData.record(c, 4L * ((c / 2) * 4 + j)));
      }
      String instant =
          write(batch, c == 0 ? OperationType.INSERT : OperationType.UPSERT, pathsByCommit);
      commits.add(instant);
      for (GenericRecord r : batch) {
        String key = r.get("uuid").toString();
        expected.put(key, TripsData.values(r));
        commitTimeOf.put(key, instant);
      }
      new Cleaner(fs, paths, clean).clean(generator);
      TimelineArchiver.ArchiveResult result =
          new TimelineArchiver(fs, paths, archive, clean).archive();
      archivedFiles.addAll(result.archived());
      int active = Timeline.load(fs, paths).completedWriteTimeline().size();
      assertThat(
          "completed commits on the active timeline after commit " + c,
          active,
          lessThanOrEqualTo(archive.maxCommits()));
      maxActive = Math.max(maxActive, active);
    }
    // 31 commits -> 20, then again at 42 and 53: 27 active after 60.
    Timeline timeline = Timeline.load(fs, paths);
    assertEquals(27, timeline.completedWriteTimeline().size());
    assertEquals(archive.maxCommits(), maxActive);
    assertEquals(
        commits.subList(33, 60),
        timeline.completedWriteTimeline().instants().stream()
            .map(i -> i.time().value())
            .collect(Collectors.toList()));

    // What we archived: every state file of commits 0..32 and of the cleans beyond the clean limit.
    Set<String> archivedCompleted =
        archivedFiles.stream()
            .filter(Instant::isCompleted)
            .map(i -> i.time().value() + " " + i.action().value())
            .collect(Collectors.toCollection(TreeSet::new));
    for (String commit : commits.subList(0, 33)) {
      assertTrue(commit, archivedCompleted.contains(commit + " commit"));
    }
    assertThat(
        archivedFiles.stream().filter(i -> i.action() == Action.CLEAN && i.isCompleted()).count(),
        greaterThan(0L));
    assertThat(
        archivedFiles.stream().filter(i -> i.state() == State.REQUESTED).count(), greaterThan(0L));
    for (Instant file : archivedFiles) {
      assertTrue(file.fileName(), !fs.exists(new Path(paths.metaFolder(), file.fileName())));
    }

    // Hudi's archived timeline: all states, then the completed ones with their details.
    HoodieTableMetaClient meta = HudiTableReader.of(paths.basePathString()).metaClient();
    HoodieArchivedTimeline hudiArchive = new HoodieArchivedTimeline(meta);
    Set<String> hudiAllStates =
        hudiArchive
            .getInstantsAsStream()
            .map(i -> i.getTimestamp() + " " + i.getAction() + " " + i.getState())
            .collect(Collectors.toCollection(TreeSet::new));
    Set<String> ourAllStates =
        archivedFiles.stream()
            .map(i -> i.time().value() + " " + i.action().value() + " " + i.state())
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(ourAllStates, hudiAllStates);

    HoodieArchivedTimeline completedArchive = meta.getArchivedTimeline();
    completedArchive.loadCompletedInstantDetailsInMemory();
    HoodieTimeline archivedCommits =
        completedArchive.getCommitsTimeline().filterCompletedInstants();
    assertEquals(
        commits.subList(0, 33),
        archivedCommits
            .getInstantsAsStream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList()));
    for (HoodieInstant instant : archivedCommits.getInstants()) {
      HoodieCommitMetadata metadata =
          HoodieCommitMetadata.fromBytes(
              completedArchive.getInstantDetails(instant).get(), HoodieCommitMetadata.class);
      Set<String> files =
          metadata.getPartitionToWriteStats().values().stream()
              .flatMap(List::stream)
              .map(HoodieWriteStat::getPath)
              .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(
          "files of archived commit " + instant, pathsByCommit.get(instant.getTimestamp()), files);
      assertEquals(
          instant.getTimestamp().equals(commits.get(0)) ? "INSERT" : "UPSERT",
          metadata.getOperationType().name());
      assertTrue(metadata.getExtraMetadata().containsKey("schema"));
    }

    // The archive files are Hudi log files our reader reads too: SCHEMA header only, 10 entries a
    // block.
    for (var status : fs.listStatus(paths.archivedFolder())) {
      if (status.getPath().getName().startsWith(".commits_.archive.")) {
        for (LogBlock block : LogFileReader.readAll(conf, status.getPath())) {
          assertEquals(LogBlockType.AVRO_DATA_BLOCK, block.type());
          assertEquals(Set.of(io.hudibeam.log.HeaderKey.SCHEMA), block.header().keySet());
          assertThat(block.recordCount(), lessThanOrEqualTo(10));
        }
      }
    }

    // Hudi's snapshot reader: every row exact, with the instant that last wrote it.
    Map<String, GenericRecord> rows =
        HudiTableReader.of(paths.basePathString()).snapshotByRecordKey();
    assertEquals(expected.keySet(), rows.keySet());
    for (Map.Entry<String, List<Object>> e : expected.entrySet()) {
      GenericRecord row = rows.get(e.getKey());
      assertEquals(e.getKey(), e.getValue(), TripsData.values(row));
      assertEquals(
          e.getKey(),
          commitTimeOf.get(e.getKey()),
          HudiTableReader.string(row, "_hoodie_commit_time"));
    }

    // Incremental from an archived instant: Hudi's documented fallback for a start before the
    // active
    // timeline (hoodie.datasource.read.incr.fallback.fulltablescan.enable) is a full scan filtered
    // by
    // commit time; done here with Hudi's snapshot reader, as the Java client has no incremental
    // relation.
    String start = commits.get(10);
    assertTrue(
        meta.reloadActiveTimeline()
                .getCommitsTimeline()
                .filterCompletedInstants()
                .firstInstant()
                .get()
                .getTimestamp()
                .compareTo(start)
            > 0);
    Set<String> changedSince =
        rows.values().stream()
            .filter(r -> HudiTableReader.string(r, "_hoodie_commit_time").compareTo(start) > 0)
            .map(r -> HudiTableReader.string(r, "_hoodie_record_key"))
            .collect(Collectors.toCollection(TreeSet::new));
    Set<String> expectedChanged =
        commitTimeOf.entrySet().stream()
            .filter(e -> e.getValue().compareTo(start) > 0)
            .map(Map.Entry::getKey)
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(expectedChanged, changedSince);
    Set<String> archivedRange = new TreeSet<>();
    for (HoodieInstant instant :
        archivedCommits.findInstantsAfter(start, Integer.MAX_VALUE).getInstants()) {
      archivedRange.add(instant.getTimestamp());
    }
    assertEquals(new TreeSet<>(commits.subList(11, 33)), archivedRange);

    // Our own view of the table after archival: same latest base files as Hudi's, and the cleaner
    // runs.
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Set<String> ours =
        view.latestBaseFiles().stream()
            .map(f -> f.name().value())
            .collect(Collectors.toCollection(TreeSet::new));
    Set<String> hudis =
        HudiTableReader.of(paths.basePathString()).latestFileSlices().stream()
            .map(s -> s.getBaseFile().get().getFileName())
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(hudis, ours);
    write(
        List.of(TripsData.record(70, 0), TripsData.record(70, 4)),
        OperationType.UPSERT,
        pathsByCommit);
    assertThat(new Cleaner(fs, paths, clean).clean(generator).size(), is(1));
    assertEquals(
        expected.size(), HudiTableReader.of(paths.basePathString()).snapshotByRecordKey().size());
  }

  @Test
  public void hudiContinuesAnArchivedTableAndBothArchivesReadAsOne() throws Exception {
    ArchiveSettings archive = ArchiveSettings.keep(3, 4);
    CleanSettings clean = CleanSettings.keepLatestCommits(2);
    Map<String, Set<String>> pathsByCommit = new TreeMap<>();
    Map<String, List<Object>> expected = new TreeMap<>();
    List<String> commits = new ArrayList<>();
    for (int c = 0; c < 8; c++) {
      List<GenericRecord> batch =
          List.of(TripsData.record(c, 4L * (c + 1)), TripsData.record(c, 0));
      commits.add(write(batch, OperationType.UPSERT, pathsByCommit));
      batch.forEach(r -> expected.put(r.get("uuid").toString(), TripsData.values(r)));
      new Cleaner(fs, paths, clean).clean(generator);
      new TimelineArchiver(fs, paths, archive, clean).archive();
    }
    // 5 commits -> 3 (c0, c1 archived), 5 again at c6 -> 3 (c2, c3): c4..c7 active, two archive
    // files.
    assertEquals(
        commits.subList(4, 8), HudiTableReader.of(paths.basePathString()).completedInstantTimes());

    // Hudi's writer continues with the same retention; its archiver adds an archive file after
    // ours.
    Set<String> ours = archiveFileNames();
    assertEquals(
        Set.of(
            ".commits_.archive.1_1-0-1", ".commits_.archive.2_1-0-1", ".commits_.archive.3_1-0-1"),
        ours);
    io.hudibeam.testing.HudiReference hudi =
        io.hudibeam.testing.HudiReference.trips(paths.basePathString())
            .cleanerCommitsRetained(2)
            .writeConfig("hoodie.keep.min.commits", "3")
            .writeConfig("hoodie.keep.max.commits", "4")
            .writeConfig("hoodie.cleaner.commits.retained", "2")
            .open();
    for (int h = 0; h < 2; h++) {
      List<GenericRecord> batch = List.of(TripsData.record(20 + h, 4L * h));
      commits.add(hudi.upsert(batch));
      batch.forEach(r -> expected.put(r.get("uuid").toString(), TripsData.values(r)));
    }
    Set<String> afterHudi = archiveFileNames();
    afterHudi.removeAll(ours);
    assertEquals(
        "Hudi rolls over to the next version", Set.of(".commits_.archive.4_1-0-1"), afterHudi);
    // Our reader reads Hudi's archive file: c4 and c5, each in its three states.
    List<String> hudiEntries = archiveEntries(".commits_.archive.4_1-0-1");
    List<String> expectedEntries = new ArrayList<>();
    for (String commit : commits.subList(4, 6)) {
      for (String state : List.of("REQUESTED", "INFLIGHT", "COMPLETED")) {
        expectedEntries.add(commit + ".commit." + state);
      }
    }
    assertEquals(expectedEntries, hudiEntries);

    // Our archiver continues after Hudi's file.
    commits.add(
        write(
            List.of(TripsData.record(30, 8), TripsData.record(30, 12)),
            OperationType.UPSERT,
            pathsByCommit));
    expected.put(TripsData.key(8), TripsData.values(TripsData.record(30, 8)));
    expected.put(TripsData.key(12), TripsData.values(TripsData.record(30, 12)));
    new TimelineArchiver(fs, paths, archive, clean).archive();
    List<String> active = HudiTableReader.of(paths.basePathString()).completedInstantTimes();
    assertEquals(commits.subList(8, 11), active);
    assertTrue(
        archiveEntries(".commits_.archive.5_1-0-1").contains(commits.get(7) + ".commit.COMPLETED"));

    HoodieTableMetaClient meta = HudiTableReader.of(paths.basePathString()).metaClient();
    HoodieArchivedTimeline archived = meta.getArchivedTimeline();
    List<String> archivedCommits =
        archived
            .getCommitsTimeline()
            .filterCompletedInstants()
            .getInstantsAsStream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList());
    List<String> all = new ArrayList<>(archivedCommits);
    all.addAll(active);
    assertEquals(commits, all);
    Map<String, GenericRecord> rows =
        HudiTableReader.of(paths.basePathString()).snapshotByRecordKey();
    assertEquals(expected.keySet(), rows.keySet());
    expected.forEach((key, values) -> assertEquals(key, values, TripsData.values(rows.get(key))));
  }

  private Set<String> archiveFileNames() throws Exception {
    Set<String> names = new TreeSet<>();
    for (var status : fs.listStatus(paths.archivedFolder())) {
      if (status.getPath().getName().startsWith(".commits_.archive.")) {
        names.add(status.getPath().getName());
      }
    }
    return names;
  }

  /** The entries of an archive file as {@code time.action.state}, read with our log reader. */
  private List<String> archiveEntries(String name) {
    List<String> entries = new ArrayList<>();
    for (LogBlock block : LogFileReader.readAll(conf, new Path(paths.archivedFolder(), name))) {
      block
          .records()
          .forEach(
              r ->
                  entries.add(
                      r.get("commitTime")
                          + "."
                          + r.get("actionType")
                          + "."
                          + r.get("actionState")));
    }
    return entries;
  }

  /**
   * Hudi 0.15 names metadata compactions {@code <deltacommit>001} (20 digits); the archiver reads
   * them on the metadata timeline and archives the data instants before the last one, as Hudi's
   * archiver does ({@code getCommitsAndCompactionTimeline} bounded by the metadata table's last
   * compaction), and the metadata table still lists exactly the completed files.
   */
  @Test
  public void theMetadataTablesSuffixedCompactionsBoundArchival() throws Exception {
    String base = paths.basePath().toUri().getPath();
    io.hudibeam.testing.HudiReference.trips(base)
        .metadataTable(true)
        .create()
        .insert(TripsData.batch(0, 0, 40));
    io.hudibeam.testing.LocalWrite ours =
        io.hudibeam.testing.LocalWrite.trips(
            base, new io.hudibeam.metadatatable.MetadataTableSettings(true, 3));
    for (int batch = 1; batch <= 8; batch++) {
      ours.upsert(TripsData.batch(batch, (batch * 10) % 40, 10));
    }
    List<Instant> compactions =
        Timeline.load(fs, TablePaths.of(base + "/.hoodie/metadata"))
            .ofAction(Action.COMMIT)
            .completed()
            .instants();
    assertTrue(compactions.size() >= 2);
    InstantTime lastCompaction = compactions.get(compactions.size() - 1).time();
    assertEquals(20, lastCompaction.value().length());

    TimelineArchiver.ArchiveResult result =
        new TimelineArchiver(fs, paths, ArchiveSettings.keep(2, 3), noCleaning()).archive();
    assertFalse(result.isEmpty());
    for (Instant archived : result.archived()) {
      assertTrue(archived + " before " + lastCompaction, archived.time().isBefore(lastCompaction));
    }
    io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles(base);
  }

  @Test
  public void aPendingInstantStopsArchivalBeforeTheLastCommitBeforeIt() {
    TimelineArchiver archiver =
        new TimelineArchiver(fs, paths, ArchiveSettings.keep(3, 5), noCleaning());
    List<Instant> instants = commits(1, 8, Action.COMMIT);
    instants.set(
        2, Instant.inflight(time(3), Action.COMMIT)); // instants 1, 2 completed, 3 pending, 4..8
    // 7 completed > 5; oldest pending 3, the completed commit before it (2) stays: only 1 goes.
    assertEquals(List.of(time(1)), times(archiver.instantsToArchive(Timeline.of(instants), cow())));

    List<Instant> pendingCompaction = commits(1, 8, Action.COMMIT);
    pendingCompaction.set(4, Instant.requested(time(5), Action.COMPACTION));
    assertEquals(
        List.of(time(1), time(2), time(3)),
        times(archiver.instantsToArchive(Timeline.of(pendingCompaction), cow())));

    List<Instant> none = commits(1, 8, Action.COMMIT);
    assertEquals(
        List.of(time(1), time(2), time(3), time(4), time(5)),
        times(archiver.instantsToArchive(Timeline.of(none), cow())));
    assertEquals(
        List.of(),
        times(archiver.instantsToArchive(Timeline.of(commits(1, 5, Action.COMMIT)), cow())));
  }

  @Test
  public void savepointsAndCompactionNeedsAreRespected() {
    TimelineArchiver archiver =
        new TimelineArchiver(fs, paths, new ArchiveSettings(true, 3, 5, 2), noCleaning());
    List<Instant> withSavepoint = commits(1, 8, Action.COMMIT);
    withSavepoint.add(Instant.completed(time(3), Action.SAVEPOINT));
    assertEquals(
        List.of(time(1), time(2)),
        times(archiver.instantsToArchive(Timeline.of(withSavepoint), cow())));

    // MOR, compaction after 2 deltacommits: deltacommits after the last compaction (commit 4) stay
    // until 2 or more of them exist; then the last 2 stay.
    List<Instant> mor = commits(1, 8, Action.DELTA_COMMIT);
    mor.set(3, Instant.completed(time(4), Action.COMMIT));
    assertEquals(
        List.of(time(1), time(2), time(3), time(4), time(5)),
        times(
            archiver.instantsToArchive(
                Timeline.of(mor),
                TableConfig.newTable("t", TableType.MERGE_ON_READ)
                    .recordKeyFields(List.of("uuid"))
                    .build())));
    List<Instant> morLate = commits(1, 8, Action.DELTA_COMMIT);
    morLate.set(6, Instant.completed(time(7), Action.COMMIT));
    assertEquals(
        List.of(time(1), time(2), time(3), time(4), time(5)),
        times(
            archiver.instantsToArchive(
                Timeline.of(morLate),
                TableConfig.newTable("t", TableType.MERGE_ON_READ)
                    .recordKeyFields(List.of("uuid"))
                    .build())));
    List<Instant> morNoCompaction = commits(1, 8, Action.DELTA_COMMIT);
    assertEquals(
        List.of(time(1), time(2), time(3), time(4), time(5)),
        times(
            archiver.instantsToArchive(
                Timeline.of(morNoCompaction),
                TableConfig.newTable("t", TableType.MERGE_ON_READ)
                    .recordKeyFields(List.of("uuid"))
                    .build())));
    TimelineArchiver strict =
        new TimelineArchiver(fs, paths, new ArchiveSettings(true, 3, 5, 6), noCleaning());
    assertEquals(
        List.of(time(1), time(2), time(3)),
        times(
            strict.instantsToArchive(
                Timeline.of(mor),
                TableConfig.newTable("t", TableType.MERGE_ON_READ)
                    .recordKeyFields(List.of("uuid"))
                    .build())));
  }

  @Test
  public void cleansAndRollbacksAreArchivedPerAction() {
    TimelineArchiver archiver =
        new TimelineArchiver(fs, paths, ArchiveSettings.keep(3, 5), noCleaning());
    List<Instant> instants = new ArrayList<>(commits(1, 4, Action.COMMIT));
    for (int i = 10; i < 16; i++) {
      instants.add(Instant.completed(time(i), Action.CLEAN));
    }
    instants.add(Instant.completed(time(20), Action.ROLLBACK));
    // 6 cleans > 5: the oldest 3 go; 1 rollback and 4 commits stay.
    assertEquals(
        List.of(time(10), time(11), time(12)),
        times(archiver.instantsToArchive(Timeline.of(instants), cow())));
  }

  @Test
  public void settingsAreParsedAndValidatedAsHudiDoes() {
    assertEquals(ArchiveSettings.defaults(), SettingsReader.archive(Map.of()));
    assertEquals(
        new ArchiveSettings(false, 12, 15, 5),
        SettingsReader.archive(
            Map.of(
                "hoodie.archive.automatic",
                "false",
                "hoodie.keep.min.commits",
                "12",
                "hoodie.keep.max.commits",
                "15")));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () -> SettingsReader.archive(Map.of("hoodie.keep.min.commits", "30")))
            .getMessage(),
        is("Increase hoodie.keep.max.commits=30 to be greater than hoodie.keep.min.commits=30"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () -> SettingsReader.archive(Map.of("hoodie.keep.min.commits", "10")))
            .getMessage(),
        containsString(
            "Increase hoodie.keep.min.commits=10 to be greater than hoodie.cleaner.commits.retained=10"));
    // KEEP_LATEST_FILE_VERSIONS does not use commits retained: no check, as in Hudi.
    SettingsReader.archive(
        Map.of(
            "hoodie.keep.min.commits",
            "5",
            "hoodie.keep.max.commits",
            "6",
            "hoodie.cleaner.policy",
            "KEEP_LATEST_FILE_VERSIONS"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () -> SettingsReader.archive(Map.of("hoodie.archive.automatic", "yes")))
            .getMessage(),
        is("hoodie.archive.automatic must be true or false, but was 'yes'"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () -> SettingsReader.archive(Map.of("hoodie.keep.max.commits", "many")))
            .getMessage(),
        is("hoodie.keep.max.commits must be a whole number >= 1, but was 'many'"));
    // The same keys under Hudi's own config class.
    assertEquals(
        org.apache.hudi.config.HoodieArchivalConfig.MIN_COMMITS_TO_KEEP.key(),
        ArchiveSettings.MIN_COMMITS);
    assertEquals(
        org.apache.hudi.config.HoodieArchivalConfig.MAX_COMMITS_TO_KEEP.key(),
        ArchiveSettings.MAX_COMMITS);
    assertEquals(
        org.apache.hudi.config.HoodieArchivalConfig.AUTO_ARCHIVE.key(), ArchiveSettings.AUTOMATIC);
    assertEquals(
        String.valueOf(ArchiveSettings.DEFAULT_MIN_COMMITS),
        org.apache.hudi.config.HoodieArchivalConfig.MIN_COMMITS_TO_KEEP.defaultValue());
    assertEquals(
        String.valueOf(ArchiveSettings.DEFAULT_MAX_COMMITS),
        org.apache.hudi.config.HoodieArchivalConfig.MAX_COMMITS_TO_KEEP.defaultValue());
  }

  // ---------------------------------------------------------------------------------------------

  /** No automatic cleaning (so no cleaner bound) and a policy that does not constrain keep.min. */
  private static CleanSettings noCleaning() {
    return CleanSettings.keepLatestFileVersions(3).withAutomatic(false);
  }

  private static TableConfig cow() {
    return TableConfig.newTable("t", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("uuid"))
        .build();
  }

  private static InstantTime time(int i) {
    return InstantTime.parse(String.format("20260101000000%03d", i));
  }

  private static List<Instant> commits(int from, int to, Action action) {
    List<Instant> out = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      out.add(Instant.completed(time(i), action));
    }
    return out;
  }

  private static List<InstantTime> times(List<Instant> instants) {
    return instants.stream().map(Instant::time).collect(Collectors.toList());
  }

  private TableConfig tripsTable() {
    return TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  /**
   * One upsert with the commit protocol classes (start, tag, plan, write, commit), as the pipeline
   * does.
   */
  private String write(
      List<GenericRecord> records, OperationType operation, Map<String, Set<String>> pathsByCommit)
      throws Exception {
    StartedInstant started =
        new InstantStarter(fs, paths, Clock.systemUTC())
            // Archival mechanics on a table without a metadata table: with one, archival stops
            // at its last compaction (theMetadataTablesSuffixedCompactionsBoundArchival).
            .metadataTable(io.hudibeam.metadatatable.MetadataTableSettings.disabled())
            .start(tripsTable(), Action.COMMIT);
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    Map<String, List<BaseFile>> latest = new HashMap<>();
    for (String partition : view.partitions()) {
      latest.put(partition, view.latestBaseFiles(partition));
    }
    WorkloadProfile profile = WorkloadProfile.empty();
    List<TableRecord> tableRecords = new ArrayList<>();
    for (GenericRecord record : records) {
      HoodieKey key = keys.keyOf(record);
      RecordLocation location = stored.get(key.recordKey());
      profile = profile.plus(key.partitionPath(), location == null ? null : location.fileId());
      tableRecords.add(TableRecord.upsert(key.recordKey(), key.partitionPath(), record));
    }
    WritePlan plan =
        new WritePlanner(FileSizing.defaults(), UUID::randomUUID).plan(profile, latest, 1024, true);
    Map<Bucket, List<TableRecord>> routed = new HashMap<>();
    for (TableRecord r : tableRecords) {
      Bucket bucket =
          plan.route(
              r.partitionPath(), r.recordKey(), Optional.ofNullable(stored.get(r.recordKey())));
      routed.computeIfAbsent(bucket, b -> new ArrayList<>()).add(r);
    }
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(started.instantTime())
            .schema(TripsData.SCHEMA)
            .parquet(ParquetSettings.defaults())
            .orderingField(OrderingField.of("ts"))
            .writeToken(WriteToken.of(1, 2, 3))
            .build();
    CommitMetadata.Builder metadata =
        CommitMetadata.builder().operationType(operation).schema(TripsData.SCHEMA.toString());
    Set<String> written = new TreeSet<>();
    for (Map.Entry<Bucket, List<TableRecord>> e : routed.entrySet()) {
      WriteStat stat =
          e.getKey().baseFile().isPresent()
              ? new MergeHandle(context).write(e.getKey().baseFile().get(), e.getValue())
              : new CreateHandle(context).write(e.getKey().fileGroupId(), e.getValue());
      metadata.addWriteStat(stat.partitionPath(), stat);
      written.add(stat.path());
      io.hudibeam.files.FileGroupId group = e.getKey().fileGroupId();
      stored.replaceAll(
          (key, location) ->
              location.fileId().equals(group.fileId())
                  ? RecordLocation.of(
                      location.partitionPath(), location.fileId(), started.instantTime())
                  : location);
      for (TableRecord r : e.getValue()) {
        stored.put(
            r.recordKey(),
            RecordLocation.of(r.partitionPath(), group.fileId(), started.instantTime()));
      }
    }
    assertEquals(
        CommitOutcome.COMMITTED,
        new InstantCommitter(fs, paths)
            .commit(started.instantTime(), Action.COMMIT, metadata.build()));
    pathsByCommit.put(started.instantTime().value(), written);
    return started.instantTime().value();
  }
}
