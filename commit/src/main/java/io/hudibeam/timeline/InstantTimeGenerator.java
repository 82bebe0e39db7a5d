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
package io.hudibeam.timeline;

import io.hudibeam.table.TimelineTimezone;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Mints instant times from a clock in the table's timeline zone, always strictly greater than every
 * instant already on the timeline (any action, any state), even when the clock is behind it.
 */
public final class InstantTimeGenerator {
  private final Clock clock;
  private final Optional<InstantTime> floor;

  public InstantTimeGenerator(Clock clock, TimelineTimezone timezone) {
    this(clock.withZone(timezone.zoneId()), Optional.empty());
  }

  private InstantTimeGenerator(Clock zoned, Optional<InstantTime> floor) {
    this.clock = zoned;
    this.floor = floor;
  }

  /**
   * This generator, also minting after {@code floor} (the latest instant of a table version 8
   * metadata table, whose compactions take fresh instant times that are on no data timeline).
   */
  public InstantTimeGenerator after(Optional<InstantTime> floor) {
    return new InstantTimeGenerator(clock, floor.isPresent() ? floor : this.floor);
  }

  public InstantTimeGenerator(TimelineTimezone timezone) {
    this(Clock.systemDefaultZone(), timezone);
  }

  /** The next instant time after everything on {@code timeline}. */
  public InstantTime next(Timeline timeline) {
    return next(timeline.latestInstantTime());
  }

  public InstantTime next(Optional<InstantTime> latest) {
    if (floor.isPresent() && (latest.isEmpty() || floor.get().isAfter(latest.get()))) {
      latest = floor;
    }
    LocalDateTime now = LocalDateTime.now(clock).truncatedTo(ChronoUnit.MILLIS);
    InstantTime candidate = InstantTime.of(now);
    if (latest.isPresent() && !candidate.isAfter(latest.get())) {
      candidate = InstantTime.of(latest.get().toLocalDateTime().plus(1, ChronoUnit.MILLIS));
    }
    return candidate;
  }
}
