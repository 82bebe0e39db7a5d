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

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which record versions an incremental read keeps, by their {@code _hoodie_commit_time}: an instant
 * time range {@code (after, upTo]} (Hudi 0.15's {@code IncrementalRelation} and 1.0.2's {@code
 * MergeOnReadIncrementalRelationV1} on table version 6) or the set of instants whose completion
 * time is in the query's range (Hudi 1.0's {@code IncrementalQueryAnalyzer} and {@code
 * MergeOnReadIncrementalRelationV2} on table version 8). {@link #all()} keeps every version.
 *
 * @param after exclusive lower bound, or null
 * @param upTo inclusive upper bound, or null
 * @param only the instant times kept, or null for no such restriction
 */
public record CommitTimeRange(String after, String upTo, List<String> only)
    implements Serializable {

  public CommitTimeRange {
    only = only == null ? null : List.copyOf(new TreeSet<>(only));
  }

  public static CommitTimeRange all() {
    return new CommitTimeRange(null, null, null);
  }

  public static CommitTimeRange between(String after, String upTo) {
    return new CommitTimeRange(after, Objects.requireNonNull(upTo, "upTo"), null);
  }

  public static CommitTimeRange of(Set<String> instants) {
    return new CommitTimeRange(null, null, List.copyOf(instants));
  }

  public boolean isAll() {
    return after == null && upTo == null && only == null;
  }

  /** Whether a record written at {@code commitTime} is kept. */
  public boolean includes(String commitTime) {
    if (after != null && commitTime.compareTo(after) <= 0) {
      return false;
    }
    if (upTo != null && commitTime.compareTo(upTo) > 0) {
      return false;
    }
    return only == null || java.util.Collections.binarySearch(only, commitTime) >= 0;
  }
}
