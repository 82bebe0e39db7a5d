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
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.HistoryEntry;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineHistory;
import io.hudibeam.timeline.TimelineWriter;
import java.io.File;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table version 8 archival into the LSM timeline history (Hudi 1.0's {@code TimelineArchiverV2}):
 * what is selected, what the history holds, the order of writing and deleting, and finishing after
 * a crash. Hudi 1.0's readers on the result: {@code compat-hudi1} {@code
 * Hudi1ReadsTimelineHistoryIT}.
 */
public class HistoryArchiverTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private LocalWrite writer;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
    writer = LocalWrite.trips(paths.basePathString(), false);
  }

  private static TableConfig tripsTable() {
    return TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
        .tableVersion(TableVersion.EIGHT)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  private InstantTime commit(int batch) {
    return commit(batch, java.util.Map.of());
  }

  private InstantTime commit(int batch, Map<String, String> extraMetadata) {
    StartedInstant started =
        new InstantStarter(fs, paths, Clock.systemUTC())
            // Archival mechanics on a table without a metadata table: with one, archival stops
            // at its last compaction (theMetadataTablesSuffixedCompactionsBoundArchival).
            .metadataTable(io.hudibeam.metadatatable.MetadataTableSettings.disabled())
            .start(tripsTable(), Action.COMMIT);
    CommitMetadata.Builder metadata =
        CommitMetadata.builder()
            .operationType(OperationType.UPSERT)
            .schema(TripsData.SCHEMA.toString());
    extraMetadata.forEach(metadata::putExtraMetadata);
    for (WriteStat stat : writer.writeUpserts(started, TripsData.batch(batch, 4 * batch, 4))) {
      metadata.addWriteStat(stat);
    }
    new InstantCommitter(fs, paths).commit(started.instantTime(), Action.COMMIT, metadata.build());
    return started.instantTime();
  }

  private static CleanSettings noCleaning() {
    return CleanSettings.keepLatestFileVersions(3).withAutomatic(false);
  }

  private TimelineArchiver archiver(int min, int max) {
    return new TimelineArchiver(fs, paths, ArchiveSettings.keep(min, max), noCleaning());
  }

  /** Every completed instant of the active timeline with its file content. */
  private Map<Instant, byte[]> completedFiles() {
    TimelineWriter timelineWriter = new TimelineWriter(fs, paths);
    Map<Instant, byte[]> out = new LinkedHashMap<>();
    for (Instant i : Timeline.load(fs, paths).completed().instants()) {
      out.put(i, timelineWriter.read(i));
    }
    return out;
  }

  @Test
  public void archivesOldCommitsIntoTheHistoryWithTheirCompletionTimesAndMetadata() {
    Map<Instant, byte[]> everCompleted = new LinkedHashMap<>();
    for (int b = 0; b < 9; b++) {
      commit(b);
      everCompleted.putAll(completedFiles());
      archiver(2, 3).archive();
      assertThat(Timeline.load(fs, paths).completedWriteTimeline().size(), lessThanOrEqualTo(3));
    }
    TimelineHistory history = new TimelineHistory(fs, paths);
    List<HistoryEntry> archived = history.readAll();
    List<Instant> active = Timeline.load(fs, paths).instants();
    // Nothing lost, nothing in both places.
    assertThat(archived.size() + active.size(), is(everCompleted.size()));
    for (HistoryEntry entry : archived) {
      Instant original =
          everCompleted.keySet().stream()
              .filter(i -> i.time().equals(entry.time()))
              .findFirst()
              .orElseThrow();
      assertThat(entry.action(), is(Action.COMMIT));
      assertThat(entry.completionTime(), is(original.completionTime().orElseThrow()));
      assertArrayEquals(everCompleted.get(original), entry.metadata());
      assertThat(entry.planBytes().isPresent(), is(false));
      assertThat(active.stream().anyMatch(i -> i.time().equals(entry.time())), is(false));
    }
    // keep 2..3: the 4th, 6th and 8th commit each archive 2 (4 > 3 down to 2), one level-0 file
    // and one manifest version per run; the 9th leaves 3.
    assertThat(archived.size(), is(6));
    assertThat(history.latestManifest().files().size(), is(3));
    assertThat(history.latestVersion(), is(3));
    String[] left = new File(paths.basePathString(), ".hoodie/timeline").list();
    for (HistoryEntry entry : archived) {
      for (String name : left) {
        assertThat(name, name.startsWith(entry.time().value()), is(false));
      }
    }
  }

  @Test
  public void cleansAndRollbacksGoWithTheCommitsNotByTheirOwnCount() {
    List<Instant> instants = new ArrayList<>();
    for (int i = 1; i <= 12; i++) {
      Action action = i % 3 == 0 ? Action.CLEAN : i == 5 ? Action.ROLLBACK : Action.COMMIT;
      instants.add(Instant.completed(time(i), action, time(i + 20)));
    }
    // commits 1 2 4 7 8 10 11 (7), keep 2..3: commits 1 2 4 7 8 go; with them clean 3, rollback
    // 5 and clean 6 (before 8); clean 9 and 12 stay (after the last commit archived).
    TimelineArchiver archiver = archiver(2, 3);
    assertEquals(
        List.of(1, 2, 3, 4, 5, 6, 7, 8).stream().map(HistoryArchiverTest::time).toList(),
        archiver.instantsToArchive(Timeline.of(instants), tripsTable()).stream()
            .map(Instant::time)
            .collect(Collectors.toList()));

    // Only cleans beyond keep.max: Hudi 1.0 archives none of them (0.15 would).
    List<Instant> cleans = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      cleans.add(Instant.completed(time(i), i <= 2 ? Action.COMMIT : Action.CLEAN, time(i + 20)));
    }
    assertThat(archiver.instantsToArchive(Timeline.of(cleans), tripsTable()).isEmpty(), is(true));
  }

  @Test
  public void aPendingCommitHoldsArchivalBackAsOnVersionSix() {
    List<Instant> instants = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      instants.add(
          i == 3
              ? Instant.inflight(time(i), Action.COMMIT)
              : Instant.completed(time(i), Action.COMMIT, time(i + 20)));
    }
    assertEquals(
        List.of(time(1)),
        archiver(3, 5).instantsToArchive(Timeline.of(instants), tripsTable()).stream()
            .map(Instant::time)
            .collect(Collectors.toList()));
  }

  @Test
  public void aCrashAfterTheHistoryIsWrittenIsFinishedByTheNextRun() {
    for (int b = 0; b < 5; b++) {
      commit(b);
    }
    TimelineArchiver archiver = archiver(2, 3);
    List<Instant> selected =
        archiver.instantsToArchive(Timeline.load(fs, paths), tripsTable()).stream()
            .collect(Collectors.toList());
    assertThat(selected.size(), is(3));
    // The crashed run: history committed, no instant deleted.
    TimelineWriter timelineWriter = new TimelineWriter(fs, paths);
    List<HistoryEntry> entries = new ArrayList<>();
    for (Instant i : selected) {
      entries.add(
          new HistoryEntry(
              i.time(),
              i.action(),
              i.completionTime().orElseThrow(),
              timelineWriter.read(i),
              null));
    }
    TimelineHistory history = new TimelineHistory(fs, paths);
    history.append(entries);
    assertThat(Timeline.load(fs, paths).completedWriteTimeline().size(), is(5));

    TimelineArchiver.ArchiveResult result = archiver.archive();

    // Same selection: the committed file is not written again; the instants' files go.
    assertThat(result.archiveFile().isPresent(), is(false));
    assertThat(result.archived().size(), is(9)); // requested, inflight, completed of each
    assertThat(Timeline.load(fs, paths).completedWriteTimeline().size(), is(2));
    assertThat(history.latestVersion(), is(1));
    assertEquals(entries, history.readAll());
  }

  @Test
  public void aStreamingSinkFindsItsMarkInTheHistory() {
    commit(0, Map.of(SinkLineage.SINK_ID, "s", SinkLineage.COMMITTED_THROUGH, "10"));
    commit(1, Map.of(SinkLineage.SINK_ID, "s", SinkLineage.COMMITTED_THROUGH, "20"));
    for (int b = 2; b < 6; b++) {
      commit(b); // another writer
    }
    archiver(2, 3).archive();
    assertThat(new TimelineHistory(fs, paths).readAll().size(), is(4));

    // Both sink commits are only in the history now: the rerun of the sink resumes after 20.
    assertThat(new SinkLineage(fs, paths).committedThrough("s").orElseThrow(), is(20L));
    assertThat(new SinkLineage(fs, paths).committedThrough("other").isPresent(), is(false));
  }

  private static InstantTime time(int i) {
    return InstantTime.parse(String.format("20260101000000%03d", i));
  }
}
