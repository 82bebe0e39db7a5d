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
package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.io.IOException;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * Writes one Parquet base file: records with the five meta fields, the record-key bloom filter and
 * min/max record keys in the footer, with Hudi's writer settings ({@code HoodieAvroParquetWriter},
 * {@code HoodieBaseParquetWriter}). Unlike Hudi's writer, the bloom filter is sized to the keys the
 * file holds, up to {@code hoodie.index.bloom.num_entries} ({@link RecordKeyFilter}). The file is
 * created, never overwritten. Not thread-safe.
 */
public final class BaseFileWriter {
  /** parquet's {@code DEFAULT_MINIMUM/MAXIMUM_RECORD_COUNT_FOR_CHECK}, as Hudi uses them. */
  private static final long MIN_RECORDS_BETWEEN_SIZE_CHECKS = 100;

  private static final long MAX_RECORDS_BETWEEN_SIZE_CHECKS = 10_000;

  private final Configuration conf;
  private final Path path;
  private final String fileName;
  private final Schema schema;
  private final Schema userSchema;
  private final int taskPartitionId;
  private final long maxFileSizeBytes;
  private final HudiAvroWriteSupport writeSupport;
  private final ParquetWriter<GenericRecord> parquetWriter;
  private final MetaFieldsView view;

  /** Sequence numbers start here: 0, or the records a row-group carry-over puts before these. */
  private final long firstRecordIndex;

  private Schema lastFullSchemaSeen;
  private Schema lastUserSchemaSeen;
  private long recordCount;
  private long nextSizeCheck = MIN_RECORDS_BETWEEN_SIZE_CHECKS;
  private long lastDataSize;
  private boolean closed;

  private BaseFileWriter(
      Configuration conf,
      Path path,
      Schema schema,
      int taskPartitionId,
      ParquetSettings settings,
      long firstRecordIndex)
      throws IOException {
    this.conf = conf;
    this.firstRecordIndex = firstRecordIndex;
    this.path = path;
    this.fileName = path.getName();
    this.schema = schema;
    this.userSchema = MetaFields.withoutMetaFields(schema);
    this.taskPartitionId = taskPartitionId;
    long max = settings.maxFileSizeBytes();
    this.maxFileSizeBytes = max + Math.round(max * settings.compressionRatio());
    this.writeSupport =
        new HudiAvroWriteSupport(
            new AvroSchemaConverter(conf).convert(schema),
            schema,
            new RecordKeyFilter(settings.bloomFilter()));
    this.parquetWriter =
        new Builder(HadoopOutputFile.fromPath(path, conf), writeSupport)
            .withConf(conf)
            .withWriteMode(ParquetFileWriter.Mode.CREATE)
            .withCompressionCodec(settings.codec())
            .withRowGroupSize((long) settings.rowGroupSizeBytes())
            .withPageSize(settings.pageSizeBytes())
            .withDictionaryPageSize(settings.pageSizeBytes())
            .withDictionaryEncoding(settings.dictionaryEnabled())
            // Unique in every base file: a dictionary never pays off, and building it costs a hash
            // lookup per value until parquet falls back to plain encoding. Readers accept either.
            .withDictionaryEncoding(MetaFields.COMMIT_SEQNO.fieldName(), false)
            .withDictionaryEncoding(MetaFields.RECORD_KEY.fieldName(), false)
            .withValidation(false)
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
            .build();
    this.view = new MetaFieldsView(schema);
  }

  /**
   * Creates the base file at {@code path} (its name must be the base file name; it becomes {@code
   * _hoodie_file_name}). {@code schema} is the table's write schema, with or without meta fields
   * (they are added as Hudi does). {@code taskPartitionId} is the middle part of the commit
   * sequence numbers written by {@link #write(String, String, String, GenericRecord)}.
   */
  public static BaseFileWriter create(
      Configuration conf, Path path, Schema schema, int taskPartitionId, ParquetSettings settings) {
    return create(conf, path, schema, taskPartitionId, settings, 0);
  }

  /**
   * As {@link #create(Configuration, Path, Schema, int, ParquetSettings)}, numbering the records'
   * commit sequence numbers from {@code firstRecordIndex}: the records of a new base file version
   * that {@link RowGroupCarryOver} writes after {@code firstRecordIndex} carried-over records, so
   * they get the numbers a record-by-record merge gives them.
   */
  static BaseFileWriter create(
      Configuration conf,
      Path path,
      Schema schema,
      int taskPartitionId,
      ParquetSettings settings,
      long firstRecordIndex) {
    Objects.requireNonNull(conf, "conf");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(settings, "settings");
    Schema withMeta = MetaFields.withMetaFields(schema);
    try {
      return new BaseFileWriter(conf, path, withMeta, taskPartitionId, settings, firstRecordIndex);
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot create base file " + path + " (it must not exist yet): " + e, e);
    }
  }

  /** The write schema, with meta fields. */
  public Schema schema() {
    return schema;
  }

  public Path path() {
    return path;
  }

