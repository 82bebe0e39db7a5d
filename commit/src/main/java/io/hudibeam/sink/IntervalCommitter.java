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
package io.hudibeam.sink;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.Rollback;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits an instant of a streaming sink's commit interval, idempotently on two levels: an instant
 * already completed is left alone ({@link CommitOutcome#ALREADY_COMMITTED}); an interval the sink
 * has already committed through (a replay: the same stream run again against the table) has its
 * instant rolled back instead ({@link CommitOutcome#REPLAY_SKIPPED}). Otherwise commits as {@link
 * InstantCommitter}, with the instant's lineage in the commit's extra metadata.
 */
public final class IntervalCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(IntervalCommitter.class);
  private final FileSystem fs;
  private final TablePaths paths;
  private final InstantCommitter committer;

  /** Commits through {@code committer} (its lock, heartbeats and conflict check). */
  public IntervalCommitter(FileSystem fs, TablePaths paths, InstantCommitter committer) {
    this.fs = fs;
    this.paths = paths;
    this.committer = committer;
  }

  public CommitOutcome commit(
      StartedInstant instant, CommitMetadata metadata, InstantTimeGenerator generator) {
    Timeline timeline = Timeline.load(fs, paths);
    Optional<Instant> current = timeline.find(instant.instantTime(), instant.action());
    if (current.isPresent() && current.get().isCompleted()) {
      return committer.commit(instant, metadata);
    }
    Optional<String> sinkId = SinkLineage.sinkIdOf(instant.extraMetadata());
    if (sinkId.isPresent()) {
      long windowEnd = SinkLineage.windowEndOf(instant.extraMetadata());
      Optional<Long> through = new SinkLineage(fs, paths).committedThrough(timeline, sinkId.get());
      if (through.isPresent() && through.get() >= windowEnd) {
        LOG.info(
            "Table {}: sink {} is committed through {}, so instant {} for the interval ending {}"
                + " is a replay; rolling it back",
            paths,
            sinkId.get(),
            through.get(),
            instant.instantTime(),
            windowEnd);
        new Rollback(fs, paths).rollback(instant.instantTime(), generator.next(timeline));
        return CommitOutcome.REPLAY_SKIPPED;
      }
    }
    CommitMetadata.Builder withLineage = metadata.toBuilder();
    instant.extraMetadata().forEach(withLineage::putExtraMetadata);
    return committer.commit(instant, withLineage.build());
  }
}
