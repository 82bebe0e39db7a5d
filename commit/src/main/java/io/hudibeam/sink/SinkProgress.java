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

import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import java.time.Clock;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;

/**
 * Whether a streaming sink has committed through an event time, and whether it still makes progress
 * towards it. Used once a stream's input has ended, to wait for the sink's last intervals: the sink
 * makes progress while its "committed through" mark moves or one of its pending instants has a live
 * heartbeat (Hudi's rule, {@link Heartbeats#isExpired}). A sink that did neither for longer than a
 * heartbeat's allowed age has stalled (its pipeline failed, or another writer blocks it).
 */
public final class SinkProgress {
  private final FileSystem fs;
  private final TablePaths paths;
  private final HeartbeatSettings heartbeatSettings;
  private final Clock clock;

  public SinkProgress(
      FileSystem fs, TablePaths paths, HeartbeatSettings heartbeatSettings, Clock clock) {
    this.fs = fs;
    this.paths = paths;
    this.heartbeatSettings = heartbeatSettings;
    this.clock = clock;
  }

  /** One look at the timeline. */
  public Look look(String sinkId) {
    if (!new InstantStarter(fs, paths, clock).tableExists()) {
      return new Look(Optional.empty(), false);
    }
    Timeline timeline = Timeline.load(fs, paths);
    SinkLineage lineage = new SinkLineage(fs, paths);
    Heartbeats heartbeats = new Heartbeats(fs, paths, heartbeatSettings, clock);
    boolean live = false;
    for (Instant pending : timeline.writeTimeline().pending().instants()) {
      if (lineage.ownerOf(pending).filter(sinkId::equals).isPresent()
          && !heartbeats.isExpired(pending.time())) {
        live = true;
        break;
      }
    }
    return new Look(lineage.committedThrough(timeline, sinkId), live);
  }

  /** The longest a sink may go without progress before it counts as stalled. */
  public long stallAfterMillis() {
    return heartbeatSettings.maxAllowedAgeMillis();
  }

  /**
   * What one look saw: the sink's "committed through" mark, and whether it has a pending instant
   * with a live heartbeat.
   */
  public record Look(Optional<Long> committedThrough, boolean liveInstant) {
    public boolean committedThrough(long eventTimeMillis) {
      return committedThrough.isPresent() && committedThrough.get() >= eventTimeMillis;
    }
  }
}
