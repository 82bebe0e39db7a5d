package io.hudibeam;

import com.google.auto.value.AutoValue;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.index.TagLocations;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.plan.AssignBuckets;
import io.hudibeam.transforms.plan.PlanWrite;
import io.hudibeam.transforms.records.FailedRecord;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.schema.AvroInputSchemas;
import io.hudibeam.transforms.schema.HudiAvroSchemas;
import io.hudibeam.transforms.schema.RowToGenericRecord;
import io.hudibeam.transforms.write.BulkInsertFiles;
import io.hudibeam.transforms.write.WriteFileGroups;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import io.hudibeam.write.WritePlan;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.commit.StartedInstant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes Apache Hudi tables (table version 6, readable by Hudi 0.14 and later, Hudi 1.x, Spark,
 * Hive, Trino and Presto) from Beam pipelines, with Hudi's write path inside: record keys and
 * partition paths from Hudi's key generators, an index lookup, a workload profile, small-file
 * packing and file sizing, one writer per file group, and a single commit step with markers,
 * rollback of failed writes and cleaning. No Hudi jars are needed at run time.
 *
 * <h2>Usage</h2>
 *
 * <pre>{@code
 * PCollection<Row> trips = ...;
 * HudiWriteResult result =
 *     trips.apply(
 *         HudiIO.write()
 *             .withBasePath("hdfs:///warehouse/trips")
 *             .withTableName("trips")
 *             .withRecordKeyFields("uuid")
 *             .withPartitionFields("city")
 *             .withOrderingField("ts")
 *             .withOperation(WriteOperation.UPSERT));
 * result.getCommittedInstants().apply(...);   // one element per commit, with its counts
 * }</pre>
 *
 * <p>{@link #writeGenericRecords()} takes {@code PCollection<GenericRecord>} with an {@code
 * AvroCoder}; its schema is the table schema.
 *
 * <h2>Settings</h2>
 *
 * <p>Every setting is also accepted under Hudi's own key through {@link
 * Write#withHoodieProperties(Map)}, so an existing Hudi configuration can be brought along; the
 * {@code withX()} methods set the same keys.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>method</th><th>Hudi key</th><th>default</th></tr>
 * <tr><td>withBasePath</td><td>(base path)</td><td>required</td></tr>
 * <tr><td>withTableName</td><td>hoodie.table.name</td><td>required</td></tr>
 * <tr><td>withTableType</td><td>hoodie.datasource.write.table.type</td><td>COPY_ON_WRITE (the only one supported yet)</td></tr>
 * <tr><td>withRecordKeyFields</td><td>hoodie.datasource.write.recordkey.field</td><td>required</td></tr>
 * <tr><td>withPartitionFields</td><td>hoodie.datasource.write.partitionpath.field</td><td>none: non-partitioned</td></tr>
 * <tr><td>withOrderingField</td><td>hoodie.datasource.write.precombine.field</td><td>none: ties broken deterministically</td></tr>
 * <tr><td>withKeyGenerator</td><td>hoodie.datasource.write.keygenerator.class</td><td>SIMPLE for one key and one partition field, COMPLEX for several, NON_PARTITIONED without partition fields</td></tr>
 * <tr><td>withHiveStylePartitioning</td><td>hoodie.datasource.write.hive_style_partitioning</td><td>false</td></tr>
 * <tr><td>withUrlEncodePartitionPath</td><td>hoodie.datasource.write.partitionpath.urlencode</td><td>false</td></tr>
 * <tr><td>withOperation</td><td>hoodie.datasource.write.operation</td><td>UPSERT</td></tr>
 * <tr><td>withIndex</td><td>hoodie.index.type</td><td>SIMPLE; also GLOBAL_SIMPLE, BLOOM, BUCKET</td></tr>
 * <tr><td>withBucketCount</td><td>hoodie.bucket.index.num.buckets</td><td>256 (BUCKET index only)</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.bucket.index.hash.field</td><td>the record key fields (BUCKET index only)</td></tr>
 * <tr><td>withMaxFileSize</td><td>hoodie.parquet.max.file.size</td><td>120 MiB</td></tr>
 * <tr><td>withSmallFileLimit</td><td>hoodie.parquet.small.file.limit</td><td>100 MiB</td></tr>
 * <tr><td>withParquetCodec</td><td>hoodie.parquet.compression.codec</td><td>gzip</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.keygen.timebased.*</td><td>timestamp-based key generator options</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.cleaner.policy, hoodie.cleaner.commits.retained, hoodie.clean.automatic</td><td>KEEP_LATEST_COMMITS, 10, true</td></tr>
 * <tr><td>(properties only)</td><td>hoodie.memory.merge.max.size, hoodie.memory.merge.fraction, hoodie.memory.spillable.map.path</td><td>a file-group merge holds its incoming records in memory up to max.size bytes if given, else fraction (0.6) &times; 0.4 &times; max heap / available processors, and spills the rest to the path (java.io.tmpdir)</td></tr>
 * <tr><td>withHadoopConfiguration</td><td>(Hadoop keys, e.g. fs.s3a.*)</td><td>none</td></tr>
 * <tr><td>withFailedRecordsOutput</td><td></td><td>off: a record without a key fails the pipeline before anything is committed</td></tr>
 * </table>
 *
 * <h2>Types</h2>
 *
 * <p>Beam types map to the Avro types Hudi's Spark writer uses: BYTE, INT16, INT32 → int; INT64 →
 * long; FLOAT, DOUBLE, BOOLEAN, STRING, BYTES as themselves; DECIMAL → fixed with the decimal
 * logical type (precision 38, scale 18 unless the field is a {@code FixedPrecisionNumeric});
 * DATETIME and SqlTypes.TIMESTAMP → long timestamp-micros; SqlTypes.DATE → int date;
 * SqlTypes.DATETIME → local-timestamp-micros; ROW → record; ARRAY, ITERABLE → array; MAP with
 * string keys → map. Nullable fields become {@code ["null", T]} unions with default null. The
 * record is named {@code <table>_record} in namespace {@code hoodie.<table>}, as Spark names it.
 *
 * <h2>Semantics and fault tolerance</h2>
 *
 * <ul>
 *   <li>One write is one Hudi instant. It is minted when the pipeline runs, after failed pending
 *       instants of the table have been rolled back, and before any data file is written.
 *   <li>The instant becomes visible to readers in one step: the creation of {@code <T>.commit} by
 *       a single worker. A pipeline that fails before that leaves the previous snapshot intact;
 *       the next write rolls the failed instant back (its files are deleted by their markers).
 *   <li>Bundles may be retried: every attempt writes files under its own write token with a marker
 *       first, and the commit deletes every file with a marker that no reported write stat names,
 *       so a retried bundle leaves neither duplicates nor orphans.
 *   <li>Records are routed by a plan drawn once per instant (file ids included), so a retry
 *       routes every record as the first attempt did.
 *   <li>The commit step is {@code @RequiresStableInput} and idempotent: an instant already
 *       completed on the timeline is not committed again.
 *   <li>Inserts and bulk inserts look no keys up and keep duplicates, as Hudi's insert does (with
 *       its default {@code hoodie.merge.allow.duplicate.on.inserts=true}): a key already stored, or
 *       repeated within the batch, is written again, also when the insert fills a small file.
 *   <li>Upserts keep the stored record when the incoming ordering value is smaller. Within one
 *       batch, the record with the larger ordering value wins; Beam gives no order between
 *       records, so equal ordering values are decided by a total order on the records.
 *   <li>A table with a metadata table (built by Hudi's writers by default) has it removed exactly
 *       as Hudi's writer does when {@code hoodie.metadata.enable=false}, so readers never trust a
 *       stale one; Hudi's writers rebuild it on their next write.
 *   <li>Indexes: SIMPLE and GLOBAL_SIMPLE read the keys of the latest base files; BLOOM reads
 *       only the footers' key ranges, then per candidate file its bloom filter and, when the filter
 *       passes a key, its keys; BUCKET reads nothing: a record's file group is its bucket ({@code
 *       hash(key) mod withBucketCount}), one file group per bucket and partition, named as Hudi's
 *       bucket index names them, not sized. The bucket count is not stored in the table: every
 *       writer (this or Hudi's) must use the same one. BUCKET does not support BULK_INSERT.
 *   <li>One writer at a time: concurrent writers to one table (this or Hudi's) are not coordinated.
 * </ul>
 */
public final class HudiIO {
  static final String TABLE_NAME = "hoodie.table.name";
  static final String TABLE_TYPE = "hoodie.datasource.write.table.type";
  static final String RECORD_KEY_FIELD = KeyGeneratorConfig.RECORD_KEY_FIELD;
  static final String PARTITION_PATH_FIELD = KeyGeneratorConfig.PARTITION_PATH_FIELD;
  static final String ORDERING_FIELD = "hoodie.datasource.write.precombine.field";
  static final String KEY_GENERATOR_CLASS = KeyGeneratorConfig.KEY_GENERATOR_CLASS;
  static final String HIVE_STYLE = KeyGeneratorConfig.HIVE_STYLE_PARTITIONING;
  static final String URL_ENCODE = KeyGeneratorConfig.URL_ENCODE_PARTITION_PATH;
  static final String OPERATION = "hoodie.datasource.write.operation";
  static final String INDEX_TYPE = "hoodie.index.type";
  static final String BUCKET_COUNT = BucketIndex.NUM_BUCKETS;
  static final String MAX_FILE_SIZE = "hoodie.parquet.max.file.size";
  static final String SMALL_FILE_LIMIT = "hoodie.parquet.small.file.limit";
  static final String PARQUET_CODEC = "hoodie.parquet.compression.codec";

  private HudiIO() {}

  /** Writes a {@code PCollection<Row>}. */
  public static Write<Row> write() {
    return Write.<Row>builder(InputKind.ROWS).build();
  }

  /** Writes a {@code PCollection<GenericRecord>} whose coder is an {@code AvroCoder}. */
  public static Write<GenericRecord> writeGenericRecords() {
    return Write.<GenericRecord>builder(InputKind.GENERIC_RECORDS).build();
  }

  enum InputKind {
    ROWS,
    GENERIC_RECORDS
  }

  /** The write transform; every {@code withX()} returns a new instance. */
  @AutoValue
  public abstract static class Write<T> extends PTransform<PCollection<T>, HudiWriteResult> {
    private static final long serialVersionUID = 1L;

    abstract InputKind getInputKind();

    abstract @Nullable String getBasePath();

    abstract Map<String, String> getHoodieProperties();

    abstract Map<String, String> getHadoopConfiguration();

    abstract boolean getFailedRecordsOutput();

    abstract Builder<T> toBuilder();

    static <T> Builder<T> builder(InputKind kind) {
      return new AutoValue_HudiIO_Write.Builder<T>()
          .setInputKind(kind)
          .setHoodieProperties(Map.of())
          .setHadoopConfiguration(Map.of())
          .setFailedRecordsOutput(false);
    }

    @AutoValue.Builder
    abstract static class Builder<T> {
      abstract Builder<T> setInputKind(InputKind kind);

      abstract Builder<T> setBasePath(String basePath);

      abstract Builder<T> setHoodieProperties(Map<String, String> properties);

      abstract Builder<T> setHadoopConfiguration(Map<String, String> configuration);

      abstract Builder<T> setFailedRecordsOutput(boolean output);

      abstract Write<T> build();
    }

    /** The table's base path: a local path or any Hadoop file system URI. */
    public Write<T> withBasePath(String basePath) {
      requireNonEmpty("withBasePath", basePath);
      return toBuilder().setBasePath(basePath).build();
    }

    public Write<T> withTableName(String tableName) {
      requireNonEmpty("withTableName", tableName);
      return withProperty(TABLE_NAME, tableName);
    }

    public Write<T> withTableType(TableType tableType) {
      return withProperty(TABLE_TYPE, tableType.value());
    }

    public Write<T> withRecordKeyFields(String... fields) {
      requireFields("withRecordKeyFields", fields);
      return withProperty(RECORD_KEY_FIELD, String.join(",", fields));
    }

    /** Partition fields; none makes a non-partitioned table. */
    public Write<T> withPartitionFields(String... fields) {
      return withProperty(PARTITION_PATH_FIELD, String.join(",", fields));
    }

    /** The ordering (precombine) field: the larger value wins between versions of a record. */
    public Write<T> withOrderingField(String field) {
      requireNonEmpty("withOrderingField", field);
      return withProperty(ORDERING_FIELD, field);
    }

    public Write<T> withKeyGenerator(KeyGeneratorType type) {
      return withProperty(KEY_GENERATOR_CLASS, type.className());
    }

    public Write<T> withHiveStylePartitioning(boolean hiveStyle) {
      return withProperty(HIVE_STYLE, String.valueOf(hiveStyle));
    }

    public Write<T> withUrlEncodePartitionPath(boolean urlEncode) {
      return withProperty(URL_ENCODE, String.valueOf(urlEncode));
    }

    public Write<T> withOperation(WriteOperation operation) {
      return withProperty(OPERATION, operation.name().toLowerCase(java.util.Locale.ROOT));
    }

    public Write<T> withIndex(IndexType index) {
      return withProperty(INDEX_TYPE, index.name());
    }

    /**
     * The number of buckets per partition of the BUCKET index. Hudi's tables do not record it:
     * every writer of the table must use the same count.
     */
    public Write<T> withBucketCount(int buckets) {
      if (buckets <= 0) {
        throw new IllegalArgumentException("withBucketCount must be > 0, but was " + buckets);
      }
      return withProperty(BUCKET_COUNT, String.valueOf(buckets));
    }

    /** Target size of base files; inserts roll to a new file group beyond it. */
    public Write<T> withMaxFileSize(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("withMaxFileSize must be > 0 bytes, but was " + bytes);
      }
      return withProperty(MAX_FILE_SIZE, String.valueOf(bytes));
    }

    /** Base files smaller than this receive new inserts before new file groups are created. */
    public Write<T> withSmallFileLimit(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("withSmallFileLimit must be >= 0 bytes, but was " + bytes);
      }
      return withProperty(SMALL_FILE_LIMIT, String.valueOf(bytes));
    }

    /** Parquet compression codec: gzip (Hudi's default), snappy, zstd, uncompressed, ... */
    public Write<T> withParquetCodec(String codec) {
      requireNonEmpty("withParquetCodec", codec);
      return withProperty(PARQUET_CODEC, codec);
    }

    /** Hudi's own {@code hoodie.*} settings under their Hudi names; later calls add to them. */
    public Write<T> withHoodieProperties(Map<String, String> properties) {
      Map<String, String> merged = new TreeMap<>(getHoodieProperties());
      properties.forEach(
          (k, v) -> {
            if (!k.startsWith("hoodie.")) {
              throw new IllegalArgumentException(
                  "withHoodieProperties takes Hudi's hoodie.* keys, but got '" + k
                      + "'; pass Hadoop settings to withHadoopConfiguration");
            }
            merged.put(k, v);
          });
      return toBuilder().setHoodieProperties(Map.copyOf(merged)).build();
    }

    /** Hadoop configuration for the table's file system (e.g. {@code fs.s3a.*}). */
    public Write<T> withHadoopConfiguration(Map<String, String> configuration) {
      Map<String, String> merged = new TreeMap<>(getHadoopConfiguration());
      merged.putAll(configuration);
      return toBuilder().setHadoopConfiguration(Map.copyOf(merged)).build();
    }

    /**
     * Records that cannot be written (no record key, a missing field) go to {@link
     * HudiWriteResult#getFailedRecords()} and the others are committed, instead of failing the
     * pipeline.
     */
    public Write<T> withFailedRecordsOutput() {
      return toBuilder().setFailedRecordsOutput(true).build();
    }

    private Write<T> withProperty(String key, String value) {
      return withHoodieProperties(Map.of(key, value));
    }

    private static void requireNonEmpty(String method, String value) {
      if (value == null || value.isEmpty()) {
        throw new IllegalArgumentException(method + " must not be null or empty");
      }
    }

    private static void requireFields(String method, String[] fields) {
      if (fields == null || fields.length == 0 || Arrays.stream(fields).anyMatch(f -> f == null || f.isEmpty())) {
        throw new IllegalArgumentException(method + " needs at least one non-empty field name, but got " + Arrays.toString(fields));
      }
    }

    @Override
    public void populateDisplayData(DisplayData.Builder builder) {
      super.populateDisplayData(builder);
      builder.addIfNotNull(DisplayData.item("basePath", getBasePath()).withLabel("Table base path"));
      getHoodieProperties().forEach((k, v) -> builder.add(DisplayData.item(k, v)));
    }

    @Override
    public HudiWriteResult expand(PCollection<T> input) {
      WriteSettings settings = WriteSettings.of(getBasePath(), getHoodieProperties());
      PCollection<GenericRecord> records = toGenericRecords(input, settings.tableName());
      Schema schema = ((AvroCoder<GenericRecord>) records.getCoder()).getSchema();
      settings.checkFieldsExist(schema);
      WriteSpec spec = settings.toSpec(
          schema, getHadoopConfiguration(),
          getFailedRecordsOutput() ? FailedRecordPolicy.OUTPUT : FailedRecordPolicy.FAIL);

      PCollectionView<StartedInstant> started =
          input.getPipeline().apply("Start instant", new StartInstant(spec));
      PCollectionTuple prepared = records.apply("Prepare records", new PrepareRecords(spec));
      PCollection<WriteStat> stats;
      if (spec.operation() == WriteOperation.BULK_INSERT) {
        stats = prepared.get(PrepareRecords.RECORDS).apply("Bulk insert files", new BulkInsertFiles(spec, started));
      } else {
        PCollection<TaggedRecord> tagged =
            prepared.get(PrepareRecords.RECORDS).apply("Tag locations", new TagLocations(spec, started));
        PCollectionView<WritePlan> plan = tagged.apply("Profile workload", new PlanWrite(spec, started));
        stats =
            tagged
                .apply("Assign buckets", new AssignBuckets(spec, plan))
                .apply("Write file groups", new WriteFileGroups(spec, started));
      }
      PCollection<CommittedInstant> committed = stats.apply("Commit instant", new CommitInstant(spec, started));
      PCollection<FailedRecord> failed = prepared.get(PrepareRecords.FAILED);
      return new HudiWriteResult(input.getPipeline(), committed, failed);
    }

    @SuppressWarnings("unchecked")
    private PCollection<GenericRecord> toGenericRecords(PCollection<T> input, String tableName) {
      if (getInputKind() == InputKind.ROWS) {
        PCollection<Row> rows = (PCollection<Row>) input;
        if (!rows.hasSchema()) {
          throw new IllegalArgumentException("HudiIO.write() needs a PCollection<Row> with a schema");
        }
        Schema avro = HudiAvroSchemas.fromBeamSchema(rows.getSchema(), tableName);
        RowToGenericRecord convert = RowToGenericRecord.of(rows.getSchema(), avro);
        return rows
            .apply("To Avro records", MapElements.into(TypeDescriptor.of(GenericRecord.class)).via(convert))
            .setCoder(AvroCoder.of(avro));
      }
      Coder<T> coder = input.getCoder();
      if (!(coder instanceof AvroCoder)) {
        throw new IllegalArgumentException(
            "HudiIO.writeGenericRecords() needs a PCollection<GenericRecord> with an AvroCoder, but"
                + " its coder is " + coder);
      }
      AvroInputSchemas.normalize(((AvroCoder<?>) coder).getSchema(), tableName);
      return (PCollection<GenericRecord>) input;
    }
  }

  /** The settings of one write, resolved from Hudi's keys, with the cross-field checks. */
  static final class WriteSettings {
    private final String basePath;
    private final Map<String, String> properties;

    private WriteSettings(String basePath, Map<String, String> properties) {
      this.basePath = basePath;
      this.properties = properties;
    }

    static WriteSettings of(@Nullable String basePath, Map<String, String> properties) {
      if (basePath == null) {
        throw new IllegalArgumentException("withBasePath() is required");
      }
      if (!properties.containsKey(TABLE_NAME)) {
        throw new IllegalArgumentException("withTableName() (hoodie.table.name) is required");
      }
      if (!properties.containsKey(RECORD_KEY_FIELD)) {
        throw new IllegalArgumentException(
            "withRecordKeyFields() (" + RECORD_KEY_FIELD + ") is required");
      }
      WriteSettings settings = new WriteSettings(basePath, properties);
      if (settings.tableType() != TableType.COPY_ON_WRITE) {
        throw new IllegalArgumentException(
            "withTableType(" + settings.tableType() + ") is not supported yet; only COPY_ON_WRITE");
      }
      try {
        MergeMemory.fromProperties(properties);
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      if (settings.index() == IndexType.BUCKET) {
        if (settings.operation() == WriteOperation.BULK_INSERT) {
          throw new IllegalArgumentException(
              "withOperation(BULK_INSERT) is not supported with withIndex(BUCKET); use INSERT or UPSERT");
        }
        try {
          BucketIndex.fromProperties(properties, settings.recordKeyFields());
        } catch (HudiTableException e) {
          throw new IllegalArgumentException("withIndex(BUCKET): " + e.getMessage(), e);
        }
      }
      return settings;
    }

    String tableName() {
      return properties.get(TABLE_NAME);
    }

    TableType tableType() {
      return TableType.fromValue(properties.getOrDefault(TABLE_TYPE, TableType.COPY_ON_WRITE.value()));
    }

    WriteOperation operation() {
      return WriteOperation.fromValue(properties.getOrDefault(OPERATION, "upsert"));
    }

    IndexType index() {
      return IndexType.fromValue(properties.getOrDefault(INDEX_TYPE, IndexType.SIMPLE.name()));
    }

    List<String> recordKeyFields() {
      return split(properties.get(RECORD_KEY_FIELD));
    }

    List<String> partitionFields() {
      return split(properties.getOrDefault(PARTITION_PATH_FIELD, ""));
    }

    @Nullable String orderingField() {
      String field = properties.get(ORDERING_FIELD);
      return field == null || field.isEmpty() ? null : field;
    }

    private static List<String> split(String value) {
      return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(java.util.stream.Collectors.toList());
    }

    void checkFieldsExist(Schema schema) {
      checkField(schema, RECORD_KEY_FIELD, recordKeyFields());
      checkField(schema, PARTITION_PATH_FIELD, partitionFields());
      if (orderingField() != null && operation() != WriteOperation.DELETE) {
        checkField(schema, ORDERING_FIELD, List.of(orderingField()));
      }
    }

    private static void checkField(Schema schema, String key, List<String> fields) {
      for (String field : fields) {
        Schema current = schema;
        for (String part : field.split("\\.")) {
          Schema record = nonNull(current);
          Schema.Field f = record.getType() == Schema.Type.RECORD ? record.getField(part) : null;
          if (f == null) {
            throw new IllegalArgumentException(
                String.format(
                    "%s names field '%s', which is not in the input schema; its fields are %s",
                    key, field, schema.getFields().stream().map(Schema.Field::name).collect(java.util.stream.Collectors.toList())));
          }
          current = f.schema();
        }
      }
    }

    private static Schema nonNull(Schema schema) {
      if (schema.getType() == Schema.Type.UNION) {
        for (Schema s : schema.getTypes()) {
          if (s.getType() != Schema.Type.NULL) {
            return s;
          }
        }
      }
      return schema;
    }

    WriteSpec toSpec(Schema schema, Map<String, String> hadoopConfiguration, FailedRecordPolicy policy) {
      KeyGeneratorConfig keyGenerator = KeyGeneratorConfig.fromProperties(properties);
      TableConfig.Builder table =
          TableConfig.newTable(tableName(), tableType())
              .recordKeyFields(recordKeyFields())
              .partitionFields(partitionFields())
              .keyGeneratorClass(keyGenerator.type().className())
              .hiveStylePartitioning(keyGenerator.hiveStylePartitioning())
              .urlEncodePartitioning(keyGenerator.urlEncodePartitionPath())
              .createSchema(schema.toString());
      if (orderingField() != null) {
        table.orderingField(orderingField());
      }
      keyGenerator.toTableProperties().forEach((k, v) -> {
        if (k.startsWith("hoodie.keygen.")) {
          table.property(k, v);
        }
      });
      return WriteSpec.builder()
          .basePath(basePath)
          .hadoopConfiguration(hadoopConfiguration)
          .tableConfig(table.build())
          .keyGenerator(keyGenerator)
          .orderingField(orderingField() == null ? OrderingField.none() : OrderingField.of(orderingField()))
          .operation(operation())
          .index(index())
          .writeProperties(properties)
          .schemaJson(schema.toString())
          .failedRecordPolicy(policy)
          .build();
    }
  }
}
