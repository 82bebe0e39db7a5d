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
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The file info block's content (HBase 2.4's {@code HFileInfo.write}, read by Hudi 0.15's {@code
 * HFileFileInfoBlock}): the protobuf magic {@code PBUF}, then a length-delimited {@code
 * FileInfoProto} with one {@code BytesBytesPair} per entry, in unsigned byte order of the keys
 * (HBase keeps them in a {@code TreeMap} with {@code Bytes.BYTES_COMPARATOR}).
 *
 * <p>Entries HBase adds itself (the {@code hfile.} prefix is reserved to it): {@link #LAST_KEY},
 * {@link #AVG_KEY_LEN}, {@link #AVG_VALUE_LEN}, {@link #CREATE_TIME_TS}, and because Hudi's writers
 * leave HBase's default "include MVCC" on, {@link #MAX_MEMSTORE_TS_KEY} and {@link
 * #KEY_VALUE_VERSION} ({@code HFileWriterImpl.close} and {@code finishFileInfo}).
 */
final class FileInfo {
  static final byte[] PB_MAGIC = {'P', 'B', 'U', 'F'};

  static final String RESERVED_PREFIX = "hfile.";
  static final String LAST_KEY = RESERVED_PREFIX + "LASTKEY";
  static final String AVG_KEY_LEN = RESERVED_PREFIX + "AVG_KEY_LEN";
  static final String AVG_VALUE_LEN = RESERVED_PREFIX + "AVG_VALUE_LEN";
  static final String CREATE_TIME_TS = RESERVED_PREFIX + "CREATE_TIME_TS";
  static final String MAX_TAGS_LEN = RESERVED_PREFIX + "MAX_TAGS_LEN";
  static final String MAX_MEMSTORE_TS_KEY = "MAX_MEMSTORE_TS_KEY";
  static final String KEY_VALUE_VERSION = "KEY_VALUE_VERSION";

  /** {@code HFileWriterImpl.KEY_VALUE_VER_WITH_MEMSTORE}: each cell ends in a memstore vlong. */
  static final int KEY_VALUE_VERSION_WITH_MEMSTORE = 1;

  private FileInfo() {}

  static byte[] key(String name) {
    return name.getBytes(StandardCharsets.UTF_8);
  }

  static SortedMap<byte[], byte[]> newMap() {
    return new TreeMap<>(Bytes::compare);
  }

  static byte[] encode(SortedMap<byte[], byte[]> entries) {
    ByteArrayOutputStream message = new ByteArrayOutputStream(256);
    for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
      ByteArrayOutputStream pair =
          new ByteArrayOutputStream(e.getKey().length + e.getValue().length + 8);
      Protobuf.writeBytes(pair, 1, e.getKey());
      Protobuf.writeBytes(pair, 2, e.getValue());
      Protobuf.writeBytes(message, 1, pair.toByteArray());
    }
    byte[] delimited = Protobuf.delimited(message.toByteArray());
    byte[] out = new byte[PB_MAGIC.length + delimited.length];
    System.arraycopy(PB_MAGIC, 0, out, 0, PB_MAGIC.length);
    System.arraycopy(delimited, 0, out, PB_MAGIC.length, delimited.length);
    return out;
  }

  /** The entries of a file info block's content; {@code where} names the file in errors. */
  static SortedMap<byte[], byte[]> decode(byte[] content, String where) {
    if (content.length < PB_MAGIC.length
        || !java.util.Arrays.equals(content, 0, PB_MAGIC.length, PB_MAGIC, 0, PB_MAGIC.length)) {
      throw new HFileFormatException(
          where
              + ": the file info block does not start with the protobuf magic PBUF (a pre-protobuf"
              + " HFile, which Hudi never writes)");
    }
    Protobuf.Reader message =
        Protobuf.Reader.delimited(content, PB_MAGIC.length, content.length, where + " file info");
    SortedMap<byte[], byte[]> entries = newMap();
    while (message.hasMore()) {
      int tag = message.readTag();
      if (tag >>> 3 != 1 || (tag & 7) != Protobuf.LENGTH_DELIMITED) {
        message.skip(tag);
        continue;
      }
      byte[] pairBytes = message.readBytes();
      Protobuf.Reader pair =
          new Protobuf.Reader(pairBytes, 0, pairBytes.length, where + " file info entry");
      byte[] key = null;
      byte[] value = null;
      while (pair.hasMore()) {
        int pairTag = pair.readTag();
        if (pairTag == ((1 << 3) | Protobuf.LENGTH_DELIMITED)) {
          key = pair.readBytes();
        } else if (pairTag == ((2 << 3) | Protobuf.LENGTH_DELIMITED)) {
          value = pair.readBytes();
        } else {
          pair.skip(pairTag);
        }
      }
      if (key == null || value == null) {
        throw new HFileFormatException(where + ": a file info entry lacks its key or value");
      }
      entries.put(key, value);
    }
    return Collections.unmodifiableSortedMap(entries);
  }
}
