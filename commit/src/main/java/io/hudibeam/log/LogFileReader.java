package io.hudibeam.log;

import io.hudibeam.table.HudiTableException;
import java.io.BufferedInputStream;
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
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads the blocks of a Hudi log file in order (hudi-format.md section 12.2, the framing {@link
 * LogFileWriter} writes and Hudi's {@code HoodieLogFileReader} reads). Every block's length is checked
 * against its parts and its reverse pointer.
 *
 * <p>Deviation from Hudi: Hudi's reader skips a block whose length check fails (a "corrupt block",
 * e.g. the torn end of an append on HDFS) and scans on to the next magic; this reader fails, naming
 * the file and offset, since HudiIO never appends and a torn log file of ours is never committed.
 */
public final class LogFileReader implements Iterator<LogBlock>, AutoCloseable {
  private static final int MAX_METADATA_ENTRIES = 1024;

  private final Path path;
  private final long fileLength;
  private final DataInputStream in;
  private long position;

  private LogFileReader(Path path, long fileLength, DataInputStream in) {
    this.path = path;
    this.fileLength = fileLength;
    this.in = in;
  }

  public static LogFileReader open(Configuration conf, Path path) {
    Objects.requireNonNull(conf, "conf");
    Objects.requireNonNull(path, "path");
    try {
      FileSystem fs = path.getFileSystem(conf);
      long length = fs.getFileStatus(path).getLen();
      return new LogFileReader(path, length, new DataInputStream(new BufferedInputStream(fs.open(path), 1 << 16)));
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
      byte[] magic = new byte[LogFileWriter.MAGIC.length];
      readFully(magic);
      if (!Arrays.equals(magic, LogFileWriter.MAGIC)) {
        throw corrupt(start, "expected the magic #HUDI#, found bytes " + Arrays.toString(magic));
      }
      long blockLength = readLong();
      long end = position + blockLength;
      if (blockLength < 28 || end > fileLength) {
        throw corrupt(start, "block length " + blockLength + " does not fit the file (" + fileLength + " bytes)");
      }
      int version = readInt();
      if (version != LogFileWriter.LOG_FORMAT_VERSION) {
        throw corrupt(start, "log format version " + version + "; only version 1 (Hudi 0.x and 1.x) is read");
      }
      LogBlockType type = LogBlockType.fromCode(readInt());
      Map<HeaderKey, String> header = readMetadata(start, end);
      long contentLength = readLong();
      if (contentLength < 0 || position + contentLength > end - 12) {
        throw corrupt(start, "content length " + contentLength + " exceeds the block length " + blockLength);
      }
      byte[] content = new byte[(int) contentLength];
      readFully(content);
      readMetadata(start, end); // the footer: Hudi defines no keys, so any entries are dropped
      long reversePointer = readLong();
      if (position != end) {
        throw corrupt(start, "the block's parts end at " + position + ", but its length says " + end);
      }
      if (reversePointer != blockLength + LogFileWriter.MAGIC.length) {
        throw corrupt(start, "reverse pointer " + reversePointer + ", expected block length + 6 = "
            + (blockLength + LogFileWriter.MAGIC.length));
      }
      return new LogBlock(type, header, content);
    } catch (EOFException e) {
      throw corrupt(start, "the file ends inside the block");
    } catch (IOException e) {
      throw new HudiTableException("Cannot read log file " + path + " at offset " + start + ": " + e, e);
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

  private Map<HeaderKey, String> readMetadata(long start, long end) throws IOException {
    int count = readInt();
    if (count < 0 || count > MAX_METADATA_ENTRIES) {
      throw corrupt(start, "header/footer entry count " + count);
    }
    Map<HeaderKey, String> metadata = new EnumMap<>(HeaderKey.class);
    for (int i = 0; i < count; i++) {
      HeaderKey key = HeaderKey.fromCode(readInt());
      int length = readInt();
      if (length < 0 || position + length > end) {
        throw corrupt(start, "header " + key + " has length " + length + ", past the block's end");
      }
      byte[] value = new byte[length];
      readFully(value);
      metadata.put(key, new String(value, StandardCharsets.UTF_8));
    }
    return metadata;
  }

  private LogFormatException corrupt(long offset, String what) {
    return new LogFormatException("Log file " + path + " has a corrupt block at offset " + offset + ": " + what);
  }

  private void readFully(byte[] bytes) throws IOException {
    in.readFully(bytes);
    position += bytes.length;
  }

  private long readLong() throws IOException {
    long v = in.readLong();
    position += 8;
    return v;
  }

  private int readInt() throws IOException {
    int v = in.readInt();
    position += 4;
    return v;
  }
}
