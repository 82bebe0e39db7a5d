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
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes one new Hudi log file, block by block, with Hudi's framing (Hudi 0.15's
 * HoodieLogFormatWriter, {@code HoodieLogFormatWriter.appendBlocks}): magic {@code #HUDI#}, long
 * block length, int log format version 1, int block type, header, long content length, content,
 * empty footer, and the long reverse pointer (block length + 6).
 *
 * <p>The file is always created, never appended to: {@link #create} fails if it exists. The caller
 * names it ({@code LogFileName} for a file slice, the archive name for {@code .hoodie/archived})
 * with a write token unique to its attempt, and writes the marker first. Not thread-safe.
 */
public final class LogFileWriter {
  static final byte[] MAGIC = "#HUDI#".getBytes(StandardCharsets.US_ASCII);

  /** {@code HoodieLogFormat.CURRENT_VERSION}. */
  static final int LOG_FORMAT_VERSION = 1;

  private final FileSystem fs;
  private final Path path;
  private final FSDataOutputStream stream;
  private final DataOutputStream out;
  private long bytesWritten;
  private int blocks;
  private long records;
  private long deletes;
  private boolean closed;

  private LogFileWriter(FileSystem fs, Path path, FSDataOutputStream stream) {
    this.fs = fs;
    this.path = path;
    this.stream = stream;
    this.out = new DataOutputStream(stream);
  }

  /** Creates the log file {@code path}; fails if it exists. */
  public static LogFileWriter create(Configuration conf, Path path) {
    Objects.requireNonNull(conf, "conf");
    Objects.requireNonNull(path, "path");
    try {
      FileSystem fs = path.getFileSystem(conf);
      return new LogFileWriter(fs, path, fs.create(path, false));
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot create log file " + path + " (it must not exist yet): " + e, e);
    }
  }

  public Path path() {
    return path;
  }

  /** Bytes written so far: the file's length once closed. */
  public long bytesWritten() {
    return bytesWritten;
  }

  /** Appends one block. */
  public void append(LogBlock block) {
    if (closed) {
      throw new IllegalStateException("Log file " + path + " is closed");
    }
    byte[] header = metadataBytes(block.header());
    byte[] footer = metadataBytes(Map.of());
    byte[] content = block.contentBytes();
    long blockLength = 4L + 4L + header.length + 8L + content.length + footer.length + 8L;
    try {
      out.write(MAGIC);
      out.writeLong(blockLength);
      out.writeInt(LOG_FORMAT_VERSION);
      out.writeInt(block.type().code());
      out.write(header);
      out.writeLong(content.length);
      out.write(content);
      out.write(footer);
      out.writeLong(MAGIC.length + 8L + blockLength - 8L);
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot write a " + block.type() + " to log file " + path + ": " + e, e);
    }
    bytesWritten += MAGIC.length + 8L + blockLength;
    blocks++;
    if (block.type() == LogBlockType.AVRO_DATA_BLOCK
        || block.type() == LogBlockType.HFILE_DATA_BLOCK) {
      records += block.entryCount();
    } else if (block.type() == LogBlockType.DELETE_BLOCK) {
      deletes += block.entryCount();
    }
  }

  /** Flushes and closes the file and reports what it holds. On failure call {@link #abort()}. */
  public LogFileResult close() {
    if (closed) {
      throw new IllegalStateException("Log file " + path + " is already closed");
    }
    closed = true;
    try {
      out.flush();
      stream.close();
      long size = fs.getFileStatus(path).getLen();
      if (size != bytesWritten) {
        throw new HudiTableException(
            "Log file "
                + path
                + " has "
                + size
                + " bytes after close, but "
                + bytesWritten
                + " were written");
      }
      return new LogFileResult(path, size, blocks, records, deletes);
    } catch (IOException e) {
      throw new HudiTableException("Cannot close log file " + path + ": " + e, e);
    }
  }

  /** Closes the file, whatever it holds, and deletes it. */
  public void abort() {
    if (!closed) {
      closed = true;
      try {
        stream.close();
      } catch (IOException | RuntimeException e) {
        // deleted below
      }
    }
    try {
      fs.delete(path, false);
    } catch (IOException e) {
      throw new HudiTableException("Cannot delete aborted log file " + path + ": " + e, e);
    }
  }

  /**
   * A header or footer map as {@code HoodieLogBlock.getLogMetadataBytes}: int count, then per entry
   * int key ordinal, int byte length, UTF-8 bytes.
   */
  static byte[] metadataBytes(Map<HeaderKey, String> metadata) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream data = new DataOutputStream(bytes);
    try {
      data.writeInt(metadata.size());
      for (Map.Entry<HeaderKey, String> entry : metadata.entrySet()) {
        byte[] value = entry.getValue().getBytes(StandardCharsets.UTF_8);
        data.writeInt(entry.getKey().code());
        data.writeInt(value.length);
        data.write(value);
      }
      data.flush();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return bytes.toByteArray();
  }
}