  /**
   * Writes a record that already carries its meta fields, e.g. one carried over from the previous
   * base file of the file group by a merge: commit time, sequence number, record key and partition
   * path are kept, {@code _hoodie_file_name} is written as this file's name (as Hudi's {@code
   * HoodieMergeHandle}). The record itself is not changed. Its schema must be {@link #schema()}.
   */
  public void write(GenericRecord recordWithMetaFields) {
    Objects.requireNonNull(recordWithMetaFields, "recordWithMetaFields");
    requireSchema(recordWithMetaFields, true);
    Object key = recordWithMetaFields.get(MetaFields.RECORD_KEY.position());
    if (!(key instanceof CharSequence)) {
      throw new HudiTableException(
          "Record written to "
              + path
              + " has "
              + MetaFields.RECORD_KEY.fieldName()
              + "="
              + key
              + "; a carried-over record must have its record key set");
    }
    writeRecord(view.carryOver(recordWithMetaFields, fileName), key.toString());
  }

  /**
   * Writes a record inserted or updated by this instant: the five meta fields are set as Hudi's
   * {@code HoodieAvroParquetWriter.writeAvroWithMetadata} does (sequence number {@code
   * <instantTime>_<taskPartitionId>_<records written so far>}, file name = this file's name). The
   * record may have the user schema or {@link #schema()}; it is not changed.
   */
  public void write(
      String instantTime, String recordKey, String partitionPath, GenericRecord userRecord) {
    Objects.requireNonNull(instantTime, "instantTime");
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(userRecord, "userRecord");
    boolean hasMetaFields = requireSchema(userRecord, false);
    writeRecord(
        view.fill(
            userRecord,
            hasMetaFields,
            instantTime,
            MetaFields.sequenceId(instantTime, taskPartitionId, firstRecordIndex + recordCount),
            recordKey,
            partitionPath,
            fileName),
        recordKey);
  }

  /**
   * False once the file has reached its size limit: Hudi's {@code
   * HoodieBaseParquetWriter.canWrite}, parquet's data size estimate against {@code maxFileSize * (1
   * + compressionRatio)}, checked every 100 to 10000 records.
   */
  public boolean canWrite() {
    if (recordCount >= nextSizeCheck) {
      long dataSize = bytesWritten();
      long averageRecordSize = Math.max(dataSize / recordCount, 1);
      if (dataSize > maxFileSizeBytes - averageRecordSize * 2) {
        return false;
      }
      nextSizeCheck =
          recordCount
              + Math.min(
                  Math.max(
                      MIN_RECORDS_BETWEEN_SIZE_CHECKS,
                      (maxFileSizeBytes / averageRecordSize - recordCount) / 2),
                  MAX_RECORDS_BETWEEN_SIZE_CHECKS);
    }
    return true;
  }

  /** Parquet's estimate of the file size so far (written row groups plus buffered data). */
  public long bytesWritten() {
    if (!closed) {
      lastDataSize = parquetWriter.getDataSize();
    }
    return lastDataSize;
  }

  public long recordCount() {
    return recordCount;
  }

  /** Writes the footer, closes the file and reports what was written. */
  public BaseFileResult close() {
    checkOpen();
    bytesWritten();
    closed = true;
    try {
      parquetWriter.close();
      FileSystem fs = path.getFileSystem(conf);
      long size = fs.getFileStatus(path).getLen();
      return new BaseFileResult(
          path, recordCount, size, writeSupport.minRecordKey(), writeSupport.maxRecordKey());
    } catch (IOException e) {
      throw new HudiTableException("Cannot close base file " + path + ": " + e, e);
    }
  }

  /** Closes the file without caring about its content and deletes it. */
  public void abort() {
    if (!closed) {
      closed = true;
      try {
        parquetWriter.close();
      } catch (IOException | RuntimeException e) {
        // The file is deleted below; a broken footer does not matter.
      }
    }
    try {
      path.getFileSystem(conf).delete(path, false);
    } catch (IOException e) {
      throw new HudiTableException("Cannot delete aborted base file " + path + ": " + e, e);
    }
  }

  private void writeRecord(GenericRecord record, String recordKey) {
    checkOpen();
    try {
      parquetWriter.write(record);
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot write record with key '" + recordKey + "' to base file " + path + ": " + e, e);
    }
    writeSupport.addKey(recordKey);
    recordCount++;
  }

  /** Returns whether the record has meta fields; caches the last accepted schema instances. */
  private boolean requireSchema(GenericRecord record, boolean metaFieldsRequired) {
    Schema recordSchema = record.getSchema();
    if (recordSchema == schema || recordSchema == lastFullSchemaSeen) {
      return true;
    }
    if (!metaFieldsRequired && recordSchema == lastUserSchemaSeen) {
      return false;
    }
    if (recordSchema.equals(schema)) {
      lastFullSchemaSeen = recordSchema;
      return true;
    }
    if (!metaFieldsRequired && recordSchema.equals(userSchema)) {
      lastUserSchemaSeen = recordSchema;
      return false;
    }
    throw new HudiTableException(
        "Record written to base file "
            + path
            + " has schema "
            + recordSchema
            + "; expected the file's schema "
            + (metaFieldsRequired ? schema : userSchema + " (or the same with meta fields)"));
  }

  private void checkOpen() {
    if (closed) {
      throw new HudiTableException("Base file writer for " + path + " is already closed");
    }
  }

  private static final class Builder extends ParquetWriter.Builder<GenericRecord, Builder> {
    private final WriteSupport<GenericRecord> writeSupport;

    Builder(OutputFile file, WriteSupport<GenericRecord> writeSupport) {
      super(file);
      this.writeSupport = writeSupport;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<GenericRecord> getWriteSupport(Configuration conf) {
      return writeSupport;
    }
  }
}
