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

import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What Hudi 1.0's {@code TimelineArchiverV2.getInstantsToArchive} adds to the commit selection for
 * table version 8, where it differs from Hudi 0.15's archiver (which {@link TimelineArchiver} keeps
 * for table version 6):
 *
 * <ul>
 *   <li>Completed clean and rollback instants are not counted against keep.min/max on their own;
 *       they go with the commits: every one requested before the last commit archived ({@code
 *       getCleanAndRollbackInstantsToArchive}). No commit archived, no clean or rollback archived.
 *   <li>The metadata table bound is by completion time: nothing at or after the first completed
 *       commit whose completion time is after the metadata table's last compaction ({@code
 *       findInstantsModifiedAfterByCompletionTime}); no compaction there yet, nothing archived.
 * </ul>
 *
 * Ordering stays by requested (instant) time, as Hudi 1.0's ({@code
 * InstantComparatorV2.REQUESTED_TIME_BASED_COMPARATOR}).
 */
final class HistorySelection {
  private HistorySelection() {}

  /**
   * @param commits the commits {@link TimelineArchiver} selected (oldest first)
   * @param metadataTable the metadata table's compaction state
   */
  static List<Instant> instantsToArchive(
      Timeline timeline, List<Instant> commits, MetadataTableCompaction metadataTable) {
    List<Instant> selected = new ArrayList<>(commits);
    if (metadataTable.forbidsArchival()) {
      return List.of();
    }
    Optional<InstantTime> compaction = metadataTable.last();
    if (compaction.isPresent()) {
      Optional<InstantTime> bound =
          timeline
              .completedWriteTimeline()
              .filter(i -> i.completionTime().map(c -> c.isAfter(compaction.get())).orElse(false))
              .first()
              .map(Instant::time);
      bound.ifPresent(b -> selected.removeIf(i -> !i.time().isBefore(b)));
    }
    if (selected.isEmpty()) {
      return List.of();
    }
    InstantTime lastCommit = selected.get(selected.size() - 1).time();
    selected.addAll(
        timeline
            .filter(i -> i.action() == Action.CLEAN || i.action() == Action.ROLLBACK)
            .completed()
            .filter(i -> i.time().isBefore(lastCommit))
            .instants());
    return selected.stream().sorted(Comparator.naturalOrder()).collect(Collectors.toList());
  }
}
