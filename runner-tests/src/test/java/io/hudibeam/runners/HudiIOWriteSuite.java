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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.testing.ChangeStreamTables;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.write.WriteFileGroups;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The write suite every runner must pass: each table written through {@link HudiIO} is read back
 * with Hudi 0.15's own reader ({@link HudiTableReader}), row by row, and its files are checked
 * against the commit metadata (no orphan base files). Subclasses supply the runner's {@link
 * PipelineOptions}.
 */
public abstract class HudiIOWriteSuite {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Fresh options for one pipeline run on the runner under test. */
  protected abstract PipelineOptions options();

  protected static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName(TripsData.TABLE_NAME)
        .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
        .withPartitionFields(TripsData.PARTITION_FIELD)
        .withOrderingField(TripsData.ORDERING_FIELD)
        .withOperation(operation);
  }

  protected void run(List<Row> rows, Schema schema, HudiIO.Write<Row> write) {
    run(options(), rows, schema, write);
  }

  protected static void run(
      PipelineOptions options, List<Row> rows, Schema schema, HudiIO.Write<Row> write) {
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(rows).withRowSchema(schema)).apply(write);
    PipelineResult.State state = p.run().waitUntilFinish();
    assertThat(state, is(PipelineResult.State.DONE));
  }

  @Test
  public void bulkInsertUpsertDeleteReadBackWithHudi() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);

    run(TripsRows.batch(0, 0, 400), TripsRows.SCHEMA, trips(base, WriteOperation.BULK_INSERT));
    String bulkInsert = single(reader.completedInstantTimes());
    assertRows(reader.snapshotByRecordKey(), 0, 400, i -> 0L, i -> bulkInsert);
    assertNoOrphanBaseFiles(base);

    run(TripsRows.batch(1, 200, 400), TripsRows.SCHEMA, trips(base, WriteOperation.UPSERT));
    String upsert = reader.completedInstantTimes().get(1);
    assertThat(reader.completedInstantTimes(), is(List.of(bulkInsert, upsert)));
    assertRows(
        reader.snapshotByRecordKey(),
        0,
        600,
        i -> i < 200 ? 0L : 1L,
        i -> i < 200 ? bulkInsert : upsert);
    // Untouched rows keep their commit time, so the incremental read after the bulk insert is the
    // upsert.
    Map<String, GenericRecord> changed =
        HudiTableReader.byRecordKey(reader.incrementalSince(bulkInsert));
    assertRows(changed, 200, 400, i -> 1L, i -> upsert);
    assertNoOrphanBaseFiles(base);

    run(TripsRows.keys(0, 40), TripsRows.KEY_SCHEMA, trips(base, WriteOperation.DELETE));
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants.size(), is(3));
    assertThat(instants.subList(0, 2), is(List.of(bulkInsert, upsert)));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertRows(rows, 40, 560, i -> i < 200 ? 0L : 1L, i -> i < 200 ? bulkInsert : upsert);
    assertThat(reader.incrementalSince(upsert), is(empty()));
    assertNoOrphanBaseFiles(base);
  }

  /**
   * One {@code HudiIO.writeTables()} writes a change stream of three source tables into three
   * tables of their own keys, partitioning and table types, twice (inserts, then updates and
   * deletes mixed); each table read back row by row with Hudi's reader ({@link
   * ChangeStreamTables}).
   */
  @Test
  public void manyTablesFromOneTransformReadBackWithHudi() throws Exception {
    File warehouse = tmp.newFolder("warehouse");
    for (List<Row> rows : List.of(ChangeStreamTables.inserts(), ChangeStreamTables.changes())) {
      Pipeline p = Pipeline.create(options());
      p.apply(Create.of(rows).withRowSchema(ChangeStreamTables.SCHEMA))
          .apply(ChangeStreamTables.writeTables(warehouse));
      assertThat(p.run().waitUntilFinish(), is(PipelineResult.State.DONE));
    }
    ChangeStreamTables.assertTables(
        warehouse,
        List.of(ChangeStreamTables.inserts(), ChangeStreamTables.changes()),
        Map.of("orders", 2, "customers", 2, "events", 2));
    for (String table : List.of("orders", "events")) {
      assertNoOrphanBaseFiles(ChangeStreamTables.base(warehouse, table));
    }
  }

  @Test
  public void insertBeyondMaxFileSizeRollsToSeveralFileGroups() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    // 50 records per partition at the 1 KiB record size estimate and a 20 KiB max file size: Hudi's
    // UpsertPartitioner makes ceil(50 / 20) = 3 new file groups per partition.
    run(
        TripsRows.batch(0, 0, 400),
        TripsRows.SCHEMA,
        trips(base, WriteOperation.INSERT).withMaxFileSize(20 * 1024));
    HudiTableReader reader = HudiTableReader.of(base);
    String insert = single(reader.completedInstantTimes());
    assertRows(reader.snapshotByRecordKey(), 0, 400, i -> 0L, i -> insert);
    Map<String, Long> fileGroupsPerPartition =
        reader.latestFileSlices().stream()
            .collect(
                Collectors.groupingBy(
                    FileSlice::getPartitionPath, TreeMap::new, Collectors.counting()));
    Map<String, Long> expected = new TreeMap<>();
    TripsData.CITIES.forEach(city -> expected.put(city, 3L));
    assertThat(fileGroupsPerPartition, is(expected));
    assertNoOrphanBaseFiles(base);
  }

  @Test
  public void mergesOverTheirMemoryBudgetSpillAndWriteTheSameTable() throws Exception {
    // Two tables, the same writes: one merges in memory, the other with a budget of 0 bytes, so
    // every incoming record of every merge is spilled to local disk and read back from there.
    File spill = tmp.newFolder("spill");
    Map<String, String> nothing =
        Map.of(MergeMemory.MAX_SIZE, "0", MergeMemory.SPILL_PATH, spill.getAbsolutePath());
    Map<String, HudiTableReader> tables = new TreeMap<>();
    Map<String, Long> spilled = new TreeMap<>();
    for (String name : List.of("in-memory", "spilled")) {
      String base = tmp.newFolder(name).getAbsolutePath();
      Map<String, String> memory = name.equals("spilled") ? nothing : Map.of();
      runCountingSpills(
          TripsRows.batch(0, 0, 400),
          TripsRows.SCHEMA,
          trips(base, WriteOperation.INSERT).withHoodieProperties(memory));
      // 200 updates of stored keys and 200 inserts that fill the small files: all merges.
      long upsertSpills =
          runCountingSpills(
              TripsRows.batch(1, 200, 400),
              TripsRows.SCHEMA,
              trips(base, WriteOperation.UPSERT).withHoodieProperties(memory));
      long deleteSpills =
          runCountingSpills(
              TripsRows.keys(0, 40),
              TripsRows.KEY_SCHEMA,
              trips(base, WriteOperation.DELETE).withHoodieProperties(memory));
      spilled.put(name, upsertSpills + deleteSpills);
      tables.put(name, HudiTableReader.of(base));
      assertNoOrphanBaseFiles(base);
    }
    assertThat(spilled, is(Map.of("in-memory", 0L, "spilled", 440L)));
    assertThat("spill files left", spill.list().length, is(0));

    for (HudiTableReader reader : tables.values()) {
      List<String> instants = reader.completedInstantTimes();
      assertRows(
          reader.snapshotByRecordKey(),
          40,
          560,
          i -> i < 200 ? 0L : 1L,
          i -> i < 200 ? instants.get(0) : instants.get(1));
    }
    // Row by row, every field but the instant-specific ones (commit time checked above, sequence
    // number, file name) is the same in both tables.
    Map<String, GenericRecord> inMemory = tables.get("in-memory").snapshotByRecordKey();
    Map<String, GenericRecord> spilledRows = tables.get("spilled").snapshotByRecordKey();
    assertThat(spilledRows.keySet(), is(inMemory.keySet()));
    for (Map.Entry<String, GenericRecord> e : inMemory.entrySet()) {
      GenericRecord other = spilledRows.get(e.getKey());
      for (org.apache.avro.Schema.Field field : other.getSchema().getFields()) {
        if (!field.name().equals("_hoodie_commit_time")
            && !field.name().equals("_hoodie_commit_seqno")
            && !field.name().equals("_hoodie_file_name")) {
          assertThat(
              e.getKey() + "." + field.name(),
              String.valueOf(other.get(field.name())),
              is(String.valueOf(e.getValue().get(field.name()))));
        }
      }
    }
  }

  /** Runs the write and returns how many incoming records its merges spilled (a Beam counter). */
  private long runCountingSpills(List<Row> rows, Schema schema, HudiIO.Write<Row> write) {
    Pipeline p = Pipeline.create(options());
    p.apply(Create.of(rows).withRowSchema(schema)).apply(write);
    PipelineResult result = p.run();
    assertThat(result.waitUntilFinish(), is(PipelineResult.State.DONE));
    long total = 0;
    for (MetricResult<Long> counter :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder()
                    .addNameFilter(
                        MetricNameFilter.named(
                            WriteFileGroups.class, WriteFileGroups.SPILLED_RECORDS))
                    .build())
            .getCounters()) {
      total += counter.getAttempted();
    }
    return total;
  }

  /** A function of the trips index. */
  protected interface ByIndex<T> {
    T of(long i);
  }

  /**
   * Asserts that {@code rows} holds exactly the trips indexes {@code start .. start + count - 1},
   * each with the user fields of batch {@code batch(i)}, committed at {@code commitTime(i)} in
   * partition {@code city(i)}.
   */
  protected static void assertRows(
      Map<String, GenericRecord> rows,
      long start,
      long count,
      ByIndex<Long> batch,
      ByIndex<String> commitTime) {
    assertThat(new TreeSet<>(rows.keySet()), is(new TreeSet<>(TripsData.keys(start, count))));
    for (long i = start; i < start + count; i++) {
      String key = TripsData.key(i);
      GenericRecord row = rows.get(key);
      assertThat(
          key, TripsData.values(row), is(TripsData.values(TripsData.record(batch.of(i), i))));
      assertThat(key, HudiTableReader.string(row, "_hoodie_commit_time"), is(commitTime.of(i)));
      assertThat(key, HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
  }

  /**
   * Asserts that every base file in the partitions is named by the metadata of the completed commit
   * of its instant (so no failed or retried attempt left one behind), that the latest commit names
   * exactly the files of its instant, and that every base file of the latest snapshot is named by a
   * commit.
   */
  protected static void assertNoOrphanBaseFiles(String base) {
    HudiTableReader reader = HudiTableReader.of(base);
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieTimeline commits =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    Map<String, Set<String>> namedByInstant = new TreeMap<>();
    for (HoodieInstant instant : commits.getInstants()) {
      namedByInstant.put(instant.getTimestamp(), namedFiles(commits, instant));
    }
    Set<String> named =
        namedByInstant.values().stream()
            .flatMap(Set::stream)
            .collect(Collectors.toCollection(TreeSet::new));
    Set<String> onDisk = TableFiles.dataFilesOnDisk(base);
    assertThat("base files on disk but in no commit's metadata", onDisk, everyItem(is(in(named))));
    String latest = commits.lastInstant().get().getTimestamp();
    Set<String> latestOnDisk =
        onDisk.stream()
            .filter(
                f -> FSUtils.getCommitTime(Paths.get(f).getFileName().toString()).equals(latest))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(latestOnDisk, is(namedByInstant.get(latest)));
    List<String> snapshotFiles = new ArrayList<>();
    for (FileSlice slice : reader.latestFileSlices()) {
      snapshotFiles.add(slice.getPartitionPath() + "/" + slice.getBaseFile().get().getFileName());
    }
    assertThat(snapshotFiles, everyItem(is(in(named))));
  }

  private static Set<String> namedFiles(HoodieTimeline commits, HoodieInstant instant) {
    try {
      HoodieCommitMetadata metadata =
          HoodieCommitMetadata.fromBytes(
              commits.getInstantDetails(instant).get(), HoodieCommitMetadata.class);
      return metadata.getPartitionToWriteStats().values().stream()
          .flatMap(List::stream)
          .map(HoodieWriteStat::getPath)
          .filter(p -> p != null)
          .collect(Collectors.toCollection(TreeSet::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  protected static String single(List<String> instants) {
    assertThat(instants.size(), is(1));
    return instants.get(0);
  }
}
