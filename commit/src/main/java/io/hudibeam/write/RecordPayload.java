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

import java.util.Arrays;
import java.util.Objects;
import org.apache.avro.generic.GenericRecord;

/**
 * The data of a {@link TableRecord}: an Avro record of the table schema, held either as the record
 * itself or as its Avro binary encoding, decoded on first use and kept. A record moved between
 * pipeline stages as bytes is thus copied as bytes, with no Avro encode or decode, until a stage
 * needs its fields. The bytes stay the payload's encoding after a decode, so a decoded record must
 * never be changed.
 */
public final class RecordPayload {
  // Each set once: by the constructor, or by the first decode (record) or encode (encoded). Two
  // threads racing compute equal values; either may win.
  private volatile Encoded encoded;
  private volatile GenericRecord record;

  private RecordPayload(Encoded encoded, GenericRecord record) {
    this.encoded = encoded;
    this.record = record;
  }

  /** Bytes and the encoding they are in. */
  private static final class Encoded {
    final byte[] bytes;
    final RecordEncoding encoding;

    Encoded(byte[] bytes, RecordEncoding encoding) {
      this.bytes = Objects.requireNonNull(bytes);
      this.encoding = Objects.requireNonNull(encoding);
    }
  }

  /** A payload of a record in memory. */
  public static RecordPayload of(GenericRecord record) {
    return new RecordPayload(null, Objects.requireNonNull(record, "record"));
  }

  /** A payload of encoded bytes; it owns the array. */
  static RecordPayload encoded(byte[] encoded, RecordEncoding encoding) {
    return new RecordPayload(new Encoded(encoded, encoding), null);
  }

  /** The record, decoded from the payload's bytes on the first call. Must not be changed. */
  public GenericRecord record() {
    GenericRecord decoded = record;
    if (decoded == null) {
      Encoded bytes = encoded;
      decoded = bytes.encoding.decode(bytes.bytes);
      record = decoded;
    }
    return decoded;
  }

  /**
   * The record for one use: as {@link #record()}, but a record decoded here is not kept. For
   * payloads held in bulk within a memory budget counted on their bytes ({@link
   * SpillableRecordMap}), where keeping every decoded record would hold several times that budget.
   */
  public GenericRecord recordOnce() {
    GenericRecord decoded = record;
    if (decoded != null) {
      return decoded;
    }
    Encoded bytes = encoded;
    return bytes.encoding.decode(bytes.bytes);
  }

  /** Whether the record is in memory: given so, or already decoded from the payload's bytes. */
  public boolean isDecoded() {
    return record != null;
  }

  /** The payload's bytes if it has them in {@code target}'s encoding, else null. */
  byte[] encodedIn(RecordEncoding target) {
    Encoded bytes = encoded;
    return bytes != null && target.encodesAlike(bytes.encoding) ? bytes.bytes : null;
  }

  /**
   * Keeps the bytes {@code encoding} made of this payload's record, so that the next encode (a
   * record forked to two stages is encoded once per stage) returns them. The first bytes stay.
   */
  void rememberEncoded(byte[] bytes, RecordEncoding encoding) {
    if (encoded == null) {
      encoded = new Encoded(bytes, encoding);
    }
  }

  /** Equal when their records are equal (Avro's equality), whether decoded or not. */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof RecordPayload)) {
      return false;
    }
    RecordPayload other = (RecordPayload) o;
    Encoded mine = encoded;
    Encoded theirs = other.encoded;
    if (mine != null
        && theirs != null
        && mine.encoding.encodesAlike(theirs.encoding)
        && Arrays.equals(mine.bytes, theirs.bytes)) {
      return true;
    }
    return record().equals(other.record());
  }

  @Override
  public int hashCode() {
    return record().hashCode();
  }

  @Override
  public String toString() {
    GenericRecord decoded = record;
    return decoded != null
        ? decoded.toString()
        : "<" + encoded.bytes.length + " bytes of Avro binary>";
  }
}
