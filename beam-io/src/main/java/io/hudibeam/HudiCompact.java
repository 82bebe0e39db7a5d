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
package io.hudibeam;

import static io.hudibeam.Builders.merged;

import com.google.auto.value.AutoValue;
import io.hudibeam.transforms.compact.CompactTable;
import java.util.Map;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Compacts a MERGE_ON_READ table ({@link HudiIO#compact()}): completes pending compactions or
 * schedules one of every file slice with log files, and runs it, committed as one {@code commit}
 * (operation {@code COMPACT}). Every {@code withX()} returns a new instance.
 */
@AutoValue
public abstract class HudiCompact extends PTransform<PBegin, PCollection<HudiCommitInfo>> {
  private static final long serialVersionUID = 1L;

  static HudiCompact create() {
    return new AutoValue_HudiCompact.Builder()
        .setHoodieProperties(Map.of())
        .setHadoopConfiguration(Map.of())
        .build();
  }

  abstract @Nullable String getBasePath();

  abstract Map<String, String> getHoodieProperties();

  abstract Map<String, String> getHadoopConfiguration();

  abstract Builder toBuilder();

  @AutoValue.Builder
  abstract static class Builder {
    abstract Builder setBasePath(String basePath);

    abstract Builder setHoodieProperties(Map<String, String> properties);

    abstract Builder setHadoopConfiguration(Map<String, String> configuration);

    abstract HudiCompact build();
  }

  /** The table's base path. */
  public HudiCompact withBasePath(String basePath) {
    if (basePath == null || basePath.isEmpty()) {
      throw new IllegalArgumentException("withBasePath must not be null or empty");
    }
    return toBuilder().setBasePath(basePath).build();
  }

  /**
   * Hudi's {@code hoodie.parquet.*} settings for the new base files, and {@code
   * hoodie.memory.compaction.*} / {@code hoodie.memory.spillable.map.path} for the merged log
   * records of a file slice held in memory (beyond the budget they spill to local disk).
   */
  public HudiCompact withHoodieProperties(Map<String, String> properties) {
    return toBuilder().setHoodieProperties(merged(getHoodieProperties(), properties)).build();
  }

  /** Hadoop configuration for the table's file system (e.g. {@code fs.s3a.*}). */
  public HudiCompact withHadoopConfiguration(Map<String, String> configuration) {
    return toBuilder()
        .setHadoopConfiguration(merged(getHadoopConfiguration(), configuration))
        .build();
  }

  @Override
  public PCollection<HudiCommitInfo> expand(PBegin input) {
    if (getBasePath() == null) {
      throw new IllegalArgumentException("HudiIO.compact() needs withBasePath()");
    }
    WriteSettings.checkCompaction(getHoodieProperties());
    return PublicResults.commits(
        input.apply(
            "Compact",
            new CompactTable(getBasePath(), getHadoopConfiguration(), getHoodieProperties())));
  }
}
