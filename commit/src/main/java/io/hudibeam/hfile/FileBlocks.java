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

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;

/**
 * The blocks of one HFile as its reader finds them: the trailer (read from the file's last 4096
 * bytes), the load-on-open section it points to, read in one go (root data index, meta index, file
 * info; Hudi 0.15's {@code HFileReaderImpl.initializeMetadata}), and for a multi-level data index
 * its intermediate and leaf index blocks, all read when the file is opened (HBase 2.4's {@code
 * HFileBlockIndex}; Hudi's native readers of 0.15 and 1.0 stop at a single level). Then any block
 * by its index entry, checked against the type and size the index expects.
 */
final class FileBlocks {
  private final BlockSource source;
  private final Trailer trailer;
  private final SortedMap<byte[], byte[]> fileInfo;
  private final List<IndexEntry> metaIndex;
  private final List<IndexEntry> dataBlocks;

  FileBlocks(BlockSource source) throws IOException {
    this.source = source;
    long length = source.length();
    int tailLength = (int) Math.min(Trailer.SIZE, length);
    this.trailer =
        Trailer.decode(source.read(length - tailLength, tailLength), length, source.name());
    if (!trailer.compression().isSupported()) {
      throw new HFileFormatException(
          source.name()
              + ": "
              + Compression.unsupported(trailer.compression().name()).getMessage());
    }
    long sectionEnd = length - Trailer.SIZE;
    long loadOnOpen = trailer.loadOnOpenDataOffset();
    if (loadOnOpen < 0
        || loadOnOpen >= sectionEnd
        || trailer.fileInfoOffset() < loadOnOpen
        || trailer.fileInfoOffset() >= sectionEnd) {
      throw new HFileFormatException(
          source.name()
              + ": the trailer puts the load-on-open section at "
              + loadOnOpen
              + " and the file info at "
              + trailer.fileInfoOffset()
              + ", outside the file's "
              + length
              + " bytes (truncated?)");
    }
    byte[] section = source.read(loadOnOpen, (int) (sectionEnd - loadOnOpen));
    Block dataRoot = sectionBlock(section, 0, BlockType.ROOT_INDEX, "root data index");
    Block metaRoot =
        sectionBlock(
            section, dataRoot.header().onDiskSizeWithHeader(), BlockType.ROOT_INDEX, "meta index");
    Block info =
        sectionBlock(
            section,
            (int) (trailer.fileInfoOffset() - loadOnOpen),
            BlockType.FILE_INFO,
            "file info");
    this.fileInfo = FileInfo.decode(info.content(), source.name());
    this.metaIndex =
        IndexEntry.readRoot(
            metaRoot.content(), trailer.metaIndexCount(), source.name() + " meta index");
    this.dataBlocks = loadDataIndex(dataRoot);
  }

  Trailer trailer() {
    return trailer;
  }

  SortedMap<byte[], byte[]> fileInfo() {
    return fileInfo;
  }

  List<IndexEntry> metaIndex() {
    return metaIndex;
  }

  /** The data blocks in key order: each one's first (index) key, offset and on-disk size. */
  List<IndexEntry> dataBlocks() {
    return dataBlocks;
  }

  /** Reads, checks and decompresses the block {@code entry} points to. */
  Block read(IndexEntry entry, BlockType expected, String what) {
    long end = source.length() - Trailer.SIZE;
    if (entry.offset() < 0
        || entry.onDiskSize() < BlockHeader.SIZE
        || entry.offset() + entry.onDiskSize() > end) {
      throw new HFileFormatException(
          source.name()
              + ": the index puts the "
              + what
              + " at offset "
              + entry.offset()
              + " with "
              + entry.onDiskSize()
              + " bytes, outside the file's blocks (truncated?)");
    }
    try {
      byte[] bytes = source.read(entry.offset(), entry.onDiskSize());
      Block block = Block.decode(bytes, 0, trailer.compression(), source.name(), entry.offset());
      check(block, expected, entry.onDiskSize(), entry.offset(), what);
      return block;
    } catch (IOException e) {
      throw new HFileFormatException(
          "Cannot read the " + what + " of HFile " + source.name() + ": " + e, e);
    }
  }

  private List<IndexEntry> loadDataIndex(Block root) {
    String where = source.name() + " data index";
    List<IndexEntry> level = IndexEntry.readRoot(root.content(), trailer.dataIndexCount(), where);
    for (int depth = trailer.numDataIndexLevels(); depth > 1; depth--) {
      BlockType type = depth > 2 ? BlockType.INTERMEDIATE_INDEX : BlockType.LEAF_INDEX;
      List<IndexEntry> below = new ArrayList<>();
      for (IndexEntry entry : level) {
        below.addAll(IndexEntry.readNonRoot(read(entry, type, type.name()).content(), where));
      }
      level = below;
    }
    return Collections.unmodifiableList(level);
  }

  private Block sectionBlock(byte[] section, int offset, BlockType expected, String what) {
    long fileOffset = trailer.loadOnOpenDataOffset() + offset;
    Block block = Block.decode(section, offset, trailer.compression(), source.name(), fileOffset);
    check(block, expected, block.header().onDiskSizeWithHeader(), fileOffset, what);
    return block;
  }

  private void check(Block block, BlockType expected, int size, long offset, String what) {
    if (block.type() != expected || block.header().onDiskSizeWithHeader() != size) {
      throw new HFileFormatException(
          source.name()
              + ": expected the "
              + what
              + " ("
              + expected
              + ", "
              + size
              + " bytes) at offset "
              + offset
              + ", found a "
              + block.type()
              + " block of "
              + block.header().onDiskSizeWithHeader()
              + " bytes");
    }
  }
}
