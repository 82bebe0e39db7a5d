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
import static io.hudibeam.compat.hudi1.VersionEightReads.baseFileRows;
import static io.hudibeam.compat.hudi1.VersionEightReads.commitMetadata;
import static io.hudibeam.compat.hudi1.VersionEightReads.completedCommits;
import static io.hudibeam.compat.hudi1.VersionEightReads.expected;
import static io.hudibeam.compat.hudi1.VersionEightReads.meta;
import static io.hudibeam.compat.hudi1.VersionEightReads.rides;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static io.hudibeam.compat.hudi1.VersionEightReads.row;
import static org.apache.hudi.common.config.HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HudiIO;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.log.InstantRange;
import org.apache.hudi.common.table.read.IncrementalQueryAnalyzer;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.storage.StoragePath;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.write()} on the DirectRunner with table version 8, read back by Hudi 1.0 row by
 * row: a table created with {@code withTableVersion(8)}, and a version 8 table Hudi 1.0's classes
 * created and wrote, continued by HudiIO (insert, upsert, delete) and then by Hudi again. Plus the
 * construction-time refusals.
 */
public class HudiIOTableVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<GenericRecord> write(String base, WriteOperation operation) {
    return ridesWrite(base, operation);
  }

  private static void run(List<GenericRecord> records, HudiIO.Write<GenericRecord> write) {
    VersionEightReads.run(RIDES, records, write);
  }

  @Test
  public void createsAVersionEightTableHudiOneReads() throws Exception {
    String base = tmp.newFolder("v8").getAbsolutePath();
    run(
        rides(0, IntStream.range(0, 12).toArray()),
        write(base, WriteOperation.INSERT).withTableVersion(8));
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTimelineLayoutVersion().getVersion(), is(2));
    String t1 = completedCommits(meta).get(0);

    run(
        rides(1, IntStream.range(6, 18).toArray()),
        write(base, WriteOperation.UPSERT).withTableVersion(8));
    run(rides(2, 0, 7), write(base, WriteOperation.DELETE).withTableVersion(8));
    meta = meta(base);
    List<String> commits = completedCommits(meta);
    assertThat(commits.size(), is(3));
    String t2 = commits.get(1);
    HoodieInstant deleteInstant =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().lastInstant().get();
    assertThat(
        deleteInstant.getCompletionTime().compareTo(deleteInstant.requestedTime()), greaterThan(0));
    HoodieCommitMetadata deleteMetadata = commitMetadata(meta, deleteInstant);
    assertThat(deleteMetadata.getOperationType(), is(WriteOperationType.DELETE));
    assertThat(deleteMetadata.fetchTotalRecordsWritten() > 0, is(true));

    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = 1; i < 18; i++) {
      if (i != 7) {
        expected.put(
            String.format("ride-%04d", i), i < 6 ? expected(0, i, t1) : expected(1, i, t2));
      }
    }
    assertThat(baseFileRows(meta, RIDES, DEFAULT_METADATA_ENABLE_FOR_READERS, null), is(expected));
    // Time travel to the first instant.
    Map<String, List<Object>> first = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      first.put(String.format("ride-%04d", i), expected(0, i, t1));
    }
    assertThat(baseFileRows(meta, RIDES, DEFAULT_METADATA_ENABLE_FOR_READERS, t1), is(first));

    // Incremental queries as Hudi 1.0 plans them (IncrementalQueryAnalyzer, by completion time),
    // read
    // as Spark's copy-on-write incremental relation does: the latest file of each file group the
    // instants in range wrote, rows whose commit time is one of those instants.
    // From the start: Spark's begin instant "000", a completion time before every instant.
    assertThat(incrementalRows(meta, "000"), is(expected));
    HoodieInstant firstInstant =
        meta.getActiveTimeline()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .firstInstant()
            .get();
    Map<String, List<Object>> afterFirst = new TreeMap<>(expected);
    afterFirst.values().removeIf(row -> row.get(3).equals(t1));
    assertThat(afterFirst.size(), is(11));
    assertThat(incrementalRows(meta, firstInstant.getCompletionTime()), is(afterFirst));
  }

  private static Map<String, List<Object>> incrementalRows(
      HoodieTableMetaClient meta, String startCompletionTime) throws Exception {
    IncrementalQueryAnalyzer.QueryContext query =
        IncrementalQueryAnalyzer.builder()
            .metaClient(meta)
            .startCompletionTime(startCompletionTime)
            .rangeType(InstantRange.RangeType.OPEN_CLOSED)
            .build()
            .analyze();
    assertThat(query.getInstantTimeList().isEmpty(), is(false));
    Map<String, String> latestFileOfGroup = new TreeMap<>();
    for (HoodieInstant instant : query.getInstants()) {
      HoodieCommitMetadata metadata = commitMetadata(meta, instant);
      latestFileOfGroup.putAll(metadata.getFileIdAndRelativePaths());
    }
    java.util.Set<String> inRange = new java.util.HashSet<>(query.getInstantTimeList());
    HudiOneCommits reader = new HudiOneCommits(meta, RIDES);
    Map<String, List<Object>> rows = new TreeMap<>();
    for (String relativePath : latestFileOfGroup.values()) {
      HoodieBaseFile file =
          new HoodieBaseFile(
              meta.getStorage().getPathInfo(new StoragePath(meta.getBasePath(), relativePath)));
      for (Map.Entry<String, GenericRecord> e : reader.read(file).entrySet()) {
        GenericRecord r = e.getValue();
        String commitTime = r.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString();
        if (inRange.contains(commitTime)) {
          rows.put(e.getKey(), row(r));
        }
      }
    }
    return rows;
  }

  @Test
  public void continuesAVersionEightTableHudiOneWrote() throws Exception {
    String base = tmp.newFolder("hudi").getAbsolutePath();
    HoodieTableMetaClient created =
        HoodieTableMetaClient.newTableBuilder()
            .setTableType(HoodieTableType.COPY_ON_WRITE)
            .setTableName("rides")
            .setRecordKeyFields("uuid")
            .setPartitionFields("city")
            .setPreCombineField("ts")
            .setKeyGeneratorClassProp("org.apache.hudi.keygen.SimpleKeyGenerator")
            .setHiveStylePartitioningEnable(false)
            .setUrlEncodePartitioning(false)
            .setTableCreateSchema(RIDES.toString())
            .initTable(HadoopFSUtils.getStorageConfWithCopy(new Configuration()), base);
    List<GenericRecord> first = rides(0, IntStream.range(0, 9).toArray());
    Map<String, GenericRecord> byKey = new java.util.LinkedHashMap<>();
    Map<String, String> partitions = new java.util.HashMap<>();
    first.forEach(
        r -> {
          byKey.put(r.get("uuid").toString(), r);
          partitions.put(r.get("uuid").toString(), r.get("city").toString());
        });
    String h1 =
        new HudiOneCommits(created, RIDES)
            .commit(byKey, Map.of(), partitions, WriteOperationType.INSERT);

    // No withTableVersion: the existing table's version 8 is kept.
    run(rides(1, 3, 4, 5, 20, 21), write(base, WriteOperation.UPSERT));
    run(rides(2, 0), write(base, WriteOperation.DELETE));
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<String> commits = completedCommits(meta);
    assertThat(commits.size(), is(3));
    assertThat(commits.get(0), is(h1));
    assertThat(
        new File(base, ".hoodie/" + commits.get(1) + ".commit.requested").exists(), is(false));
    assertThat(
        new File(base, ".hoodie/timeline/" + commits.get(1) + ".commit.requested").isFile(),
        is(true));
    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i : new int[] {1, 2, 6, 7, 8}) {
      expected.put(String.format("ride-%04d", i), expected(0, i, h1));
    }
    for (int i : new int[] {3, 4, 5, 20, 21}) {
      expected.put(String.format("ride-%04d", i), expected(1, i, commits.get(1)));
    }
    assertThat(baseFileRows(meta, RIDES, DEFAULT_METADATA_ENABLE_FOR_READERS, null), is(expected));
  }

  @Test
  public void refusesUnsupportedVersionsWhenThePipelineIsBuilt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> write("/tmp/x", WriteOperation.UPSERT).withTableVersion(7));
    assertThat(e.getMessage(), equalTo("withTableVersion must be 6 or 8, but was 7"));

    String base = tmp.getRoot().getAbsolutePath() + "/v9";
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                run(
                    rides(0, 1),
                    write(base, WriteOperation.UPSERT)
                        .withHoodieProperties(Map.of("hoodie.write.table.version", "9"))));
    assertThat(
        e.getMessage(),
        equalTo(
            "The write has hoodie.write.table.version=9; this writer supports table"
                + " versions 6 (Hudi 0.14/0.15) and 8 (Hudi 1.0) only: write with a Hudi release that supports table"
                + " version 9, or upgrade or downgrade the table to 6 or 8 with Hudi's upgrade/downgrade tool first"));
    assertThat(new File(base).exists(), is(false));
  }
}
