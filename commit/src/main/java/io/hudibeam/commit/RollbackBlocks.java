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

import io.hudibeam.files.FileId;
import io.hudibeam.files.LogFileName;
import io.hudibeam.files.WriteToken;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.log.LogFileWriter;
import io.hudibeam.metadata.RollbackRequest;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log-file side of a merge-on-read rollback (table version 6): whether a log file holds only
 * the failed instant's blocks (then {@link Rollback} deletes it), and otherwise the rollback
 * command block Hudi 0.15 appends in a new log file of the slice.
 */
final class RollbackBlocks {
  private static final Logger LOG = LoggerFactory.getLogger(RollbackBlocks.class);

  private final FileSystem fs;
  private final TablePaths paths;

  RollbackBlocks(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  /** Whether every block of a log file is of {@code instant} (the file was created by it). */
  boolean onlyBlocksOf(Path logFile, InstantTime instant) {
    try (LogFileReader reader = LogFileReader.open(fs.getConf(), logFile)) {
      while (reader.hasNext()) {
        if (!reader.next().instantTime().equals(instant)) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * Rolls back the failed instant's blocks in a file slice the way Hudi 0.15 does: a rollback
   * command block (Hudi's {@code HoodieCommandBlock}, {@code RollbackUtils.generateHeader}) in a
   * new log file of the slice, next version, write token {@code 1-0-1} ({@code
   * HoodieLogFormat.UNKNOWN_WRITE_TOKEN}). Returns the new file.
   */
  Path appendRollbackBlock(RollbackRequest request, InstantTime rollbackTime, InstantTime target) {
    Path folder = paths.partitionFolder(request.partitionPath());
    FileId fileId = FileId.parse(request.fileId());
    InstantTime baseInstant = InstantTime.parse(request.latestBaseInstant());
    int version = 0;
    for (FileStatus status : list(folder)) {
      Optional<LogFileName> log = LogFileName.tryParse(status.getPath().getName());
      if (log.isPresent()
          && log.get().fileId().equals(fileId)
          && log.get().baseInstant().equals(baseInstant)) {
        version = Math.max(version, log.get().version());
      }
    }
    Path path =
        new Path(
            folder,
            LogFileName.of(fileId, baseInstant, version + 1, WriteToken.of(1, 0, 1)).value());
    LogFileWriter writer = LogFileWriter.create(fs.getConf(), path);
    try {
      writer.append(LogBlock.rollback(rollbackTime, target));
      writer.close();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    LOG.info(
        "Table {}: rollback {} wrote a rollback command block for {} to {}",
        paths,
        rollbackTime,
        target,
        path);
    return path;
  }

  private FileStatus[] list(Path folder) {
    try {
      return fs.exists(folder) ? fs.listStatus(folder) : new FileStatus[0];
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
  }
}
