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

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A metadata table's timeline is archived only before its data table's earliest commit, deltacommit
 * or replacecommit (any state) and its earliest pending instant (Hudi 0.15's {@code
 * HoodieTimelineArchiver.getInstantsToArchive} for a metadata table, {@code
 * TimelineUtils.getEarliestInstantForMetadataArchival}): the metadata table keeps every deltacommit
 * of a data instant still on the data timeline.
 */
final class MetadataTableArchivalBound {
  private static final Set<Action> COMMITS =
      EnumSet.of(Action.COMMIT, Action.DELTA_COMMIT, Action.REPLACE_COMMIT);

  private MetadataTableArchivalBound() {}

  /**
   * The bound for the table at {@code paths} when it is a metadata table ({@code
   * <data>/.hoodie/metadata}); empty for a data table, or when the data timeline is empty.
   */
  static Optional<InstantTime> of(FileSystem fs, TablePaths paths) {
    Path base = paths.basePath();
    Path hoodie = base.getParent();
    if (!"metadata".equals(base.getName())
        || hoodie == null
        || !".hoodie".equals(hoodie.getName())) {
      return Optional.empty();
    }
    TablePaths data = TablePaths.of(hoodie.getParent().toString());
    try {
      if (!fs.exists(data.propertiesFile())) {
        return Optional.empty();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + data.propertiesFile(), e);
    }
    Timeline timeline = Timeline.load(fs, data);
    return Stream.of(
            timeline.filter(i -> COMMITS.contains(i.action())).first(), timeline.pending().first())
        .flatMap(Optional::stream)
        .map(Instant::time)
        .min(InstantTime::compareTo);
  }
}
