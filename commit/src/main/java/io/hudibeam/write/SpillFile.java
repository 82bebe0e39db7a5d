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
package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

/**
 * The local file {@link SpillableRecordMap} spills records to: each record appended as its length,
 * its key, its partition path, its operation and its payload in the write schema's encoding (a
 * delete keeps no payload), read back by offset or all in order. Created in its folder at the first
 * record, deleted on {@link #close}.
 */
final class SpillFile implements AutoCloseable {
  private static final byte NO_PAYLOAD = 0;
  private static final byte PAYLOAD = 1;
  private static final byte DELETE_ORDERING_VALUE = 2;

  private final File folder;
  private final RecordEncoding encoding;
  private final String description;
  private File file;
  private DataOutputStream out;
  private boolean unflushed;
  private long bytes;
  private RandomAccessFile reader;
  private byte[] readBuffer = new byte[256];

  /**
   * @param description what the file holds, for error messages (whose records, over which budget)
   */
  SpillFile(File folder, RecordEncoding encoding, String description) {
    this.folder = Objects.requireNonNull(folder, "folder");
    this.encoding = Objects.requireNonNull(encoding, "encoding");
    this.description = Objects.requireNonNull(description, "description");
  }

  /**
   * Appends a record (the file is created at the first); returns its offset.
   *
   * @param payload the record's data in the write schema's encoding, or null (a delete)
   */
  long append(TableRecord record, byte[] payload) {
    byte kind = payload == null ? NO_PAYLOAD : PAYLOAD;
    if (payload == null && record.deleteOrderingValue().isPresent()) {
      kind = DELETE_ORDERING_VALUE;
      payload =
          io.hudibeam.log.DeleteRecord.of(
                  record.recordKey(), record.partitionPath(), record.deleteOrderingValue().get())
              .toBytes();
    }
    try {
      if (out == null) {
        if (!folder.isDirectory() && !folder.mkdirs() && !folder.isDirectory()) {
          throw new IOException("folder " + folder + " does not exist and cannot be created");
        }
        file = File.createTempFile("hudi-merge-", ".spill", folder);
        out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file), 1 << 16));
      }
      byte[] key = record.recordKey().getBytes(StandardCharsets.UTF_8);
      byte[] partition = record.partitionPath().getBytes(StandardCharsets.UTF_8);
      int length =
          4 + key.length + 4 + partition.length + 1 + 1 + (payload == null ? 0 : payload.length);
      out.writeInt(length);
      out.writeInt(key.length);
      out.write(key);
      out.writeInt(partition.length);
      out.write(partition);
      out.writeByte(record.operation().ordinal());
      out.writeByte(kind);
      if (payload != null) {
        out.write(payload);
      }
      unflushed = true;
      long offset = bytes;
      bytes += 4 + length;
      return offset;
    } catch (IOException e) {
      throw failure("write", e);
    }
  }

  /** The record appended at the offset. */
  TableRecord readAt(long offset) {
    flush();
    try {
      if (reader == null) {
        reader = new RandomAccessFile(file, "r");
      }
      reader.seek(offset);
      int length = reader.readInt();
      if (readBuffer.length < length) {
        readBuffer = new byte[Math.max(length, readBuffer.length * 2)];
      }
      reader.readFully(readBuffer, 0, length);
      return decode(readBuffer, length);
    } catch (IOException e) {
      throw failure("read back", e);
    }
  }

  /**
   * Reads the first {@code count} records in the order they were appended and gives those {@code
   * wanted} (by their position) to the action; the others are skipped undecoded.
   */
  void forEachInOrder(int count, IntPredicate wanted, Consumer<TableRecord> action) {
    if (count == 0) {
      return;
    }
    flush();
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(new FileInputStream(file), 1 << 16))) {
      for (int i = 0; i < count; i++) {
        int length = in.readInt();
        byte[] record = new byte[length];
        in.readFully(record);
        if (wanted.test(i)) {
          action.accept(decode(record, length));
        }
      }
    } catch (IOException e) {
      throw failure("read back", e);
    }
  }

  @Override
  public void close() {
    try {
      if (out != null) {
        out.close();
      }
      if (reader != null) {
        reader.close();
      }
    } catch (IOException e) {
      // The file is deleted below.
    } finally {
      if (file != null && !file.delete() && file.exists()) {
        throw new HudiTableException("Cannot delete spill file " + file + " " + description);
      }
    }
  }

  private TableRecord decode(byte[] record, int length) {
    ByteBuffer in = ByteBuffer.wrap(record, 0, length);
    String key = utf8(in, in.getInt());
    String partition = utf8(in, in.getInt());
    RecordOperation operation = RecordOperation.values()[in.get()];
    RecordPayload payload = null;
    byte kind = in.get();
    if (kind == DELETE_ORDERING_VALUE) {
      byte[] encoded = new byte[in.remaining()];
      in.get(encoded);
      return TableRecord.deleteWithOrderingValue(
          key,
          partition,
          io.hudibeam.log.DeleteRecord.fromBytes(encoded).orderingValue().orElseThrow());
    }
    if (kind == PAYLOAD) {
      byte[] encoded = new byte[in.remaining()];
      in.get(encoded);
      payload = encoding.payload(encoded);
    }
    return TableRecord.of(key, partition, operation, payload);
  }

  private static String utf8(ByteBuffer in, int length) {
    String value = new String(in.array(), in.position(), length, StandardCharsets.UTF_8);
    in.position(in.position() + length);
    return value;
  }

  private void flush() {
    if (unflushed) {
      try {
        out.flush();
      } catch (IOException e) {
        throw failure("write", e);
      }
      unflushed = false;
    }
  }

  private HudiTableException failure(String what, IOException e) {
    return new HudiTableException(
        "Cannot " + what + " the spill file " + file + " " + description + ": " + e, e);
  }
}
