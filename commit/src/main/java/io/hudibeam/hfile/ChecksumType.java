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

import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/**
 * The checksum of a block's chunks, by its code in the block header (HBase 2.4's {@code
 * org.apache.hadoop.hbase.util.ChecksumType}). HBase 2.x writes {@link #CRC32C}, one 4-byte
 * big-endian value per {@code bytesPerChecksum} (16 KiB) chunk of the header and on-disk data
 * ({@code ChecksumUtil.generateChecksums}); Hudi's native reader skips them, HBase's reader checks
 * them.
 */
enum ChecksumType {
  NULL(0),
  CRC32(1),
  CRC32C(2);

  private final byte code;

  ChecksumType(int code) {
    this.code = (byte) code;
  }

  byte code() {
    return code;
  }

  static ChecksumType fromCode(byte code) {
    for (ChecksumType type : values()) {
      if (type.code == code) {
        return type;
      }
    }
    return null;
  }

  /** The number of checksum bytes for {@code dataLength} bytes ({@code ChecksumUtil.numBytes}). */
  int checksumBytes(int dataLength, int bytesPerChecksum) {
    if (this == NULL) {
      return 0;
    }
    return ((dataLength + bytesPerChecksum - 1) / bytesPerChecksum) * Integer.BYTES;
  }

  /**
   * Writes the checksums of {@code data[0, length)} into {@code dest} from {@code destOffset}, one
   * per chunk of {@code bytesPerChecksum} bytes.
   */
  void generate(byte[] data, int length, int bytesPerChecksum, byte[] dest, int destOffset) {
    int out = destOffset;
    for (int start = 0; start < length; start += bytesPerChecksum) {
      int value = compute(data, start, Math.min(bytesPerChecksum, length - start));
      dest[out] = (byte) (value >>> 24);
      dest[out + 1] = (byte) (value >>> 16);
      dest[out + 2] = (byte) (value >>> 8);
      dest[out + 3] = (byte) value;
      out += Integer.BYTES;
    }
  }

  /**
   * The index of the first chunk of {@code data[offset, offset + length)} whose checksum differs
   * from the stored one at {@code sums[sumsOffset...]}, or -1 if all match.
   */
  int firstMismatch(
      byte[] data, int offset, int length, int bytesPerChecksum, byte[] sums, int sumsOffset) {
    if (this == NULL) {
      return -1;
    }
    int chunk = 0;
    for (int start = 0; start < length; start += bytesPerChecksum, chunk++) {
      int value = compute(data, offset + start, Math.min(bytesPerChecksum, length - start));
      int at = sumsOffset + chunk * Integer.BYTES;
      int stored =
          ((sums[at] & 0xff) << 24)
              | ((sums[at + 1] & 0xff) << 16)
              | ((sums[at + 2] & 0xff) << 8)
              | (sums[at + 3] & 0xff);
      if (value != stored) {
        return chunk;
      }
    }
    return -1;
  }

  private int compute(byte[] data, int offset, int length) {
    Checksum checksum = this == CRC32 ? new CRC32() : new CRC32C();
    checksum.update(data, offset, length);
    return (int) checksum.getValue();
  }
}
