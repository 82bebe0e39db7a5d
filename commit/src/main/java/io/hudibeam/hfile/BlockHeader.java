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
 * The 33-byte header of every HFile version 3 block (HBase 2.4's {@code
 * HFileBlock.Writer.putHeader}, read by Hudi 0.15's {@code HFileBlock.Header}): the magic, the
 * on-disk size without the header (compressed data and checksums), the uncompressed data size
 * without the header (no checksums), the offset of the previous block of the same type (-1 for the
 * first), the checksum type, the bytes each checksum covers, and the on-disk size of header and
 * data without the checksums. All big-endian.
 */
record BlockHeader(
    BlockType type,
    int onDiskSizeWithoutHeader,
    int uncompressedSizeWithoutHeader,
    long prevBlockOffset,
    ChecksumType checksumType,
    int bytesPerChecksum,
    int onDiskDataSizeWithHeader) {

  /** {@code HConstants.HFILEBLOCK_HEADER_SIZE} with checksum fields. */
  static final int SIZE = BlockType.MAGIC_LENGTH + 4 + 4 + 8 + 1 + 4 + 4;

  /** {@code HFileContextBuilder.DEFAULT_BYTES_PER_CHECKSUM}: 16 KiB. */
  static final int DEFAULT_BYTES_PER_CHECKSUM = 16 * 1024;

  int onDiskSizeWithHeader() {
    return SIZE + onDiskSizeWithoutHeader;
  }

  void write(byte[] dest, int offset) {
    type.writeMagic(dest, offset);
    int at = offset + BlockType.MAGIC_LENGTH;
    at = Bytes.putInt(dest, at, onDiskSizeWithoutHeader);
    at = Bytes.putInt(dest, at, uncompressedSizeWithoutHeader);
    at = Bytes.putLong(dest, at, prevBlockOffset);
    dest[at++] = checksumType.code();
    at = Bytes.putInt(dest, at, bytesPerChecksum);
    Bytes.putInt(dest, at, onDiskDataSizeWithHeader);
  }

  /**
   * Parses the header at {@code buf[offset]}; {@code where} names the file and offset in errors.
   */
  static BlockHeader parse(byte[] buf, int offset, String where) {
    if (buf.length - offset < SIZE) {
      throw new HFileFormatException(
          where + ": " + (buf.length - offset) + " bytes left, a block header needs " + SIZE);
    }
    BlockType type = BlockType.fromMagic(buf, offset);
    if (type == null) {
      throw new HFileFormatException(
          where
              + ": bad block magic '"
              + BlockType.describe(buf, offset)
              + "'; expected one of HBase's block magics (DATABLK*, IDXROOT2, FILEINF2, ...)");
    }
    int at = offset + BlockType.MAGIC_LENGTH;
    int onDisk = Bytes.getInt(buf, at);
    int uncompressed = Bytes.getInt(buf, at + 4);
    long prev = Bytes.getLong(buf, at + 8);
    byte checksumCode = buf[at + 16];
    int bytesPerChecksum = Bytes.getInt(buf, at + 17);
    int onDiskData = Bytes.getInt(buf, at + 21);
    ChecksumType checksum = ChecksumType.fromCode(checksumCode);
    if (checksum == null) {
      throw new HFileFormatException(
          where + ": " + type + " block has unknown checksum type " + checksumCode);
    }
    if (onDisk < 0
        || uncompressed < 0
        || onDiskData < SIZE
        || onDiskData > SIZE + (long) onDisk
        || (checksum != ChecksumType.NULL && bytesPerChecksum <= 0)) {
      throw new HFileFormatException(
          where
              + ": "
              + type
              + " block header has inconsistent sizes (on disk "
              + onDisk
              + ", uncompressed "
              + uncompressed
              + ", data with header "
              + onDiskData
              + ", bytes per checksum "
              + bytesPerChecksum
              + ")");
    }
    return new BlockHeader(
        type, onDisk, uncompressed, prev, checksum, bytesPerChecksum, onDiskData);
  }
}
