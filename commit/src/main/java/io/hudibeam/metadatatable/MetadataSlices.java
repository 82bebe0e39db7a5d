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

import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The file slices of every file group of one metadata table partition ({@code files}, {@code
 * column_stats}, {@code partition_stats}), oldest first, as Hudi's file system view groups them: a
 * slice per HFile base file ({@code <fileId>_<token>_<instant>.hfile}) of a completed metadata
 * instant (an initialisation or a compaction). A log file ({@code
 * .<fileId>_<instant>.log.<version>_<token>}) joins a slice of its own file group: on table version
 * 6 the slice its name's base instant names ({@code FSUtils.makeLogFileName}); on table version 8
 * (Hudi 1.0.2's {@code HoodieFileGroup.getBaseInstantTime}) the newest slice whose base instant is
 * at or before the completion time of the deltacommit its name names, or the newest slice for a
 * deltacommit not completed. A log file that joins no base file's slice (one written before the
 * file group's first base file) is in no slice here: the cleaner, which deletes only from these
 * slices ({@code services/MetadataTableCleaner}), keeps it.
 */
public final class MetadataSlices {
  /** The metadata partitions the cleaner cleans: {@code files}, {@code column_stats}, ... */
  public static final List<String> PARTITIONS =
      List.of(
          FilesFileGroup.PARTITION,
          ColumnStatsFileGroups.StatsPartition.COLUMN_STATS.partition,
          ColumnStatsFileGroups.StatsPartition.PARTITION_STATS.partition);

  private MetadataSlices() {}

  /** One slice: its base instant, its base file name and its log file names. */
  public record Slice(String baseInstant, String baseFile, List<String> logFiles) {}

  /** The folder of metadata partition {@code partition} of the metadata table at {@code paths}. */
  public static Path folder(TablePaths metadataPaths, String partition) {
    return new Path(metadataPaths.basePath(), partition);
  }

  /**
   * The slices of every file group of metadata partition {@code partition} of the metadata table at
   * {@code metadataPaths}, by file id, each oldest first; empty when the partition is missing.
   */
  public static Map<String, List<Slice>> of(
      FileSystem fs,
      TablePaths metadataPaths,
      String partition,
      TableVersion version,
      Timeline metadata) {
    Path folder = folder(metadataPaths, partition);
    FileStatus[] statuses;
    try {
      if (!fs.exists(folder)) {
        return Map.of();
      }
      statuses = fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
    Set<String> completed = MetadataDeltaCommits.completedInstantTimes(fs, metadataPaths);
    Map<String, TreeMap<String, String>> bases = new TreeMap<>();
    Map<String, List<String>> logs = new TreeMap<>();
    for (FileStatus status : statuses) {
      String name = status.getPath().getName();
      if (name.endsWith(".hfile")) {
        String[] parts = name.substring(0, name.length() - ".hfile".length()).split("_");
        if (parts.length == 3 && completed.contains(parts[2])) {
          bases.computeIfAbsent(parts[0], id -> new TreeMap<>()).put(parts[2], name);
        }
      } else if (name.startsWith(".") && name.contains(".log.")) {
        String[] parts = name.substring(1, name.indexOf(".log.")).split("_");
        if (parts.length == 2) {
          logs.computeIfAbsent(parts[0], id -> new ArrayList<>()).add(name);
        }
      }
    }
    Map<String, InstantTime> completions = new HashMap<>();
    for (Instant delta : metadata.ofAction(Action.DELTA_COMMIT).completed().instants()) {
      delta.completionTime().ifPresent(t -> completions.put(delta.time().value(), t));
    }
    Map<String, List<Slice>> slicesByFileId = new TreeMap<>();
    bases.forEach(
        (fileId, groupBases) ->
            slicesByFileId.put(
                fileId,
                slices(groupBases, logs.getOrDefault(fileId, List.of()), version, completions)));
    return Collections.unmodifiableMap(slicesByFileId);
  }

  private static List<Slice> slices(
      TreeMap<String, String> bases,
      List<String> logs,
      TableVersion version,
      Map<String, InstantTime> completions) {
    Map<String, List<String>> logsByBase = new HashMap<>();
    for (String log : logs) {
      String named = log.substring(1, log.indexOf(".log.")).split("_")[1];
      String base;
      if (version == TableVersion.EIGHT) {
        InstantTime completion = completions.get(named);
        base = completion == null ? bases.lastKey() : bases.floorKey(completion.value());
      } else {
        base = named;
      }
      if (base != null) {
        logsByBase.computeIfAbsent(base, b -> new ArrayList<>()).add(log);
      }
    }
    List<Slice> slices = new ArrayList<>();
    bases.forEach(
        (instant, file) ->
            slices.add(
                new Slice(
                    instant,
                    file,
                    logsByBase.getOrDefault(instant, List.of()).stream().sorted().toList())));
    return List.copyOf(slices);
  }
}
