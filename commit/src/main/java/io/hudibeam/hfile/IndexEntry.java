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

import java.util.ArrayList;
import java.util.List;

/**
 * One entry of a block index as read back: the first key of the block it points to (a {@code
 * KeyValue} key in a data index, the block name in the meta index), the block's offset and its
 * on-disk size with header. The two layouts are {@link IndexChunk}'s (HBase 2.4's {@code
 * HFileBlockIndex.BlockIndexReader.readRootIndex} and {@code BlockIndexChunk.writeNonRoot}; Hudi
 * 0.15's {@code HFileRootIndexBlock.readBlockIndex} reads the root one).
 */
record IndexEntry(byte[] key, long offset, int onDiskSize) {

  /** The first {@code count} entries of a root index block's content. */
  static List<IndexEntry> readRoot(byte[] content, int count, String where) {
    List<IndexEntry> entries = new ArrayList<>(Math.max(0, count));
    int at = 0;
    for (int i = 0; i < count; i++) {
      if (content.length - at < 13) {
        throw truncated(where, i, count);
      }
      long offset = Bytes.getLong(content, at);
      int size = Bytes.getInt(content, at + 8);
      int lengthBytes = Bytes.vlongSizeFromFirstByte(content[at + 12]);
      if (content.length - at - 12 < lengthBytes) {
        throw truncated(where, i, count);
      }
      long keyLength = Bytes.readVLong(content, at + 12);
      at += 12 + lengthBytes;
      if (keyLength < 0 || keyLength > content.length - at) {
        throw truncated(where, i, count);
      }
      byte[] key = new byte[(int) keyLength];
      System.arraycopy(content, at, key, 0, key.length);
      at += key.length;
      entries.add(new IndexEntry(key, offset, size));
    }
    return entries;
  }

  /** The entries of a leaf or intermediate index block's content. */
  static List<IndexEntry> readNonRoot(byte[] content, String where) {
    if (content.length < 4) {
      throw new HFileFormatException(where + ": index block of " + content.length + " bytes");
    }
    int count = Bytes.getInt(content, 0);
    int entriesStart = 4 + 4 * (count + 1);
    if (count < 0 || entriesStart > content.length) {
      throw new HFileFormatException(
          where + ": index block says " + count + " entries, it has " + content.length + " bytes");
    }
    List<IndexEntry> entries = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int start = entriesStart + Bytes.getInt(content, 4 + 4 * i);
      int end = entriesStart + Bytes.getInt(content, 4 + 4 * (i + 1));
      if (start < entriesStart || end > content.length || end - start < 12) {
        throw truncated(where, i, count);
      }
      byte[] key = new byte[end - start - 12];
      System.arraycopy(content, start + 12, key, 0, key.length);
      entries.add(
          new IndexEntry(key, Bytes.getLong(content, start), Bytes.getInt(content, start + 8)));
    }
    return entries;
  }

  private static HFileFormatException truncated(String where, int i, int count) {
    return new HFileFormatException(
        where + ": index entry " + i + " of " + count + " runs past the end of its block");
  }
}
