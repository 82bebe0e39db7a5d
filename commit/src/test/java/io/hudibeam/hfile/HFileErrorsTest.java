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

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Invalid HFiles and invalid writes: each error names the file and what was expected. */
public class HFileErrorsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private byte[] valid(Compression compression) {
    HFileWriter writer =
        HFileWriter.inMemory(HFileSettings.hudiDefaults().withCompression(compression));
    for (int i = 0; i < 1000; i++) {
      writer.append(
          String.format("key-%05d", i).getBytes(StandardCharsets.UTF_8), new byte[] {(byte) i});
    }
    writer.appendFileInfo(HudiHFileKeys.SCHEMA, new byte[] {'{', '}'});
    writer.close();
    return writer.toByteArray();
  }

  private String openError(byte[] bytes, String name) throws IOException {
    File file = new File(tmp.getRoot(), name);
    Files.write(file.toPath(), bytes);
    Path path = new Path(file.toURI());
    HFileFormatException e =
        assertThrows(
            HFileFormatException.class,
            () -> {
              try (HFileReader reader = HFileReader.open(HudiHFiles.CONF, path)) {
                reader.scan().forEachRemaining(c -> {});
              }
            });
    assertTrue(e.getMessage(), e.getMessage().contains(path.toString()));
    return e.getMessage();
  }

  @Test
  public void truncatedFile() throws IOException {
    byte[] file = valid(Compression.GZ);
    assertContains(openError(Arrays.copyOf(file, file.length - 100), "cut.hfile"), "truncated");
    assertContains(openError(Arrays.copyOf(file, 3), "tiny.hfile"), "too short");
    assertContains(openError(new byte[0], "empty.hfile"), "too short");
    // the trailer is whole but the blocks before it are gone
    byte[] tailOnly = Arrays.copyOfRange(file, file.length - Trailer.SIZE - 10, file.length);
    assertContains(openError(tailOnly, "tail.hfile"), "truncated");
  }

  @Test
  public void badTrailerMagic() throws IOException {
    byte[] file = valid(Compression.NONE);
    file[file.length - Trailer.SIZE] = 'X';
    assertContains(openError(file, "magic.hfile"), "bad trailer magic 'XRABLK\"$'");
  }

  @Test
  public void wrongVersion() throws IOException {
    byte[] file = valid(Compression.NONE);
    Bytes.putInt(file, file.length - 4, 2 | (3 << 24));
    assertContains(openError(file, "v2.hfile"), "HFile version 2.3; only HFile version 3");
    assertContains(
        openError(
            "PAR1 not an hfile at all".repeat(300).getBytes(StandardCharsets.UTF_8), "p.parquet"),
        "only HFile version 3");
  }

  @Test
  public void corruptDataBlockFailsItsChecksum() throws IOException {
    byte[] file = valid(Compression.GZ);
    file[BlockHeader.SIZE + 20] ^= 0x55;
    assertContains(openError(file, "bits.hfile"), "DATA block fails its CRC32C checksum");
  }

  @Test
  public void unsupportedCompression() throws IOException {
    byte[] file = valid(Compression.NONE);
    Trailer t =
        Trailer.decode(
            Arrays.copyOfRange(file, file.length - Trailer.SIZE, file.length), file.length, "t");
    Trailer snappy =
        new Trailer(
            t.fileInfoOffset(),
            t.loadOnOpenDataOffset(),
            t.uncompressedDataIndexSize(),
            t.totalUncompressedBytes(),
            t.dataIndexCount(),
            t.metaIndexCount(),
            t.entryCount(),
            t.numDataIndexLevels(),
            t.firstDataBlockOffset(),
            t.lastDataBlockOffset(),
            t.comparatorClassName(),
            Compression.SNAPPY,
            3,
            3);
    System.arraycopy(snappy.encode(), 0, file, file.length - Trailer.SIZE, Trailer.SIZE);
    assertContains(openError(file, "snappy.hfile"), "SNAPPY is not supported");
  }

  @Test
  public void writerRefusesKeysOutOfOrderAndReservedFileInfo() {
    HFileWriter writer =
        HFileWriter.create(
            HudiHFiles.CONF,
            new Path(new File(tmp.getRoot(), "w.hfile").toURI()),
            HFileSettings.hudiDefaults());
    writer.append(new byte[] {'b'}, new byte[0]);
    writer.append(new byte[] {'b'}, new byte[0]); // HBase allows an equal key
    IllegalArgumentException order =
        assertThrows(
            IllegalArgumentException.class, () -> writer.append(new byte[] {'a'}, new byte[0]));
    assertContains(order.getMessage(), "w.hfile");
    assertContains(order.getMessage(), "key 'a' sorts before the previous key 'b'");
    IllegalArgumentException reserved =
        assertThrows(
            IllegalArgumentException.class,
            () -> writer.appendFileInfo("hfile.LASTKEY", new byte[0]));
    assertContains(reserved.getMessage(), "reserved to HBase");
    assertThrows(
        IllegalArgumentException.class, () -> writer.append(new byte[40_000], new byte[0]));
    writer.close();
    assertThrows(IllegalStateException.class, () -> writer.append(new byte[] {'c'}, new byte[0]));
    assertEquals(
        2,
        HFileReader.open(HudiHFiles.CONF, new Path(new File(tmp.getRoot(), "w.hfile").toURI()))
            .entryCount());
    UnsupportedOperationException lz4 =
        assertThrows(
            UnsupportedOperationException.class,
            () -> HFileSettings.hudiDefaults().withCompression(Compression.LZ4));
    assertContains(lz4.getMessage(), "LZ4 is not supported");
    assertThrows(IllegalArgumentException.class, () -> Compression.parse("brotli"));
    assertEquals(Compression.GZ, Compression.parse("gz"));
  }

  @Test
  public void createRefusesAnExistingFile() throws IOException {
    File file = tmp.newFile("exists.hfile");
    HFileFormatException e =
        assertThrows(
            HFileFormatException.class,
            () ->
                HFileWriter.create(
                    HudiHFiles.CONF, new Path(file.toURI()), HFileSettings.hudiDefaults()));
    assertContains(e.getMessage(), "exists.hfile");
  }

  private static void assertContains(String message, String part) {
    assertTrue("'" + message + "' should say '" + part + "'", message.contains(part));
  }
}
