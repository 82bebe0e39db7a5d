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
package io.hudibeam.testing;

import io.hudibeam.table.HudiTableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.client.HoodieJavaWriteClient;
import org.apache.hudi.client.WriteStatus;
import org.apache.hudi.client.common.HoodieJavaEngineContext;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.common.model.DefaultHoodieRecordPayload;
import org.apache.hudi.common.model.EmptyHoodieRecordPayload;
import org.apache.hudi.common.model.HoodieAvroPayload;
import org.apache.hudi.common.model.HoodieAvroRecord;
import org.apache.hudi.common.model.HoodieCleaningPolicy;
import org.apache.hudi.common.model.HoodieKey;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieRecordPayload;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.model.OverwriteWithLatestAvroPayload;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.config.HoodieCleanConfig;
import org.apache.hudi.config.HoodieIndexConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.index.HoodieIndex;
import org.apache.hudi.keygen.BaseKeyGenerator;
import org.apache.hudi.keygen.ComplexAvroKeyGenerator;
import org.apache.hudi.keygen.NonpartitionedAvroKeyGenerator;
import org.apache.hudi.keygen.SimpleAvroKeyGenerator;
import org.apache.hudi.keygen.constant.KeyGeneratorOptions;
import org.apache.hudi.storage.StorageConfiguration;

/**
 * The reference writer: Hudi 0.15's own {@link HoodieJavaWriteClient} writing a table, so that
 * tests can check that we read what Hudi writes and that Hudi continues what we write. Test scope
 * only.
 *
 * <p>Set up as Hudi's {@code HoodieJavaWriteClientExample} (hudi-examples-java) and the java
 * client's {@code HoodieJavaClientTestHarness} do: the table is initialised with {@code
 * HoodieTableMetaClient.withPropertyBuilder()...initTable}, every operation opens a {@code
 * HoodieJavaWriteClient} on a {@code HoodieJavaEngineContext}, calls {@code startCommit()} and then
 * {@code insert}/{@code upsert}/{@code bulkInsert}/{@code delete} with auto-commit, and closes the
 * client. Record keys and partition paths come from Hudi's Avro key generators ({@code
 * SimpleAvroKeyGenerator}, {@code ComplexAvroKeyGenerator}, {@code
 * NonpartitionedAvroKeyGenerator}).
 *
 * <p>Fixed choices, so results are deterministic: no embedded timeline server, direct markers,
 * SIMPLE index, automatic cleaning off (call {@link #clean()}; KEEP_LATEST_COMMITS, or
 * KEEP_LATEST_FILE_VERSIONS if so built), bulk insert with {@code GLOBAL_SORT} (input sorted by
 * partition path and key; Hudi's default {@code NONE} opens a file per partition switch), failed
 * writes rolled back eagerly by the next {@code startCommit()} (Hudi's default), metadata table off
 * unless {@link Builder#metadataTable(boolean)} turns it on. Instances are immutable and hold no
 * open resources.
 */
public final class HudiReference {

  /** The key generators the reference can use; hoodie.properties names the Avro variant's class. */
  public enum KeyGenerator {
    SIMPLE(SimpleAvroKeyGenerator.class.getName(), SimpleAvroKeyGenerator::new),
    COMPLEX(ComplexAvroKeyGenerator.class.getName(), ComplexAvroKeyGenerator::new),
    NON_PARTITIONED(
        NonpartitionedAvroKeyGenerator.class.getName(), NonpartitionedAvroKeyGenerator::new);

    private final String className;
    private final Function<TypedProperties, BaseKeyGenerator> factory;

    KeyGenerator(String className, Function<TypedProperties, BaseKeyGenerator> factory) {
      this.className = className;
      this.factory = factory;
    }

    /** The Hudi class name, as written to {@code hoodie.table.keygenerator.class}. */
    public String className() {
      return className;
    }

    BaseKeyGenerator create(TypedProperties props) {
      return factory.apply(props);
    }
  }

