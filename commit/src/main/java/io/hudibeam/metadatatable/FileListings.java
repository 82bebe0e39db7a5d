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
package io.hudibeam.metadatatable;

import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSystemListing;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.Timeline;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses, once per write or table service, where its planning lists the table: the {@code files}
 * partition of the metadata table when {@code hoodie.table.metadata.partitions} lists it as
 * completed and it is one this writer keeps and reads ({@link MetadataTableListing}), as Hudi's
 * writers plan from a {@code HoodieMetadataFileSystemView} ({@code HoodieTable.getFileSystemView}
 * with {@code hoodie.metadata.enable}) and list partitions with {@code
 * FSUtils.getAllPartitionPaths(..., metadataConfig, ...)}; otherwise the file system ({@link
 * FileSystemListing}). With {@code hoodie.metadata.enable=false} the write's start has deleted the
 * metadata table and unlisted it, so the file system is listed. A rollback and the metadata table's
 * initialisation list the file system always: the metadata table does not name a failed instant's
 * files.
 */
public final class FileListings {
  private static final Logger LOG = LoggerFactory.getLogger(FileListings.class);

  private FileListings() {}

  /**
   * The listing of the table at {@code paths} whose {@code hoodie.properties} is {@code table} (for
   * a write: the config its instant was started on), with the data timeline {@code data}.
   */
  public static FileListing forTable(
      FileSystem fs, TablePaths paths, TableConfig table, Timeline data) {
    if (!table.metadataPartitions().contains(FilesFileGroup.PARTITION)) {
      return FileSystemListing.of(fs, paths);
    }
    MetadataTableListing.Result read = MetadataTableListing.read(fs, paths, table.version(), data);
    if (read.listing().isPresent()) {
      LOG.debug("Table {}: planning lists the metadata table's files partition", paths);
      return read.listing().get();
    }
    LOG.info(
        "Table {}: planning lists the file system, not the metadata table ({})",
        paths,
        read.reason());
    return FileSystemListing.of(fs, paths);
  }

  /** As {@link #forTable(FileSystem, TablePaths, TableConfig, Timeline)}, the config loaded. */
  public static FileListing forTable(FileSystem fs, TablePaths paths, Timeline data) {
    return forTable(fs, paths, new TableConfigStore(fs, paths).load(), data);
  }
}
