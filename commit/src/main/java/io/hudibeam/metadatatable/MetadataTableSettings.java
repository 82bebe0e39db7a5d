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

import java.io.Serializable;

/**
 * How a write treats the table's metadata table: keep its {@code files} partition ({@code
 * hoodie.metadata.enable}, default true; false deletes the metadata table as Hudi's writer does)
 * and compact it after {@code hoodie.metadata.compact.max.delta.commits} deltacommits (default 10,
 * Hudi 0.15's {@code HoodieMetadataConfig.COMPACT_NUM_DELTA_COMMITS}).
 *
 * @param enable keep the metadata table's {@code files} partition
 * @param maxDeltaCommits deltacommits since the last metadata compaction at which the next one runs
 * @param initialise create the metadata table of a table that has none ({@link
 *     MetadataTableInitialisation}); with {@code enable}, as Hudi's writers do by default
 */
public record MetadataTableSettings(boolean enable, int maxDeltaCommits, boolean initialise)
    implements Serializable {
  public static final String ENABLE = "hoodie.metadata.enable";
  public static final String MAX_DELTA_COMMITS = "hoodie.metadata.compact.max.delta.commits";
  public static final int DEFAULT_MAX_DELTA_COMMITS = 10;

  public MetadataTableSettings {
    if (maxDeltaCommits < 1) {
      throw new IllegalArgumentException(
          MAX_DELTA_COMMITS + " must be at least 1, but was " + maxDeltaCommits);
    }
    initialise = enable && initialise;
  }

  /** Settings that create and keep the metadata table when {@code enable} (Hudi's default). */
  public MetadataTableSettings(boolean enable, int maxDeltaCommits) {
    this(enable, maxDeltaCommits, enable);
  }

  /** Hudi's defaults: kept, compacted every 10 deltacommits. */
  public static MetadataTableSettings defaults() {
    return new MetadataTableSettings(true, DEFAULT_MAX_DELTA_COMMITS);
  }

  /** Deleted at a write's start ({@code hoodie.metadata.enable=false}). */
  public static MetadataTableSettings disabled() {
    return new MetadataTableSettings(false, DEFAULT_MAX_DELTA_COMMITS);
  }
}
