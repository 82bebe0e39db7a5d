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
package io.hudibeam.table;

/**
 * The {@code hoodie.properties} keys this project reads or writes (Hudi's {@code
 * HoodieTableConfig}). A property that {@link #mustMatchRequest()} is part of the table's identity:
 * a writer asking for another value is refused instead of silently producing a table readers
 * mis-read. Three of them are write settings too ({@link #NAME}, {@link #HIVE_STYLE_PARTITIONING},
 * {@link #URL_ENCODE_PARTITIONING}): the settings registry takes their keys from here.
 */
public enum TableProperty {
  NAME("hoodie.table.name", false),
  DATABASE_NAME("hoodie.database.name", false),
  TABLE_TYPE("hoodie.table.type", true),
  TABLE_VERSION("hoodie.table.version", false),
  TIMELINE_LAYOUT_VERSION("hoodie.timeline.layout.version", false),
  /** Table version 8: the version the table was created with. */
  INITIAL_VERSION("hoodie.table.initial.version", false),
  /** Table version 8: the active timeline's folder under {@code .hoodie} ({@code timeline}). */
  TIMELINE_PATH("hoodie.timeline.path", false),
  /** Table version 8: the LSM history's folder under the timeline folder ({@code history}). */
  TIMELINE_HISTORY_PATH("hoodie.timeline.history.path", false),
  /**
   * Table version 8: {@code EVENT_TIME_ORDERING}, {@code COMMIT_TIME_ORDERING} or {@code CUSTOM}.
   */
  RECORD_MERGE_MODE("hoodie.record.merge.mode", false),
  /**
   * Table version 8: the record merger strategy id (replaces
   * hoodie.compaction.record.merger.strategy).
   */
  RECORD_MERGE_STRATEGY_ID("hoodie.record.merge.strategy.id", false),
  /** Table version 8: the key generator type, which replaces the class key. */
  KEY_GENERATOR_TYPE("hoodie.table.keygenerator.type", false),
  ARCHIVELOG_FOLDER("hoodie.archivelog.folder", false),
  RECORD_KEY_FIELDS("hoodie.table.recordkey.fields", true),
  PARTITION_FIELDS("hoodie.table.partition.fields", true),
  PRECOMBINE_FIELD("hoodie.table.precombine.field", false),
  KEY_GENERATOR_CLASS("hoodie.table.keygenerator.class", true),
  HIVE_STYLE_PARTITIONING("hoodie.datasource.write.hive_style_partitioning", true),
  URL_ENCODE_PARTITIONING("hoodie.datasource.write.partitionpath.urlencode", true),
  DROP_PARTITION_COLUMNS("hoodie.datasource.write.drop.partition.columns", false),
  CREATE_SCHEMA("hoodie.table.create.schema", false),
  BASE_FILE_FORMAT("hoodie.table.base.file.format", false),
  LOG_FILE_FORMAT("hoodie.table.log.file.format", false),
  POPULATE_META_FIELDS("hoodie.populate.meta.fields", false),
  TIMELINE_TIMEZONE("hoodie.table.timeline.timezone", false),
  PARTITION_METAFILE_USE_BASE_FORMAT("hoodie.partition.metafile.use.base.format", false),
  CDC_ENABLED("hoodie.table.cdc.enabled", false),
  PAYLOAD_CLASS("hoodie.compaction.payload.class", false),
  RECORD_MERGER_STRATEGY("hoodie.compaction.record.merger.strategy", false),
  METADATA_PARTITIONS("hoodie.table.metadata.partitions", false),
  METADATA_PARTITIONS_INFLIGHT("hoodie.table.metadata.partitions.inflight", false),
  /**
   * The source base path of a bootstrapped table: Hudi's Spark bootstrap records it in either mode
   * ({@code HoodieSparkSqlWriter.bootstrap}, 0.15.0 and 1.0.2); readers follow it to the source
   * files of METADATA_ONLY partitions.
   */
  BOOTSTRAP_BASE_PATH("hoodie.bootstrap.base.path", false),
  CHECKSUM("hoodie.table.checksum", false);

  private final String key;
  private final boolean mustMatchRequest;

  TableProperty(String key, boolean mustMatchRequest) {
    this.key = key;
    this.mustMatchRequest = mustMatchRequest;
  }

  public String key() {
    return key;
  }

  /** Whether a writer's request must agree with the table's value of this key. */
  public boolean mustMatchRequest() {
    return mustMatchRequest;
  }
}
