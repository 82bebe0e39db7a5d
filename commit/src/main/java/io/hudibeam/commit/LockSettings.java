package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Map;
import java.util.Optional;

/**
 * The table lock, read from the keys of Hudi 0.15's {@code FileSystemBasedLockProvider} and {@code
 * LockManager} ({@code HoodieLockConfig}): {@value #PATH} (the folder of the lock file {@code lock};
 * default the table's {@code .hoodie}), {@value #EXPIRE_MINUTES} (a lock file older than this is
 * deleted as abandoned; default 0: never), {@value #CLIENT_RETRIES} (default 50) and {@value
 * #CLIENT_RETRY_WAIT} (default 5000 ms): how often and how far apart a held lock is tried again.
 *
 * @param folder the lock folder, or null for the table's {@code .hoodie}
 * @param expireMinutes minutes after which a lock file is abandoned; 0 never
 * @param clientRetries tries after the first before giving up
 * @param retryWaitMillis wait between tries
 */
public record LockSettings(String folder, int expireMinutes, int clientRetries, long retryWaitMillis)
    implements Serializable {
  public static final String PATH = "hoodie.write.lock.filesystem.path";
  public static final String EXPIRE_MINUTES = "hoodie.write.lock.filesystem.expire";
  public static final String CLIENT_RETRIES = "hoodie.write.lock.client.num_retries";
  public static final String CLIENT_RETRY_WAIT = "hoodie.write.lock.client.wait_time_ms_between_retry";

  public LockSettings {
    if (expireMinutes < 0) {
      throw new HudiTableException(EXPIRE_MINUTES + " must be >= 0 minutes (0: never), but was " + expireMinutes);
    }
    if (clientRetries < 0) {
      throw new HudiTableException(CLIENT_RETRIES + " must be >= 0, but was " + clientRetries);
    }
    if (retryWaitMillis < 0) {
      throw new HudiTableException(CLIENT_RETRY_WAIT + " must be >= 0 ms, but was " + retryWaitMillis);
    }
  }

  public static LockSettings defaults() {
    return new LockSettings(null, 0, 50, 5000);
  }

  /** Reads the four keys; missing ones take Hudi's defaults. */
  public static LockSettings fromProperties(Map<String, String> properties) {
    LockSettings d = defaults();
    String folder = properties.get(PATH);
    return new LockSettings(
        folder == null || folder.isBlank() ? null : folder.trim(),
        Settings.parseInt(properties, EXPIRE_MINUTES, d.expireMinutes()),
        Settings.parseInt(properties, CLIENT_RETRIES, d.clientRetries()),
        Settings.parseLong(properties, CLIENT_RETRY_WAIT, d.retryWaitMillis()));
  }

  public Optional<String> lockFolder() {
    return Optional.ofNullable(folder);
  }

  public LockSettings withRetries(int retries, long waitMillis) {
    return new LockSettings(folder, expireMinutes, retries, waitMillis);
  }
}
