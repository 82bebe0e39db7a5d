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
import static org.junit.Assert.assertTrue;

import io.hudibeam.testing.GoldenTable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The metadata-table base files of the golden tables (written by Hudi 0.15's Spark writer through
 * HBase): our reader returns what Hudi's two readers return, and our writer, given the same cells,
 * file info and meta blocks, writes the same bytes.
 */
public class GoldenHFileTest {
  private static final String BASE_FILE =
      ".hoodie/metadata/files/files-0000-0_0-9-9_00000000000000010.hfile";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private File golden(GoldenTable table) {
    return new File(table.copyTo(tmp.getRoot()), BASE_FILE);
  }

  @Test
  public void ourReaderReturnsWhatHudisReadersReturn() throws IOException {
    for (GoldenTable table : List.of(GoldenTable.V6_COW_TRIPS, GoldenTable.V6_MOR_TRIPS)) {
      File file = golden(table);
      byte[] bytes = Files.readAllBytes(file.toPath());
      List<HFileEntry> ours = new ArrayList<>();
      try (HFileReader reader = HFileReader.open(HudiHFiles.CONF, new Path(file.toURI()))) {
        reader.scan().forEachRemaining(ours::add);
        assertEquals(reader.entryCount(), ours.size());
        assertEquals(Compression.GZ, reader.compression());
        assertEquals(List.of(HudiHFileKeys.BLOOM_FILTER_META_BLOCK), reader.metaBlockNames());
        assertArrayEquals(
            HudiHFiles.metaBlockWithHudiNative(bytes, HudiHFileKeys.BLOOM_FILTER_META_BLOCK).get(),
            reader.metaBlock(HudiHFileKeys.BLOOM_FILTER_META_BLOCK).get());
        Map<String, byte[]> info = reader.fileInfo();
        for (String key :
            List.of(
                HudiHFileKeys.SCHEMA,
                HudiHFileKeys.MIN_RECORD_KEY,
                HudiHFileKeys.MAX_RECORD_KEY,
                HudiHFileKeys.BLOOM_FILTER_TYPE_CODE,
                FileInfo.LAST_KEY,
                FileInfo.KEY_VALUE_VERSION)) {
          assertArrayEquals(
              table + " " + key,
              HudiHFiles.fileInfoWithHudiNative(bytes, key).get(),
              info.get(key));
        }
      }
      assertTrue(table + " has cells", ours.size() > 0);
      assertEquals(table.toString(), HudiHFiles.scanWithHudiNative(bytes), ours);
      assertEquals(table.toString(), HudiHFiles.scanWithHBase(file), ours);
    }
  }

  @Test
  public void ourWriterRewritesTheGoldenBaseFileByteForByte() throws IOException {
    for (GoldenTable table : List.of(GoldenTable.V6_COW_TRIPS, GoldenTable.V6_MOR_TRIPS)) {
      byte[] golden = Files.readAllBytes(golden(table).toPath());
      assertArrayEquals(table.toString(), golden, rewrite(golden));
    }
  }

  /** Reads an HFile with our reader and writes what it holds with our writer, Hudi's settings. */
  static byte[] rewrite(byte[] hfile) {
    try (HFileReader reader = HFileReader.of(hfile, "original")) {
      HFileWriter writer =
          HFileWriter.inMemory(HFileSettings.hudiDefaults().withCompression(reader.compression()));
      reader.scan().forEachRemaining(e -> writer.append(e.key(), e.value()));
      reader
          .fileInfo()
          .forEach(
              (key, value) -> {
                if (!key.startsWith(FileInfo.RESERVED_PREFIX)
                    && !key.equals(FileInfo.MAX_MEMSTORE_TS_KEY)
                    && !key.equals(FileInfo.KEY_VALUE_VERSION)) {
                  writer.appendFileInfo(key, value);
                }
              });
      for (String name : reader.metaBlockNames()) {
        writer.appendMetaBlock(name, reader.metaBlock(name).get());
      }
      writer.close();
      return writer.toByteArray();
    }
  }
}
