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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads an HFile version 3 written by HBase 2.x for Hudi (metadata-table base files, HFile log data
 * blocks) or by {@link HFileWriter}: full scan in key order, point lookups, lookups of many keys,
 * key-prefix scans, file info and meta blocks.
 *
 * <p>Opening reads the trailer, then the load-on-open section it points to (root data index, meta
 * index, file info; Hudi 0.15's {@code HFileReaderImpl.initializeMetadata}), and for a multi-level
 * data index its leaf and intermediate index blocks (HBase 2.4's {@code HFileBlockIndex}; Hudi's
 * native readers of 0.15 and 1.0 stop at a single level). Data blocks are read when a lookup or
 * scan reaches them, one at a time, each checked against its CRC32C checksums (as HBase's reader
 * does) and decompressed.
 *
 * <p>Not thread-safe; keys are compared as unsigned bytes. A key stored more than once (HBase
 * allows it) is returned once by lookups (the first cell) and every time by scans.
 */
public final class HFileReader implements AutoCloseable {
  private final BlockSource source;
  private final FileBlocks blocks;
  private final Trailer trailer;
  private final SortedMap<byte[], byte[]> fileInfo;
  private final List<IndexEntry> metaIndex;
  private final List<IndexEntry> dataBlocks;
  private final byte[][] firstRows;
  private final boolean memstoreTimestamps;
  private final boolean tags;
  private int cachedBlock = -1;
  private DataBlock cached;

  private HFileReader(BlockSource source) {
    this.source = source;
    try {
      this.blocks = new FileBlocks(source);
    } catch (IOException e) {
      closeQuietly();
      throw new HFileFormatException("Cannot read HFile " + source.name() + ": " + e, e);
    } catch (RuntimeException e) {
      closeQuietly();
      throw e;
    }
    this.trailer = blocks.trailer();
    this.fileInfo = blocks.fileInfo();
    this.metaIndex = blocks.metaIndex();
    this.dataBlocks = blocks.dataBlocks();
    this.firstRows = new byte[dataBlocks.size()][];
    for (int i = 0; i < firstRows.length; i++) {
      firstRows[i] = CellKeys.rowOf(dataBlocks.get(i).key(), source.name() + " data index");
    }
    byte[] keyValueVersion = fileInfo.get(FileInfo.key(FileInfo.KEY_VALUE_VERSION));
    this.memstoreTimestamps =
        keyValueVersion != null
            && keyValueVersion.length == 4
            && Bytes.getInt(keyValueVersion, 0) == FileInfo.KEY_VALUE_VERSION_WITH_MEMSTORE;
    this.tags = fileInfo.containsKey(FileInfo.key(FileInfo.MAX_TAGS_LEN));
  }

  /** Opens the HFile {@code path}. */
  public static HFileReader open(Configuration conf, Path path) {
    Objects.requireNonNull(path, "path");
    FSDataInputStream stream;
    long length;
    try {
      FileSystem fs = path.getFileSystem(conf);
      // One status request: S3A's open would ask again. As io.hudibeam.table.StatusOpen does,
      // written out here because this package depends on nothing else in io.hudibeam.
      FileStatus status = fs.getFileStatus(path);
      length = status.getLen();
      stream =
          org.apache.hadoop.util.functional.FutureIO.awaitFuture(
              fs.openFile(path).withFileStatus(status).build());
    } catch (IOException e) {
      throw new HFileFormatException("Cannot open HFile " + path + ": " + e, e);
    }
    return new HFileReader(BlockSource.of(stream, length, path.toString()));
  }

  /**
   * Reads an HFile of {@code length} bytes from {@code stream} by positioned reads; closing the
   * reader closes the stream. {@code name} is what errors call the file.
   */
  public static HFileReader open(FSDataInputStream stream, long length, String name) {
    return new HFileReader(BlockSource.of(Objects.requireNonNull(stream, "stream"), length, name));
  }

  /** Reads an HFile held in memory (a log data block's content); {@code name} is for errors. */
  public static HFileReader of(byte[] bytes, String name) {
    return new HFileReader(BlockSource.of(Objects.requireNonNull(bytes, "bytes"), name));
  }

  public String name() {
    return source.name();
  }

  /** Cells in the file (the trailer's entry count). */
  public long entryCount() {
    return trailer.entryCount();
  }

  public Compression compression() {
    return trailer.compression();
  }

  /** The cell comparator class the trailer names. */
  public String comparatorClassName() {
    return trailer.comparatorClassName();
  }

  public int dataBlockCount() {
    return dataBlocks.size();
  }

  /** Levels of the data block index: 1 for a root-only index. */
  public int indexLevels() {
    return trailer.numDataIndexLevels();
  }

  /** The file info entries, keys as UTF-8 text, in unsigned byte order of the keys. */
  public Map<String, byte[]> fileInfo() {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    fileInfo.forEach((k, v) -> entries.put(new String(k, StandardCharsets.UTF_8), v.clone()));
    return Collections.unmodifiableMap(entries);
  }

  public Optional<byte[]> fileInfo(String key) {
    return Optional.ofNullable(fileInfo.get(FileInfo.key(key))).map(byte[]::clone);
  }

  /** The names of the meta blocks, in the order they are stored (unsigned byte order). */
  public List<String> metaBlockNames() {
    List<String> names = new ArrayList<>();
    metaIndex.forEach(e -> names.add(new String(e.key(), StandardCharsets.UTF_8)));
    return names;
  }

  /** The content of the meta block {@code blockName} (the first, if several have the name). */
  public Optional<byte[]> metaBlock(String blockName) {
    byte[] key = blockName.getBytes(StandardCharsets.UTF_8);
    for (IndexEntry entry : metaIndex) {
      if (java.util.Arrays.equals(entry.key(), key)) {
        return Optional.of(blocks.read(entry, BlockType.META, "meta block " + blockName).content());
      }
    }
    return Optional.empty();
  }

  /** Every cell in key order. */
  public Iterator<HFileEntry> scan() {
    return new Scan(new Position(0, 0), null);
  }

  /** The cells whose keys start with {@code prefix}, in key order. */
  public Iterator<HFileEntry> scanPrefix(byte[] prefix) {
    return new Scan(seek(prefix), prefix.clone());
  }

  /**
   * The cells whose keys start with any of {@code prefixes}, in key order, each once: one forward
   * pass over the sorted prefixes, as Hudi 0.15's {@code
   * HoodieNativeAvroHFileReader.RecordByKeyPrefixIterator} makes it.
   */
  public List<HFileEntry> scanPrefixes(Collection<byte[]> prefixes) {
    List<HFileEntry> found = new ArrayList<>();
    Position at = null;
    for (byte[] prefix : sortedUnique(prefixes)) {
      if (at == null || (at.valid() && block(at.block).compareRow(at.offset, prefix) < 0)) {
        at = seek(prefix);
      }
      while (at.valid() && block(at.block).rowStartsWith(at.offset, prefix)) {
        found.add(block(at.block).entry(at.offset));
        at = at.next();
      }
    }
    return found;
  }

  /** The value stored under {@code key}. */
  public Optional<byte[]> get(byte[] key) {
    Position at = seek(key);
    if (at.valid() && block(at.block).compareRow(at.offset, key) == 0) {
      return Optional.of(block(at.block).value(at.offset));
    }
    return Optional.empty();
  }

  /**
   * The cells of the given keys that exist, in key order, one per key (the first cell of a repeated
   * key). The keys are looked up in ascending order, so each data block is read once.
   */
  public List<HFileEntry> getAll(Collection<byte[]> keys) {
    List<HFileEntry> found = new ArrayList<>();
    for (byte[] key : sortedUnique(keys)) {
      Position at = seek(key);
      if (at.valid() && block(at.block).compareRow(at.offset, key) == 0) {
        found.add(block(at.block).entry(at.offset));
      }
    }
    return found;
  }

  @Override
  public void close() {
    try {
      source.close();
    } catch (IOException e) {
      throw new HFileFormatException("Cannot close HFile " + source.name() + ": " + e, e);
    }
  }

  private static List<byte[]> sortedUnique(Collection<byte[]> keys) {
    TreeSet<byte[]> sorted = new TreeSet<>(Bytes::compare);
    sorted.addAll(keys);
    return new ArrayList<>(sorted);
  }

  /**
   * The first cell whose key is not below {@code key}: in the last block whose index key is not
   * above it, or the first cell of the next block (the index key of a block sorts after every key
   * of the block before it).
   */
  private Position seek(byte[] key) {
    if (dataBlocks.isEmpty()) {
      return new Position(0, 0);
    }
    int floor = Math.max(0, floorBlock(key));
    return new Position(floor, block(floor).seek(key));
  }

  /** The last data block whose index key is not above {@code key}, or -1. */
  private int floorBlock(byte[] key) {
    int low = 0;
    int high = firstRows.length - 1;
    int floor = -1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (Bytes.compare(firstRows[mid], key) <= 0) {
        floor = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return floor;
  }

  private DataBlock block(int index) {
    if (index != cachedBlock) {
      IndexEntry entry = dataBlocks.get(index);
      Block block = blocks.read(entry, BlockType.DATA, "data block " + index);
      cached =
          new DataBlock(
              block.content(),
              memstoreTimestamps,
              tags,
              source.name() + " data block at offset " + entry.offset());
      cachedBlock = index;
    }
    return cached;
  }

  private void closeQuietly() {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      // the open failure is what the caller needs to see
    }
  }

  /** A cell's place: data block and offset in its content; past the end when block is past. */
  private final class Position {
    final int block;
    final int offset;

    Position(int block, int offset) {
      int b = block;
      int o = offset;
      while (b < dataBlocks.size() && !block(b).hasCell(o)) {
        b++;
        o = 0;
      }
      this.block = b;
      this.offset = o;
    }

    boolean valid() {
      return block < dataBlocks.size();
    }

    Position next() {
      return new Position(block, block(block).next(offset));
    }
  }

  private final class Scan implements Iterator<HFileEntry> {
    private Position at;
    private final byte[] prefix;

    Scan(Position start, byte[] prefix) {
      this.at = start;
      this.prefix = prefix;
    }

    @Override
    public boolean hasNext() {
      return at.valid() && (prefix == null || block(at.block).rowStartsWith(at.offset, prefix));
    }

    @Override
    public HFileEntry next() {
      if (!hasNext()) {
        throw new NoSuchElementException("No more cells in HFile " + source.name());
      }
      HFileEntry entry = block(at.block).entry(at.offset);
      at = at.next();
      return entry;
    }
  }
}
