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
package io.hudibeam.log;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.StatusOpen;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads the blocks of a Hudi log file in order (Hudi 0.15's HoodieLogFormatReader, the framing
 * {@link LogFileWriter} writes), as Hudi 0.15's {@code HoodieLogFileReader} does: a block whose
 * length does not check out (its length runs past the end of the file, its reverse pointer differs,
 * or no magic follows it: the torn end of an append) is returned as a {@link
 * LogBlockType#CORRUPT_BLOCK} holding the bytes up to the next magic, and reading goes on from
 * there. Unlike Hudi, the check is also made on object stores (Hudi skips it for s3, s3a and gs). A
 * file that does not start a block with the magic, or a block whose parts do not add up to its
 * checked length, fails naming the file and offset.
 */
public final class LogFileReader implements Iterator<LogBlock>, AutoCloseable {
  private static final int MAX_METADATA_ENTRIES = 1024;
  private static final int MAGIC_LENGTH = LogFileWriter.MAGIC.length;

  private final Path path;
  private final long fileLength;
  private final FSDataInputStream in;
  private long position;

  private LogFileReader(Path path, long fileLength, FSDataInputStream in) {
    this.path = path;
    this.fileLength = fileLength;
    this.in = in;
  }

  public static LogFileReader open(Configuration conf, Path path) {
    Objects.requireNonNull(conf, "conf");
    Objects.requireNonNull(path, "path");
    try {
      FileSystem fs = path.getFileSystem(conf);
      // One status request: S3A's open would ask again (io.hudibeam.table.StatusOpen).
      FileStatus status = fs.getFileStatus(path);
      return new LogFileReader(path, status.getLen(), StatusOpen.open(fs, status));
    } catch (IOException e) {
      throw new HudiTableException("Cannot open log file " + path + ": " + e, e);
    }
  }

  /** All blocks of the log file {@code path}. */
  public static List<LogBlock> readAll(Configuration conf, Path path) {
    List<LogBlock> blocks = new ArrayList<>();
    try (LogFileReader reader = open(conf, path)) {
      reader.forEachRemaining(blocks::add);
    }
    return blocks;
  }

  public Path path() {
    return path;
  }

  @Override
  public boolean hasNext() {
    return position < fileLength;
  }

  @Override
  public LogBlock next() {
    if (!hasNext()) {
      throw new NoSuchElementException("No more blocks in log file " + path);
    }
    long start = position;
    try {
      if (start + MAGIC_LENGTH + Long.BYTES > fileLength || !isMagicAt(start)) {
        throw corrupt(start, "expected the magic #HUDI# at the start of a block");
      }
      long blockLength = readLong(start + MAGIC_LENGTH);
      long body = start + MAGIC_LENGTH + Long.BYTES;
      if (!lengthChecksOut(body, blockLength)) {
        return corruptBlock(start);
      }
      byte[] bytes = new byte[Math.toIntExact(blockLength)];
      in.readFully(body, bytes);
      position = body + blockLength;
      return parse(bytes, start, blockLength);
    } catch (EOFException e) {
      throw corrupt(start, "the file ends inside the block");
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot read log file " + path + " at offset " + start + ": " + e, e);
    }
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw new HudiTableException("Cannot close log file " + path + ": " + e, e);
    }
  }

  /**
   * Hudi's {@code isBlockCorrupted}: the reverse pointer matches and a magic or the end follows.
   */
  private boolean lengthChecksOut(long body, long blockLength) throws IOException {
    if (blockLength < 28 || body + blockLength > fileLength) {
      return false;
    }
    if (readLong(body + blockLength - Long.BYTES) - MAGIC_LENGTH != blockLength) {
      return false;
    }
    long next = body + blockLength;
    return next == fileLength || (next + MAGIC_LENGTH <= fileLength && isMagicAt(next));
  }

  /**
   * Hudi's {@code createCorruptBlock}: the bytes after the magic up to the next magic or the end.
   */
  private LogBlock corruptBlock(long start) throws IOException {
    long contentStart = start + MAGIC_LENGTH;
    long next = nextMagic(contentStart);
    byte[] content = new byte[Math.toIntExact(next - contentStart)];
    in.readFully(contentStart, content);
    position = next;
    return new LogBlock(LogBlockType.CORRUPT_BLOCK, Map.of(), content);
  }

  private long nextMagic(long from) throws IOException {
    byte[] buffer = new byte[64 * 1024];
    long offset = from;
    while (offset + MAGIC_LENGTH <= fileLength) {
      int length = (int) Math.min(buffer.length, fileLength - offset);
      in.readFully(offset, buffer, 0, length);
      for (int i = 0; i + MAGIC_LENGTH <= length; i++) {
        if (matchesMagic(buffer, i)) {
          return offset + i;
        }
      }
      if (offset + length >= fileLength) {
        break;
      }
      offset += length - (MAGIC_LENGTH - 1);
    }
    return fileLength;
  }

  private LogBlock parse(byte[] bytes, long start, long blockLength) throws IOException {
    DataInputStream data = new DataInputStream(new ByteArrayInputStream(bytes));
    int version = data.readInt();
    if (version != LogFileWriter.LOG_FORMAT_VERSION) {
      throw corrupt(
          start, "log format version " + version + "; only version 1 (Hudi 0.x and 1.x) is read");
    }
    LogBlockType type = LogBlockType.fromCode(data.readInt());
    Map<HeaderKey, String> header = readMetadata(data, start);
    long contentLength = data.readLong();
    if (contentLength < 0 || contentLength > data.available()) {
      throw corrupt(
          start, "content length " + contentLength + " exceeds the block length " + blockLength);
    }
    byte[] content = new byte[(int) contentLength];
    data.readFully(content);
    readMetadata(data, start); // the footer: Hudi defines no keys, so any entries are dropped
    data.readLong(); // the reverse pointer, checked before
    if (data.available() != 0) {
      throw corrupt(
          start, "the block's parts end " + data.available() + " bytes before its length says");
    }
    return new LogBlock(type, header, content);
  }

  private Map<HeaderKey, String> readMetadata(DataInputStream data, long start) throws IOException {
    int count = data.readInt();
    if (count < 0 || count > MAX_METADATA_ENTRIES) {
      throw corrupt(start, "header/footer entry count " + count);
    }
    Map<HeaderKey, String> metadata = new EnumMap<>(HeaderKey.class);
    for (int i = 0; i < count; i++) {
      HeaderKey key = HeaderKey.fromCode(data.readInt());
      int length = data.readInt();
      if (length < 0 || length > data.available()) {
        throw corrupt(start, "header " + key + " has length " + length + ", past the block's end");
      }
      byte[] value = new byte[length];
      data.readFully(value);
      metadata.put(key, new String(value, StandardCharsets.UTF_8));
    }
    return metadata;
  }

  private boolean isMagicAt(long offset) throws IOException {
    byte[] magic = new byte[MAGIC_LENGTH];
    in.readFully(offset, magic);
    return Arrays.equals(magic, LogFileWriter.MAGIC);
  }

  private static boolean matchesMagic(byte[] buffer, int i) {
    for (int k = 0; k < MAGIC_LENGTH; k++) {
      if (buffer[i + k] != LogFileWriter.MAGIC[k]) {
        return false;
      }
    }
    return true;
  }

  private long readLong(long offset) throws IOException {
    byte[] bytes = new byte[Long.BYTES];
    in.readFully(offset, bytes);
    long v = 0;
    for (byte b : bytes) {
      v = (v << 8) | (b & 0xff);
    }
    return v;
  }

  private LogFormatException corrupt(long offset, String what) {
    return new LogFormatException(
        "Log file " + path + " has a corrupt block at offset " + offset + ": " + what);
  }
}
