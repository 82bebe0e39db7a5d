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

import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogBlockType;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.metadata.CommitMetadataFormat;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.HistoryEntry;
import io.hudibeam.timeline.TimelineHistory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * The extra metadata of the completed commits and deltacommits on the archived timeline: for table
 * version 8 the LSM timeline history, for table version 6 the log files {@code
 * .hoodie/archived/.commits_.archive.N_<token>} of {@code HoodieArchivedMetaEntry} records that
 * Hudi 0.15's {@code HoodieTimelineArchiver} and our {@link TimelineArchiver} write, read as Hudi's
 * {@code HoodieArchivedTimeline} loads them: every Avro data block's records, an entry without
 * {@code actionState} (written before Hudi had it) counting as completed.
 *
 * <p>Read only when the active timeline cannot answer, as when a streaming sink looks for its last
 * "committed through" mark after other writers' commits have moved all of its commits to the
 * archive ({@link SinkLineage#committedThrough}).
 */
final class ArchivedCommits {
  private static final String ARCHIVE_FILE_PREFIX = ".commits_.archive.";

  private ArchivedCommits() {}

  /**
   * The extra metadata of every completed commit and deltacommit in the archive, in the order the
   * archive files were written (by version) and their entries within each.
   */
  static List<Map<String, String>> extraMetadataOfCompletedWrites(FileSystem fs, TablePaths paths) {
    List<Map<String, String>> out = new ArrayList<>();
    for (FileStatus file : archiveFiles(fs, paths)) {
      for (LogBlock block : LogFileReader.readAll(fs.getConf(), file.getPath())) {
        if (block.type() != LogBlockType.AVRO_DATA_BLOCK) {
          continue;
        }
        for (GenericRecord entry : block.records()) {
          if (isCompletedWrite(entry)) {
            out.add(extraMetadataOf(entry));
          }
        }
      }
    }
    out.addAll(extraMetadataInHistory(fs, paths));
    return out;
  }

  /**
   * The same from the LSM timeline history of a table version 8 table (Hudi 1.0's archived
   * timeline, {@link TimelineHistory}): the commit metadata bytes of every commit and deltacommit.
   */
  private static List<Map<String, String>> extraMetadataInHistory(FileSystem fs, TablePaths paths) {
    TimelineHistory history = new TimelineHistory(fs, paths);
    List<Map<String, String>> out = new ArrayList<>();
    for (HistoryEntry entry : history.readAll()) {
      if ((entry.action() == Action.COMMIT || entry.action() == Action.DELTA_COMMIT)
          && entry.metadataBytes().isPresent()) {
        out.add(
            CommitMetadataFormat.decode(entry.metadata(), history.folder() + " (" + entry + ")")
                .extraMetadata());
      }
    }
    return out;
  }

  private static boolean isCompletedWrite(GenericRecord entry) {
    Object state = entry.get("actionState");
    Object action = entry.get("actionType");
    boolean completed = state == null || "COMPLETED".equals(state.toString());
    boolean write =
        action != null
            && (Action.COMMIT.value().equals(action.toString())
                || Action.DELTA_COMMIT.value().equals(action.toString()));
    return completed && write && entry.get("hoodieCommitMetadata") != null;
  }

  private static Map<String, String> extraMetadataOf(GenericRecord entry) {
    GenericRecord metadata = (GenericRecord) entry.get("hoodieCommitMetadata");
    Object extra = metadata.get("extraMetadata");
    Map<String, String> out = new LinkedHashMap<>();
    if (extra instanceof Map<?, ?> map) {
      map.forEach((k, v) -> out.put(String.valueOf(k), v == null ? null : v.toString()));
    }
    return out;
  }

  private static List<FileStatus> archiveFiles(FileSystem fs, TablePaths paths) {
    try {
      if (!fs.exists(paths.archivedFolder())) {
        return List.of();
      }
      List<FileStatus> files = new ArrayList<>();
      for (FileStatus status : fs.listStatus(paths.archivedFolder())) {
        if (status.isFile() && status.getPath().getName().startsWith(ARCHIVE_FILE_PREFIX)) {
          files.add(status);
        }
      }
      files.sort(Comparator.comparingLong(ArchivedCommits::version));
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot list the archived timeline " + paths.archivedFolder(), e);
    }
  }

  /** N of {@code .commits_.archive.N_<token>}; files that do not parse sort first. */
  private static long version(FileStatus file) {
    String rest = file.getPath().getName().substring(ARCHIVE_FILE_PREFIX.length());
    String digits = Arrays.stream(rest.split("_", 2)).findFirst().orElse("");
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
