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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.Map;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieWriteStat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code hoodie.logfile.data.block.max.size} reaches the append handles of a merge-on-read upsert
 * (DirectRunner): with 4 KiB blocks each file group's log file holds several data blocks, which the
 * write stats count, and Hudi's snapshot reader reads every updated row back.
 */
public class HudiIOLogBlocksTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void anUpsertWritesSeveralDataBlocksPerLogFileAtTheConfiguredSize() throws Exception {
    String base = new File(tmp.getRoot(), "trips").getPath();
    SafetyChecks.run(
        TripsRows.batch(0, 0, 800),
        SafetyChecks.trips(base, WriteOperation.INSERT).withTableType(TableType.MERGE_ON_READ));
    SafetyChecks.run(
        TripsRows.batch(1, 0, 800),
        SafetyChecks.trips(base, WriteOperation.UPSERT)
            .withTableType(TableType.MERGE_ON_READ)
            .withHoodieProperties(Map.of("hoodie.logfile.data.block.max.size", "4096")));

    HudiTableReader reader = HudiTableReader.of(base);
    String upsert = HudiIOTesting.lastInstant(reader);
    HoodieCommitMetadata metadata = HudiIOTesting.commitMetadata(reader, upsert);
    // Eight file groups (one a city) of 100 updates of about 250 encoded bytes: some 25 KB a log
    // file, so several blocks, each of 4 KiB and less than a record (1 KiB) more, the last smaller
    // (one block with the default 256 MiB).
    assertThat(metadata.getWriteStats().size(), is(8));
    for (HoodieWriteStat stat : metadata.getWriteStats()) {
      assertThat(stat.getPath(), stat.getNumUpdateWrites(), is(100L));
      assertThat(stat.getPath(), stat.getTotalLogBlocks(), greaterThan(3L));
      assertThat(
          stat.getPath(),
          stat.getTotalLogBlocks(),
          greaterThanOrEqualTo(stat.getFileSizeInBytes() / (4096 + 1024)));
    }
    HudiIOTesting.assertRows(reader, 800, TripsRange.trips(0, 800).ofBatch(1).committedAt(upsert));
  }
}
