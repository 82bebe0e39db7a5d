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
package io.hudibeam.examples;

import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;

/**
 * A table's timeline as the streaming command tests watch it while a run goes on: by its file names
 * only (cheap enough to poll), and the completed commits' metadata read with Hudi's own client once
 * the run is over.
 */
final class TableTimeline {
  private TableTimeline() {}

  /**
   * The completed {@code .commit} and {@code .deltacommit} files of the table's active timeline
   * (table version 6; 0 before it exists).
   */
  static int completedCommits(String table) {
    return names(table).stream()
        .filter(n -> n.endsWith(".commit") || n.endsWith(".deltacommit"))
        .mapToInt(n -> 1)
        .sum();
  }

  /** Instant times with an inflight commit or deltacommit file and no completed one. */
  static TreeSet<String> pendingInstants(String table) {
    TreeSet<String> names = names(table);
    TreeSet<String> pending = new TreeSet<>();
    for (String name : names) {
      if (name.matches("\\d+\\.inflight")) {
        String time = name.substring(0, name.indexOf('.'));
        if (!names.contains(time + ".commit")) {
          pending.add(time);
        }
      } else if (name.matches("\\d+\\.deltacommit\\.inflight")) {
        String time = name.substring(0, name.indexOf('.'));
        if (!names.contains(time + ".deltacommit")) {
          pending.add(time);
        }
      }
    }
    return pending;
  }

  /** The metadata of every completed commit, in timeline order, read by Hudi. */
  static List<HoodieCommitMetadata> commitMetadata(HudiTableReader reader) throws IOException {
    HoodieTimeline commits =
        reader.metaClient().getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    List<HoodieCommitMetadata> metadata = new ArrayList<>();
    for (HoodieInstant instant : commits.getInstants()) {
      metadata.add(
          HoodieCommitMetadata.fromBytes(
              commits.getInstantDetails(instant).get(), HoodieCommitMetadata.class));
    }
    return metadata;
  }

  private static TreeSet<String> names(String table) {
    File timeline = new File(table, ".hoodie");
    TreeSet<String> names = new TreeSet<>();
    if (!timeline.isDirectory()) {
      return names;
    }
    try (Stream<Path> files = Files.list(timeline.toPath())) {
      files.forEach(f -> names.add(f.getFileName().toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }
}
