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
package io.hudibeam.files;

import java.util.List;

/**
 * Where a table's planning (index lookups, small-file packing, cleaning, compaction planning) gets
 * the partitions of a table and the files in a partition folder: the file system ({@link
 * FileSystemListing}), or the {@code files} partition of the table's metadata table when it is
 * complete and valid ({@code io.hudibeam.metadatatable.FileListings} chooses once per write or
 * table service, from the table's state). {@link FileSystemView} builds file groups and slices from
 * either in the same way: which files count as committed is decided there, from the timeline, as
 * Hudi's {@code HoodieMetadataFileSystemView} only swaps the listing of its {@code
 * HoodieTableFileSystemView}.
 */
public interface FileListing {
  /** The table's partition paths, sorted ({@code ""} for a non-partitioned table). */
  List<String> partitions();

  /** The files of a partition folder (no folders); empty when the partition does not exist. */
  List<ListedFile> files(String partition);

  /** What the listing reads, for log lines: "file system" or "metadata table". */
  String source();

  /**
   * A file of a partition folder.
   *
   * @param name the file's name in its partition folder
   * @param size its length in bytes
   */
  record ListedFile(String name, long size) {
    public ListedFile {
      java.util.Objects.requireNonNull(name, "name");
    }
  }
}
