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

import static io.hudibeam.basefile.BloomFilterTest.assertSameSerialization;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.junit.Assert.assertThrows;

import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bloom.BloomFilterFactory;
import org.apache.hudi.common.util.ParquetUtils;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class BaseFileWriterTest {
  private static final String INSTANT = "20240418173213674";
  private static final String FILE_NAME =
      "bb7c3a45-387f-490d-aab2-981c3f1a8ada-0_3-140-198_" + INSTANT + ".parquet";
  private static final Schema SCHEMA = MetaFields.withMetaFields(TripsData.SCHEMA);

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private Path file(String name) {
    return new Path(tmp.getRoot().getAbsolutePath(), name);
  }

  private HoodieStorage hudiStorage(Path path) {
    return new HoodieHadoopStorage(path, conf);
  }

  private static StoragePath storagePath(Path path) {
    return new StoragePath(path.toUri());
  }

  /** Writes trips 0..count-1 of partition "chennai" as inserts and returns the expected rows. */
  private List<GenericRecord> writeInserts(BaseFileWriter writer, int count) {
    List<GenericRecord> expected = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      GenericRecord user = TripsData.record(0, i);
      writer.write(INSTANT, TripsData.key(i), "chennai", user);
      expected.add(
          withMeta(
              user,
              SCHEMA,
              INSTANT,
              INSTANT + "_3_" + i,
              TripsData.key(i),
              "chennai",
              writer.path().getName()));
    }
    return expected;
  }

  @Test
  public void hudiReadsRecordsBloomFilterAndKeyRangeOfOurFile() throws Exception {
    Path path = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 3, ParquetSettings.defaults());
    List<GenericRecord> expected = writeInserts(writer, 2000);
    BaseFileResult result = writer.close();

    ParquetUtils utils = new ParquetUtils();
    HoodieStorage storage = hudiStorage(path);
    List<GenericRecord> read = utils.readAvroRecords(storage, storagePath(path));
    assertThat(read.size(), is(2000));
    for (int i = 0; i < expected.size(); i++) {
      assertThat("row " + i, read.get(i), equalTo(expected.get(i)));
    }
    assertThat(utils.readAvroSchema(storage, storagePath(path)), equalTo(SCHEMA));
    assertThat(utils.getRowCount(storage, storagePath(path)), is(2000L));

    String[] minMax = utils.readMinMaxRecordKeys(storage, storagePath(path));
    assertThat(minMax[0], equalTo(TripsData.key(0)));
    assertThat(minMax[1], equalTo(TripsData.key(1999)));

    org.apache.hudi.common.bloom.BloomFilter bloom =
        utils.readBloomFilterFromMetadata(storage, storagePath(path));
    assertThat(bloom.getBloomFilterTypeCode().name(), equalTo("DYNAMIC_V0"));
    for (int i = 0; i < 2000; i++) {
      assertThat(bloom.mightContain(TripsData.key(i)), is(true));
    }
    int falsePositives = 0;
    for (int i = 1_000_000; i < 1_010_000; i++) {
      falsePositives += bloom.mightContain(TripsData.key(i)) ? 1 : 0;
    }
    assertThat(falsePositives, is(0));

    assertThat(result.recordCount(), is(2000L));
    assertThat(result.fileName(), equalTo(FILE_NAME));
    assertThat(result.minRecordKey(), equalTo(Optional.of(TripsData.key(0))));
    assertThat(result.maxRecordKey(), equalTo(Optional.of(TripsData.key(1999))));
    FileSystem fs = path.getFileSystem(conf);
    assertThat(result.fileSizeBytes(), is(fs.getFileStatus(path).getLen()));
  }

  @Test
  public void uniqueMetaColumnsArePlainAndTheOthersUseADictionary() throws Exception {
    Path path = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 3, ParquetSettings.defaults());
    writeInserts(writer, 300);
    writer.close();
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
      Map<String, Boolean> dictionary = new java.util.TreeMap<>();
      for (ColumnChunkMetaData column : reader.getFooter().getBlocks().get(0).getColumns()) {
        dictionary.put(column.getPath().toDotString(), column.hasDictionaryPage());
      }
      assertThat(dictionary.get("_hoodie_commit_seqno"), is(false));
      assertThat(dictionary.get("_hoodie_record_key"), is(false));
      assertThat(dictionary.get("_hoodie_commit_time"), is(true));
      assertThat(dictionary.get("_hoodie_partition_path"), is(true));
      assertThat(dictionary.get("_hoodie_file_name"), is(true));
    }
  }

  @Test
  public void footerHasHudisKeysAndTheFilterHudiWouldWrite() throws Exception {
    Path path = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 3, ParquetSettings.defaults());
    writeInserts(writer, 300);
    writer.close();

    // Hudi's filter for hoodie.index.bloom.num_entries = the 300 keys the file holds.
    org.apache.hudi.common.bloom.BloomFilter hudis =
        BloomFilterFactory.createBloomFilter(300, 0.000000001, 100000, "DYNAMIC_V0");
    for (int i = 0; i < 300; i++) {
      hudis.add(TripsData.key(i));
    }
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
      ParquetMetadata footer = reader.getFooter();
      Map<String, String> kv = footer.getFileMetaData().getKeyValueMetaData();
      assertSameSerialization(kv.get("org.apache.hudi.bloomfilter"), hudis.serializeToString());
      assertThat(kv.get("hoodie_bloom_filter_type_code"), equalTo("DYNAMIC_V0"));
      assertThat(kv.get("hoodie_min_record_key"), equalTo(TripsData.key(0)));
      assertThat(kv.get("hoodie_max_record_key"), equalTo(TripsData.key(299)));
      assertThat(new Schema.Parser().parse(kv.get("parquet.avro.schema")), equalTo(SCHEMA));
      assertThat(kv.get("writer.model.name"), equalTo("avro"));
      for (BlockMetaData block : footer.getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          assertThat(
              column.getPath().toDotString(), column.getCodec(), is(CompressionCodecName.GZIP));
        }
      }
    }
  }

  @Test
  public void smallFileHasASmallBloomFilter() throws Exception {
    Path small = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, small, TripsData.SCHEMA, 3, ParquetSettings.defaults());
    writeInserts(writer, 50);
    long smallFile = writer.close().fileSizeBytes();
    String filter =
        BaseFileReader.of(conf, small).readFooter().keyValueMetadata().get(FooterKeys.BLOOM_FILTER);
    // 50 keys at fpp 1e-9: 2157 bits, 270 bytes; 308 bytes with the headers, 412 of base64.
    assertThat(filter.length(), is(412));
    // Hudi's writer sizes it for 60000 keys: 2587966 bits, about 431 KB of base64.
    String sixtyThousand =
        BloomFilterFactory.createBloomFilter(60000, 0.000000001, 100000, "DYNAMIC_V0")
            .serializeToString();
    assertThat(sixtyThousand.length(), greaterThan(430_000));
    assertThat(smallFile, lessThan(20_000L));
  }

  @Test
  public void hudiReadsTheSizedFilterWithTheConfiguredFalsePositiveRate() {
    // fpp 1% so that the rate can be measured: 5000 keys sized to 5000 entries.
    for (String type : List.of("DYNAMIC_V0", "SIMPLE")) {
      Path path = file(type + "-" + FILE_NAME);
      ParquetSettings settings =
          SettingsReader.parquet(
              Map.of(ParquetSettings.BLOOM_FILTER_TYPE, type, ParquetSettings.BLOOM_FPP, "0.01"));
      BaseFileWriter writer = BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, settings);
      for (int i = 0; i < 5000; i++) {
        writer.write(INSTANT, TripsData.key(i), "chennai", TripsData.record(0, i));
      }
      writer.close();
      org.apache.hudi.common.bloom.BloomFilter bloom =
          new ParquetUtils().readBloomFilterFromMetadata(hudiStorage(path), storagePath(path));
      assertThat(bloom.getBloomFilterTypeCode().name(), equalTo(type));
      for (int i = 0; i < 5000; i++) {
        assertThat(TripsData.key(i), bloom.mightContain(TripsData.key(i)), is(true));
      }
      int falsePositives = 0;
      int probes = 100_000;
      for (int i = 1_000_000; i < 1_000_000 + probes; i++) {
        falsePositives += bloom.mightContain(TripsData.key(i)) ? 1 : 0;
      }
      double rate = (double) falsePositives / probes;
      assertThat(type + " false positive rate " + rate, rate, greaterThan(0.005));
      assertThat(type + " false positive rate " + rate, rate, lessThan(0.015));
      org.apache.hudi.common.bloom.BloomFilter hudis =
          BloomFilterFactory.createBloomFilter(5000, 0.01, 100000, type);
      for (int i = 0; i < 5000; i++) {
        hudis.add(TripsData.key(i));
      }
      assertSameSerialization(bloom.serializeToString(), hudis.serializeToString());
    }
  }

  @Test
  public void fileWithMoreKeysThanNumEntriesGetsTheConfiguredFilter() {
    Path path = file(FILE_NAME);
    ParquetSettings settings =
        SettingsReader.parquet(
            Map.of(
                ParquetSettings.BLOOM_NUM_ENTRIES, "100",
                ParquetSettings.BLOOM_DYNAMIC_MAX_ENTRIES, "1000"));
    BaseFileWriter writer = BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, settings);
    for (int i = 0; i < 250; i++) {
      writer.write(INSTANT, TripsData.key(i), "chennai", TripsData.record(0, i));
    }
    writer.close();
    org.apache.hudi.common.bloom.BloomFilter hudis =
        BloomFilterFactory.createBloomFilter(100, 0.000000001, 1000, "DYNAMIC_V0");
    for (int i = 0; i < 250; i++) {
      hudis.add(TripsData.key(i));
    }
    BaseFileFooter footer = BaseFileReader.of(conf, path).readFooter();
    assertThat(footer.bloomFilter().get().rowCount(), is(3));
    assertSameSerialization(
        footer.keyValueMetadata().get(FooterKeys.BLOOM_FILTER), hudis.serializeToString());
  }

  @Test
  public void simpleFilterHasNoTypeCodeAndHudiReadsIt() {
    Path path = file(FILE_NAME);
    ParquetSettings settings =
        SettingsReader.parquet(
            Map.of(
                ParquetSettings.BLOOM_FILTER_TYPE,
                "simple",
                ParquetSettings.BLOOM_NUM_ENTRIES,
                "1000"));
    BaseFileWriter writer = BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, settings);
    for (int i = 0; i < 100; i++) {
      writer.write(INSTANT, TripsData.key(i), "chennai", TripsData.record(0, i));
    }
    writer.close();
    BaseFileFooter footer = BaseFileReader.of(conf, path).readFooter();
    assertThat(footer.keyValueMetadata().containsKey(FooterKeys.BLOOM_FILTER_TYPE_CODE), is(false));
    assertThat(footer.bloomFilterType(), equalTo(Optional.of(BloomFilterType.SIMPLE)));
    org.apache.hudi.common.bloom.BloomFilter bloom =
        new ParquetUtils().readBloomFilterFromMetadata(hudiStorage(path), storagePath(path));
    assertThat(bloom.getBloomFilterTypeCode().name(), equalTo("SIMPLE"));
    for (int i = 0; i < 100; i++) {
      assertThat(bloom.mightContain(TripsData.key(i)), is(true));
    }
  }

  @Test
  public void carriedOverRecordsKeepMetaFieldsExceptFileName() {
    String oldFile = "bb7c3a45-387f-490d-aab2-981c3f1a8ada-0_1-10-20_20240101000000000.parquet";
    Path path = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, SCHEMA, 7, ParquetSettings.defaults());
    GenericRecord old =
        withMeta(
            TripsData.record(0, 5),
            SCHEMA,
            "20240101000000000",
            "20240101000000000_1_5",
            TripsData.key(5),
            "chennai",
            oldFile);
    GenericData.Record oldCopy = new GenericData.Record((GenericData.Record) old, true);
    writer.write(old);
    writer.write(INSTANT, TripsData.key(6), "chennai", TripsData.record(1, 6));
    BaseFileResult result = writer.close();

    assertThat(old, equalTo(oldCopy));
    List<GenericRecord> read = BaseFileReader.of(conf, path).readRecords();
    GenericRecord expectedOld =
        withMeta(
            TripsData.record(0, 5),
            SCHEMA,
            "20240101000000000",
            "20240101000000000_1_5",
            TripsData.key(5),
            "chennai",
            FILE_NAME);
    // The sequence number counts every record in the file, carried over or not.
    GenericRecord expectedNew =
        withMeta(
            TripsData.record(1, 6),
            SCHEMA,
            INSTANT,
            INSTANT + "_7_1",
            TripsData.key(6),
            "chennai",
            FILE_NAME);
    assertThat(read, equalTo(List.of(expectedOld, expectedNew)));
    assertThat(result.minRecordKey(), equalTo(Optional.of(TripsData.key(5))));
    assertThat(result.maxRecordKey(), equalTo(Optional.of(TripsData.key(6))));
  }

  @Test
  public void recordWithMetaFieldsSchemaCanBeFilled() {
    Path path = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults());
    GenericRecord full = withMeta(TripsData.record(0, 1), SCHEMA, null, null, null, null, null);
    writer.write(INSTANT, TripsData.key(1), "chennai", full);
    writer.close();
    GenericRecord read = BaseFileReader.of(conf, path).readRecords().get(0);
    assertThat(
        read,
        equalTo(
            withMeta(
                TripsData.record(0, 1),
                SCHEMA,
                INSTANT,
                INSTANT + "_0_0",
                TripsData.key(1),
                "chennai",
                FILE_NAME)));
  }

  @Test
  public void existingFileIsNotOverwritten() throws Exception {
    Path path = file(FILE_NAME);
    BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults()).close();
    long size = path.getFileSystem(conf).getFileStatus(path).getLen();
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () ->
                BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults()));
    assertThat(e.getMessage(), containsString(path.toString()));
    assertThat(path.getFileSystem(conf).getFileStatus(path).getLen(), is(size));
  }

  @Test
  public void emptyFileHasBloomFilterButNoKeyRange() {
    Path path = file(FILE_NAME);
    BaseFileResult result =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults()).close();
    assertThat(result.recordCount(), is(0L));
    assertThat(result.minRecordKey(), equalTo(Optional.empty()));
    BaseFileFooter footer = BaseFileReader.of(conf, path).readFooter();
    assertThat(footer.rowCount(), is(0L));
    assertThat(footer.minRecordKey(), equalTo(Optional.empty()));
    assertThat(footer.maxRecordKey(), equalTo(Optional.empty()));
    assertThat(footer.bloomFilter().get().mightContain(TripsData.key(1)), is(false));
  }

  @Test
  public void canWriteTurnsFalseNearTheMaxFileSize() {
    Path path = file(FILE_NAME);
    ParquetSettings settings =
        SettingsReader.parquet(Map.of(ParquetSettings.MAX_FILE_SIZE, "20000"));
    BaseFileWriter writer = BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, settings);
    int written = 0;
    while (writer.canWrite()) {
      writer.write(INSTANT, TripsData.key(written), "chennai", TripsData.record(0, written));
      written++;
      assertThat("runaway writer", written, lessThan(100_000));
    }
    assertThat(written, greaterThanOrEqualTo(100));
    // limit = 20000 * (1 + 0.1); Hudi stops within two average records of it
    assertThat(
        writer.bytesWritten(), greaterThan(22_000L - 2 * (writer.bytesWritten() / written) - 1));
    assertThat(writer.canWrite(), is(false));
    writer.close();
  }

  @Test
  public void canWriteStaysTrueWellBelowTheLimit() {
    BaseFileWriter writer =
        BaseFileWriter.create(
            conf, file(FILE_NAME), TripsData.SCHEMA, 0, ParquetSettings.defaults());
    for (int i = 0; i < 1000; i++) {
      writer.write(INSTANT, TripsData.key(i), "chennai", TripsData.record(0, i));
      assertThat(writer.canWrite(), is(true));
    }
    assertThat(writer.bytesWritten(), greaterThan(0L));
    assertThat(writer.recordCount(), is(1000L));
    writer.close();
  }

  @Test
  public void recordWithAnotherSchemaIsRejected() {
    BaseFileWriter writer =
        BaseFileWriter.create(
            conf, file(FILE_NAME), TripsData.SCHEMA, 0, ParquetSettings.defaults());
    Schema other =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"x\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}");
    GenericRecord record = new GenericData.Record(other);
    record.put("a", 1);
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> writer.write(INSTANT, "k", "p", record));
    assertThat(e.getMessage(), containsString("expected the file's schema"));
    assertThrows(HudiTableException.class, () -> writer.write(record));
    // a user-schema record is no carry-over: it has no meta fields
    assertThrows(HudiTableException.class, () -> writer.write(TripsData.record(0, 1)));
    writer.abort();
  }

  @Test
  public void carriedOverRecordWithoutKeyIsRejected() {
    BaseFileWriter writer =
        BaseFileWriter.create(conf, file(FILE_NAME), SCHEMA, 0, ParquetSettings.defaults());
    GenericRecord noKey = withMeta(TripsData.record(0, 1), SCHEMA, INSTANT, "s", null, "p", "f");
    HudiTableException e = assertThrows(HudiTableException.class, () -> writer.write(noKey));
    assertThat(e.getMessage(), containsString("_hoodie_record_key=null"));
    HudiTableException empty =
        assertThrows(
            HudiTableException.class, () -> writer.write(INSTANT, "", "p", TripsData.record(0, 1)));
    assertThat(empty.getMessage(), containsString("must not be empty"));
    writer.abort();
  }

  @Test
  public void closedWriterRejectsWritesAndAbortDeletesTheFile() throws Exception {
    Path path = file(FILE_NAME);
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults());
    writer.write(INSTANT, TripsData.key(1), "chennai", TripsData.record(0, 1));
    writer.close();
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> writer.write(INSTANT, TripsData.key(2), "chennai", TripsData.record(0, 2)));
    assertThat(e.getMessage(), containsString("already closed"));
    assertThrows(HudiTableException.class, writer::close);

    Path aborted = file("aborted.parquet");
    BaseFileWriter other =
        BaseFileWriter.create(conf, aborted, TripsData.SCHEMA, 0, ParquetSettings.defaults());
    other.write(INSTANT, TripsData.key(1), "chennai", TripsData.record(0, 1));
    other.abort();
    assertThat(aborted.getFileSystem(conf).exists(aborted), is(false));
  }

  /** The record as a base file holds it: meta fields then the user fields. */
  private static GenericRecord withMeta(
      GenericRecord user,
      Schema schemaWithMeta,
      String commitTime,
      String seqNo,
      String key,
      String partitionPath,
      String fileName) {
    GenericRecord r = new GenericData.Record(schemaWithMeta);
    r.put(0, commitTime);
    r.put(1, seqNo);
    r.put(2, key);
    r.put(3, partitionPath);
    r.put(4, fileName);
    for (Schema.Field f : user.getSchema().getFields()) {
      r.put(f.name(), user.get(f.pos()));
    }
    return r;
  }
}
