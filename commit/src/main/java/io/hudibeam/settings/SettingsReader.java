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

import io.hudibeam.basefile.BloomFilterSettings;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.keygen.InvalidKeyGeneratorConfigException;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.keygen.TimestampKeyOptions;
import io.hudibeam.keygen.TimestampType;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.services.ArchiveSettings;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.CompactionSettings;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.MergeMemory;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Reads a write's {@code hoodie.*} properties into the values the other packages of the commit
 * module take: the only code of the module that reads a property map by the registry's keys. Each
 * value is read through its settings in {@link HudiSettings} (and the groups kept apart), so a bad
 * value fails naming its key; absent keys take Hudi's defaults; other keys are ignored. Rules that
 * relate several settings are checked here, where those settings are read together.
 */
public final class SettingsReader {
  private SettingsReader() {}

  /** How base files are written, their bloom filter included. */
  public static ParquetSettings parquet(Map<String, String> properties) {
    Objects.requireNonNull(properties, "properties");
    return new ParquetSettings(
        FileSettings.PARQUET_CODEC.get(properties),
        FileSettings.PARQUET_BLOCK_SIZE.get(properties),
        FileSettings.PARQUET_PAGE_SIZE.get(properties),
        FileSettings.MAX_FILE_SIZE.get(properties),
        FileSettings.PARQUET_DICTIONARY.get(properties),
        FileSettings.PARQUET_COMPRESSION_RATIO.get(properties),
        bloomFilter(properties));
  }

  /** The base files' bloom filter. */
  public static BloomFilterSettings bloomFilter(Map<String, String> properties) {
    return BloomFilterSettings.of(
        FileSettings.BLOOM_FILTER_TYPE.get(properties),
        FileSettings.BLOOM_NUM_ENTRIES.get(properties),
        FileSettings.BLOOM_FPP.get(properties),
        FileSettings.BLOOM_DYNAMIC_MAX_ENTRIES.get(properties));
  }

  /** File sizing: max file size, small-file limit, record size estimate. */
  public static FileSizing fileSizing(Map<String, String> properties) {
    return FileSizing.of(
        FileSettings.MAX_FILE_SIZE.get(properties),
        FileSettings.SMALL_FILE_LIMIT.get(properties),
        FileSettings.RECORD_SIZE_ESTIMATE.get(properties));
  }

  /**
   * The merge handle's memory budget ({@code hoodie.memory.merge.*} and the spill path). Checks the
   * compaction keys too, so that one call checks every {@code hoodie.memory.*} key a write reads.
   */
  public static MergeMemory mergeMemory(Map<String, String> properties) {
    compactionMemory(properties);
    return memory(properties, HudiSettings.MERGE_MAX_SIZE, HudiSettings.MERGE_FRACTION);
  }

  /** Compaction's memory budget per file slice ({@code hoodie.memory.compaction.*}). */
  public static MergeMemory compactionMemory(Map<String, String> properties) {
    return memory(properties, HudiSettings.COMPACTION_MAX_SIZE, HudiSettings.COMPACTION_FRACTION);
  }

  private static MergeMemory memory(
      Map<String, String> properties, Setting<Long> maxSize, Setting<Double> fraction) {
    Objects.requireNonNull(properties, "properties");
    return MergeMemory.of(
        maxSize.key(),
        fraction.key(),
        maxSize.find(properties).orElse(null),
        fraction.get(properties),
        HudiSettings.SPILL_PATH.find(properties).orElse(null));
  }