  /** The record payload (merge semantics) of the records the reference writes. */
  public enum Payload {
    /** Hudi 0.15's default: the incoming record wins, whatever its ordering value. */
    OVERWRITE_WITH_LATEST(
        OverwriteWithLatestAvroPayload.class.getName(), OverwriteWithLatestAvroPayload::new),
    /** The record with the greater ordering value wins, also against the stored one. */
    DEFAULT(DefaultHoodieRecordPayload.class.getName(), DefaultHoodieRecordPayload::new),
    AVRO(HoodieAvroPayload.class.getName(), HoodieAvroPayload::new);

    private final String className;
    private final BiFunction<GenericRecord, Comparable<?>, HoodieRecordPayload<?>> factory;

    Payload(
        String className,
        BiFunction<GenericRecord, Comparable<?>, HoodieRecordPayload<?>> factory) {
      this.className = className;
      this.factory = factory;
    }

    public String className() {
      return className;
    }
  }

  /** Write operations that {@link #failedWrite} can leave pending. */
  public enum Operation {
    INSERT,
    UPSERT,
    BULK_INSERT
  }

  private final String basePath;
  private final HoodieTableType tableType;
  private final String tableName;
  private final Schema schema;
  private final List<String> recordKeyFields;
  private final List<String> partitionFields;
  private final String orderingField;
  private final KeyGenerator keyGenerator;
  private final boolean hiveStylePartitioning;
  private final boolean metadataTable;
  private final Payload payload;
  private final int cleanerCommitsRetained;
  private final int cleanerFileVersionsRetained;
  private final Map<String, String> extraWriteConfig;
  private final Map<String, String> hadoopSettings;

  private HudiReference(Builder b) {
    this.basePath = b.basePath;
    this.tableType = b.tableType;
    this.tableName = b.tableName;
    this.schema = b.schema;
    this.recordKeyFields = List.copyOf(b.recordKeyFields);
    this.partitionFields = List.copyOf(b.partitionFields);
    this.orderingField = b.orderingField;
    this.keyGenerator = b.keyGenerator;
    this.hiveStylePartitioning = b.hiveStylePartitioning;
    this.metadataTable = b.metadataTable;
    this.payload = b.payload;
    this.cleanerCommitsRetained = b.cleanerCommitsRetained;
    this.cleanerFileVersionsRetained = b.cleanerFileVersionsRetained;
    this.extraWriteConfig = Map.copyOf(b.extraWriteConfig);
    this.hadoopSettings = Map.copyOf(b.hadoopSettings);
  }

  /**
   * A builder preset for the trips table of {@link TripsData}: copy-on-write, table name {@code
   * trips}, record key {@code uuid}, partition field {@code city} (plain folder names), ordering
   * field {@code ts}, {@link KeyGenerator#SIMPLE}, {@link Payload#OVERWRITE_WITH_LATEST}, metadata
   * table off.
   */
  public static Builder trips(String basePath) {
    return new Builder(basePath);
  }

  public String basePath() {
    return basePath;
  }

  public HoodieTableType tableType() {
    return tableType;
  }

  /** Inserts {@code records} as one commit; returns its instant time. */
  public String insert(List<GenericRecord> records) {
    return write(Operation.INSERT, records, true);
  }

  /** Upserts {@code records} as one commit; returns its instant time. */
  public String upsert(List<GenericRecord> records) {
    return write(Operation.UPSERT, records, true);
  }

  /** Bulk-inserts {@code records} as one commit; returns its instant time. */
  public String bulkInsert(List<GenericRecord> records) {
    return write(Operation.BULK_INSERT, records, true);
  }

  /**
   * Deletes the keys (record key and partition path) the key generator derives from {@code
   * records}.
   */
  public String delete(List<GenericRecord> records) {
    BaseKeyGenerator keyGen = keyGenerator();
    List<HoodieKey> keys = new ArrayList<>(records.size());
    for (GenericRecord r : records) {
      keys.add(keyGen.getKey(r));
    }
    return deleteKeys(keys);
  }

