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
package io.hudibeam.files;

import io.hudibeam.timeline.InstantTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Which file slice a log file of a table version 8 file group belongs to (Hudi 1.0's {@code
 * HoodieFileGroup.getBaseInstantTime}, fed by {@code AbstractTableFileSystemView.buildFileGroups}).
 * A version 8 log file is named with the instant of the deltacommit that wrote it; its slice is
 * decided by that deltacommit's completion time:
 *
 * <ul>
 *   <li>log files are taken in slice order ({@link LogFileName}'s order: instant, version, write
 *       token), after the slices of the file group's base files;
 *   <li>while the file group has no slice yet, the log file starts one at its own instant;
 *   <li>a log file of a completed deltacommit belongs to the newest slice whose base instant is at
 *       or before the completion time; when no slice is that old, it starts one at its own instant;
 *   <li>a log file of a pending (or failed) deltacommit belongs to the newest slice.
 * </ul>
 *
 * <p>Immutable: the slices are computed when it is built.
 */
public final class CompletionTimeSlicing {
  private final SortedMap<InstantTime, List<LogFileName>> logsBySlice;

  private CompletionTimeSlicing(SortedMap<InstantTime, List<LogFileName>> logsBySlice) {
    this.logsBySlice = Collections.unmodifiableSortedMap(logsBySlice);
  }

  /**
   * Slices the log files of one file group.
   *
   * @param baseInstants the instants of the file group's base files (each one slice)
   * @param logFiles the file group's log files, in any order
   * @param completionTimes instant time to completion time of every completed instant
   */
  public static CompletionTimeSlicing of(
      Collection<InstantTime> baseInstants,
      Collection<LogFileName> logFiles,
      Map<InstantTime, InstantTime> completionTimes) {
    SortedMap<InstantTime, List<LogFileName>> slices = new TreeMap<>();
    for (InstantTime base : baseInstants) {
      slices.put(base, new ArrayList<>());
    }
    List<LogFileName> ordered = new ArrayList<>(logFiles);
    Collections.sort(ordered);
    for (LogFileName log : ordered) {
      InstantTime slice = sliceOf(slices, log.instant(), completionTimes);
      slices.computeIfAbsent(slice, k -> new ArrayList<>()).add(log);
    }
    return new CompletionTimeSlicing(slices);
  }

  private static InstantTime sliceOf(
      SortedMap<InstantTime, List<LogFileName>> slices,
      InstantTime deltaCommit,
      Map<InstantTime, InstantTime> completionTimes) {
    if (slices.isEmpty()) {
      return deltaCommit;
    }
    Optional<InstantTime> completion = Optional.ofNullable(completionTimes.get(deltaCommit));
    if (completion.isEmpty()) {
      return slices.lastKey();
    }
    InstantTime newestAtOrBefore = null;
    for (InstantTime base : slices.keySet()) {
      if (!base.isAfter(completion.get())) {
        newestAtOrBefore = base;
      }
    }
    return newestAtOrBefore == null ? deltaCommit : newestAtOrBefore;
  }

  /** Slice base instant to its log files (slice order), every slice, oldest first. */
  public SortedMap<InstantTime, List<LogFileName>> logsBySlice() {
    return logsBySlice;
  }

  /** The base instant of the slice {@code log} belongs to, if it is one of the sliced files. */
  public Optional<InstantTime> sliceOf(LogFileName log) {
    return logsBySlice.entrySet().stream()
        .filter(e -> e.getValue().contains(log))
        .map(Map.Entry::getKey)
        .findFirst();
  }
}
