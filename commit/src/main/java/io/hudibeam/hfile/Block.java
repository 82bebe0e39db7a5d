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

/**
 * One HFile block read back: its header and its uncompressed content (without header and
 * checksums). {@link #encode} lays a block out as HBase 2.4's {@code HFileBlock.Writer} does
 * ({@code finishBlock}, {@code putHeader}): header, the content compressed on its own, then the
 * CRC32C checksums of header and compressed content, one per 16 KiB chunk.
 */
record Block(BlockHeader header, byte[] content) {

  /**
   * The on-disk bytes of a block of {@code type} holding {@code content[0, length)}; {@code
   * prevOffset} is the offset of the previous block of the same type, or -1; each checksum covers
   * {@code bytesPerChecksum} bytes.
   */
  static byte[] encode(
      BlockType type,
      byte[] content,
      int length,
      long prevOffset,
      Compression compression,
      int bytesPerChecksum) {
    byte[] compressed = compression.compress(content, 0, length);
    int onDiskData = BlockHeader.SIZE + compressed.length;
    ChecksumType checksum = ChecksumType.CRC32C;
    int checksumBytes = checksum.checksumBytes(onDiskData, bytesPerChecksum);
    byte[] out = new byte[onDiskData + checksumBytes];
    new BlockHeader(
            type,
            compressed.length + checksumBytes,
            length,
            prevOffset,
            checksum,
            bytesPerChecksum,
            onDiskData)
        .write(out, 0);
    System.arraycopy(compressed, 0, out, BlockHeader.SIZE, compressed.length);
    checksum.generate(out, onDiskData, bytesPerChecksum, out, onDiskData);
    return out;
  }

  /**
   * Reads the block at {@code buf[offset]}: checks its checksums and decompresses its content.
   * {@code fileOffset} is where the block starts in the file and {@code file} names the file, both
   * for errors.
   */
  static Block decode(
      byte[] buf, int offset, Compression compression, String file, long fileOffset) {
    String where = file + " at offset " + fileOffset;
    BlockHeader header = BlockHeader.parse(buf, offset, where);
    if ((long) buf.length - offset < header.onDiskSizeWithHeader()) {
      throw new HFileFormatException(
          where
              + ": the "
              + header.type()
              + " block needs "
              + header.onDiskSizeWithHeader()
              + " bytes but only "
              + (buf.length - offset)
              + " are there (truncated file?)");
    }
    int dataWithHeader = header.onDiskDataSizeWithHeader();
    int checksumBytes =
        header.checksumType().checksumBytes(dataWithHeader, header.bytesPerChecksum());
    if (dataWithHeader + checksumBytes != header.onDiskSizeWithHeader()) {
      throw new HFileFormatException(
          where
              + ": the "
              + header.type()
              + " block has "
              + (header.onDiskSizeWithHeader() - dataWithHeader)
              + " bytes after its data, but its "
              + header.checksumType()
              + " checksums take "
              + checksumBytes);
    }
    int bad =
        header
            .checksumType()
            .firstMismatch(
                buf,
                offset,
                dataWithHeader,
                header.bytesPerChecksum(),
                buf,
                offset + dataWithHeader);
    if (bad >= 0) {
      throw new HFileFormatException(
          where
              + ": the "
              + header.type()
              + " block fails its "
              + header.checksumType()
              + " checksum (chunk "
              + bad
              + " of "
              + header.bytesPerChecksum()
              + " bytes); the file is corrupt");
    }
    try {
      byte[] content =
          compression.decompress(
              buf,
              offset + BlockHeader.SIZE,
              dataWithHeader - BlockHeader.SIZE,
              header.uncompressedSizeWithoutHeader());
      return new Block(header, content);
    } catch (IOException e) {
      throw new HFileFormatException(
          where
              + ": cannot decompress the "
              + header.type()
              + " block with "
              + compression
              + ": "
              + e.getMessage(),
          e);
    }
  }

  BlockType type() {
    return header.type();
  }
}
