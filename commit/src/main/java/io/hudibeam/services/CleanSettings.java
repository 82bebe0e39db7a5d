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
 * How the cleaner chooses what to delete, read from Hudi's write config keys (Hudi's {@code
 * HoodieCleanConfig}): {@link #AUTOMATIC} (default true; whether the writer cleans after each
 * commit), {@link #POLICY} (default KEEP_LATEST_COMMITS), {@link #COMMITS_RETAINED} (default 10)
 * and {@link #FILE_VERSIONS_RETAINED} (default 3). KEEP_LATEST_BY_HOURS is not supported.
 *
 * @param automatic whether the writer cleans after each commit
 * @param policy the cleaning policy, KEEP_LATEST_COMMITS or KEEP_LATEST_FILE_VERSIONS
 * @param commitsRetained completed commits whose file slices KEEP_LATEST_COMMITS keeps
 * @param fileVersionsRetained file slices per file group KEEP_LATEST_FILE_VERSIONS keeps
 */
public record CleanSettings(
    boolean automatic, CleaningPolicy policy, int commitsRetained, int fileVersionsRetained)
    implements Serializable {

  /** The keys of the four settings (the settings registry declares them with these keys). */
  public static final String AUTOMATIC = "hoodie.clean.automatic";

  public static final String POLICY = "hoodie.cleaner.policy";
  public static final String COMMITS_RETAINED = "hoodie.cleaner.commits.retained";
  public static final String FILE_VERSIONS_RETAINED = "hoodie.cleaner.fileversions.retained";

  /** Hudi's defaults ({@code HoodieCleanConfig}). */
  public static final int DEFAULT_COMMITS_RETAINED = 10;

  public static final int DEFAULT_FILE_VERSIONS_RETAINED = 3;

  /** Each value is checked where it is read, by the settings registry; the bounds again here. */
  public CleanSettings {
    if ((policy != CleaningPolicy.KEEP_LATEST_COMMITS
            && policy != CleaningPolicy.KEEP_LATEST_FILE_VERSIONS)
        || commitsRetained < 1
        || fileVersionsRetained < 1) {
      throw new HudiTableException(
          String.format(
              "%s must be KEEP_LATEST_COMMITS or KEEP_LATEST_FILE_VERSIONS, %s and %s >= 1, but were"
                  + " %s, %d and %d",
              POLICY,
              COMMITS_RETAINED,
              FILE_VERSIONS_RETAINED,
              policy,
              commitsRetained,
              fileVersionsRetained));
    }
  }

  /** Hudi's defaults: automatic, KEEP_LATEST_COMMITS, 10 commits, 3 file versions. */
  public static CleanSettings defaults() {
    return new CleanSettings(
        true,
        CleaningPolicy.KEEP_LATEST_COMMITS,
        DEFAULT_COMMITS_RETAINED,
        DEFAULT_FILE_VERSIONS_RETAINED);
  }

  public static CleanSettings keepLatestCommits(int commitsRetained) {
    return new CleanSettings(
        true, CleaningPolicy.KEEP_LATEST_COMMITS, commitsRetained, DEFAULT_FILE_VERSIONS_RETAINED);
  }

  public static CleanSettings keepLatestFileVersions(int fileVersionsRetained) {
    return new CleanSettings(
        true,
        CleaningPolicy.KEEP_LATEST_FILE_VERSIONS,
        DEFAULT_COMMITS_RETAINED,
        fileVersionsRetained);
  }

  public CleanSettings withAutomatic(boolean value) {
    return new CleanSettings(value, policy, commitsRetained, fileVersionsRetained);
  }
}
