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

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hudi.common.util.io.ByteBufferBackedInputStream;
import org.apache.hudi.io.ByteArraySeekableDataInputStream;
import org.apache.hudi.io.hfile.HFileReaderImpl;
import org.apache.hudi.io.hfile.UTF8StringKey;

/**
 * The two HFile readers Hudi 0.15 has, at the level of cells: its own native reader ({@code
 * org.apache.hudi.io.hfile.HFileReaderImpl}, hudi-io) and HBase 2.4's reader, which Hudi's {@code
 * HoodieHBaseAvroHFileReader} wraps (and which checks every block's checksum).
 */
final class HudiHFiles {
  static final Configuration CONF = new Configuration();

  private HudiHFiles() {}

  static org.apache.hudi.io.hfile.HFileReader hudiNative(byte[] bytes) {
    return new HFileReaderImpl(
        new ByteArraySeekableDataInputStream(new ByteBufferBackedInputStream(bytes)), bytes.length);
  }

  /** Every cell, in order, as Hudi's native reader returns it. */
  static List<HFileEntry> scanWithHudiNative(byte[] bytes) throws IOException {
    List<HFileEntry> cells = new ArrayList<>();
    try (org.apache.hudi.io.hfile.HFileReader reader = hudiNative(bytes)) {
      if (reader.seekTo()) {
        do {
          org.apache.hudi.io.hfile.KeyValue kv = reader.getKeyValue().get();
          cells.add(
              new HFileEntry(
                  Arrays.copyOfRange(
                      kv.getBytes(),
                      kv.getKeyContentOffset(),
                      kv.getKeyContentOffset() + kv.getKeyContentLength()),
                  Arrays.copyOfRange(
                      kv.getBytes(),
                      kv.getValueOffset(),
                      kv.getValueOffset() + kv.getValueLength())));
        } while (reader.next());
      }
    }
    return cells;
  }

  /** The values Hudi's native reader finds for {@code sortedKeys} (seekTo, one forward pass). */
  static List<Optional<byte[]>> lookupWithHudiNative(byte[] bytes, List<byte[]> sortedKeys)
      throws IOException {
    List<Optional<byte[]>> found = new ArrayList<>();
    try (org.apache.hudi.io.hfile.HFileReader reader = hudiNative(bytes)) {
      reader.seekTo();
      for (byte[] key : sortedKeys) {
        if (reader.seekTo(new UTF8StringKey(key))
            == org.apache.hudi.io.hfile.HFileReader.SEEK_TO_FOUND) {
          org.apache.hudi.io.hfile.KeyValue kv = reader.getKeyValue().get();
          found.add(
              Optional.of(
                  Arrays.copyOfRange(
                      kv.getBytes(),
                      kv.getValueOffset(),
                      kv.getValueOffset() + kv.getValueLength())));
        } else {
          found.add(Optional.empty());
        }
      }
    }
    return found;
  }

  static Optional<byte[]> fileInfoWithHudiNative(byte[] bytes, String key) throws IOException {
    try (org.apache.hudi.io.hfile.HFileReader reader = hudiNative(bytes)) {
      return Optional.ofNullable(reader.getMetaInfo(new UTF8StringKey(key)).orElse(null));
    }
  }

  static Optional<byte[]> metaBlockWithHudiNative(byte[] bytes, String name) throws IOException {
    try (org.apache.hudi.io.hfile.HFileReader reader = hudiNative(bytes)) {
      ByteBuffer block = reader.getMetaBlock(name).orElse(null);
      if (block == null) {
        return Optional.empty();
      }
      byte[] out = new byte[block.remaining()];
      block.get(out);
      return Optional.of(out);
    }
  }

  static HFile.Reader hbase(File file) throws IOException {
    Path path = new Path(file.toURI());
    FileSystem fs = path.getFileSystem(CONF);
    return HFile.createReader(fs, path, CacheConfig.DISABLED, true, CONF);
  }

  static File toFile(byte[] bytes, File folder, String name) throws IOException {
    File file = new File(folder, name);
    Files.write(file.toPath(), bytes);
    return file;
  }

  /** Every cell, in order, as HBase's reader returns it. */
  static List<HFileEntry> scanWithHBase(File file) throws IOException {
    List<HFileEntry> cells = new ArrayList<>();
    try (HFile.Reader reader = hbase(file)) {
      HFileScanner scanner = reader.getScanner(false, false);
      if (scanner.seekTo()) {
        do {
          Cell cell = scanner.getCell();
          cells.add(new HFileEntry(CellUtil.cloneRow(cell), CellUtil.cloneValue(cell)));
        } while (scanner.next());
      }
    }
    return cells;
  }

  /** The values HBase's reader finds for {@code keys} (a scanner's exact seekTo per key). */
  static List<Optional<byte[]>> lookupWithHBase(File file, List<byte[]> keys) throws IOException {
    List<Optional<byte[]>> found = new ArrayList<>();
    try (HFile.Reader reader = hbase(file)) {
      HFileScanner scanner = reader.getScanner(false, true);
      for (byte[] key : keys) {
        KeyValue probe = new KeyValue(key, null, null, null);
        if (scanner.seekTo(probe) == 0) {
          found.add(Optional.of(CellUtil.cloneValue(scanner.getCell())));
        } else {
          found.add(Optional.empty());
        }
      }
    }
    return found;
  }
}
