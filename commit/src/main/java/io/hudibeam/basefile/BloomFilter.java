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
package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * The record-key bloom filter Hudi keeps in every base file footer, in Hudi's byte format (the
 * Hadoop {@code org.apache.hadoop.util.bloom.BloomFilter} layout, MurmurHash, serialized big-endian
 * and base64-encoded). Both {@link BloomFilterType}s are supported; a filter serialized here is
 * read by Hudi's {@code BloomFilterFactory.fromString} and the bytes equal Hudi's for the same
 * keys.
 *
 * <p>A filter is an accumulator: {@link #add} changes it. Not thread-safe.
 */
public final class BloomFilter {
  /** Hadoop {@code Filter.VERSION}: the versioned header layout. */
  private static final int VERSION = -1;

  /** Hadoop/Hudi {@code Hash.MURMUR_HASH}; the only hash Hudi uses for base-file filters. */
  private static final byte MURMUR_HASH = 1;

  private static final int HEADER_BYTES = 4 + 4 + 1 + 4;
  private static final int DYNAMIC_FIELDS_BYTES = 4 + 4 + 4;
  private static final double LOG2 = Math.log(2);
  private static final double LOG2_SQUARED = LOG2 * LOG2;

  private final BloomFilterType type;
  private final int vectorSize;
  private final int numHashes;

  /** DYNAMIC_V0: keys per row before a new row is started ({@code nr} in Hudi). */
  private final int rowCapacity;

  /**
   * DYNAMIC_V0: the bound after which no rows are added. Hudi does not serialize it, so a filter
   * read back has 0 here, exactly as Hudi's {@code InternalDynamicBloomFilter.readFields} leaves
   * it.
   */
  private final int maxEntries;

  private final List<long[]> rows;

  /** Keys added to the last row (DYNAMIC_V0, {@code currentNbRecord} in Hudi). */
  private int currentRowCount;

  private boolean reachedMax;
  private int roundRobinIndex;
  private final int[] positions;

  private BloomFilter(
      BloomFilterType type,
      int vectorSize,
      int numHashes,
      int rowCapacity,
      int maxEntries,
      List<long[]> rows,
      int currentRowCount) {
    this.type = type;
    this.vectorSize = vectorSize;
    this.numHashes = numHashes;
    this.rowCapacity = rowCapacity;
    this.maxEntries = maxEntries;
    this.rows = rows;
    this.currentRowCount = currentRowCount;
    this.positions = new int[numHashes];
  }

  /** A new, empty filter; sized as Hudi's {@code BloomFilterUtils.getBitSize/getNumHashes}. */
  public static BloomFilter create(BloomFilterSettings settings) {
    Objects.requireNonNull(settings, "settings");
    int numEntries = settings.numEntries();
    int bitSize = (int) Math.ceil(numEntries * (-Math.log(settings.fpp()) / LOG2_SQUARED));
    int numHashes = (int) Math.ceil(LOG2 * bitSize / numEntries);
    List<long[]> rows = new ArrayList<>();
    rows.add(newRow(bitSize));
    return new BloomFilter(
        settings.type(), bitSize, numHashes, numEntries, settings.dynamicMaxEntries(), rows, 0);
  }

  public BloomFilterType type() {
    return type;
  }

  /** Bits per row. */
  public int vectorSize() {
    return vectorSize;
  }

  public int numHashes() {
    return numHashes;
  }

  /** Number of rows: always 1 for SIMPLE. */
  public int rowCount() {
    return rows.size();
  }

  /** Adds the UTF-8 bytes of a record key. */
  public void add(String key) {
    hash(key);
    long[] row = type == BloomFilterType.SIMPLE ? rows.get(0) : activeDynamicRow();
    for (int position : positions) {
      row[position >>> 6] |= 1L << position;
    }
    currentRowCount++;
  }

  /** False only if the key was certainly never added. */
  public boolean mightContain(String key) {
    hash(key);
    for (long[] row : rows) {
      if (rowContains(row)) {
        return true;
      }
    }
    return false;
  }

  /** Base64 (standard alphabet, padded) of the serialized filter, as Hudi's serializeToString. */
  public String serializeToString() {
    int rowBytes = HEADER_BYTES + bitBytes(vectorSize);
    int size =
        type == BloomFilterType.SIMPLE
            ? rowBytes
            : HEADER_BYTES + DYNAMIC_FIELDS_BYTES + rows.size() * rowBytes;
    ByteBuffer out = ByteBuffer.allocate(size);
    if (type == BloomFilterType.SIMPLE) {
      writeRow(out, rows.get(0));
    } else {
      writeHeader(out);
      out.putInt(rowCapacity);
      out.putInt(currentRowCount);
      out.putInt(rows.size());
      for (long[] row : rows) {
        writeRow(out, row);
      }
    }
    return Base64.getEncoder().encodeToString(out.array());
  }

  /**
   * Reads a filter serialized by {@link #serializeToString} or by Hudi. The type must be the one it
   * was written with (the footer's {@code hoodie_bloom_filter_type_code}, SIMPLE when absent).
   */
  public static BloomFilter fromString(String serialized, BloomFilterType type) {
    Objects.requireNonNull(serialized, "serialized");
    Objects.requireNonNull(type, "type");
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(serialized);
    } catch (IllegalArgumentException e) {
      throw new HudiTableException(
          "Bloom filter is not valid base64 (standard alphabet, padded): " + e.getMessage(), e);
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    try {
      BloomFilter filter = type == BloomFilterType.SIMPLE ? readSimple(in) : readDynamic(in);
      if (in.hasRemaining()) {
        throw new HudiTableException(
            "Bloom filter of type "
                + type
                + " has "
                + in.remaining()
                + " unexpected trailing bytes after "
                + in.position()
                + " bytes; is the type code right?");
      }
      return filter;
    } catch (BufferUnderflowException e) {
      throw new HudiTableException(
          "Bloom filter of type "
              + type
              + " is truncated: "
              + bytes.length
              + " bytes are not enough for its header and bit vectors",
          e);
    }
  }

  private static BloomFilter readSimple(ByteBuffer in) {
    int[] header = readHeader(in, "SIMPLE filter");
    List<long[]> rows = new ArrayList<>();
    rows.add(readBits(in, header[1]));
    return new BloomFilter(BloomFilterType.SIMPLE, header[1], header[0], 0, 0, rows, 0);
  }

  private static BloomFilter readDynamic(ByteBuffer in) {
    int[] header = readHeader(in, "DYNAMIC_V0 filter");
    int rowCapacity = in.getInt();
    int currentRowCount = in.getInt();
    int rowCount = in.getInt();
    if (rowCapacity <= 0 || currentRowCount < 0 || rowCount <= 0) {
      throw new HudiTableException(
          "DYNAMIC_V0 bloom filter has invalid row fields nr="
              + rowCapacity
              + ", currentNbRecord="
              + currentRowCount
              + ", rows="
              + rowCount
              + "; expected nr > 0, currentNbRecord >= 0, rows > 0");
    }
    long needed = (long) rowCount * (HEADER_BYTES + bitBytes(header[1]));
    if (needed > in.remaining()) {
      throw new BufferUnderflowException();
    }
    List<long[]> rows = new ArrayList<>(rowCount);
    for (int i = 0; i < rowCount; i++) {
      int[] rowHeader = readHeader(in, "DYNAMIC_V0 row " + i);
      if (rowHeader[0] != header[0] || rowHeader[1] != header[1]) {
        throw new HudiTableException(
            "DYNAMIC_V0 bloom filter row "
                + i
                + " has nbHash="
                + rowHeader[0]
                + ", vectorSize="
                + rowHeader[1]
                + "; expected the filter's nbHash="
                + header[0]
                + ", vectorSize="
                + header[1]);
      }
      rows.add(readBits(in, header[1]));
    }
    return new BloomFilter(
        BloomFilterType.DYNAMIC_V0, header[1], header[0], rowCapacity, 0, rows, currentRowCount);
  }

  /** Returns {nbHash, vectorSize}. */
  private static int[] readHeader(ByteBuffer in, String what) {
    int version = in.getInt();
    if (version != VERSION) {
      throw new HudiTableException(
          "Bloom filter "
              + what
              + " has header version "
              + version
              + "; expected "
              + VERSION
              + " (Hadoop's versioned filter layout)");
    }
    int nbHash = in.getInt();
    byte hashType = in.get();
    int vectorSize = in.getInt();
    if (hashType != MURMUR_HASH) {
      throw new HudiTableException(
          "Bloom filter " + what + " uses hash type " + hashType + "; expected 1 (MURMUR_HASH)");
    }
    if (nbHash <= 0 || vectorSize <= 0) {
      throw new HudiTableException(
          "Bloom filter "
              + what
              + " has nbHash="
              + nbHash
              + ", vectorSize="
              + vectorSize
              + "; both must be > 0");
    }
    return new int[] {nbHash, vectorSize};
  }

  private static long[] readBits(ByteBuffer in, int vectorSize) {
    int byteCount = bitBytes(vectorSize);
    if (byteCount > in.remaining()) {
      throw new BufferUnderflowException();
    }
    long[] row = newRow(vectorSize);
    for (int j = 0; j < byteCount; j++) {
      row[j >>> 3] |= (in.get() & 0xffL) << ((j & 7) << 3);
    }
    // Hadoop's readFields ignores bits past vectorSize in the last byte.
    int tailBits = vectorSize & 63;
    if (tailBits != 0) {
      row[row.length - 1] &= (1L << tailBits) - 1;
    }
    return row;
  }

  private void writeHeader(ByteBuffer out) {
    out.putInt(VERSION);
    out.putInt(numHashes);
    out.put(MURMUR_HASH);
    out.putInt(vectorSize);
  }

  /** Hadoop {@code BloomFilter.write}: bit i is bit (i % 8) of byte i / 8. */
  private void writeRow(ByteBuffer out, long[] row) {
    writeHeader(out);
    int byteCount = bitBytes(vectorSize);
    for (int j = 0; j < byteCount; j++) {
      out.put((byte) (row[j >>> 3] >>> ((j & 7) << 3)));
    }
  }

  /**
   * The row a new key goes to, as Hudi's {@code InternalDynamicBloomFilter.getActiveStandardBF}.
   */
  private long[] activeDynamicRow() {
    if (reachedMax) {
      return rows.get(Math.floorMod(roundRobinIndex++, rows.size()));
    }
    if (currentRowCount >= rowCapacity) {
      if (rows.size() * rowCapacity < maxEntries) {
        rows.add(newRow(vectorSize));
        currentRowCount = 0;
        return rows.get(rows.size() - 1);
      }
      reachedMax = true;
      return rows.get(0);
    }
    return rows.get(rows.size() - 1);
  }

  private boolean rowContains(long[] row) {
    for (int position : positions) {
      if ((row[position >>> 6] & (1L << position)) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Hadoop {@code HashFunction.hash}: chained MurmurHash, each result seeds the next. */
  private void hash(String key) {
    checkKey(key);
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    int seed = 0;
    for (int i = 0; i < numHashes; i++) {
      seed = murmurHash(bytes, seed);
      positions[i] = Math.abs(seed % vectorSize);
    }
  }

  /** Fails on a key the filter cannot hold: null or empty (Hadoop's filters refuse empty keys). */
  static void checkKey(String key) {
    Objects.requireNonNull(key, "record key");
    if (key.isEmpty()) {
      throw new HudiTableException(
          "Bloom filter keys must not be empty, but the record key was ''");
    }
  }

  /**
   * Hadoop's MurmurHash (MurmurHash2 variant, {@code org.apache.hadoop.util.hash.MurmurHash}, same
   * as Hudi's {@code org.apache.hudi.common.util.hash.MurmurHash}): little-endian 4-byte blocks,
   * tail bytes XORed sign-extended.
   */
  static int murmurHash(byte[] data, int seed) {
    final int m = 0x5bd1e995;
    final int r = 24;
    int length = data.length;
    int h = seed ^ length;
    int blocks = length >> 2;
    for (int i = 0; i < blocks; i++) {
      int b = i << 2;
      int k =
          (data[b] & 0xff)
              | (data[b + 1] & 0xff) << 8
              | (data[b + 2] & 0xff) << 16
              | data[b + 3] << 24;
      k *= m;
      k ^= k >>> r;
      k *= m;
      h *= m;
      h ^= k;
    }
    // Tail bytes are indexed from the end of the key: with 3 left, the first is shifted by 16, with
    // 2 left by 8 (not the reference MurmurHash2 order; Hadoop's and Hudi's code do this).
    int left = length - (blocks << 2);
    if (left != 0) {
      if (left >= 3) {
        h ^= data[length - 3] << 16;
      }
      if (left >= 2) {
        h ^= data[length - 2] << 8;
      }
      h ^= data[length - 1];
      h *= m;
    }
    h ^= h >>> 13;
    h *= m;
    h ^= h >>> 15;
    return h;
  }

  private static long[] newRow(int vectorSize) {
    return new long[(int) (((long) vectorSize + 63) >>> 6)];
  }

  private static int bitBytes(int vectorSize) {
    return (int) (((long) vectorSize + 7) / 8);
  }
}
