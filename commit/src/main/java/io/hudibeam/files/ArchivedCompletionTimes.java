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

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.TimelineHistory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;

/**
 * Completion times of archived instants of a table version 8 table, read from its LSM history
 * ({@code .hoodie/timeline/history}) the first time one is asked for, as Hudi 1.0's {@code
 * CompletionTimeQueryViewV2} loads them for instants older than the active timeline. An instant the
 * history does not hold is taken as completed at its instant time. Only the history's two time
 * columns are read ({@link TimelineHistory#completionTimes()}).
 */
final class ArchivedCompletionTimes {
  private final FileSystem fs;
  private final TablePaths paths;
  private Map<InstantTime, InstantTime> times;

  ArchivedCompletionTimes(FileSystem fs, TablePaths paths) {
    this.fs = fs;
    this.paths = paths;
  }

  InstantTime completionOf(InstantTime instant) {
    if (times == null) {
      times = load();
    }
    return times.getOrDefault(instant, instant);
  }

  private Map<InstantTime, InstantTime> load() {
    TimelineHistory history = new TimelineHistory(fs, paths);
    try {
      if (!fs.exists(history.folder()) || history.allVersions().isEmpty()) {
        return Map.of();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + history.folder(), e);
    }
    return history.completionTimes();
  }
}
