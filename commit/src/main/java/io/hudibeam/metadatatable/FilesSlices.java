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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The file slices of the metadata table's {@code files} file group, oldest first, as Hudi's file
 * system view groups them: a slice per HFile base file of a completed metadata instant (the
 * initialisation or a compaction). Table version 6: a log file belongs to the slice its name's base
 * instant names ({@code FSUtils.makeLogFileName}). Table version 8 (Hudi 1.0.2's {@code
 * HoodieFileGroup.getBaseInstantTime}): to the newest slice whose base instant is at or before the
 * completion time of the deltacommit its name names; a log file of a deltacommit not completed
 * belongs to the newest slice. What the metadata table's cleaner deletes from ({@code
 * services/MetadataTableCleaner}).
 */
public final class FilesSlices {
  private FilesSlices() {}

  /** One slice: its base instant, its base file name and its log file names. */
  public record Slice(String baseInstant, String baseFile, List<String> logFiles) {}

  /** The {@code files} partition folder of the metadata table at {@code metadataPaths}. */
  public static Path folder(TablePaths metadataPaths) {
    return new Path(metadataPaths.basePath(), FilesFileGroup.PARTITION);
  }

  /** The partition path of {@code files}. */
  public static String partition() {
    return FilesFileGroup.PARTITION;
  }

  /**
   * The slices of the {@code files} file group of the metadata table at {@code metadataPaths},
   * oldest first; empty when the partition is missing.
   */
  public static List<Slice> of(
      FileSystem fs, TablePaths metadataPaths, TableVersion version, Timeline metadata) {
    Path folder = folder(metadataPaths);
    FileStatus[] statuses;
    try {
      if (!fs.exists(folder)) {
        return List.of();
      }
      statuses = fs.listStatus(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder, e);
    }
    Set<String> completed = MetadataDeltaCommits.completedInstantTimes(fs, metadataPaths);
    TreeMap<String, String> bases = new TreeMap<>();
    List<String> logs = new ArrayList<>();
    for (FileStatus status : statuses) {
      String name = status.getPath().getName();
      if (name.endsWith(".hfile")) {
        String[] parts = name.substring(0, name.length() - ".hfile".length()).split("_");
        if (parts.length == 3 && completed.contains(parts[2])) {
          bases.put(parts[2], name);
        }
      } else if (name.startsWith(".") && name.contains(".log.")) {
        logs.add(name);
      }
    }
    Map<String, List<String>> logsByBase = new HashMap<>();
    Map<String, InstantTime> completions = new HashMap<>();
    for (Instant delta : metadata.ofAction(Action.DELTA_COMMIT).completed().instants()) {
      delta.completionTime().ifPresent(t -> completions.put(delta.time().value(), t));
    }
    for (String log : logs) {
      String named = log.substring(1, log.indexOf(".log.")).split("_")[1];
      String base;
      if (version == TableVersion.EIGHT) {
        InstantTime completion = completions.get(named);
        base =
            completion == null
                ? bases.isEmpty() ? null : bases.lastKey()
                : bases.floorKey(completion.value());
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
    return slices;
  }
}