  /**
   * Deletes record keys, each looked up in the table's latest snapshot (read with {@link
   * HudiTableReader}) to find its partition path. Fails naming the first key that is not in the
   * table.
   */
  public String deleteRecordKeys(Collection<String> recordKeys) {
    Map<String, GenericRecord> current = HudiTableReader.of(basePath).snapshotByRecordKey();
    List<HoodieKey> keys = new ArrayList<>(recordKeys.size());
    for (String key : recordKeys) {
      GenericRecord row = current.get(key);
      if (row == null) {
        throw new HudiTableException(
            "record key "
                + key
                + " is not in the latest snapshot of "
                + basePath
                + ", so its partition path is unknown");
      }
      keys.add(
          new HoodieKey(
              key, HudiTableReader.string(row, HoodieRecord.PARTITION_PATH_METADATA_FIELD)));
    }
    return deleteKeys(keys);
  }

  /**
   * Deletes {@code keys} as one commit; returns its instant time. Copy-on-write: {@code
   * client.delete}. Merge-on-read: Hudi 0.15's {@code HoodieJavaMergeOnReadTable} inherits the
   * copy-on-write delete, which rewrites base files; so the reference upserts {@code
   * EmptyHoodieRecordPayload} records instead, which the delta commit appends to log files as
   * delete blocks (the commit's operation type is then UPSERT).
   */
  public String deleteKeys(List<HoodieKey> keys) {
    try (HoodieJavaWriteClient<HoodieRecordPayload<?>> client = newClient(true)) {
      String instant = client.startCommit();
      if (tableType == HoodieTableType.MERGE_ON_READ) {
        List<HoodieRecord<HoodieRecordPayload<?>>> deletes = new ArrayList<>(keys.size());
        for (HoodieKey key : keys) {
          deletes.add(new HoodieAvroRecord<>(key, new EmptyHoodieRecordPayload()));
        }
        checkStatuses(instant, client.upsert(deletes, instant));
      } else {
        // Hudi's JavaDeleteHelper clears the list it is given, so it gets a copy of its own.
        checkStatuses(instant, client.delete(new ArrayList<>(keys), instant));
      }
      return instant;
    }
  }

  /**
   * Runs Hudi's cleaner (KEEP_LATEST_COMMITS, {@link Builder#cleanerCommitsRetained}); returns the
   * clean instant, or empty when there was nothing to clean.
   */
  public Optional<String> clean() {
    try (HoodieJavaWriteClient<HoodieRecordPayload<?>> client = newClient(true)) {
      HoodieCleanMetadata meta = client.clean();
      return meta == null ? Optional.empty() : Optional.of(meta.getStartCleanTime());
    }
  }

  /**
   * Schedules a compaction of a merge-on-read table with Hudi's own client ({@code
   * scheduleCompaction}); Hudi's trigger ({@code hoodie.compact.inline.max.delta.commits}, give it
   * with {@link Builder#writeConfig}) decides whether there is one. Returns its instant time.
   */
  public Optional<String> scheduleCompaction() {
    try (HoodieJavaWriteClient<HoodieRecordPayload<?>> client = newClient(true)) {
      org.apache.hudi.common.util.Option<String> instant =
          client.scheduleCompaction(org.apache.hudi.common.util.Option.empty());
      return instant.isPresent() ? Optional.of(instant.get()) : Optional.empty();
    }
  }

  /**
   * Executes and commits the pending compaction {@code instant} with Hudi's own client ({@code
   * compact}).
   */
  public void compact(String instant) {
    try (HoodieJavaWriteClient<HoodieRecordPayload<?>> client = newClient(true)) {
      client.compact(instant);
    }
  }

  /**
   * A write that fails before its commit: {@code startCommit()}, then {@code op} with auto-commit
   * off, then the client is closed without committing. Leaves {@code <instant>.<action>.requested}
   * and {@code .inflight}, the data files and their markers under {@code .hoodie/.temp/<instant>}.
   * Returns the pending instant time. The next write through this class rolls it back first (eager
   * policy).
   */
  public String failedWrite(Operation op, List<GenericRecord> records) {
    return write(op, records, false);
  }

  /** The key the configured key generator gives {@code record}. */
  public HoodieKey keyOf(GenericRecord record) {
    return keyGenerator().getKey(record);
  }

