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
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Our writer against HBase 2.4's, driven as Hudi 0.15 drives it: for the same cells, file info and
 * meta blocks the two files are the same bytes, small or large (many data blocks, a two-level and a
 * three-level index), GZ or NONE; and Hudi's readers read our files: HBase's reader every cell and
 * every lookup, Hudi's native reader every file with a single-level index.
 */
public class HFileWriterCompatTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final HFileSettings HUDI = HFileSettings.hudiDefaults();

  @Test
  public void smallFileGz() throws IOException {
    check("small-gz", cells(50, 0), HUDI, true);
  }

  @Test
  public void smallFileNone() throws IOException {
    check("small-none", cells(50, 0), HUDI.withCompression(Compression.NONE), true);
  }

  @Test
  public void manyDataBlocksSingleLevelIndex() throws IOException {
    HFileReader reader = check("blocks-gz", cells(20_000, 1), HUDI.withBlockSize(16 * 1024), true);
    assertTrue("several data blocks", reader.dataBlockCount() > 20);
    assertEquals(1, reader.indexLevels());
  }

  @Test
  public void manyDataBlocksOfHudisBlockSizeUncompressed() throws IOException {
    HFileReader reader =
        check("blocks-none", cells(30_000, 2), HUDI.withCompression(Compression.NONE), true);
    assertTrue("several 1 MiB data blocks", reader.dataBlockCount() >= 3);
    // Uncompressed 1 MiB blocks carry 65 checksums (260 bytes): Hudi's native reader misses the
    // cells in the last 260 bytes of each block, of HBase's files as of ours.
    assertTrue("Hudi's native reader skips block tails", hudiNativeLost > 0);
  }

  @Test
  public void oneChecksumPerBlockLetsHudisNativeReaderSeeEveryCell() throws IOException {
    check(
        "blocks-none-one-checksum",
        cells(30_000, 2),
        HUDI.withCompression(Compression.NONE).withBytesPerChecksum(16 * 1024 * 1024),
        true);
    assertEquals(0, hudiNativeLost);
  }

  @Test
  public void leafIndexBlocksAtHBasesDefaultChunkSize() throws IOException {
    // 256-byte blocks make a block index larger than HBase's 128 KiB chunk: a two-level index.
    HFileReader reader = check("two-level", cells(20_000, 3), HUDI.withBlockSize(256), false);
    assertEquals(2, reader.indexLevels());
  }

  @Test
  public void intermediateIndexLevels() throws IOException {
    HFileReader reader =
        check(
            "three-level",
            cells(6_000, 4),
            HUDI.withBlockSize(128).withMaxIndexChunkSize(1024),
            false);
    assertTrue("root, intermediate and leaf levels", reader.indexLevels() >= 3);
  }

  @Test
  public void repeatedKeysStayInOneBlock() throws IOException {
    List<HFileEntry> cells = new ArrayList<>();
    for (HFileEntry cell : cells(3_000, 5)) {
      cells.add(cell);
      if (cell.key()[cell.key().length - 1] % 3 == 0) {
        cells.add(new HFileEntry(cell.key(), new byte[] {1, 2, 3}));
      }
    }
    check("repeated", cells, HUDI.withBlockSize(512), true);
  }

  @Test
  public void emptyFile() throws IOException {
    HFileReader reader = check("empty", List.of(), HUDI, true);
    assertEquals(0, reader.entryCount());
    assertFalse(reader.scan().hasNext());
    assertEquals(0, HudiHFiles.scanWithHudiNative(bytes("empty")).size());
  }

  private final Map<String, byte[]> written = new LinkedHashMap<>();

  /** Cells of the last checked file that Hudi's native reader skips (see BlockWalk). */
  private int hudiNativeLost;

  private byte[] bytes(String name) {
    return written.get(name);
  }

  /**
   * Writes {@code cells} with ours and with HBase, asserts equal bytes, then reads ours back with
   * HBase's reader, Hudi's native reader (if {@code nativeReadable}) and ours.
   */
  private HFileReader check(
      String name, List<HFileEntry> cells, HFileSettings settings, boolean nativeReadable)
      throws IOException {
    Map<String, byte[]> fileInfo = new LinkedHashMap<>();
    fileInfo.put(HudiHFileKeys.SCHEMA, "{\"type\":\"string\"}".getBytes(StandardCharsets.UTF_8));
    fileInfo.put("zz-last", new byte[] {9});
    fileInfo.put("A-first", new byte[0]);
    Map<String, byte[]> metaBlocks = new LinkedHashMap<>();
    metaBlocks.put(HudiHFileKeys.BLOOM_FILTER_META_BLOCK, text(name, 40_000));
    metaBlocks.put("aMeta", text(name, 10));

    HFileWriter writer = HFileWriter.inMemory(settings);
    cells.forEach(c -> writer.append(c.key(), c.value()));
    fileInfo.forEach(writer::appendFileInfo);
    metaBlocks.forEach(writer::appendMetaBlock);
    writer.close();
    byte[] ours = writer.toByteArray();
    written.put(name, ours);
    assertEquals(ours.length, writer.bytesWritten());

    byte[] hbase =
        HBaseWrites.write(
            tmp.newFile(name + ".hbase.hfile"), cells, fileInfo, metaBlocks, settings);
    // HBase on Hadoop 3.4 gzips through Hadoop's BuiltInGzipCompressor, whose gzip header says OS
    // 0; the JDK's GZIPOutputStream (HBase on older Hadoop, Hudi's Spark bundle, the golden files,
    // ours) says 255. The deflate streams are the same.
    byte[] hbaseAsJdk = BlockWalk.withGzipOsByte(hbase, 0xff);
    assertArrayEquals(name + ": our bytes are HBase's", hbaseAsJdk, ours);
    List<HFileEntry> ofHBase = new ArrayList<>();
    try (HFileReader hbaseFile = HFileReader.of(hbase, name + " by HBase")) {
      hbaseFile.scan().forEachRemaining(ofHBase::add);
    }
    assertCells(name + " our scan of HBase's file", cells, ofHBase);

    File ourFile = HudiHFiles.toFile(ours, tmp.getRoot(), name + ".ours.hfile");
    assertCells(name + " HBase scan", cells, HudiHFiles.scanWithHBase(ourFile));
    List<byte[]> probes = probes(cells);
    List<Optional<byte[]>> expected = expectedLookups(cells, probes);
    List<HFileEntry> nativeCells = BlockWalk.visibleToHudiNative(ours, settings.compression());
    hudiNativeLost = cells.size() - nativeCells.size();
    assertLookups(name + " HBase lookups", expected, HudiHFiles.lookupWithHBase(ourFile, probes));

    if (nativeReadable) {
      assertCells(name + " Hudi native scan", nativeCells, HudiHFiles.scanWithHudiNative(ours));
      assertLookups(
          name + " Hudi native lookups",
          expectedLookups(nativeCells, probes),
          HudiHFiles.lookupWithHudiNative(ours, probes));
      assertArrayEquals(
          text(name, 40_000),
          HudiHFiles.metaBlockWithHudiNative(ours, HudiHFileKeys.BLOOM_FILTER_META_BLOCK).get());
      assertArrayEquals(new byte[] {9}, HudiHFiles.fileInfoWithHudiNative(ours, "zz-last").get());
    } else {
      // Hudi 0.15's and 1.0's native readers read only a root-level data index (as for HBase's own
      // files of this size); HBase's reader, Hudi 0.15's default, reads every level.
      assertThrows(IOException.class, () -> HudiHFiles.scanWithHudiNative(ours));
    }

    HFileReader reader = HFileReader.of(ours, name);
    List<HFileEntry> scanned = new ArrayList<>();
    reader.scan().forEachRemaining(scanned::add);
    assertCells(name + " our scan", cells, scanned);
    List<Optional<byte[]>> ourLookups = new ArrayList<>();
    probes.forEach(p -> ourLookups.add(reader.get(p)));
    assertLookups(name + " our lookups", expected, ourLookups);
    assertArrayEquals(text(name, 10), reader.metaBlock("aMeta").get());
    assertEquals(List.of("aMeta", HudiHFileKeys.BLOOM_FILTER_META_BLOCK), reader.metaBlockNames());
    return reader;
  }

  /** Equal lists of cells; a mismatch names the first differing cell, not the whole lists. */
  static void assertCells(String what, List<HFileEntry> expected, List<HFileEntry> actual) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      assertEquals(what + " cell " + i, expected.get(i), actual.get(i));
    }
    assertEquals(what + " cell count", expected.size(), actual.size());
  }

  /** Every 7th key, and keys just below and above some, sorted. */
  private static List<byte[]> probes(List<HFileEntry> cells) {
    java.util.TreeSet<byte[]> probes = new java.util.TreeSet<>(Bytes::compare);
    for (int i = 0; i < cells.size(); i += 7) {
      byte[] key = cells.get(i).key();
      probes.add(key);
      probes.add(java.util.Arrays.copyOf(key, key.length + 1)); // just after
      probes.add(java.util.Arrays.copyOf(key, Math.max(0, key.length - 1))); // a prefix
    }
    probes.add("~~~ after all".getBytes(StandardCharsets.UTF_8));
    probes.add("   before all".getBytes(StandardCharsets.UTF_8));
    return new ArrayList<>(probes);
  }

  private static List<Optional<byte[]>> expectedLookups(List<HFileEntry> cells, List<byte[]> keys) {
    java.util.TreeMap<byte[], byte[]> first = new java.util.TreeMap<>(Bytes::compare);
    cells.forEach(c -> first.putIfAbsent(c.key(), c.value()));
    List<Optional<byte[]>> expected = new ArrayList<>();
    keys.forEach(k -> expected.add(Optional.ofNullable(first.get(k))));
    return expected;
  }

  private static void assertLookups(
      String what, List<Optional<byte[]>> expected, List<Optional<byte[]>> actual) {
    assertEquals(what, expected.size(), actual.size());
    int found = 0;
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(what + " #" + i, expected.get(i).isPresent(), actual.get(i).isPresent());
      if (expected.get(i).isPresent()) {
        assertArrayEquals(what + " #" + i, expected.get(i).get(), actual.get(i).get());
        found++;
      }
    }
    assertTrue(what + ": some keys found", expected.isEmpty() || found > 0 || expected.size() < 3);
  }

  private static byte[] text(String seed, int length) {
    StringBuilder s = new StringBuilder();
    Random random = new Random(seed.hashCode());
    while (s.length() < length) {
      s.append((char) ('A' + random.nextInt(26)));
    }
    return s.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * {@code n} cells with distinct keys in byte order: metadata-table-like keys (shared prefixes,
   * UUID-like parts) plus some with bytes of 0x80 and above, which HBase's index midpoint treats as
   * signed; values of varying length, some compressible.
   */
  static List<HFileEntry> cells(int n, long seed) {
    Random random = new Random(seed);
    java.util.TreeMap<byte[], byte[]> sorted = new java.util.TreeMap<>(Bytes::compare);
    while (sorted.size() < n) {
      String key;
      switch (random.nextInt(4)) {
        case 0:
          key =
              String.format(
                  "city=%s/%06d", "ab".repeat(random.nextInt(3)), random.nextInt(1_000_000));
          break;
        case 1:
          key = new java.util.UUID(random.nextLong(), random.nextLong()).toString();
          break;
        case 2:
          key = "é" + random.nextInt(100_000) + "ü";
          break;
        default:
          key = String.format("%08d", random.nextInt(100_000_000));
      }
      byte[] value = new byte[random.nextInt(120)];
      if (random.nextBoolean()) {
        random.nextBytes(value);
      }
      sorted.put(key.getBytes(StandardCharsets.UTF_8), value);
    }
    List<HFileEntry> cells = new ArrayList<>();
    sorted.forEach((k, v) -> cells.add(new HFileEntry(k, v)));
    return cells;
  }
}
