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
package io.hudibeam.basefile;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.hudibeam.hfile.HFileReader;
import io.hudibeam.hfile.HFileSettings;
import io.hudibeam.hfile.HFileTestBytes;
import io.hudibeam.testing.GoldenTable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bloom.BloomFilterFactory;
import org.apache.hudi.common.engine.LocalTaskContextSupplier;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.io.hadoop.HoodieAvroHFileWriter;
import org.apache.hudi.io.hadoop.HoodieHBaseAvroHFileReader;
import org.apache.hudi.io.hadoop.HoodieHFileConfig;
import org.apache.hudi.io.storage.HoodieAvroHFileReaderImplBase;
import org.apache.hudi.io.storage.HoodieNativeAvroHFileReader;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HFile base files of Avro records both ways: Hudi 0.15's {@code HoodieAvroHFileWriter} and ours
 * write the same bytes for the same records (several data blocks, bloom filter, key range); Hudi's
 * native and HBase-based Avro readers read ours (scan, key lookups, prefix lookups, bloom filter,
 * key range); ours reads Hudi's; and the golden metadata-table base files are rewritten byte for
 * byte from the records our reader returns, with Hudi's default bloom filter settings.
 */
public class HFileBaseFileTest {
  private static final Configuration CONF = new Configuration();
  private static final Schema SCHEMA =
      SchemaBuilder.record("HoodieMetadataLike")
          .namespace("io.hudibeam.test")
          .fields()
          .requiredString("key")
          .requiredInt("type")
          .optionalString("payload")
          .requiredDouble("amount")
          .endRecord();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void hudisWriterAndOursWriteTheSameBytes() throws IOException {
    TreeMap<String, GenericRecord> records = records(30_000, 7);
    File hudi = writeWithHudi(records, "hudi.hfile");
    File ours = writeWithOurs(records, "ours.hfile");
    try (HFileReader reader = HFileReader.open(CONF, new Path(ours.toURI()))) {
      assertTrue("several data blocks", reader.dataBlockCount() >= 2);
    }
    assertArrayEquals(
        HFileTestBytes.withJdkGzipHeaders(Files.readAllBytes(hudi.toPath())),
        Files.readAllBytes(ours.toPath()));
  }

  @Test
  public void hudisReadersReadOurs() throws IOException {
    TreeMap<String, GenericRecord> records = records(20_000, 8);
    File ours = writeWithOurs(records, "ours.hfile");
    StoragePath path = new StoragePath(ours.toURI());
    HoodieHadoopStorage storage =
        new HoodieHadoopStorage(path, new HadoopStorageConfiguration(CONF));
    List<HoodieAvroHFileReaderImplBase> readers =
        List.of(
            new HoodieNativeAvroHFileReader(storage, path, Option.empty()),
            new HoodieHBaseAvroHFileReader(
                new HadoopStorageConfiguration(CONF), path, Option.empty()));
    List<String> keys = new ArrayList<>();
    int i = 0;
    for (String key : records.keySet()) {
      if (i++ % 13 == 0) {
        keys.add(key);
        keys.add(key + "-absent");
      }
    }
    java.util.Collections.sort(keys);
    List<String> prefixes = List.of("city=ab", "city=abab/1", "f0", "zz-none");
    for (HoodieAvroHFileReaderImplBase reader : readers) {
      String which = reader.getClass().getSimpleName();
      try {
        assertEquals(which, SCHEMA, reader.getSchema());
        assertEquals(which, records.size(), reader.getTotalRecords());
        assertRecords(which + " scan", new ArrayList<>(records.values()), all(reader));
        assertRecords(
            which + " by keys",
            expectedByKeys(records, keys),
            unwrap(reader.getRecordsByKeysIterator(keys, SCHEMA)));
        assertRecords(
            which + " by prefixes",
            expectedByPrefixes(records, prefixes),
            unwrap(reader.getRecordsByKeyPrefixIterator(prefixes, SCHEMA)));
        String[] minMax = reader.readMinMaxRecordKeys();
        assertEquals(records.firstKey(), minMax[0]);
        assertEquals(records.lastKey(), minMax[1]);
        org.apache.hudi.common.bloom.BloomFilter bloom = reader.readBloomFilter();
        for (String key : records.keySet()) {
          assertTrue(which + " bloom filter has " + key, bloom.mightContain(key));
        }
      } finally {
        reader.close();
      }
    }
  }