  /**
   * The bucket index, defaulted as Hudi's {@code HoodieIndexConfig} does: 256 buckets, the record
   * key fields hashed; the hash fields must be record key fields.
   */
  public static BucketIndex bucketIndex(
      Map<String, String> properties, List<String> recordKeyFields) {
    int numBuckets = HudiSettings.BUCKET_COUNT.get(properties);
    List<String> hashFields =
        HudiSettings.BUCKET_HASH_FIELDS.find(properties).orElse(recordKeyFields);
    if (!recordKeyFields.containsAll(hashFields)) {
      throw new HudiTableException(
          BucketIndex.HASH_FIELD
              + " must name record key fields "
              + recordKeyFields
              + ", but was "
              + hashFields);
    }
    return BucketIndex.of(numBuckets, hashFields);
  }

  /** Schema reconciliation and column drop; a value other than true or false is refused by key. */
  public static SchemaEvolution schemaEvolution(Map<String, String> properties) {
    return SchemaEvolution.of(
        HudiSettings.RECONCILE_SCHEMA.get(properties),
        HudiSettings.ALLOW_COLUMN_DROP.get(properties));
  }

  /**
   * The key generator of a write: {@link KeyGeneratorConfig#RECORD_KEY_FIELD} (required), {@link
   * KeyGeneratorConfig#PARTITION_PATH_FIELD} (absent or empty = non-partitioned), {@link
   * KeyGeneratorConfig#KEY_GENERATOR_CLASS} (absent = inferred as Hudi's {@code
   * KeyGenUtils.inferKeyGeneratorType}), the hive-style and URL-encode flags (default false) and
   * the {@code hoodie.keygen.timebased.*} keys.
   */
  public static KeyGeneratorConfig keyGenerator(Map<String, String> properties) {
    return keyGenerator(
        properties,
        KeyGeneratorConfig.RECORD_KEY_FIELD,
        KeyGeneratorConfig.PARTITION_PATH_FIELD,
        KeyGeneratorConfig.KEY_GENERATOR_CLASS);
  }

  /**
   * The key generator a table's hoodie.properties records ({@link
   * KeyGeneratorConfig#toTableProperties}).
   */
  public static KeyGeneratorConfig tableKeyGenerator(Map<String, String> tableProperties) {
    return keyGenerator(
        tableProperties,
        KeyGeneratorConfig.TABLE_RECORD_KEY_FIELDS,
        KeyGeneratorConfig.TABLE_PARTITION_FIELDS,
        KeyGeneratorConfig.TABLE_KEY_GENERATOR_CLASS);
  }

  private static KeyGeneratorConfig keyGenerator(
      Map<String, String> props, String recordKeyKey, String partitionKey, String classKey) {
    List<String> recordKeys = fieldList(props.get(recordKeyKey));
    if (recordKeys.isEmpty()) {
      throw new InvalidKeyGeneratorConfigException(
          recordKeyKey
              + " is required (comma-separated record key fields), but was "
              + (props.containsKey(recordKeyKey) ? "'" + props.get(recordKeyKey) + "'" : "absent"));
    }
    List<String> partitions = fieldList(props.get(partitionKey));
    String className = props.get(classKey);
    KeyGeneratorType type =
        className == null || className.trim().isEmpty()
            ? KeyGeneratorConfig.inferType(recordKeys, partitions)
            : KeyGeneratorType.fromClassName(classKey, className);
    HudiSettings.CONSISTENT_LOGICAL_TIMESTAMP.get(props); // only false is supported
    TimestampKeyOptions timestamp =
        type == KeyGeneratorType.TIMESTAMP_BASED ? timestampKeyOptions(props) : null;
    return KeyGeneratorConfig.of(
        type,
        recordKeys,
        partitions,
        HudiSettings.HIVE_STYLE_PARTITIONING.get(props),
        HudiSettings.URL_ENCODE_PARTITION_PATH.get(props),
        timestamp);
  }

  private static List<String> fieldList(String value) {
    if (value == null) {
      return List.of();
    }
    return Arrays.stream(value.split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toList());
  }

