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

import io.hudibeam.hfile.Compression;
import io.hudibeam.hfile.HFileReader;
import io.hudibeam.timeline.InstantTime;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * One block of a Hudi log file (Hudi 0.15's HoodieLogBlock): its type, header and content bytes.
 * The footer is always empty (Hudi defines no footer keys). Immutable; build one with {@link
 * AvroDataBlockBuilder}, {@link #delete} or {@link #rollback}, or read one with {@link
 * LogFileReader}.
 */
public final class LogBlock {
  /** The version at the start of data and delete block content ({@code HoodieLogBlock.version}). */
  static final int CONTENT_VERSION = 3;

  /** {@code HoodieCommandBlock.HoodieCommandBlockTypeEnum.ROLLBACK_BLOCK.ordinal()}. */
  static final String ROLLBACK_COMMAND = "0";

  private final LogBlockType type;
  private final Map<HeaderKey, String> header;
  private final byte[] content;

  /** Records (data block) or entries (delete block) when known at construction, else -1. */
  private final int knownEntries;

  LogBlock(LogBlockType type, Map<HeaderKey, String> header, byte[] content) {
    this(type, header, content, -1);
  }

  LogBlock(LogBlockType type, Map<HeaderKey, String> header, byte[] content, int knownEntries) {
    this.knownEntries = knownEntries;
    this.type = Objects.requireNonNull(type, "type");
    EnumMap<HeaderKey, String> copy = new EnumMap<>(HeaderKey.class);
    copy.putAll(header);
    this.header = Collections.unmodifiableMap(copy);
    this.content = Objects.requireNonNull(content, "content");
  }

  /**
   * A delete block of {@code instantTime} (Hudi's {@code HoodieDeleteBlock}). Hudi's append handle
   * gives it the same header as the data block, so the SCHEMA header ({@code schemaWithMetaFields},
   * the write schema with meta fields) is written too.
   */
  public static LogBlock delete(
      InstantTime instantTime, Schema schemaWithMetaFields, List<DeleteRecord> deletes) {
    Objects.requireNonNull(instantTime, "instantTime");
    Objects.requireNonNull(schemaWithMetaFields, "schemaWithMetaFields");
    if (deletes.isEmpty()) {
      throw new IllegalArgumentException("A delete block needs at least one delete record");
    }
    Map<HeaderKey, String> header = new EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.INSTANT_TIME, instantTime.value());
    header.put(HeaderKey.SCHEMA, schemaWithMetaFields.toString());
    return new LogBlock(
        LogBlockType.DELETE_BLOCK, header, DeleteBlockCodec.encode(deletes), deletes.size());
  }

  /**
   * The empty delete block Hudi 1.0.2 writes into each new file group of a metadata partition it
   * initialises ({@code HoodieBackedTableMetadataWriter.initializeFileGroups}: a {@code
   * HoodieDeleteBlock} of no records, header INSTANT_TIME alone).
   */
  public static LogBlock emptyDelete(InstantTime instantTime) {
    Objects.requireNonNull(instantTime, "instantTime");
    Map<HeaderKey, String> header = new EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.INSTANT_TIME, instantTime.value());
    return new LogBlock(LogBlockType.DELETE_BLOCK, header, DeleteBlockCodec.encode(List.of()), 0);
  }

  /**
   * An HFile data block of {@code records} (Hudi's {@code HoodieHFileDataBlock}, which the metadata
   * table's log files hold): header INSTANT_TIME and SCHEMA as Hudi's append handle writes them,
   * content an HFile of the records keyed by their {@code key} field ({@link HFileDataBlockCodec}),
   * compressed with {@code compression} (Hudi's default GZ).
   */
  public static LogBlock hfileData(
      InstantTime instantTime,
      Schema schema,
      List<? extends GenericRecord> records,
      Compression compression) {
    Objects.requireNonNull(instantTime, "instantTime");
    Objects.requireNonNull(schema, "schema");
    if (records.isEmpty()) {
      throw new IllegalArgumentException("An HFile data block needs at least one record");
    }
    Map<HeaderKey, String> header = new EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.INSTANT_TIME, instantTime.value());
    header.put(HeaderKey.SCHEMA, schema.toString());
    return new LogBlock(
        LogBlockType.HFILE_DATA_BLOCK,
        header,
        HFileDataBlockCodec.encode(schema, records, compression),
        records.size());
  }

  /**
   * An Avro data block of records written as they are, with only the SCHEMA header: what Hudi
   * 0.15's {@code HoodieTimelineArchiver.writeToFile} writes to archived timeline files (no
   * INSTANT_TIME).
   */
  public static LogBlock avroRecords(Schema schema, List<? extends IndexedRecord> records) {
    Objects.requireNonNull(schema, "schema");
    if (records.isEmpty()) {
      throw new IllegalArgumentException("An Avro data block needs at least one record");
    }
    GenericDatumWriter<IndexedRecord> writer = new GenericDatumWriter<>(schema);
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    ByteArrayOutputStream one = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(content);
    BinaryEncoder encoder = null;
    try {
      out.writeInt(CONTENT_VERSION);
      out.writeInt(records.size());
      for (IndexedRecord record : records) {
        one.reset();
        encoder = EncoderFactory.get().binaryEncoder(one, encoder);
        writer.write(record, encoder);
        encoder.flush();
        out.writeInt(one.size());
        one.writeTo(out);
      }
      out.flush();
    } catch (IOException | RuntimeException e) {
      throw new LogFormatException(
          "Cannot encode a record with schema " + schema.getFullName() + ": " + e, e);
    }
    Map<HeaderKey, String> header = new EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.SCHEMA, schema.toString());
    return new LogBlock(
        LogBlockType.AVRO_DATA_BLOCK, header, content.toByteArray(), records.size());
  }

  /**
   * A rollback command block (Hudi's {@code HoodieCommandBlock}): {@code rollbackInstant} rolls
   * back every earlier block of {@code targetInstant} in the file slice. Header as Hudi 0.15's
   * {@code RollbackUtils.generateHeader}: INSTANT_TIME, TARGET_INSTANT_TIME, COMMAND_BLOCK_TYPE
   * "0"; no content.
   */
  public static LogBlock rollback(InstantTime rollbackInstant, InstantTime targetInstant) {
    Map<HeaderKey, String> header = new EnumMap<>(HeaderKey.class);
    header.put(HeaderKey.INSTANT_TIME, rollbackInstant.value());
    header.put(HeaderKey.TARGET_INSTANT_TIME, targetInstant.value());
    header.put(HeaderKey.COMMAND_BLOCK_TYPE, ROLLBACK_COMMAND);
    return new LogBlock(LogBlockType.COMMAND_BLOCK, header, new byte[0]);
  }

  public LogBlockType type() {
    return type;
  }

  /** The header, in key order; unmodifiable. */
  public Map<HeaderKey, String> header() {
    return header;
  }

  public Optional<String> header(HeaderKey key) {
    return Optional.ofNullable(header.get(key));
  }

  /** The INSTANT_TIME header. */
  public InstantTime instantTime() {
    String value = header.get(HeaderKey.INSTANT_TIME);
    if (value == null) {
      throw new LogFormatException(
          "The " + type + " has no INSTANT_TIME header; header keys " + header.keySet());
    }
    return InstantTime.parse(value);
  }

  /** The TARGET_INSTANT_TIME header of a rollback command block. */
  public Optional<InstantTime> targetInstantTime() {
    return header(HeaderKey.TARGET_INSTANT_TIME).map(InstantTime::parse);
  }

  /** True for a command block whose command is a rollback. */
  public boolean isRollback() {
    return type == LogBlockType.COMMAND_BLOCK
        && ROLLBACK_COMMAND.equals(header.get(HeaderKey.COMMAND_BLOCK_TYPE));
  }

  /**
   * Whether the block holds partial updates ({@code IS_PARTIAL=true}, Hudi 1.0's partial-update
   * data blocks on table version 8): its records carry only some fields, to be merged into the
   * stored record.
   */
  public boolean isPartial() {
    return Boolean.parseBoolean(header.get(HeaderKey.IS_PARTIAL));
  }

  /** Records of a data block or entries of a delete block; 0 for other blocks. */
  int entryCount() {
    if (knownEntries >= 0) {
      return knownEntries;
    }
    switch (type) {
      case AVRO_DATA_BLOCK:
      case HFILE_DATA_BLOCK:
        return recordCount();
      case DELETE_BLOCK:
        return deleteRecords().size();
      default:
        return 0;
    }
  }

  /** Length of the content in bytes. */
  public int contentLength() {
    return content.length;
  }

  byte[] contentBytes() {
    return content;
  }

  /** The writer schema of a data or delete block, from its SCHEMA header. */
  public Schema schema() {
    String json = header.get(HeaderKey.SCHEMA);
    if (json == null) {
      throw new LogFormatException(
          "The " + type + " has no SCHEMA header; header keys " + header.keySet());
    }
    return new Schema.Parser().parse(json);
  }

  /**
   * The number of records of an Avro or HFile data block, read from its content without decoding
   * them.
   */
  public int recordCount() {
    if (type == LogBlockType.HFILE_DATA_BLOCK) {
      try (HFileReader reader = hfileReader()) {
        return Math.toIntExact(reader.entryCount());
      }
    }
    requireType(LogBlockType.AVRO_DATA_BLOCK);
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(content));
      requireContentVersion(in.readInt());
      return in.readInt();
    } catch (IOException e) {
      throw new LogFormatException(
          "The Avro data block's content is shorter than its record count", e);
    }
  }

  /** The records of an Avro or HFile data block, decoded with the SCHEMA header's schema. */
  public List<GenericRecord> records() {
    if (type != LogBlockType.HFILE_DATA_BLOCK) {
      requireType(LogBlockType.AVRO_DATA_BLOCK);
    }
    return records(schema());
  }

  /**
   * The records of an Avro data block (content as Hudi's {@code
   * HoodieAvroDataBlock.serializeRecords}: int version 3, int count, then per record int length and
   * Avro binary) or of an HFile data block ({@link HFileDataBlockCodec}, in key order), written
   * with the SCHEMA header's schema and resolved to {@code readerSchema}.
   */
  public List<GenericRecord> records(Schema readerSchema) {
    List<GenericRecord> records = new ArrayList<>();
    forEachRecord(readerSchema, records::add);
    return records;
  }

  /**
   * Decodes the records of an Avro data block one at a time, resolved to {@code readerSchema}, and
   * hands each to {@code action} (so a reader need not hold the block's decoded records at once).
   */
  public void forEachRecord(
      Schema readerSchema, java.util.function.Consumer<GenericRecord> action) {
    if (type == LogBlockType.HFILE_DATA_BLOCK) {
      HFileDataBlockCodec.forEachRecord(content, schema(), readerSchema, action, describe());
      return;
    }
    requireType(LogBlockType.AVRO_DATA_BLOCK);
    GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(schema(), readerSchema);
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(content));
      requireContentVersion(in.readInt());
      int count = in.readInt();
      int offset = 8;
      BinaryDecoder decoder = null;
      for (int i = 0; i < count; i++) {
        if (offset + 4 > content.length) {
          throw new LogFormatException(
              "The Avro data block says it holds " + count + " records but ends after " + i);
        }
        int length =
            ((content[offset] & 0xff) << 24)
                | ((content[offset + 1] & 0xff) << 16)
                | ((content[offset + 2] & 0xff) << 8)
                | (content[offset + 3] & 0xff);
        offset += 4;
        if (length < 0 || offset + length > content.length) {
          throw new LogFormatException(
              "Record "
                  + i
                  + " of the Avro data block has length "
                  + length
                  + ", past the end of the block content ("
                  + content.length
                  + " bytes)");
        }
        decoder = DecoderFactory.get().binaryDecoder(content, offset, length, decoder);
        action.accept(reader.read(null, decoder));
        offset += length;
      }
    } catch (IOException e) {
      throw new LogFormatException("Cannot decode the records of an Avro data block: " + e, e);
    }
  }

  /**
   * The HFile an HFile data block holds, for key and key-prefix lookups ({@link
   * HFileReader#getAll}, {@link HFileReader#scanPrefixes}); decode its values with {@link
   * io.hudibeam.hfile.HFileAvroValues#decode} and {@link #schema()} as the writer schema.
   */
  public HFileReader hfileReader() {
    requireType(LogBlockType.HFILE_DATA_BLOCK);
    return HFileDataBlockCodec.reader(content, describe());
  }

  private String describe() {
    return "the " + type + " of instant " + header.get(HeaderKey.INSTANT_TIME);
  }

  /** The entries of a delete block. */
  public List<DeleteRecord> deleteRecords() {
    requireType(LogBlockType.DELETE_BLOCK);
    return DeleteBlockCodec.decode(
        content, "a delete block of instant " + header.get(HeaderKey.INSTANT_TIME));
  }

  private void requireType(LogBlockType expected) {
    if (type != expected) {
      throw new LogFormatException("Expected a " + expected + " but this block is a " + type);
    }
  }

  private static void requireContentVersion(int version) {
    if (version != CONTENT_VERSION) {
      throw new LogFormatException(
          "Avro data block content version "
              + version
              + "; only version "
              + CONTENT_VERSION
              + " (with record count, Hudi 0.x and 1.x) is read");
    }
  }

  @Override
  public String toString() {
    return "LogBlock{"
        + type
        + ", header keys "
        + header.keySet()
        + ", "
        + content.length
        + " content bytes}";
  }
}
