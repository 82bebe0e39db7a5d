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
import java.nio.charset.StandardCharsets;

/**
 * The fixed 4096-byte trailer that ends an HFile version 3 (HBase 2.4's {@code FixedFileTrailer},
 * read by Hudi 0.15's {@code HFileTrailer}): the magic {@code TRABLK"$}, a length-delimited {@code
 * FileTrailerProto}, zero padding, and as the last four bytes the version, minor version in the
 * high byte and major version in the low three ({@code materializeVersion}).
 *
 * @param fileInfoOffset where the file info block starts
 * @param loadOnOpenDataOffset where the root data index starts; the meta index and the file info
 *     follow it
 * @param uncompressedDataIndexSize uncompressed bytes of all data index blocks (without headers)
 * @param totalUncompressedBytes HBase's sum over data, leaf index, meta, meta index and file info
 *     blocks (header and uncompressed content) plus the trailer size
 * @param dataIndexCount entries of the root data index
 * @param metaIndexCount meta blocks
 * @param entryCount cells (key-value pairs)
 * @param numDataIndexLevels 1 for a root-only data index, 2 with leaf index blocks, more with
 *     intermediate ones
 * @param firstDataBlockOffset -1 when the file has no cells
 * @param lastDataBlockOffset -1 when the file has no cells
 * @param comparatorClassName the cell comparator; Hudi writes {@link #HUDI_COMPARATOR}
 * @param compression the compression of every block
 */
record Trailer(
    long fileInfoOffset,
    long loadOnOpenDataOffset,
    long uncompressedDataIndexSize,
    long totalUncompressedBytes,
    int dataIndexCount,
    int metaIndexCount,
    long entryCount,
    int numDataIndexLevels,
    long firstDataBlockOffset,
    long lastDataBlockOffset,
    String comparatorClassName,
    Compression compression,
    int majorVersion,
    int minorVersion) {

  /** {@code FixedFileTrailer.getTrailerSize(3)}. */
  static final int SIZE = 4096;

  static final int MAJOR_VERSION = 3;

  /** {@code HFileReaderImpl.MAX_MINOR_VERSION} in HBase 2.4: what HBase 2.x writes. */
  static final int MINOR_VERSION = 3;

  /**
   * The comparator Hudi's writers put in the trailer (Hudi 0.15's {@code HoodieHFileConfig
   * .HFILE_COMPARATOR} and {@code HFileUtils.serializeRecordsToLogBlock}: {@code
   * HoodieHBaseKVComparator}, a plain {@code CellComparatorImpl} under Hudi's own name so that
   * shading does not break it). HBase's reader loads this class by name; Hudi's native reader
   * ignores it.
   */
  static final String HUDI_COMPARATOR = "org.apache.hudi.io.storage.HoodieHBaseKVComparator";

  private static final int VERSION_BYTES = 4;

  byte[] encode() {
    ByteArrayOutputStream proto = new ByteArrayOutputStream(128);
    Protobuf.writeUInt64(proto, 1, fileInfoOffset);
    Protobuf.writeUInt64(proto, 2, loadOnOpenDataOffset);
    Protobuf.writeUInt64(proto, 3, uncompressedDataIndexSize);
    Protobuf.writeUInt64(proto, 4, totalUncompressedBytes);
    Protobuf.writeUInt32(proto, 5, dataIndexCount);
    Protobuf.writeUInt32(proto, 6, metaIndexCount);
    Protobuf.writeUInt64(proto, 7, entryCount);
    Protobuf.writeUInt32(proto, 8, numDataIndexLevels);
    Protobuf.writeUInt64(proto, 9, firstDataBlockOffset);
    Protobuf.writeUInt64(proto, 10, lastDataBlockOffset);
    Protobuf.writeString(proto, 11, comparatorClassName);
    Protobuf.writeUInt32(proto, 12, compression.code());
    byte[] delimited = Protobuf.delimited(proto.toByteArray());
    if (BlockType.MAGIC_LENGTH + delimited.length + VERSION_BYTES > SIZE) {
      throw new IllegalStateException("trailer protobuf of " + delimited.length + " bytes");
    }
    byte[] out = new byte[SIZE];
    BlockType.TRAILER.writeMagic(out, 0);
    System.arraycopy(delimited, 0, out, BlockType.MAGIC_LENGTH, delimited.length);
    Bytes.putInt(out, SIZE - VERSION_BYTES, (majorVersion & 0x00ffffff) | (minorVersion << 24));
    return out;
  }

  /**
   * Reads the trailer from the last {@code min(4096, fileLength)} bytes of a file; {@code file}
   * names it in errors.
   */
  static Trailer decode(byte[] tail, long fileLength, String file) {
    if (tail.length < VERSION_BYTES) {
      throw new HFileFormatException(
          file + " has " + fileLength + " bytes: too short to be an HFile (truncated?)");
    }
    int version = Bytes.getInt(tail, tail.length - VERSION_BYTES);
    int major = version & 0x00ffffff;
    int minor = version >>> 24;
    if (major != MAJOR_VERSION) {
      throw new HFileFormatException(
          file
              + " ends in HFile version "
              + major
              + "."
              + minor
              + "; only HFile version 3 (HBase 2.x, as Hudi writes it) is read (truncated or not"
              + " an HFile?)");
    }
    if (tail.length < SIZE) {
      throw new HFileFormatException(
          file
              + " has "
              + fileLength
              + " bytes, fewer than the "
              + SIZE
              + "-byte trailer an HFile version 3 ends in (truncated?)");
    }
    if (!BlockType.TRAILER.matches(tail, 0)) {
      throw new HFileFormatException(
          file
              + ": bad trailer magic '"
              + BlockType.describe(tail, 0)
              + "' at offset "
              + (fileLength - SIZE)
              + "; expected TRABLK\"$ (truncated or not an HFile?)");
    }
    String what = file + " trailer";
    Protobuf.Reader in =
        Protobuf.Reader.delimited(tail, BlockType.MAGIC_LENGTH, SIZE - VERSION_BYTES, what);
    long[] numbers = new long[13];
    String comparator = "";
    boolean hasCompression = false;
    while (in.hasMore()) {
      int tag = in.readTag();
      int field = tag >>> 3;
      if (field == 11 && (tag & 7) == Protobuf.LENGTH_DELIMITED) {
        comparator = new String(in.readBytes(), StandardCharsets.UTF_8);
      } else if (field == 13) {
        throw new HFileFormatException(file + " is encrypted; encrypted HFiles are not supported");
      } else if (field >= 1 && field <= 12 && (tag & 7) == Protobuf.VARINT) {
        numbers[field] = in.readVarint();
        hasCompression |= field == 12;
      } else {
        in.skip(tag);
      }
    }
    Compression compression = Compression.NONE;
    if (hasCompression) {
      compression = Compression.fromCode((int) numbers[12]);
      if (compression == null) {
        throw new HFileFormatException(
            file + ": unknown compression code " + numbers[12] + " in the trailer");
      }
    }
    return new Trailer(
        numbers[1],
        numbers[2],
        numbers[3],
        numbers[4],
        (int) numbers[5],
        (int) numbers[6],
        numbers[7],
        (int) numbers[8],
        numbers[9],
        numbers[10],
        comparator,
        compression,
        major,
        minor);
  }
}
