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
package io.hudibeam.metadatatable;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.util.Random;
import org.apache.hudi.common.util.hash.ColumnIndexID;
import org.apache.hudi.common.util.hash.FileIndexID;
import org.apache.hudi.common.util.hash.PartitionIndexID;
import org.apache.hudi.metadata.HoodieMetadataPayload;
import org.apache.hudi.metadata.HoodieTableMetadataUtil;
import org.junit.Test;

/**
 * The {@code column_stats} keys and file groups equal Hudi's own ({@code HoodieMetadataPayload},
 * {@code HashID} with lz4-java's XXHash64, {@code HoodieTableMetadataUtil}; the formulas are the
 * same in 0.15 and 1.0.2), for names of every length around XXHash64's 4-, 8- and 32-byte steps.
 */
public class ColumnStatsKeysTest {
  @Test
  public void keysAndFileGroupsAreHudis() {
    Random random = new Random(35);
    for (int n = 0; n < 500; n++) {
      String column = randomString(random, n % 70);
      String partition = n % 7 == 0 ? "" : "city=" + randomString(random, n % 45);
      String file = randomString(random, 20 + n % 60) + "_0-0-1_20261206101010123.parquet";
      String hudi =
          HoodieMetadataPayload.getColumnStatsIndexKey(
              new PartitionIndexID(partition.isEmpty() ? "." : partition),
              new FileIndexID(file),
              new ColumnIndexID(column));
      String ours = ColumnStatsKeys.key(partition, file, column);
      assertThat(column + " / " + partition + " / " + file, ours, is(hudi));
      // Hudi 1.0.2's getPartitionStatsIndexKey(partition, column) (not in 0.15, on this classpath).
      assertThat(
          ColumnStatsKeys.partitionStatsKey(partition, column),
          is(
              new ColumnIndexID(column).asBase64EncodedString()
                  + new PartitionIndexID(partition.isEmpty() ? "." : partition)
                      .asBase64EncodedString()));
      for (int groups = 1; groups <= 4; groups++) {
        assertThat(
            ColumnStatsKeys.fileGroupIndex(ours, groups),
            is(HoodieTableMetadataUtil.mapRecordKeyToFileGroupIndex(ours, groups)));
      }
    }
  }

  private static String randomString(Random random, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      int kind = random.nextInt(10);
      s.append(
          kind == 0 ? (char) (0x400 + random.nextInt(200)) : (char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }
}
