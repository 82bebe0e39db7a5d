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

import io.hudibeam.settings.ConcurrencyControlSettings;
import java.io.Serializable;
import java.util.Map;

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
  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String INTERVAL = ConcurrencyControlSettings.HEARTBEAT_INTERVAL_MS.key();

  public static final String TOLERABLE_MISSES =
      ConcurrencyControlSettings.HEARTBEAT_TOLERABLE_MISSES.key();
  public static final long DEFAULT_INTERVAL_MILLIS =
      ConcurrencyControlSettings.HEARTBEAT_INTERVAL_MS.defaultValue().orElseThrow();
  public static final int DEFAULT_TOLERABLE_MISSES =
      ConcurrencyControlSettings.HEARTBEAT_TOLERABLE_MISSES.defaultValue().orElseThrow();

  public HeartbeatSettings {
    ConcurrencyControlSettings.HEARTBEAT_INTERVAL_MS.check(
        intervalMillis); // at least 1000 ms, as Hudi requires
    ConcurrencyControlSettings.HEARTBEAT_TOLERABLE_MISSES.check(tolerableMisses);
  }

  public static HeartbeatSettings defaults() {
    return new HeartbeatSettings(DEFAULT_INTERVAL_MILLIS, DEFAULT_TOLERABLE_MISSES);
  }

  /** Reads the two keys; missing ones take Hudi's defaults. */
  public static HeartbeatSettings fromProperties(Map<String, String> properties) {
    return new HeartbeatSettings(
        ConcurrencyControlSettings.HEARTBEAT_INTERVAL_MS.get(properties),
        ConcurrencyControlSettings.HEARTBEAT_TOLERABLE_MISSES.get(properties));
  }

  /** The age beyond which a heartbeat is expired: interval × tolerable misses. */
  public long maxAllowedAgeMillis() {
    return intervalMillis * tolerableMisses;
  }
}
