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

/**
 * Writes the data block index as HBase 2.4's {@code HFileBlockIndex.BlockIndexWriter} does for a
 * data index (multi-level enabled): entries collect in a leaf chunk; whenever its non-root size
 * reaches the maximum chunk size ({@code hfile.index.block.max.size}, 128 KiB) after a data block,
 * it is written as a leaf index block among the data blocks and the root gets an entry for it. If
 * no leaf block was written by the time the file closes, the collected entries become a
 * single-level root index of any size. Otherwise the last leaf is written and, while the root is
 * larger than the maximum chunk size and has more than 16 entries ({@code
 * hfile.index.block.min.entries}), it is split into intermediate index blocks, one level at a time.
 * The root of a multi-level index ends with the mid-key metadata.
 *
 * <p>Hudi's own native readers of 0.15 and 1.0 ({@code HFileReaderImpl}) read only a single-level
 * root index; HBase's reader (Hudi 0.15's default for the metadata table) reads every level.
 */
final class DataIndexWriter {
  /** {@code HFileBlockIndex.DEFAULT_MAX_CHUNK_SIZE}. */
  static final int DEFAULT_MAX_CHUNK_SIZE = 128 * 1024;

  /** {@code HFileBlockIndex.DEFAULT_MIN_INDEX_NUM_ENTRIES}. */
  static final int MIN_INDEX_NUM_ENTRIES = 16;

  /** {@code HFileBlockIndex}'s guard against runaway index depth. */
  private static final int MAX_LEVELS = 16;

  private final int maxChunkSize;
  private IndexChunk root = new IndexChunk();
  private IndexChunk inline = new IndexChunk();
  private int levels = 1;
  private long dataBlocks;
  private long uncompressedSize;

  DataIndexWriter(int maxChunkSize) {
    if (maxChunkSize <= 0) {
      throw new IllegalArgumentException("index chunk size must be positive: " + maxChunkSize);
    }
    this.maxChunkSize = maxChunkSize;
  }

  /** Indexes a data block by its first key. */
  void addDataBlock(byte[] indexKey, long offset, int onDiskSizeWithHeader) {
    inline.add(indexKey, offset, onDiskSizeWithHeader);
    dataBlocks++;
  }

  /**
   * HBase's {@code writeInlineBlocks}: writes the leaf chunk if it is full, or at {@code closing}
   * the last one (unless no leaf was written, then the chunk becomes the root).
   */
  void writeInlineBlocks(BlockSink sink, boolean closing) {
    while (shouldWriteLeaf(closing)) {
      byte[] content = inline.nonRootBytes();
      byte[] firstKey = inline.key(0);
      inline.clear();
      BlockSink.Written leaf = sink.write(BlockType.LEAF_INDEX, content, true);
      uncompressedSize += leaf.uncompressedSizeWithoutHeader();
      if (root.size() == 0) {
        levels = 2;
      }
      root.add(firstKey, leaf.offset(), leaf.onDiskSizeWithHeader(), dataBlocks);
    }
  }

  private boolean shouldWriteLeaf(boolean closing) {
    if (inline == null || inline.size() == 0) {
      return false;
    }
    if (!closing) {
      return inline.nonRootSize() >= maxChunkSize;
    }
    if (root.size() == 0) {
      root = inline; // no leaf written: a single-level index
      inline = null;
      return false;
    }
    return true;
  }

  /**
   * HBase's {@code writeIndexBlocks}: intermediate levels if needed, then the root block. Returns
   * the root's offset, the load-on-open offset of the trailer.
   */
  long writeIndexBlocks(BlockSink sink) {
    byte[] midKey = levels > 1 ? root.midKeyMetadata() : null;
    if (inline != null) {
      while (root.rootSize() > maxChunkSize
          && root.size() > MIN_INDEX_NUM_ENTRIES
          && levels < MAX_LEVELS) {
        root = writeIntermediateLevel(sink, root);
        levels++;
      }
    }
    byte[] entries = root.rootBytes();
    byte[] content = entries;
    if (midKey != null) {
      content = new byte[entries.length + midKey.length];
      System.arraycopy(entries, 0, content, 0, entries.length);
      System.arraycopy(midKey, 0, content, entries.length, midKey.length);
    }
    BlockSink.Written written = sink.write(BlockType.ROOT_INDEX, content, false);
    uncompressedSize += written.uncompressedSizeWithoutHeader();
    return written.offset();
  }

  private IndexChunk writeIntermediateLevel(BlockSink sink, IndexChunk level) {
    IndexChunk parent = new IndexChunk();
    IndexChunk chunk = new IndexChunk();
    for (int i = 0; i < level.size(); i++) {
      chunk.add(level.key(i), level.offset(i), level.onDiskSize(i));
      // HBase checks the entry's index in the whole level, not in the chunk (HBASE-16288)
      if (i >= MIN_INDEX_NUM_ENTRIES && chunk.rootSize() >= maxChunkSize) {
        writeIntermediateBlock(sink, parent, chunk);
      }
    }
    if (chunk.size() > 0) {
      writeIntermediateBlock(sink, parent, chunk);
    }
    return parent;
  }

  private void writeIntermediateBlock(BlockSink sink, IndexChunk parent, IndexChunk chunk) {
    byte[] firstKey = chunk.key(0);
    BlockSink.Written written =
        sink.write(BlockType.INTERMEDIATE_INDEX, chunk.nonRootBytes(), false);
    uncompressedSize += written.uncompressedSizeWithoutHeader();
    parent.add(firstKey, written.offset(), written.onDiskSizeWithHeader());
    chunk.clear();
  }

  int levels() {
    return levels;
  }

  int rootEntries() {
    return root.size();
  }

  /** The trailer's uncompressed data index size: all index blocks, without headers. */
  long uncompressedSize() {
    return uncompressedSize;
  }
}
