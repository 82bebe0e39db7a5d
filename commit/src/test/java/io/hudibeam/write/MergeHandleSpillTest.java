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
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
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
import java.util.TreeMap;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
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
  private static final String PARTITION = SanFranciscoFileGroup.PARTITION;
  private static final int STORED = 2000;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private SanFranciscoFileGroup table;

  @Before
  public void setUp() throws Exception {
    table = new SanFranciscoFileGroup(tmp.newFolder("trips"));
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
    StartedInstant first = table.commitStored(STORED, ParquetSettings.defaults());
    BaseFile current = table.latestBaseFile();

    StartedInstant second = table.start();
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
          new MergeHandle(table.context(second, attempt++), budget.getValue())
              .write(current, incoming));
      assertThat("spill files left", spillFolder.list(), emptyArray());
    }

    HudiTableReader reader = HudiTableReader.of(table.paths.basePathString());
    Map<String, List<GenericRecord>> files = new TreeMap<>();
    for (Map.Entry<String, WriteStat> e : stats.entrySet()) {
      WriteStat stat = e.getValue();
      assertThat(e.getKey(), stat.numUpdateWrites(), is(550L));
      assertThat(e.getKey(), stat.numDeletes(), is(100L));
      assertThat(e.getKey(), stat.numInserts(), is(600L));
      assertThat(e.getKey(), stat.numWrites(), is(2500L));
      files.put(e.getKey(), reader.readBaseFile(table.paths.basePathString() + "/" + stat.path()));
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
    table.commit(second, OperationType.UPSERT, stats.get("3 all spilled"));
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
    StartedInstant first = table.commitStored(STORED, ParquetSettings.defaults());
    BaseFile current = table.latestBaseFile();

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
    StartedInstant second = table.start();
    WriteStat stat =
        new MergeHandle(table.context(second, 2), MergeMemory.ofMaxSize(Long.MAX_VALUE))
            .write(current, incoming);

    assertThat(stat.numUpdateWrites() + stat.numInserts(), is(1150L));
    for (TableRecord record : incoming) {
      if (!record.isDelete()) {
        assertThat(record.recordKey(), record.payload().get().isDecoded(), is(false));
      }
    }
    table.commit(second, OperationType.UPSERT, stat);
    assertMergedTable(first, second);
  }

  /** The table after {@link #incoming()} was merged and committed by {@code second}, row by row. */
  private void assertMergedTable(StartedInstant first, StartedInstant second) throws Exception {
    Map<String, GenericRecord> snapshot =
        HudiTableReader.of(table.paths.basePathString()).snapshotByRecordKey();
    assertThat(snapshot.size(), is(2500));
    for (int j = 0; j < STORED + 600; j++) {
      String key = TripsData.key(8L * j);
      GenericRecord row = snapshot.get(key);
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
    return SettingsReader.mergeMemory(
        Map.of(
            MergeMemory.MAX_SIZE, String.valueOf(bytes), MergeMemory.SPILL_PATH, folder.getPath()));
  }
}
