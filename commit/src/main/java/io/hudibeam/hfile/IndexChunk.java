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
import java.util.ArrayList;
import java.util.List;

/**
 * Entries of one block index block being written (HBase 2.4's {@code
 * HFileBlockIndex.BlockIndexChunk}): per entry the first key of the block it points to, the block's
 * offset and its on-disk size with header, and for the root of a multi-level index the running
 * count of data blocks below (for the mid-key).
 *
 * <p>Two layouts: the root ({@link #rootBytes}: per entry offset (long), size (int), key length as
 * a Hadoop vint, key) and the non-root one of leaf and intermediate index blocks ({@link
 * #nonRootBytes}: entry count (int), a "secondary index" of each entry's start relative to the
 * entries plus the total (ints), then per entry offset (long), size (int), key).
 */
final class IndexChunk {
  /** {@code HFileBlockIndex.SECONDARY_INDEX_ENTRY_OVERHEAD}: offset and size of an entry. */
  static final int ENTRY_OVERHEAD = 8 + 4;

  /** {@code HFileBlockIndex.MID_KEY_METADATA_SIZE}. */
  static final int MID_KEY_METADATA_SIZE = 8 + 4 + 4;

  private final List<byte[]> keys = new ArrayList<>();
  private final List<Long> offsets = new ArrayList<>();
  private final List<Integer> sizes = new ArrayList<>();
  private final List<Long> subEntriesAt = new ArrayList<>();
  private int nonRootEntriesSize;
  private int rootSize;

  void add(byte[] key, long offset, int onDiskSize) {
    add(key, offset, onDiskSize, -1);
  }

  /** Adds an entry; {@code subEntriesSoFar} is the data blocks up to this one, or -1. */
  void add(byte[] key, long offset, int onDiskSize, long subEntriesSoFar) {
    nonRootEntriesSize += ENTRY_OVERHEAD + key.length;
    rootSize += 8 + 4 + Bytes.vlongSize(key.length) + key.length;
    keys.add(key);
    offsets.add(offset);
    sizes.add(onDiskSize);
    if (subEntriesSoFar != -1) {
      subEntriesAt.add(subEntriesSoFar);
    }
  }

  void clear() {
    keys.clear();
    offsets.clear();
    sizes.clear();
    subEntriesAt.clear();
    nonRootEntriesSize = 0;
    rootSize = 0;
  }

  int size() {
    return keys.size();
  }

  byte[] key(int i) {
    return keys.get(i);
  }

  long offset(int i) {
    return offsets.get(i);
  }

  int onDiskSize(int i) {
    return sizes.get(i);
  }

  /** {@code BlockIndexChunk.getRootSize}. */
  int rootSize() {
    return rootSize;
  }

  /** {@code BlockIndexChunk.getNonRootSize}. */
  int nonRootSize() {
    return 4 + 4 * (keys.size() + 1) + nonRootEntriesSize;
  }

  byte[] rootBytes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream(rootSize);
    byte[] fixed = new byte[12];
    for (int i = 0; i < keys.size(); i++) {
      Bytes.putLong(fixed, 0, offsets.get(i));
      Bytes.putInt(fixed, 8, sizes.get(i));
      out.writeBytes(fixed);
      Bytes.writeVLong(out, keys.get(i).length);
      out.writeBytes(keys.get(i));
    }
    return out.toByteArray();
  }

  byte[] nonRootBytes() {
    byte[] out = new byte[nonRootSize()];
    int at = Bytes.putInt(out, 0, keys.size());
    int relative = 0;
    for (byte[] key : keys) {
      at = Bytes.putInt(out, at, relative);
      relative += ENTRY_OVERHEAD + key.length;
    }
    at = Bytes.putInt(out, at, relative);
    for (int i = 0; i < keys.size(); i++) {
      at = Bytes.putLong(out, at, offsets.get(i));
      at = Bytes.putInt(out, at, sizes.get(i));
      System.arraycopy(keys.get(i), 0, out, at, keys.get(i).length);
      at += keys.get(i).length;
    }
    return out;
  }

  /**
   * {@code BlockIndexChunk.getMidKeyMetadata}: the leaf index block holding the middle data block
   * (offset, size) and the data block's position in it. Written after the root entries of a
   * multi-level index.
   */
  byte[] midKeyMetadata() {
    long total = subEntriesAt.get(keys.size() - 1);
    if (total == 0) {
      throw new IllegalStateException("No leaf-level entries, mid-key unavailable");
    }
    long midSubEntry = (total - 1) / 2;
    int i = java.util.Collections.binarySearch(subEntriesAt, midSubEntry);
    int midEntry = i >= 0 ? i + 1 : -i - 1;
    long before = midEntry > 0 ? subEntriesAt.get(midEntry - 1) : 0;
    byte[] out = new byte[MID_KEY_METADATA_SIZE];
    Bytes.putLong(out, 0, offsets.get(midEntry));
    Bytes.putInt(out, 8, sizes.get(midEntry));
    Bytes.putInt(out, 12, (int) (midSubEntry - before));
    return out;
  }
}