  /** Creates the table ({@code .hoodie/hoodie.properties}) unless it exists. */
  HudiReference initTable() {
    StorageConfiguration<Configuration> conf = storageConf();
    try {
      FileSystem fs = HadoopFSUtils.getFs(basePath, conf);
      if (fs.exists(new Path(basePath, HoodieTableMetaClient.METAFOLDER_NAME))) {
        return this;
      }
      HoodieTableMetaClient.withPropertyBuilder()
          .setTableType(tableType)
          .setTableName(tableName)
          .setRecordKeyFields(String.join(",", recordKeyFields))
          .setPartitionFields(String.join(",", partitionFields))
          .setPreCombineField(orderingField)
          .setKeyGeneratorClassProp(keyGenerator.className())
          .setHiveStylePartitioningEnable(hiveStylePartitioning)
          .setUrlEncodePartitioning(false)
          .setPayloadClassName(payload.className())
          .setPopulateMetaFields(true)
          .setBaseFileFormat("PARQUET")
          .initTable(conf, basePath);
      return this;
    } catch (IOException e) {
      throw new HudiTableException("cannot create the reference Hudi table at " + basePath, e);
    }
  }

  private String write(Operation op, List<GenericRecord> records, boolean autoCommit) {
    List<HoodieRecord<HoodieRecordPayload<?>>> hoodieRecords = toHoodieRecords(records);
    try (HoodieJavaWriteClient<HoodieRecordPayload<?>> client = newClient(autoCommit)) {
      String instant = client.startCommit();
      List<WriteStatus> statuses;
      switch (op) {
        case INSERT:
          statuses = client.insert(hoodieRecords, instant);
          break;
        case UPSERT:
          statuses = client.upsert(hoodieRecords, instant);
          break;
        case BULK_INSERT:
          statuses = client.bulkInsert(hoodieRecords, instant);
          break;
        default:
          throw new IllegalStateException("unknown operation " + op);
      }
      checkStatuses(instant, statuses);
      return instant;
    }
  }

  private List<HoodieRecord<HoodieRecordPayload<?>>> toHoodieRecords(List<GenericRecord> records) {
    BaseKeyGenerator keyGen = keyGenerator();
    List<HoodieRecord<HoodieRecordPayload<?>>> out = new ArrayList<>(records.size());
    for (GenericRecord r : records) {
      // The ordering value as Hudi's writers read it (HoodieAvroUtils.getNestedFieldVal).
      Comparable<?> ordering =
          (Comparable<?>) HoodieAvroUtils.getNestedFieldVal(r, orderingField, false, false);
      out.add(new HoodieAvroRecord<>(keyGen.getKey(r), payload.factory.apply(r, ordering)));
    }
    return out;
  }

  private void checkStatuses(String instant, List<WriteStatus> statuses) {
    for (WriteStatus s : statuses) {
      if (s.hasErrors()) {
        Throwable cause = s.getGlobalError();
        if (cause == null && !s.getErrors().isEmpty()) {
          cause = s.getErrors().values().iterator().next();
        }
        throw new HudiTableException(
            "Hudi reference write "
                + instant
                + " on "
                + basePath
                + " failed for file group "
                + s.getFileId()
                + " in partition "
                + s.getPartitionPath()
                + ": "
                + s.getErrors().keySet(),
            cause);
      }
    }
  }

  private BaseKeyGenerator keyGenerator() {
    return keyGenerator.create(keyGeneratorProps());
  }

  private TypedProperties keyGeneratorProps() {
    TypedProperties props = new TypedProperties();
    props.setProperty(
        KeyGeneratorOptions.RECORDKEY_FIELD_NAME.key(), String.join(",", recordKeyFields));
    props.setProperty(
        KeyGeneratorOptions.PARTITIONPATH_FIELD_NAME.key(), String.join(",", partitionFields));
    props.setProperty(
        KeyGeneratorOptions.HIVE_STYLE_PARTITIONING_ENABLE.key(),
        Boolean.toString(hiveStylePartitioning));
    props.setProperty(KeyGeneratorOptions.URL_ENCODE_PARTITIONING.key(), "false");
    return props;
  }

