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
package io.hudibeam;

import static io.hudibeam.HudiIOTesting.commitMetadata;
import static io.hudibeam.HudiIOTesting.content;
import static io.hudibeam.MergeOnReadChecks.logBlocks;
import static io.hudibeam.MergeOnReadChecks.logFilesOnDisk;
import static io.hudibeam.MergeOnReadChecks.valuesByKey;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieDeltaWriteStat;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.log.block.HoodieLogBlock.HoodieLogBlockType;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * MERGE_ON_READ writes read back by Hudi 0.15: the snapshot query (base files merged with log files
 * by Hudi's {@code HoodieMergedLogRecordScanner}), the read-optimized query (base files only),
 * every log block parsed by Hudi's log reader, and the deltacommit metadata parsed by Hudi.
 */
public class HudiIOMergeOnReadIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  static HudiIO.Write<Row> trips(String base, WriteOperation operation) {
    return SafetyChecks.trips(base, operation).withTableType(TableType.MERGE_ON_READ);
  }

  /**
   * The expected table: record index to the trips batch its values come from, and its commit time.
   */
  static final class Expected {
    final TreeMap<Long, Long> batchOf = new TreeMap<>();
    final TreeMap<Long, String> commitOf = new TreeMap<>();

    void upsert(long batch, long start, long count, String commit) {
      for (long i = start; i < start + count; i++) {
        batchOf.put(i, batch);
        commitOf.put(i, commit);
      }
    }

    void delete(long start, long count) {
      for (long i = start; i < start + count; i++) {
        batchOf.remove(i);
        commitOf.remove(i);
      }
    }

    /** Checks Hudi's snapshot row by row: keys, values, commit times and partition paths. */
    void assertSnapshot(HudiTableReader reader) {
      Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
      TreeSet<String> keys = new TreeSet<>();
      batchOf.keySet().forEach(i -> keys.add(TripsData.key(i)));
      assertThat(new TreeSet<>(rows.keySet()), is(keys));
      for (Map.Entry<Long, Long> e : batchOf.entrySet()) {
        GenericRecord row = rows.get(TripsData.key(e.getKey()));
        String key = TripsData.key(e.getKey());
        assertThat(
            key,
            TripsData.values(row),
            is(TripsData.values(TripsData.record(e.getValue(), e.getKey()))));
        assertThat(
            key, HudiTableReader.string(row, "_hoodie_commit_time"), is(commitOf.get(e.getKey())));
        assertThat(
            key,
            HudiTableReader.string(row, "_hoodie_partition_path"),
            is(TripsData.city(e.getKey())));
      }
    }
  }

  private static String lastCommit(HudiTableReader reader) {
    List<String> commits = reader.completedInstantTimes();
    return commits.get(commits.size() - 1);
  }

  /**
   * The delta write stats (with log files) of an instant, parsed by Hudi's own object mapper
   * ({@code JsonUtils}) into {@link HoodieDeltaWriteStat}, as Hudi's metadata writer reads them.
   */
  static List<HoodieDeltaWriteStat> logStats(HudiTableReader reader, String instant) {
    HoodieTimeline timeline = reader.metaClient().getCommitsTimeline().filterCompletedInstants();
    HoodieInstant completed =
        timeline
            .getInstantsAsStream()
            .filter(i -> i.getTimestamp().equals(instant))
            .findFirst()
            .get();
    List<HoodieDeltaWriteStat> out = new ArrayList<>();
    try {
      com.fasterxml.jackson.databind.ObjectMapper mapper =
          org.apache.hudi.common.util.JsonUtils.getObjectMapper();
      com.fasterxml.jackson.databind.JsonNode root =
          mapper.readTree(timeline.getInstantDetails(completed).get());
      for (com.fasterxml.jackson.databind.JsonNode stats : root.path("partitionToWriteStats")) {
        for (com.fasterxml.jackson.databind.JsonNode stat : stats) {
          if (stat.has("logFiles")) {
            out.add(mapper.treeToValue(stat, HoodieDeltaWriteStat.class));
          }
        }
      }
    } catch (java.io.IOException e) {
      throw new AssertionError("Hudi cannot parse the write stats of " + completed, e);
    }
    return out;
  }

  @Test
  public void insertUpsertDeleteReadByHudiMergedAndReadOptimized() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    HudiReference twin =
        HudiReference.trips(tmp.newFolder("twin").getAbsolutePath())
            .tableType(HoodieTableType.MERGE_ON_READ)
            .create();
    HudiTableReader twinReader = HudiTableReader.of(twin.basePath());
    Expected expected = new Expected();

    // d1: insert 0..39 into a new MERGE_ON_READ table: base files only, one per city.
    run(TripsRows.batch(0, 0, 40), trips(base, WriteOperation.INSERT));
    twin.insert(TripsData.batch(0, 0, 40));
    assertThat(reader.metaClient().getTableType(), is(HoodieTableType.MERGE_ON_READ));
    assertThat(
        reader.tableConfig().getPayloadClass(),
        is("org.apache.hudi.common.model.OverwriteWithLatestAvroPayload"));
    String d1 = lastCommit(reader);
    List<HoodieInstant> instants =
        reader.metaClient().getCommitsTimeline().filterCompletedInstants().getInstants();
    assertThat(instants.get(0).getAction(), is(HoodieTimeline.DELTA_COMMIT_ACTION));
    expected.upsert(0, 0, 40, d1);
    expected.assertSnapshot(reader);
    assertThat(logFilesOnDisk(base), is(empty()));
    assertThat(dataFilesOnDisk(base), hasSize(8));

    // d2: update 0..19: every city's file group gets a new log file with one Avro data block.
    run(TripsRows.batch(1, 0, 20), trips(base, WriteOperation.UPSERT));
    twin.upsert(TripsData.batch(1, 0, 20));
    String d2 = lastCommit(reader);
    expected.upsert(1, 0, 20, d2);
    expected.assertSnapshot(reader);
    assertThat(content(reader), is(content(twinReader)));
    assertThat(dataFilesOnDisk(base), hasSize(8));
    assertThat(logFilesOnDisk(base), hasSize(8));
    // Read-optimized: the base files, untouched by the updates.
    assertThat(valuesByKey(reader.readOptimized()), is(valuesByKey(TripsData.batch(0, 0, 40))));
    HoodieCommitMetadata d2Metadata = commitMetadata(reader, d2);
    assertThat(d2Metadata.getOperationType().name(), is("UPSERT"));
    assertThat(d2Metadata.fetchTotalUpdateRecordsWritten(), is(20L));
    List<HoodieDeltaWriteStat> d2Stats = logStats(reader, d2);
    assertThat(d2Stats, hasSize(8));
    for (HoodieDeltaWriteStat stat : d2Stats) {
      String logName = Paths.get(stat.getPath()).getFileName().toString();
      assertThat(stat.getPath(), stat.getLogVersion(), is(1));
      assertThat(stat.getPath(), stat.getLogOffset(), is(0L));
      assertThat(stat.getPath(), stat.getPrevCommit(), is(d1));
      assertThat(stat.getPath(), stat.getBaseFile().endsWith("_" + d1 + ".parquet"), is(true));
      assertThat(stat.getPath(), stat.getBaseFile().startsWith(stat.getFileId() + "_"), is(true));
      assertThat(stat.getPath(), stat.getLogFiles(), is(List.of(logName)));
      assertThat(
          stat.getPath(),
          logName.startsWith("." + stat.getFileId() + "_" + d1 + ".log.1_"),
          is(true));
      assertThat(
          stat.getPath(),
          stat.getFileSizeInBytes(),
          is(Files.size(Paths.get(base, stat.getPath()))));
      assertThat(stat.getPath(), stat.getTotalWriteBytes(), is(stat.getFileSizeInBytes()));
      assertThat(stat.getPath(), stat.getNumDeletes(), is(0L));
    }

    // d3: update 10..29 and insert 40..49. Every file group has a log file now, so none is a small
    // file: the inserts go to new file groups (base files), the updates to version-2 log files.
    List<Row> d3Rows = new ArrayList<>(TripsRows.batch(2, 10, 20));
    d3Rows.addAll(TripsRows.batch(2, 40, 10));
    run(d3Rows, trips(base, WriteOperation.UPSERT));
    List<GenericRecord> twinD3 = new ArrayList<>(TripsData.batch(2, 10, 20));
    twinD3.addAll(TripsData.batch(2, 40, 10));
    twin.upsert(twinD3);
    String d3 = lastCommit(reader);
    expected.upsert(2, 10, 20, d3);
    expected.upsert(2, 40, 10, d3);
    expected.assertSnapshot(reader);
    assertThat(content(reader), is(content(twinReader)));
    assertThat(logFilesOnDisk(base), hasSize(16));
    for (HoodieDeltaWriteStat stat : logStats(reader, d3)) {
      assertThat(stat.getPath(), stat.getLogVersion(), is(2));
      assertThat(stat.getPath(), stat.getLogFiles(), hasSize(2));
    }
    assertThat(commitMetadata(reader, d3).fetchTotalInsertRecordsWritten(), is(10L));
    assertThat(commitMetadata(reader, d3).fetchTotalUpdateRecordsWritten(), is(20L));
    TreeMap<String, Object> readOptimized = new TreeMap<>(valuesByKey(reader.readOptimized()));
    Map<String, List<Object>> expectedReadOptimized = valuesByKey(TripsData.batch(0, 0, 40));
    expectedReadOptimized.putAll(valuesByKey(TripsData.batch(2, 40, 10)));
    assertThat(readOptimized, is(new TreeMap<>(expectedReadOptimized)));

    // d4: delete 0..4 (their file groups get a delete block) and 45 (a record of a base-only
    // slice).
    List<Row> deletes = new ArrayList<>(TripsRows.keys(0, 5));
    deletes.addAll(TripsRows.keys(45, 1));
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(deletes).withRowSchema(TripsRows.KEY_SCHEMA))
        .apply(trips(base, WriteOperation.DELETE));
    p.run().waitUntilFinish();
    List<String> twinDeletes = new ArrayList<>(TripsData.keys(0, 5));
    twinDeletes.add(TripsData.key(45));
    twin.deleteRecordKeys(twinDeletes);
    String d4 = lastCommit(reader);
    expected.delete(0, 5);
    expected.delete(45, 1);
    expected.assertSnapshot(reader);
    assertThat(content(reader), is(content(twinReader)));
    assertThat(commitMetadata(reader, d4).getTotalRecordsDeleted(), is(6L));
    assertThat(commitMetadata(reader, d4).getOperationType().name(), is("DELETE"));

    // Every block of every log file, by Hudi's log reader: d2's and d3's data blocks hold exactly
    // the updated keys, d4's delete blocks exactly the deleted keys; no other block exists.
    TreeSet<String> updatedD2 = new TreeSet<>();
    TreeSet<String> updatedD3 = new TreeSet<>();
    TreeSet<String> deletedD4 = new TreeSet<>();
    for (MergeOnReadChecks.Block block : logBlocks(reader)) {
      if (block.type() == HoodieLogBlockType.AVRO_DATA_BLOCK && block.instant().equals(d2)) {
        updatedD2.addAll(block.keys());
      } else if (block.type() == HoodieLogBlockType.AVRO_DATA_BLOCK && block.instant().equals(d3)) {
        updatedD3.addAll(block.keys());
      } else if (block.type() == HoodieLogBlockType.DELETE_BLOCK && block.instant().equals(d4)) {
        deletedD4.addAll(block.keys());
      } else {
        throw new AssertionError("unexpected log block " + block);
      }
    }
    assertThat(updatedD2, is(new TreeSet<>(TripsData.keys(0, 20))));
    assertThat(updatedD3, is(new TreeSet<>(TripsData.keys(10, 20))));
    assertThat(deletedD4, is(new TreeSet<>(twinDeletes)));
    assertThat(Files.exists(Paths.get(base, ".hoodie", ".temp", d4)), is(false));
  }
}
