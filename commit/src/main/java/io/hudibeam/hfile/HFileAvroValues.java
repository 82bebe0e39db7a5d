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
package io.hudibeam.hfile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;

/**
 * The value of an HFile cell Hudi writes for an Avro record: the record's Avro binary encoding (no
 * container, Hudi 0.15's {@code HoodieAvroUtils.avroToBytes}) with the {@link
 * HudiHFileKeys#KEY_FIELD key field} set to the empty string when it holds a key, since the key is
 * the cell's key already ({@code HoodieAvroHFileWriter.writeAvro} in a base file). Reading puts the
 * cell's key back into an empty key field ({@code HoodieAvroHFileReaderImplBase.deserialize}), so a
 * value that keeps its key reads the same.
 *
 * <p>The metadata table's HFile log data blocks blank the key too: Hudi's append handle hands
 * {@code HFileUtils.serializeRecord} {@code HoodieAvroIndexedRecord}s, whose {@code
 * truncateRecordKey} blanks the field in place (Hudi 0.15 and 1.0; the golden tables' log blocks
 * have an empty key in every value). A payload record ({@code HoodieAvroRecord}) would keep it, as
 * {@code truncateRecordKey}'s result is dropped; readers read both alike.
 *
 * <p>An encoder is reusable for records of its schema and not thread-safe.
 */
public final class HFileAvroValues {
  private final Schema schema;
  private final int keyPosition;
  private final KeyBlankingWriter writer;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
  private BinaryEncoder encoder;

  private HFileAvroValues(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
    Schema.Field key = schema.getField(HudiHFileKeys.KEY_FIELD);
    this.keyPosition = key == null ? -1 : key.pos();
    this.writer = new KeyBlankingWriter(schema);
  }

  /** An encoder of records of {@code schema}. */
  public static HFileAvroValues forSchema(Schema schema) {
    return new HFileAvroValues(schema);
  }

  public Schema schema() {
    return schema;
  }

  /**
   * The cell value of {@code record}: Avro binary, key field blanked if so. Leaves the record as
   * is.
   */
  public byte[] encode(GenericRecord record) {
    buffer.reset();
    encoder = EncoderFactory.get().binaryEncoder(buffer, encoder);
    try {
      writer.top = record;
      writer.write(record, encoder);
      encoder.flush();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "Cannot encode a record of schema " + schema.getFullName() + " as an HFile value: " + e,
          e);
    } finally {
      writer.top = null;
    }
    return buffer.toByteArray();
  }

  /**
   * The record in a cell: {@code value} decoded with {@code writerSchema} and resolved to {@code
   * readerSchema}; an empty key field gets {@code key} (UTF-8) back. Maps keep the order they were
   * written in, so a record read and written again gives the same bytes.
   */
  public static GenericRecord decode(
      byte[] key, byte[] value, Schema writerSchema, Schema readerSchema) {
    GenericRecord record;
    try {
      record =
          new OrderKeepingReader(writerSchema, readerSchema)
              .read(null, DecoderFactory.get().binaryDecoder(value, null));
    } catch (IOException | RuntimeException e) {
      throw new HFileFormatException(
          "Cannot decode the HFile value of key '"
              + new String(key, StandardCharsets.UTF_8)
              + "' with schema "
              + writerSchema.getFullName()
              + ": "
              + e,
          e);
    }
    Schema.Field keyField = readerSchema.getField(HudiHFileKeys.KEY_FIELD);
    if (keyField != null) {
      Object stored = record.get(keyField.pos());
      if (stored != null && stored.toString().isEmpty()) {
        record.put(keyField.pos(), new String(key, StandardCharsets.UTF_8));
      }
    }
    return record;
  }

  /** Reads maps into insertion-ordered maps (Avro's own reader uses hash maps). */
  private static final class OrderKeepingReader extends GenericDatumReader<GenericRecord> {
    OrderKeepingReader(Schema writer, Schema reader) {
      super(writer, reader);
    }

    @Override
    protected Object newMap(Object old, int size) {
      return new java.util.LinkedHashMap<>(Math.max(16, size * 2));
    }
  }

  /** Writes the top-level record's key field as {@code ""} when it holds a value. */
  private final class KeyBlankingWriter extends GenericDatumWriter<GenericRecord> {
    private Object top;

    KeyBlankingWriter(Schema schema) {
      super(schema);
    }

    @Override
    protected void writeField(Object datum, Schema.Field f, Encoder out, Object state)
        throws IOException {
      if (datum == top && f.pos() == keyPosition && ((GenericRecord) datum).get(f.pos()) != null) {
        write(f.schema(), "", out);
      } else {
        super.writeField(datum, f, out, state);
      }
    }
  }
}