  /**
   * The timestamp-based key generator's options: the {@code hoodie.keygen.timebased.*} keys (and
   * their {@code hoodie.deltastreamer.keygen.timebased.*} aliases) of write or table properties.
   */
  public static TimestampKeyOptions timestampKeyOptions(Map<String, String> props) {
    TimestampType type = value(props, TimestampKeygenSettings.TIMESTAMP_TYPE);
    if (type == null) {
      throw new InvalidKeyGeneratorConfigException(
          TimestampKeyOptions.TIMESTAMP_TYPE
              + " is required for the timestamp-based key generator; expected one of "
              + Arrays.toString(TimestampType.values()));
    }
    TimeUnit unit =
        type == TimestampType.SCALAR
            ? value(props, TimestampKeygenSettings.TIMESTAMP_SCALAR_TIME_UNIT)
            : null;
    if (unit == null) {
      unit = TimestampKeyOptions.DEFAULT_SCALAR_TIME_UNIT;
    }
    String delimiter = value(props, TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT_DELIMITER);
    if (delimiter == null) {
      delimiter = TimestampKeyOptions.DEFAULT_DELIMITER;
    }
    ZoneId both = value(props, TimestampKeygenSettings.TIMESTAMP_TIMEZONE);
    ZoneId input =
        both != null ? both : value(props, TimestampKeygenSettings.TIMESTAMP_INPUT_TIMEZONE);
    ZoneId output =
        both != null ? both : value(props, TimestampKeygenSettings.TIMESTAMP_OUTPUT_TIMEZONE);
    String outputFormat = value(props, TimestampKeygenSettings.TIMESTAMP_OUTPUT_DATE_FORMAT);
    if (outputFormat == null) {
      throw new InvalidKeyGeneratorConfigException(
          TimestampKeyOptions.OUTPUT_DATE_FORMAT
              + " is required for the timestamp-based key generator, e.g. yyyy/MM/dd");
    }
    String inputFormat =
        type == TimestampType.DATE_STRING
            ? value(props, TimestampKeygenSettings.TIMESTAMP_INPUT_DATE_FORMAT)
            : "";
    return TimestampKeyOptions.of(type, unit, inputFormat, delimiter, input, outputFormat, output);
  }

  /**
   * The value of {@code setting} under its key or its {@code hoodie.deltastreamer.*} alternative;
   * null when absent or blank (a table's hoodie.properties may hold blank values).
   */
  private static <T> T value(Map<String, String> props, Setting<T> setting) {
    Optional<String> key = setting.keyIn(props);
    if (key.isEmpty() || props.get(key.get()).trim().isEmpty()) {
      return null;
    }
    return setting.find(props).orElseThrow();
  }

  /** When the cleaner runs and what it keeps. */
  public static CleanSettings clean(Map<String, String> properties) {
    return new CleanSettings(
        TableServiceSettings.CLEAN_AUTOMATIC.get(properties),
        TableServiceSettings.CLEANER_POLICY.get(properties),
        TableServiceSettings.CLEANER_COMMITS_RETAINED.get(properties),
        TableServiceSettings.CLEANER_FILE_VERSIONS_RETAINED.get(properties));
  }

  /**
   * When the archiver runs and what it keeps, checked against the cleaner's settings read from the
   * same properties ({@link ArchiveSettings#checkAgainst}).
   */
  public static ArchiveSettings archive(Map<String, String> properties) {
    ArchiveSettings settings =
        new ArchiveSettings(
            TableServiceSettings.ARCHIVE_AUTOMATIC.get(properties),
            TableServiceSettings.KEEP_MIN_COMMITS.get(properties),
            TableServiceSettings.KEEP_MAX_COMMITS.get(properties),
            TableServiceSettings.COMPACT_MAX_DELTA_COMMITS.get(properties));
    settings.checkAgainst(clean(properties));
    return settings;
  }

  /** Whether a merge-on-read write compacts inline, and after how many deltacommits. */
  public static CompactionSettings compaction(Map<String, String> properties) {
    return new CompactionSettings(
        TableServiceSettings.COMPACT_INLINE.get(properties),
        TableServiceSettings.COMPACT_MAX_DELTA_COMMITS.get(properties));
  }

