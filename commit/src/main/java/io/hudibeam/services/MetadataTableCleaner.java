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

import io.hudibeam.metadata.ActionInstant;
import io.hudibeam.metadata.CleanFileInfo;
import io.hudibeam.metadata.CleanerPlan;
import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.metadatatable.MetadataSlices;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cleans the metadata table's {@code files}, {@code column_stats} and {@code partition_stats} file
 * groups as Hudi's metadata writer does at a write's start ({@code
 * HoodieBackedTableMetadataWriter.cleanIfNecessary}, Hudi 0.15 and 1.0.2): nothing without a
 * completed deltacommit, nor while fewer than 3 instants completed after the metadata table's last
 * compaction; the clean instant is the latest completed deltacommit's time plus {@code 002} on
 * table version 6 ({@code HoodieTableMetadataUtil.createCleanTimestamp}), a fresh instant time on
 * version 8 ({@code createCleanInstantTime}). The plan is Hudi's {@code CleanPlanner}'s for each
 * file group ({@link MetadataSlices}), one entry per metadata partition: KEEP_LATEST_COMMITS
 * deletes every slice older than the earliest commit to retain ({@link
 * Cleaner#earliestCommitToRetain}) but the latest one of those and the latest slice;
 * KEEP_LATEST_FILE_VERSIONS keeps the newest slices. Executed by {@link CleanExecutor} on the
 * metadata table's timeline. Nothing is cleaned while the metadata table has a pending compaction
 * (Hudi would keep the slices it needs; this writer keeps them all).
 */
final class MetadataTableCleaner {
  private static final Logger LOG = LoggerFactory.getLogger(MetadataTableCleaner.class);

  /** Instants after the last compaction before cleaning ({@code cleanIfNecessary}). */
  private static final int INSTANTS_AFTER_COMPACTION = 3;

  private final FileSystem fs;
  private final TablePaths dataPaths;
  private final TablePaths paths;
  private final CleanSettings settings;

  MetadataTableCleaner(FileSystem fs, TablePaths dataPaths, CleanSettings settings) {
    this.fs = fs;
    this.dataPaths = dataPaths;
    this.paths = TablePaths.of(dataPaths.metadataTableFolder().toString());
    this.settings = settings;
  }

  /** Resumes a pending clean, then cleans when due; returns the clean instant written, if any. */
  Optional<InstantTime> cleanIfNecessary(InstantTimeGenerator generator) {
    new Cleaner(fs, paths, settings).resumePending();
    Timeline timeline = Timeline.load(fs, paths);
    Optional<Instant> latestDelta = timeline.ofAction(Action.DELTA_COMMIT).completed().last();
    if (latestDelta.isEmpty()
        || !timeline.ofAction(Action.COMPACTION).pending().isEmpty()
        || !timeline.ofAction(Action.LOG_COMPACTION).pending().isEmpty()) {
      return Optional.empty();
    }
    Optional<Instant> lastCompaction = timeline.ofAction(Action.COMMIT).completed().last();
    if (lastCompaction.isPresent()
        && timeline.completed().filter(i -> i.time().isAfter(lastCompaction.get().time())).size()
            < INSTANTS_AFTER_COMPACTION) {
      return Optional.empty();
    }
    TableVersion version = new TableConfigStore(fs, paths).load().version();
    Optional<CleanerPlan> plan = plan(timeline, version);
    if (plan.isEmpty()) {
      return Optional.empty();
    }
    InstantTime time;
    if (version == TableVersion.SIX) {
      time = InstantTime.parse(latestDelta.get().time().value() + "002");
    } else {
      Optional<InstantTime> latest = Timeline.load(fs, dataPaths).latestInstantTime();
      Optional<InstantTime> latestMetadata = timeline.latestInstantTime();
      if (latestMetadata.isPresent()
          && (latest.isEmpty() || latestMetadata.get().isAfter(latest.get()))) {
        latest = latestMetadata;
      }
      time = generator.next(latest);
    }
    if (timeline.instants().stream().anyMatch(i -> i.time().equals(time))) {
      return Optional.empty();
    }
    TimelineWriter writer = new TimelineWriter(fs, paths);
    Instant requested = writer.createRequestedNotInOrder(time, Action.CLEAN, plan.get().toBytes());
    CleanResult result = new CleanExecutor(fs, paths, writer).execute(requested, plan.get());
    LOG.info(
        "Table {}: cleaned the metadata table at {} ({} files)",
        dataPaths,
        time,
        result.deletedFiles().size());
    return Optional.of(time);
  }

  /**
   * The plan for every file group of {@code files}, {@code column_stats} and {@code
   * partition_stats} (the partitions that exist), one entry per partition with files to delete;
   * empty when nothing is to be deleted.
   */
  Optional<CleanerPlan> plan(Timeline timeline, TableVersion version) {
    ActionInstant earliest = null;
    String bound = null;
    if (settings.policy() == CleaningPolicy.KEEP_LATEST_COMMITS) {
      Optional<Instant> retain = new Cleaner(fs, paths, settings).earliestCommitToRetain(timeline);
      if (retain.isEmpty()) {
        return Optional.empty();
      }
      bound = retain.get().time().value();
      earliest = new ActionInstant(bound, retain.get().action().value(), State.COMPLETED.name());
    }
    Map<String, List<CleanFileInfo>> byPartition = new TreeMap<>();
    for (String partition : MetadataSlices.PARTITIONS) {
      Path folder = MetadataSlices.folder(paths, partition);
      List<CleanFileInfo> files = new ArrayList<>();
      for (List<MetadataSlices.Slice> slices :
          MetadataSlices.of(fs, paths, partition, version, timeline).values()) {
        for (MetadataSlices.Slice slice : toDelete(slices, bound)) {
          files.add(new CleanFileInfo(new Path(folder, slice.baseFile()).toString(), false));
          for (String log : slice.logFiles()) {
            files.add(new CleanFileInfo(new Path(folder, log).toString(), false));
          }
        }
      }
      if (!files.isEmpty()) {
        files.sort(Comparator.comparing(CleanFileInfo::filePath));
        byPartition.put(partition, List.copyOf(files));
      }
    }
    if (byPartition.isEmpty()) {
      return Optional.empty();
    }
    String lastCompleted =
        timeline.completedWriteTimeline().last().map(i -> i.time().value()).orElse("");
    return Optional.of(
        CleanerPlan.of(earliest, lastCompleted, settings.policy(), byPartition, List.of()));
  }

  /**
   * The slices of one file group (oldest first) the policy deletes, as Hudi's {@code CleanPlanner}:
   * KEEP_LATEST_COMMITS ({@code bound}, the earliest commit to retain) every slice before the bound
   * but the newest of those and the latest slice; KEEP_LATEST_FILE_VERSIONS all but the newest.
   */
  private List<MetadataSlices.Slice> toDelete(List<MetadataSlices.Slice> slices, String bound) {
    if (slices.size() < 2) {
      return List.of();
    }
    if (settings.policy() == CleaningPolicy.KEEP_LATEST_COMMITS) {
      List<MetadataSlices.Slice> before =
          slices.subList(0, slices.size() - 1).stream()
              .filter(s -> s.baseInstant().compareTo(bound) < 0)
              .toList();
      // The newest slice before the earliest commit to retain stays (Hudi's
      // getLatestVersionBeforeCommit): readers of the retained commits may need it.
      return before.subList(0, Math.max(0, before.size() - 1));
    }
    return slices.subList(0, Math.max(0, slices.size() - settings.fileVersionsRetained()));
  }
}
