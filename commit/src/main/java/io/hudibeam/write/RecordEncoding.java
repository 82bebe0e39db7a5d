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
package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * The Avro binary encoding of one schema's records, for {@link RecordPayload}s: it encodes payloads
 * and wraps encoded bytes into payloads that decode on first use. One reader and one writer serve
 * every payload (Avro's generic reader and writer are safe to share between threads); records
 * decode as Avro's {@link GenericDatumReader} gives them (strings as {@code Utf8}, no logical-type
 * conversions), as Beam's {@code AvroCoder} of the schema does.
 */
public final class RecordEncoding {
  private final Schema schema;
  // Schemas with one parsing canonical form have one binary encoding (Avro specification).
  private final long canonicalFingerprint;
  private final GenericDatumReader<GenericRecord> reader;
  private final GenericDatumWriter<GenericRecord> writer;
  private final ThreadLocal<EncodeBuffer> buffers = ThreadLocal.withInitial(EncodeBuffer::new);

  private RecordEncoding(Schema schema) {
    this.schema = schema;
    this.canonicalFingerprint = SchemaNormalization.parsingFingerprint64(schema);
    this.reader = new GenericDatumReader<>(schema, schema);
    this.writer = new GenericDatumWriter<>(schema);
  }

  public static RecordEncoding of(Schema schema) {
    return new RecordEncoding(Objects.requireNonNull(schema, "schema"));
  }

  public Schema schema() {
    return schema;
  }

  /**
   * A payload of a record given by its encoding in this schema, decoded on first use. The payload
   * takes the array: it must not be changed afterwards.
   */
  public RecordPayload payload(byte[] encoded) {
    return RecordPayload.encoded(encoded, this);
  }

  /**
   * The payload's record in this schema's binary encoding: the payload's own bytes when it has them
   * in an alike encoding (not copied: the array must not be changed), else the encoding of its
   * record, which the payload then keeps.
   */
  public byte[] encode(RecordPayload payload) {
    byte[] encoded = payload.encodedIn(this);
    if (encoded == null) {
      encoded = encode(payload.record());
      payload.rememberEncoded(encoded, this);
    }
    return encoded;
  }

  private byte[] encode(GenericRecord record) {
    EncodeBuffer buffer = buffers.get();
    buffer.out.reset();
    try {
      buffer.encoder = EncoderFactory.get().binaryEncoder(buffer.out, buffer.encoder);
      writer.write(record, buffer.encoder);
      buffer.encoder.flush();
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot encode a record as Avro of schema " + schema.getFullName() + ": " + e, e);
    }
    return buffer.out.toByteArray();
  }

  GenericRecord decode(byte[] encoded) {
    try {
      return reader.read(null, DecoderFactory.get().binaryDecoder(encoded, null));
    } catch (IOException | RuntimeException e) {
      throw new HudiTableException(
          "Cannot decode "
              + encoded.length
              + " bytes as an Avro record of schema "
              + schema.getFullName()
              + ": "
              + e,
          e);
    }
  }

  boolean encodesAlike(RecordEncoding other) {
    return other == this || other.canonicalFingerprint == canonicalFingerprint;
  }

  private static final class EncodeBuffer {
    final ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    BinaryEncoder encoder;
  }
}
