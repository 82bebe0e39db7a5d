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
package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;

/**
 * Writer heartbeats as Hudi 0.15's {@code HoodieHeartbeatClient} keeps them: {@link #INTERVAL}
 * (default 60000 ms, at least 1000 as Hudi checks) and {@link #TOLERABLE_MISSES} (default 2). A
 * heartbeat is expired when the time since its file was last written is greater than interval ×
 * misses ({@code HoodieHeartbeatClient.isHeartbeatExpired}, {@code
 * HoodieHeartbeatUtils.isHeartbeatExpired}).
 *
 * @param intervalMillis how often a live writer refreshes its heartbeat
 * @param tolerableMisses how many refreshes may be missed before the heartbeat is expired
 */
public record HeartbeatSettings(long intervalMillis, int tolerableMisses) implements Serializable {
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
  }

  public static HeartbeatSettings defaults() {
    return new HeartbeatSettings(DEFAULT_INTERVAL_MILLIS, DEFAULT_TOLERABLE_MISSES);
  }

  /** The age beyond which a heartbeat is expired: interval × tolerable misses. */
  public long maxAllowedAgeMillis() {
    return intervalMillis * tolerableMisses;
  }
}
