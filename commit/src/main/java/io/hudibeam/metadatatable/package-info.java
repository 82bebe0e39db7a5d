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

/**
 * Hudi's metadata table ({@code .hoodie/metadata}) as this writer keeps it: the {@code files}
 * partition updated by a deltacommit on the metadata table at the data instant's own time, before
 * the data instant completes ({@code MetadataTable}, {@code MetadataDeltaCommits}); the records of
 * that partition ({@code MetadataRecords}, {@code FilesPartitionUpdate}); and the metadata
 * partitions this writer does not maintain, dropped as Hudi's writer drops a disabled one ({@code
 * MetadataPartitions}); the compaction of the {@code files} partition on table versions 6 and 8,
 * with {@code column_stats} and {@code partition_stats} on 8 ({@code MetadataCompaction}, {@code
 * CompactionSlice}, {@code SliceMerge}, {@code FilesSliceMerge}, {@code StatsSliceMerge}), the file
 * slices of each partition its cleaner reads ({@code MetadataSlices}), the hook through which a
 * write's start cleans and archives it ({@code MetadataTableMaintenance}, implemented in {@code
 * io.hudibeam.services}), the initialisation of a metadata table for a table that has none ({@code
 * MetadataTableInitialisation}) and the settings ({@code MetadataTableSettings}). See
 * docs/metadata-table.md.
 *
 * <p>May depend on {@code io.hudibeam.table}, {@code io.hudibeam.timeline}, {@code
 * io.hudibeam.metadata}, {@code io.hudibeam.files}, {@code io.hudibeam.log}, {@code
 * io.hudibeam.hfile}, {@code io.hudibeam.basefile} and {@code io.hudibeam.keygen} (the partition
 * metadata file of the {@code files} partition).
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.metadatatable;
