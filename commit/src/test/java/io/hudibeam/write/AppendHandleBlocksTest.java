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
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.IOType;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.Marker;
import io.hudibeam.commit.MarkerStore;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.metadatatable.MetadataTableSettings;
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
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
import org.apache.hudi.common.table.log.block.HoodieLogBlock.HeaderMetadataType;
import org.apache.hudi.common.util.collection.ClosableIterator;
import org.apache.hudi.storage.HoodieStorage;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * An append handle with a small {@code hoodie.logfile.data.block.max.size} (8 KiB) cuts its log
 * file into several Avro data blocks, each with the instant and schema headers, the delete block
 * last, as Hudi's {@code HoodieAppendHandle} writes them. Hudi 0.15's log reader ({@code
 * HoodieLogFormat}) reads every record back row by row, sequence numbers continuing across blocks;
 * on a version 6 table Hudi's snapshot reader and Hudi's own compaction give exactly the expected
 * rows; on version 8 the file is named and marked as that version names it.
 */
public class AppendHandleBlocksTest {
  private static final long BLOCK_BYTES = 8 * 1024;

  /** A trips record with meta fields is about 300 encoded bytes: a block overshoots by < 1 KiB. */
  private static final long MAX_RECORD_BYTES = 1024;

  private static final String CITY = "london";
  private static final Schema WITH_META_FIELDS = MetaFields.withMetaFields(TripsData.SCHEMA);

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private static TableConfig table(TableVersion version) {
    return TableConfig.newTable(TripsData.TABLE_NAME, TableType.MERGE_ON_READ)
        .tableVersion(version)
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

  /**
   * The records of the instant: {@code count} london keys, every sixth a delete, the others updates
   * from batch 1.
   */
  private static List<TableRecord> updatesAndDeletes(int count) {
    List<TableRecord> out = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      long i = london(n);
      out.add(
          n % 6 == 5
              ? TableRecord.delete(TripsData.key(i), CITY, TripsData.record(1, i))
              : TableRecord.upsert(TripsData.key(i), CITY, TripsData.record(1, i)));
    }
    return out;
  }

  private static TreeMap<String, List<Object>> rows(List<GenericRecord> records) {
    TreeMap<String, List<Object>> out = new TreeMap<>();
    HudiTableReader.byRecordKey(records).forEach((k, r) -> out.put(k, TripsData.values(r)));
    return out;
  }

