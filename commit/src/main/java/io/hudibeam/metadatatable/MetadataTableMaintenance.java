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

import io.hudibeam.table.TablePaths;
import io.hudibeam.timeline.InstantTimeGenerator;
import java.io.Serializable;
import org.apache.hadoop.fs.FileSystem;

/**
 * The metadata table's clean and archival, which Hudi's metadata writer runs around its compaction
 * when a write starts ({@code HoodieBackedTableMetadataWriter.performTableServices}, Hudi 0.15 and
 * 1.0.2: clean, then compaction, then archival). The write's start ({@code commit/InstantStarter})
 * calls them under the table lock; {@code services/MetadataTableServices} implements them (this
 * package does not see the services it reuses).
 */
public interface MetadataTableMaintenance extends Serializable {
  /** Runs nothing: the metadata table's file slices and timeline grow until Hudi's writer runs. */
  MetadataTableMaintenance NONE = new None();

  /**
   * Cleans the metadata table of the table at {@code dataPaths} when Hudi would, before compaction.
   */
  void clean(
      FileSystem fs,
      TablePaths dataPaths,
      MetadataTableSettings settings,
      InstantTimeGenerator generator);

  /** Archives the metadata table's timeline when Hudi would, after compaction. */
  void archive(FileSystem fs, TablePaths dataPaths, MetadataTableSettings settings);

  /** {@link #NONE}. */
  final class None implements MetadataTableMaintenance {
    private static final long serialVersionUID = 1L;

    @Override
    public void clean(
        FileSystem fs,
        TablePaths dataPaths,
        MetadataTableSettings settings,
        InstantTimeGenerator generator) {}

    @Override
    public void archive(FileSystem fs, TablePaths dataPaths, MetadataTableSettings settings) {}
  }
}
