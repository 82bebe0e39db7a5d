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
package io.hudibeam.log;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.hudibeam.hfile.Compression;
import io.hudibeam.hfile.HFileAvroValues;
import io.hudibeam.hfile.HFileEntry;
import io.hudibeam.hfile.HFileReader;
import io.hudibeam.hfile.HFileTestBytes;
import io.hudibeam.testing.GoldenTable;
import io.hudibeam.timeline.InstantTime;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.model.HoodieAvroIndexedRecord;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.log.HoodieLogFileReader;
import org.apache.hudi.common.table.log.block.HoodieDataBlock;
import org.apache.hudi.common.table.log.block.HoodieHFileDataBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock.HeaderMetadataType;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HFile data blocks (type 4) both ways: the golden metadata-table log files (Hudi 0.15's Spark
 * writer) read by ours as by Hudi's log reader, and re-encoded into the same content bytes; our
 * blocks read by Hudi's log reader with its HBase-based and its native HFile reader, by full scan
 * and by key and key-prefix lookups through its inline file system; Hudi's own {@code
 * HoodieHFileDataBlock} encodes the same records into the same bytes.
 */
public class HFileDataBlockTest {
  private static final Configuration CONF = new Configuration();
  private static final String NATIVE_READER = "_hoodie.hfile.use.native.reader";
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
  public void goldenMetadataLogFilesReadAsHudiReadsThemAndReencodeByteForByte() throws IOException {
    int hfileBlocks = 0;
    for (GoldenTable table : List.of(GoldenTable.V6_COW_TRIPS, GoldenTable.V6_MOR_TRIPS)) {
      File files = new File(table.copyTo(tmp.newFolder()), ".hoodie/metadata/files");
      File[] logs = files.listFiles((d, n) -> n.contains(".log."));
      assertEquals(4, logs.length);
      for (File log : logs) {
        Path path = new Path(log.toURI());
        List<LogBlock> ours = LogFileReader.readAll(CONF, path);
        for (boolean nativeReader : new boolean[] {false, true}) {
          List<HoodieLogBlock> hudis = readWithHudi(path, nativeReader, false);
          assertEquals(log.getName(), hudis.size(), ours.size());
          for (int i = 0; i < ours.size(); i++) {
            LogBlock our = ours.get(i);
            assertEquals(hudis.get(i).getBlockType().name(), our.type().name());
            if (our.type() == LogBlockType.HFILE_DATA_BLOCK) {
              assertRecords(
                  log.getName() + " native=" + nativeReader,
                  recordsOf((HoodieDataBlock) hudis.get(i)),
                  our.records());
            }
          }
        }
        for (LogBlock our : ours) {
          if (our.type() == LogBlockType.HFILE_DATA_BLOCK) {
            hfileBlocks++;
            assertTrue(our.recordCount() > 0);
            assertEquals(our.recordCount(), our.records().size());
            LogBlock again =
                LogBlock.hfileData(our.instantTime(), our.schema(), our.records(), Compression.GZ);
            assertArrayEquals(log.getName(), our.contentBytes(), again.contentBytes());
          }
        }
      }
    }
    assertEquals("three HFile data blocks per golden metadata table", 6, hfileBlocks);
  }

