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
package io.hudibeam.metadatatable;

import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.assertRowsReadThroughMetadata;
import static io.hudibeam.testing.MetadataTableChecks.completedMetadataDeltaCommits;
import static io.hudibeam.testing.MetadataTableChecks.initialisationInstants;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieCompactionPlan;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.util.CompactionUtils;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO compacts the {@code files} partition of a table version 6 metadata table as Hudi 0.15's
 * writer does: at the start of a write, once {@code hoodie.metadata.compact.max.delta.commits}
 * deltacommits have accumulated, not before, and not while a data instant at or before the latest
 * metadata deltacommit is pending; at {@code <latest deltacommit>001}. Hudi's metadata reader
 * ({@link HoodieBackedTableMetadata}) then lists exactly the files of the listing-based view (right
 * after the compaction, from the new HFile base file alone), Hudi parses the plan and the commit,
 * and Hudi's writer continues the table without initialising the metadata table anew. A compaction
 * left pending by a writer that stopped is undone at the next start; one found when an instant
 * commits makes HudiIO delete the metadata table.
 */
public class MetadataTableCompactionTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final FileSystem fs = local();
  private final Map<String, GenericRecord> expected = new TreeMap<>();

  @Test
  public void aWriteStartCompactsAfterMaxDeltaCommitsAndHudiContinues() throws Exception {
    String base = hudiTable("compacted");
    int before = completedMetadataDeltaCommits(base).size();
    List<String> initialisations = initialisationInstants(base);
    LocalWrite ours = LocalWrite.trips(base, new MetadataTableSettings(true, before + 2));
    upsert(ours, 1, 0, 30);
    String second = upsert(ours, 2, 20, 30);
    assertThat(metadataFiles(base, ".commit"), empty());

    String third = upsert(ours, 3, 40, 30);
    String compaction = second + "001";
    assertThat(metadataFiles(base, ".commit"), contains(compaction + ".commit"));
    assertThat(
        metadataFiles(base, compaction),
        equalTo(
            List.of(
                compaction + ".commit",
                compaction + ".compaction.inflight",
                compaction + ".compaction.requested")));
    assertThat(filesPartition(base), hasItem("files-0000-0_0-0-1_" + compaction + ".hfile"));
    assertThat(filesPartition(base), hasItem(".files-0000-0_" + compaction + ".log.1_0-0-1"));
    assertThat(completedMetadataDeltaCommits(base), hasItem(third));

    // Hudi reads the compaction's plan and commit from the metadata timeline.
    HoodieTableMetaClient metadata = HudiTableReader.of(base + "/.hoodie/metadata").metaClient();
    HoodieInstant completed =
        metadata
            .getActiveTimeline()
            .getCommitTimeline()
            .filterCompletedInstants()
            .lastInstant()
            .get();
    assertThat(completed.getTimestamp(), equalTo(compaction));
    HoodieCompactionPlan plan = CompactionUtils.getCompactionPlan(metadata, compaction);
    assertThat(plan.getOperations().size(), is(1));
    assertThat(plan.getOperations().get(0).getFileId(), equalTo("files-0000-0"));
    HoodieCommitMetadata commit =
        HoodieCommitMetadata.fromBytes(
            metadata.getActiveTimeline().getInstantDetails(completed).get(),
            HoodieCommitMetadata.class);
    assertThat(commit.getOperationType(), equalTo(WriteOperationType.COMPACT));
    assertThat(
        commit.getFileIdAndRelativePaths().get("files-0000-0"),
        equalTo("files/files-0000-0_0-0-1_" + compaction + ".hfile"));

    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    // Hudi's writer continues on the compacted metadata table, and HudiIO after it.
    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(4, 10, 30));
    put(TripsData.batch(4, 10, 30));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
    upsert(ours, 5, 0, 50);
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void notBeforeMaxDeltaCommitsAndTheBaseFileAloneListsTheFiles() throws Exception {
    String base = hudiTable("notyet");
    int before = completedMetadataDeltaCommits(base).size();
    MetadataTableSettings settings = new MetadataTableSettings(true, before + 3);
    LocalWrite ours = LocalWrite.trips(base, settings);
    upsert(ours, 1, 0, 30);
    upsert(ours, 2, 20, 30);
    upsert(ours, 3, 40, 10);
    assertThat(metadataFiles(base, ".commit"), empty());
    MetadataCompaction compaction = new MetadataCompaction(fs, TablePaths.of(base));
    assertThat(
        compaction.compactIfDue(new MetadataTableSettings(true, before + 4)),
        equalTo(Optional.empty()));
    assertThat(
        compaction.compactIfDue(new MetadataTableSettings(false, 1)), equalTo(Optional.empty()));
    assertThat(metadataFiles(base, ".commit"), empty());

    String last = completedMetadataDeltaCommits(base).get(before + 2);
    assertThat(
        compaction.compactIfDue(settings), equalTo(Optional.of(InstantTime.parse(last + "001"))));
    // The latest slice is the new base file alone.
    assertThat(
        filesPartition(base).stream()
            .filter(n -> n.contains(last + "001"))
            .collect(Collectors.toList()),
        equalTo(List.of("files-0000-0_0-0-1_" + last + "001.hfile")));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void aPendingDataInstantAtOrBeforeTheLatestDeltaCommitHoldsItBack() throws Exception {
    String base = hudiTable("heldback");
    int before = completedMetadataDeltaCommits(base).size();
    MetadataTableSettings settings = new MetadataTableSettings(true, before + 2);
    LocalWrite ours = LocalWrite.trips(base, settings);
    String first = upsert(ours, 1, 0, 30);
    String second = upsert(ours, 2, 20, 30);
    // A pending data instant between the two (another writer's, still running).
    String between =
        InstantTime.of(InstantTime.parse(second).toLocalDateTime().minusNanos(1_000_000)).value();
    assertThat(between.compareTo(first) > 0, is(true));
    File requested = new File(base, ".hoodie/" + between + ".commit.requested");
    assertThat(requested.createNewFile(), is(true));
    MetadataCompaction compaction = new MetadataCompaction(fs, TablePaths.of(base));
    assertThat(compaction.compactIfDue(settings), equalTo(Optional.empty()));
    assertThat(metadataFiles(base, ".commit"), empty());

    assertThat(requested.delete(), is(true));
    assertThat(
        compaction.compactIfDue(settings), equalTo(Optional.of(InstantTime.parse(second + "001"))));
    assertMetadataListsTheCompletedFiles(base);
  }

  @Test
  public void aDeadMetadataCompactionIsUndoneAtTheNextStart() throws Exception {
    String base = hudiTable("dead");
    int before = completedMetadataDeltaCommits(base).size();
    List<String> initialisations = initialisationInstants(base);
    MetadataTableSettings settings = new MetadataTableSettings(true, before + 2);
    LocalWrite ours = LocalWrite.trips(base, settings);
    upsert(ours, 1, 0, 30);
    String second = upsert(ours, 2, 20, 30);
    String compaction = second + "001";
    MetadataCompaction compactor = new MetadataCompaction(fs, TablePaths.of(base));
    assertThat(
        compactor.compactIfDue(settings), equalTo(Optional.of(InstantTime.parse(compaction))));
    // The writer died before completing it: its base file and inflight state are left.
    assertThat(
        fs.delete(new Path(base, ".hoodie/metadata/.hoodie/" + compaction + ".commit"), false),
        is(true));
    assertThat(filesPartition(base), hasItem("files-0000-0_0-0-1_" + compaction + ".hfile"));
    assertMetadataListsTheCompletedFiles(base);

    assertThat(compactor.undoDead(), equalTo(List.of(InstantTime.parse(compaction))));
    assertThat(metadataFiles(base, compaction), empty());
    assertThat(
        filesPartition(base).stream()
            .filter(n -> n.contains(compaction))
            .collect(Collectors.toList()),
        empty());
    assertMetadataListsTheCompletedFiles(base);

    // Dead again, and the next write's start undoes it, keeps the metadata table and compacts anew.
    assertThat(
        compactor.compactIfDue(settings), equalTo(Optional.of(InstantTime.parse(compaction))));
    assertThat(
        fs.delete(new Path(base, ".hoodie/metadata/.hoodie/" + compaction + ".commit"), false),
        is(true));
    String third = upsert(ours, 3, 40, 30);
    assertThat(HudiTableReader.of(base).tableConfig().getMetadataPartitions(), contains("files"));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertThat(metadataFiles(base, ".commit"), contains(compaction + ".commit"));
    assertThat(completedMetadataDeltaCommits(base), hasItem(third));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);

    HudiReference.trips(base).metadataTable(true).open().upsert(TripsData.batch(4, 0, 10));
    put(TripsData.batch(4, 0, 10));
    assertThat(initialisationInstants(base), equalTo(initialisations));
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void aMetadataCompactionPendingAtCommitTimeDeletesTheMetadataTable() throws Exception {
    String base = hudiTable("atcommit");
    LocalWrite ours = LocalWrite.trips(base);
    StartedInstant started = ours.transaction().start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> stats = ours.writeUpserts(started, TripsData.batch(1, 0, 30));
    // Another writer scheduled a metadata compaction meanwhile.
    String latest =
        completedMetadataDeltaCommits(base).get(completedMetadataDeltaCommits(base).size() - 1);
    assertThat(
        new File(base, ".hoodie/metadata/.hoodie/" + latest + "001.compaction.requested")
            .createNewFile(),
        is(true));
    CommitOutcome outcome =
        ours.transaction()
            .commit(started, OperationType.UPSERT, TripsData.SCHEMA.toString(), stats);
    assertThat(outcome, equalTo(CommitOutcome.COMMITTED));
    put(TripsData.batch(1, 0, 30));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.tableConfig().getMetadataPartitions(), empty());
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.keySet(), equalTo(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      assertThat(TripsData.values(rows.get(e.getKey())), equalTo(TripsData.values(e.getValue())));
    }
  }

  /** A trips table Hudi 0.15's writer created with its metadata table, one insert in it. */
  private String hudiTable(String name) throws Exception {
    String base = new File(tmp.getRoot(), name).getAbsolutePath();
    HudiReference.trips(base).metadataTable(true).create().insert(TripsData.batch(0, 0, 60));
    put(TripsData.batch(0, 0, 60));
    return base;
  }

  private String upsert(LocalWrite ours, int batch, int from, int count) {
    String instant = ours.upsert(TripsData.batch(batch, from, count));
    put(TripsData.batch(batch, from, count));
    return instant;
  }

  private void put(List<GenericRecord> batch) {
    for (GenericRecord r : batch) {
      expected.put(r.get(TripsData.RECORD_KEY_FIELD).toString(), r);
    }
  }

  /** The metadata timeline's file names containing {@code part}, sorted. */
  private static List<String> metadataFiles(String base, String part) {
    String[] names = new File(base, ".hoodie/metadata/.hoodie").list();
    return Arrays.stream(names)
        .filter(n -> !n.startsWith(".") && n.contains(part))
        .filter(n -> new File(base, ".hoodie/metadata/.hoodie/" + n).isFile())
        .sorted()
        .collect(Collectors.toList());
  }

  private static List<String> filesPartition(String base) {
    String[] names = new File(base, ".hoodie/metadata/files").list();
    return Arrays.stream(names)
        .filter(n -> !n.endsWith(".crc") && !n.startsWith(".hoodie_partition"))
        .sorted()
        .collect(Collectors.toList());
  }

  private static FileSystem local() {
    try {
      return FileSystem.getLocal(new Configuration());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
