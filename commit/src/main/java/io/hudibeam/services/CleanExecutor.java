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

import io.hudibeam.commit.DataFiles;
import io.hudibeam.commit.TableSchemas;
import io.hudibeam.metadata.ActionInstant;
import io.hudibeam.metadata.CleanFileInfo;
import io.hudibeam.metadata.CleanMetadata;
import io.hudibeam.metadata.CleanPartitionMetadata;
import io.hudibeam.metadata.CleanerPlan;
import io.hudibeam.metadatatable.MetadataTable;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes a clean plan as Hudi's {@code CleanActionExecutor} does: the clean instant to inflight
 * (with its plan), the partitions and files of the plan deleted, then the completed clean with the
 * per-partition results ({@code HoodieCleanMetadata}). {@link Cleaner} plans; this deletes.
 */
final class CleanExecutor {
  private static final Logger LOG = LoggerFactory.getLogger(CleanExecutor.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final TimelineWriter timelineWriter;

  CleanExecutor(FileSystem fs, TablePaths paths, TimelineWriter timelineWriter) {
    this.fs = fs;
    this.paths = paths;
    this.timelineWriter = timelineWriter;
  }

  CleanResult execute(Instant clean, CleanerPlan plan) {
    long start = System.currentTimeMillis();
    Instant inflight =
        clean.state() == State.REQUESTED
            ? timelineWriter.transitionToInflight(clean, plan.toBytes())
            : clean;
    for (String partition : plan.partitionsToBeDeleted()) {
      if (!partition.isEmpty()) {
        deleteRecursively(paths.partitionFolder(partition));
      }
    }
    Map<String, CleanPartitionMetadata> partitions = new TreeMap<>();
    List<String> deleted = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    plan.filePathsToBeDeletedPerPartition()
        .forEach(
            (partition, files) -> {
              List<String> patterns = new ArrayList<>();
              List<String> success = new ArrayList<>();
              List<String> failure = new ArrayList<>();
              for (CleanFileInfo file : files) {
                Path path = new Path(file.filePath());
                patterns.add(path.getName());
                if (DataFiles.delete(fs, paths, path, "clean")) {
                  success.add(path.getName());
                  deleted.add(file.filePath());
                } else {
                  failure.add(path.getName());
                  failed.add(file.filePath());
                }
              }
              partitions.put(
                  partition,
                  new CleanPartitionMetadata(
                      partition,
                      plan.policy(),
                      patterns,
                      success,
                      failure,
                      plan.partitionsToBeDeleted().contains(partition)));
            });
    CleanMetadata metadata =
        CleanMetadata.of(
            clean.time().value(),
            System.currentTimeMillis() - start,
            plan.earliestInstant().map(ActionInstant::timestamp).orElse(""),
            plan.lastCompletedCommitTimestamp(),
            partitions);
    // Hudi 0.15 CleanActionExecutor.runClean: the metadata table is updated before the clean
    // completes.
    MetadataTable.of(fs, paths)
        .ifPresent(m -> m.clean(clean.time(), metadata, () -> TableSchemas.latest(fs, paths)));
    timelineWriter.complete(inflight, metadata.toBytes());
    LOG.info(
        "Table {}: clean {} deleted {} files, {} failed",
        paths,
        clean.time(),
        deleted.size(),
        failed.size());
    return new CleanResult(clean.time(), deleted, failed);
  }

  private void deleteRecursively(Path folder) {
    try {
      fs.delete(folder, true);
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot delete partition folder " + folder + " of table " + paths, e);
    }
  }
}
