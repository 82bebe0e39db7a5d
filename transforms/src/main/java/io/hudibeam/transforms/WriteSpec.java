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
package io.hudibeam.transforms;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.HeartbeatSettings;
import io.hudibeam.commit.LockSettings;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.services.ArchiveSettings;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.settings.SettingsCheck;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Everything the stages of one write need, frozen when the pipeline is built: the table and its
 * requested config, the key generator, ordering field, operation, index, the write schema and the
 * {@code hoodie.*} write settings. Workers derive Hadoop configuration and settings from it.
 */
public final class WriteSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String basePath;
  private final SortedMap<String, String> hadoopConfiguration;
  private final TableConfig tableConfig;
  private final KeyGeneratorConfig keyGenerator;
  private final OrderingField orderingField;
  private final WriteOperation operation;
  private final IndexType index;
  private final SortedMap<String, String> writeProperties;
  private final String schemaJson;
  private final FailedRecordPolicy failedRecordPolicy;
  private transient Schema schema;

  private WriteSpec(Builder b) {
    this.basePath = Objects.requireNonNull(b.basePath, "basePath");
    this.hadoopConfiguration = new TreeMap<>(b.hadoopConfiguration);
    this.tableConfig = Objects.requireNonNull(b.tableConfig, "tableConfig");
    this.keyGenerator = Objects.requireNonNull(b.keyGenerator, "keyGenerator");
    this.orderingField = Objects.requireNonNull(b.orderingField, "orderingField");
    this.operation = Objects.requireNonNull(b.operation, "operation");
    this.index = Objects.requireNonNull(b.index, "index");
    this.writeProperties = new TreeMap<>(b.writeProperties);
    this.schemaJson = Objects.requireNonNull(b.schemaJson, "schemaJson");
    this.failedRecordPolicy = Objects.requireNonNull(b.failedRecordPolicy, "failedRecordPolicy");
  }

  public static Builder builder() {
    return new Builder();
  }

  public TablePaths paths() {
    return TablePaths.of(basePath);
  }

  public String basePath() {
    return basePath;
  }

  public TableConfig tableConfig() {
    return tableConfig;
  }

  /** Whether the table is merge-on-read: updates and deletes go to log files. */
  public boolean mergeOnRead() {
    return tableConfig.tableType() == io.hudibeam.table.TableType.MERGE_ON_READ;
  }

  /**
   * The action of this write's instant: {@code deltacommit} on a merge-on-read table (Hudi writes
   * every merge-on-read write, bulk_insert included, as a deltacommit), else {@code commit}.
   */
  public io.hudibeam.timeline.Action commitAction() {
    return mergeOnRead()
        ? io.hudibeam.timeline.Action.DELTA_COMMIT
        : io.hudibeam.timeline.Action.COMMIT;
  }

  public KeyGeneratorConfig keyGenerator() {
    return keyGenerator;
  }

  public OrderingField orderingField() {
    return orderingField;
  }

  public WriteOperation operation() {
    return operation;
  }

  public IndexType index() {
    return index;
  }

  public Map<String, String> writeProperties() {
    return java.util.Collections.unmodifiableSortedMap(writeProperties);
  }

  public FailedRecordPolicy failedRecordPolicy() {
    return failedRecordPolicy;
  }

  /** The write schema: the table's Avro record schema without meta fields. */
  public Schema schema() {
    if (schema == null) {
      schema = new Schema.Parser().parse(schemaJson);
    }
    return schema;
  }

  public String schemaJson() {
    return schemaJson;
  }

  public FileSizing fileSizing() {
    return SettingsReader.fileSizing(writeProperties);
  }

  public ParquetSettings parquetSettings() {
    return SettingsReader.parquet(writeProperties);
  }

  public io.hudibeam.services.CompactionSettings compactionSettings() {
    return SettingsReader.compaction(writeProperties);
  }

  public CleanSettings cleanSettings() {
    return SettingsReader.clean(writeProperties);
  }

  /** Timeline archival: {@code hoodie.archive.automatic}, {@code hoodie.keep.min/max.commits}. */
  public ArchiveSettings archiveSettings() {
    return SettingsReader.archive(writeProperties);
  }

  /** Writer heartbeats ({@code hoodie.client.heartbeat.*}). */
  public HeartbeatSettings heartbeatSettings() {
    return SettingsReader.heartbeat(writeProperties);
  }

  /**
   * The table lock ({@code hoodie.write.lock.filesystem.*}, {@code hoodie.write.lock.client.*}).
   */
  public LockSettings lockSettings() {
    return SettingsReader.lock(writeProperties);
  }

  /**
   * How writers share the table ({@code hoodie.write.concurrency.mode}, {@code
   * hoodie.cleaner.policy.failed.writes}, {@code hoodie.write.lock.provider}).
   */
  public io.hudibeam.commit.ConcurrencySettings concurrencySettings() {
    return SettingsReader.concurrency(writeProperties);
  }

  /**
   * Parses and validates every setting of the registry ({@link SettingsCheck}), then builds every
   * settings object the workers build (file sizing, Parquet, cleaning, heartbeats, lock, archival,
   * concurrency, merge memory), so a bad value or combination fails when the pipeline is built
   * rather than on a worker.
   */
  public void validateSettings() {
    SettingsCheck.validate(writeProperties);
    fileSizing();
    parquetSettings();
    cleanSettings();
    heartbeatSettings();
    lockSettings();
    concurrencySettings();
    archiveSettings();
    mergeMemory();
  }

  /** The merge handle's memory budget ({@code hoodie.memory.merge.*}); see {@link MergeMemory}. */
  public MergeMemory mergeMemory() {
    return SettingsReader.mergeMemory(writeProperties);
  }

  /**
   * Compaction's memory budget per file slice ({@code hoodie.memory.compaction.*}); see {@link
   * MergeMemory}.
   */
  public MergeMemory compactionMemory() {
    return SettingsReader.compactionMemory(writeProperties);
  }

  /** Where upserts and deletes keep one record per key; see {@link Deduplication}. */
  public Deduplication deduplication() {
    return Deduplication.of(operation, index);
  }

  /** The bucket index settings ({@code hoodie.bucket.index.*}), for {@link IndexType#BUCKET}. */
  public BucketIndex bucketIndex() {
    return SettingsReader.bucketIndex(writeProperties, keyGenerator.recordKeyFields());
  }

  /** A new Hadoop configuration with this write's settings. */
  public Configuration hadoopConfiguration() {
    Configuration conf = new Configuration();
    hadoopConfiguration.forEach(conf::set);
    return conf;
  }

  public FileSystem fileSystem(Configuration conf) {
    try {
      return new Path(basePath).getFileSystem(conf);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot get the file system of " + basePath, e);
    }
  }

  /** The write transaction (start, file group writers, commit) of this write, on {@code fs}. */
  public io.hudibeam.write.WriteTransaction transaction(Configuration conf, FileSystem fs) {
    return io.hudibeam.write.WriteTransaction.on(conf, fs, paths())
        .heartbeat(heartbeatSettings())
        .lock(lockSettings())
        .concurrency(concurrencySettings())
        .build();
  }

  /** Builds a {@link WriteSpec}. */
  public static final class Builder {
    private String basePath;
    private Map<String, String> hadoopConfiguration = Map.of();
    private TableConfig tableConfig;
    private KeyGeneratorConfig keyGenerator;
    private OrderingField orderingField = OrderingField.none();
    private WriteOperation operation = WriteOperation.UPSERT;
    private IndexType index = IndexType.SIMPLE;
    private Map<String, String> writeProperties = Map.of();
    private String schemaJson;
    private FailedRecordPolicy failedRecordPolicy = FailedRecordPolicy.FAIL;

    public Builder basePath(String v) {
      this.basePath = v;
      return this;
    }

    public Builder hadoopConfiguration(Map<String, String> v) {
      this.hadoopConfiguration = v;
      return this;
    }

    public Builder tableConfig(TableConfig v) {
      this.tableConfig = v;
      return this;
    }

    public Builder keyGenerator(KeyGeneratorConfig v) {
      this.keyGenerator = v;
      return this;
    }

    public Builder orderingField(OrderingField v) {
      this.orderingField = v;
      return this;
    }

    public Builder operation(WriteOperation v) {
      this.operation = v;
      return this;
    }

    public Builder index(IndexType v) {
      this.index = v;
      return this;
    }

    public Builder writeProperties(Map<String, String> v) {
      this.writeProperties = v;
      return this;
    }

    public Builder schemaJson(String v) {
      this.schemaJson = v;
      return this;
    }

    public Builder failedRecordPolicy(FailedRecordPolicy v) {
      this.failedRecordPolicy = v;
      return this;
    }

    public WriteSpec build() {
      return new WriteSpec(this);
    }
  }
}
