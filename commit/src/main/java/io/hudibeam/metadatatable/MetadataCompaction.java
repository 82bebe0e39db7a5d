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

import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.metadata.CompactionPlan;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compaction of the metadata table (table version 6: its {@code files} partition), as Hudi 0.15's
 * writer runs it at the start of a write ({@code
 * HoodieBackedTableMetadataWriter.performTableServices} → {@code compactIfNecessary}). Run it under
 * the table lock, after failed writes are rolled back.
 *
 * <p>It is due when the metadata timeline holds at least {@code maxDeltaCommits} deltacommits (any
 * state) after its last completed compaction, or since its start when it has none ({@code
 * CompactionUtils.getDeltaCommitsSinceLatestCompaction}, compared in {@code
 * ScheduleCompactionActionExecutor.needCompact}: {@code NUM_COMMITS}), and it is held back while
 * the data timeline has a pending instant at or before the metadata table's latest completed
 * deltacommit, or the metadata timeline a pending compaction or log compaction ({@code
 * validateTimelineBeforeSchedulingCompaction}). Its instant is the latest completed deltacommit's
 * time plus {@code 001} ({@code HoodieTableMetadataUtil.createCompactionTimestamp}); {@code
 * C.compaction.requested} holds the plan (one operation: the {@code files} file group's latest
 * slice), {@code C.compaction.inflight} is empty, the new HFile base file {@code
 * files-0000-0_<token>_C.hfile} holds the slice's records merged ({@link FilesSliceMerge}) and
 * {@code C.commit} the commit metadata ({@code COMPACT}, {@code compacted=true}).
 *
 * <p>Table version 8 follows Hudi 1.0.2 ({@link #compactIfDue(MetadataTableSettings,
 * InstantTimeGenerator)}): due after {@code maxDeltaCommits} <em>completed</em> deltacommits that
 * completed after the last compaction's instant ({@code
 * CompactionUtils.getCompletedDeltaCommitsSinceLatestCompaction}, {@code
 * findInstantsModifiedAfterByCompletionTime}); no hold-back for pending data instants; its instant
 * is a fresh instant time, or 1 ms before the first pending data instant whose metadata deltacommit
 * is completed ({@code HoodieBackedTableMetadataWriter.compactIfNecessary}); the slice compacted
 * holds the log files whose deltacommits completed at or after the slice's base instant ({@code
 * HoodieFileGroup.getBaseInstantTime}); {@code C_<completion>.commit} holds Avro commit metadata.
 * On version 8 the one compaction also covers every {@code column_stats} and {@code
 * partition_stats} file group with log files in its latest slice, as Hudi 1.0.2 compacts every
 * metadata partition ({@link CompactionSlice}): its new base file {@code <fileId>_<token>_C.hfile}
 * holds the slice's records merged by {@link StatsSliceMerge}. It runs after the write's own
 * instant is requested, as Hudi's writer runs {@code performTableServices} for an instant it has
 * started ({@link #compactsAfterTheInstantStarts}).
 *
 * <p>A compaction this writer does not complete is dead at the next start (compactions run under
 * the table lock): {@link #undoDead} ({@link DeadCompactions}) deletes its files and state files,
 * so the next compaction can run. Hudi's writer would instead re-run it ({@code
 * runAnyPendingCompactions}).
 */
public final class MetadataCompaction {
  private static final Logger LOG = LoggerFactory.getLogger(MetadataCompaction.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final TablePaths metadataPaths;

  public MetadataCompaction(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
    this.metadataPaths = TablePaths.of(paths.metadataTableFolder().toString());
  }

  /**
   * Undoes every pending compaction on a table version 6 or 8 metadata table: its base files in
   * every metadata partition, its marker folder, then its inflight and requested files. Returns the
   * compactions undone.
   */
  public List<InstantTime> undoDead() {
    if (version().isEmpty()) {
      return List.of();
    }
    return new DeadCompactions(fs, metadataPaths).undo();
  }

  /**
   * Whether the metadata table is compacted after the write's own instant is requested (table
   * version 8: Hudi 1.0.2 runs {@code performTableServices} for an instant it has started, and the
   * fresh compaction instant comes after it), rather than before (table version 6).
   */
  public boolean compactsAfterTheInstantStarts() {
    return version().filter(v -> v == TableVersion.EIGHT).isPresent();
  }

  /**
   * Table version 8: the metadata timeline's latest instant time, pending compactions aside (its
   * compactions take fresh instant times, on no data timeline); empty for other versions or without
   * a metadata table.
   */
  public Optional<InstantTime> latestFreshInstant() {
    if (!compactsAfterTheInstantStarts()) {
      return Optional.empty();
    }
    // A pending compaction is left out: this writer undoes it (undoDead) before compacting again.
    return Timeline.load(fs, metadataPaths)
        .filter(i -> i.isCompleted() || i.action() != Action.COMPACTION)
        .latestInstantTime();
  }

  /**
   * Compacts the {@code files} partition when Hudi 0.15's rules say so (table version 6); returns
   * the compaction instant, or empty when none was due, allowed or possible.
   */
  public Optional<InstantTime> compactIfDue(MetadataTableSettings settings) {
    if (!settings.enable() || version().filter(v -> v == TableVersion.SIX).isEmpty()) {
      return Optional.empty();
    }
    return compactIfDue(settings, null);
  }

  /**
   * Compacts the metadata table ({@code files}; on 8 also {@code column_stats} and {@code
   * partition_stats}) when Hudi's rules for the metadata table's version say so (6: Hudi 0.15, 8:
   * Hudi 1.0.2, whose fresh compaction instant {@code generator} mints); returns the compaction
   * instant, or empty when none was due, allowed or possible.
   */
  public Optional<InstantTime> compactIfDue(
      MetadataTableSettings settings, InstantTimeGenerator generator) {
    Optional<TableVersion> version = version();
    if (!settings.enable() || version.isEmpty() || MetadataTable.of(fs, paths).isEmpty()) {
      return Optional.empty();
    }
    return version.get() == TableVersion.SIX
        ? compactVersionSixIfDue(settings)
        : compactVersionEightIfDue(settings, generator);
  }

  private Optional<InstantTime> compactVersionSixIfDue(MetadataTableSettings settings) {
    Timeline metadata = Timeline.load(fs, metadataPaths);
    Optional<InstantTime> lastCompaction =
        metadata.ofAction(Action.COMMIT).completed().last().map(Instant::time);
    long deltaCommits =
        metadata.ofAction(Action.DELTA_COMMIT).instants().stream()
            .filter(i -> lastCompaction.map(c -> i.time().isAfter(c)).orElse(true))
            .count();
    if (deltaCommits < settings.maxDeltaCommits()) {
      return Optional.empty();
    }
    Optional<InstantTime> latest =
        metadata.ofAction(Action.DELTA_COMMIT).completed().last().map(Instant::time);
    if (latest.isEmpty() || latest.get().value().length() != 17) {
      return Optional.empty();
    }
    List<Instant> pendingData =
        Timeline.load(fs, paths).pending().instants().stream()
            .filter(i -> !i.time().isAfter(latest.get()))
            .toList();
    if (!pendingData.isEmpty()) {
      LOG.info(
          "Table {}: the metadata table is not compacted: data instants {} at or before its latest"
              + " deltacommit {} are pending (Hudi's validateTimelineBeforeSchedulingCompaction)",
          paths,
          pendingData,
          latest.get());
      return Optional.empty();
    }
    if (hasPendingCompaction(metadata)) {
      return Optional.empty();
    }
    InstantTime compaction = latest.get().metadataCompactionTime();
    // Hudi's metadata writer cleans at <L>002 before compacting at <L>001 (performTableServices):
    // only write instants after <L>001 hold the compaction back (ScheduleCompactionActionExecutor).
    Optional<InstantTime> newest = metadata.writeTimeline().latestInstantTime();
    if (newest.isPresent() && !compaction.isAfter(newest.get())) {
      LOG.info(
          "Table {}: the metadata table is not compacted at {}: its timeline already holds {}",
          paths,
          compaction,
          newest.get());
      return Optional.empty();
    }
    return compact(compaction, metadata, TableVersion.SIX);
  }

  /**
   * Hudi 1.0.2's rules: {@code performTableServices} (a completed deltacommit needed), {@code
   * ScheduleCompactionActionExecutor.needCompact} with {@code
   * CompactionUtils.getCompletedDeltaCommitsSinceLatestCompaction}, and the instant of {@code
   * compactIfNecessary}.
   */
  private Optional<InstantTime> compactVersionEightIfDue(
      MetadataTableSettings settings, InstantTimeGenerator generator) {
    Timeline metadata = Timeline.load(fs, metadataPaths);
    Timeline completedDeltas = metadata.ofAction(Action.DELTA_COMMIT).completed();
    if (completedDeltas.isEmpty()) {
      return Optional.empty();
    }
    Optional<InstantTime> lastCompaction =
        metadata.ofAction(Action.COMMIT).completed().last().map(Instant::time);
    long deltaCommits =
        completedDeltas.instants().stream()
            .filter(
                i ->
                    lastCompaction
                        .map(c -> i.completionTime().map(t -> t.isAfter(c)).orElse(false))
                        .orElse(true))
            .count();
    if (deltaCommits < settings.maxDeltaCommits() || hasPendingCompaction(metadata)) {
      return Optional.empty();
    }
    Timeline data = Timeline.load(fs, paths);
    Timeline completedMetadata = metadata.completed();
    Optional<Instant> syncedPending =
        data.pending().instants().stream()
            .filter(i -> completedMetadata.containsCompleted(i.time()))
            .findFirst();
    InstantTime compaction;
    if (syncedPending.isPresent()) {
      compaction =
          InstantTime.of(syncedPending.get().time().toLocalDateTime().minus(1, ChronoUnit.MILLIS));
    } else {
      Optional<InstantTime> latest = data.latestInstantTime();
      Optional<InstantTime> latestMetadata = metadata.latestInstantTime();
      if (latestMetadata.isPresent()
          && (latest.isEmpty() || latestMetadata.get().isAfter(latest.get()))) {
        latest = latestMetadata;
      }
      compaction = generator.next(latest);
    }
    boolean taken =
        metadata.instants().stream().anyMatch(i -> i.time().equals(compaction))
            || data.instants().stream().anyMatch(i -> i.time().equals(compaction));
    if (taken) {
      LOG.info(
          "Table {}: the metadata table is not compacted at {}: a timeline already holds it",
          paths,
          compaction);
      return Optional.empty();
    }
    return compact(compaction, metadata, TableVersion.EIGHT);
  }

  private static boolean hasPendingCompaction(Timeline metadata) {
    return !metadata.ofAction(Action.COMPACTION).pending().isEmpty()
        || !metadata.ofAction(Action.LOG_COMPACTION).pending().isEmpty();
  }

  private Optional<InstantTime> compact(
      InstantTime compaction, Timeline metadata, TableVersion version) {
    Set<String> completed = MetadataDeltaCommits.completedInstantTimes(fs, metadataPaths);
    FilesFileGroup group =
        FilesFileGroup.locate(fs, metadataPaths.basePath(), completed)
            .fileGroup()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "The metadata table of " + paths + " has no files file group"));
    List<CompactionSlice> slices = new ArrayList<>();
    slices.add(CompactionSlice.ofFiles(group, version, metadata));
    if (version == TableVersion.EIGHT) {
      for (ColumnStatsFileGroups.StatsPartition which :
          ColumnStatsFileGroups.StatsPartition.values()) {
        ColumnStatsFileGroups.locate(fs, metadataPaths.basePath(), completed, which)
            .fileGroups()
            .ifPresent(groups -> slices.addAll(CompactionSlice.ofStats(groups, metadata)));
      }
    }
    Schema schema = MetadataRecords.schema(version);
    Timeline completedMetadata = metadata.completed();
    List<CompactionSlice.Merged> merged = new ArrayList<>();
    for (CompactionSlice slice : slices) {
      CompactionSlice.Result result = slice.merge(fs, schema, compaction, completedMetadata);
      if (result.merged().isEmpty()) {
        LOG.warn("Table {}: the metadata table is not compacted: {}", paths, result.reason());
        return Optional.empty();
      }
      merged.add(result.merged().get());
    }

    TimelineWriter timeline = new TimelineWriter(fs, metadataPaths);
    List<CompactionOperation> operations = new ArrayList<>();
    for (int i = 0; i < slices.size(); i++) {
      operations.add(slices.get(i).operation(merged.get(i)));
    }
    byte[] plan = CompactionPlan.of(operations).toBytes();
    Instant requested =
        version == TableVersion.SIX
            ? timeline.createRequestedNotInOrder(compaction, Action.COMPACTION, plan)
            : timeline.createRequested(compaction, Action.COMPACTION, plan);
    Instant inflight = timeline.transitionToInflight(requested, new byte[0]);

    CommitMetadata.Builder commit =
        CommitMetadata.builder()
            .operationType(OperationType.COMPACT)
            .compacted(true)
            .schema(schema.toString());
    int records = 0;
    for (int i = 0; i < slices.size(); i++) {
      CompactionSlice slice = slices.get(i);
      CompactionSlice.Merged m = merged.get(i);
      if (m.records().isEmpty() && slice.baseFile().isEmpty()) {
        // Hudi's compactor writes no base file for a slice without records and base file
        // (HoodieCompactor.compact returns no write status for it).
        continue;
      }
      records += m.records().size();
      FilesBaseFile base =
          FilesBaseFile.write(fs, slice.folder(), slice.fileId(), compaction, schema, m.records());
      BaseFileResult result = base.result();
      commit.addWriteStat(
          slice.partition(),
          WriteStat.builder()
              .fileId(slice.fileId())
              .path(base.relativePath())
              .prevCommit(slice.baseInstant())
              .numWrites(result.recordCount())
              .numUpdateWrites(m.logRecords())
              .totalWriteBytes(result.fileSizeBytes())
              .fileSizeInBytes(result.fileSizeBytes())
              .partitionPath(slice.partition())
              .totalLogRecords(m.logRecords())
              .totalLogFilesCompacted(slice.logs().size())
              .totalLogSizeCompacted(m.logBytes())
              .totalUpdatedRecordsCompacted(m.logRecords())
              .totalLogBlocks(m.blocks())
              .build());
    }
    timeline.complete(inflight, CommitMetadataFormat.encode(timeline.layout(), commit.build()));
    LOG.info(
        "Table {}: compacted the metadata table at {} ({} file groups, {} records)",
        paths,
        compaction,
        slices.size(),
        records);
    return Optional.of(compaction);
  }

  /** The metadata table's version when it is 6 or 8, else empty (no metadata table too). */
  private Optional<TableVersion> version() {
    try {
      if (!fs.exists(metadataPaths.propertiesFile())) {
        return Optional.empty();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + metadataPaths.propertiesFile(), e);
    }
    TableConfig config = new TableConfigStore(fs, metadataPaths).load();
    return config.version() == TableVersion.SIX || config.version() == TableVersion.EIGHT
        ? Optional.of(config.version())
        : Optional.empty();
  }
}
