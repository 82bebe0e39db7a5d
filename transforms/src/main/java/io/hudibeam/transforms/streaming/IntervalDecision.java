package io.hudibeam.transforms.streaming;

import io.hudibeam.commit.StartedInstant;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * What the coordinator decided for one commit interval (window {@code [start, end)} of event time):
 * the instant started for it, or skip (the sink already committed through its end: a replay).
 */
public final class IntervalDecision implements Serializable {
  private static final long serialVersionUID = 1L;
  private final long windowStart;
  private final long windowEnd;
  private final @Nullable StartedInstant started;

  private IntervalDecision(long windowStart, long windowEnd, @Nullable StartedInstant started) {
    this.windowStart = windowStart;
    this.windowEnd = windowEnd;
    this.started = started;
  }

  public static IntervalDecision start(long windowStart, long windowEnd, StartedInstant started) {
    return new IntervalDecision(windowStart, windowEnd, Objects.requireNonNull(started));
  }

  public static IntervalDecision skip(long windowStart, long windowEnd) {
    return new IntervalDecision(windowStart, windowEnd, null);
  }

  public long windowStart() {
    return windowStart;
  }

  public long windowEnd() {
    return windowEnd;
  }

  public Optional<StartedInstant> started() {
    return Optional.ofNullable(started);
  }

  public boolean isSkip() {
    return started == null;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof IntervalDecision)) {
      return false;
    }
    IntervalDecision d = (IntervalDecision) o;
    return windowStart == d.windowStart && windowEnd == d.windowEnd && Objects.equals(started, d.started);
  }

  @Override
  public int hashCode() {
    return Objects.hash(windowStart, windowEnd, started);
  }

  @Override
  public String toString() {
    return "[" + new Instant(windowStart) + ", " + new Instant(windowEnd) + ") "
        + (started == null ? "SKIP" : "START " + started.instantTime());
  }
}
