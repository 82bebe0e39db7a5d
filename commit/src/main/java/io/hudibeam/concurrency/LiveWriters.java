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
package io.hudibeam.concurrency;

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The check a start makes before it rolls anything back: a pending write instant whose heartbeat is
 * live belongs to a writer that is still running, so the start fails at once ({@link
 * ConcurrentWriterException}) with a message naming the instant, the heartbeat's age and the
 * settings; pending instants with an expired heartbeat or none are left to the rollback.
 */
public final class LiveWriters {
  private final TablePaths paths;
  private final Heartbeats heartbeats;

  public LiveWriters(TablePaths paths, Heartbeats heartbeats) {
    this.paths = paths;
    this.heartbeats = heartbeats;
  }

  /** Fails if a pending write instant on {@code timeline} has a live heartbeat. */
  public void refuseStart(Timeline timeline) {
    for (Instant pending : timeline.pending().instants()) {
      if (!pending.action().writesData()) {
        continue;
      }
      Optional<Duration> age = heartbeats.age(pending.time());
      if (age.isPresent() && !heartbeats.isExpiredAge(age.get())) {
        HeartbeatSettings s = heartbeats.settings();
        throw new ConcurrentWriterException(
            String.format(
                Locale.ROOT,
                "Cannot start a write on table %s: instant %s (%s, %s) belongs to a writer that is still"
                    + " running: its heartbeat %s was refreshed %.1f s ago, and a heartbeat expires only"
                    + " after %s x %s = %d x %d ms. In single-writer mode (the default) a table has one writer"
                    + " at a time. To let writers run at the same time, set, on every writer of the table,"
                    + " hoodie.write.concurrency.mode=optimistic_concurrency_control and"
                    + " hoodie.write.lock.provider="
                    + ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER
                    + " (failed writes are then cleaned LAZY); a write that conflicts with one committed"
                    + " while it ran is then rolled back at its commit. Otherwise run the writes one after"
                    + " the other; if that writer has died, start again once its heartbeat has expired (in"
                    + " %.1f s) or delete the heartbeat file.",
                paths,
                pending.time(),
                pending.action().value(),
                pending.state(),
                heartbeats.file(pending.time()),
                age.get().toMillis() / 1000.0,
                HeartbeatSettings.INTERVAL,
                HeartbeatSettings.TOLERABLE_MISSES,
                s.intervalMillis(),
                s.tolerableMisses(),
                Math.max(0, s.maxAllowedAgeMillis() - age.get().toMillis() + 1) / 1000.0));
      }
    }
  }
}
