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

  /** The keys of these settings (the settings registry declares them with these keys). */
  public static final String PATH = "hoodie.write.lock.filesystem.path";

  public static final String EXPIRE_MINUTES = "hoodie.write.lock.filesystem.expire";
  public static final String CLIENT_RETRIES = "hoodie.write.lock.client.num_retries";
  public static final String CLIENT_RETRY_WAIT =
      "hoodie.write.lock.client.wait_time_ms_between_retry";

  /** Hudi's defaults ({@code HoodieLockConfig}): never expire, 50 retries 5 s apart. */
  public static final int DEFAULT_EXPIRE_MINUTES = 0;

  public static final int DEFAULT_CLIENT_RETRIES = 50;
  public static final long DEFAULT_RETRY_WAIT_MILLIS = 5000L;

  /** Each value is checked where it is read, by the settings registry; the bounds again here. */
  public LockSettings {
    if (expireMinutes < 0 || clientRetries < 0 || retryWaitMillis < 0) {
      throw new HudiTableException(
          String.format(
              "%s, %s and %s must be >= 0, but were %d, %d and %d",
              EXPIRE_MINUTES,
              CLIENT_RETRIES,
              CLIENT_RETRY_WAIT,
              expireMinutes,
              clientRetries,
              retryWaitMillis));
    }
  }

  /** A file lock ({@code FileSystemBasedLockProvider}'s). */
  public LockSettings(String folder, int expireMinutes, int clientRetries, long retryWaitMillis) {
    this(folder, expireMinutes, clientRetries, retryWaitMillis, false);
  }

  /** A file lock in the table's {@code .hoodie} with Hudi's defaults. */
  public static LockSettings defaults() {
    return new LockSettings(
        null, DEFAULT_EXPIRE_MINUTES, DEFAULT_CLIENT_RETRIES, DEFAULT_RETRY_WAIT_MILLIS, false);
  }

  public Optional<String> lockFolder() {
    return Optional.ofNullable(folder);
  }

  public LockSettings withRetries(int retries, long waitMillis) {
    return new LockSettings(folder, expireMinutes, retries, waitMillis, inProcess);
  }
}
