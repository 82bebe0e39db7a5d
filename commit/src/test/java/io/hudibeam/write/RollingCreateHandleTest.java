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
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.model.FileSlice;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The bulk_insert handle of one partition rolls over to a new file group when its file reaches the
 * max file size: every record lands in exactly one of the files, each file stays within Hudi's
 * bound ({@code maxFileSize * (1 + compressionRatio)} of Parquet's estimate, plus the records
 * between two size checks), the stats name the files Hudi's reader finds, and the rows read back
 * are the rows written.
 */
public class RollingCreateHandleTest {
  private static final long MAX_FILE_SIZE = 32 * 1024;
  private static final int RECORDS = 3_000;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void rollsOverAtTheMaxFileSizeAndWritesEveryRecordOnce() throws Exception {
    SanFranciscoFileGroup table = new SanFranciscoFileGroup(tmp.newFolder("trips"));
    StartedInstant started = table.start();
    ParquetSettings small =
        new ParquetSettings(
            ParquetSettings.DEFAULT_CODEC,
            ParquetSettings.DEFAULT_BLOCK_SIZE,
            ParquetSettings.DEFAULT_PAGE_SIZE,
            MAX_FILE_SIZE,
            ParquetSettings.DEFAULT_DICTIONARY_ENABLED,
            ParquetSettings.DEFAULT_COMPRESSION_RATIO,
            ParquetSettings.defaults().bloomFilter());
    UUID prefix = UUID.randomUUID();
    int[] next = {0};
    RollingCreateHandle handle =
        new RollingCreateHandle(
            table.context(started, 1, small),
            SanFranciscoFileGroup.PARTITION,
            partition -> FileGroupId.of(partition, FileId.of(prefix, next[0]++)));

    List<WriteStat> stats = new ArrayList<>();
    List<GenericRecord> written = new ArrayList<>();
    for (int j = 0; j < RECORDS; j++) {
      GenericRecord trip = SanFranciscoFileGroup.trip(0, j);
      written.add(trip);
      stats.addAll(
          handle.write(
              TableRecord.upsert(
                  SanFranciscoFileGroup.key(j), SanFranciscoFileGroup.PARTITION, trip)));
    }
    stats.addAll(handle.close());
    assertThat(handle.close().isEmpty(), is(true));

    assertThat("rolled over", stats.size(), greaterThan(2));
    assertThat(next[0], is(stats.size()));
    CommitMetadata.Builder metadata =
        CommitMetadata.builder()
            .operationType(OperationType.BULK_INSERT)
            .schema(TripsData.SCHEMA.toString());
    long inserts = 0;
    for (WriteStat stat : stats) {
      metadata.addWriteStat(stat.partitionPath(), stat);
      inserts += stat.numInserts();
      assertThat(stat.fileSizeInBytes(), lessThan(2 * MAX_FILE_SIZE));
    }
    assertThat(inserts, is((long) RECORDS));
    new InstantCommitter(table.fs, table.paths)
        .commit(started.instantTime(), Action.COMMIT, metadata.build());

    HudiTableReader reader = HudiTableReader.of(table.paths.basePath().toString());
    List<FileSlice> slices = reader.latestFileSlices();
    assertThat(slices.size(), is(stats.size()));
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(rows.size(), is(RECORDS));
    for (GenericRecord trip : written) {
      GenericRecord row = rows.get(trip.get("uuid").toString());
      for (String field : List.of("uuid", "ts", "rider", "fare", "city")) {
        assertThat(String.valueOf(row.get(field)), is(String.valueOf(trip.get(field))));
      }
    }
  }
}
