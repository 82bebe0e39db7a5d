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
import java.util.Arrays;

/**
 * Big-endian integers and Hadoop's variable-length integers ({@code
 * org.apache.hadoop.io.WritableUtils.writeVLong/readVLong}, which HBase uses for index key lengths
 * and the per-cell memstore timestamp).
 */
final class Bytes {
  private Bytes() {}

  static int putInt(byte[] dest, int offset, int value) {
    dest[offset] = (byte) (value >>> 24);
    dest[offset + 1] = (byte) (value >>> 16);
    dest[offset + 2] = (byte) (value >>> 8);
    dest[offset + 3] = (byte) value;
    return offset + 4;
  }

  static int putLong(byte[] dest, int offset, long value) {
    putInt(dest, offset, (int) (value >>> 32));
    putInt(dest, offset + 4, (int) value);
    return offset + 8;
  }

  static int putShort(byte[] dest, int offset, int value) {
    dest[offset] = (byte) (value >>> 8);
    dest[offset + 1] = (byte) value;
    return offset + 2;
  }

  static int getInt(byte[] buf, int offset) {
    return ((buf[offset] & 0xff) << 24)
        | ((buf[offset + 1] & 0xff) << 16)
        | ((buf[offset + 2] & 0xff) << 8)
        | (buf[offset + 3] & 0xff);
  }

  static long getLong(byte[] buf, int offset) {
    return ((long) getInt(buf, offset) << 32) | (getInt(buf, offset + 4) & 0xffffffffL);
  }

  static int getShort(byte[] buf, int offset) {
    return ((buf[offset] & 0xff) << 8) | (buf[offset + 1] & 0xff);
  }

  static byte[] ofInt(int value) {
    byte[] b = new byte[4];
    putInt(b, 0, value);
    return b;
  }

  static byte[] ofLong(long value) {
    byte[] b = new byte[8];
    putLong(b, 0, value);
    return b;
  }

  /** The bytes {@code WritableUtils.writeVLong} writes for {@code value}. */
  static int vlongSize(long value) {
    if (value >= -112 && value <= 127) {
      return 1;
    }
    if (value < 0) {
      value = ~value;
    }
    int dataBits = Long.SIZE - Long.numberOfLeadingZeros(value);
    return (dataBits + 7) / 8 + 1;
  }

  static void writeVLong(ByteArrayOutputStream out, long value) {
    if (value >= -112 && value <= 127) {
      out.write((int) value);
      return;
    }
    int len = -112;
    if (value < 0) {
      value = ~value;
      len = -120;
    }
    long tmp = value;
    while (tmp != 0) {
      tmp = tmp >> 8;
      len--;
    }
    out.write(len);
    int bytes = (len < -120) ? -(len + 120) : -(len + 112);
    for (int idx = bytes; idx != 0; idx--) {
      int shift = (idx - 1) * 8;
      out.write((int) ((value >> shift) & 0xff));
    }
  }

  /** {@code WritableUtils.decodeVIntSize}: the length of the vlong whose first byte is given. */
  static int vlongSizeFromFirstByte(byte first) {
    if (first >= -112) {
      return 1;
    } else if (first < -120) {
      return -119 - first;
    }
    return -111 - first;
  }

  /** Reads the vlong at {@code buf[offset]}; its length is {@link #vlongSizeFromFirstByte}. */
  static long readVLong(byte[] buf, int offset) {
    byte first = buf[offset];
    int len = vlongSizeFromFirstByte(first);
    if (len == 1) {
      return first;
    }
    long value = 0;
    for (int i = 1; i < len; i++) {
      value = (value << 8) | (buf[offset + i] & 0xff);
    }
    return first < -120 ? ~value : value;
  }

  /** Unsigned lexicographic order, HBase's {@code Bytes.BYTES_COMPARATOR}. */
  static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  static boolean startsWith(byte[] value, byte[] prefix) {
    return value.length >= prefix.length
        && Arrays.equals(value, 0, prefix.length, prefix, 0, prefix.length);
  }
}