  private HoodieJavaWriteClient<HoodieRecordPayload<?>> newClient(boolean autoCommit) {
    Map<String, String> props = new LinkedHashMap<>();
    keyGeneratorProps().forEach((k, v) -> props.put((String) k, (String) v));
    props.put("hoodie.bulkinsert.sort.mode", "GLOBAL_SORT");
    if (tableType == HoodieTableType.MERGE_ON_READ) {
      // With an index that cannot index log files, Hudi's delta commit merges updates to "small"
      // base files
      // into new base files (BaseJavaDeltaCommitActionExecutor.handleUpdate); no base file is small
      // here, so
      // updates and deletes go to log files as in a merge-on-read table of real size.
      props.put("hoodie.parquet.small.file.limit", "0");
    }
    props.putAll(extraWriteConfig);
    HoodieWriteConfig config =
        HoodieWriteConfig.newBuilder()
            .withPath(basePath)
            .forTable(tableName)
            .withSchema(schema.toString())
            .withPreCombineField(orderingField)
            .withKeyGenerator(keyGenerator.className())
            .withParallelism(2, 2)
            .withBulkInsertParallelism(2)
            .withDeleteParallelism(2)
            .withAutoCommit(autoCommit)
            .withEmbeddedTimelineServerEnabled(false)
            .withMarkersType("DIRECT")
            .withIndexConfig(
                HoodieIndexConfig.newBuilder().withIndexType(HoodieIndex.IndexType.SIMPLE).build())
            .withMetadataConfig(HoodieMetadataConfig.newBuilder().enable(metadataTable).build())
            .withCleanConfig(cleanConfig())
            .withProps(props)
            .build();
    return new HoodieJavaWriteClient<>(new HoodieJavaEngineContext(storageConf()), config);
  }

  /**
   * Automatic cleaning off; {@link #clean()} keeps the latest commits, or file versions when so
   * built.
   */
  private HoodieCleanConfig cleanConfig() {
    HoodieCleanConfig.Builder clean = HoodieCleanConfig.newBuilder().withAutoClean(false);
    if (cleanerFileVersionsRetained > 0) {
      return clean
          .withCleanerPolicy(HoodieCleaningPolicy.KEEP_LATEST_FILE_VERSIONS)
          .retainFileVersions(cleanerFileVersionsRetained)
          .build();
    }
    return clean
        .withCleanerPolicy(HoodieCleaningPolicy.KEEP_LATEST_COMMITS)
        .retainCommits(cleanerCommitsRetained)
        .build();
  }

  private StorageConfiguration<Configuration> storageConf() {
    Configuration conf = new Configuration();
    hadoopSettings.forEach(conf::set);
    return HadoopFSUtils.getStorageConf(conf);
  }

  /** Builder of a {@link HudiReference}; {@link #create()} makes the table on disk. */
  public static final class Builder {
    private final String basePath;
    private HoodieTableType tableType = HoodieTableType.COPY_ON_WRITE;
    private String tableName = TripsData.TABLE_NAME;
    private Schema schema = TripsData.SCHEMA;
    private List<String> recordKeyFields = List.of(TripsData.RECORD_KEY_FIELD);
    private List<String> partitionFields = List.of(TripsData.PARTITION_FIELD);
    private String orderingField = TripsData.ORDERING_FIELD;
    private KeyGenerator keyGenerator = KeyGenerator.SIMPLE;
    private boolean hiveStylePartitioning = false;
    private boolean metadataTable = false;
    private Payload payload = Payload.OVERWRITE_WITH_LATEST;
    private int cleanerCommitsRetained = 10;
    private int cleanerFileVersionsRetained = 0;
    private final Map<String, String> extraWriteConfig = new LinkedHashMap<>();
    private final Map<String, String> hadoopSettings = new LinkedHashMap<>();

    private Builder(String basePath) {
      this.basePath = Objects.requireNonNull(basePath, "basePath");
    }

    public Builder tableType(HoodieTableType tableType) {
      this.tableType = Objects.requireNonNull(tableType);
      return this;
    }

    public Builder tableName(String tableName) {
      this.tableName = Objects.requireNonNull(tableName);
      return this;
    }

