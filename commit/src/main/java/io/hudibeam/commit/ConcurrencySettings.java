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
import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Locale;
import java.util.Map;

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
  /** The registry's keys ({@link HudiSettings}), for callers that build properties. */
  public static final String MODE = ConcurrencyControlSettings.CONCURRENCY_MODE.key();

  public static final String FAILED_WRITES = ConcurrencyControlSettings.FAILED_WRITES_POLICY.key();
  public static final String LOCK_PROVIDER = ConcurrencyControlSettings.LOCK_PROVIDER.key();
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

  /** Reads the three keys; refuses values and combinations this writer cannot honour. */
  public static ConcurrencySettings fromProperties(Map<String, String> properties) {
    Mode mode = ConcurrencyControlSettings.CONCURRENCY_MODE.get(properties);
    String failed =
        ConcurrencyControlSettings.FAILED_WRITES_POLICY
            .find(properties)
            .orElse(mode == Mode.OPTIMISTIC_CONCURRENCY_CONTROL ? "LAZY" : "EAGER");
    if (mode == Mode.OPTIMISTIC_CONCURRENCY_CONTROL) {
      if (failed.equals("EAGER")) {
        throw new HudiTableException(
            String.format(
                "%s=EAGER cannot be used with %s=optimistic_concurrency_control: a writer would roll back"
                    + " the pending writes of the other live writers. Use LAZY (the default with optimistic"
                    + " concurrency control), as Hudi's writer does.",
                FAILED_WRITES, MODE));
      }
      String provider = properties.get(LOCK_PROVIDER);
      if (provider == null
          || !(provider.trim().equals(FILE_SYSTEM_LOCK_PROVIDER)
              || provider.trim().equals(LockSettings.IN_PROCESS_LOCK_PROVIDER))) {
        throw new HudiTableException(
            String.format(
                "%s=optimistic_concurrency_control needs %s=%s: HudiIO takes that provider's lock file"
                    + " (.hoodie/lock, or the folder in hoodie.write.lock.filesystem.path), and every writer"
                    + " of the table, HudiIO or Hudi's, must use the same lock to exclude the others (or %s"
                    + " when every writer runs in one JVM); but %s.",
                MODE,
                LOCK_PROVIDER,
                FILE_SYSTEM_LOCK_PROVIDER,
                LockSettings.IN_PROCESS_LOCK_PROVIDER,
                provider == null
                    ? "it is not set"
                    : "it is '" + provider + "', which HudiIO does not implement"));
      }
    }
    return new ConcurrencySettings(mode, failed.equals("LAZY"));
  }

  /**
   * Parses {@code hoodie.write.concurrency.mode} (the parser of {@link
   * HudiSettings#CONCURRENCY_MODE}).
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
   * Parses {@code hoodie.cleaner.policy.failed.writes} to EAGER or LAZY (the parser of {@link
   * HudiSettings#FAILED_WRITES_POLICY}).
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
