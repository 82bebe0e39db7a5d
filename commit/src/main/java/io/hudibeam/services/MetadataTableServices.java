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
package io.hudibeam.services;

import io.hudibeam.metadata.CleaningPolicy;
import io.hudibeam.metadatatable.MetadataTable;
import io.hudibeam.metadatatable.MetadataTableMaintenance;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.util.Objects;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metadata table's clean ({@link MetadataTableCleaner}) and archival ({@link TimelineArchiver}
 * on the metadata table, bound by the data timeline: {@link MetadataTableArchivalBound}), with the
 * settings Hudi's metadata writer derives from the data table's ({@code
 * HoodieMetadataWriteUtils.createMetadataWriteConfig}, Hudi 0.15 and 1.0.2): the data table's
 * cleaner policy with {@code max(20, 1.2 × commits retained)} commits, or {@code ceil(1.2 × file
 * versions retained)} versions; archival keeping {@code hoodie.keep.min.commits + 1} to {@code
 * hoodie.keep.max.commits + 1} commits; no automatic clean of its own; compaction after {@code
 * hoodie.metadata.compact.max.delta.commits} deltacommits.
 */
public final class MetadataTableServices implements MetadataTableMaintenance {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(MetadataTableServices.class);

  /** Hudi's floor of the metadata table's commits retained ({@code createMetadataWriteConfig}). */
  static final int MIN_COMMITS_RETAINED = 20;

  private final CleanSettings dataClean;
  private final ArchiveSettings dataArchive;

  /** The metadata table's services for a data table cleaned and archived with these settings. */
  public MetadataTableServices(CleanSettings dataClean, ArchiveSettings dataArchive) {
    this.dataClean = Objects.requireNonNull(dataClean, "dataClean");
    this.dataArchive = Objects.requireNonNull(dataArchive, "dataArchive");
  }

  /** For a data table with Hudi's default clean and archival settings. */
  public static MetadataTableServices defaults() {
    return new MetadataTableServices(CleanSettings.defaults(), ArchiveSettings.defaults());
  }

  /** The metadata table's cleaner settings, as Hudi derives them from the data table's. */
  public static CleanSettings cleanSettings(CleanSettings data) {
    return new CleanSettings(
        false,
        data.policy(),
        Math.max(MIN_COMMITS_RETAINED, (int) (data.commitsRetained() * 1.2)),
        (int) Math.ceil(data.fileVersionsRetained() * 1.2));
  }

  /** The metadata table's archival settings, as Hudi derives them from the data table's. */
  public static ArchiveSettings archiveSettings(
      ArchiveSettings data, MetadataTableSettings metadata) {
    return new ArchiveSettings(
        data.automatic(), data.minCommits() + 1, data.maxCommits() + 1, metadata.maxDeltaCommits());
  }

  @Override
  public void clean(
      FileSystem fs,
      TablePaths dataPaths,
      MetadataTableSettings settings,
      InstantTimeGenerator generator) {
    if (!settings.enable() || MetadataTable.of(fs, dataPaths).isEmpty()) {
      return;
    }
    new MetadataTableCleaner(fs, dataPaths, cleanSettings(dataClean)).cleanIfNecessary(generator);
  }

  @Override
  public void archive(FileSystem fs, TablePaths dataPaths, MetadataTableSettings settings) {
    ArchiveSettings archive = archiveSettings(dataArchive, settings);
    if (!settings.enable() || !archive.automatic() || MetadataTable.of(fs, dataPaths).isEmpty()) {
      return;
    }
    CleanSettings clean = cleanSettings(dataClean);
    if (clean.policy() == CleaningPolicy.KEEP_LATEST_COMMITS
        && archive.minCommits() <= clean.commitsRetained()) {
      LOG.warn(
          "Table {}: the metadata table is not archived: it keeps {} commits at least, its cleaner"
              + " retains {} (derived from {}={} and {}={})",
          dataPaths,
          archive.minCommits(),
          clean.commitsRetained(),
          ArchiveSettings.MIN_COMMITS,
          dataArchive.minCommits(),
          CleanSettings.COMMITS_RETAINED,
          dataClean.commitsRetained());
      return;
    }
    TablePaths metadata = TablePaths.of(dataPaths.metadataTableFolder().toString());
    new TimelineArchiver(fs, metadata, archive, clean).archive();
  }
}
