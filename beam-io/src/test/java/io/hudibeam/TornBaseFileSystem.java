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
package io.hudibeam;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system on which the n-th base file ({@code *.parquet} outside {@code .hoodie}) of a
 * registered id is torn: its first bytes reach the disk, then every further write fails, as when a
 * worker dies in the middle of a file. Installed with {@link #configuration}; the count is found by
 * id because workers make their own uncached instances.
 */
public final class TornBaseFileSystem extends LocalFileSystem {
  static final String ID = "hudibeam.test.torn.id";
  static final String BYTES = "hudibeam.test.torn.bytes";
  private static final Map<String, AtomicInteger> REMAINING = new ConcurrentHashMap<>();

  static Map<String, String> configuration(String id, int n, int bytesWritten) {
    REMAINING.put(id, new AtomicInteger(n));
    return Map.of(
        "fs.file.impl",
        TornBaseFileSystem.class.getName(),
        "fs.file.impl.disable.cache",
        "true",
        ID,
        id,
        BYTES,
        String.valueOf(bytesWritten));
  }

  static void unregister(String id) {
    REMAINING.remove(id);
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    FSDataOutputStream out =
        super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    String id = getConf() == null ? null : getConf().get(ID);
    AtomicInteger remaining = id == null ? null : REMAINING.get(id);
    if (remaining != null
        && f.getName().endsWith(".parquet")
        && !f.toString().contains("/.hoodie/")
        && remaining.decrementAndGet() == 0) {
      return new FSDataOutputStream(new Torn(out, getConf().getInt(BYTES, 0), f), null);
    }
    return out;
  }

  /** Passes the first bytes through (flushed to disk), then fails every write. */
  private static final class Torn extends OutputStream {
    private final FSDataOutputStream out;
    private final Path path;
    private long left;

    Torn(FSDataOutputStream out, int bytes, Path path) {
      this.out = out;
      this.left = bytes;
      this.path = path;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len > left) {
        out.write(b, off, (int) left);
        left = 0;
        out.hflush();
        throw new IOException("injected failure mid-file " + path);
      }
      out.write(b, off, len);
      left -= len;
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