  @Test
  public void ourReaderReadsHudis() throws IOException {
    TreeMap<String, GenericRecord> records = records(40_000, 9);
    File hudi = writeWithHudi(records, "hudi.hfile");
    try (HFileReader cells = HFileReader.open(CONF, new Path(hudi.toURI()))) {
      assertTrue("several data blocks", cells.dataBlockCount() >= 2);
    }
    List<String> keys = new ArrayList<>(records.keySet()).subList(100, 200);
    List<String> prefixes = List.of("city=abab/", "0");
    try (HFileBaseFileReader reader = HFileBaseFileReader.open(CONF, new Path(hudi.toURI()))) {
      assertEquals(SCHEMA, reader.schema());
      List<GenericRecord> all = new ArrayList<>();
      reader.records().forEachRemaining(all::add);
      assertRecords("scan", new ArrayList<>(records.values()), all);
      assertRecords("by keys", expectedByKeys(records, keys), reader.recordsByKeys(keys, SCHEMA));
      assertRecords(
          "by prefixes",
          expectedByPrefixes(records, prefixes),
          reader.recordsByKeyPrefixes(prefixes, SCHEMA));
      assertEquals(records.firstKey(), reader.minRecordKey().get());
      assertEquals(records.lastKey(), reader.maxRecordKey().get());
      BloomFilter bloom = reader.bloomFilter().get();
      records.keySet().forEach(k -> assertTrue(k, bloom.mightContain(k)));
    }
  }

  @Test
  public void goldenMetadataBaseFilesAreRewrittenByteForByte() throws IOException {
    for (GoldenTable table : List.of(GoldenTable.V6_COW_TRIPS, GoldenTable.V6_MOR_TRIPS)) {
      File golden =
          new File(
              table.copyTo(tmp.newFolder()),
              ".hoodie/metadata/files/files-0000-0_0-9-9_00000000000000010.hfile");
      File copy = new File(tmp.getRoot(), table.folder() + ".hfile");
      try (HFileBaseFileReader reader = HFileBaseFileReader.open(CONF, new Path(golden.toURI()))) {
        HFileBaseFileWriter writer =
            HFileBaseFileWriter.create(
                CONF,
                new Path(copy.toURI()),
                reader.schema(),
                HFileSettings.hudiDefaults(),
                BloomFilterSettings.defaults());
        reader.records().forEachRemaining(r -> writer.write(r.get("key").toString(), r));
        writer.close();
      }
      assertArrayEquals(
          table.toString(), Files.readAllBytes(golden.toPath()), Files.readAllBytes(copy.toPath()));
    }
  }

  @Test
  public void repeatedOrDescendingKeysAreRefused() throws IOException {
    HFileBaseFileWriter writer =
        HFileBaseFileWriter.create(
            CONF,
            new Path(new File(tmp.getRoot(), "bad.hfile").toURI()),
            SCHEMA,
            HFileSettings.hudiDefaults(),
            BloomFilterSettings.defaults());
    GenericRecord b = record("b", 1);
    writer.write("b", b);
    IllegalArgumentException duplicate =
        assertThrows(IllegalArgumentException.class, () -> writer.write("b", b));
    assertTrue(duplicate.getMessage(), duplicate.getMessage().contains("Duplicate record key 'b'"));
    IllegalArgumentException order =
        assertThrows(IllegalArgumentException.class, () -> writer.write("a", record("a", 2)));
    assertTrue(order.getMessage(), order.getMessage().contains("bad.hfile"));
    writer.abort();
    assertTrue(!new File(tmp.getRoot(), "bad.hfile").exists());
  }

