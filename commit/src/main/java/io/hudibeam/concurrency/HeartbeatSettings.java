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

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;

/**
 * Writer heartbeats as Hudi 0.15's {@code HoodieHeartbeatClient} keeps them: {@link #INTERVAL}
 * (default 60000 ms, at least 1000 as Hudi checks) and {@link #TOLERABLE_MISSES} (default 2). A
 * heartbeat is expired when the time since its file was last written is greater than interval ×
 * misses ({@code HoodieHeartbeatClient.isHeartbeatExpired}, {@code
 * HoodieHeartbeatUtils.isHeartbeatExpired}).
 *
 * <p>The writer id is not a Hudi setting: it names the write (one {@code HudiIO.write()} run) whose
 * heartbeats these are, and is the content of the heartbeat files it writes ({@link
 * Heartbeats#releaseWriter}); empty for writes that do not name themselves.
 *
 * @param intervalMillis how often a live writer refreshes its heartbeat
 * @param tolerableMisses how many refreshes may be missed before the heartbeat is expired
 * @param writer the id written into this writer's heartbeat files, or empty
 */
public record HeartbeatSettings(long intervalMillis, int tolerableMisses, String writer)
    implements Serializable {
  /** The keys of the two settings (the settings registry declares them with these keys). */
  public static final String INTERVAL = "hoodie.client.heartbeat.interval_in_ms";

  public static final String TOLERABLE_MISSES = "hoodie.client.heartbeat.tolerable.misses";

  /** Hudi's defaults ({@code HoodieWriteConfig}). */
  public static final long DEFAULT_INTERVAL_MILLIS = 60_000L;

  public static final int DEFAULT_TOLERABLE_MISSES = 2;

  /** Hudi's own lower bound of the interval ({@code HoodieHeartbeatClient}). */
  public static final long MIN_INTERVAL_MILLIS = 1000L;

  /** Each value is checked where it is read, by the settings registry; the bounds again here. */
  public HeartbeatSettings {
    if (intervalMillis < MIN_INTERVAL_MILLIS || tolerableMisses < 0) {
      throw new HudiTableException(
          String.format(
              "%s must be >= %d and %s >= 0, but were %d and %d",
              INTERVAL, MIN_INTERVAL_MILLIS, TOLERABLE_MISSES, intervalMillis, tolerableMisses));
    }
    if (writer == null || writer.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("A heartbeat writer id is one line of text: " + writer);
    }
  }

  /** Settings of a writer that does not name itself. */
  public HeartbeatSettings(long intervalMillis, int tolerableMisses) {
    this(intervalMillis, tolerableMisses, "");
  }

  /** The same settings for the writer named {@code writer}. */
  public HeartbeatSettings withWriter(String writer) {
    return new HeartbeatSettings(intervalMillis, tolerableMisses, writer);
  }

  public static HeartbeatSettings defaults() {
    return new HeartbeatSettings(DEFAULT_INTERVAL_MILLIS, DEFAULT_TOLERABLE_MISSES);
  }

  /** The age beyond which a heartbeat is expired: interval × tolerable misses. */
  public long maxAllowedAgeMillis() {
    return intervalMillis * tolerableMisses;
  }
}
