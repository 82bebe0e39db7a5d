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

import java.util.Arrays;

/**
 * The cells of one data block's uncompressed content, addressed by the offset of a cell's start:
 * key length (int), value length (int), key ({@link CellKeys}), value, the tags (short length and
 * bytes) when the file has tags (file info {@code hfile.MAX_TAGS_LEN}), and the memstore timestamp
 * as a Hadoop vlong when file info {@code KEY_VALUE_VERSION} is 1 (HBase 2.4's {@code
 * HFileReaderImpl.HFileScannerImpl.readKeyValueLen}; Hudi 0.15's {@code HFileDataBlock} reads the
 * same, assuming the one-byte zero timestamp Hudi's files have).
 */
final class DataBlock {
  private final byte[] content;
  private final boolean memstoreTimestamps;
  private final boolean tags;
  private final String where;
  private int[] cellOffsets;

  DataBlock(byte[] content, boolean memstoreTimestamps, boolean tags, String where) {
    this.content = content;
    this.memstoreTimestamps = memstoreTimestamps;
    this.tags = tags;
    this.where = where;
  }

  /** True if a cell starts at {@code offset}. */
  boolean hasCell(int offset) {
    return offset < content.length;
  }

  /** The offset of the cell after the one at {@code offset}; checks the cell's lengths. */
  int next(int offset) {
    int end = valueOffset(offset) + valueLength(offset);
    if (tags) {
      require(offset, end + 2 <= content.length);
      end += 2 + Bytes.getShort(content, end);
    }
    if (memstoreTimestamps) {
      require(offset, end < content.length);
      end += Bytes.vlongSizeFromFirstByte(content[end]);
    }
    require(offset, end <= content.length);
    return end;
  }

  /**
   * The offset of the first cell whose key is not below {@code key}, or the content's length if
   * there is none: a binary search over the cells' offsets, found once per block.
   */
  int seek(byte[] key) {
    int[] offsets = cellOffsets();
    int low = 0;
    int high = offsets.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (compareRow(offsets[mid], key) < 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low < offsets.length ? offsets[low] : content.length;
  }

  private int[] cellOffsets() {
    if (cellOffsets == null) {
      int count = 0;
      int[] offsets = new int[64];
      for (int at = 0; hasCell(at); at = next(at)) {
        if (count == offsets.length) {
          offsets = java.util.Arrays.copyOf(offsets, count * 2);
        }
        offsets[count++] = at;
      }
      cellOffsets = java.util.Arrays.copyOf(offsets, count);
    }
    return cellOffsets;
  }

  int compareRow(int offset, byte[] key) {
    int rowOffset = offset + 10;
    return Arrays.compareUnsigned(
        content, rowOffset, rowOffset + rowLength(offset), key, 0, key.length);
  }

  boolean rowStartsWith(int offset, byte[] prefix) {
    int rowLength = rowLength(offset);
    int rowOffset = offset + 10;
    return rowLength >= prefix.length
        && Arrays.equals(content, rowOffset, rowOffset + prefix.length, prefix, 0, prefix.length);
  }

  byte[] row(int offset) {
    return Arrays.copyOfRange(content, offset + 10, offset + 10 + rowLength(offset));
  }

  byte[] value(int offset) {
    int start = valueOffset(offset);
    return Arrays.copyOfRange(content, start, start + valueLength(offset));
  }

  HFileEntry entry(int offset) {
    return new HFileEntry(row(offset), value(offset));
  }

  private int rowLength(int offset) {
    int keyLength = keyLength(offset);
    int rowLength = Bytes.getShort(content, offset + 8);
    require(offset, rowLength + CellKeys.KEY_INFRASTRUCTURE_SIZE <= keyLength);
    return rowLength;
  }

  private int keyLength(int offset) {
    require(offset, offset >= 0 && content.length - offset >= 8);
    int keyLength = Bytes.getInt(content, offset);
    require(
        offset,
        keyLength >= CellKeys.KEY_INFRASTRUCTURE_SIZE && keyLength <= content.length - offset - 8);
    return keyLength;
  }

  private int valueLength(int offset) {
    int valueLength = Bytes.getInt(content, offset + 4);
    require(offset, valueLength >= 0 && valueLength <= content.length - valueOffset(offset));
    return valueLength;
  }

  private int valueOffset(int offset) {
    return offset + 8 + keyLength(offset);
  }

  private void require(int offset, boolean condition) {
    if (!condition) {
      throw new HFileFormatException(
          where
              + ": the cell at "
              + offset
              + " of the data block's "
              + content.length
              + " bytes has lengths that run past the block");
    }
  }
}
