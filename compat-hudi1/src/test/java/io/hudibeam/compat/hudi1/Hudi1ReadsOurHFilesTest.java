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
package io.hudibeam.compat.hudi1;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.hudibeam.basefile.BloomFilterSettings;
import io.hudibeam.basefile.HFileBaseFileWriter;
import io.hudibeam.hfile.Compression;
import io.hudibeam.hfile.HFileEntry;
import io.hudibeam.hfile.HFileSettings;
import io.hudibeam.hfile.HFileWriter;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileWriter;
import io.hudibeam.timeline.InstantTime;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.log.HoodieLogFileReader;
import org.apache.hudi.common.table.log.block.HoodieHFileDataBlock;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.common.util.io.ByteBufferBackedInputStream;
import org.apache.hudi.io.ByteArraySeekableDataInputStream;
import org.apache.hudi.io.hadoop.HoodieHBaseAvroHFileReader;
import org.apache.hudi.io.hfile.HFileReader;
import org.apache.hudi.io.hfile.HFileReaderImpl;
import org.apache.hudi.io.hfile.KeyValue;
import org.apache.hudi.io.hfile.UTF8StringKey;
import org.apache.hudi.io.storage.HoodieAvroHFileReaderImplBase;
import org.apache.hudi.io.storage.HoodieNativeAvroHFileReader;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Hudi 1.0.0's HFile readers read the HFiles we write for the metadata table: base files of Avro
 * records (its native reader, 1.0's default, and its HBase-based one: scan, keys, prefixes, bloom
 * filter, key range), raw HFiles of many data blocks (native reader: scan and lookups), and HFile
 * log data blocks through its log reader (both HFile readers, scan and inline lookups). Like
 * 0.15's, 1.0.0's native reader reads only a single-level block index and misses the cells in the
 * last {@code 4 * checksum chunks} bytes of large uncompressed blocks (apache/hudi#19146).
 */
public class Hudi1ReadsOurHFilesTest {
  private static final Configuration CONF = new Configuration();
  private static final Schema SCHEMA =
      SchemaBuilder.record("MetadataLike")
          .namespace("io.hudibeam.test")
          .fields()
          .requiredString("key")
          .requiredInt("type")
          .optionalString("payload")
          .endRecord();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void baseFilesOfAvroRecords() throws IOException {
    TreeMap<String, GenericRecord> records = records(30_000, 1);
    File file = new File(tmp.getRoot(), "files-0000-0_0-1-1_20261204000000000.hfile");
    HFileBaseFileWriter writer =
        HFileBaseFileWriter.create(
            CONF,
            new Path(file.toURI()),
            SCHEMA,
            HFileSettings.hudiDefaults(),
            BloomFilterSettings.defaults());
    records.forEach(writer::write);
    writer.close();

    StoragePath path = new StoragePath(file.toURI());
    HadoopStorageConfiguration storageConf = new HadoopStorageConfiguration(CONF);
    List<String> keys = new ArrayList<>();
    int i = 0;
    for (String key : records.keySet()) {
      if (i++ % 11 == 0) {
        keys.add(key);
        keys.add(key + "#absent");
      }
    }
    keys.sort(null);
    List<String> prefixes = List.of("city=ab", "p-a");
    for (HoodieAvroHFileReaderImplBase reader :
        List.of(
            new HoodieNativeAvroHFileReader(
                new HoodieHadoopStorage(path, storageConf), path, Option.empty()),
            new HoodieHBaseAvroHFileReader(storageConf, path, Option.empty()))) {
      String which = reader.getClass().getSimpleName();
      try (reader) {
        assertEquals(which, SCHEMA, reader.getSchema());
        List<IndexedRecord> all = new ArrayList<>();
        try (ClosableIterator<IndexedRecord> it = reader.getIndexedRecordIterator(SCHEMA, SCHEMA)) {
          it.forEachRemaining(all::add);
        }
        assertEquals(which + " scan", new ArrayList<>(records.values()), all);
        assertEquals(
            which + " keys",
            select(records, k -> keys.contains(k)),
            unwrap(reader.getRecordsByKeysIterator(keys, SCHEMA)));
        assertEquals(
            which + " prefixes",
            select(records, k -> prefixes.stream().anyMatch(k::startsWith)),
            unwrap(reader.getRecordsByKeyPrefixIterator(prefixes, SCHEMA)));
        assertArrayEquals(
            new String[] {records.firstKey(), records.lastKey()}, reader.readMinMaxRecordKeys());
        org.apache.hudi.common.bloom.BloomFilter bloom = reader.readBloomFilter();
        records.keySet().forEach(k -> assertTrue(which + " bloom " + k, bloom.mightContain(k)));
      }
    }
  }

  @Test
  public void rawHFilesWithTheNativeReader() throws IOException {
    List<HFileEntry> cells = cells(30_000);
    HFileSettings hudi = HFileSettings.hudiDefaults();

    byte[] gz = write(cells, hudi.withBlockSize(16 * 1024));
    assertEquals(cells, scanWithNative(gz));
    List<byte[]> probes = new ArrayList<>();
    for (int i = 0; i < cells.size(); i += 7) {
      probes.add(cells.get(i).key());
    }
    List<byte[]> found = lookupWithNative(gz, probes);
    for (int i = 0; i < probes.size(); i++) {
      assertArrayEquals(cells.get(i * 7).value(), found.get(i));
    }

    // Uncompressed 1 MiB blocks: 65 checksums each, and 1.0.0's native reader misses the cells in
    // the last 260 bytes of every block; one checksum per block makes it see them all.
    byte[] none = write(cells, hudi.withCompression(Compression.NONE));
    assertTrue(scanWithNative(none).size() < cells.size());
    byte[] oneChecksum =
        write(cells, hudi.withCompression(Compression.NONE).withBytesPerChecksum(16 << 20));
    assertEquals(cells, scanWithNative(oneChecksum));

    byte[] twoLevels = write(cells, hudi.withBlockSize(128).withMaxIndexChunkSize(4096));
    assertThrows(IOException.class, () -> scanWithNative(twoLevels));
  }

  @Test
  public void logFilesWithHFileDataBlocks() throws IOException {
    List<GenericRecord> records = new ArrayList<>(records(5_000, 2).values());
    java.util.Collections.shuffle(records, new Random(3));
    File file = new File(tmp.getRoot(), ".files-0000-0_00000000000000010.log.1_0-1-1");
    LogFileWriter writer = LogFileWriter.create(CONF, new Path(file.toURI()));
    writer.append(
        LogBlock.hfileData(
            InstantTime.parse("20261204010203004"), SCHEMA, records, Compression.GZ));
    writer.close();

    TreeMap<String, GenericRecord> sorted = new TreeMap<>();
    records.forEach(r -> sorted.put(r.get("key").toString(), r));
    List<String> keys = new ArrayList<>(sorted.keySet()).subList(1000, 1100);
    List<String> prefixes = List.of("city=abab/");
    for (boolean nativeReader : new boolean[] {true, false}) {
      Configuration conf = new Configuration(CONF);
      conf.setBoolean("_hoodie.hfile.use.native.reader", nativeReader);
      HoodieHadoopStorage storage =
          new HoodieHadoopStorage(file.getParent(), new HadoopStorageConfiguration(conf));
      try (HoodieLogFileReader reader =
          new HoodieLogFileReader(
              storage,
              new HoodieLogFile(new StoragePath(file.toURI())),
              null,
              HoodieLogFileReader.DEFAULT_BUFFER_SIZE,
              false,
              true,
              "key")) {
        assertTrue(reader.hasNext());
        HoodieHFileDataBlock block = (HoodieHFileDataBlock) reader.next();
        String which = nativeReader ? "native" : "HBase";
        assertEquals(
            which,
            new ArrayList<>(sorted.values()),
            unwrap(block.getRecordIterator(HoodieRecord.HoodieRecordType.AVRO)));
        assertEquals(
            which + " keys",
            select(sorted, keys::contains),
            unwrap(block.getRecordIterator(keys, true, HoodieRecord.HoodieRecordType.AVRO)));
        assertEquals(
            which + " prefixes",
            select(sorted, k -> k.startsWith("city=abab/")),
            unwrap(block.getRecordIterator(prefixes, false, HoodieRecord.HoodieRecordType.AVRO)));
      }
    }
  }

  private static byte[] write(List<HFileEntry> cells, HFileSettings settings) {
    HFileWriter writer = HFileWriter.inMemory(settings);
    cells.forEach(c -> writer.append(c.key(), c.value()));
    writer.close();
    return writer.toByteArray();
  }

  private static HFileReader nativeReader(byte[] bytes) {
    return new HFileReaderImpl(
        new ByteArraySeekableDataInputStream(new ByteBufferBackedInputStream(bytes)), bytes.length);
  }

  private static List<HFileEntry> scanWithNative(byte[] bytes) throws IOException {
    List<HFileEntry> cells = new ArrayList<>();
    try (HFileReader reader = nativeReader(bytes)) {
      if (reader.seekTo()) {
        do {
          cells.add(entry(reader.getKeyValue().get()));
        } while (reader.next());
      }
    }
    return cells;
  }

  private static List<byte[]> lookupWithNative(byte[] bytes, List<byte[]> sortedKeys)
      throws IOException {
    List<byte[]> values = new ArrayList<>();
    try (HFileReader reader = nativeReader(bytes)) {
      reader.seekTo();
      for (byte[] key : sortedKeys) {
        assertEquals(HFileReader.SEEK_TO_FOUND, reader.seekTo(new UTF8StringKey(key)));
        values.add(entry(reader.getKeyValue().get()).value());
      }
    }
    return values;
  }

  private static HFileEntry entry(KeyValue kv) {
    byte[] b = kv.getBytes();
    return new HFileEntry(
        Arrays.copyOfRange(
            b, kv.getKeyContentOffset(), kv.getKeyContentOffset() + kv.getKeyContentLength()),
        Arrays.copyOfRange(b, kv.getValueOffset(), kv.getValueOffset() + kv.getValueLength()));
  }

  private static List<HFileEntry> cells(int n) {
    Random random = new Random(n);
    TreeMap<byte[], byte[]> sorted = new TreeMap<>(Arrays::compareUnsigned);
    while (sorted.size() < n) {
      byte[] value = new byte[random.nextInt(100)];
      random.nextBytes(value);
      sorted.put(
          String.format("%08x-%d", random.nextInt(), random.nextInt(1000))
              .getBytes(StandardCharsets.UTF_8),
          value);
    }
    List<HFileEntry> cells = new ArrayList<>();
    sorted.forEach((k, v) -> cells.add(new HFileEntry(k, v)));
    return cells;
  }

  private static TreeMap<String, GenericRecord> records(int n, long seed) {
    Random random = new Random(seed);
    TreeMap<String, GenericRecord> records = new TreeMap<>();
    while (records.size() < n) {
      String key =
          random.nextBoolean()
              ? "city=" + "ab".repeat(random.nextInt(3)) + "/" + random.nextInt(1_000_000)
              : "p-" + Long.toHexString(random.nextLong());
      GenericRecord record = new GenericData.Record(SCHEMA);
      record.put("key", key);
      record.put("type", random.nextInt(5));
      record.put("payload", random.nextBoolean() ? null : "payload of " + key);
      records.put(key, record);
    }
    return records;
  }

  private static List<GenericRecord> select(
      TreeMap<String, GenericRecord> records, Predicate<String> keep) {
    List<GenericRecord> selected = new ArrayList<>();
    records.forEach(
        (k, v) -> {
          if (keep.test(k)) {
            selected.add(v);
          }
        });
    assertTrue("something to compare", !selected.isEmpty());
    return selected;
  }

  private static <T> List<IndexedRecord> unwrap(ClosableIterator<HoodieRecord<T>> it) {
    List<IndexedRecord> out = new ArrayList<>();
    try (it) {
      it.forEachRemaining(r -> out.add((IndexedRecord) r.getData()));
    }
    return out;
  }
}