  /** The metadata table: kept and created, or deleted, and when it is compacted. */
  public static MetadataTableSettings metadataTable(Map<String, String> properties) {
    return new MetadataTableSettings(
        TableServiceSettings.METADATA_ENABLE.get(properties),
        TableServiceSettings.METADATA_COMPACT_MAX_DELTA_COMMITS.get(properties));
  }

  /** Writer heartbeats: interval and tolerable misses. */
  public static HeartbeatSettings heartbeat(Map<String, String> properties) {
    return new HeartbeatSettings(
        ConcurrencyControlSettings.HEARTBEAT_INTERVAL_MS.get(properties),
        ConcurrencyControlSettings.HEARTBEAT_TOLERABLE_MISSES.get(properties));
  }

  /** The table lock: folder, expiry, retries, and whether it is held in this JVM. */
  public static LockSettings lock(Map<String, String> properties) {
    return new LockSettings(
        ConcurrencyControlSettings.LOCK_PATH.find(properties).orElse(null),
        ConcurrencyControlSettings.LOCK_EXPIRE_MINUTES.get(properties),
        ConcurrencyControlSettings.LOCK_CLIENT_RETRIES.get(properties),
        ConcurrencyControlSettings.LOCK_CLIENT_RETRY_WAIT_MS.get(properties),
        ConcurrencyControlSettings.LOCK_PROVIDER
            .find(properties)
            .map(p -> p.trim().equals(LockSettings.IN_PROCESS_LOCK_PROVIDER))
            .orElse(false));
  }

  /**
   * How writers share the table: the mode and the failed-writes policy, refusing values and
   * combinations this writer cannot honour (optimistic concurrency control with EAGER, or without a
   * lock provider whose lock this writer takes).
   */
  public static ConcurrencySettings concurrency(Map<String, String> properties) {
    ConcurrencySettings.Mode mode = ConcurrencyControlSettings.CONCURRENCY_MODE.get(properties);
    boolean optimistic = mode == ConcurrencySettings.Mode.OPTIMISTIC_CONCURRENCY_CONTROL;
    String failed =
        ConcurrencyControlSettings.FAILED_WRITES_POLICY
            .find(properties)
            .orElse(optimistic ? "LAZY" : "EAGER");
    if (optimistic) {
      if (failed.equals("EAGER")) {
        throw new HudiTableException(
            String.format(
                "%s=EAGER cannot be used with %s=optimistic_concurrency_control: a writer would roll back"
                    + " the pending writes of the other live writers. Use LAZY (the default with optimistic"
                    + " concurrency control), as Hudi's writer does.",
                ConcurrencySettings.FAILED_WRITES, ConcurrencySettings.MODE));
      }
      String provider = properties.get(ConcurrencySettings.LOCK_PROVIDER);
      if (provider == null
          || !(provider.trim().equals(ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER)
              || provider.trim().equals(LockSettings.IN_PROCESS_LOCK_PROVIDER))) {
        throw new HudiTableException(
            String.format(
                "%s=optimistic_concurrency_control needs %s=%s: HudiIO takes that provider's lock file"
                    + " (.hoodie/lock, or the folder in hoodie.write.lock.filesystem.path), and every writer"
                    + " of the table, HudiIO or Hudi's, must use the same lock to exclude the others (or %s"
                    + " when every writer runs in one JVM); but %s.",
                ConcurrencySettings.MODE,
                ConcurrencySettings.LOCK_PROVIDER,
                ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER,
                LockSettings.IN_PROCESS_LOCK_PROVIDER,
                provider == null
                    ? "it is not set"
                    : "it is '" + provider + "', which HudiIO does not implement"));
      }
    }
    return new ConcurrencySettings(mode, failed.equals("LAZY"));
  }
}
