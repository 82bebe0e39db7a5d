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
package io.hudibeam.commit;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * A 64-bit hash of a record's content, the same in every JVM: the record's Avro binary encoding
 * (which depends only on its values and its schema), hashed with 64-bit FNV-1a as it is encoded (no
 * copy of the bytes) and finished with MurmurHash3's 64-bit mix. Not a cryptographic hash: it tells
 * a replayed commit interval from another stream's, not an adversary's forgery. One instance per
 * thread (it reuses its encoder).
 */
public final class RecordFingerprints {
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private final HashingStream stream = new HashingStream();
  private final Map<Schema, GenericDatumWriter<GenericRecord>> writers = new HashMap<>();
  private BinaryEncoder encoder;

  /** The hash of {@code record}'s Avro binary encoding under its own schema. */
  public long of(GenericRecord record) {
    Schema schema = record.getSchema();
    GenericDatumWriter<GenericRecord> writer =
        writers.computeIfAbsent(schema, GenericDatumWriter::new);
    stream.reset();
    encoder = EncoderFactory.get().directBinaryEncoder(stream, encoder);
    try {
      writer.write(record, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot encode a record to fingerprint it", e);
    }
    return mix(stream.hash);
  }

  /** The hash of a string's UTF-8 bytes. */
  static long hash(String value) {
    long h = FNV_OFFSET;
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * FNV_PRIME;
    }
    return mix(h);
  }

  /** MurmurHash3's fmix64: spreads every input bit over the whole value. */
  static long mix(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  /** An output stream that keeps only the FNV-1a hash of what is written to it. */
  private static final class HashingStream extends OutputStream {
    private long hash = FNV_OFFSET;

    void reset() {
      hash = FNV_OFFSET;
    }

    @Override
    public void write(int b) {
      hash = (hash ^ (b & 0xff)) * FNV_PRIME;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      long h = hash;
      for (int i = offset; i < offset + length; i++) {
        h = (h ^ (bytes[i] & 0xff)) * FNV_PRIME;
      }
      hash = h;
    }
  }
}
