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
package io.hudibeam.settings;

import static io.hudibeam.settings.SettingTypes.bool;
import static io.hudibeam.settings.SettingTypes.fields;
import static io.hudibeam.settings.SettingTypes.integer;
import static io.hudibeam.settings.SettingTypes.number;
import static io.hudibeam.settings.SettingTypes.oneOf;
import static io.hudibeam.settings.SettingTypes.text;
import static io.hudibeam.settings.SettingTypes.whole;

import io.hudibeam.index.BucketIndex;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.List;

/**
 * The registry of the write settings HudiIO understands, under Hudi's keys with Hudi 0.15's
 * defaults (Hudi's {@code HoodieWriteConfig}, {@code HoodieStorageConfig}, {@code
 * HoodieIndexConfig}, {@code HoodieCleanConfig}, {@code HoodieArchivalConfig}, {@code
 * HoodieCompactionConfig}, {@code HoodieLockConfig}, {@code HoodieMemoryConfig}, {@code
 * KeyGeneratorOptions}, {@code TimestampKeyGeneratorConfig}). Every class that reads a setting
 * reads it through its constant here or in one of the groups kept apart ({@link
 * TimestampKeygenSettings}, {@link FileSettings}, {@link TableServiceSettings}, {@link
 * ConcurrencyControlSettings}); {@link #ALL} lists them all in the documentation's order, and the
 * settings table of docs/configuration.md is generated from it. Rules that relate several settings
 * (keep.max above keep.min, a bucket hash field among the record key fields) stay with the classes
 * that hold those settings together.
 */
public final class HudiSettings {
  private HudiSettings() {}

  // The table and its keys.

  public static final Setting<String> TABLE_NAME =
      text(TableProperty.NAME.key(), "a non-empty table name")
          .defaultDoc("required")
          .method("withTableName")
          .doc("The table's name, recorded in hoodie.properties and the Avro record name.")
          .build();

  public static final Setting<TableType> TABLE_TYPE =
      oneOf("hoodie.datasource.write.table.type", TableType.values())
          .defaultValue(TableType.COPY_ON_WRITE)
          .method("withTableType")
          .doc("MERGE_ON_READ writes updates and deletes to log files, completed as deltacommits.")
          .build();

  public static final Setting<TableVersion> WRITE_TABLE_VERSION =
      Setting.keyedBuilder(
              "hoodie.write.table.version",
              "6, 8",
              (key, v) -> TableVersion.parse(v, key, "The write"))
          .expected("6 or 8")
          .defaultValue(TableVersion.SIX)
          .method("withTableVersion")
          .doc(
              "The version of a table the write creates, copy-on-write or merge-on-read: 6 (the format of"
                  + " Hudi 0.14 and 0.15, which Hudi 1.x also reads) or 8 (Hudi 1.x's format).")
          .build();

  public static final Setting<List<String>> RECORD_KEY_FIELDS =
      fields(KeyGeneratorConfig.RECORD_KEY_FIELD, true)
          .defaultDoc("required")
          .method("withRecordKeyFields")
          .doc("The record key field(s), comma-separated.")
          .build();

  public static final Setting<List<String>> PARTITION_FIELDS =
      fields(KeyGeneratorConfig.PARTITION_PATH_FIELD, false)
          .defaultValue(List.of())
          .defaultDoc("none: non-partitioned")
          .method("withPartitionFields")
          .doc("The partition field(s), comma-separated.")
          .build();

  public static final Setting<String> ORDERING_FIELD =
      text(OrderingField.SETTING, "a field name")
          .defaultDoc("none: ties broken deterministically")
          .method("withOrderingField")
          .doc(
              "The ordering (precombine) field: the larger value wins between versions of a record.")
          .build();

  public static final Setting<KeyGeneratorType> KEY_GENERATOR_CLASS =
      Setting.keyedBuilder(
              KeyGeneratorConfig.KEY_GENERATOR_CLASS, "class name", KeyGeneratorType::fromClassName)
          .expected("a supported key generator class")
          .defaultDoc(
              "inferred: SIMPLE for one key and one partition field, COMPLEX for several,"
                  + " NON_PARTITIONED without partition fields")
          .method("withKeyGenerator")
          .doc("Hudi's key generator: Simple, Complex, Nonpartitioned or TimestampBased.")
          .build();

