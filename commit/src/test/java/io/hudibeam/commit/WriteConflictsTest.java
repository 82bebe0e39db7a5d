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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.ReplaceCommitMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Hudi's conflict rule on hand-made timelines: only write instants completed since the start are
 * candidates (by the start's set, whatever their times), a conflict is a shared (partition, file
 * id), and a replacecommit's replaced file groups count as written.
 */
public class WriteConflictsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileSystem fs;
  private TablePaths paths;
  private TimelineWriter timeline;
  private final TableConfig table =
      TableConfig.newTable("t", TableType.COPY_ON_WRITE)
          .recordKeyFields(List.of("k"))
          .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
          .createSchema("\"string\"")
          .build();

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    File base = tmp.newFolder("t");
    new File(base, ".hoodie").mkdirs();
    paths = TablePaths.of(base.getAbsolutePath());
    timeline = new TimelineWriter(fs, paths);
  }

  private static WriteStat stat(String partition, String fileId) {
    return WriteStat.builder()
        .partitionPath(partition)
        .fileId(fileId)
        .path(partition + "/" + fileId + "_1-0-1_x.parquet")
        .prevCommit(WriteStat.NULL_COMMIT)
        .build();
  }

  /** A file this write wrote in a file group, on top of the base file of {@code prevCommit}. */
  private static WriteStat written(
      String partition, String fileId, String path, String prevCommit) {
    return WriteStat.builder()
        .partitionPath(partition)
        .fileId(fileId)
        .path(path)
        .prevCommit(prevCommit)
        .build();
  }

  private static CommitMetadata metadata(WriteStat... stats) {
    CommitMetadata.Builder b = CommitMetadata.builder().operationType(OperationType.UPSERT);
    for (WriteStat s : stats) {
      b.addWriteStat(s.partitionPath(), s);
    }
    return b.build();
  }

  private void complete(String time, Action action, byte[] content) {
    Instant requested = timeline.createRequested(InstantTime.parse(time), action, new byte[0]);
    timeline.complete(timeline.transitionToInflight(requested, new byte[0]), content);
  }

  /**
   * A write whose files in a file group build on the base file a newer instant wrote there (its
   * {@code prevCommit} is that instant: it planned after that instant completed, as the streaming
   * sink's next interval does after the last interval's inline compaction) loses nothing of it: no
   * conflict; a write that built on an older base file still conflicts.
   */
  @Test
  public void aWriteBuiltOnTheBaseFileOfANewerInstantDoesNotConflictWithIt() {
    complete(
        "20260101000000005", Action.COMMIT, CommitMetadataJson.toJson(metadata(stat("a", "f1"))));
    Timeline now = Timeline.load(fs, paths);
    WriteConflicts conflicts = new WriteConflicts(fs, paths);
    StartedInstant ours =
        new StartedInstant(InstantTime.parse("20260101000000006"), Action.DELTA_COMMIT, table)
            .withCompletedWritesAtStart(Set.of());
    WriteStat onTheirs =
        written("a", "f1", "a/.f1_20260101000000005.log.1_0-1-0", "20260101000000005");
    assertThat(conflicts.find(now, ours, metadata(onTheirs)), is(Optional.empty()));
    WriteStat onOlder =
        written("a", "f1", "a/.f1_20260101000000001.log.1_0-1-0", "20260101000000001");
    assertThat(
        conflicts.find(now, ours, metadata(onOlder)).get().fileGroups().toString(), is("[a/f1]"));
    // One file built on theirs and another on an older base file in the same group: a conflict.
    assertThat(conflicts.find(now, ours, metadata(onTheirs, onOlder)).isPresent(), is(true));
  }

  /**
   * A base file of ours built on the base file of an instant newer than ours (another writer's
   * instant started after ours and completed before ours planned) would be hidden by it, readers
   * taking the base file of the greatest instant time: a conflict. Built on an older instant's base
   * file that completed since our start (a compaction), it is not one.
   */
  @Test
  public void aBaseFileBuiltOnTheBaseFileOfAnInstantNewerThanOursConflicts() {
    complete(
        "20260101000000005", Action.COMMIT, CommitMetadataJson.toJson(metadata(stat("b", "f2"))));
    complete(
        "20260101000000007", Action.COMMIT, CommitMetadataJson.toJson(metadata(stat("a", "f1"))));
    Timeline now = Timeline.load(fs, paths);
    WriteConflicts conflicts = new WriteConflicts(fs, paths);
    StartedInstant ours =
        new StartedInstant(InstantTime.parse("20260101000000006"), Action.COMMIT, table)
            .withCompletedWritesAtStart(Set.of());
    WriteStat onNewer =
        written("a", "f1", "a/f1_0-1-0_20260101000000006.parquet", "20260101000000007");
    Optional<WriteConflicts.Conflict> hidden = conflicts.find(now, ours, metadata(onNewer));
    assertThat(hidden.get().instant().time().value(), is("20260101000000007"));
    assertThat(hidden.get().fileGroups().toString(), is("[a/f1]"));
    WriteStat onOlder =
        written("b", "f2", "b/f2_0-1-0_20260101000000006.parquet", "20260101000000005");
    assertThat(conflicts.find(now, ours, metadata(onOlder)), is(Optional.empty()));
  }

  @Test
  public void onlyWritesCompletedSinceTheStartThatShareAFileGroupConflict() {
    complete(
        "20260101000000001",
        Action.COMMIT,
        CommitMetadataJson.toJson(metadata(stat("a", "f1"), stat("b", "f2"))));
    complete(
        "20260101000000002", Action.COMMIT, CommitMetadataJson.toJson(metadata(stat("b", "f3"))));
    complete(
        "20260101000000003",
        Action.REPLACE_COMMIT,
        CommitMetadataJson.toJson(
            ReplaceCommitMetadata.of(metadata(stat("c", "f9")), Map.of("c", List.of("f4")))));
    Timeline now = Timeline.load(fs, paths);
    WriteConflicts conflicts = new WriteConflicts(fs, paths);
    // Ours started before ...002 and ...003 completed; its own time is older than both.
    StartedInstant ours =
        new StartedInstant(InstantTime.parse("20260101000000001"), Action.COMMIT, table)
            .withCompletedWritesAtStart(Set.of(InstantTime.parse("20260101000000001")));
    StartedInstant oursAt =
        new StartedInstant(InstantTime.parse("20260101000000000"), Action.COMMIT, table)
            .withCompletedWritesAtStart(Set.of(InstantTime.parse("20260101000000001")));

    // f1 in a was written only by ...001, which the start saw: no conflict.
    assertThat(conflicts.find(now, oursAt, metadata(stat("a", "f1"))), is(Optional.empty()));
    // The same file id in another partition is another file group.
    assertThat(conflicts.find(now, oursAt, metadata(stat("a", "f3"))), is(Optional.empty()));
    Optional<WriteConflicts.Conflict> update =
        conflicts.find(now, oursAt, metadata(stat("a", "f0"), stat("b", "f3")));
    assertThat(update.get().instant().time().value(), is("20260101000000002"));
    assertThat(update.get().fileGroups().toString(), is("[b/f3]"));
    // A file group a replacecommit replaced conflicts, as does one it wrote.
    Optional<WriteConflicts.Conflict> replaced =
        conflicts.find(now, oursAt, metadata(stat("c", "f4")));
    assertThat(replaced.get().instant().action(), is(Action.REPLACE_COMMIT));
    assertThat(replaced.get().fileGroups().toString(), is("[c/f4]"));
    assertThat(
        conflicts.find(now, oursAt, metadata(stat("c", "f9"))).get().fileGroups().toString(),
        is("[c/f9]"));
    // Without the start's set, only instants newer than ours are candidates.
    StartedInstant unknownStart =
        new StartedInstant(InstantTime.parse("20260101000000002"), Action.COMMIT, table);
    assertThat(conflicts.find(now, unknownStart, metadata(stat("b", "f3"))), is(Optional.empty()));
    assertThat(conflicts.find(now, unknownStart, metadata(stat("c", "f4"))).isPresent(), is(true));
    assertThat(
        ours.completedWritesAtStart().get(), is(Set.of(InstantTime.parse("20260101000000001"))));
  }
}
