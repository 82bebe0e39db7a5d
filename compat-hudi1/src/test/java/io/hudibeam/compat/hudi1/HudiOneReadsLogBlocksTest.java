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

import static io.hudibeam.compat.hudi1.VersionEightReads.CITIES;
import static io.hudibeam.compat.hudi1.VersionEightReads.RIDES;
import static io.hudibeam.compat.hudi1.VersionEightReads.completedCommits;
import static io.hudibeam.compat.hudi1.VersionEightReads.expected;
import static io.hudibeam.compat.hudi1.VersionEightReads.key;
import static io.hudibeam.compat.hudi1.VersionEightReads.latestSlices;
import static io.hudibeam.compat.hudi1.VersionEightReads.logFiles;
import static io.hudibeam.compat.hudi1.VersionEightReads.mergeLogs;
import static io.hudibeam.compat.hudi1.VersionEightReads.meta;
import static io.hudibeam.compat.hudi1.VersionEightReads.rides;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static io.hudibeam.compat.hudi1.VersionEightReads.row;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.log.HoodieLogFormat;
import org.apache.hudi.common.table.log.block.HoodieAvroDataBlock;
import org.apache.hudi.common.table.log.block.HoodieDeleteBlock;
import org.apache.hudi.common.table.log.block.HoodieLogBlock;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A merge-on-read table of version 8 written by {@code HudiIO.write()} (DirectRunner) with {@code
 * hoodie.logfile.data.block.max.size} of 2 KiB: each file group's log file of the upsert holds
 * several Avro data blocks, and Hudi 1.0's log reader ({@code HoodieLogFormat}) and merged log
 * scanner ({@code HoodieMergedLogRecordScanner}) over the latest file slices, merged with their
 * base files, give every row, the later delete included. A delete over the merge budget writes
 * several delete blocks to a log file; Hudi 1.0's scanner applies each.
 */
public class HudiOneReadsLogBlocksTest {
  private static final Schema WITH_META = HoodieAvroUtils.addMetadataFields(RIDES);
  private static final int RIDES_WRITTEN = 300;
  private static final int DELETED = 30;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static void run(String base, int batch, int count, WriteOperation operation) {
    run(base, batch, count, operation, "hoodie.logfile.data.block.max.size", "2048");
  }

  private static void run(
      String base, int batch, int count, WriteOperation operation, String key, String value) {
    VersionEightReads.run(
        RIDES,
        rides(batch, IntStream.range(0, count).toArray()),
        ridesWrite(base, operation)
            .withTableVersion(8)
            .withTableType(TableType.MERGE_ON_READ)
            .withHoodieProperties(Map.of(key, value)));
  }

  /**
   * A delete with a merge budget of 300 bytes ({@code hoodie.memory.merge.max.size}): each file
   * group's 10 deletes (some 90 bytes each held) go to several delete blocks of its log file, and
   * Hudi 1.0's merged log scanner applies every one of them.
   */
  @Test
  public void hudiOneProcessesEveryDeleteBlockOfALogFile() throws Exception {
    String base = new File(tmp.getRoot(), "rides-deletes").getPath();
    run(base, 0, RIDES_WRITTEN, WriteOperation.INSERT);
    run(base, 2, DELETED, WriteOperation.DELETE, "hoodie.memory.merge.max.size", "300");

    HoodieTableMetaClient meta = meta(base);
    List<String> instants = completedCommits(meta);
    assertThat(instants.size(), is(2));
    String latest = instants.get(1);
    Map<String, List<Object>> rows = new TreeMap<>();
    int deleteLogFiles = 0;
    for (FileSlice slice : latestSlices(meta)) {
      new HudiOneCommits(meta, RIDES)
          .read(slice.getBaseFile().get())
          .values()
          .forEach(r -> rows.put(key(r), row(r)));
      List<HoodieLogFile> logs = logFiles(slice);
      for (HoodieLogFile log : logs) {
        if (log.getDeltaCommitTime().equals(latest)) {
          deleteLogFiles++;
          assertThat(log.getFileName(), deleteBlocks(meta, log), greaterThan(1));
        }
      }
      mergeLogs(meta, logs, WITH_META, latest, tmp.newFolder(), rows);
    }
    assertThat(deleteLogFiles, is(CITIES.size()));
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = DELETED; i < RIDES_WRITTEN; i++) {
      expected.put(key(i), expected(0, i, instants.get(0)));
    }
    assertThat(rows, is(expected));
  }

  /** The delete blocks of {@code log}, read with Hudi 1.0's log reader. */
  private static int deleteBlocks(HoodieTableMetaClient meta, HoodieLogFile log) throws Exception {
    int blocks = 0;
    try (HoodieLogFormat.Reader reader =
        HoodieLogFormat.newReader(meta.getStorage(), log, WITH_META)) {
      while (reader.hasNext()) {
        if (reader.next() instanceof HoodieDeleteBlock) {
          blocks++;
        }
      }
    }
    return blocks;
  }

  @Test
  public void hudiOneMergesTheSeveralDataBlocksOfEachLogFile() throws Exception {
    String base = new File(tmp.getRoot(), "rides").getPath();
    run(base, 0, RIDES_WRITTEN, WriteOperation.INSERT);
    run(base, 1, RIDES_WRITTEN, WriteOperation.UPSERT);
    run(base, 2, DELETED, WriteOperation.DELETE);

    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<String> instants = completedCommits(meta);
    assertThat(instants.size(), is(3));
    String upsert = instants.get(1);
    String latest = instants.get(2);

    HudiOneCommits baseFiles = new HudiOneCommits(meta, RIDES);
    Map<String, List<Object>> rows = new TreeMap<>();
    int upsertLogFiles = 0;
    for (FileSlice slice : latestSlices(meta)) {
      baseFiles.read(slice.getBaseFile().get()).values().forEach(r -> rows.put(key(r), row(r)));
      List<HoodieLogFile> logs = logFiles(slice);
      for (HoodieLogFile log : logs) {
        if (log.getDeltaCommitTime().equals(upsert)) {
          upsertLogFiles++;
          assertThat(log.getFileName(), dataBlocks(meta, log), greaterThan(3));
        }
      }
      mergeLogs(meta, logs, WITH_META, latest, tmp.newFolder(), rows);
    }
    assertThat(upsertLogFiles, is(CITIES.size()));
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = DELETED; i < RIDES_WRITTEN; i++) {
      expected.put(key(i), expected(1, i, upsert));
    }
    assertThat(rows, is(expected));
  }

  /** The Avro data blocks of {@code log}, read with Hudi 1.0's log reader. */
  private static int dataBlocks(HoodieTableMetaClient meta, HoodieLogFile log) throws Exception {
    int blocks = 0;
    try (HoodieLogFormat.Reader reader =
        HoodieLogFormat.newReader(meta.getStorage(), log, WITH_META)) {
      while (reader.hasNext()) {
        HoodieLogBlock block = reader.next();
        if (block instanceof HoodieAvroDataBlock) {
          blocks++;
        }
      }
    }
    return blocks;
  }
}
