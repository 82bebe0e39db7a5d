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
package io.hudibeam.write;

import static io.hudibeam.write.SanFranciscoFileGroup.trip;
import static io.hudibeam.write.SanFranciscoFileGroup.withoutFileName;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.emptyArray;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.basefile.RowGroupCarryOver;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bloom.BloomFilter;
import org.apache.hudi.common.util.ParquetUtils;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A merge or concat that keeps every stored record carries the current base file's row groups over
 * as bytes ({@link RowGroupCarryOver}) and writes the rows a record-by-record merge writes: the
 * same values, meta fields included ({@code _hoodie_file_name} the new file's), in the same order,
 * with a bloom filter and key range over all keys, read back by Hudi's reader and footer utilities.
 */
public class RowGroupCarryOverTest {
  private static final String PARTITION = SanFranciscoFileGroup.PARTITION;
  private static final int STORED = 2000;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /**
   * Row groups of 1 MiB (in memory): the test files each fit one, and a row group of 2 KiB (1/512)
   * or more is carried over; the stored file of 2,000 trips is about 50 KB.
   */
  private static final ParquetSettings MIB_ROW_GROUPS = rowGroupsOf(1 << 20);

  private SanFranciscoFileGroup table;
  private File scratch;

  @Before
  public void setUp() throws Exception {
    table = new SanFranciscoFileGroup(tmp.newFolder("trips"));
    scratch = tmp.newFolder("scratch");
  }

  @Test
  public void insertsIntoAFileCarryItsRowGroupsOverAndWriteTheRowsOfARecordByRecordMerge()
      throws Exception {
    StartedInstant first = table.commitStored(STORED, MIB_ROW_GROUPS);
    BaseFile current = table.latestBaseFile();
    List<TableRecord> inserts = inserts();

    StartedInstant second = table.start();
    WriteStat carried =
        new MergeHandle(table.context(second, 10, MIB_ROW_GROUPS), memory())
            .write(current, inserts);
    // The same inserts plus an update of a stored key that loses on the ordering field: the stored
    // record stays, but the merge must read the file record by record to know it.
    List<TableRecord> withLosingUpdate = new ArrayList<>(inserts);
    GenericRecord older = new GenericData.Record((GenericData.Record) trip(0, 7), true);
    older.put("ts", (Long) older.get("ts") - 1);
    older.put("fare", -1.0);
    withLosingUpdate.add(TableRecord.upsert(TripsData.key(8L * 7), PARTITION, older));
    WriteStat recordByRecord =
        new MergeHandle(table.context(second, 11, MIB_ROW_GROUPS), memory())
            .write(current, withLosingUpdate);
    assertThat("scratch files left", scratch.list(), emptyArray());

    assertThat(rowGroups(current.name().value()), is(1));
    assertThat("carried over: the stored row group and one of inserts", rowGroups(carried), is(2));
    assertThat("record by record: one row group", rowGroups(recordByRecord), is(1));
    for (WriteStat stat : List.of(carried, recordByRecord)) {
      assertThat(stat.numInserts(), is(600L));
      assertThat(stat.numUpdateWrites(), is(0L));
      assertThat(stat.numDeletes(), is(0L));
      assertThat(stat.numWrites(), is((long) STORED + 600));
      assertThat(stat.prevCommit(), is(first.instantTime().value()));
      assertThat(
          stat.fileSizeInBytes(),
          is(table.fs.getFileStatus(new Path(table.paths.basePathString(), stat.path())).getLen()));
    }
    assertSameRows(carried, recordByRecord);
    assertFooter(carried, recordByRecord);

    // The carried-over file is committed (the committer deletes the other one) and read by Hudi.
    table.commit(second, OperationType.UPSERT, carried);
    assertTable(first, second, STORED, STORED + 600);
  }

  @Test
  public void aFileAlreadyHoldingMaxRowGroupsIsMergedRecordByRecord() throws Exception {
    // Written in row groups of 4 KiB (100 trips each, parquet's least), merged with 64 KiB ones:
    // every stored row group is over 1/512 of 64 KiB, so only the row group count stops the
    // carry-over.
    ParquetSettings tinyRowGroups = rowGroupsOf(4096);
    int stored = 5000;
    StartedInstant first = table.commitStored(stored, tinyRowGroups);
    BaseFile current = table.latestBaseFile();
    assertThat(
        rowGroups(current.name().value()), greaterThanOrEqualTo(RowGroupCarryOver.MAX_ROW_GROUPS));
    assertThat(
        smallestRowGroupBytes(current.name().value()),
        greaterThanOrEqualTo(65536L / RowGroupCarryOver.MIN_ROW_GROUP_FRACTION));

    StartedInstant second = table.start();
    WriteStat stat =
        new MergeHandle(table.context(second, 10, rowGroupsOf(65536)), memory())
            .write(current, inserts(stored));
    // Carried over, the file would keep the stored row groups and add some; rewritten in 64 KiB
    // row groups, it has fewer than the stored file.
    assertThat(rowGroups(stat), lessThan(rowGroups(current.name().value())));
    assertThat(stat.numWrites(), is((long) stored + 600));
    table.commit(second, OperationType.UPSERT, stat);
    assertTable(first, second, stored, stored + 600);
  }

  @Test
  public void aFileWhoseRowGroupsAreSmallForTheRowGroupSizeIsMergedRecordByRecord()
      throws Exception {
    // Hudi's default row group size (120 MiB): the 2,000-trip file's one row group is under
    // 1/512 of it, so the merge writes the stored and new records into one row group anew.
    StartedInstant first = table.commitStored(STORED, ParquetSettings.defaults());
    BaseFile current = table.latestBaseFile();
    StartedInstant second = table.start();
    WriteStat stat = new MergeHandle(table.context(second, 10), memory()).write(current, inserts());
    assertThat(rowGroups(stat), is(1));
    assertThat(stat.numInserts(), is(600L));
    table.commit(second, OperationType.UPSERT, stat);
    assertTable(first, second, STORED, STORED + 600);
  }

  @Test
  public void aFileOfAnOlderSchemaIsMergedRecordByRecordIntoTheEvolvedSchema() throws Exception {
    StartedInstant first = table.commitStored(STORED, MIB_ROW_GROUPS);
    BaseFile current = table.latestBaseFile();
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : TripsData.SCHEMA.getFields()) {
      fields.add(new Schema.Field(field, field.schema()));
    }
    fields.add(
        new Schema.Field(
            "tip",
            Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.DOUBLE)),
            null,
            org.apache.avro.JsonProperties.NULL_VALUE));
    Schema evolved =
        Schema.createRecord(
            TripsData.SCHEMA.getName(), null, TripsData.SCHEMA.getNamespace(), false, fields);

    StartedInstant second = table.start();
    WriteContext context =
        table.contextBuilder(second, 10).parquet(MIB_ROW_GROUPS).schema(evolved).build();
    WriteStat stat = new MergeHandle(context, memory()).write(current, inserts());
    assertThat(rowGroups(stat), is(1));
    List<GenericRecord> rows =
        HudiTableReader.of(table.paths.basePathString())
            .readBaseFile(table.paths.basePathString() + "/" + stat.path());
    assertThat(rows.size(), is(STORED + 600));
    for (GenericRecord row : rows) {
      assertThat(row.getSchema().getField("tip") != null, is(true));
      assertThat(row.get("tip"), is((Object) null));
    }
    assertThat(first.instantTime().value(), is(current.name().instantTime().value()));
  }

  @Test
  public void anInsertConcatCarriesTheRowGroupsOverAndKeepsDuplicateKeys() throws Exception {
    StartedInstant first = table.commitStored(STORED, MIB_ROW_GROUPS);
    BaseFile current = table.latestBaseFile();
    List<TableRecord> records = new ArrayList<>();
    for (int j = STORED - 100; j < STORED + 500; j++) {
      records.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, trip(1, j)));
    }

    StartedInstant second = table.start();
    WriteStat stat =
        new ConcatHandle(table.context(second, 10, MIB_ROW_GROUPS), scratch)
            .write(current, records);
    assertThat("scratch files left", scratch.list(), emptyArray());
    assertThat(rowGroups(stat), is(2));
    assertThat(stat.numInserts(), is(600L));
    assertThat(stat.numWrites(), is((long) STORED + 600));

    List<GenericRecord> stored =
        HudiTableReader.of(table.paths.basePathString())
            .readBaseFile(
                table.paths.basePathString() + "/" + PARTITION + "/" + current.name().value());
    List<GenericRecord> rows =
        HudiTableReader.of(table.paths.basePathString())
            .readBaseFile(table.paths.basePathString() + "/" + stat.path());
    String fileName = new Path(stat.path()).getName();
    assertThat(rows.size(), is(STORED + 600));
    for (int i = 0; i < rows.size(); i++) {
      GenericRecord row = rows.get(i);
      assertThat(HudiTableReader.string(row, MetaFields.FILE_NAME.fieldName()), is(fileName));
      if (i < STORED) {
        assertThat("row " + i, withoutFileName(row), equalTo(withoutFileName(stored.get(i))));
      } else {
        int j = STORED - 100 + (i - STORED);
        assertThat("row " + i, TripsData.values(row), equalTo(TripsData.values(trip(1, j))));
        assertThat(
            HudiTableReader.string(row, MetaFields.COMMIT_SEQNO.fieldName()),
            is(MetaFields.sequenceId(second.instantTime().value(), 1, i)));
      }
    }
    table.commit(second, OperationType.INSERT, stat);
    assertThat(
        HudiTableReader.of(table.paths.basePathString()).snapshot().size(), is(STORED + 600));
  }

  /** 600 new keys after {@code stored} and 20 deletes of absent keys, shuffled. */
  private static List<TableRecord> inserts(int stored) {
    List<TableRecord> records = new ArrayList<>();
    for (int j = stored; j < stored + 600; j++) {
      records.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, trip(1, j)));
    }
    for (int j = 100_000; j < 100_020; j++) {
      records.add(TableRecord.delete(TripsData.key(8L * j), PARTITION, null));
    }
    Collections.shuffle(records, new Random(5));
    return records;
  }

  private static List<TableRecord> inserts() {
    return inserts(STORED);
  }

  /** Both files hold the same rows in the same order, each naming itself in _hoodie_file_name. */
  private void assertSameRows(WriteStat carried, WriteStat reference) {
    HudiTableReader reader = HudiTableReader.of(table.paths.basePathString());
    List<GenericRecord> carriedRows =
        reader.readBaseFile(table.paths.basePathString() + "/" + carried.path());
    List<GenericRecord> referenceRows =
        reader.readBaseFile(table.paths.basePathString() + "/" + reference.path());
    assertThat(carriedRows.size(), is(STORED + 600));
    assertThat(referenceRows.size(), is(STORED + 600));
    String fileName = new Path(carried.path()).getName();
    for (int i = 0; i < carriedRows.size(); i++) {
      assertThat(
          "row " + i,
          withoutFileName(carriedRows.get(i)),
          equalTo(withoutFileName(referenceRows.get(i))));
      assertThat(
          HudiTableReader.string(carriedRows.get(i), MetaFields.FILE_NAME.fieldName()),
          is(fileName));
    }
  }

  /** Hudi reads the same schema, row count and key range, and a bloom filter holding every key. */
  private void assertFooter(WriteStat carried, WriteStat reference) throws Exception {
    ParquetUtils utils = new ParquetUtils();
    StoragePath carriedPath = new StoragePath(table.paths.basePathString() + "/" + carried.path());
    StoragePath referencePath =
        new StoragePath(table.paths.basePathString() + "/" + reference.path());
    HoodieStorage storage =
        new HoodieHadoopStorage(new Path(table.paths.basePathString(), carried.path()), table.conf);
    assertThat(
        utils.readAvroSchema(storage, carriedPath),
        equalTo(utils.readAvroSchema(storage, referencePath)));
    assertThat(utils.getRowCount(storage, carriedPath), is((long) STORED + 600));
    assertThat(
        List.of(utils.readMinMaxRecordKeys(storage, carriedPath)),
        equalTo(List.of(utils.readMinMaxRecordKeys(storage, referencePath))));
    BloomFilter bloom = utils.readBloomFilterFromMetadata(storage, carriedPath);
    assertThat(
        bloom.serializeToString(),
        equalTo(utils.readBloomFilterFromMetadata(storage, referencePath).serializeToString()));
    for (int j = 0; j < STORED + 600; j++) {
      assertThat(TripsData.key(8L * j), bloom.mightContain(TripsData.key(8L * j)), is(true));
    }
  }

  /** The table after the second commit, row by row: stored rows of batch 0, new ones of batch 1. */
  private void assertTable(StartedInstant first, StartedInstant second, int stored, int total)
      throws Exception {
    Map<String, GenericRecord> snapshot =
        HudiTableReader.of(table.paths.basePathString()).snapshotByRecordKey();
    assertThat(snapshot.size(), is(total));
    for (int j = 0; j < total; j++) {
      String key = TripsData.key(8L * j);
      GenericRecord row = snapshot.get(key);
      long batch = j < stored ? 0 : 1;
      assertThat(key, TripsData.values(row), equalTo(TripsData.values(trip(batch, j))));
      assertThat(
          key,
          HudiTableReader.string(row, MetaFields.COMMIT_TIME.fieldName()),
          is((batch == 0 ? first : second).instantTime().value()));
    }
  }

  private int rowGroups(WriteStat stat) throws Exception {
    return rowGroups(new Path(table.paths.basePathString(), stat.path()));
  }

  private int rowGroups(String baseFileName) throws Exception {
    return rowGroups(new Path(table.paths.partitionFolder(PARTITION), baseFileName));
  }

  private long smallestRowGroupBytes(String baseFileName) throws Exception {
    Path path = new Path(table.paths.partitionFolder(PARTITION), baseFileName);
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromPath(path, table.conf))) {
      return reader.getRowGroups().stream()
          .mapToLong(BlockMetaData::getCompressedSize)
          .min()
          .orElseThrow();
    }
  }

  private int rowGroups(Path path) throws Exception {
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromPath(path, table.conf))) {
      return reader.getRowGroups().size();
    }
  }

  private MergeMemory memory() {
    return SettingsReader.mergeMemory(Map.of(MergeMemory.SPILL_PATH, scratch.getPath()));
  }

  private static ParquetSettings rowGroupsOf(int bytes) {
    ParquetSettings defaults = ParquetSettings.defaults();
    return new ParquetSettings(
        defaults.codec(),
        bytes,
        defaults.pageSizeBytes(),
        defaults.maxFileSizeBytes(),
        defaults.dictionaryEnabled(),
        defaults.compressionRatio(),
        defaults.bloomFilter());
  }
}
