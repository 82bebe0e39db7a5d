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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyArray;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataTableSettings;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.model.DeleteRecord;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.log.HoodieLogFormat;
import org.apache.hudi.common.table.log.block.HoodieAvroDataBlock;
import org.apache.hudi.common.table.log.block.HoodieDeleteBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * An append handle over its memory budget ({@code hoodie.memory.merge.max.size} of 20 KB): the keys
 * it checks for duplicates spill to local disk (a key is refused twice all the same), and its
 * deletes are written in several delete blocks, each once the deletes held reach the budget. Hudi
 * 0.15's log reader reads the file's blocks back exactly (a delete block, the data block of every
 * update in order, the last delete block), and Hudi's snapshot reader, which merges the log with
 * the base file by its log record scanner, gives exactly the expected rows.
 */
public class AppendHandleSpillTest {
  private static final String CITY = "london";
  private static final long BUDGET = 20_000;
  private static final Schema WITH_META_FIELDS = MetaFields.withMetaFields(TripsData.SCHEMA);

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private static TableConfig table() {
    return TableConfig.newTable(TripsData.TABLE_NAME, TableType.MERGE_ON_READ)
        .tableVersion(TableVersion.SIX)
        .recordKeyFields(List.of(TripsData.RECORD_KEY_FIELD))
        .partitionFields(List.of(TripsData.PARTITION_FIELD))
        .orderingField(TripsData.ORDERING_FIELD)
        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
        .createSchema(TripsData.SCHEMA.toString())
        .build();
  }

  /** The trips indexes of london: i % 8 == 4. */
  private static long london(int n) {
    return 8L * n + 4;
  }

  private static TreeMap<String, List<Object>> rows(List<GenericRecord> records) {
    TreeMap<String, List<Object>> out = new TreeMap<>();
    HudiTableReader.byRecordKey(records).forEach((k, r) -> out.put(k, TripsData.values(r)));
    return out;
  }

  /** A table Hudi wrote (600 london trips), a started deltacommit and the slice to append to. */
  private record Setup(
      String base,
      WriteTransaction transaction,
      StartedInstant started,
      FileSlice slice,
      TreeMap<String, List<Object>> stored) {}

