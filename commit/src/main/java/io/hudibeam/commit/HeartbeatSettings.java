package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Map;

/**
 * Writer heartbeats as Hudi 0.15's {@code HoodieHeartbeatClient} keeps them: {@value #INTERVAL}
 * (default 60000 ms, at least 1000 as Hudi checks) and {@value #TOLERABLE_MISSES} (default 2). A
 * heartbeat is expired when the time since its file was last written is greater than interval ×
 * misses ({@code HoodieHeartbeatClient.isHeartbeatExpired}, {@code
 * HoodieHeartbeatUtils.isHeartbeatExpired}).
 *
 * @param intervalMillis how often a live writer refreshes its heartbeat
 * @param tolerableMisses how many refreshes may be missed before the heartbeat is expired
 */
public record HeartbeatSettings(long intervalMillis, int tolerableMisses) implements Serializable {
  public static final String INTERVAL = "hoodie.client.heartbeat.interval_in_ms";
  public static final String TOLERABLE_MISSES = "hoodie.client.heartbeat.tolerable.misses";
  public static final long DEFAULT_INTERVAL_MILLIS = 60_000;
  public static final int DEFAULT_TOLERABLE_MISSES = 2;

  public HeartbeatSettings {
    if (intervalMillis < 1000) {
      throw new HudiTableException(
          INTERVAL + " must be >= 1000 ms (as Hudi requires), but was " + intervalMillis);
    }
    if (tolerableMisses < 0) {
      throw new HudiTableException(TOLERABLE_MISSES + " must be >= 0, but was " + tolerableMisses);
    }
  }

  public static HeartbeatSettings defaults() {
    return new HeartbeatSettings(DEFAULT_INTERVAL_MILLIS, DEFAULT_TOLERABLE_MISSES);
  }

  /** Reads the two keys; missing ones take Hudi's defaults. */
  public static HeartbeatSettings fromProperties(Map<String, String> properties) {
    return new HeartbeatSettings(
        Settings.parseLong(properties, INTERVAL, DEFAULT_INTERVAL_MILLIS),
        (int) Settings.parseLong(properties, TOLERABLE_MISSES, DEFAULT_TOLERABLE_MISSES));
  }

  /** The age beyond which a heartbeat is expired: interval × tolerable misses. */
  public long maxAllowedAgeMillis() {
    return intervalMillis * tolerableMisses;
  }
}
