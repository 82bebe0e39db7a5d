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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.emptyArray;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.basefile.RowGroupCarryOver;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.bloom.BloomFilter;
import org.apache.hudi.common.util.ParquetUtils;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.apache.parquet.hadoop.ParquetFileReader;
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
  private static final String PARTITION = "san_francisco";
  private static final int STORED = 2000;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private File scratch;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
    scratch = tmp.newFolder("scratch");
  }

  @Test
  public void insertsIntoAFileCarryItsRowGroupsOverAndWriteTheRowsOfARecordByRecordMerge()
      throws Exception {
    StartedInstant first = commitStored(ParquetSettings.defaults(), STORED);
    BaseFile current = latestBaseFile();
    List<TableRecord> inserts = inserts();

    StartedInstant second = start();
    WriteStat carried =
        new MergeHandle(context(second, 10, ParquetSettings.defaults()), memory())
            .write(current, inserts);
    // The same inserts plus an update of a stored key that loses on the ordering field: the stored
    // record stays, but the merge must read the file record by record to know it.
    List<TableRecord> withLosingUpdate = new ArrayList<>(inserts);
    GenericRecord older = new GenericData.Record((GenericData.Record) trip(0, 7), true);
    older.put("ts", (Long) older.get("ts") - 1);
    older.put("fare", -1.0);
    withLosingUpdate.add(TableRecord.upsert(TripsData.key(8L * 7), PARTITION, older));
    WriteStat recordByRecord =
        new MergeHandle(context(second, 11, ParquetSettings.defaults()), memory())
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
          is(fs.getFileStatus(new Path(paths.basePathString(), stat.path())).getLen()));
    }
    assertSameRows(carried, recordByRecord);
    assertFooter(carried, recordByRecord);

    // The carried-over file is committed (the committer deletes the other one) and read by Hudi.
    commit(second, OperationType.UPSERT, carried);
    assertTable(first, second, STORED, STORED + 600);
  }

  @Test
  public void aFileAlreadyHoldingMaxRowGroupsIsMergedRecordByRecordIntoOneRowGroup()
      throws Exception {
    ParquetSettings defaults = ParquetSettings.defaults();
    ParquetSettings tinyRowGroups =
        new ParquetSettings(
            defaults.codec(),
            4096,
            defaults.pageSizeBytes(),
            defaults.maxFileSizeBytes(),
            defaults.dictionaryEnabled(),
            defaults.compressionRatio(),
            defaults.bloomFilter());
    int stored = 5000;
    StartedInstant first = commitStored(tinyRowGroups, stored);
    BaseFile current = latestBaseFile();
    assertThat(
        rowGroups(current.name().value()), greaterThanOrEqualTo(RowGroupCarryOver.MAX_ROW_GROUPS));

    StartedInstant second = start();
    WriteStat stat =
        new MergeHandle(context(second, 10, defaults), memory()).write(current, inserts(stored));
    assertThat(rowGroups(stat), is(1));
    assertThat(stat.numWrites(), is((long) stored + 600));
    commit(second, OperationType.UPSERT, stat);
    assertTable(first, second, stored, stored + 600);
  }

  @Test
  public void aFileOfAnOlderSchemaIsMergedRecordByRecordIntoTheEvolvedSchema() throws Exception {
    StartedInstant first = commitStored(ParquetSettings.defaults(), STORED);
    BaseFile current = latestBaseFile();
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

    StartedInstant second = start();
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(second.instantTime())
            .schema(evolved)
            .parquet(ParquetSettings.defaults())
            .orderingField(OrderingField.of("ts"))
            .writeToken(WriteToken.of(1, 2, 10))
            .build();
    WriteStat stat = new MergeHandle(context, memory()).write(current, inserts());
    assertThat(rowGroups(stat), is(1));
    List<GenericRecord> rows =
        HudiTableReader.of(paths.basePathString())
            .readBaseFile(paths.basePathString() + "/" + stat.path());
    assertThat(rows.size(), is(STORED + 600));
    for (GenericRecord row : rows) {
      assertThat(row.getSchema().getField("tip") != null, is(true));
      assertThat(row.get("tip"), is((Object) null));
    }
    assertThat(first.instantTime().value(), is(current.name().instantTime().value()));
  }

  @Test
  public void anInsertConcatCarriesTheRowGroupsOverAndKeepsDuplicateKeys() throws Exception {
    StartedInstant first = commitStored(ParquetSettings.defaults(), STORED);
    BaseFile current = latestBaseFile();
    List<TableRecord> records = new ArrayList<>();
    for (int j = STORED - 100; j < STORED + 500; j++) {
      records.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, trip(1, j)));
    }

    StartedInstant second = start();
    WriteStat stat =
        new ConcatHandle(context(second, 10, ParquetSettings.defaults()), scratch)
            .write(current, records);
    assertThat("scratch files left", scratch.list(), emptyArray());
    assertThat(rowGroups(stat), is(2));
    assertThat(stat.numInserts(), is(600L));
    assertThat(stat.numWrites(), is((long) STORED + 600));

    List<GenericRecord> stored =
        HudiTableReader.of(paths.basePathString())
            .readBaseFile(paths.basePathString() + "/" + PARTITION + "/" + current.name().value());
    List<GenericRecord> rows =
        HudiTableReader.of(paths.basePathString())
            .readBaseFile(paths.basePathString() + "/" + stat.path());
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
    commit(second, OperationType.INSERT, stat);
    assertThat(HudiTableReader.of(paths.basePathString()).snapshot().size(), is(STORED + 600));
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
    HudiTableReader reader = HudiTableReader.of(paths.basePathString());
    List<GenericRecord> carriedRows =
        reader.readBaseFile(paths.basePathString() + "/" + carried.path());
    List<GenericRecord> referenceRows =
        reader.readBaseFile(paths.basePathString() + "/" + reference.path());
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
    StoragePath carriedPath = new StoragePath(paths.basePathString() + "/" + carried.path());
    StoragePath referencePath = new StoragePath(paths.basePathString() + "/" + reference.path());
    HoodieStorage storage =
        new HoodieHadoopStorage(new Path(paths.basePathString(), carried.path()), conf);
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
    Map<String, GenericRecord> table =
        HudiTableReader.of(paths.basePathString()).snapshotByRecordKey();
    assertThat(table.size(), is(total));
    for (int j = 0; j < total; j++) {
      String key = TripsData.key(8L * j);
      GenericRecord row = table.get(key);
      long batch = j < stored ? 0 : 1;
      assertThat(key, TripsData.values(row), equalTo(TripsData.values(trip(batch, j))));
      assertThat(
          key,
          HudiTableReader.string(row, MetaFields.COMMIT_TIME.fieldName()),
          is((batch == 0 ? first : second).instantTime().value()));
    }
  }

  private int rowGroups(WriteStat stat) throws Exception {
    return rowGroups(new Path(paths.basePathString(), stat.path()));
  }

  private int rowGroups(String baseFileName) throws Exception {
    return rowGroups(new Path(paths.partitionFolder(PARTITION), baseFileName));
  }

  private int rowGroups(Path path) throws Exception {
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
      return reader.getRowGroups().size();
    }
  }

  private BaseFile latestBaseFile() {
    return FileSystemView.load(fs, paths, Timeline.load(fs, paths))
        .latestBaseFiles(PARTITION)
        .get(0);
  }

  /** The first instant: {@code count} trips of batch 0 in one file group. */
  private StartedInstant commitStored(ParquetSettings parquet, int count) {
    StartedInstant first = start();
    List<TableRecord> stored = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      stored.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, trip(0, j)));
    }
    FileGroupId fileGroup =
        FileGroupId.of(PARTITION, FileId.parse("5d1c2a63-3f1e-4b2a-9a55-3d4f0a1b2c3d-0"));
    commit(
        first,
        OperationType.INSERT,
        new CreateHandle(context(first, 1, parquet)).write(fileGroup, stored));
    return first;
  }

  private MergeMemory memory() {
    return MergeMemory.fromProperties(Map.of(MergeMemory.SPILL_PATH, scratch.getPath()));
  }

  /** Trip {@code 8 * j}: every one in san_francisco. */
  private static GenericRecord trip(long batch, int j) {
    return TripsData.record(batch, 8L * j);
  }

  private TableConfig tripsTable() {
    return TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("uuid"))
        .partitionFields(List.of("city"))
        .orderingField("ts")
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  private WriteContext context(StartedInstant started, long attempt, ParquetSettings parquet) {
    return WriteContext.builder()
        .conf(conf)
        .fs(fs)
        .paths(paths)
        .instant(started.instantTime())
        .schema(TripsData.SCHEMA)
        .parquet(parquet)
        .orderingField(OrderingField.of("ts"))
        .writeToken(WriteToken.of(1, 2, attempt))
        .build();
  }

  private StartedInstant start() {
    return new InstantStarter(fs, paths, Clock.systemUTC()).start(tripsTable(), Action.COMMIT);
  }

  private void commit(StartedInstant started, OperationType operation, WriteStat stat) {
    CommitMetadata metadata =
        CommitMetadata.builder()
            .operationType(operation)
            .schema(TripsData.SCHEMA.toString())
            .addWriteStat(stat.partitionPath(), stat)
            .build();
    assertThat(
        new InstantCommitter(fs, paths).commit(started.instantTime(), Action.COMMIT, metadata),
        is(CommitOutcome.COMMITTED));
  }

  /** The record's fields without _hoodie_file_name, which names each file itself. */
  private static List<Object> withoutFileName(GenericRecord record) {
    List<Object> values = new ArrayList<>();
    for (Schema.Field field : record.getSchema().getFields()) {
      if (!field.name().equals(MetaFields.FILE_NAME.fieldName())) {
        values.add(field.name() + "=" + record.get(field.pos()));
      }
    }
    return values;
  }
}
