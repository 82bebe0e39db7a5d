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
package io.hudibeam.conformance;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.Cleaner;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.write.WriteTransaction;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.bloom.BloomFilter;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.common.util.ParquetUtils;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HoodieHadoopStorage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A table written by our format code alone (no Beam): Hudi opens it, reads every record, accepts
 * our bloom filter footers, parses our rollback and clean instants, and its Java client continues
 * the table; we then read what Hudi wrote.
 */
public class OurWrittenTablesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private LocalWrite trips;

  private String base() {
    return paths.basePathString();
  }

  @Test
  public void hudiReadsContinuesAndIsReadBack() throws Exception {
    fs = FileSystem.getLocal(conf);
    paths = TablePaths.of(tmp.newFolder("trips").getAbsolutePath());
    trips = LocalWrite.trips(base());

    // The first commit step by step, committed twice: the second commit finds it completed.
    WriteTransaction transaction = trips.transaction();
    StartedInstant first = transaction.start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> stats = trips.writeUpserts(first, TripsData.batch(0, 0, 600));
    String schema = TripsData.SCHEMA.toString();
    assertThat(
        transaction.commit(first, OperationType.INSERT, schema, stats),
        is(CommitOutcome.COMMITTED));
    assertThat(
        transaction.commit(first, OperationType.INSERT, schema, stats),
        is(CommitOutcome.ALREADY_COMMITTED));
    String t1 = first.instantTime().value();
    String t2 = trips.upsert(TripsData.batch(1, 300, 600));
    String failed = trips.upsertWithoutCommit(TripsData.batch(2, 0, 900));
    // Its writer died: its heartbeat stopped, and 10 minutes later it has expired.
    assertThat(
        new java.io.File(base(), ".hoodie/.heartbeat/" + failed)
            .setLastModified(System.currentTimeMillis() - 600_000),
        is(true));
    String t3 = trips.delete(TripsData.batch(0, 0, 100)); // rolls back `failed`

    Map<String, GenericRecord> rows = HudiTableReader.of(base()).snapshotByRecordKey();
    assertThat(rows.size(), is(800));
    for (long i = 100; i < 900; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(TripsData.values(row), is(TripsData.values(TripsData.record(i < 300 ? 0 : 1, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_commit_time"), is(i < 300 ? t1 : t2));
    }
    assertThat(HudiTableReader.of(base()).completedInstantTimes().contains(failed), is(false));

    HoodieTableMetaClient meta = HudiTableReader.of(base()).metaClient();
    HoodieInstant rollback = meta.getActiveTimeline().getRollbackTimeline().lastInstant().get();
    HoodieRollbackMetadata rollbackMetadata =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollback).get());
    assertThat(rollbackMetadata.getCommitsRollback(), is(List.of(failed)));

    HoodieHadoopStorage storage = new HoodieHadoopStorage(new Path(base()), conf);
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    for (BaseFile file : view.latestBaseFiles()) {
      StoragePath path = new StoragePath(base(), file.relativePath());
      BloomFilter bloom = new ParquetUtils().readBloomFilterFromMetadata(storage, path);
      for (String key :
          BaseFileReader.of(conf, new Path(base(), file.relativePath())).readRecordKeys()) {
        assertThat(key, bloom.mightContain(key), is(true));
      }
    }

    List<io.hudibeam.services.CleanResult> cleaned =
        new Cleaner(fs, paths, CleanSettings.keepLatestCommits(1))
            .clean(new InstantTimeGenerator(Clock.systemUTC(), TimelineTimezone.LOCAL));
    assertThat(cleaned.size(), is(1));
    HoodieInstant clean =
        HudiTableReader.of(base())
            .metaClient()
            .getActiveTimeline()
            .getCleanerTimeline()
            .lastInstant()
            .get();
    HoodieCleanMetadata cleanMetadata =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(
            HudiTableReader.of(base())
                .metaClient()
                .getActiveTimeline()
                .getInstantDetails(clean)
                .get());
    assertThat(cleanMetadata.getTotalFilesDeleted(), is(cleaned.get(0).deletedFiles().size()));
    assertThat(HudiTableReader.of(base()).snapshotByRecordKey().size(), is(800));

    // Hudi's Java client continues our table; our format code reads what it wrote.
    // With its metadata table, as Hudi's writers default to: with it disabled, Hudi 0.15's
    // archiver fails on a table whose hoodie.properties still lists it (getLatestCompactionTime
    // of FileSystemBackedTableMetadata) before the deletion is seen.
    HudiReference.trips(base()).metadataTable(true).open().upsert(TripsData.batch(5, 850, 100));
    Timeline afterHudi = Timeline.load(fs, paths);
    FileSystemView viewAfter = FileSystemView.load(fs, paths, afterHudi);
    Map<String, GenericRecord> ours = new HashMap<>();
    for (BaseFile file : viewAfter.latestBaseFiles()) {
      for (GenericRecord r :
          BaseFileReader.of(conf, new Path(base(), file.relativePath())).readRecords()) {
        assertThat(ours.put(r.get("_hoodie_record_key").toString(), r) == null, is(true));
      }
    }
    assertThat(ours.size(), is(850));
    for (long i = 100; i < 950; i++) {
      long batch = i >= 850 ? 5 : i < 300 ? 0 : 1;
      assertThat(
          TripsData.values(ours.get(TripsData.key(i))),
          is(TripsData.values(TripsData.record(batch, i))));
    }
    assertThat(Files.exists(Paths.get(base(), ".hoodie", ".temp", t3)), is(false));
  }
}
