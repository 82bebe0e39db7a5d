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
package io.hudibeam.transforms.index;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.metadatatable.FileListings;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineLayout;
import io.hudibeam.write.RecordLocation;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The file slices an instant's index reads: the table as its timeline stood before the instant (the
 * instant's own files are not stored records yet), listed through the metadata table when it has
 * one, in the given partitions or in all of them. Shared by the index stages ({@link
 * LatestBaseFiles}) and a table's write in one worker.
 */
public final class StoredFiles {
  private StoredFiles() {}

  /**
   * The file system view before {@code instant} of {@code partitions}, or of every partition when
   * null. The table version (the timeline's layout) is the one the start read: no second read of
   * hoodie.properties per listing (docs/object-stores.md).
   */
  public static FileSystemView before(
      FileSystem fs, TablePaths paths, StartedInstant instant, @Nullable List<String> partitions) {
    TableVersion version = instant.tableConfig().version();
    Timeline before =
        Timeline.load(fs, paths, TimelineLayout.of(version))
            .filter(i -> i.time().isBefore(instant.instantTime()));
    FileListing listing = FileListings.forTable(fs, paths, instant.tableConfig(), before);
    return FileSystemView.load(
        listing,
        fs,
        paths,
        before,
        partitions == null ? listing.partitions() : new ArrayList<>(partitions),
        version);
  }

  /** Where a record stored in {@code file} is: its partition, file group and base instant. */
  public static RecordLocation locationOf(BaseFile file) {
    return RecordLocation.of(file.partitionPath(), file.name().fileId(), file.name().instantTime());
  }
}