    public Builder schema(Schema schema) {
      this.schema = Objects.requireNonNull(schema);
      return this;
    }

    public Builder recordKeyFields(String... fields) {
      this.recordKeyFields = List.of(fields);
      return this;
    }

    /**
     * The partition fields; none for a non-partitioned table (also set {@link
     * KeyGenerator#NON_PARTITIONED}).
     */
    public Builder partitionFields(String... fields) {
      this.partitionFields = List.of(fields);
      return this;
    }

    public Builder orderingField(String field) {
      this.orderingField = Objects.requireNonNull(field);
      return this;
    }

    public Builder keyGenerator(KeyGenerator keyGenerator) {
      this.keyGenerator = Objects.requireNonNull(keyGenerator);
      return this;
    }

    /** {@code city=tokyo} folders instead of {@code tokyo}. */
    public Builder hiveStylePartitioning(boolean enabled) {
      this.hiveStylePartitioning = enabled;
      return this;
    }

    /** Hudi's metadata table ({@code .hoodie/metadata}); off by default in these tests. */
    public Builder metadataTable(boolean enabled) {
      this.metadataTable = enabled;
      return this;
    }

    public Builder payload(Payload payload) {
      this.payload = Objects.requireNonNull(payload);
      return this;
    }

    /**
     * {@code hoodie.cleaner.commits.retained} for {@link HudiReference#clean()}
     * (KEEP_LATEST_COMMITS); Hudi's default is 10.
     */
    public Builder cleanerCommitsRetained(int commits) {
      if (commits < 1) {
        throw new IllegalArgumentException("cleanerCommitsRetained must be >= 1, got " + commits);
      }
      this.cleanerCommitsRetained = commits;
      return this;
    }

    /**
     * {@link HudiReference#clean()} with Hudi's KEEP_LATEST_FILE_VERSIONS policy ({@code
     * hoodie.cleaner.fileversions.retained}) instead of KEEP_LATEST_COMMITS.
     */
    public Builder cleanerFileVersionsRetained(int versions) {
      if (versions < 1) {
        throw new IllegalArgumentException(
            "cleanerFileVersionsRetained must be >= 1, got " + versions);
      }
      this.cleanerFileVersionsRetained = versions;
      return this;
    }

    /**
     * Any other Hudi write config ({@code hoodie.*}), applied last so it overrides the fixed
     * choices.
     */
    public Builder writeConfig(String key, String value) {
      this.extraWriteConfig.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
      return this;
    }

    /**
     * Hadoop settings for the write client's and the table creation's file system (an {@code
     * s3a://} base path needs S3A's endpoint and credentials, say).
     */
    public Builder hadoopSettings(Map<String, String> settings) {
      this.hadoopSettings.putAll(Objects.requireNonNull(settings));
      return this;
    }

    /** Creates the table at the base path unless a {@code .hoodie} folder is there already. */
    public HudiReference create() {
      return build().initTable();
    }

    /**
     * The reference for an existing table (one our writer made, say), without touching it. Its
     * settings must match the table's {@code hoodie.properties}.
     */
    public HudiReference open() {
      return build();
    }

    private HudiReference build() {
      if (keyGenerator == KeyGenerator.NON_PARTITIONED && !partitionFields.isEmpty()) {
        throw new IllegalArgumentException(
            "NON_PARTITIONED key generator needs no partition fields, got " + partitionFields);
      }
      if (keyGenerator != KeyGenerator.NON_PARTITIONED && partitionFields.isEmpty()) {
        throw new IllegalArgumentException(
            keyGenerator + " key generator needs partition fields, got none");
      }
      return new HudiReference(this);
    }
  }

  @Override
  public String toString() {
    return "HudiReference{"
        + basePath
        + ", "
        + tableType
        + ", keys="
        + recordKeyFields
        + ", partitions="
        + partitionFields
        + ", "
        + keyGenerator
        + (hiveStylePartitioning ? ", hive-style" : "")
        + (metadataTable ? ", metadata table" : "")
        + ", "
        + payload
        + ", extra="
        + extraWriteConfig
        + "}";
  }
}
