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

/** Test views of an HFile's blocks, walked from the first block to the trailer. */
final class BlockWalk {
  private BlockWalk() {}

  /** The file with every gzip block's header OS byte set to {@code os}, checksums recomputed. */
  static byte[] withGzipOsByte(byte[] file, int os) {
    byte[] out = file.clone();
    int end = out.length - Trailer.SIZE;
    for (int at = 0; at < end; ) {
      BlockHeader header = BlockHeader.parse(out, at, "walk");
      int data = header.onDiskDataSizeWithHeader();
      if (data > BlockHeader.SIZE + 10
          && (out[at + BlockHeader.SIZE] & 0xff) == 0x1f
          && (out[at + BlockHeader.SIZE + 1] & 0xff) == 0x8b) {
        out[at + BlockHeader.SIZE + 9] = (byte) os;
        header
            .checksumType()
            .generate(
                java.util.Arrays.copyOfRange(out, at, at + data),
                data,
                header.bytesPerChecksum(),
                out,
                at + data);
      }
      at += header.onDiskSizeWithHeader();
    }
    return out;
  }

  /**
   * The cells Hudi 0.15's and 1.0's native reader returns from a file: its {@code HFileDataBlock}
   * ends a block's cells {@code HFileBlock.numChecksumBytes(onDiskSizeWithHeader,
   * bytesPerChecksum)} bytes before the end of the uncompressed content ({@code
   * uncompressedContentEndRelativeOffset}), so a cell that starts within that many bytes of its
   * block's end is skipped by scans and not found by lookups.
   */
  static List<HFileEntry> visibleToHudiNative(byte[] file, Compression compression) {
    List<HFileEntry> cells = new ArrayList<>();
    int end = file.length - Trailer.SIZE;
    for (int at = 0; at < end; ) {
      Block block = Block.decode(file, at, compression, "walk", at);
      BlockHeader header = block.header();
      if (block.type() == BlockType.DATA) {
        int checksumBytes =
            4 * (int) Math.ceil(header.onDiskSizeWithHeader() / (double) header.bytesPerChecksum());
        int visibleEnd = block.content().length - checksumBytes;
        DataBlock data = new DataBlock(block.content(), true, false, "walk");
        for (int cell = 0; data.hasCell(cell) && cell < visibleEnd; cell = data.next(cell)) {
          cells.add(data.entry(cell));
        }
      }
      at += header.onDiskSizeWithHeader();
    }
    return cells;
  }
}
