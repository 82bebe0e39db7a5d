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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The file groups of the metadata table's {@code column_stats} or {@code partition_stats} partition
 * as Hudi 1.0.2 initialised them: {@code col-stats-<nnnn>-0} or {@code partition-stats-<nnnn>-0}
 * ({@code HoodieTableMetadataUtil.getFileIDForFileGroup}, {@code MetadataPartitionType}'s prefix),
 * numbered from 0 without gaps; a record goes to the file group at {@link
 * ColumnStatsKeys#fileGroupIndex} in file-id order, as Hudi's writer takes the latest file slices
 * sorted by file id. Table version 8 only: a new log file is named after the deltacommit's instant
 * ({@code .col-stats-0000-0_<instant>.log.1_<token>}), so the slice it joins is found by completion
 * time.
 *
 * @param folder the partition folder
 * @param groups the file groups in file-id order
 */
record ColumnStatsFileGroups(Path folder, List<Group> groups) {
  /** The metadata partitions of statistics this writer appends to, with their file-id prefix. */
  enum StatsPartition {
    COLUMN_STATS(ColumnStatsKeys.PARTITION, "col-stats-"),
    PARTITION_STATS(ColumnStatsKeys.PARTITION_STATS, "partition-stats-");

    final String partition;
    private final Pattern baseName;
    private final Pattern logName;
    private final String prefix;

    StatsPartition(String partition, String prefix) {
      this.partition = partition;
      this.prefix = prefix;
      this.baseName =
          Pattern.compile("^(" + prefix + "(\\d{4})-0)_(\\d+-\\d+-\\d+)_(\\d+)\\.hfile$");
      this.logName =
          Pattern.compile("^\\.(" + prefix + "(\\d{4})-0)_(\\d+)\\.log\\.(\\d+)_(\\d+-\\d+-\\d+)$");
    }

    /** The id of file group {@code index} ({@code getFileIDForFileGroup}: prefix, %04d, -0). */
    String fileId(int index) {
      return String.format("%s%04d-0", prefix, index);
    }
  }

  /**
   * A file group: its id, its newest completed base file (a compaction's; absent when Hudi's
   * initialisation wrote it no records) and its log files.
   */
  record Group(
      String fileId,
      Optional<String> baseInstant,
      Optional<String> baseFile,
      List<FilesFileGroup.LogFile> logFiles) {
    /** The slice's base instant for a write stat's {@code prevCommit}. */
    String sliceInstant() {
      if (baseInstant.isPresent()) {
        return baseInstant.get();
      }
      return logFiles.stream()
          .map(FilesFileGroup.LogFile::baseInstant)
          .min(String::compareTo)
          .orElse("null");
    }

    /** A new log file of deltacommit {@code instant} (version after the instant's own). */
    String nextLogFile(WriteToken token, InstantTime instant) {
      int version = 0;
      for (FilesFileGroup.LogFile log : logFiles) {
        if (log.baseInstant().equals(instant.value())) {
          version = Math.max(version, log.version());
        }
      }
      return "." + fileId + "_" + instant.value() + ".log." + (version + 1) + "_" + token.value();
    }
  }

  /**
   * Reads the partition; empty, with the reason, when it is not one this writer can append to.
   * {@code completedInstants} are the metadata timeline's completed instant times.
   */
  static Result locate(FileSystem fs, Path metadataBase, Set<String> completedInstants) {
    return locate(fs, metadataBase, completedInstants, StatsPartition.COLUMN_STATS);
  }

  /** {@link #locate} for {@code which} partition of statistics. */
  static Result locate(
      FileSystem fs, Path metadataBase, Set<String> completedInstants, StatsPartition which) {
    Path folder = new Path(metadataBase, which.partition);
    FileStatus[] statuses;
    try {
      if (!fs.exists(folder)) {
        return new Result(Optional.empty(), "it has no folder " + folder);
      }
      statuses = fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
    Map<String, String> bases = new TreeMap<>();
    Map<String, String> baseFiles = new TreeMap<>();
    Map<String, List<FilesFileGroup.LogFile>> logs = new TreeMap<>();
    for (FileStatus status : statuses) {
      String name = status.getPath().getName();
      Matcher base = which.baseName.matcher(name);
      Matcher log = which.logName.matcher(name);
      if (base.matches()) {
        String id = base.group(1);
        logs.computeIfAbsent(id, x -> new ArrayList<>());
        String instant = base.group(4);
        if (completedInstants.contains(instant)
            && (!bases.containsKey(id) || instant.compareTo(bases.get(id)) > 0)) {
          bases.put(id, instant);
          baseFiles.put(id, name);
        }
      } else if (log.matches()) {
        logs.computeIfAbsent(log.group(1), x -> new ArrayList<>())
            .add(new FilesFileGroup.LogFile(name, log.group(3), Integer.parseInt(log.group(4))));
      } else if (!name.startsWith(".hoodie_partition_metadata") && !name.startsWith(".")) {
        return new Result(
            Optional.empty(), "its file " + name + " is not a " + which.partition + " file");
      }
    }
    if (logs.isEmpty()) {
      return new Result(
          Optional.empty(), "it has no " + which.partition + " file group in " + folder);
    }
    List<Group> groups = new ArrayList<>();
    int expected = 0;
    for (Map.Entry<String, List<FilesFileGroup.LogFile>> e : logs.entrySet()) {
      String id = e.getKey();
      if (!id.equals(String.format("%s%04d-0", which.prefix, expected))) {
        return new Result(
            Optional.empty(),
            "its file groups " + logs.keySet() + " are not " + which.prefix + "0000-0 onwards");
      }
      expected++;
      groups.add(
          new Group(
              id,
              Optional.ofNullable(bases.get(id)),
              Optional.ofNullable(baseFiles.get(id)),
              List.copyOf(e.getValue())));
    }
    return new Result(Optional.of(new ColumnStatsFileGroups(folder, List.copyOf(groups))), "");
  }

  /** What {@link #locate} found: the file groups, or why there are none. */
  record Result(Optional<ColumnStatsFileGroups> fileGroups, String reason) {}
}
