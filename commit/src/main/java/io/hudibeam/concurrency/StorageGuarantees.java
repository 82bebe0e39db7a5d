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
import io.hudibeam.table.TablePaths;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the table's file system guarantees the commit protocol, checked when a write or a table
 * service starts. The protocol creates files only if absent in these places: the table lock file
 * ({@link TableLock}, the only one mutual exclusion rests on), an instant's state files ({@code
 * timeline/TimelineWriter}, created under the lock and refused if present), {@code
 * hoodie.properties} of a new table ({@code table/TableConfigStore}) and version 8's history files
 * ({@code timeline/TimelineHistory}, under the lock); heartbeats and markers are overwritten, never
 * created-if-absent, and base and log files have names no other writer draws.
 *
 * <p>Where the file system cannot create a file only if absent in one atomic step ({@link
 * CreateIfAbsent#CHECK_THEN_CREATE}: S3 through S3A on Hadoop before 3.4.2, or on a store that
 * ignores {@code If-None-Match}; {@link TableLock#createIfAbsent()} probes it), the file-system
 * lock excludes no other writer. A single writer then runs and logs that one writer at a time is
 * assumed, not enforced (its commits announce themselves instead, {@link CommitIntents});
 * optimistic concurrency control is refused unless the lock is one that holds there (Hudi's {@code
 * InProcessLockProvider}, for writers in one JVM), naming the setting.
 */
public final class StorageGuarantees {
  private static final Logger LOG = LoggerFactory.getLogger(StorageGuarantees.class);

  private StorageGuarantees() {}

  /**
   * Refuses optimistic concurrency control with a lock that does not hold on {@code fs}; logs, for
   * a single writer, that concurrent writers are not excluded there.
   */
  public static void check(
      FileSystem fs, TablePaths paths, ConcurrencySettings concurrency, TableLock lock) {
    if (lock.excludesOtherWriters()) {
      return;
    }
    if (concurrency.optimistic()) {
      throw new HudiTableException(
          String.format(
              "Table %s: %s=OPTIMISTIC_CONCURRENCY_CONTROL needs a lock that excludes other writers,"
                  + " and the file-system lock (%s=%s) does not on %s: it cannot create the lock"
                  + " file %s only if absent in one atomic step, so two writers could both hold it"
                  + " (on S3, Hadoop 3.4.2's S3A with %s=true makes it atomic where the store"
                  + " honours If-None-Match; this one did not, or the client lacks it)."
                  + " Run one writer (%s=SINGLE_WRITER), or set %s=%s if every writer of this table"
                  + " runs in this JVM.",
              paths,
              ConcurrencySettings.MODE,
              ConcurrencySettings.LOCK_PROVIDER,
              ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER,
              CreateIfAbsent.describe(fs),
              lock.lockFile(),
              CreateIfAbsent.S3A_CONDITIONAL_ENABLED,
              ConcurrencySettings.MODE,
              ConcurrencySettings.LOCK_PROVIDER,
              LockSettings.IN_PROCESS_LOCK_PROVIDER));
    }
    LOG.info(
        "Table {}: {} cannot create a file only if absent in one atomic step, so the table lock {}"
            + " excludes no other writer: one writer at a time is assumed ({}=SINGLE_WRITER), not"
            + " enforced; a second writer started at the same moment may not be refused, but of"
            + " two commits at the same moment at least one fails (commit intents in {})",
        paths,
        CreateIfAbsent.describe(fs),
        lock.lockFile(),
        ConcurrencySettings.MODE,
        paths.commitIntentFolder());
  }
}
