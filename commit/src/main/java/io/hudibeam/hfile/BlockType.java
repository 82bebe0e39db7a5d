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

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The type of an HFile block, named by the 8-byte magic at the block's start (HBase 2.4's {@code
 * org.apache.hadoop.hbase.io.hfile.BlockType}, copied by Hudi 0.15's {@code HFileBlockType}). The
 * order is HBase's: a block's {@link #id()} keys the "previous block of the same type" offset in
 * the block header.
 */
enum BlockType {
  DATA("DATABLK*"),
  /** An encoded data block; shares {@link #DATA}'s id. Not written; read as unsupported. */
  ENCODED_DATA("DATABLKE"),
  LEAF_INDEX("IDXLEAF2"),
  BLOOM_CHUNK("BLMFBLK2"),
  META("METABLKc"),
  INTERMEDIATE_INDEX("IDXINTE2"),
  ROOT_INDEX("IDXROOT2"),
  FILE_INFO("FILEINF2"),
  GENERAL_BLOOM_META("BLMFMET2"),
  DELETE_FAMILY_BLOOM_META("DFBLMET2"),
  TRAILER("TRABLK\"$"),
  INDEX_V1("IDXBLK)+");

  static final int MAGIC_LENGTH = 8;

  private final byte[] magic;

  BlockType(String magic) {
    this.magic = magic.getBytes(StandardCharsets.US_ASCII);
  }

  /** HBase's {@code BlockType.getId()}: the ordinal, except that encoded data counts as data. */
  int id() {
    return this == ENCODED_DATA ? DATA.ordinal() : ordinal();
  }

  byte[] magic() {
    return magic.clone();
  }

  void writeMagic(byte[] dest, int offset) {
    System.arraycopy(magic, 0, dest, offset, MAGIC_LENGTH);
  }

  boolean matches(byte[] buf, int offset) {
    return buf.length - offset >= MAGIC_LENGTH
        && Arrays.equals(magic, 0, MAGIC_LENGTH, buf, offset, offset + MAGIC_LENGTH);
  }

  /** The block type whose magic starts at {@code offset}, or null if none does. */
  static BlockType fromMagic(byte[] buf, int offset) {
    for (BlockType type : values()) {
      if (type.matches(buf, offset)) {
        return type;
      }
    }
    return null;
  }

  /** The magic as text for error messages (non-printable bytes escaped). */
  static String describe(byte[] buf, int offset) {
    StringBuilder text = new StringBuilder();
    for (int i = offset; i < Math.min(buf.length, offset + MAGIC_LENGTH); i++) {
      int b = buf[i] & 0xff;
      text.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
    }
    return text.toString();
  }
}
