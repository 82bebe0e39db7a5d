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
package io.hudibeam.transforms.services;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.services.ArchiveSettings;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.CompactionSettings;
import io.hudibeam.transforms.StageSpec;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.MergeMemory;
import java.util.Objects;

/**
 * What the table services after a commit read: the table lock they take, the settings of the clean,
 * the archival and the inline compaction, and what compacting takes (the table type, Parquet
 * settings, compaction memory).
 *
 * @param location the table
 * @param lock the table lock's settings
 * @param clean when and what the cleaner cleans
 * @param archive when and what the archiver archives
 * @param compaction when a merge-on-read table compacts inline
 * @param parquet how compaction writes base files
 * @param compactionMemory compaction's memory budget per file slice
 * @param mergeOnRead whether the table is merge-on-read
 */
public record ServicesSpec(
    TableLocation location,
    LockSettings lock,
    CleanSettings clean,
    ArchiveSettings archive,
    CompactionSettings compaction,
    ParquetSettings parquet,
    MergeMemory compactionMemory,
    boolean mergeOnRead)
    implements StageSpec {
  public ServicesSpec {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(lock, "lock");
    Objects.requireNonNull(clean, "clean");
    Objects.requireNonNull(archive, "archive");
    Objects.requireNonNull(compaction, "compaction");
    Objects.requireNonNull(parquet, "parquet");
    Objects.requireNonNull(compactionMemory, "compactionMemory");
  }

  public static ServicesSpec of(WriteSpec spec) {
    return new ServicesSpec(
        spec.location(),
        spec.lockSettings(),
        spec.cleanSettings(),
        spec.archiveSettings(),
        spec.compactionSettings(),
        spec.parquetSettings(),
        spec.compactionMemory(),
        spec.mergeOnRead());
  }
}
