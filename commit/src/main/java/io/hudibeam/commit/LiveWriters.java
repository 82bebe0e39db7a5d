package io.hudibeam.commit;

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.Timeline;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The check a start makes before it rolls anything back: a pending write instant whose heartbeat
 * is live belongs to a writer that is still running, so the start fails at once ({@link
 * ConcurrentWriterException}) with a message naming the instant, the heartbeat's age and the
 * settings; pending instants with an expired heartbeat or none are left to the rollback.
 */
final class LiveWriters {
  private final TablePaths paths;
  private final Heartbeats heartbeats;

  LiveWriters(TablePaths paths, Heartbeats heartbeats) {
    this.paths = paths;
    this.heartbeats = heartbeats;
  }

  /** Fails if a pending write instant on {@code timeline} has a live heartbeat. */
  void refuseStart(Timeline timeline) {
    for (Instant pending : timeline.pending().instants()) {
      if (!pending.action().writesData()) {
        continue;
      }
      Optional<Duration> age = heartbeats.age(pending.time());
      if (age.isPresent() && !heartbeats.isExpiredAge(age.get())) {
        HeartbeatSettings s = heartbeats.settings();
        throw new ConcurrentWriterException(String.format(Locale.ROOT,
            "Cannot start a write on table %s: instant %s (%s, %s) belongs to a writer that is still"
                + " running: its heartbeat %s was refreshed %.1f s ago, and a heartbeat expires only"
                + " after %s x %s = %d x %d ms. HudiIO writes a table with one writer at a time (Hudi's"
                + " single-writer mode); concurrent writers need Hudi's multi-writer settings"
                + " (hoodie.write.concurrency.mode=optimistic_concurrency_control,"
                + " hoodie.cleaner.policy.failed.writes=LAZY, a hoodie.write.lock.provider), which HudiIO"
                + " does not support. Run the writes one after the other; if that writer has died, start"
                + " again once its heartbeat has expired (in %.1f s) or delete the heartbeat file.",
            paths, pending.time(), pending.action().value(), pending.state(), heartbeats.file(pending.time()),
            age.get().toMillis() / 1000.0, HeartbeatSettings.INTERVAL, HeartbeatSettings.TOLERABLE_MISSES,
            s.intervalMillis(), s.tolerableMisses(),
            Math.max(0, s.maxAllowedAgeMillis() - age.get().toMillis() + 1) / 1000.0));
      }
    }
  }
}
