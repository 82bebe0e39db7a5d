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
import org.apache.beam.sdk.values.Row;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Small files under a slow stream: 20 commit intervals of 16 new trips each, 2 per city (8
 * partitions). Each commit's inserts go into the small file the previous commit left in their
 * partition (a new version of the same file group), so the table does not grow by a file per
 * partition per commit: at most 2 base files (file groups) per partition after 20 commits.
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
    HudiIOStreamingIT.run(
        stream(TripsRows.SCHEMA, intervals), HudiIOStreamingIT.trips(base, WriteOperation.INSERT));

    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(reader.completedInstantTimes(), hasSize(20));
    assertThat(valuesByKey(reader.snapshot()), is(expected(table)));
    Map<String, Integer> filesPerPartition = HudiIOTesting.checkMetaFields(reader);
    assertThat(filesPerPartition.size(), is(8));
    for (Map.Entry<String, Integer> e : filesPerPartition.entrySet()) {
      assertThat("base files of partition " + e.getKey(), e.getValue(), lessThanOrEqualTo(2));
    }
  }
}
