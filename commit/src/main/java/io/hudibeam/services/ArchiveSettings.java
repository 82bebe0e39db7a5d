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

import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.table.HudiTableException;
import java.io.Serializable;

/**
 * When the timeline archiver runs and how many commits it keeps, read from Hudi's write config keys
 * (Hudi 0.15's {@code HoodieArchivalConfig}): {@link #AUTOMATIC} (default true: archive after each
 * commit), {@link #MIN_COMMITS} (default 20) and {@link #MAX_COMMITS} (default 30): once the active
 * timeline holds more than max completed commits, the oldest are archived down to min. For
 * MERGE_ON_READ, {@link #COMPACT_MAX_DELTA_COMMITS} (default 5) is read too: deltacommits a future
 * compaction needs stay active, as Hudi's archiver keeps them.
 *
 * <p>Validated as Hudi's {@code HoodieWriteConfig} does: max must be greater than min, and with the
 * KEEP_LATEST_COMMITS cleaning policy min must be greater than {@code
 * hoodie.cleaner.commits.retained} ("otherwise there is risk of incremental pull missing data").
 *
 * @param automatic whether the writer archives after each commit
 * @param minCommits completed commits the archiver keeps active
 * @param maxCommits completed commits that trigger archiving when exceeded
 * @param compactMaxDeltaCommits deltacommits after which Hudi schedules a compaction (MOR only)
 */
public record ArchiveSettings(
    boolean automatic, int minCommits, int maxCommits, int compactMaxDeltaCommits)
    implements Serializable {

  /** The keys of these settings (the settings registry declares them with these keys). */
  public static final String AUTOMATIC = "hoodie.archive.automatic";

  public static final String MIN_COMMITS = "hoodie.keep.min.commits";
  public static final String MAX_COMMITS = "hoodie.keep.max.commits";
  public static final String COMPACT_MAX_DELTA_COMMITS = CompactionSettings.MAX_DELTA_COMMITS;

  /** Hudi's defaults ({@code HoodieArchivalConfig}). */
  public static final int DEFAULT_MIN_COMMITS = 20;

  public static final int DEFAULT_MAX_COMMITS = 30;
  public static final int DEFAULT_COMPACT_MAX_DELTA_COMMITS =
      CompactionSettings.DEFAULT_MAX_DELTA_COMMITS;

  public ArchiveSettings {
    if (minCommits < 1 || compactMaxDeltaCommits < 1) {
      throw new HudiTableException(
          String.format(
              "%s and %s must be >= 1, but were %d and %d",
              MIN_COMMITS, COMPACT_MAX_DELTA_COMMITS, minCommits, compactMaxDeltaCommits));
    }
    if (maxCommits <= minCommits) {
      throw new HudiTableException(
          String.format(
              "Increase %s=%d to be greater than %s=%d",
              MAX_COMMITS, maxCommits, MIN_COMMITS, minCommits));
    }
  }

  /** Hudi's defaults: automatic, keep 20 to 30 commits, compaction after 5 deltacommits. */
  public static ArchiveSettings defaults() {
    return new ArchiveSettings(
        true, DEFAULT_MIN_COMMITS, DEFAULT_MAX_COMMITS, DEFAULT_COMPACT_MAX_DELTA_COMMITS);
  }

  /** Keeps {@code min} to {@code max} commits, archiving automatically. */
  public static ArchiveSettings keep(int min, int max) {
    return new ArchiveSettings(true, min, max, DEFAULT_COMPACT_MAX_DELTA_COMMITS);
  }

  /** Hudi's check of {@link #MIN_COMMITS} against {@code hoodie.cleaner.commits.retained}. */
  public void checkAgainst(CleanSettings clean) {
    if (clean.policy() == CleaningPolicy.KEEP_LATEST_COMMITS
        && minCommits <= clean.commitsRetained()) {
      throw new HudiTableException(
          String.format(
              "Increase %s=%d to be greater than %s=%d. Otherwise, there is risk of incremental pull missing"
                  + " data from few instants.",
              MIN_COMMITS, minCommits, CleanSettings.COMMITS_RETAINED, clean.commitsRetained()));
    }
  }
}
