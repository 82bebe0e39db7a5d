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

import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.LogFileName;
import io.hudibeam.metadata.InstantInfo;
import io.hudibeam.metadata.RollbackPlan;
import io.hudibeam.metadata.RollbackRequest;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.TimelineLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans the rollback of a pending write instant as Hudi's {@code BaseRollbackPlanActionExecutor}
 * does: from its markers ({@code MarkerBasedRollbackStrategy}), or by listing when it has no marker
 * folder ({@code ListingBasedRollbackStrategy}). Reads only; {@link Rollback} executes the plan.
 */
final class RollbackPlanner {
  private static final Logger LOG = LoggerFactory.getLogger(RollbackPlanner.class);

  private final FileSystem fs;
  private final TablePaths paths;
  private final TimelineLayout layout;
  private final RollbackBlocks blocks;

  RollbackPlanner(FileSystem fs, TablePaths paths, TimelineLayout layout, RollbackBlocks blocks) {
    this.fs = fs;
    this.paths = paths;
    this.layout = layout;
    this.blocks = blocks;
  }

  /**
   * The rollback plan of a pending write instant: per partition path, the absolute paths of the
   * data files to delete (from its markers, or by listing when it has no marker folder). Reads
   * only.
   */
  RollbackPlan plan(Instant pending) {
    InstantTime time = pending.time();
    MarkerStore markers = new MarkerStore(fs, paths, time);
    Map<String, List<String>> filesByPartition = new TreeMap<>();
    List<RollbackRequest> logRollbacks = new ArrayList<>();
    if (exists(markers.folder())) {
      for (Marker marker : markers.list()) {
        if (marker.ioType() == IOType.APPEND
            && io.hudibeam.files.LogFileName.tryParse(marker.dataFileName()).isEmpty()) {
          throw new RollbackRefusedException(
              String.format(
                  "Cannot roll back %s of table %s: APPEND marker %s names no log file (Hudi 0.14's"
                      + " base-file form), so the log blocks to roll back cannot be found; roll it back"
                      + " with Hudi's writer",
                  pending, paths, marker));
        }
        Path file = new Path(paths.partitionFolder(marker.partitionPath()), marker.dataFileName());
        if (!exists(file)) {
          continue;
        }
        if (marker.ioType() == IOType.APPEND && !blocks.onlyBlocksOf(file, time)) {
          // Hudi 0.15 appends to an existing log file where storage allows it: the file also holds
          // committed blocks, so the failed instant's blocks get a rollback command block instead.
          LogFileName log = LogFileName.parse(marker.dataFileName());
          logRollbacks.add(
              new RollbackRequest(
                  marker.partitionPath(),
                  log.fileId().value(),
                  log.baseInstant().value(),
                  List.of(),
                  Map.of(file.toString(), size(file))));
          continue;
        }
        filesByPartition
            .computeIfAbsent(marker.partitionPath(), p -> new ArrayList<>())
            .add(file.toString());
      }
    } else {
      if (pending.action() == Action.DELTA_COMMIT) {
        LOG.warn(
            "Table {}: {} has no marker folder {}; writers create a marker before each file, so it"
                + " wrote no log file; its base files are found by listing",
            paths,
            pending,
            markers.folder());
      }
      boolean logsNamedByInstant = layout.tableVersion().slicesLogFilesByCompletionTime();
      for (String partition : FileSystemView.listPartitions(fs, paths)) {
        for (FileStatus status : list(paths.partitionFolder(partition))) {
          String fileName = status.getPath().getName();
          Optional<BaseFileName> name = BaseFileName.tryParse(fileName);
          // Table version 8 names a log file with the deltacommit that wrote it: Hudi 1.0's
          // listing-based rollback deletes those too.
          boolean logOfInstant =
              logsNamedByInstant
                  && LogFileName.tryParse(fileName)
                      .map(l -> l.instant().equals(time))
                      .orElse(false);
          if (status.isFile()
              && ((name.isPresent() && name.get().instantTime().equals(time)) || logOfInstant)) {
            filesByPartition
                .computeIfAbsent(partition, p -> new ArrayList<>())
                .add(
                    new Path(paths.partitionFolder(partition), status.getPath().getName())
                        .toString());
          }
        }
      }
    }
    List<RollbackRequest> requests = new ArrayList<>();
    filesByPartition.forEach(
        (partition, files) ->
            requests.add(
                RollbackRequest.deleteFiles(
                    partition, files.stream().sorted().collect(Collectors.toList()))));
    requests.addAll(logRollbacks);
    return RollbackPlan.of(new InstantInfo(time.value(), pending.action().value()), requests);
  }

  private long size(Path path) {
    try {
      return fs.getFileStatus(path).getLen();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the size of " + path, e);
    }
  }

  private boolean exists(Path path) {
    try {
      return fs.exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check whether " + path + " exists", e);
    }
  }

  private FileStatus[] list(Path folder) {
    try {
      return fs.exists(folder) ? fs.listStatus(folder) : new FileStatus[0];
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
  }
}
