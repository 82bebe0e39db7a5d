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

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;

/**
 * When a merge-on-read write compacts the table inline, under Hudi's keys and defaults ({@code
 * HoodieCompactionConfig}): {@link #INLINE} (default false) and {@link #MAX_DELTA_COMMITS} (default
 * 5; Hudi's NUM_COMMITS trigger: compact once that many deltacommits have completed since the last
 * compaction).
 */
public record CompactionSettings(boolean inline, int maxDeltaCommits) implements Serializable {
  /** The keys of the two settings (the settings registry declares them with these keys). */
  public static final String INLINE = "hoodie.compact.inline";

  public static final String MAX_DELTA_COMMITS = "hoodie.compact.inline.max.delta.commits";

  /** Hudi's default ({@code HoodieCompactionConfig}). */
  public static final int DEFAULT_MAX_DELTA_COMMITS = 5;

  /** The value is checked where it is read, by the settings registry; the bound again here. */
  public CompactionSettings {
    if (maxDeltaCommits < 1) {
      throw new HudiTableException(
          MAX_DELTA_COMMITS + " must be a whole number >= 1, but was '" + maxDeltaCommits + "'");
    }
  }
}