  @Test
  public void hudiReadsOurHFileBlocksByScanKeysAndPrefixes() throws IOException {
    List<GenericRecord> first = records(6_000, 1);
    List<GenericRecord> second = records(40, 2);
    File file = new File(tmp.getRoot(), ".files-0000-0_00000000000000010.log.1_0-1-1");
    LogFileWriter writer = LogFileWriter.create(CONF, new Path(file.toURI()));
    writer.append(
        LogBlock.hfileData(InstantTime.parse("20261204010203004"), SCHEMA, first, Compression.GZ));
    writer.append(
        LogBlock.hfileData(
            InstantTime.parse("20261204010203005"), SCHEMA, second, Compression.NONE));
    LogFileResult result = writer.close();
    assertEquals(6_040, result.recordCount());
    assertEquals(2, result.blockCount());

    List<String> keys = new ArrayList<>();
    for (int i = 0; i < first.size(); i += 17) {
      keys.add(first.get(i).get("key").toString());
    }
    for (int i = 0; i < second.size(); i += 3) {
      keys.add(second.get(i).get("key").toString());
    }
    keys.add("no such key");
    java.util.Collections.sort(keys);
    List<String> prefixes = List.of("city=ab", "p-1");
    Path path = new Path(file.toURI());
    for (boolean nativeReader : new boolean[] {false, true}) {
      String which = nativeReader ? "native" : "HBase";
      List<HoodieLogBlock> blocks = readWithHudi(path, nativeReader, true);
      assertEquals(2, blocks.size());
      for (int b = 0; b < 2; b++) {
        HoodieHFileDataBlock block = (HoodieHFileDataBlock) blocks.get(b);
        List<GenericRecord> written = b == 0 ? first : second;
        assertEquals(
            which,
            "2026120401020300" + (4 + b),
            block.getLogBlockHeader().get(HeaderMetadataType.INSTANT_TIME));
        assertEquals(which, asText(sorted(written)), asText(recordsOf(block)));
        assertEquals(
            which + " by keys",
            asText(sorted(filter(written, r -> keys.contains(r.get("key").toString())))),
            asText(
                unwrap(block.getRecordIterator(keys, true, HoodieRecord.HoodieRecordType.AVRO))));
        assertEquals(
            which + " by prefixes",
            asText(
                sorted(
                    filter(
                        written,
                        r ->
                            prefixes.stream()
                                .anyMatch(p -> r.get("key").toString().startsWith(p))))),
            asText(
                unwrap(
                    block.getRecordIterator(prefixes, false, HoodieRecord.HoodieRecordType.AVRO))));
      }
    }
  }

  @Test
  public void hudisBlockEncodingAndOursAreTheSameBytes() throws IOException {
    List<GenericRecord> records = records(3_000, 3);
    records.add(record("city=ab/17", 9)); // a repeated key: one cell per record, in written order
    records.add(record("city=ab/17", 8));
    Map<HeaderMetadataType, String> header = new HashMap<>();
    header.put(HeaderMetadataType.INSTANT_TIME, "20261204010203004");
    header.put(HeaderMetadataType.SCHEMA, SCHEMA.toString());
    for (Compression compression : List.of(Compression.GZ, Compression.NONE)) {
      List<HoodieRecord> hudiRecords = indexedCopies(records);
      HoodieHFileDataBlock hudi =
          new HoodieHFileDataBlock(
              hudiRecords,
              header,
              compression.name(),
              new StoragePath(tmp.getRoot().toURI()),
              false);
      byte[] hudiBytes =
          hudi.getContentBytes(new HoodieHadoopStorage(tmp.getRoot().toString(), CONF));
      byte[] ours =
          LogBlock.hfileData(InstantTime.parse("20261204010203004"), SCHEMA, records, compression)
              .contentBytes();
      assertArrayEquals(compression.name(), HFileTestBytes.withJdkGzipHeaders(hudiBytes), ours);
      try (HFileReader reader = HFileReader.of(ours, "block")) {
        List<HFileEntry> repeated =
            reader.scanPrefixes(List.of("city=ab/17".getBytes(StandardCharsets.UTF_8))).stream()
                .filter(e -> e.keyAsString().equals("city=ab/17"))
                .collect(Collectors.toList());
        assertEquals(2, repeated.size());
        assertEquals(
            9,
            HFileAvroValues.decode(repeated.get(0).key(), repeated.get(0).value(), SCHEMA, SCHEMA)
                .get("type"));
      }
    }
  }

  @Test
  public void goldenMetadataRecordsEncodeAsHudisBlockEncodesThem() throws IOException {
    File files =
        new File(GoldenTable.V6_MOR_TRIPS.copyTo(tmp.newFolder()), ".hoodie/metadata/files");
    for (File log : files.listFiles((d, n) -> n.contains(".log."))) {
      for (LogBlock block : LogFileReader.readAll(CONF, new Path(log.toURI()))) {
        if (block.type() != LogBlockType.HFILE_DATA_BLOCK) {
          continue;
        }
        List<HoodieRecord> hudiRecords = indexedCopies(block.records());
        Map<HeaderMetadataType, String> header = new HashMap<>();
        header.put(HeaderMetadataType.INSTANT_TIME, block.instantTime().value());
        header.put(HeaderMetadataType.SCHEMA, block.schema().toString());
        byte[] hudi =
            new HoodieHFileDataBlock(
                    hudiRecords, header, "GZ", new StoragePath(tmp.getRoot().toURI()), false)
                .getContentBytes(new HoodieHadoopStorage(tmp.getRoot().toString(), CONF));
        assertArrayEquals(
            log.getName(), HFileTestBytes.withJdkGzipHeaders(hudi), block.contentBytes());
      }
    }
  }

