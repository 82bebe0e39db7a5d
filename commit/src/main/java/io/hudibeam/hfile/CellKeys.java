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

/**
 * How a key is stored: as the key of an HBase {@code KeyValue} whose row is the key, with no column
 * family or qualifier, the latest timestamp and type Put (Hudi 0.15's {@code HoodieAvroHFileWriter}
 * and {@code HFileUtils.serializeRecordsToLogBlock} write {@code new KeyValue(key, null, null,
 * value)}). Layout ({@code KeyValue}, HBase 2.4): row length (short), row, family length (byte, 0),
 * timestamp (long, {@code Long.MAX_VALUE}), type (byte, 4 for Put).
 *
 * <p>A cell in a data block (HBase's {@code NoneEncoder.write} with Hudi's file context: MVCC
 * included, tags not): key length (int), value length (int), key, value, then the memstore
 * timestamp as a Hadoop vlong (always 0, one byte). Hudi's native reader assumes exactly that one
 * byte ({@code HFileDataBlock.ZERO_TS_VERSION_BYTE_LENGTH}).
 */
final class CellKeys {
  static final byte TYPE_PUT = 4;

  /** {@code KeyValue.Type.Maximum}: the type of HBase's "first on row" index keys. */
  static final byte TYPE_MAXIMUM = (byte) 255;

  /** {@code HConstants.LATEST_TIMESTAMP}. */
  static final long LATEST_TIMESTAMP = Long.MAX_VALUE;

  /** Row length, family length, timestamp and type: {@code KeyValue.KEY_INFRASTRUCTURE_SIZE}. */
  static final int KEY_INFRASTRUCTURE_SIZE = 2 + 1 + 8 + 1;

  /** {@code Short.MAX_VALUE}: the longest row an HBase {@code KeyValue} holds. */
  static final int MAX_ROW_LENGTH = Short.MAX_VALUE;

  private CellKeys() {}

  /** The serialized {@code KeyValue} key of {@code row} with the given type. */
  static byte[] keyValueKey(byte[] row, byte type) {
    byte[] key = new byte[row.length + KEY_INFRASTRUCTURE_SIZE];
    int at = Bytes.putShort(key, 0, row.length);
    System.arraycopy(row, 0, key, at, row.length);
    at += row.length;
    key[at++] = 0; // family length
    at = Bytes.putLong(key, at, LATEST_TIMESTAMP);
    key[at] = type;
    return key;
  }

  /**
   * The row of a serialized key: its first two bytes are the row length. Also reads the bare {@code
   * [length][row]} keys some native writers put in block indexes.
   */
  static byte[] rowOf(byte[] key, String where) {
    if (key.length < 2) {
      throw new HFileFormatException(where + ": index key of " + key.length + " bytes");
    }
    int rowLength = Bytes.getShort(key, 0);
    if (2 + rowLength > key.length) {
      throw new HFileFormatException(
          where
              + ": index key says its row has "
              + rowLength
              + " bytes, the key has "
              + key.length);
    }
    byte[] row = new byte[rowLength];
    System.arraycopy(key, 2, row, 0, rowLength);
    return row;
  }

  /** Bytes a cell takes in a data block before compression. */
  static int cellSize(byte[] row, byte[] value) {
    return 4 + 4 + row.length + KEY_INFRASTRUCTURE_SIZE + value.length + 1;
  }

  static void writeCell(ByteArrayOutputStream out, byte[] row, byte[] value) {
    byte[] lengths = new byte[8];
    Bytes.putInt(lengths, 0, row.length + KEY_INFRASTRUCTURE_SIZE);
    Bytes.putInt(lengths, 4, value.length);
    out.writeBytes(lengths);
    out.writeBytes(keyValueKey(row, TYPE_PUT));
    out.writeBytes(value);
    out.write(0); // memstore timestamp 0 as a vlong
  }

  /**
   * The data block index key of a block whose first row is {@code firstRow}, following a block
   * whose last row is {@code previousRow} (null for the first block): HBase 2.4's {@code
   * HFileWriterImpl.getMidpoint}, a shortest row that sorts after the previous block's last row and
   * not after this block's first row, as a "first on row" key (type Maximum); the first block's own
   * first key (type Put) when there is no previous block.
   */
  static byte[] indexKey(byte[] previousRow, byte[] firstRow) {
    if (previousRow == null) {
      return keyValueKey(firstRow, TYPE_PUT);
    }
    int diff = Bytes.compare(previousRow, firstRow);
    if (diff > 0) {
      throw new IllegalStateException("previous block's last row sorts after this block's first");
    }
    if (diff == 0) {
      return keyValueKey(firstRow, TYPE_PUT);
    }
    return keyValueKey(minimumMidpoint(previousRow, firstRow), TYPE_MAXIMUM);
  }

  /**
   * HBase 2.4's {@code HFileWriterImpl.getMinimumMidpointArray} for two rows with {@code left <
   * right}, including its comparison of the differing byte as a signed {@code int} (kept so that
   * index keys are HBase's byte for byte).
   */
  static byte[] minimumMidpoint(byte[] left, byte[] right) {
    int minLength = Math.min(left.length, right.length);
    int diffIdx = 0;
    while (diffIdx < minLength && left[diffIdx] == right[diffIdx]) {
      diffIdx++;
    }
    byte[] mid = new byte[diffIdx + 1];
    if (diffIdx >= minLength) {
      System.arraycopy(right, 0, mid, 0, diffIdx + 1);
      return mid;
    }
    int diffByte = left[diffIdx];
    if ((0xff & diffByte) < 0xff && (diffByte + 1) < (right[diffIdx] & 0xff)) {
      System.arraycopy(left, 0, mid, 0, diffIdx);
      mid[diffIdx] = (byte) (diffByte + 1);
    } else {
      System.arraycopy(right, 0, mid, 0, diffIdx + 1);
    }
    return mid;
  }
}
