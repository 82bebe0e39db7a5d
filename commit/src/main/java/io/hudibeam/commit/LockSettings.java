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
import java.util.Optional;

/**
 * The table lock, read from the keys of Hudi 0.15's {@code FileSystemBasedLockProvider} and {@code
 * LockManager} ({@code HoodieLockConfig}): {@link #PATH} (the folder of the lock file {@code lock};
 * default the table's {@code .hoodie}), {@link #EXPIRE_MINUTES} (a lock file older than this is
 * deleted as abandoned; default 0: never), {@link #CLIENT_RETRIES} (default 50) and {@link
 * #CLIENT_RETRY_WAIT} (default 5000 ms): how often and how far apart a held lock is tried again.
 *
 * <p>With {@code hoodie.write.lock.provider} set to Hudi's {@value #IN_PROCESS_LOCK_PROVIDER} the
 * lock is held in this JVM instead of a file ({@link TableLock}): it excludes only writers in the
 * same JVM (tests, the DirectRunner, an embedded Flink), as Hudi's provider of that name does.
 *
 * @param folder the lock folder, or null for the table's {@code .hoodie}
 * @param expireMinutes minutes after which a lock file is abandoned; 0 never
 * @param clientRetries tries after the first before giving up
 * @param retryWaitMillis wait between tries
 * @param inProcess whether the lock is held in this JVM (Hudi's {@code InProcessLockProvider})
 */
public record LockSettings(
    String folder, int expireMinutes, int clientRetries, long retryWaitMillis, boolean inProcess)
    implements Serializable {
  /** Hudi's lock provider for writers in one JVM. */
  public static final String IN_PROCESS_LOCK_PROVIDER =
      "org.apache.hudi.client.transaction.lock.InProcessLockProvider";

  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String PATH = ConcurrencyControlSettings.LOCK_PATH.key();

  public static final String EXPIRE_MINUTES = ConcurrencyControlSettings.LOCK_EXPIRE_MINUTES.key();
  public static final String CLIENT_RETRIES = ConcurrencyControlSettings.LOCK_CLIENT_RETRIES.key();
  public static final String CLIENT_RETRY_WAIT =
      ConcurrencyControlSettings.LOCK_CLIENT_RETRY_WAIT_MS.key();

  public LockSettings {
    ConcurrencyControlSettings.LOCK_EXPIRE_MINUTES.check(expireMinutes);
    ConcurrencyControlSettings.LOCK_CLIENT_RETRIES.check(clientRetries);
    ConcurrencyControlSettings.LOCK_CLIENT_RETRY_WAIT_MS.check(retryWaitMillis);
  }

  /** A file lock ({@code FileSystemBasedLockProvider}'s). */
  public LockSettings(String folder, int expireMinutes, int clientRetries, long retryWaitMillis) {
    this(folder, expireMinutes, clientRetries, retryWaitMillis, false);
  }

  public static LockSettings defaults() {
    return fromProperties(Map.of());
  }

  /** Reads the four keys; missing ones take Hudi's defaults. */
  public static LockSettings fromProperties(Map<String, String> properties) {
    return new LockSettings(
        ConcurrencyControlSettings.LOCK_PATH.find(properties).orElse(null),
        ConcurrencyControlSettings.LOCK_EXPIRE_MINUTES.get(properties),
        ConcurrencyControlSettings.LOCK_CLIENT_RETRIES.get(properties),
        ConcurrencyControlSettings.LOCK_CLIENT_RETRY_WAIT_MS.get(properties),
        ConcurrencyControlSettings.LOCK_PROVIDER
            .find(properties)
            .map(p -> p.trim().equals(IN_PROCESS_LOCK_PROVIDER))
            .orElse(false));
  }

  public Optional<String> lockFolder() {
    return Optional.ofNullable(folder);
  }

  public LockSettings withRetries(int retries, long waitMillis) {
    return new LockSettings(folder, expireMinutes, retries, waitMillis, inProcess);
  }
}
