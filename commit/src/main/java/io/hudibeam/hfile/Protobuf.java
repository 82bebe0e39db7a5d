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
import java.nio.charset.StandardCharsets;

/**
 * The few protobuf wire-format pieces HFile uses (HBase 2.4's {@code HFile.proto}: {@code
 * FileTrailerProto} in the trailer, {@code FileInfoProto} of {@code BytesBytesPair} in the file
 * info block), written and read by hand so that no protobuf runtime is needed: varints, tags,
 * length-delimited fields, and {@code writeDelimitedTo}'s varint length prefix.
 */
final class Protobuf {
  static final int VARINT = 0;
  static final int FIXED64 = 1;
  static final int LENGTH_DELIMITED = 2;
  static final int FIXED32 = 5;

  private Protobuf() {}

  /** Writes an unsigned varint (a negative long takes ten bytes, as protobuf's uint64 does). */
  static void writeVarint(ByteArrayOutputStream out, long value) {
    while ((value & ~0x7FL) != 0) {
      out.write((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
  }

  static void writeUInt64(ByteArrayOutputStream out, int field, long value) {
    writeVarint(out, ((long) field << 3) | VARINT);
    writeVarint(out, value);
  }

  /** A uint32 field: the int's 32 bits as unsigned. */
  static void writeUInt32(ByteArrayOutputStream out, int field, int value) {
    writeUInt64(out, field, value & 0xffffffffL);
  }

  static void writeBytes(ByteArrayOutputStream out, int field, byte[] value) {
    writeVarint(out, ((long) field << 3) | LENGTH_DELIMITED);
    writeVarint(out, value.length);
    out.writeBytes(value);
  }

  static void writeString(ByteArrayOutputStream out, int field, String value) {
    writeBytes(out, field, value.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code writeDelimitedTo}: the message's length as a varint, then the message. */
  static byte[] delimited(byte[] message) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(message.length + 5);
    writeVarint(out, message.length);
    out.writeBytes(message);
    return out.toByteArray();
  }

  /** Reads fields of one message from a byte range. */
  static final class Reader {
    private final byte[] buf;
    private int position;
    private final int end;
    private final String what;

    Reader(byte[] buf, int offset, int length, String what) {
      if (offset < 0 || length < 0 || offset + length > buf.length) {
        throw new HFileFormatException(
            what + ": message of " + length + " bytes runs past the end");
      }
      this.buf = buf;
      this.position = offset;
      this.end = offset + length;
      this.what = what;
    }

    /**
     * Reads the varint length prefix of a delimited message at {@code buf[offset]} and returns a
     * reader of the message; {@link #position()} of the result is the message's first byte.
     */
    static Reader delimited(byte[] buf, int offset, int limit, String what) {
      Reader prefix = new Reader(buf, offset, limit - offset, what);
      long length = prefix.readVarint();
      if (length < 0 || length > limit - prefix.position) {
        throw new HFileFormatException(
            what
                + ": delimited message says "
                + length
                + " bytes, "
                + (limit - prefix.position)
                + " are left");
      }
      return new Reader(buf, prefix.position, (int) length, what);
    }

    boolean hasMore() {
      return position < end;
    }

    int position() {
      return position;
    }

    int end() {
      return end;
    }

    /** The next tag (field number and wire type packed as protobuf packs them). */
    int readTag() {
      long tag = readVarint();
      if (tag <= 0 || tag > Integer.MAX_VALUE) {
        throw new HFileFormatException(what + ": bad protobuf tag " + tag);
      }
      return (int) tag;
    }

    long readVarint() {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (position >= end) {
          throw new HFileFormatException(what + ": protobuf varint runs past the end");
        }
        byte b = buf[position++];
        result |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return result;
        }
      }
      throw new HFileFormatException(what + ": protobuf varint longer than ten bytes");
    }

    byte[] readBytes() {
      long length = readVarint();
      if (length < 0 || length > end - position) {
        throw new HFileFormatException(
            what + ": protobuf field of " + length + " bytes runs past the end");
      }
      byte[] value = new byte[(int) length];
      System.arraycopy(buf, position, value, 0, value.length);
      position += value.length;
      return value;
    }

    /**
     * Skips a field of the wire type in {@code tag} (unknown fields are ignored, as protobuf does).
     */
    void skip(int tag) {
      switch (tag & 7) {
        case VARINT:
          readVarint();
          break;
        case FIXED64:
          advance(8);
          break;
        case LENGTH_DELIMITED:
          readBytes();
          break;
        case FIXED32:
          advance(4);
          break;
        default:
          throw new HFileFormatException(what + ": unsupported protobuf wire type in tag " + tag);
      }
    }

    private void advance(int n) {
      if (end - position < n) {
        throw new HFileFormatException(what + ": protobuf field runs past the end");
      }
      position += n;
    }
  }
}
