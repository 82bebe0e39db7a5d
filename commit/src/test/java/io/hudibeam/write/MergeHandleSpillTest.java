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
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
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
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A file-group merge whose incoming records do not fit its memory budget spills them to local disk
 * and writes exactly the file the in-memory merge writes: the three files (all in memory, part
 * spilled, all spilled) are read by Hudi's reader and compared row by row, meta fields included.
 */
public class MergeHandleSpillTest {
  private static final String PARTITION = "san_francisco";
  private static final int STORED = 2000;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;

  @Before
  public void setUp() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
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

  /** Trip {@code 8 * j}: every one in san_francisco. */
  private static GenericRecord trip(long batch, int j) {
    return TripsData.record(batch, 8L * j);
  }

  private WriteContext context(StartedInstant started, long attempt) {
    return WriteContext.builder()
        .conf(conf)
        .fs(fs)
        .paths(paths)
        .instant(started.instantTime())
        .schema(TripsData.SCHEMA)
        .parquet(ParquetSettings.defaults())
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

  /**
   * 550 updates that win, 50 that lose on the ordering field, 100 deletes by key and 600 inserts,
   * in a shuffled order.
   */
  private static List<TableRecord> incoming() {
    List<TableRecord> records = new ArrayList<>();
    for (int j = 0; j < 600; j++) {
      GenericRecord update = trip(1, j);
      if (j < 50) {
        update = new GenericData.Record((GenericData.Record) trip(0, j), true);
        update.put("ts", (Long) update.get("ts") - 1);
        update.put("fare", -1.0);
      }
      records.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, update));
    }
    for (int j = 600; j < 700; j++) {
      records.add(TableRecord.delete(TripsData.key(8L * j), PARTITION, null));
    }
    for (int j = STORED; j < STORED + 600; j++) {
      records.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, trip(1, j)));
    }
    Collections.shuffle(records, new Random(11));
    return records;
  }

  @Test
  public void spilledMergesWriteTheSameRowsAsTheInMemoryMerge() throws Exception {
    StartedInstant first = commitStoredFileGroup();
    BaseFile current =
        FileSystemView.load(fs, paths, Timeline.load(fs, paths)).latestBaseFiles(PARTITION).get(0);

    StartedInstant second = start();
    File spillFolder = tmp.newFolder("spill");
    List<TableRecord> incoming = incoming();
    Map<String, MergeMemory> budgets = new TreeMap<>();
    budgets.put("1 in memory", MergeMemory.ofMaxSize(Long.MAX_VALUE));
    // About 300 bytes per record: some 100 records in memory, the other 1200 spilled.
    budgets.put("2 part spilled", spilling(30_000, spillFolder));
    budgets.put("3 all spilled", spilling(0, spillFolder));
    Map<String, WriteStat> stats = new TreeMap<>();
    long attempt = 10;
    for (Map.Entry<String, MergeMemory> budget : budgets.entrySet()) {
      stats.put(
          budget.getKey(),
          new MergeHandle(context(second, attempt++), budget.getValue()).write(current, incoming));
      assertThat("spill files left", spillFolder.list(), emptyArray());
    }

    HudiTableReader reader = HudiTableReader.of(paths.basePathString());
    Map<String, List<GenericRecord>> files = new TreeMap<>();
    for (Map.Entry<String, WriteStat> e : stats.entrySet()) {
      WriteStat stat = e.getValue();
      assertThat(e.getKey(), stat.numUpdateWrites(), is(550L));
      assertThat(e.getKey(), stat.numDeletes(), is(100L));
      assertThat(e.getKey(), stat.numInserts(), is(600L));
      assertThat(e.getKey(), stat.numWrites(), is(2500L));
      files.put(e.getKey(), reader.readBaseFile(paths.basePathString() + "/" + stat.path()));
    }
    List<GenericRecord> inMemory = files.get("1 in memory");
    assertThat(inMemory.size(), is(2500));
    for (Map.Entry<String, List<GenericRecord>> e : files.entrySet()) {
      List<GenericRecord> rows = e.getValue();
      assertThat(e.getKey(), rows.size(), is(inMemory.size()));
      String fileName = new Path(stats.get(e.getKey()).path()).getName();
      for (int i = 0; i < rows.size(); i++) {
        assertThat(
            e.getKey() + " row " + i,
            withoutFileName(rows.get(i)),
            equalTo(withoutFileName(inMemory.get(i))));
        assertThat(
            HudiTableReader.string(rows.get(i), MetaFields.FILE_NAME.fieldName()), is(fileName));
      }
    }

    // The all-spilled file is committed (the committer deletes the other two) and read by Hudi.
    commit(second, OperationType.UPSERT, stats.get("3 all spilled"));
    assertMergedTable(first, second);
  }

  /**
   * The records a merge holds in memory stay bytes: decoding one to write it does not keep the
   * decoded record (several times its bytes on the heap, which the budget does not count). Before,
   * a 10M-record upsert at -Xmx1g died of OutOfMemoryError in the merge's inserts, with every
   * in-memory record decoded and kept.
   */
  @Test
  public void aMergeDoesNotKeepItsInMemoryRecordsDecoded() throws Exception {
    StartedInstant first = commitStoredFileGroup();
    BaseFile current =
        FileSystemView.load(fs, paths, Timeline.load(fs, paths)).latestBaseFiles(PARTITION).get(0);

    RecordEncoding encoding = RecordEncoding.of(TripsData.SCHEMA);
    List<TableRecord> incoming = new ArrayList<>();
    for (TableRecord record : incoming()) {
      incoming.add(
          record.isDelete()
              ? record
              : TableRecord.of(
                  record.recordKey(),
                  record.partitionPath(),
                  record.operation(),
                  encoding.payload(encoding.encode(record.payload().get()))));
    }
    StartedInstant second = start();
    WriteStat stat =
        new MergeHandle(context(second, 2), MergeMemory.ofMaxSize(Long.MAX_VALUE))
            .write(current, incoming);

    assertThat(stat.numUpdateWrites() + stat.numInserts(), is(1150L));
    for (TableRecord record : incoming) {
      if (!record.isDelete()) {
        assertThat(record.recordKey(), record.payload().get().isDecoded(), is(false));
      }
    }
    commit(second, OperationType.UPSERT, stat);
    assertMergedTable(first, second);
  }

  /** The first instant: {@link #STORED} trips of batch 0 in one file group. */
  private StartedInstant commitStoredFileGroup() {
    StartedInstant first = start();
    List<TableRecord> stored = new ArrayList<>();
    for (int j = 0; j < STORED; j++) {
      stored.add(TableRecord.upsert(TripsData.key(8L * j), PARTITION, trip(0, j)));
    }
    FileGroupId fileGroup =
        FileGroupId.of(PARTITION, FileId.parse("5d1c2a63-3f1e-4b2a-9a55-3d4f0a1b2c3d-0"));
    commit(
        first, OperationType.INSERT, new CreateHandle(context(first, 1)).write(fileGroup, stored));
    return first;
  }

  /** The table after {@link #incoming()} was merged and committed by {@code second}, row by row. */
  private void assertMergedTable(StartedInstant first, StartedInstant second) throws Exception {
    Map<String, GenericRecord> table =
        HudiTableReader.of(paths.basePathString()).snapshotByRecordKey();
    assertThat(table.size(), is(2500));
    for (int j = 0; j < STORED + 600; j++) {
      String key = TripsData.key(8L * j);
      GenericRecord row = table.get(key);
      if (j >= 600 && j < 700) {
        assertThat(key + " deleted", row == null, is(true));
        continue;
      }
      long batch = j >= 50 && (j < 600 || j >= STORED) ? 1 : 0;
      assertThat(key, TripsData.values(row), equalTo(TripsData.values(trip(batch, j))));
      String commitTime = HudiTableReader.string(row, MetaFields.COMMIT_TIME.fieldName());
      assertThat(key, commitTime, is((batch == 1 ? second : first).instantTime().value()));
    }
  }

  private static MergeMemory spilling(long bytes, File folder) {
    return MergeMemory.fromProperties(
        Map.of(
            MergeMemory.MAX_SIZE, String.valueOf(bytes), MergeMemory.SPILL_PATH, folder.getPath()));
  }

  /** The record's fields without _hoodie_file_name, which names each merge's own file. */
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