  public static final Setting<Boolean> HIVE_STYLE_PARTITIONING =
      bool(TableProperty.HIVE_STYLE_PARTITIONING.key(), false)
          .method("withHiveStylePartitioning")
          .doc("Partition folders are named field=value.")
          .build();

  public static final Setting<Boolean> URL_ENCODE_PARTITION_PATH =
      bool(TableProperty.URL_ENCODE_PARTITIONING.key(), false)
          .method("withUrlEncodePartitionPath")
          .doc(
              "Partition values are URL-encoded as Hudi encodes them, instead of refused when unsafe.")
          .build();

  public static final Setting<Boolean> CONSISTENT_LOGICAL_TIMESTAMP =
      bool(KeyGeneratorConfig.CONSISTENT_LOGICAL_TIMESTAMP, false)
          .validate(
              v -> !v,
              "false (true is not supported: timestamp fields are keyed by their raw long value)")
          .doc("Only false, Hudi's default, is supported.")
          .build();

  // The operation and the index.

  public static final Setting<WriteOperation> OPERATION =
      oneOf("hoodie.datasource.write.operation", WriteOperation::value, WriteOperation.values())
          .defaultValue(WriteOperation.UPSERT)
          .defaultDoc("upsert")
          .method("withOperation")
          .doc("The write operation.")
          .build();

  public static final Setting<IndexType> INDEX_TYPE =
      oneOf("hoodie.index.type", IndexType.values())
          .defaultValue(IndexType.SIMPLE)
          .method("withIndex")
          .doc("How incoming keys are located in the table.")
          .build();

  public static final Setting<Integer> BUCKET_COUNT =
      integer(BucketIndex.NUM_BUCKETS, 1)
          .defaultValue(BucketIndex.DEFAULT_NUM_BUCKETS)
          .method("withBucketCount")
          .doc(
              "Buckets per partition of the BUCKET index; every writer of the table must use the same.")
          .build();

  public static final Setting<List<String>> BUCKET_HASH_FIELDS =
      fields(BucketIndex.HASH_FIELD, true)
          .defaultDoc("the record key fields")
          .doc("The record key fields the BUCKET index hashes.")
          .build();

  // Memory of the file-group merge.

  public static final Setting<Long> MERGE_MAX_SIZE =
      whole(MergeMemory.MAX_SIZE, 0)
          .defaultDoc("none: fraction × 0.4 × max heap / available processors")
          .doc("Bytes of incoming records a file-group merge holds in memory before it spills.")
          .build();

  public static final Setting<Double> MERGE_FRACTION =
      number(MergeMemory.FRACTION, v -> v > 0 && v <= 1, "a number in (0, 1]")
          .defaultValue(MergeMemory.DEFAULT_FRACTION)
          .doc("Without max.size, the share of a merge's heap it may fill before it spills.")
          .build();

  public static final Setting<Long> COMPACTION_MAX_SIZE =
      whole(MergeMemory.COMPACTION_MAX_SIZE, 0)
          .defaultDoc("none: fraction × 0.4 × max heap / available processors")
          .doc(
              "Bytes of merged log records a compaction (or HudiIO.compact()) holds per file slice before it spills.")
          .build();

  public static final Setting<Double> COMPACTION_FRACTION =
      number(MergeMemory.COMPACTION_FRACTION, v -> v > 0 && v <= 1, "a number in (0, 1]")
          .defaultValue(MergeMemory.DEFAULT_FRACTION)
          .doc(
              "Without compaction.max.size, the share of a compaction's heap it may fill before it spills.")
          .build();

  public static final Setting<String> SPILL_PATH =
      text(MergeMemory.SPILL_PATH, "a local folder path")
          .defaultDoc("java.io.tmpdir")
          .doc("The local folder merge and compaction spill files go to.")
          .build();

  // Schema evolution.

  public static final Setting<Boolean> RECONCILE_SCHEMA =
      bool(SchemaEvolution.RECONCILE_SCHEMA, false)
          .doc("Incoming records lacking table fields are written with the table's schema.")
          .build();

