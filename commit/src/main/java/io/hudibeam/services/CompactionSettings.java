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

import io.hudibeam.settings.HudiSettings;
import java.io.Serializable;
import java.util.Map;

/**
 * When a merge-on-read write compacts the table inline, under Hudi's keys and defaults ({@code
 * HoodieCompactionConfig}): {@link #INLINE} (default false) and {@link #MAX_DELTA_COMMITS} (default
 * 5; Hudi's NUM_COMMITS trigger: compact once that many deltacommits have completed since the last
 * compaction).
 */
public record CompactionSettings(boolean inline, int maxDeltaCommits) implements Serializable {
  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String INLINE = HudiSettings.COMPACT_INLINE.key();

  public static final String MAX_DELTA_COMMITS = HudiSettings.COMPACT_MAX_DELTA_COMMITS.key();
  public static final int DEFAULT_MAX_DELTA_COMMITS =
      HudiSettings.COMPACT_MAX_DELTA_COMMITS.defaultValue().orElseThrow();

  public CompactionSettings {
    HudiSettings.COMPACT_MAX_DELTA_COMMITS.check(maxDeltaCommits);
  }

  /** Reads the two keys; missing ones take Hudi's defaults. */
  public static CompactionSettings fromProperties(Map<String, String> properties) {
    return new CompactionSettings(
        HudiSettings.COMPACT_INLINE.get(properties),
        HudiSettings.COMPACT_MAX_DELTA_COMMITS.get(properties));
  }
}
