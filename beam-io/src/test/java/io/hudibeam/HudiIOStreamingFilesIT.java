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

import static io.hudibeam.StreamingTesting.expected;
import static io.hudibeam.StreamingTesting.stream;
import static io.hudibeam.StreamingTesting.valuesByKey;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Small files under a slow stream: 20 commit intervals of 16 new trips each, 2 per city (8
 * partitions). Each commit's inserts go into the small file the previous commit left in their
 * partition (a new version of the same file group), so the table does not grow by a file per
 * partition per commit: at most 2 base files (file groups) per partition after 20 commits. The
 * write is an insert into a copy-on-write table with HudiIO's default index, so the stateful bucket
 * assigner ({@code AssignInserts}) routes the inserts.
 */
public class HudiIOStreamingFilesIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void twentyCommitsOfASlowStreamLeaveAtMostTwoBaseFilesPerPartition() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<List<Row>> intervals = new ArrayList<>();
    Map<Long, Long> table = new TreeMap<>();
    for (int k = 0; k < 20; k++) {
      intervals.add(TripsRows.batch(0, k * 16L, 16));
      for (long i = k * 16L; i < k * 16L + 16; i++) {
        table.put(i, 0L);
      }
    }
    // Row groups of 16 KiB: a commit's 2 trips per partition make a row group of about 2 KB, over
    // 1/512 of that, so each commit carries the file's row groups over (RowGroupCarryOver); with
    // Hudi's 120 MiB they would be merged record by record.
    HudiIOStreamingIT.run(
        stream(TripsRows.SCHEMA, intervals),
        HudiIOStreamingIT.trips(base, WriteOperation.INSERT)
            .withHoodieProperties(Map.of("hoodie.parquet.block.size", "16384")));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(20));
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    Map<String, Integer> filesPerPartition = HudiIOTesting.checkMetaFields(reader);
    assertThat(filesPerPartition.size(), is(8));
    for (Map.Entry<String, Integer> e : filesPerPartition.entrySet()) {
      assertThat("base files of partition " + e.getKey(), e.getValue(), lessThanOrEqualTo(2));
    }
    // The bucket assigner: the first commit opens one file group per partition; every later one
    // writes each partition's inserts into the file the commit before left small (a new version
    // of that file group, its previous commit that commit), not into a new file group.
    List<String> instants = reader.completedInstantTimes();
    for (int k = 0; k < instants.size(); k++) {
      Map<String, List<HoodieWriteStat>> stats = writeStats(reader, instants.get(k));
      assertThat(stats.size(), is(8));
      for (Map.Entry<String, List<HoodieWriteStat>> e : stats.entrySet()) {
        String where = "commit " + k + ", partition " + e.getKey();
        assertThat(where, e.getValue(), hasSize(1));
        String previous = k == 0 ? "null" : instants.get(k - 1);
        assertThat(where, e.getValue().get(0).getPrevCommit(), is(previous));
      }
    }
    // Each later commit carried the file's row groups over as bytes (RowGroupCarryOver) and added
    // one of its inserts: the latest base file of each partition has a row group per commit.
    for (FileSlice slice : reader.latestFileSlices()) {
      Path file = new Path(slice.getBaseFile().get().getPath());
      try (ParquetFileReader parquet =
          ParquetFileReader.open(HadoopInputFile.fromPath(file, new Configuration()))) {
        assertThat(file.toString(), parquet.getRowGroups(), hasSize(20));
      }
    }
  }

  /**
   * The assigner counts a partition's inserts across the batches they reach it in (at most 1,000
   * records each, one or more per bundle), so a small file takes exactly the inserts it has room
   * for: (max file size − its size) / 1 KiB (the record size before the table has a commit over the
   * small-file limit). Interval 0 leaves one small file per partition; interval 1 brings 1,050
   * inserts per partition, two batches or more (a count started again per batch would put the small
   * file's room of inserts into it from each batch).
   */
  @Test
  public void aSmallFileTakesExactlyTheInsertsItHasRoomFor() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    long maxFileSize = 40 * 1024;
    Map<Long, Long> table = new TreeMap<>();
    for (long i = 0; i < 8408; i++) {
      table.put(i, 0L);
    }
    HudiIOStreamingIT.run(
        stream(TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 8), TripsRows.batch(0, 8, 8400))),
        HudiIOStreamingIT.trips(base, WriteOperation.INSERT).withMaxFileSize(maxFileSize));

    HudiTableReader reader = HudiTableReader.of(base);
    List<String> instants = reader.completedInstantTimes();
    assertThat(instants, hasSize(2));
    List<GenericRecord> rows = reader.snapshot();
    assertThat(valuesByKey(rows), is(expected(table)));
    HudiIOTesting.checkMetaFields(reader);
    Map<String, Integer> recordsPerFileGroup = new TreeMap<>();
    for (GenericRecord row : rows) {
      String fileName = HudiTableReader.string(row, "_hoodie_file_name");
      recordsPerFileGroup.merge(fileName.substring(0, fileName.indexOf('_')), 1, Integer::sum);
    }
    Map<String, List<HoodieWriteStat>> first = writeStats(reader, instants.get(0));
    assertThat(first.size(), is(8));
    for (List<HoodieWriteStat> partition : first.values()) {
      HoodieWriteStat small = partition.get(0);
      long room = (maxFileSize - small.getFileSizeInBytes()) / 1024;
      String where = "file group " + small.getFileId() + " of " + small.getPartitionPath();
      assertThat(where, room > 1 && room < 1000, is(true));
      assertThat(where, recordsPerFileGroup.get(small.getFileId()), is((int) (1 + room)));
    }
  }

  /** A completed commit's write stats per partition, read by Hudi. */
  private static Map<String, List<HoodieWriteStat>> writeStats(
      HudiTableReader reader, String instantTime) {
    return HudiIOTesting.commitMetadata(reader, instantTime).getPartitionToWriteStats();
  }
}
