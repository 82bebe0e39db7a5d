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
package io.hudibeam.transforms.instant;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTime;
import java.time.Clock;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the heartbeat ({@code .hoodie/.heartbeat/<instant>}) of a running write alive, and releases
 * it when the write fails. One per DoFn instance (a transient field, made in {@code @Setup} or on
 * first use).
 *
 * <p>Who refreshes: every DoFn that works for the instant (the base-file listing of the index, the
 * planner, the file-group writers, bulk insert and the commit) calls {@link #refresh} for each
 * element it processes, and the call writes the heartbeat file at most once per {@code
 * hoodie.client.heartbeat.interval_in_ms} per DoFn instance. There is deliberately no background
 * refresher thread: a thread started in {@code @Setup} outlives a failed pipeline whenever the
 * runner does not call {@code @Teardown} (Beam does not promise it), and a heartbeat kept alive by
 * a dead pipeline would block every later writer of the table. Refreshing from the work itself
 * means the heartbeat is live exactly while the pipeline makes progress on the instant, and stops
 * with it. The price: a stretch longer than interval × tolerable misses (2 minutes by default) in
 * which no stage of the write processes an element (a very long shuffle, or one file group whose
 * merge takes that long) lets the heartbeat expire; another writer may then roll the instant back,
 * and this write's commit fails cleanly and deletes its files (nothing is lost or left behind).
 * Raise {@code hoodie.client.heartbeat.tolerable.misses} for such writes.
 *
 * <p>A refresh only rewrites a heartbeat that is there ({@link Heartbeats#refreshIfPresent}): the
 * start creates it, and once the commit, a rollback or a failure has removed it, a late element of
 * the same write does not bring it back.
 *
 * <p>Failure ({@link #releaseAfterFailure}): when the work of a DoFn for the instant throws, the
 * DoFn deletes the instant's heartbeat before the exception leaves it, so the next write of the
 * table does not wait up to interval × misses for a writer that has failed: it finds the instant
 * without a heartbeat and rolls it back at once (single-writer mode) or lazily (optimistic
 * concurrency). Only a failure this DoFn instance saw while working for the instant releases it: a
 * live writer's heartbeat is never touched by another writer, nor by its own DoFns that end
 * normally. A runner that retries the failed bundle (Dataflow, Flink with restarts) continues an
 * instant without a heartbeat: if another writer rolls it back meanwhile, the retried write's
 * commit finds its instant gone, deletes its files and fails, so nothing is lost. Key generation
 * under the FAIL policy does not know the instant: it releases every heartbeat that holds this
 * writer's id ({@link #releaseWriterAfterFailure}). A key failure that comes before the start has
 * written the heartbeat releases nothing, and that heartbeat expires as before; failures before key
 * generation (the input itself) leave the heartbeat to expire too.
 */
public final class InstantHeartbeat {
  private static final Logger LOG = LoggerFactory.getLogger(InstantHeartbeat.class);
  private final Heartbeats heartbeats;
  private final long intervalMillis;
  private final Clock clock;
  private InstantTime lastInstant;
  private long lastBeatMillis;

  InstantHeartbeat(Heartbeats heartbeats, long intervalMillis, Clock clock) {
    this.heartbeats = heartbeats;
    this.intervalMillis = intervalMillis;
    this.clock = clock;
  }

  /** The heartbeat of the table at {@code paths}, kept with {@code settings}. */
  public static InstantHeartbeat of(TablePaths paths, HeartbeatSettings settings, FileSystem fs) {
    Clock clock = Clock.systemUTC();
    return new InstantHeartbeat(
        new Heartbeats(fs, paths, settings, clock), settings.intervalMillis(), clock);
  }

  /**
   * Rewrites the instant's heartbeat unless this DoFn instance did within the last interval; a
   * heartbeat that is gone is not written again.
   */
  public void refresh(StartedInstant instant) {
    long now = clock.millis();
    if (!instant.instantTime().equals(lastInstant) || now - lastBeatMillis >= intervalMillis) {
      if (!heartbeats.refreshIfPresent(instant.instantTime())) {
        LOG.warn(
            "The heartbeat {} of instant {} is gone (the instant was completed or rolled back, or"
                + " its write failed); it is not written again",
            heartbeats.file(instant.instantTime()),
            instant.instantTime());
      }
      lastInstant = instant.instantTime();
      lastBeatMillis = now;
    }
  }

  /**
   * Deletes the heartbeats of every instant this writer holds ({@link Heartbeats#releaseWriter})
   * after {@code failure} was thrown by a stage that works before the instant is known to it (key
   * generation, which reads no side input so that the runner keeps it in the operator chain with
   * the stage before); a failure to delete is logged and added to {@code failure}.
   */
  public void releaseWriterAfterFailure(Throwable failure) {
    try {
      heartbeats.releaseWriter().forEach(instant -> logReleased(instant, failure));
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
      LOG.warn("A write failed, and its heartbeats could not be released; they expire", e);
    }
  }

  /**
   * Deletes the heartbeat of the instant this DoFn instance last refreshed, after {@code failure}
   * was thrown by its work for it; a failure to delete is logged and added to {@code failure}. Does
   * nothing when this instance has not worked for an instant.
   */
  public void releaseAfterFailure(Throwable failure) {
    if (lastInstant == null) {
      return;
    }
    InstantTime instant = lastInstant;
    lastInstant = null;
    try {
      heartbeats.delete(instant);
      logReleased(instant, failure);
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
      LOG.warn(
          "Instant {}: its write failed, and its heartbeat {} could not be deleted; the next write"
              + " waits for it to expire",
          instant,
          heartbeats.file(instant),
          e);
    }
  }

  private void logReleased(InstantTime instant, Throwable failure) {
    LOG.warn(
        "Instant {}: its write failed ({}); deleted its heartbeat {} so that the next write of the"
            + " table rolls it back at once",
        instant,
        failure.toString(),
        heartbeats.file(instant));
  }
}
