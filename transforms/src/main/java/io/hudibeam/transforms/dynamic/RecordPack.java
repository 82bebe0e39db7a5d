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
package io.hudibeam.transforms.dynamic;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * Records of one Avro schema, packed: the schema's JSON once, then each record's Avro binary
 * encoding. What a write of many tables groups per table, so that a schema travels once per pack,
 * not once per record, and records whose schemas are only known when they arrive still have a
 * deterministic coder.
 */
public record RecordPack(String schemaJson, List<byte[]> records) {
  public RecordPack {
    records = List.copyOf(records);
  }

  /** The packed records, decoded with their schema. */
  public List<GenericRecord> decode() {
    Schema schema = new Schema.Parser().parse(schemaJson);
    GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(schema);
    List<GenericRecord> decoded = new ArrayList<>(records.size());
    BinaryDecoder decoder = null;
    try {
      for (byte[] bytes : records) {
        decoder = DecoderFactory.get().binaryDecoder(bytes, decoder);
        decoded.add(reader.read(null, decoder));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot decode a record of schema " + schema.getFullName(), e);
    }
    return decoded;
  }

  /** Packs records of one schema as they come, in packs of about {@code maxBytes}. */
  static final class Packer {
    private final Schema schema;
    private final GenericDatumWriter<GenericRecord> writer;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final List<byte[]> records = new ArrayList<>();
    private BinaryEncoder encoder;
    private long bytes;

    Packer(Schema schema) {
      this.schema = schema;
      this.writer = new GenericDatumWriter<>(schema);
    }

    /** Adds {@code record}; returns how many bytes the pack holds now. */
    long add(GenericRecord record) {
      buffer.reset();
      encoder = EncoderFactory.get().binaryEncoder(buffer, encoder);
      try {
        writer.write(record, encoder);
        encoder.flush();
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException(
            "Cannot encode record " + record + " with its schema " + schema.getFullName(), e);
      }
      byte[] encoded = buffer.toByteArray();
      records.add(encoded);
      bytes += encoded.length;
      return bytes;
    }

    boolean isEmpty() {
      return records.isEmpty();
    }

    /** The pack of the records added since the last one. */
    RecordPack take() {
      RecordPack pack = new RecordPack(schema.toString(), records);
      records.clear();
      bytes = 0;
      return pack;
    }
  }

  /** Deterministic: the schema's JSON, then the encoded records in order. */
  public static final class Coder extends CustomCoder<RecordPack> {
    private static final long serialVersionUID = 1L;
    private static final Coder INSTANCE = new Coder();
    private static final ListCoder<byte[]> RECORDS = ListCoder.of(ByteArrayCoder.of());

    public static Coder of() {
      return INSTANCE;
    }

    @Override
    public void encode(RecordPack value, OutputStream out) throws IOException {
      StringUtf8Coder.of().encode(value.schemaJson(), out);
      RECORDS.encode(value.records(), out);
    }

    @Override
    public RecordPack decode(InputStream in) throws IOException {
      return new RecordPack(StringUtf8Coder.of().decode(in), RECORDS.decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
