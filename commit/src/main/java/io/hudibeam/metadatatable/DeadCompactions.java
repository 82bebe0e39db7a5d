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
package io.hudibeam.metadatatable;

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.State;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metadata table's compactions that a writer left pending (compactions run under the table
 * lock, so at the next start a pending one is dead): each is undone, its base files in every
 * metadata partition, its marker folder, then its inflight and requested files deleted, so the next
 * compaction can run. Hudi's writer would instead re-run it ({@code runAnyPendingCompactions}).
 */
final class DeadCompactions {
  private static final Logger LOG = LoggerFactory.getLogger(DeadCompactions.class);

  private final FileSystem fs;
  private final TablePaths metadataPaths;

  DeadCompactions(FileSystem fs, TablePaths metadataPaths) {
    this.fs = fs;
    this.metadataPaths = metadataPaths;
  }

  /** Undoes every pending compaction of the metadata table; returns the compactions undone. */
  List<InstantTime> undo() {
    Timeline timeline = Timeline.load(fs, metadataPaths);
    List<Instant> pending =
        timeline.ofAction(Action.COMPACTION).pending().instants().stream()
            .sorted(Comparator.reverseOrder())
            .toList();
    List<InstantTime> undone = new ArrayList<>();
    for (Instant compaction : pending) {
      String suffix = "_" + compaction.time().value() + ".hfile";
      try {
        for (FileStatus partition : fs.listStatus(metadataPaths.basePath())) {
          if (!partition.isDirectory() || partition.getPath().getName().startsWith(".")) {
            continue;
          }
          for (FileStatus file : fs.listStatus(partition.getPath())) {
            if (file.getPath().getName().endsWith(suffix)) {
              fs.delete(file.getPath(), false);
            }
          }
        }
        fs.delete(metadataPaths.markerFolder(compaction.time().value()), true);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot undo metadata compaction " + compaction.time() + " of " + metadataPaths, e);
      }
      TimelineWriter writer = new TimelineWriter(fs, metadataPaths);
      List<Instant> states = new ArrayList<>();
      if (compaction.state() == State.INFLIGHT) {
        states.add(Instant.inflight(compaction.time(), Action.COMPACTION));
      }
      states.add(Instant.requested(compaction.time(), Action.COMPACTION));
      for (Instant state : states) {
        try {
          fs.delete(writer.pathOf(state), false);
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot delete " + writer.pathOf(state), e);
        }
      }
      LOG.warn(
          "Metadata table {}: undid compaction {}, left pending by a writer that stopped (its base"
              + " files and state files deleted; the slice it would have written is compacted"
              + " again when due)",
          metadataPaths,
          compaction.time());
      undone.add(compaction.time());
    }
    return undone;
  }
}
