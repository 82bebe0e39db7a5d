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
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.hudibeam.testing.GoldenTable;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Round trips of each HFile structure, and what the golden file's structures hold. */
public class HFileStructuresTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void trailerRoundTrip() {
    Trailer trailer =
        new Trailer(
            953, 788, 43, 443208, 1, 1, 1, 1, 0, 0, Trailer.HUDI_COMPARATOR, Compression.GZ, 3, 3);
    byte[] bytes = trailer.encode();
    assertEquals(Trailer.SIZE, bytes.length);
    assertArrayEquals("TRABLK\"$".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(bytes, 8));
    assertArrayEquals(new byte[] {3, 0, 0, 3}, Arrays.copyOfRange(bytes, 4092, 4096));
    assertEquals(trailer, Trailer.decode(bytes, bytes.length, "t"));

    Trailer empty =
        new Trailer(
            5, 1, 0, 4096, 0, 0, 0, 1, -1, -1, Trailer.HUDI_COMPARATOR, Compression.NONE, 3, 3);
    assertEquals(empty, Trailer.decode(empty.encode(), Trailer.SIZE, "t"));
  }

  @Test
  public void goldenTrailerAndLoadOnOpenSection() throws IOException {
    File file =
        new File(
            GoldenTable.V6_COW_TRIPS.copyTo(tmp.getRoot()),
            ".hoodie/metadata/files/files-0000-0_0-9-9_00000000000000010.hfile");
    byte[] bytes = Files.readAllBytes(file.toPath());
    Trailer trailer =
        Trailer.decode(
            Arrays.copyOfRange(bytes, bytes.length - Trailer.SIZE, bytes.length),
            bytes.length,
            "golden");
    assertEquals(
        new Trailer(
            953, 788, 43, 443208, 1, 1, 1, 1, 0, 0, Trailer.HUDI_COMPARATOR, Compression.GZ, 3, 3),
        trailer);
    Block root = Block.decode(bytes, 788, Compression.GZ, "golden", 788);
    assertEquals(BlockType.ROOT_INDEX, root.type());
    assertEquals(-1, root.header().prevBlockOffset());
    List<IndexEntry> data = IndexEntry.readRoot(root.content(), 1, "golden");
    assertEquals(0, data.get(0).offset());
    assertEquals(127, data.get(0).onDiskSize());
    assertArrayEquals(
        CellKeys.keyValueKey(bytes("__all_partitions__"), CellKeys.TYPE_PUT), data.get(0).key());
    Block meta =
        Block.decode(
            bytes, 788 + root.header().onDiskSizeWithHeader(), Compression.GZ, "golden", 876);
    assertEquals(788, meta.header().prevBlockOffset()); // the previous ROOT_INDEX block
    assertEquals(
        "bloomFilter",
        new String(
            IndexEntry.readRoot(meta.content(), 1, "g").get(0).key(), StandardCharsets.UTF_8));
    Block info = Block.decode(bytes, 953, Compression.GZ, "golden", 953);
    SortedMap<byte[], byte[]> entries = FileInfo.decode(info.content(), "golden");
    assertArrayEquals(Bytes.ofInt(1), entries.get(FileInfo.key(FileInfo.KEY_VALUE_VERSION)));
    assertArrayEquals(Bytes.ofLong(0), entries.get(FileInfo.key(FileInfo.MAX_MEMSTORE_TS_KEY)));
    assertArrayEquals(Bytes.ofLong(0), entries.get(FileInfo.key(FileInfo.CREATE_TIME_TS)));
    assertArrayEquals(Bytes.ofInt(30), entries.get(FileInfo.key(FileInfo.AVG_KEY_LEN)));
    assertArrayEquals(
        bytes("DYNAMIC_V0"), entries.get(FileInfo.key(HudiHFileKeys.BLOOM_FILTER_TYPE_CODE)));
    assertArrayEquals(FileInfo.encode(entries), info.content());
  }

  @Test
  public void blockRoundTripWithChecksumsPerChunk() {
    byte[] content = new byte[40_000];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) (i % 251);
    }
    for (Compression compression : List.of(Compression.NONE, Compression.GZ)) {
      byte[] bytes =
          Block.encode(BlockType.DATA, content, content.length, 1234, compression, 16 * 1024);
      Block block = Block.decode(bytes, 0, compression, "b", 0);
      BlockHeader header = block.header();
      assertEquals(BlockType.DATA, header.type());
      assertEquals(1234, header.prevBlockOffset());
      assertEquals(content.length, header.uncompressedSizeWithoutHeader());
      assertEquals(ChecksumType.CRC32C, header.checksumType());
      assertEquals(bytes.length, header.onDiskSizeWithHeader());
      int chunks = (header.onDiskDataSizeWithHeader() + 16383) / 16384;
      assertEquals(header.onDiskDataSizeWithHeader() + 4 * chunks, bytes.length);
      assertArrayEquals(content, block.content());
      byte[] headerBytes = new byte[BlockHeader.SIZE];
      header.write(headerBytes, 0);
      assertArrayEquals(Arrays.copyOf(bytes, BlockHeader.SIZE), headerBytes);
      assertEquals(header, BlockHeader.parse(headerBytes, 0, "h"));
    }
  }

  @Test
  public void indexChunksRoundTrip() {
    IndexChunk chunk = new IndexChunk();
    chunk.add(bytes("a"), 0, 100, 3);
    chunk.add(bytes("bb".repeat(100)), 100, 2000, 8);
    chunk.add(bytes(""), 2100, 7, 20);
    List<IndexEntry> root = IndexEntry.readRoot(chunk.rootBytes(), 3, "r");
    List<IndexEntry> nonRoot = IndexEntry.readNonRoot(chunk.nonRootBytes(), "n");
    assertEquals(chunk.rootSize(), chunk.rootBytes().length);
    assertEquals(chunk.nonRootSize(), chunk.nonRootBytes().length);
    for (List<IndexEntry> entries : List.of(root, nonRoot)) {
      assertEquals(3, entries.size());
      for (int i = 0; i < 3; i++) {
        assertArrayEquals(chunk.key(i), entries.get(i).key());
        assertEquals(chunk.offset(i), entries.get(i).offset());
        assertEquals(chunk.onDiskSize(i), entries.get(i).onDiskSize());
      }
    }
    // 20 data blocks below (3, 5 and 12 per leaf): the middle one (index 9) is the 2nd of the
    // third leaf
    byte[] mid = chunk.midKeyMetadata();
    assertEquals(2100, Bytes.getLong(mid, 0));
    assertEquals(7, Bytes.getInt(mid, 8));
    assertEquals(1, Bytes.getInt(mid, 12));
  }

  @Test
  public void fileInfoRoundTripInUnsignedByteOrder() {
    SortedMap<byte[], byte[]> entries = FileInfo.newMap();
    entries.put(bytes("schema"), bytes("{}"));
    entries.put(bytes("é-after-ascii"), new byte[0]);
    entries.put(bytes("KEY_VALUE_VERSION"), Bytes.ofInt(1));
    byte[] encoded = FileInfo.encode(entries);
    assertArrayEquals(FileInfo.PB_MAGIC, Arrays.copyOf(encoded, 4));
    SortedMap<byte[], byte[]> decoded = FileInfo.decode(encoded, "f");
    assertEquals(
        List.of("KEY_VALUE_VERSION", "schema", "é-after-ascii"),
        decoded.keySet().stream().map(k -> new String(k, StandardCharsets.UTF_8)).toList());
    assertArrayEquals(bytes("{}"), decoded.get(bytes("schema")));
    HFileFormatException e =
        assertThrows(
            HFileFormatException.class, () -> FileInfo.decode(bytes("XXXXyz"), "my.hfile"));
    assertTrue(
        e.getMessage(), e.getMessage().contains("my.hfile") && e.getMessage().contains("PBUF"));
  }

  @Test
  public void varintsAsHadoopAndProtobufWriteThem() {
    for (long value :
        new long[] {
          0, 1, -1, 127, 128, -112, -113, 255, 256, 65_535, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE
        }) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Bytes.writeVLong(out, value);
      byte[] b = out.toByteArray();
      assertEquals(value + " size", Bytes.vlongSize(value), b.length);
      assertEquals(value + " first byte size", b.length, Bytes.vlongSizeFromFirstByte(b[0]));
      assertEquals(value, Bytes.readVLong(b, 0));

      ByteArrayOutputStream proto = new ByteArrayOutputStream();
      Protobuf.writeVarint(proto, value);
      byte[] p = proto.toByteArray();
      assertEquals(value, new Protobuf.Reader(p, 0, p.length, "p").readVarint());
    }
    ByteArrayOutputStream minusOne = new ByteArrayOutputStream();
    Protobuf.writeVarint(minusOne, -1);
    assertEquals("uint64 -1 takes ten bytes", 10, minusOne.size());
  }

  @Test
  public void indexKeysAreHBasesMidpoints() {
    assertArrayEquals(bytes("b"), CellKeys.minimumMidpoint(bytes("abc"), bytes("c")));
    assertArrayEquals(bytes("abd"), CellKeys.minimumMidpoint(bytes("abc"), bytes("abe")));
    assertArrayEquals(bytes("abd"), CellKeys.minimumMidpoint(bytes("abc"), bytes("abd")));
    assertArrayEquals(bytes("abcd"), CellKeys.minimumMidpoint(bytes("abc"), bytes("abcde")));
    // HBase compares the differing byte as a signed int: 0x80 + 1 < 0x81 holds for it
    assertArrayEquals(
        new byte[] {(byte) 0x81},
        CellKeys.minimumMidpoint(new byte[] {(byte) 0x80, 5}, new byte[] {(byte) 0x81}));
    assertArrayEquals(
        new byte[] {(byte) 0xff, 1},
        CellKeys.minimumMidpoint(new byte[] {(byte) 0xff, 0, 9}, new byte[] {(byte) 0xff, 1}));
    byte[] first = CellKeys.indexKey(null, bytes("k"));
    assertEquals(CellKeys.TYPE_PUT, first[first.length - 1]);
    byte[] later = CellKeys.indexKey(bytes("abc"), bytes("c"));
    assertEquals(CellKeys.TYPE_MAXIMUM, later[later.length - 1]);
    assertArrayEquals(bytes("b"), CellKeys.rowOf(later, "k"));
    assertNull(BlockType.fromMagic(bytes("NOTABLK!"), 0));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
