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

import static io.hudibeam.settings.SettingTypes.bool;
import static io.hudibeam.settings.SettingTypes.integer;
import static io.hudibeam.settings.SettingTypes.oneOf;

import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.services.ArchiveSettings;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.CompactionSettings;

/**
 * The settings of the table services, under Hudi's keys: the metadata table ({@code
 * HoodieMetadataConfig}), cleaning ({@code HoodieCleanConfig}), archival ({@code
 * HoodieArchivalConfig}) and compaction ({@code HoodieCompactionConfig}); part of {@link
 * HudiSettings#ALL}.
 */
public final class TableServiceSettings {
  private TableServiceSettings() {}

  public static final Setting<Boolean> METADATA_ENABLE =
      bool(MetadataTableSettings.ENABLE, true)
          .doc(
              "Keep the files partition of the table's metadata table, and on table version 8"
                  + " its column_stats and partition_stats (its other partitions are dropped), and give a table without one a metadata table at a write's start"
                  + " (its files partition, from one listing; on table version 8 also column_stats"
                  + " and partition_stats, which a version 8 table lacking them gets too), as Hudi's"
                  + " writer does; false"
                  + " deletes the metadata table as Hudi's writer does and creates none.")
          .build();

  public static final Setting<Integer> METADATA_COMPACT_MAX_DELTA_COMMITS =
      integer(MetadataTableSettings.MAX_DELTA_COMMITS, 1)
          .defaultValue(MetadataTableSettings.DEFAULT_MAX_DELTA_COMMITS)
          .doc(
              "Metadata table deltacommits after which a write's start (or HudiIO.compact())"
                  + " compacts the metadata table's files partition (table version 6).")
          .build();

  public static final Setting<Boolean> CLEAN_AUTOMATIC =
      bool(CleanSettings.AUTOMATIC, true).doc("Clean after each commit.").build();

  public static final Setting<CleaningPolicy> CLEANER_POLICY =
      oneOf(
              CleanSettings.POLICY,
              CleaningPolicy.KEEP_LATEST_COMMITS,
              CleaningPolicy.KEEP_LATEST_FILE_VERSIONS)
          .defaultValue(CleaningPolicy.KEEP_LATEST_COMMITS)
          .doc("What the cleaner keeps (KEEP_LATEST_BY_HOURS is not supported).")
          .build();

  public static final Setting<Integer> CLEANER_COMMITS_RETAINED =
      integer(CleanSettings.COMMITS_RETAINED, 1)
          .defaultValue(CleanSettings.DEFAULT_COMMITS_RETAINED)
          .doc("Completed commits whose file slices KEEP_LATEST_COMMITS keeps.")
          .build();

  public static final Setting<Integer> CLEANER_FILE_VERSIONS_RETAINED =
      integer(CleanSettings.FILE_VERSIONS_RETAINED, 1)
          .defaultValue(CleanSettings.DEFAULT_FILE_VERSIONS_RETAINED)
          .doc("File slices per file group KEEP_LATEST_FILE_VERSIONS keeps.")
          .build();

  public static final Setting<Boolean> ARCHIVE_AUTOMATIC =
      bool(ArchiveSettings.AUTOMATIC, true)
          .doc(
              "Archive the oldest instants after each commit (.hoodie/archived; table version 8: .hoodie/timeline/history).")
          .build();

  public static final Setting<Integer> KEEP_MIN_COMMITS =
      integer(ArchiveSettings.MIN_COMMITS, 1)
          .defaultValue(ArchiveSettings.DEFAULT_MIN_COMMITS)
          .doc("Completed commits archival keeps; must exceed hoodie.cleaner.commits.retained.")
          .build();

  public static final Setting<Integer> KEEP_MAX_COMMITS =
      integer(ArchiveSettings.MAX_COMMITS, 1)
          .defaultValue(ArchiveSettings.DEFAULT_MAX_COMMITS)
          .doc("Completed commits beyond which archival runs; must exceed hoodie.keep.min.commits.")
          .build();

  public static final Setting<Boolean> COMPACT_INLINE =
      bool(CompactionSettings.INLINE, false)
          .doc("Compact a MERGE_ON_READ table after a commit once enough deltacommits completed.")
          .build();

  public static final Setting<Integer> COMPACT_MAX_DELTA_COMMITS =
      integer(CompactionSettings.MAX_DELTA_COMMITS, 1)
          .defaultValue(CompactionSettings.DEFAULT_MAX_DELTA_COMMITS)
          .doc(
              "Deltacommits after which a compaction runs (inline) and before which archival keeps them.")
          .build();
}