  private Setup setUp() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    TreeMap<String, List<Object>> stored = new TreeMap<>();
    List<GenericRecord> inserted = new ArrayList<>();
    for (int n = 0; n < 600; n++) {
      inserted.add(TripsData.record(0, london(n)));
    }
    HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).create().insert(inserted);
    inserted.forEach(r -> stored.put(r.get("uuid").toString(), TripsData.values(r)));
    FileSystem fs = FileSystem.getLocal(conf);
    TablePaths paths = TablePaths.of(base);
    WriteTransaction transaction =
        WriteTransaction.on(conf, fs, paths)
            .metadataTable(MetadataTableSettings.disabled())
            .build();
    StartedInstant started = transaction.start(table(), Action.DELTA_COMMIT);
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    List<BaseFile> baseFiles = view.latestBaseFiles(CITY);
    assertThat(baseFiles.size(), is(1));
    FileGroupId group = FileGroupId.of(CITY, baseFiles.get(0).name().fileId());
    return new Setup(base, transaction, started, view.latestFileSlice(group).orElseThrow(), stored);
  }

  private AppendHandle handle(Setup setup, File spillFolder) throws Exception {
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(FileSystem.getLocal(conf))
            .paths(TablePaths.of(setup.base()))
            .instant(setup.started().instantTime())
            .schema(TripsData.SCHEMA)
            .parquet(ParquetSettings.defaults())
            .orderingField(OrderingField.of(TripsData.ORDERING_FIELD))
            .writeToken(WriteToken.of(0, 1, 1))
            .build();
    MergeMemory memory =
        SettingsReader.mergeMemory(
            Map.of(
                MergeMemory.MAX_SIZE,
                String.valueOf(BUDGET),
                MergeMemory.SPILL_PATH,
                spillFolder.getPath()));
    return new AppendHandle(context, WriteOperation.UPSERT, memory);
  }

  private List<HoodieLogBlock> readWithHudi(Path file) throws Exception {
    HoodieStorage storage = new HoodieHadoopStorage(file.getParent().toString(), conf);
    List<HoodieLogBlock> blocks = new ArrayList<>();
    try (HoodieLogFormat.Reader reader =
        HoodieLogFormat.newReader(
            storage, new HoodieLogFile(new StoragePath(file.toUri())), WITH_META_FIELDS)) {
      while (reader.hasNext()) {
        blocks.add(reader.next());
      }
    }
    return blocks;
  }

  private static List<String> deleteKeys(HoodieLogBlock block) {
    List<String> keys = new ArrayList<>();
    for (DeleteRecord d : ((HoodieDeleteBlock) block).getRecordsToDelete()) {
      keys.add(d.getRecordKey());
    }
    return keys;
  }

  @Test
  public void spilledKeysAndSeveralDeleteBlocksAreReadByHudi() throws Exception {
    Setup setup = setUp();
    InstantTime instant = setup.started().instantTime();
    File spillFolder = tmp.newFolder("spill");
    // 500 london keys, every other one a delete: 250 updates, 250 deletes.
    List<TableRecord> records = new ArrayList<>();
    List<TableRecord> updates = new ArrayList<>();
    List<String> deletes = new ArrayList<>();
    TreeMap<String, List<Object>> expected = new TreeMap<>(setup.stored());
    for (int n = 0; n < 500; n++) {
      long i = london(n);
      if (n % 2 == 1) {
        records.add(TableRecord.delete(TripsData.key(i), CITY, TripsData.record(1, i)));
        deletes.add(TripsData.key(i));
        expected.remove(TripsData.key(i));
      } else {
        TableRecord update = TableRecord.upsert(TripsData.key(i), CITY, TripsData.record(1, i));
        records.add(update);
        updates.add(update);
        expected.put(TripsData.key(i), TripsData.values(update.data().get()));
      }
    }
    AppendHandle handle = handle(setup, spillFolder);
    WriteStat stat = handle.write(setup.slice(), records);

    // A key without data is estimated at some 320 bytes: about 60 of the 500 fit 20 KB.
    assertThat("keys spilled", handle.spilledKeys(), greaterThan(400L));
    assertThat("spill files left", spillFolder.list(), emptyArray());

    // The deletes held reach the budget at the k-th: written then as a delete block, before the
    // data block (the upserts fit one block of the default 256 MiB); the rest after it.
    int k = 0;
    for (long bytes = 0; bytes < BUDGET; k++) {
      bytes += AppendHandle.DELETE_OVERHEAD_BYTES + 2L * deletes.get(k).length();
    }
    Path file = new Path(setup.base(), stat.path());
    List<HoodieLogBlock> blocks = readWithHudi(file);
    assertThat(blocks.size(), is(3));
    assertThat(blocks.get(0), instanceOf(HoodieDeleteBlock.class));
    assertThat(deleteKeys(blocks.get(0)), is(deletes.subList(0, k)));
    assertThat(deleteKeys(blocks.get(2)), is(deletes.subList(k, deletes.size())));
    for (HoodieLogBlock block : blocks) {
      assertThat(
          block.getLogBlockHeader().get(HoodieLogBlock.HeaderMetadataType.INSTANT_TIME),
          is(instant.value()));
    }
    int seen = 0;
    try (ClosableIterator<HoodieRecord<org.apache.avro.generic.IndexedRecord>> it =
        ((HoodieAvroDataBlock) blocks.get(1))
            .getRecordIterator(HoodieRecord.HoodieRecordType.AVRO)) {
      while (it.hasNext()) {
        GenericRecord read = (GenericRecord) it.next().getData();
        TableRecord written = updates.get(seen);
        String row = "record " + seen;
        assertThat(row, TripsData.values(read), is(TripsData.values(written.data().get())));
        assertThat(
            row, HudiTableReader.string(read, "_hoodie_record_key"), is(written.recordKey()));
        assertThat(row, HudiTableReader.string(read, "_hoodie_commit_time"), is(instant.value()));
        seen++;
      }
    }
    assertThat(seen, is(updates.size()));
    assertThat(stat.numWrites(), is(250L));
    assertThat(stat.numDeletes(), is(250L));
    assertThat(stat.totalLogBlocks(), is(3L));
    assertThat(AppendHandle.blocksWritten(stat), is(3L));

    assertThat(
        setup
            .transaction()
            .commit(
                setup.started(), OperationType.UPSERT, TripsData.SCHEMA.toString(), List.of(stat)),
        is(CommitOutcome.COMMITTED));
    assertThat(rows(HudiTableReader.of(setup.base()).snapshot()), is(expected));
  }

  @Test
  public void aSpilledKeyReachingTheFileGroupTwiceIsRefused() throws Exception {
    Setup setup = setUp();
    File spillFolder = tmp.newFolder("spill");
    List<TableRecord> records = new ArrayList<>();
    for (int n = 0; n < 300; n++) {
      records.add(
          TableRecord.upsert(TripsData.key(london(n)), CITY, TripsData.record(1, london(n))));
    }
    // The last key of the 300 went to the spill file; it comes again.
    records.add(
        TableRecord.upsert(TripsData.key(london(299)), CITY, TripsData.record(2, london(299))));
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () -> handle(setup, spillFolder).write(setup.slice(), records));
    assertThat(e.getMessage(), containsString("'" + TripsData.key(london(299)) + "'"));
    assertThat(e.getMessage(), containsString("twice in instant"));
    assertThat("spill files left", spillFolder.list(), emptyArray());
  }
}
