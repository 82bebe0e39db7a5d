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

import io.hudibeam.timeline.InstantTime;
import java.util.Objects;
import java.util.Optional;

/**
 * The metadata table as Hudi's archivers bound by it: there is none, it has no compaction yet (Hudi
 * archives nothing), or its last compaction (Hudi archives nothing at or after it; table version 8
 * compares completion times with it, {@link HistorySelection}).
 */
final class MetadataTableCompaction {
  private static final MetadataTableCompaction NO_METADATA_TABLE =
      new MetadataTableCompaction(false, Optional.empty());
  private static final MetadataTableCompaction NOT_COMPACTED_YET =
      new MetadataTableCompaction(true, Optional.empty());

  private final boolean exists;
  private final Optional<InstantTime> last;

  private MetadataTableCompaction(boolean exists, Optional<InstantTime> last) {
    this.exists = exists;
    this.last = last;
  }

  /** The table has no metadata table: it does not bound archival. */
  static MetadataTableCompaction noMetadataTable() {
    return NO_METADATA_TABLE;
  }

  /** The metadata table exists with no completed compaction: nothing may be archived. */
  static MetadataTableCompaction notCompactedYet() {
    return NOT_COMPACTED_YET;
  }

  /** The metadata table's last completed compaction (a {@code commit} on its timeline). */
  static MetadataTableCompaction lastCompaction(InstantTime time) {
    return new MetadataTableCompaction(true, Optional.of(time));
  }

  /** Whether the table has a metadata table at all. */
  boolean bindsArchival() {
    return exists;
  }

  /** Nothing may be archived: a metadata table without a compaction yet. */
  boolean forbidsArchival() {
    return exists && last.isEmpty();
  }

  /** The last compaction, when there is one. */
  Optional<InstantTime> last() {
    return last;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MetadataTableCompaction
        && exists == ((MetadataTableCompaction) o).exists
        && last.equals(((MetadataTableCompaction) o).last);
  }

  @Override
  public int hashCode() {
    return Objects.hash(exists, last);
  }

  @Override
  public String toString() {
    return !exists
        ? "no metadata table"
        : last.map(t -> "last compaction " + t).orElse("not compacted yet");
  }
}