  private List<HoodieLogBlock> readWithHudi(Path file) throws IOException {
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

  /**
   * Reads the log file with Hudi's reader and checks its blocks against {@code records}: data
   * blocks of at least {@link #BLOCK_BYTES} each but the last, each with the instant and schema
   * headers, holding the updates in order with their meta fields; then one delete block of the
   * deletes. Returns the number of data blocks.
   */
  private int checkBlocks(Path file, InstantTime instant, List<TableRecord> records)
      throws IOException {
    List<HoodieLogBlock> blocks = readWithHudi(file);
    List<TableRecord> updates = records.stream().filter(r -> !r.isDelete()).toList();
    Set<String> deletes = new TreeSet<>();
    records.stream().filter(TableRecord::isDelete).forEach(r -> deletes.add(r.recordKey()));
    int dataBlocks = blocks.size() - 1;
    int seen = 0;
    for (int b = 0; b < dataBlocks; b++) {
      HoodieAvroDataBlock block = (HoodieAvroDataBlock) blocks.get(b);
      String at = "data block " + b + " of " + file.getName();
      assertThat(
          at, block.getLogBlockHeader().get(HeaderMetadataType.INSTANT_TIME), is(instant.value()));
      assertThat(
          at,
          new Schema.Parser().parse(block.getLogBlockHeader().get(HeaderMetadataType.SCHEMA)),
          is(WITH_META_FIELDS));
      long size = block.getBlockContentLocation().get().getBlockSize();
      assertThat(at, size, lessThan(BLOCK_BYTES + MAX_RECORD_BYTES));
      if (b < dataBlocks - 1) {
        assertThat(at, size, greaterThanOrEqualTo(BLOCK_BYTES));
      }
      try (ClosableIterator<HoodieRecord<org.apache.avro.generic.IndexedRecord>> it =
          block.getRecordIterator(HoodieRecord.HoodieRecordType.AVRO)) {
        while (it.hasNext()) {
          GenericRecord read = (GenericRecord) it.next().getData();
          TableRecord written = updates.get(seen);
          String row = at + ", record " + seen;
          assertThat(row, TripsData.values(read), is(TripsData.values(written.data().get())));
          assertThat(
              row, HudiTableReader.string(read, "_hoodie_record_key"), is(written.recordKey()));
          assertThat(row, HudiTableReader.string(read, "_hoodie_partition_path"), is(CITY));
          assertThat(row, HudiTableReader.string(read, "_hoodie_commit_time"), is(instant.value()));
          assertThat(
              row,
              HudiTableReader.string(read, "_hoodie_commit_seqno"),
              is(MetaFields.sequenceId(instant.value(), 0, seen)));
          seen++;
        }
      }
    }
    assertThat(file.getName() + ": records in its data blocks", seen, is(updates.size()));
    HoodieDeleteBlock delete = (HoodieDeleteBlock) blocks.get(dataBlocks);
    assertThat(
        delete.getLogBlockHeader().get(HeaderMetadataType.INSTANT_TIME), is(instant.value()));
    Set<String> deleted = new TreeSet<>();
    for (DeleteRecord d : delete.getRecordsToDelete()) {
      deleted.add(d.getRecordKey());
    }
    assertThat(deleted, is(deletes));
    return dataBlocks;
  }

  private void checkStat(WriteStat stat, Path file, List<TableRecord> records, int dataBlocks)
      throws IOException {
    long updates = records.stream().filter(r -> !r.isDelete()).count();
    assertThat(stat.numWrites(), is(updates));
    assertThat(stat.numUpdateWrites(), is(updates));
    assertThat(stat.numInserts(), is(0L));
    assertThat(stat.numDeletes(), is(records.size() - updates));
    assertThat(stat.totalLogBlocks(), is(dataBlocks + 1L));
    assertThat(AppendHandle.blocksWritten(stat), is(dataBlocks + 1L));
    long length = FileSystem.getLocal(conf).getFileStatus(file).getLen();
    assertThat(stat.fileSizeInBytes(), is(length));
    assertThat(stat.totalWriteBytes(), is(length));
    assertThat(stat.logAppend().orElseThrow().logOffset(), is(0L));
  }

  @Test
  public void versionSixUpdatesAndDeletesInSeveralBlocksAreReadAndCompactedByHudi()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    TreeMap<String, List<Object>> expected = new TreeMap<>();
    List<GenericRecord> inserted = new ArrayList<>();
    for (int n = 0; n < 600; n++) {
      inserted.add(TripsData.record(0, london(n)));
    }
    HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).create().insert(inserted);
    inserted.forEach(r -> expected.put(r.get("uuid").toString(), TripsData.values(r)));

    FileSystem fs = FileSystem.getLocal(conf);
    TablePaths paths = TablePaths.of(base);
    WriteTransaction transaction =
        WriteTransaction.on(conf, fs, paths)
            .metadataTable(MetadataTableSettings.disabled())
            .build();
    StartedInstant started = transaction.start(table(TableVersion.SIX), Action.DELTA_COMMIT);
    InstantTime instant = started.instantTime();
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    List<BaseFile> baseFiles = view.latestBaseFiles(CITY);
    assertThat(baseFiles.size(), is(1));
    FileGroupId group = FileGroupId.of(CITY, baseFiles.get(0).name().fileId());
    FileSlice slice = view.latestFileSlice(group).orElseThrow();

    List<TableRecord> records = updatesAndDeletes(500);
    WriteStat stat =
        transaction
            .fileGroupWriter(started)
            .schema(TripsData.SCHEMA)
            .orderingField(OrderingField.of(TripsData.ORDERING_FIELD))
            .writeToken(WriteToken.of(0, 1, 1))
            .logBlockMaxBytes(BLOCK_BYTES)
            .build()
            .write(Bucket.append(slice), records);
    for (TableRecord r : records) {
      if (r.isDelete()) {
        expected.remove(r.recordKey());
      } else {
        expected.put(r.recordKey(), TripsData.values(r.data().get()));
      }
    }

