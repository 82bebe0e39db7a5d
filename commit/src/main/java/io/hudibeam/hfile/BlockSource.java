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

import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;

/** Positioned reads of an HFile's bytes, from a Hadoop stream or a byte array. */
interface BlockSource extends AutoCloseable {
  /** The file's path, or the name given to a byte array: what errors name. */
  String name();

  long length();

  /** Reads exactly {@code length} bytes at {@code position}. */
  void readFully(long position, byte[] buf, int offset, int length) throws IOException;

  @Override
  void close() throws IOException;

  default byte[] read(long position, int length) throws IOException {
    byte[] buf = new byte[length];
    readFully(position, buf, 0, length);
    return buf;
  }

  static BlockSource of(byte[] bytes, String name) {
    return new BlockSource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long length() {
        return bytes.length;
      }

      @Override
      public void readFully(long position, byte[] buf, int offset, int length) throws IOException {
        if (position < 0 || position + length > bytes.length) {
          throw new EOFException(
              "read of "
                  + length
                  + " bytes at "
                  + position
                  + " past the end ("
                  + bytes.length
                  + ")");
        }
        System.arraycopy(bytes, (int) position, buf, offset, length);
      }

      @Override
      public void close() {}
    };
  }

  /** Reads through {@code stream}'s positioned reads; closing the source closes the stream. */
  static BlockSource of(FSDataInputStream stream, long length, String name) {
    return new BlockSource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long length() {
        return length;
      }

      @Override
      public void readFully(long position, byte[] buf, int offset, int len) throws IOException {
        if (position < 0 || position + len > length) {
          throw new EOFException(
              "read of " + len + " bytes at " + position + " past the end (" + length + ")");
        }
        stream.readFully(position, buf, offset, len);
      }

      @Override
      public void close() throws IOException {
        stream.close();
      }
    };
  }
}