  @Test
  public void recordsWithoutAKeyFieldAreRefused() {
    Schema keyless = SchemaBuilder.record("Keyless").fields().requiredString("id").endRecord();
    GenericRecord record = new GenericData.Record(keyless);
    record.put("id", "a");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LogBlock.hfileData(
                    InstantTime.parse("20261204010203004"),
                    keyless,
                    List.of(record),
                    Compression.GZ));
    assertTrue(e.getMessage(), e.getMessage().contains("'key' field"));
  }

  /**
   * Copies of the records as the {@code HoodieAvroIndexedRecord}s Hudi's append handle gives an
   * HFile data block (which blanks their key fields in place).
   */
  private static List<HoodieRecord> indexedCopies(List<GenericRecord> records) {
    List<HoodieRecord> copies = new ArrayList<>();
    for (GenericRecord r : records) {
      copies.add(new HoodieAvroIndexedRecord(new GenericData.Record((GenericData.Record) r, true)));
    }
    return copies;
  }

  private static List<HoodieLogBlock> readWithHudi(Path file, boolean nativeReader, boolean lookups)
      throws IOException {
    Configuration conf = new Configuration(CONF);
    conf.setBoolean(NATIVE_READER, nativeReader);
    HoodieHadoopStorage storage = new HoodieHadoopStorage(file.getParent().toString(), conf);
    List<HoodieLogBlock> blocks = new ArrayList<>();
    try (HoodieLogFileReader reader =
        new HoodieLogFileReader(
            storage,
            new HoodieLogFile(new StoragePath(file.toUri())),
            null,
            HoodieLogFileReader.DEFAULT_BUFFER_SIZE,
            false,
            lookups,
            "key")) {
      while (reader.hasNext()) {
        blocks.add(reader.next());
      }
    }
    return blocks;
  }

  private static List<IndexedRecord> recordsOf(HoodieDataBlock block) {
    return unwrap(block.getRecordIterator(HoodieRecord.HoodieRecordType.AVRO));
  }

  private static <T> List<IndexedRecord> unwrap(ClosableIterator<HoodieRecord<T>> it) {
    List<IndexedRecord> out = new ArrayList<>();
    try (it) {
      it.forEachRemaining(r -> out.add((IndexedRecord) r.getData()));
    }
    return out;
  }

  /** Equal records (Avro's equality: maps compared as maps, whatever their order). */
  private static void assertRecords(
      String what, List<? extends IndexedRecord> expected, List<? extends IndexedRecord> actual) {
    assertTrue(what + ": records to compare", !expected.isEmpty());
    assertEquals(what, expected, actual);
  }

  private static List<String> asText(List<? extends IndexedRecord> records) {
    List<String> text = new ArrayList<>();
    records.forEach(r -> text.add(r.toString()));
    assertTrue("records to compare", !text.isEmpty());
    return text;
  }

  /** In key order (UTF-8 bytes), repeated keys in written order. */
  private static List<GenericRecord> sorted(List<GenericRecord> records) {
    List<GenericRecord> copy = new ArrayList<>(records);
    copy.sort(
        (a, b) ->
            java.util.Arrays.compareUnsigned(
                a.get("key").toString().getBytes(StandardCharsets.UTF_8),
                b.get("key").toString().getBytes(StandardCharsets.UTF_8)));
    return copy;
  }

  private static List<GenericRecord> filter(
      List<GenericRecord> records, java.util.function.Predicate<GenericRecord> keep) {
    return records.stream().filter(keep).collect(Collectors.toList());
  }

  /** {@code n} records with distinct keys, in no particular order. */
  private static List<GenericRecord> records(int n, long seed) {
    Random random = new Random(seed);
    java.util.LinkedHashMap<String, GenericRecord> records = new java.util.LinkedHashMap<>();
    while (records.size() < n) {
      String key =
          random.nextBoolean()
              ? "city=" + "ab".repeat(random.nextInt(3)) + "/" + random.nextInt(1_000_000)
              : "p-" + Long.toHexString(random.nextLong());
      records.put(key, record(key, random.nextInt(5)));
    }
    return new ArrayList<>(records.values());
  }

  private static GenericRecord record(String key, int type) {
    GenericRecord record = new GenericData.Record(SCHEMA);
    record.put("key", key);
    record.put("type", type);
    record.put("payload", type % 2 == 0 ? null : "payload of " + key);
    return record;
  }
}
