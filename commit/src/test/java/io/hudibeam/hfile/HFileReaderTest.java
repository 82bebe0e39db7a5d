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

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Our reader's lookups against a model of the file's cells, on a file of many small blocks with a
 * two-level index, from a Hadoop stream and from memory.
 */
public class HFileReaderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void lookupsAndPrefixScansMatchTheModel() throws IOException {
    List<HFileEntry> cells = HFileWriterCompatTest.cells(8_000, 11);
    TreeMap<byte[], byte[]> model = new TreeMap<>(Bytes::compare);
    cells.forEach(c -> model.put(c.key(), c.value()));
    HFileWriter writer =
        HFileWriter.inMemory(
            HFileSettings.hudiDefaults().withBlockSize(200).withMaxIndexChunkSize(2048));
    cells.forEach(c -> writer.append(c.key(), c.value()));
    writer.close();
    byte[] bytes = writer.toByteArray();
    File file = HudiHFiles.toFile(bytes, tmp.getRoot(), "r.hfile");
    Path path = new Path(file.toURI());
    FileSystem fs = path.getFileSystem(HudiHFiles.CONF);
    FSDataInputStream stream = fs.open(path);
    for (HFileReader reader :
        List.of(
            HFileReader.of(bytes, "memory"),
            HFileReader.open(HudiHFiles.CONF, path),
            HFileReader.open(stream, file.length(), "stream"))) {
      try (reader) {
        assertTrue(reader.indexLevels() >= 2);
        assertTrue(reader.dataBlockCount() > 500);
        Random random = new Random(5);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
          byte[] key = cells.get(random.nextInt(cells.size())).key();
          keys.add(
              random.nextBoolean()
                  ? key
                  : (new String(key, StandardCharsets.UTF_8) + "~")
                      .getBytes(StandardCharsets.UTF_8));
        }
        List<HFileEntry> expected = new ArrayList<>();
        java.util.TreeSet<byte[]> sortedKeys = new java.util.TreeSet<>(Bytes::compare);
        sortedKeys.addAll(keys);
        for (byte[] k : sortedKeys) {
          if (model.containsKey(k)) {
            expected.add(new HFileEntry(k, model.get(k)));
          }
        }
        assertEquals(expected, reader.getAll(keys));
        assertTrue(expected.size() > 100);

        List<byte[]> prefixes =
            List.of(utf8("city=ab"), utf8("city=abab/"), utf8("1"), utf8("é1"), utf8("zzz"));
        List<HFileEntry> byPrefix = new ArrayList<>();
        model.forEach(
            (k, v) -> {
              if (prefixes.stream().anyMatch(p -> Bytes.startsWith(k, p))) {
                byPrefix.add(new HFileEntry(k, v));
              }
            });
        assertEquals(byPrefix, reader.scanPrefixes(prefixes));
        List<HFileEntry> one = new ArrayList<>();
        reader.scanPrefix(utf8("é1")).forEachRemaining(one::add);
        assertEquals(
            byPrefix.stream().filter(e -> Bytes.startsWith(e.key(), utf8("é1"))).toList(), one);
        assertFalse(reader.scanPrefix(utf8("zzz")).hasNext());

        for (Map.Entry<byte[], byte[]> e : model.entrySet()) {
          if (random.nextInt(20) == 0) {
            assertArrayEquals(e.getValue(), reader.get(e.getKey()).get());
          }
        }
        assertFalse(reader.get(utf8("")).isPresent());
        assertFalse(reader.get(utf8("\u007f")).isPresent());
      }
    }
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
