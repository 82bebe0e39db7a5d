package io.hudibeam.transforms.instant;

import io.hudibeam.commit.Heartbeats;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.timeline.InstantTime;
import java.time.Clock;
import org.apache.hadoop.fs.FileSystem;

/**
 * Keeps the heartbeat ({@code .hoodie/.heartbeat/<instant>}) of a running write alive. One per DoFn
 * instance (a transient field, made in {@code @Setup} or on first use).
 *
 * <p>Who refreshes: every DoFn that works for the instant (the base-file listing of the index,
 * the planner, the file-group writers, bulk insert and the commit) calls {@link #refresh} for each
 * element it processes, and the call writes the heartbeat file at most once per {@code
 * hoodie.client.heartbeat.interval_in_ms} per DoFn instance. There is deliberately no background
 * refresher thread: a thread started in {@code @Setup} outlives a failed pipeline whenever the
 * runner does not call {@code @Teardown} (Beam does not promise it), and a heartbeat kept alive by a
 * dead pipeline would block every later writer of the table. Refreshing from the work itself means
 * the heartbeat is live exactly while the pipeline makes progress on the instant, and stops with
 * it. The price: a stretch longer than interval × tolerable misses (2 minutes by default) in which
 * no stage of the write processes an element (a very long shuffle, or one file group whose merge
 * takes that long) lets the heartbeat expire; another writer may then roll the instant back, and
 * this write's commit fails cleanly and deletes its files (nothing is lost or left behind). Raise
 * {@code hoodie.client.heartbeat.tolerable.misses} for such writes.
 */
public final class InstantHeartbeat {
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

  public static InstantHeartbeat of(WriteSpec spec, FileSystem fs) {
    Clock clock = Clock.systemUTC();
    return new InstantHeartbeat(
        new Heartbeats(fs, spec.paths(), spec.heartbeatSettings(), clock),
        spec.heartbeatSettings().intervalMillis(), clock);
  }

  /** Writes the instant's heartbeat unless this DoFn instance did within the last interval. */
  public void refresh(StartedInstant instant) {
    long now = clock.millis();
    if (!instant.instantTime().equals(lastInstant) || now - lastBeatMillis >= intervalMillis) {
      heartbeats.beat(instant.instantTime());
      lastInstant = instant.instantTime();
      lastBeatMillis = now;
    }
  }
}
