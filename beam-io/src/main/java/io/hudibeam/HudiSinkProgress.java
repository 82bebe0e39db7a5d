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
package io.hudibeam;

import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.table.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.joda.time.Instant;

/**
 * Where a streaming write ({@link HudiIO.Write#withTriggeringFrequency}) stands in its table, read
 * from the table's timeline outside any pipeline: for a job launcher that decides what is left of a
 * replayable stream before it starts one (the examples' {@code trips --streaming} on Flink), or for
 * monitoring. It reads what the stream's commits record ({@code beam.hudi.sink.id} and {@code
 * beam.hudi.committed.through} in their extra metadata), as the stream itself does when it skips
 * replayed intervals.
 */
public final class HudiSinkProgress {
  private HudiSinkProgress() {}

  /**
   * The end of the latest commit interval the sink {@code sinkId} committed in the table at {@code
   * basePath} (an event time): every interval of the sink that ends at or before it is committed,
   * and a rerun over the same input skips it. Empty when the table does not exist or the sink has
   * committed nothing. Looks at the active timeline, then the archived one.
   */
  public static Optional<Instant> committedThrough(String basePath, String sinkId) {
    return committedThrough(basePath, sinkId, Map.of());
  }

  /** As {@link #committedThrough(String, String)}, with Hadoop settings for the file system. */
  public static Optional<Instant> committedThrough(
      String basePath, String sinkId, Map<String, String> hadoopConfiguration) {
    if (basePath == null || basePath.isEmpty() || sinkId == null || sinkId.isEmpty()) {
      throw new IllegalArgumentException(
          "committedThrough needs a table base path and a sink id, but was given "
              + basePath
              + " and "
              + sinkId);
    }
    Configuration conf = new Configuration();
    hadoopConfiguration.forEach(conf::set);
    TablePaths paths = TablePaths.of(basePath);
    FileSystem fs;
    try {
      fs = new Path(basePath).getFileSystem(conf);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot get the file system of " + basePath, e);
    }
    if (!new InstantStarter(fs, paths, Clock.systemUTC()).tableExists()) {
      return Optional.empty();
    }
    return new SinkLineage(fs, paths).committedThrough(sinkId).map(Instant::new);
  }
}
