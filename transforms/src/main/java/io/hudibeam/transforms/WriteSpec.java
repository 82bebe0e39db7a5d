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
import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.schema.SchemaEvolution;
import io.hudibeam.services.ArchiveSettings;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.CompactionSettings;
import io.hudibeam.services.MetadataTableServices;
import io.hudibeam.settings.FileSettings;
import io.hudibeam.settings.SettingsCheck;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.write.ChangeTypes;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.Schema;

/**
 * One table's write, read once from its settings when the pipeline is built: the table (its {@link
 * TableLocation}), its requested config, the key generator, ordering field, operation, index, the
 * write schema, and every value a stage takes from the {@code hoodie.*} write settings (file
 * sizing, Parquet, merge and compaction memory, clean, archival, inline compaction, heartbeats,
 * lock, concurrency, schema evolution, the bucket index). A bad setting or combination fails in
 * {@link Builder#build}, on the machine that builds the pipeline, not on a worker.
 *
 * <p>The stages do not take this: each takes the narrow spec of what it reads, made from it (for
 * example {@code transforms.records.RecordsSpec.of(spec)}), and a write to several tables makes one
 * of these, and one spec per stage, for each table.
 */
public final class WriteSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  private final TableLocation location;
  private final TableConfig tableConfig;
  private final KeyGeneratorConfig keyGenerator;
  private final OrderingField orderingField;
  private final ChangeTypes changeTypes;
  private final WriteOperation operation;
  private final IndexType index;
  private final String schemaJson;
  private final FailedRecordPolicy failedRecordPolicy;
  private final FileSizing fileSizing;
  private final ParquetSettings parquet;
  private final MergeMemory mergeMemory;
  private final MergeMemory compactionMemory;
  private final long logBlockMaxBytes;
  private final CleanSettings clean;
  private final ArchiveSettings archive;
  private final CompactionSettings compaction;
  private final HeartbeatSettings heartbeat;
  private final LockSettings lock;
  private final ConcurrencySettings concurrency;
  private final MetadataTableSettings metadataTable;
  private final SchemaEvolution schemaEvolution;
  private final BucketIndex bucketIndex;

  private WriteSpec(Builder b) {
    this.location =
        TableLocation.of(Objects.requireNonNull(b.basePath, "basePath"), b.hadoopConfiguration);
    this.tableConfig = Objects.requireNonNull(b.tableConfig, "tableConfig");
    this.keyGenerator = Objects.requireNonNull(b.keyGenerator, "keyGenerator");
    this.orderingField = Objects.requireNonNull(b.orderingField, "orderingField");
    this.changeTypes = Objects.requireNonNull(b.changeTypes, "changeTypes");
    this.operation = Objects.requireNonNull(b.operation, "operation");
    this.index = Objects.requireNonNull(b.index, "index");
    this.schemaJson = Objects.requireNonNull(b.schemaJson, "schemaJson");
    this.failedRecordPolicy = Objects.requireNonNull(b.failedRecordPolicy, "failedRecordPolicy");
    Map<String, String> settings = b.writeProperties;
    SettingsCheck.validate(settings);
    this.fileSizing = SettingsReader.fileSizing(settings);
    this.parquet = SettingsReader.parquet(settings);
    this.clean = SettingsReader.clean(settings);
    // One id per write, in every heartbeat file it writes (Heartbeats.releaseWriter).
    this.heartbeat = SettingsReader.heartbeat(settings).withWriter(UUID.randomUUID().toString());
    this.lock = SettingsReader.lock(settings);
    this.concurrency = SettingsReader.concurrency(settings);
    this.metadataTable = SettingsReader.metadataTable(settings);
    this.archive = SettingsReader.archive(settings);
    this.mergeMemory = SettingsReader.mergeMemory(settings);
    this.logBlockMaxBytes = FileSettings.LOG_BLOCK_MAX_SIZE.get(settings);
    this.compactionMemory = SettingsReader.compactionMemory(settings);
    this.compaction = SettingsReader.compaction(settings);
    this.schemaEvolution = SettingsReader.schemaEvolution(settings);
    this.bucketIndex =
        index == IndexType.BUCKET
            ? SettingsReader.bucketIndex(settings, keyGenerator.recordKeyFields())
            : null;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Where the table is and how a worker reaches it. */
  public TableLocation location() {
    return location;
  }

  public TableId table() {
    return location.table();
  }

  public TablePaths paths() {
    return location.paths();
  }

  public String basePath() {
    return location.basePath();
  }

  public TableConfig tableConfig() {
    return tableConfig;
  }

  /** Whether the table is merge-on-read: updates and deletes go to log files. */
  public boolean mergeOnRead() {
    return tableConfig.tableType() == TableType.MERGE_ON_READ;
  }

  /**
   * The action of this write's instant: {@code deltacommit} on a merge-on-read table (Hudi writes
   * every merge-on-read write, bulk_insert included, as a deltacommit), else {@code commit}.
   */
  public Action commitAction() {
    return mergeOnRead() ? Action.DELTA_COMMIT : Action.COMMIT;
  }

  public KeyGeneratorConfig keyGenerator() {
    return keyGenerator;
  }

  public OrderingField orderingField() {
    return orderingField;
  }

  /** Which records delete their key: {@code _hoodie_is_deleted}, and the change type field. */
  public ChangeTypes changeTypes() {
    return changeTypes;
  }

  public WriteOperation operation() {
    return operation;
  }

  public IndexType index() {
    return index;
  }

  public FailedRecordPolicy failedRecordPolicy() {
    return failedRecordPolicy;
  }

  /** The write schema: the table's Avro record schema without meta fields. */
  public Schema schema() {
    return new Schema.Parser().parse(schemaJson);
  }

  public String schemaJson() {
    return schemaJson;
  }

  public FileSizing fileSizing() {
    return fileSizing;
  }

  public ParquetSettings parquetSettings() {
    return parquet;
  }

  public CompactionSettings compactionSettings() {
    return compaction;
  }

  public CleanSettings cleanSettings() {
    return clean;
  }

  /** Timeline archival: {@code hoodie.archive.automatic}, {@code hoodie.keep.min/max.commits}. */
  public ArchiveSettings archiveSettings() {
    return archive;
  }

  /** Writer heartbeats ({@code hoodie.client.heartbeat.*}). */
  public HeartbeatSettings heartbeatSettings() {
    return heartbeat;
  }

  /**
   * The table lock ({@code hoodie.write.lock.filesystem.*}, {@code hoodie.write.lock.client.*}).
   */
  public LockSettings lockSettings() {
    return lock;
  }

  /**
   * How writers share the table ({@code hoodie.write.concurrency.mode}, {@code
   * hoodie.cleaner.policy.failed.writes}, {@code hoodie.write.lock.provider}).
   */
  public ConcurrencySettings concurrencySettings() {
    return concurrency;
  }

  /** The merge handle's memory budget ({@code hoodie.memory.merge.*}); see {@link MergeMemory}. */
  public MergeMemory mergeMemory() {
    return mergeMemory;
  }

  /**
   * Encoded bytes at which a log data block is cut ({@code hoodie.logfile.data.block.max.size}).
   */
  public long logBlockMaxBytes() {
    return logBlockMaxBytes;
  }

  /**
   * Compaction's memory budget per file slice ({@code hoodie.memory.compaction.*}); see {@link
   * MergeMemory}.
   */
  public MergeMemory compactionMemory() {
    return compactionMemory;
  }

  /** Schema reconciliation and column drop ({@code hoodie.datasource.write.*schema*}). */
  public SchemaEvolution schemaEvolution() {
    return schemaEvolution;
  }

  /** Heartbeats, the table lock and the concurrency mode, as the write transaction takes them. */
  public ConcurrencyControl concurrencyControl() {
    return new ConcurrencyControl(
        heartbeat, lock, concurrency, metadataTable, new MetadataTableServices(clean, archive));
  }

  /** Where upserts and deletes keep one record per key; see {@link Deduplication}. */
  public Deduplication deduplication() {
    return Deduplication.of(operation, index);
  }

  /** The bucket index ({@code hoodie.bucket.index.*}), present for {@link IndexType#BUCKET}. */
  public Optional<BucketIndex> bucketIndex() {
    return Optional.ofNullable(bucketIndex);
  }

  /** Builds a {@link WriteSpec}. */
  public static final class Builder {
    private String basePath;
    private Map<String, String> hadoopConfiguration = Map.of();
    private TableConfig tableConfig;
    private KeyGeneratorConfig keyGenerator;
    private OrderingField orderingField = OrderingField.none();
    private ChangeTypes changeTypes = ChangeTypes.none();
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

    public Builder changeTypes(ChangeTypes v) {
      this.changeTypes = v;
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

    /** The {@code hoodie.*} write settings, read (and checked) once by {@link #build}. */
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

    /**
     * Reads every setting the stages take; a bad value or combination fails here, naming its key.
     */
    public WriteSpec build() {
      return new WriteSpec(this);
    }
  }
}