  private File writeWithHudi(TreeMap<String, GenericRecord> records, String name)
      throws IOException {
    File file = new File(tmp.getRoot(), name);
    HoodieHFileConfig config =
        new HoodieHFileConfig(
            CONF,
            org.apache.hadoop.hbase.io.compress.Compression.Algorithm.GZ,
            1024 * 1024,
            120L * 1024 * 1024,
            HoodieAvroHFileReaderImplBase.KEY_FIELD_NAME,
            HoodieHFileConfig.PREFETCH_ON_OPEN,
            HoodieHFileConfig.CACHE_DATA_IN_L1,
            HoodieHFileConfig.DROP_BEHIND_CACHE_COMPACTION,
            BloomFilterFactory.createBloomFilter(60_000, 0.000000001, 100_000, "DYNAMIC_V0"),
            HoodieHFileConfig.HFILE_COMPARATOR);
    HoodieAvroHFileWriter writer =
        new HoodieAvroHFileWriter(
            "20261204000000000",
            new StoragePath(file.toURI()),
            config,
            SCHEMA,
            new LocalTaskContextSupplier(),
            false);
    for (java.util.Map.Entry<String, GenericRecord> e : records.entrySet()) {
      writer.writeAvro(e.getKey(), e.getValue());
    }
    writer.close();
    return file;
  }

  private File writeWithOurs(TreeMap<String, GenericRecord> records, String name) {
    File file = new File(tmp.getRoot(), name);
    HFileBaseFileWriter writer =
        HFileBaseFileWriter.create(
            CONF,
            new Path(file.toURI()),
            SCHEMA,
            HFileSettings.hudiDefaults(),
            BloomFilterSettings.defaults());
    records.forEach(writer::write);
    BaseFileResult result = writer.close();
    assertEquals(records.size(), result.recordCount());
    assertEquals(file.length(), result.fileSizeBytes());
    return file;
  }

  private static TreeMap<String, GenericRecord> records(int n, long seed) {
    Random random = new Random(seed);
    TreeMap<String, GenericRecord> records = new TreeMap<>();
    while (records.size() < n) {
      String key =
          random.nextBoolean()
              ? "city=" + "ab".repeat(random.nextInt(3)) + "/" + random.nextInt(1_000_000)
              : Long.toHexString(random.nextLong());
      records.put(key, record(key, random.nextInt(5)));
    }
    return records;
  }

  private static GenericRecord record(String key, int type) {
    GenericRecord record = new GenericData.Record(SCHEMA);
    record.put("key", key);
    record.put("type", type);
    record.put("payload", type % 2 == 0 ? null : "payload of " + key);
    record.put("amount", key.length() * 1.5);
    return record;
  }

  private static List<GenericRecord> expectedByKeys(
      TreeMap<String, GenericRecord> records, List<String> keys) {
    List<GenericRecord> expected = new ArrayList<>();
    new java.util.TreeSet<>(keys)
        .forEach(
            k -> {
              if (records.containsKey(k)) {
                expected.add(records.get(k));
              }
            });
    return expected;
  }

  /** The records whose keys start with any of the prefixes, in key order, each once. */
  private static List<GenericRecord> expectedByPrefixes(
      TreeMap<String, GenericRecord> records, List<String> prefixes) {
    List<GenericRecord> expected = new ArrayList<>();
    records.forEach(
        (k, v) -> {
          if (prefixes.stream().anyMatch(k::startsWith)) {
            expected.add(v);
          }
        });
    return expected;
  }

  private static List<IndexedRecord> all(HoodieAvroHFileReaderImplBase reader) throws IOException {
    List<IndexedRecord> out = new ArrayList<>();
    try (ClosableIterator<IndexedRecord> it = reader.getIndexedRecordIterator(SCHEMA, SCHEMA)) {
      it.forEachRemaining(out::add);
    }
    return out;
  }

  private static List<IndexedRecord> unwrap(ClosableIterator<HoodieRecord<IndexedRecord>> it) {
    List<IndexedRecord> out = new ArrayList<>();
    try (it) {
      it.forEachRemaining(r -> out.add(r.getData()));
    }
    return out;
  }

  /** Equal records field by field (strings compared as text). */
  private static void assertRecords(
      String what, List<? extends IndexedRecord> expected, List<? extends IndexedRecord> actual) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      for (Schema.Field f : SCHEMA.getFields()) {
        Object e = expected.get(i).get(f.pos());
        Object a = actual.get(i).get(f.pos());
        assertEquals(
            what + " record " + i + " field " + f.name(),
            e == null ? null : e.toString(),
            a == null ? null : a.toString());
      }
    }
    assertEquals(what + " record count", expected.size(), actual.size());
    assertTrue(what + " is not empty", !expected.isEmpty());
  }
}
