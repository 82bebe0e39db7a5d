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
package io.hudibeam.log;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.MetaFieldsView;
import io.hudibeam.files.FileId;
import io.hudibeam.timeline.InstantTime;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Collects the records of one file group's Avro data blocks (Hudi 0.15's HoodieAvroDataBlock), as
 * Hudi 0.15's {@code HoodieAppendHandle} fills them: every record gets the five meta fields, with
 * {@code _hoodie_file_name} = the file id and {@code _hoodie_commit_seqno} = {@code
 * <instant>_<taskPartitionId>_<n>}; the block header is INSTANT_TIME and SCHEMA (the write schema
 * with meta fields; Hudi 0.15 writes no BLOCK_IDENTIFIER). Records are Avro-encoded as they are
 * added, so {@link #sizeBytes()} tells when to cut a block ({@code
 * hoodie.logfile.data.block.max.size}); {@link #build()} cuts it and starts the next one, sequence
 * numbers continuing. Not thread-safe.
 */
public final class AvroDataBlockBuilder {
  private final InstantTime instantTime;
  private final String instant;
  private final Schema schema;
  private final Schema userSchema;
  private final String schemaJson;
  private final String fileId;
  private final int taskPartitionId;
  private final MetaFieldsView view;
  private final GenericDatumWriter<IndexedRecord> datumWriter;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final ByteArrayOutputStream recordBytes = new ByteArrayOutputStream();
  private BinaryEncoder encoder;

  private Schema lastFullSchemaSeen;
  private Schema lastUserSchemaSeen;
  private int pendingRecords;
  private long recordsAdded;

  /**
   * A builder for the data blocks {@code instantTime} writes to file group {@code fileId}; {@code
   * schema} is the write schema with or without meta fields (they are added as Hudi does).
   */
  public AvroDataBlockBuilder(
      InstantTime instantTime, Schema schema, FileId fileId, int taskPartitionId) {
    this.instantTime = Objects.requireNonNull(instantTime, "instantTime");
    this.instant = instantTime.value();
    this.schema = MetaFields.withMetaFields(Objects.requireNonNull(schema, "schema"));
    this.userSchema = MetaFields.withoutMetaFields(this.schema);
    this.schemaJson = this.schema.toString();
    this.fileId = Objects.requireNonNull(fileId, "fileId").value();
    this.taskPartitionId = taskPartitionId;
    this.view = new MetaFieldsView(this.schema);
    this.datumWriter = new GenericDatumWriter<>(this.schema);
    startBlock();
  }

  /** The schema of the block's records and its SCHEMA header: the write schema with meta fields. */
  public Schema schema() {
    return schema;
  }

  /**
   * Adds a record inserted or updated by this instant. {@code record} has the user schema or {@link
   * #schema()}; its meta fields are set (not in the caller's record).
   */
  public void add(String recordKey, String partitionPath, GenericRecord record) {
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(partitionPath, "partitionPath");
    boolean hasMetaFields = requireSchema(record);
    encode(
        view.fill(
            record,
            hasMetaFields,
            instant,
            MetaFields.sequenceId(instant, taskPartitionId, recordsAdded),
            recordKey,
            partitionPath,
            fileId));
  }

  /** Adds a record that already has {@link #schema()} and its meta fields, as it is. */
  public void addWithMetaFields(GenericRecord recordWithMetaFields) {
    if (!requireSchema(recordWithMetaFields)) {
      throw new LogFormatException(
          "A record added with its meta fields has the user schema "
              + userSchema
              + "; expected "
              + schema);
    }
    encode(recordWithMetaFields);
  }

  /** Records added since the last {@link #build()}. */
  public int recordCount() {
    return pendingRecords;
  }

  public boolean isEmpty() {
    return pendingRecords == 0;
  }

  /** Bytes of the pending block's content so far. */
  public long sizeBytes() {
    return buffer.size();
  }

  /** The Avro data block of the records added since the last build; the builder is then empty. */
  public LogBlock build() {
    if (pendingRecords == 0) {
      throw new IllegalStateException(
          "No records were added since the last data block; nothing to build");
    }
    byte[] content = buffer.toByteArray();
    int count = pendingRecords;
    content[4] = (byte) (count >>> 24);
    content[5] = (byte) (count >>> 16);
    content[6] = (byte) (count >>> 8);
    content[7] = (byte) count;
    Map<HeaderKey, String> header = new EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.INSTANT_TIME, instantTime.value());
    header.put(HeaderKey.SCHEMA, schemaJson);
    startBlock();
    return new LogBlock(LogBlockType.AVRO_DATA_BLOCK, header, content, count);
  }

  private void startBlock() {
    buffer.reset();
    writeInt(buffer, LogBlock.CONTENT_VERSION);
    writeInt(buffer, 0); // the record count, set by build()
    pendingRecords = 0;
  }

  private void encode(IndexedRecord record) {
    recordBytes.reset();
    encoder = EncoderFactory.get().binaryEncoder(recordBytes, encoder);
    try {
      datumWriter.write(record, encoder);
      encoder.flush();
      writeInt(buffer, recordBytes.size());
      recordBytes.writeTo(buffer);
    } catch (IOException | RuntimeException e) {
      throw new LogFormatException(
          "Cannot encode record "
              + record.get(MetaFields.RECORD_KEY.position())
              + " of file group "
              + fileId
              + " with the log block schema: "
              + e,
          e);
    }
    pendingRecords++;
    recordsAdded++;
  }

  private static void writeInt(ByteArrayOutputStream out, int v) {
    out.write(v >>> 24);
    out.write(v >>> 16);
    out.write(v >>> 8);
    out.write(v);
  }

  private boolean requireSchema(GenericRecord record) {
    Schema recordSchema = Objects.requireNonNull(record, "record").getSchema();
    if (recordSchema == schema || recordSchema == lastFullSchemaSeen) {
      return true;
    }
    if (recordSchema == lastUserSchemaSeen) {
      return false;
    }
    if (recordSchema.equals(schema)) {
      lastFullSchemaSeen = recordSchema;
      return true;
    }
    if (recordSchema.equals(userSchema)) {
      lastUserSchemaSeen = recordSchema;
      return false;
    }
    throw new LogFormatException(
        "A record for the log of file group "
            + fileId
            + " has schema "
            + recordSchema
            + "; expected "
            + userSchema
            + " (or the same with meta fields)");
  }
}
