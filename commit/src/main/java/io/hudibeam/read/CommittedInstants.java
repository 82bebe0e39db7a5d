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
package io.hudibeam.read;

import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * The instants whose log blocks a read counts, fixed when the read is planned (so a slice read
 * later sees the table as it was planned, whatever commits since): those on the query's completed
 * write timeline, and those older than its first instant (archived ones), Hudi's {@code
 * HoodieDefaultTimeline.containsOrBeforeTimelineStarts}, as Hudi's merged log record scanner skips
 * the blocks of other instants ({@code AbstractHoodieLogRecordReader.scanInternal}, Hudi 0.15 and
 * 1.0).
 *
 * @param firstCompleted the first instant of the completed write timeline, or null if none
 * @param completed the instant times of the completed write timeline, sorted
 */
public record CommittedInstants(String firstCompleted, List<String> completed)
    implements Serializable {

  public CommittedInstants {
    completed = List.copyOf(new TreeSet<>(completed));
  }

  /** The instants of {@code timeline}'s completed write timeline. */
  public static CommittedInstants of(Timeline timeline) {
    Timeline committed = timeline.completedWriteTimeline();
    return new CommittedInstants(
        committed.first().map(i -> i.time().value()).orElse(null),
        committed.instants().stream().map(Instant::time).map(InstantTime::value).toList());
  }

  /** Whether the blocks of {@code instant} count. */
  public boolean contains(String instant) {
    if (Collections.binarySearch(completed, instant) >= 0) {
      return true;
    }
    return firstCompleted != null && instant.compareTo(firstCompleted) < 0;
  }
}