  public static final Setting<Boolean> ALLOW_COLUMN_DROP =
      bool(SchemaEvolution.ALLOW_COLUMN_DROP, false)
          .doc("A field the input lacks is dropped from the table.")
          .build();

  /** Every setting, in the order of docs/configuration.md's settings table. */
  public static final List<Setting<?>> ALL =
      List.of(
          TABLE_NAME,
          TABLE_TYPE,
          WRITE_TABLE_VERSION,
          RECORD_KEY_FIELDS,
          PARTITION_FIELDS,
          ORDERING_FIELD,
          KEY_GENERATOR_CLASS,
          HIVE_STYLE_PARTITIONING,
          URL_ENCODE_PARTITION_PATH,
          CONSISTENT_LOGICAL_TIMESTAMP,
          TimestampKeygenSettings.TIMESTAMP_TYPE,
          TimestampKeygenSettings.TIMESTAMP_SCALAR_TIME_UNIT,
          TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT,
          TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT_DELIMITER,
          TimestampKeygenSettings.TIMESTAMP_INPUT_TIMEZONE,
          TimestampKeygenSettings.TIMESTAMP_OUTPUT_DATE_FORMAT,
          TimestampKeygenSettings.TIMESTAMP_OUTPUT_TIMEZONE,
          TimestampKeygenSettings.TIMESTAMP_TIMEZONE,
          OPERATION,
          INDEX_TYPE,
          BUCKET_COUNT,
          BUCKET_HASH_FIELDS,
          FileSettings.MAX_FILE_SIZE,
          FileSettings.SMALL_FILE_LIMIT,
          FileSettings.RECORD_SIZE_ESTIMATE,
          FileSettings.PARQUET_CODEC,
          FileSettings.PARQUET_BLOCK_SIZE,
          FileSettings.PARQUET_PAGE_SIZE,
          FileSettings.PARQUET_DICTIONARY,
          FileSettings.PARQUET_COMPRESSION_RATIO,
          FileSettings.LOG_BLOCK_MAX_SIZE,
          FileSettings.BLOOM_FILTER_TYPE,
          FileSettings.BLOOM_NUM_ENTRIES,
          FileSettings.BLOOM_FPP,
          FileSettings.BLOOM_DYNAMIC_MAX_ENTRIES,
          TableServiceSettings.METADATA_ENABLE,
          TableServiceSettings.METADATA_COMPACT_MAX_DELTA_COMMITS,
          TableServiceSettings.CLEAN_AUTOMATIC,
          TableServiceSettings.CLEANER_POLICY,
          TableServiceSettings.CLEANER_COMMITS_RETAINED,
          TableServiceSettings.CLEANER_FILE_VERSIONS_RETAINED,
          TableServiceSettings.ARCHIVE_AUTOMATIC,
          TableServiceSettings.KEEP_MIN_COMMITS,
          TableServiceSettings.KEEP_MAX_COMMITS,
          TableServiceSettings.COMPACT_INLINE,
          TableServiceSettings.COMPACT_MAX_DELTA_COMMITS,
          ConcurrencyControlSettings.HEARTBEAT_INTERVAL_MS,
          ConcurrencyControlSettings.HEARTBEAT_TOLERABLE_MISSES,
          ConcurrencyControlSettings.LOCK_PATH,
          ConcurrencyControlSettings.LOCK_EXPIRE_MINUTES,
          ConcurrencyControlSettings.LOCK_CLIENT_RETRIES,
          ConcurrencyControlSettings.LOCK_CLIENT_RETRY_WAIT_MS,
          ConcurrencyControlSettings.CONCURRENCY_MODE,
          ConcurrencyControlSettings.FAILED_WRITES_POLICY,
          ConcurrencyControlSettings.LOCK_PROVIDER,
          MERGE_MAX_SIZE,
          MERGE_FRACTION,
          COMPACTION_MAX_SIZE,
          COMPACTION_FRACTION,
          SPILL_PATH,
          RECONCILE_SCHEMA,
          ALLOW_COLUMN_DROP);
}
