package io.hudibeam.write;

import java.util.Arrays;
import java.util.Objects;
import org.apache.avro.generic.GenericRecord;

/**
 * The data of a {@link TableRecord}: an Avro record of the table schema, held either as the record
 * itself or as its Avro binary encoding, decoded on first use and kept. A record moved between
 * pipeline stages as bytes is thus copied as bytes, with no Avro encode or decode, until a stage
 * needs its fields. The bytes stay the payload's encoding after a decode, so a decoded record
 * must never be changed.
 */
public final class RecordPayload {
  private final byte[] encoded;
  private final RecordEncoding encoding;
  // Set once: by the constructor, or by the first decode. Two threads racing decode equal records.
  private volatile GenericRecord record;

  private RecordPayload(byte[] encoded, RecordEncoding encoding, GenericRecord record) {
    this.encoded = encoded;
    this.encoding = encoding;
    this.record = record;
  }

  /** A payload of a record in memory. */
  public static RecordPayload of(GenericRecord record) {
    return new RecordPayload(null, null, Objects.requireNonNull(record, "record"));
  }

  /** A payload of encoded bytes; it owns the array. */
  static RecordPayload encoded(byte[] encoded, RecordEncoding encoding) {
    return new RecordPayload(Objects.requireNonNull(encoded), Objects.requireNonNull(encoding), null);
  }

  /** The record, decoded from the payload's bytes on the first call. Must not be changed. */
  public GenericRecord record() {
    GenericRecord decoded = record;
    if (decoded == null) {
      decoded = encoding.decode(encoded);
      record = decoded;
    }
    return decoded;
  }

  /** Whether the record is in memory: given so, or already decoded from the payload's bytes. */
  public boolean isDecoded() {
    return record != null;
  }

  /** The payload's bytes if it was built from bytes in {@code target}'s encoding, else null. */
  byte[] encodedIn(RecordEncoding target) {
    return encoded != null && target.encodesAlike(encoding) ? encoded : null;
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
    if (encoded != null
        && other.encoded != null
        && encoding.encodesAlike(other.encoding)
        && Arrays.equals(encoded, other.encoded)) {
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
    return decoded != null ? decoded.toString() : "<" + encoded.length + " bytes of Avro binary>";
  }
}
