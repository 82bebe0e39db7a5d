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
package io.hudibeam.compat.hudi1;

import static io.hudibeam.compat.hudi1.VersionEightReads.RIDES;
import static io.hudibeam.compat.hudi1.VersionEightReads.expected;
import static io.hudibeam.compat.hudi1.VersionEightReads.key;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Table version 8 on S3 through S3A (S3Proxy in the test JVM, {@link S3Server}): HudiIO writes a
 * copy-on-write and a merge-on-read table (upserts into log files, inline compaction) at {@code
 * s3a://}, and Hudi 1.0's meta client, file-system view and Parquet reader read them back through
 * S3A, row by row.
 */
public class HudiIOTableVersionEightS3IT {

  @ClassRule public static final S3Server S3 = new S3Server();

  private static List<GenericRecord> rides(int b, int from, int to) {
    return VersionEightReads.rides(b, IntStream.range(from, to).toArray());
  }

  private static HudiIO.Write<GenericRecord> write(String base, WriteOperation operation) {
    return ridesWrite(base, operation)
        .withTableVersion(8)
        .withHadoopConfiguration(S3.hadoopSettings());
  }

  private static void run(List<GenericRecord> records, HudiIO.Write<GenericRecord> write) {
    VersionEightReads.run(RIDES, records, write);
  }

  private static HoodieTableMetaClient meta(String base) {
    return VersionEightReads.meta(base, S3.hadoopSettings());
  }

  private static List<String> completed(HoodieTableMetaClient meta) {
    List<String> out = new ArrayList<>();
    for (HoodieInstant i :
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().getInstants()) {
      out.add(i.getAction() + "@" + i.requestedTime());
    }
    return out;
  }

  /** The latest base files' rows, read by Hudi 1.0 listing S3. */
  private static Map<String, List<Object>> baseFileRows(HoodieTableMetaClient meta)
      throws Exception {
    return VersionEightReads.baseFileRows(meta, RIDES, false, null);
  }

  @Test
  public void copyOnWriteVersionEightOnS3ReadByHudiOne() throws Exception {
    String base = S3.newTable("v8-cow");
    run(rides(0, 0, 12), write(base, WriteOperation.INSERT));
    run(rides(1, 6, 18), write(base, WriteOperation.UPSERT));
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<String> commits = completed(meta);
    assertThat(commits.size(), is(2));
    String t1 = commits.get(0).substring("commit@".length());
    String t2 = commits.get(1).substring("commit@".length());
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = 0; i < 18; i++) {
      expected.put(key(i), i < 6 ? expected(0, i, t1) : expected(1, i, t2));
    }
    assertThat(baseFileRows(meta), is(expected));
  }

  @Test
  public void mergeOnReadVersionEightCompactedOnS3ReadByHudiOne() throws Exception {
    String base = S3.newTable("v8-mor");
    Map<String, String> compact =
        Map.of("hoodie.compact.inline", "true", "hoodie.compact.inline.max.delta.commits", "2");
    run(
        rides(0, 0, 12),
        write(base, WriteOperation.INSERT)
            .withTableType(TableType.MERGE_ON_READ)
            .withHoodieProperties(compact));
    // Updates only: they go to log files (inserts would make the small slices merge instead).
    run(
        rides(1, 0, 9),
        write(base, WriteOperation.UPSERT)
            .withTableType(TableType.MERGE_ON_READ)
            .withHoodieProperties(compact));
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<String> actions =
        completed(meta).stream()
            .map(a -> a.substring(0, a.indexOf('@')))
            .collect(Collectors.toList());
    assertThat(actions, is(List.of("deltacommit", "deltacommit", "commit")));
    String d1 = completed(meta).get(0).substring("deltacommit@".length());
    String d2 = completed(meta).get(1).substring("deltacommit@".length());
    // After the compaction the base files hold every row: the updates came from the log files.
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      expected.put(key(i), i < 9 ? expected(1, i, d2) : expected(0, i, d1));
    }
    assertThat(baseFileRows(meta), is(expected));
  }
}
