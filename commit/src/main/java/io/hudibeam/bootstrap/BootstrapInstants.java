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
package io.hudibeam.bootstrap;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;

/**
 * The instant times Hudi reserves for a bootstrap ({@code
 * HoodieTimeline.METADATA_BOOTSTRAP_INSTANT_TS} and {@code FULL_BOOTSTRAP_INSTANT_TS}, the same in
 * 0.15.0 and 1.0.2): the METADATA_ONLY partitions are committed at {@code 00000000000001}, the
 * FULL_RECORD partitions at {@code 00000000000002}, both before any instant a clock can mint.
 */
public final class BootstrapInstants {
  /** The instant of the METADATA_ONLY partitions (skeleton files and the bootstrap index). */
  public static final InstantTime METADATA_ONLY = InstantTime.parse("00000000000001");

  /** The instant of the FULL_RECORD partitions (a bulk insert of the source rows). */
  public static final InstantTime FULL_RECORD = InstantTime.parse("00000000000002");

  private BootstrapInstants() {}

  /**
   * Refuses a bootstrap at {@code bootstrapInstant} into a table whose {@code timeline} holds a
   * completed write, as Hudi's bootstrap does ("Timeline is expected to be empty for bootstrap"),
   * except the METADATA_ONLY instant before a FULL_RECORD one: Hudi commits a bootstrap that mixes
   * the modes as {@code 00000000000001} then {@code 00000000000002}.
   */
  public static void checkStartable(
      Timeline timeline, InstantTime bootstrapInstant, String basePath) {
    for (Instant completed : timeline.completed().instants()) {
      boolean metadataOnlyBeforeFullRecord =
          completed.time().equals(METADATA_ONLY) && bootstrapInstant.equals(FULL_RECORD);
      if (!metadataOnlyBeforeFullRecord
          && (completed.action() == Action.COMMIT
              || completed.action() == Action.DELTA_COMMIT
              || completed.action() == Action.REPLACE_COMMIT)) {
        throw new HudiTableException(
            "Cannot bootstrap into the table "
                + basePath
                + ": it already holds the completed "
                + completed
                + "; a bootstrap needs a new table (or one with no completed write), as Hudi's"
                + " bootstrap does");
      }
    }
  }

  /** The instant a partition bootstrapped in {@code mode} is committed at. */
  public static InstantTime of(BootstrapMode mode) {
    return mode == BootstrapMode.FULL_RECORD ? FULL_RECORD : METADATA_ONLY;
  }
}
