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

import io.hudibeam.files.WriteToken;
import io.hudibeam.timeline.InstantTime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The one file group of the metadata table's {@code files} partition ({@code files-0000-0}: Hudi
 * 0.15's {@code HoodieTableMetadataUtil.getFileIDForFileGroup} with the {@code files-} prefix,
 * index 0 and suffix {@code -0}; Hudi always gives {@code files} one file group) and its latest
 * file slice as a table version 6 writer appends to it: the slice's base instant is that of the
 * newest HFile base file whose instant is completed on the metadata timeline (the initialisation
 * deltacommit {@code 00000000000000010} or a metadata compaction), and a new log file takes the
 * next version of that slice ({@code .files-0000-0_<base instant>.log.<n>_<write token>}, as {@code
 * FSUtils.makeLogFileName}).
 *
 * @param folder the {@code files} partition folder
 * @param fileId the file group's id
 * @param baseInstant the latest slice's base instant (17 or more digits)
 * @param baseFile the latest slice's base file name
 * @param logFiles the log files of the file group, any slice
 */
record FilesFileGroup(
    Path folder, String fileId, String baseInstant, String baseFile, List<LogFile> logFiles) {
  /**
   * A log file name; metadata-table instants may carry a 3-digit suffix (Hudi 0.15's {@code
   * HoodieTableMetadataUtil.createCompactionTimestamp}), so the base instant is any digits.
   */
  private static final Pattern LOG_NAME =
      Pattern.compile("^\\.([^_]+)_(\\d+)\\.log\\.(\\d+)_(\\d+-\\d+-\\d+)$");

  static final String PARTITION = "files";

  /** The id of the one file group ({@code getFileIDForFileGroup(FILES, 0)}). */
  static final String FILE_ID = "files-0000-0";

  private static final String HFILE_EXTENSION = ".hfile";

  /**
   * Reads the {@code files} partition; {@code completedInstants} are the metadata timeline's
   * completed instant times (as written, so also 20-digit ones). Empty, with the reason, when the
   * partition is not one this writer can append to.
   */
  static Result locate(FileSystem fs, Path metadataBase, Set<String> completedInstants) {
    Path folder = new Path(metadataBase, PARTITION);
    FileStatus[] statuses;
    try {
      if (!fs.exists(folder)) {
        return Result.unusable("it has no " + PARTITION + " partition folder " + folder);
      }
      statuses = fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
    Set<String> fileIds = new TreeSet<>();
    String latestBase = null;
    String latestBaseFile = null;
    List<LogFile> logs = new ArrayList<>();
    for (FileStatus status : statuses) {
      String name = status.getPath().getName();
      if (name.endsWith(HFILE_EXTENSION)) {
        String[] parts = name.substring(0, name.length() - HFILE_EXTENSION.length()).split("_");
        if (parts.length != 3) {
          return Result.unusable("its base file " + name + " is not <file id>_<token>_<instant>");
        }
        fileIds.add(parts[0]);
        if (completedInstants.contains(parts[2])
            && (latestBase == null || parts[2].compareTo(latestBase) > 0)) {
          latestBase = parts[2];
          latestBaseFile = name;
        }
      } else {
        Matcher m = LOG_NAME.matcher(name);
        if (m.matches()) {
          fileIds.add(m.group(1));
          logs.add(new LogFile(name, m.group(2), Integer.parseInt(m.group(3))));
        }
      }
    }
    if (fileIds.size() != 1) {
      return Result.unusable(
          "its " + PARTITION + " partition has file groups " + fileIds + ", expected exactly one");
    }
    if (latestBase == null) {
      return Result.unusable(
          "its " + PARTITION + " partition has no base file of a completed metadata instant");
    }
    return new Result(
        Optional.of(
            new FilesFileGroup(
                folder, fileIds.iterator().next(), latestBase, latestBaseFile, logs)),
        "");
  }

  /**
   * The name of a new log file of the latest slice. Table version 6: named after the slice's base
   * instant, the next version after every log file of that slice ({@code
   * HoodieWriteHandle.createLogWriter}, Hudi 0.15). Table version 8: named after the deltacommit's
   * own instant, version 1 unless the instant already has one (Hudi 1.0.2's {@code createLogWriter}
   * for {@code EIGHT}).
   */
  String nextLogFile(WriteToken token, InstantTime deltaCommit, boolean namedByInstant) {
    String named = namedByInstant ? deltaCommit.value() : baseInstant;
    int version = 0;
    for (LogFile log : logFiles) {
      if (log.baseInstant().equals(named)) {
        version = Math.max(version, log.version());
      }
    }
    return "." + fileId + "_" + named + ".log." + (version + 1) + "_" + token.value();
  }

  /** A log file of the file group: its name, its slice's base instant and its version. */
  record LogFile(String name, String baseInstant, int version) {}

  /** What {@link #locate} found: the file group, or why there is none. */
  record Result(Optional<FilesFileGroup> fileGroup, String reason) {
    static Result unusable(String reason) {
      return new Result(Optional.empty(), reason);
    }
  }
}
