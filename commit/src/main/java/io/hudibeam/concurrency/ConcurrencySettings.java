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
import java.util.Locale;

/**
 * How writers of one table share it, read from Hudi 0.15's keys ({@code HoodieWriteConfig}, {@code
 * HoodieCleanConfig}, {@code HoodieLockConfig}):
 *
 * <ul>
 *   <li>{@link #MODE}: {@code SINGLE_WRITER} (the default) or {@code
 *       OPTIMISTIC_CONCURRENCY_CONTROL}, any case. Single writer: a write that starts while another
 *       write's heartbeat is live fails at once ({@link LiveWriters}). Optimistic concurrency
 *       control: writers run at the same time; at commit, under the table lock, the conflict check
 *       ({@link WriteConflicts}) decides, and the loser is rolled back.
 *   <li>{@link #FAILED_WRITES}: {@code EAGER} (default with a single writer) or {@code LAZY}
 *       (default with optimistic concurrency control, which Hudi's writer also switches to LAZY).
 *       LAZY rolls back only pending writes whose heartbeat has expired (or that have none), with
 *       no ordering rule, as Hudi's LAZY policy does; with a single writer, the start refuses a
 *       live writer and rolls back the others whatever the policy. {@code EAGER} with optimistic
 *       concurrency control would roll back the other live writers, and {@code NEVER} is not
 *       supported: both are refused.
 *   <li>{@link #LOCK_PROVIDER}: with optimistic concurrency control it must name Hudi's {@value
 *       #FILE_SYSTEM_LOCK_PROVIDER}, whose lock file this writer takes ({@link TableLock}), so that
 *       a Hudi writer configured the same way excludes this one, or Hudi's {@code
 *       InProcessLockProvider} ({@link LockSettings#IN_PROCESS_LOCK_PROVIDER}), a lock held in this
 *       JVM that excludes only writers in the same JVM (tests, the DirectRunner, an embedded
 *       Flink); other providers (ZooKeeper, DynamoDB, Hive metastore) are not implemented and are
 *       refused rather than ignored.
 * </ul>
 *
 * @param mode the write concurrency mode
 * @param lazyFailedWrites whether failed writes are rolled back lazily (only expired heartbeats)
 */
public record ConcurrencySettings(Mode mode, boolean lazyFailedWrites) implements Serializable {
  /** The keys of these settings (the settings registry declares them with these keys). */
  public static final String MODE = "hoodie.write.concurrency.mode";

  public static final String FAILED_WRITES = "hoodie.cleaner.policy.failed.writes";
  public static final String LOCK_PROVIDER = "hoodie.write.lock.provider";
  public static final String FILE_SYSTEM_LOCK_PROVIDER =
      "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider";

  /** Hudi's {@code WriteConcurrencyMode} values that this writer supports. */
  public enum Mode {
    SINGLE_WRITER,
    OPTIMISTIC_CONCURRENCY_CONTROL
  }

  public static ConcurrencySettings singleWriter() {
    return new ConcurrencySettings(Mode.SINGLE_WRITER, false);
  }

  /** Whether several writers may run at once (optimistic concurrency control). */
  public boolean optimistic() {
    return mode == Mode.OPTIMISTIC_CONCURRENCY_CONTROL;
  }

  /**
   * Parses {@code hoodie.write.concurrency.mode} (the parser the settings registry reads {@link
   * #MODE} with).
   */
  public static Mode parseMode(String key, String value) {
    String modeValue = value.trim();
    try {
      return Mode.valueOf(modeValue.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new HudiTableException(
          String.format(
              "%s='%s' is not supported; expected SINGLE_WRITER (the default) or"
                  + " OPTIMISTIC_CONCURRENCY_CONTROL (any case)%s",
              key,
              modeValue,
              modeValue.equalsIgnoreCase("NON_BLOCKING_CONCURRENCY_CONTROL")
                  ? "; Hudi 1.x's non-blocking concurrency control needs table version 8"
                  : ""),
          e);
    }
  }

  /**
   * Parses {@code hoodie.cleaner.policy.failed.writes} to EAGER or LAZY (the parser the settings
   * registry reads {@link #FAILED_WRITES} with).
   */
  public static String parseFailedWrites(String key, String value) {
    String failed = value.trim().toUpperCase(Locale.ROOT);
    if (!failed.equals("EAGER") && !failed.equals("LAZY")) {
      throw new HudiTableException(
          String.format(
              "%s='%s' is not supported; expected EAGER (the default with a single writer) or LAZY (the"
                  + " default with %s=OPTIMISTIC_CONCURRENCY_CONTROL)",
              key, value, MODE));
    }
    return failed;
  }
}
