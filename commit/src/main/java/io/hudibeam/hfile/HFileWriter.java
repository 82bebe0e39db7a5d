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
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes an HFile version 3 as HBase 2.4's {@code HFileWriterImpl} writes it for Hudi 0.15 and 1.0
 * ({@code HoodieAvroHFileWriter} for metadata-table base files, {@code
 * HFileUtils.serializeRecordsToLogBlock} for HFile log data blocks), byte for byte for the same
 * input.
 *
 * <p>Layout: data blocks (and, for a large file, leaf index blocks among them), meta blocks in name
 * order, intermediate index blocks if any, then the load-on-open section (root data index, meta
 * index, file info) and the 4096-byte {@link Trailer}. Keys are added in unsigned byte order
 * ({@code HoodieHBaseKVComparator} is HBase's {@code CellComparatorImpl}, which orders rows so); an
 * equal key may follow (HBase allows it: Hudi 0.15 writes one cell per record of a repeated key in
 * a log block, Hudi 1.0 in secondary-index base files) and never starts a new block. A data block
 * is closed before the next new key once its cells take {@link HFileSettings#blockSize()} bytes
 * uncompressed ({@code checkBlockBoundary}).
 *
 * <p>Not thread-safe. {@link #close()} finishes the file; {@link #abort()} drops it.
 */
public final class HFileWriter {
  private final HFileSettings settings;
  private final String name;
  private final OutputStream out;
  private final Runnable closeAction;
  private final Runnable abortAction;
  private final ByteArrayOutputStream memory;
  private final DataIndexWriter dataIndex;
  private final long[] lastOffsetByType = new long[BlockType.values().length];
  private final SortedMap<byte[], byte[]> fileInfo = FileInfo.newMap();
  private final List<String> metaNames = new ArrayList<>();
  private final List<byte[]> metaContents = new ArrayList<>();
  private final ByteArrayOutputStream block = new ByteArrayOutputStream();
  private final BlockSink sink = this::writeBlock;

  private long position;
  private boolean writingBlock;
  private byte[] firstKeyInBlock;
  private byte[] lastKey;
  private byte[] lastKeyOfPreviousBlock;
  private long entryCount;
  private long totalKeyLength;
  private long totalValueLength;
  private long totalUncompressedBytes;
  private long firstDataBlockOffset = -1;
  private long lastDataBlockOffset = -1;
  private boolean closed;
  private String comparatorClassName = Trailer.HUDI_COMPARATOR;

  private HFileWriter(
      HFileSettings settings,
      String name,
      OutputStream out,
      ByteArrayOutputStream memory,
      Runnable closeAction,
      Runnable abortAction) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.name = name;
    this.out = out;
    this.memory = memory;
    this.closeAction = closeAction;
    this.abortAction = abortAction;
    this.dataIndex = new DataIndexWriter(settings.maxIndexChunkSize());
    java.util.Arrays.fill(lastOffsetByType, -1L);
  }

  /** Creates the HFile {@code path} (which must not exist) and writes to it. */
  public static HFileWriter create(Configuration conf, Path path, HFileSettings settings) {
    Objects.requireNonNull(path, "path");
    FileSystem fs;
    FSDataOutputStream stream;
    try {
      fs = path.getFileSystem(conf);
      stream = fs.create(path, false);
    } catch (IOException e) {
      throw new HFileFormatException(
          "Cannot create HFile " + path + " (it must not exist yet): " + e, e);
    }
    Runnable close =
        () -> {
          try {
            stream.close();
          } catch (IOException e) {
            throw new HFileFormatException("Cannot close HFile " + path + ": " + e, e);
          }
        };
    Runnable abort =
        () -> {
          try {
            stream.close();
          } catch (IOException | RuntimeException e) {
            // deleted below
          }
          try {
            fs.delete(path, false);
          } catch (IOException e) {
            throw new HFileFormatException("Cannot delete aborted HFile " + path + ": " + e, e);
          }
        };
    return new HFileWriter(settings, path.toString(), stream, null, close, abort);
  }

  /**
   * Writes an HFile to {@code stream} from its current position on; offsets in the file count from
   * there. The caller owns the stream: {@link #close()} flushes but does not close it (as HBase's
   * writer does for a stream it was given).
   */
  public static HFileWriter toStream(OutputStream stream, String name, HFileSettings settings) {
    Objects.requireNonNull(stream, "stream");
    Runnable flush =
        () -> {
          try {
            stream.flush();
          } catch (IOException e) {
            throw new HFileFormatException("Cannot flush HFile " + name + ": " + e, e);
          }
        };
    return new HFileWriter(settings, name, stream, null, flush, () -> {});
  }

  /** Writes an HFile into memory (a log data block's content); see {@link #toByteArray()}. */
  public static HFileWriter inMemory(HFileSettings settings) {
    ByteArrayOutputStream memory = new ByteArrayOutputStream();
    return new HFileWriter(settings, "HFile in memory", memory, memory, () -> {}, () -> {});
  }

  /**
   * Names another cell comparator class in the trailer than the metadata table's ({@code
   * org.apache.hudi.io.storage.HoodieHBaseKVComparator}): Hudi's bootstrap index names {@code
   * org.apache.hudi.common.bootstrap.index.HFileBootstrapIndex$HoodieKVComparator} (0.15.0 and
   * 1.0.2, {@code HFileBootstrapIndexWriter.begin}). Either is HBase's {@code CellComparatorImpl}
   * under another name, so the key order is the same. Call before {@link #close()}.
   */
  public HFileWriter withComparatorClassName(String className) {
    requireOpen();
    this.comparatorClassName = Objects.requireNonNull(className, "className");
    return this;
  }

  /**
   * Appends a cell. {@code key} must not sort before the previous key (unsigned byte order).
   *
   * @throws IllegalArgumentException naming both keys if it does
   */
  public void append(byte[] key, byte[] value) {
    requireOpen();
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    if (key.length > CellKeys.MAX_ROW_LENGTH) {
      throw new IllegalArgumentException(
          "HFile key of " + key.length + " bytes; an HBase row key holds at most 32767");
    }
    boolean duplicate = false;
    if (lastKey != null) {
      int order = Bytes.compare(lastKey, key);
      if (order > 0) {
        throw new IllegalArgumentException(
            "HFile "
                + name
                + ": key '"
                + printable(key)
                + "' sorts before the previous key '"
                + printable(lastKey)
                + "'; keys must be added in unsigned byte order");
      }
      duplicate = order == 0;
    }
    if (!duplicate && writingBlock && block.size() >= settings.blockSize()) {
      finishDataBlock();
      dataIndex.writeInlineBlocks(sink, false);
    }
    if (!writingBlock) {
      writingBlock = true;
      block.reset();
      firstKeyInBlock = null;
      if (lastKey != null) {
        lastKeyOfPreviousBlock = lastKey;
      }
    }
    CellKeys.writeCell(block, key, value);
    totalKeyLength += key.length + CellKeys.KEY_INFRASTRUCTURE_SIZE;
    totalValueLength += value.length;
    if (firstKeyInBlock == null) {
      firstKeyInBlock = key.clone();
    }
    lastKey = key.clone();
    entryCount++;
  }

  /**
   * Adds a file info entry (HBase's {@code appendFileInfo}); a later value for the same key
   * replaces the earlier one. Keys starting with {@code hfile.} are HBase's own.
   */
  public void appendFileInfo(String key, byte[] value) {
    requireOpen();
    Objects.requireNonNull(value, "value");
    if (key.startsWith(FileInfo.RESERVED_PREFIX)) {
      throw new IllegalArgumentException(
          "File info key '" + key + "': keys starting with 'hfile.' are reserved to HBase");
    }
    fileInfo.put(FileInfo.key(key), value.clone());
  }

  /**
   * Adds a meta block, written after the data blocks; meta blocks are kept in unsigned byte order
   * of their names, a repeated name after the earlier ones (HBase's {@code appendMetaBlock}).
   */
  public void appendMetaBlock(String blockName, byte[] content) {
    requireOpen();
    Objects.requireNonNull(content, "content");
    byte[] key = blockName.getBytes(StandardCharsets.UTF_8);
    int i = 0;
    while (i < metaNames.size()
        && Bytes.compare(metaNames.get(i).getBytes(StandardCharsets.UTF_8), key) <= 0) {
      i++;
    }
    metaNames.add(i, blockName);
    metaContents.add(i, content.clone());
  }

  /** Cells appended so far. */
  public long entryCount() {
    return entryCount;
  }

  /** Bytes written so far; the file's length once closed. */
  public long bytesWritten() {
    return position;
  }

  /** Writes the last data block, the meta blocks, the index, the file info and the trailer. */
  public void close() {
    requireOpen();
    finishDataBlock();
    dataIndex.writeInlineBlocks(sink, true);
    IndexChunk metaIndex = new IndexChunk();
    for (int i = 0; i < metaNames.size(); i++) {
      BlockSink.Written meta = writeBlock(BlockType.META, metaContents.get(i), true);
      metaIndex.add(
          metaNames.get(i).getBytes(StandardCharsets.UTF_8),
          meta.offset(),
          meta.onDiskSizeWithHeader());
    }
    long loadOnOpen = dataIndex.writeIndexBlocks(sink);
    writeBlock(BlockType.ROOT_INDEX, metaIndex.rootBytes(), true);
    fileInfo.put(FileInfo.key(FileInfo.MAX_MEMSTORE_TS_KEY), Bytes.ofLong(0));
    fileInfo.put(
        FileInfo.key(FileInfo.KEY_VALUE_VERSION),
        Bytes.ofInt(FileInfo.KEY_VALUE_VERSION_WITH_MEMSTORE));
    long fileInfoOffset = position;
    if (lastKey != null) {
      fileInfo.put(
          FileInfo.key(FileInfo.LAST_KEY), CellKeys.keyValueKey(lastKey, CellKeys.TYPE_PUT));
    }
    fileInfo.put(
        FileInfo.key(FileInfo.AVG_KEY_LEN),
        Bytes.ofInt(entryCount == 0 ? 0 : (int) (totalKeyLength / entryCount)));
    fileInfo.put(FileInfo.key(FileInfo.CREATE_TIME_TS), Bytes.ofLong(0));
    fileInfo.put(
        FileInfo.key(FileInfo.AVG_VALUE_LEN),
        Bytes.ofInt(entryCount == 0 ? 0 : (int) (totalValueLength / entryCount)));
    writeBlock(BlockType.FILE_INFO, FileInfo.encode(fileInfo), true);
    Trailer trailer =
        new Trailer(
            fileInfoOffset,
            loadOnOpen,
            dataIndex.uncompressedSize(),
            totalUncompressedBytes + Trailer.SIZE,
            dataIndex.rootEntries(),
            metaNames.size(),
            entryCount,
            dataIndex.levels(),
            firstDataBlockOffset,
            lastDataBlockOffset,
            comparatorClassName,
            settings.compression(),
            Trailer.MAJOR_VERSION,
            Trailer.MINOR_VERSION);
    write(trailer.encode());
    closed = true;
    closeAction.run();
  }

  /** The file's bytes, for a writer made by {@link #inMemory} once it is closed. */
  public byte[] toByteArray() {
    if (memory == null) {
      throw new IllegalStateException("HFile " + name + " is not written into memory");
    }
    if (!closed) {
      throw new IllegalStateException("HFile " + name + " is not closed yet");
    }
    return memory.toByteArray();
  }

  /** Stops writing; a file this writer created is deleted. */
  public void abort() {
    closed = true;
    abortAction.run();
  }

  private void finishDataBlock() {
    if (!writingBlock || block.size() == 0) {
      return;
    }
    writingBlock = false;
    BlockSink.Written written = writeBlock(BlockType.DATA, block.toByteArray(), true);
    if (firstDataBlockOffset == -1) {
      firstDataBlockOffset = written.offset();
    }
    lastDataBlockOffset = written.offset();
    dataIndex.addDataBlock(
        CellKeys.indexKey(lastKeyOfPreviousBlock, firstKeyInBlock),
        written.offset(),
        written.onDiskSizeWithHeader());
  }

  private BlockSink.Written writeBlock(BlockType type, byte[] content, boolean countInTotal) {
    long offset = position;
    byte[] bytes =
        Block.encode(
            type,
            content,
            content.length,
            lastOffsetByType[type.id()],
            settings.compression(),
            settings.bytesPerChecksum());
    write(bytes);
    lastOffsetByType[type.id()] = offset;
    if (countInTotal) {
      totalUncompressedBytes += BlockHeader.SIZE + content.length;
    }
    return new BlockSink.Written(offset, bytes.length, content.length);
  }

  private void write(byte[] bytes) {
    try {
      out.write(bytes);
    } catch (IOException e) {
      throw new HFileFormatException(
          "Cannot write HFile " + name + " at offset " + position + ": " + e, e);
    }
    position += bytes.length;
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("HFile " + name + " is closed");
    }
  }

  static String printable(byte[] key) {
    String text = new String(key, StandardCharsets.UTF_8);
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }
}
