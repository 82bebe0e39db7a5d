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
package io.hudibeam.settings;

import static io.hudibeam.settings.SettingTypes.integer;
import static io.hudibeam.settings.SettingTypes.text;
import static io.hudibeam.settings.SettingTypes.whole;

import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.LockSettings;

/**
 * The settings of concurrency control, under Hudi's keys: heartbeats ({@code HoodieWriteConfig}),
 * the table lock ({@code HoodieLockConfig}), the concurrency mode and when failed writes are rolled
 * back; part of {@link HudiSettings#ALL}. {@link SettingsReader} reads them into {@link
 * ConcurrencySettings}, {@link LockSettings} and {@link HeartbeatSettings}.
 */
public final class ConcurrencyControlSettings {
  private ConcurrencyControlSettings() {}

  public static final Setting<Long> HEARTBEAT_INTERVAL_MS =
      whole(HeartbeatSettings.INTERVAL, HeartbeatSettings.MIN_INTERVAL_MILLIS)
          .defaultValue(HeartbeatSettings.DEFAULT_INTERVAL_MILLIS)
          .doc("How often a live writer refreshes its heartbeat (ms).")
          .build();

  public static final Setting<Integer> HEARTBEAT_TOLERABLE_MISSES =
      integer(HeartbeatSettings.TOLERABLE_MISSES, 0)
          .defaultValue(HeartbeatSettings.DEFAULT_TOLERABLE_MISSES)
          .doc("Refreshes a heartbeat may miss before its writer counts as dead.")
          .build();

  public static final Setting<String> LOCK_PATH =
      text(LockSettings.PATH, "a folder path")
          .defaultDoc("the table's .hoodie")
          .doc("The folder of the table lock file.")
          .build();

  public static final Setting<Integer> LOCK_EXPIRE_MINUTES =
      integer(LockSettings.EXPIRE_MINUTES, 0)
          .defaultValue(LockSettings.DEFAULT_EXPIRE_MINUTES)
          .defaultDoc("0 (never)")
          .doc("Minutes after which a lock file is deleted as abandoned.")
          .build();

  public static final Setting<Integer> LOCK_CLIENT_RETRIES =
      integer(LockSettings.CLIENT_RETRIES, 0)
          .defaultValue(LockSettings.DEFAULT_CLIENT_RETRIES)
          .doc("Tries after the first to take a held lock.")
          .build();

  public static final Setting<Long> LOCK_CLIENT_RETRY_WAIT_MS =
      whole(LockSettings.CLIENT_RETRY_WAIT, 0)
          .defaultValue(LockSettings.DEFAULT_RETRY_WAIT_MILLIS)
          .doc("Wait between tries to take the lock (ms).")
          .build();

  public static final Setting<ConcurrencySettings.Mode> CONCURRENCY_MODE =
      Setting.keyedBuilder(
              ConcurrencySettings.MODE,
              "SINGLE_WRITER, OPTIMISTIC_CONCURRENCY_CONTROL",
              ConcurrencySettings::parseMode)
          .defaultValue(ConcurrencySettings.Mode.SINGLE_WRITER)
          .doc(
              "One writer at a time, or concurrent writers decided by the commit's conflict check.")
          .build();

  public static final Setting<String> FAILED_WRITES_POLICY =
      Setting.keyedBuilder(
              ConcurrencySettings.FAILED_WRITES,
              "EAGER, LAZY",
              ConcurrencySettings::parseFailedWrites)
          .expected("EAGER or LAZY")
          .defaultDoc("EAGER (LAZY with optimistic concurrency control)")
          .doc(
              "When failed writes are rolled back: at the next start (EAGER) or once their heartbeat expired (LAZY).")
          .build();

  public static final Setting<String> LOCK_PROVIDER =
      text(ConcurrencySettings.LOCK_PROVIDER, "a lock provider class name")
          .defaultDoc("none (optimistic concurrency control needs FileSystemBasedLockProvider)")
          .doc(
              "Hudi's FileSystemBasedLockProvider (its lock file; the default lock) or"
                  + " InProcessLockProvider (a lock in this JVM only: tests, DirectRunner, embedded"
                  + " Flink); others are refused.")
          .build();
}