    Path file = new Path(base, stat.path());
    int dataBlocks = checkBlocks(file, instant, records);
    // 417 updates of about 300 bytes: some 15 blocks of 8 KiB.
    assertThat(dataBlocks, greaterThan(10));
    checkStat(stat, file, records, dataBlocks);
    // One marker, as before: APPEND, for the one log file.
    assertThat(
        new MarkerStore(fs, paths, instant).list(),
        is(List.of(Marker.of(CITY, file.getName(), IOType.APPEND))));

    assertThat(
        transaction.commit(
            started, OperationType.UPSERT, TripsData.SCHEMA.toString(), List.of(stat)),
        is(CommitOutcome.COMMITTED));
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(rows(reader.snapshot()), is(expected));

    // Hudi's own compaction of the slice (its base file and the multi-block log file).
    HudiReference hudi =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            .writeConfig("hoodie.compact.inline.max.delta.commits", "1")
            .open();
    String compaction = hudi.scheduleCompaction().orElseThrow();
    hudi.compact(compaction);
    assertThat(rows(reader.readOptimized()), is(expected));
    assertThat(rows(reader.snapshot()), is(expected));
    reader
        .latestFileSlices()
        .forEach(s -> assertThat(s.toString(), s.getLogFiles().count(), is(0L)));
  }

  @Test
  public void versionEightLogFileHasSeveralBlocksUnderItsCreateMarker() throws Exception {
    FileSystem fs = FileSystem.getLocal(conf);
    TablePaths paths = TablePaths.of(tmp.getRoot().getAbsolutePath() + "/trips");
    StartedInstant started =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .start(table(TableVersion.EIGHT), Action.DELTA_COMMIT);
    InstantTime instant = started.instantTime();
    FileGroupId group =
        FileGroupId.of(CITY, FileId.parse("1ef3941a-84d5-41d3-9733-fc0c2167412b-0"));
    InstantTime earlier = InstantTime.parse("20261201100000000");
    FileSlice slice = FileSlice.of(group, earlier, Optional.empty(), List.of());
    WriteContext context =
        WriteContext.builder()
            .conf(conf)
            .fs(fs)
            .paths(paths)
            .instant(instant)
            .schema(TripsData.SCHEMA)
            .parquet(ParquetSettings.defaults())
            .orderingField(OrderingField.of(TripsData.ORDERING_FIELD))
            .writeToken(WriteToken.of(0, 5, 1))
            .logBlockMaxBytes(BLOCK_BYTES)
            .build();
    List<TableRecord> records = updatesAndDeletes(300);
    WriteStat stat = new AppendHandle(context).write(slice, records);

    Path file = new Path(paths.basePathString(), stat.path());
    int dataBlocks = checkBlocks(file, instant, records);
    assertThat(dataBlocks, greaterThan(5));
    checkStat(stat, file, records, dataBlocks);
    assertThat(stat.prevCommit(), is(instant.value()));
    assertThat(stat.logAppend().orElseThrow().logFiles(), is(List.of(file.getName())));
    assertThat(
        new MarkerStore(fs, paths, instant).list(),
        is(List.of(Marker.of(CITY, file.getName(), IOType.CREATE))));

    CommitMetadata metadata =
        CommitMetadata.builder()
            .operationType(OperationType.UPSERT)
            .schema(TripsData.SCHEMA.toString())
            .addWriteStat(stat)
            .build();
    assertThat(
        new InstantCommitter(fs, paths).commit(started, metadata), is(CommitOutcome.COMMITTED));
    FileSlice latest =
        FileSystemView.load(fs, paths, Timeline.load(fs, paths))
            .latestFileSlice(group)
            .orElseThrow();
    assertThat(latest.logFiles().size(), is(1));
    assertThat(latest.logFiles().get(0).value(), is(file.getName()));
  }
}
