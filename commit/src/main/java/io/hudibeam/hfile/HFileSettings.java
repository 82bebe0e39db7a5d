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

import java.util.Objects;

/**
 * How {@link HFileWriter} cuts, compresses and checksums a file.
 *
 * @param blockSize uncompressed bytes after which a data block is closed ({@code
 *     hoodie.hfile.block.size}, 1 MiB in Hudi 0.15's {@code HoodieStorageConfig}; an HFile log data
 *     block always uses 1 MiB, {@code HFileUtils.DEFAULT_BLOCK_SIZE_FOR_LOG_FILE})
 * @param compression of every block ({@code hoodie.hfile.compression.algorithm}, GZ)
 * @param maxIndexChunkSize HBase's {@code hfile.index.block.max.size} (128 KiB), the size at which
 *     the data index grows a level; Hudi does not set it
 * @param bytesPerChecksum bytes each CRC32C covers (HBase's {@code
 *     hbase.hstore.bytes.per.checksum}, 16 KiB; Hudi does not set it). Hudi 0.15's and 1.0's native
 *     reader stops reading a data block {@code 4 * ceil(onDiskSize / bytesPerChecksum)} bytes
 *     before its end ({@code HFileDataBlock.uncompressedContentEndRelativeOffset}, fixed by
 *     apache/hudi#19146), so with large uncompressed blocks it misses the last cells of each block,
 *     of HBase's files as of ours; a value at least the largest block's on-disk size makes that one
 *     checksum (4 bytes, shorter than any cell). HBase's reader reads either.
 */
public record HFileSettings(
    int blockSize, Compression compression, int maxIndexChunkSize, int bytesPerChecksum) {
  public static final int HUDI_BLOCK_SIZE = 1024 * 1024;

  public HFileSettings {
    Objects.requireNonNull(compression, "compression");
    if (blockSize <= 0) {
      throw new IllegalArgumentException(
          "hoodie.hfile.block.size must be positive, got " + blockSize);
    }
    if (maxIndexChunkSize <= 0) {
      throw new IllegalArgumentException(
          "hfile.index.block.max.size must be positive, got " + maxIndexChunkSize);
    }
    if (bytesPerChecksum < BlockHeader.SIZE) {
      throw new IllegalArgumentException(
          "hbase.hstore.bytes.per.checksum must be at least the block header size "
              + BlockHeader.SIZE
              + ", got "
              + bytesPerChecksum);
    }
    if (!compression.isSupported()) {
      throw Compression.unsupported(compression.name());
    }
  }

  /**
   * Hudi's settings for metadata-table HFiles: 1 MiB blocks, GZ, HBase's index chunk size and bytes
   * per checksum.
   */
  public static HFileSettings hudiDefaults() {
    return new HFileSettings(
        HUDI_BLOCK_SIZE,
        Compression.GZ,
        DataIndexWriter.DEFAULT_MAX_CHUNK_SIZE,
        BlockHeader.DEFAULT_BYTES_PER_CHECKSUM);
  }

  public HFileSettings withBlockSize(int size) {
    return new HFileSettings(size, compression, maxIndexChunkSize, bytesPerChecksum);
  }

  public HFileSettings withCompression(Compression value) {
    return new HFileSettings(blockSize, value, maxIndexChunkSize, bytesPerChecksum);
  }

  public HFileSettings withMaxIndexChunkSize(int size) {
    return new HFileSettings(blockSize, compression, size, bytesPerChecksum);
  }

  public HFileSettings withBytesPerChecksum(int bytes) {
    return new HFileSettings(blockSize, compression, maxIndexChunkSize, bytes);
  }
}
