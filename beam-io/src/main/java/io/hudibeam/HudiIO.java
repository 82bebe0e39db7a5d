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
import static io.hudibeam.Builders.requireFields;
import static io.hudibeam.Builders.requireNonEmpty;

import com.google.auto.value.AutoValue;
import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.settings.FileSettings;
import io.hudibeam.settings.HudiSettings;
import io.hudibeam.settings.Setting;
import io.hudibeam.settings.SettingsCheck;
import io.hudibeam.table.TableType;
import io.hudibeam.write.ChangeType;
import io.hudibeam.write.ChangeTypes;
import io.hudibeam.write.CompositeOrdering;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * Writes Apache Hudi tables (copy-on-write or merge-on-read; table version 6, the format of Hudi
 * 0.14 and 0.15 that Hudi 1.x also reads, or version 8, Hudi 1.x's) from Beam pipelines, batch or
 * streaming, with Hudi's write path inside: record keys and partition paths from Hudi's key
 * generators, an index lookup, a workload profile, small-file packing and file sizing, one writer
 * per file group, and a single commit step with markers, rollback of failed writes and cleaning. No
 * Hudi jars are needed at run time. The readers the tests prove (Hudi 0.15's and 1.0's Java
 * readers, Hudi 1.0.2's Spark bundle) are listed in docs/compatibility.md; Hive, Trino and Presto
 * are not tested.
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
 * <p>Every {@code withX()} method stores a Hudi key into one settings map, and {@link
 * Write#withHoodieProperties(Map)} takes any of Hudi's keys, so an existing Hudi configuration can
 * be brought along. The settings HudiIO understands, with their types and defaults, are listed in
 * the settings table of docs/configuration.md (generated from, and checked against, the registry
 * {@code io.hudibeam.settings.HudiSettings}). When the pipeline is built every setting is parsed
 * and validated: a bad value fails with an {@link IllegalArgumentException} naming the key, the
 * value and what was expected. A {@code hoodie.*} key the registry does not know is passed through
 * unchanged, with a warning naming the closest known key. The display data shows the effective
 * settings.
 *
 * <p>The semantics (schema evolution, types, partition values, fault tolerance, streaming) are
 * described in the documentation of this package.
 */
public final class HudiIO {
  private HudiIO() {}

  /** Writes a {@code PCollection<Row>}. */
  public static Write<Row> write() {
    return Write.<Row>builder(InputKind.ROWS).build();
  }

  /** Writes a {@code PCollection<GenericRecord>} whose coder is an {@code AvroCoder}. */
  public static Write<GenericRecord> writeGenericRecords() {
    return Write.<GenericRecord>builder(InputKind.GENERIC_RECORDS).build();
  }

  /**
   * Writes a {@code PCollection<Row>} into several tables, each record to the table its destination
   * names, each table with its own settings ({@link HudiWriteTables}; docs/many-tables.md).
   */
  public static HudiWriteTables<Row> writeTables() {
    return HudiWriteTables.of(InputKind.ROWS);
  }

  /**
   * As {@link #writeTables()}, for a {@code PCollection<GenericRecord>} with an {@code AvroCoder};
   * its tables are {@link #writeGenericRecords()} writes.
   */
  public static HudiWriteTables<GenericRecord> writeGenericRecordTables() {
    return HudiWriteTables.of(InputKind.GENERIC_RECORDS);
  }

  /**
   * Writes a {@code PCollection<GenericRecord>} into many tables named by the records and created
   * when their first records arrive, with a pipeline graph of the same size for any number of
   * tables: each table's records of a commit are written by one worker ({@link HudiWriteDynamic};
   * docs/many-tables.md).
   */
  public static HudiWriteDynamic<GenericRecord> writeDynamic() {
    return HudiWriteDynamic.create(InputKind.GENERIC_RECORDS);
  }

  /**
   * As {@link #writeDynamic()}, for a {@code PCollection<Row>}: each table's records are the rows
   * in the Avro schema of the row schema, named for the table; its tables are {@link #write()}
   * writes.
   */
  public static HudiWriteDynamic<Row> writeDynamicRows() {
    return HudiWriteDynamic.create(InputKind.ROWS);
  }

  /**
   * A coder for a {@code PCollection<GenericRecord>} whose records have different schemas, one of
   * {@code schemas} each: the input of a {@link #writeGenericRecordTables()} whose tables each take
   * their own schema ({@link HudiWriteTables#withTable(String, org.apache.avro.Schema,
   * HudiIO.Write)}). Each record is encoded as its schema's index and its Avro binary form; a
   * record of another schema cannot be encoded.
   */
  public static Coder<GenericRecord> genericRecordCoder(Schema... schemas) {
    return GenericRecordsCoder.of(schemas == null ? null : Arrays.asList(schemas));
  }

  /**
   * Reads a table into Beam Rows: snapshot, read-optimized, time travel, incremental, or a
   * streaming tail of its commits ({@link HudiRead}).
   */
  public static HudiRead read() {
    return HudiRead.create();
  }

  /**
   * Bootstraps an existing dataset of Parquet files in partition folders into a new Hudi table, as
   * Hudi's bootstrap operation does: FULL_RECORD rewrites the rows into base files with the meta
   * fields at Hudi's full-bootstrap instant; METADATA_ONLY writes skeleton files and Hudi's
   * bootstrap index at its metadata-bootstrap instant ({@link HudiBootstrap}).
   */
  public static HudiBootstrap bootstrap() {
    return HudiBootstrap.create();
  }

  /**
   * Compacts a MERGE_ON_READ table: completes pending compactions (a crashed run's, or ones Hudi's
   * own writer scheduled) or schedules one of every file slice with log files, and runs it: each
   * file slice's base file and log files are merged into a new base file of its file group, in
   * parallel, then committed as one {@code commit} (operation {@code COMPACT}). Use it in a
   * pipeline of its own, not while a write to the table runs.
   */
  public static HudiCompact compact() {
    return HudiCompact.create();
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

    abstract @Nullable Duration getTriggeringFrequency();

    abstract @Nullable String getSinkId();

    abstract @Nullable ErrorHandler<BadRecord, ?> getBadRecordErrorHandler();

    abstract ChangeTypes getChangeTypes();

    /** The fields of an ordering by several fields ({@link #withOrderingFields}); else empty. */
    abstract List<String> getOrderingFields();

    abstract Builder<T> toBuilder();

    static <T> Builder<T> builder(InputKind kind) {
      return new AutoValue_HudiIO_Write.Builder<T>()
          .setInputKind(kind)
          .setHoodieProperties(Map.of())
          .setHadoopConfiguration(Map.of())
          .setFailedRecordsOutput(false)
          .setChangeTypes(ChangeTypes.none())
          .setOrderingFields(List.of());
    }

    @AutoValue.Builder
    abstract static class Builder<T> {
      abstract Builder<T> setInputKind(InputKind kind);

      abstract Builder<T> setBasePath(String basePath);

      abstract Builder<T> setHoodieProperties(Map<String, String> properties);

      abstract Builder<T> setHadoopConfiguration(Map<String, String> configuration);

      abstract Builder<T> setFailedRecordsOutput(boolean output);

      abstract Builder<T> setTriggeringFrequency(Duration frequency);

      abstract Builder<T> setSinkId(String sinkId);

      abstract Builder<T> setBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler);

      abstract Builder<T> setChangeTypes(ChangeTypes changeTypes);

      abstract Builder<T> setOrderingFields(List<String> fields);

      abstract Write<T> build();
    }

    /** The table's base path: a local path or any Hadoop file system URI. */
    public Write<T> withBasePath(String basePath) {
      requireNonEmpty("withBasePath", basePath);
      return toBuilder().setBasePath(basePath).build();
    }

    public Write<T> withTableName(String tableName) {
      requireNonEmpty("withTableName", tableName);
      return withProperty(HudiSettings.TABLE_NAME, tableName);
    }

    public Write<T> withTableType(TableType tableType) {
      return withProperty(HudiSettings.TABLE_TYPE, tableType.value());
    }

    public Write<T> withRecordKeyFields(String... fields) {
      requireFields("withRecordKeyFields", fields);
      return withProperty(HudiSettings.RECORD_KEY_FIELDS, String.join(",", fields));
    }

    /** Partition fields; none makes a non-partitioned table. */
    public Write<T> withPartitionFields(String... fields) {
      return withProperty(HudiSettings.PARTITION_FIELDS, String.join(",", fields));
    }

    /** The ordering (precombine) field: the larger value wins between versions of a record. */
    public Write<T> withOrderingField(String field) {
      requireNonEmpty("withOrderingField", field);
      return withProperty(HudiSettings.ORDERING_FIELD, field).toBuilder()
          .setOrderingFields(List.of())
          .build();
    }

    /**
     * Orders a record's versions by several fields compared in turn (e.g. a binlog file and a
     * position in it): the first field decides, the next one breaks its ties, and so on; long, int
     * and string fields. Hudi 0.15 and 1.0 order by one (precombine) field, so the write adds the
     * column {@code _ordering_value}, a string whose natural order is that of the fields (its
     * encoding: docs/change-streams.md), and makes it the table's ordering field, as Hudi's MySQL
     * Debezium source adds {@code _event_seq} from a binlog file and position. Another writer of
     * the table must write the same column. One field is {@link #withOrderingField}.
     */
    public Write<T> withOrderingFields(String... fields) {
      requireFields("withOrderingFields", fields);
      if (fields.length == 1) {
        return withOrderingField(fields[0]);
      }
      List<String> list = List.of(fields);
      if (new java.util.HashSet<>(list).size() != list.size()) {
        throw new IllegalArgumentException(
            "withOrderingFields names a field twice: " + String.join(", ", fields));
      }
      return withProperty(HudiSettings.ORDERING_FIELD, CompositeOrdering.FIELD).toBuilder()
          .setOrderingFields(list)
          .build();
    }

    public Write<T> withKeyGenerator(KeyGeneratorType type) {
      return withProperty(HudiSettings.KEY_GENERATOR_CLASS, type.className());
    }

    public Write<T> withHiveStylePartitioning(boolean hiveStyle) {
      return withProperty(HudiSettings.HIVE_STYLE_PARTITIONING, String.valueOf(hiveStyle));
    }

    /**
     * URL-encodes partition values as Hudi does ({@code %XX} for {@code / : = ? # %} and others),
     * so values that are not one safe folder name are written instead of refused; a table keeps the
     * setting it was created with.
     */
    public Write<T> withUrlEncodePartitionPath(boolean urlEncode) {
      return withProperty(HudiSettings.URL_ENCODE_PARTITION_PATH, String.valueOf(urlEncode));
    }

    /**
     * Writes a change stream: the value of {@code field} in each record says whether it inserts,
     * updates or deletes its key, by Debezium's operations ({@code c} and {@code r} insert, {@code
     * u} updates, {@code d} deletes; see {@link #withChangeTypeField(String, Map)} for another
     * map). Inserts and updates are upserted and deletes delete their key, all in the same instant;
     * the changes of one key within a write are combined by the ordering field, the latest winning,
     * a delete included. A record whose change type is missing or not in the map fails (or goes to
     * the failed records), named with the field, the value and its record key. Needs {@code
     * UPSERT}, the default operation. Independently of this, a record whose {@code
     * _hoodie_is_deleted} field is {@code true} deletes its key (Hudi's convention). The field
     * stays a column of the table. See docs/change-streams.md.
     */
    public Write<T> withChangeTypeField(String field) {
      return withChangeTypeField(field, ChangeTypes.debezium());
    }

    /**
     * As {@link #withChangeTypeField(String)}, with {@code changeTypes} mapping each value of the
     * field (its string form) to what it does.
     */
    public Write<T> withChangeTypeField(String field, Map<String, ChangeType> changeTypes) {
      return toBuilder().setChangeTypes(Builders.changeTypes(field, changeTypes)).build();
    }

    public Write<T> withOperation(WriteOperation operation) {
      return withProperty(HudiSettings.OPERATION, operation.name().toLowerCase(Locale.ROOT));
    }

    /**
     * The index ({@code hoodie.index.type}); {@link IndexType} says how each scales in a stream.
     */
    public Write<T> withIndex(IndexType index) {
      return withProperty(HudiSettings.INDEX_TYPE, index.name());
    }

    /**
     * The number of buckets per partition of the BUCKET index. Hudi's tables do not record it:
     * every writer of the table must use the same count.
     */
    public Write<T> withBucketCount(int buckets) {
      return withProperty(HudiSettings.BUCKET_COUNT, String.valueOf(buckets));
    }

    /** Target size of base files; inserts roll to a new file group beyond it. */
    public Write<T> withMaxFileSize(long bytes) {
      return withProperty(FileSettings.MAX_FILE_SIZE, String.valueOf(bytes));
    }

    /** Base files smaller than this receive new inserts before new file groups are created. */
    public Write<T> withSmallFileLimit(long bytes) {
      return withProperty(FileSettings.SMALL_FILE_LIMIT, String.valueOf(bytes));
    }

    /** Parquet compression codec: gzip (Hudi's default), snappy, zstd, uncompressed, ... */
    public Write<T> withParquetCodec(String codec) {
      requireNonEmpty("withParquetCodec", codec);
      return withProperty(FileSettings.PARQUET_CODEC, codec);
    }

    /**
     * The table version of a table this write creates ({@code hoodie.write.table.version}): 6 (the
     * default; Hudi 0.14 and later, and Hudi 1.x, read it) or 8 (Hudi 1.x's format: timeline in
     * {@code .hoodie/timeline} with completion times, Avro commit metadata; Hudi 0.x readers cannot
     * read it). An existing table keeps its own version: a version 8 table is continued as version
     * 8 whatever this says, and asking for 8 on an existing version 6 table is refused (this writer
     * does not upgrade). Both versions are written for COPY_ON_WRITE and MERGE_ON_READ tables.
     */
    public Write<T> withTableVersion(int version) {
      Builders.requireTableVersion(version);
      return withProperty(HudiSettings.WRITE_TABLE_VERSION, String.valueOf(version));
    }

    /** Hudi's own {@code hoodie.*} settings under their Hudi names; later calls add to them. */
    public Write<T> withHoodieProperties(Map<String, String> properties) {
      Builders.requireHoodieKeys(properties);
      return toBuilder().setHoodieProperties(merged(getHoodieProperties(), properties)).build();
    }

    /** Hadoop configuration for the table's file system (e.g. {@code fs.s3a.*}). */
    public Write<T> withHadoopConfiguration(Map<String, String> configuration) {
      return toBuilder()
          .setHadoopConfiguration(merged(getHadoopConfiguration(), configuration))
          .build();
    }

    /**
     * Records that cannot be written (no record key, a missing field, a partition value that is not
     * a safe folder name) go to {@link HudiWriteResult#getFailedRecords()} and the others are
     * committed, instead of failing the pipeline.
     */
    public Write<T> withFailedRecordsOutput() {
      return toBuilder().setFailedRecordsOutput(true).build();
    }

    /**
     * The commit interval of a streaming write: one Hudi instant per event-time window of this
     * length that has records (IcebergIO's name for it). Required for unbounded input; with it,
     * bounded input is committed per interval as well, except on the FlinkRunner, which refuses a
     * streaming write over a bounded input when the pipeline is built. Records behind the watermark
     * (allowed lateness 0) are dropped and counted; see the package documentation. When the input
     * ends (a finite source, bounded input) on the DirectRunner, the pipeline finishes once every
     * interval is committed, one after the other; if the sink stops making progress (no commit and
     * no live heartbeat of its pending instant for a heartbeat's allowed age), the job fails,
     * naming how far the sink is committed, and a rerun commits the rest (counter {@code
     * endOfInputStalls}). On the FlinkRunner only the interval that can still be started when the
     * input ends is committed after the end; a stream whose input ends with more intervals left
     * fails the job rather than finish without them (docs/flink.md, "A stream that ends on Flink").
     */
    public Write<T> withTriggeringFrequency(Duration frequency) {
      Builders.requirePositive("withTriggeringFrequency", frequency);
      return toBuilder().setTriggeringFrequency(frequency).build();
    }

    /**
     * The stable identity of a streaming write (default: the table name and the operation, e.g.
     * {@code trips-upsert}), written into every commit it makes ({@code beam.hudi.sink.id}) with
     * the interval it covers and a fingerprint of that interval's records. A run of the same sink
     * id skips an interval a previous run committed with the same records (a replay), fails on one
     * it committed with other records (another stream under the same id), and rolls back only
     * pending instants of its own sink id; a second run while one is live is refused. Keep it
     * across restarts; give every other stream into the table (a backfill, a reprocessing, another
     * operation) its own id.
     */
    public Write<T> withSinkId(String sinkId) {
      requireNonEmpty("withSinkId", sinkId);
      return toBuilder().setSinkId(sinkId).build();
    }

    /**
     * Records that cannot be written go to {@code handler}, Beam's bad-record convention (as
     * KafkaIO, FileIO and BigQueryIO take it), and the others are committed. A record is bad when
     * it cannot be converted to the table's Avro record (step {@code "To Avro records"}, e.g. a
     * decimal with more digits than the column holds) or the key generator cannot key it (step
     * {@code "Generate keys"}: no record key, a partition value the key generator rejects). Each
     * {@link BadRecord} carries the input element (as JSON and encoded with the input's coder), the
     * exception with its stack trace, and a description naming the table, the step and the reason.
     * The check runs in its own step, {@code "Check records"}, before "Prepare records", and keys
     * each record there once more than without the handler.
     *
     * <p>Use this rather than {@link #withFailedRecordsOutput()} when the pipeline already has an
     * error handler, or needs the original element or the exception: one handler collects the bad
     * records of every transform that supports it into one sink. {@link #withFailedRecordsOutput()}
     * stays for pipelines that want the failures as a plain output of this transform ({@link
     * HudiFailedRecord}: the record as Avro JSON text and the reason). The two cannot be combined.
     * Register the handler with {@code pipeline.registerBadRecordErrorHandler(sink)} and close it
     * after the last transform that uses it.
     */
    public Write<T> withBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler) {
      Builders.requireHandler(handler);
      return toBuilder().setBadRecordErrorHandler(handler).build();
    }

    /** Stores {@code value} under the setting's key, refusing a value it cannot take at once. */
    private Write<T> withProperty(Setting<?> setting, String value) {
      return withHoodieProperties(Builders.property(setting, value));
    }

    @Override
    public void populateDisplayData(DisplayData.Builder builder) {
      super.populateDisplayData(builder);
      builder.addIfNotNull(
          DisplayData.item("basePath", getBasePath()).withLabel("Table base path"));
      SettingsCheck.effective(getHoodieProperties())
          .forEach((k, v) -> builder.add(DisplayData.item(k, v)));
    }

    @Override
    public HudiWriteResult expand(PCollection<T> input) {
      return WriteStages.of(this, input);
    }
  }
}
