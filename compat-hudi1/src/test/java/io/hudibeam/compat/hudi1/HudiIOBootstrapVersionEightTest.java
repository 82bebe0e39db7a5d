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
import static io.hudibeam.compat.hudi1.VersionEightReads.SOURCE;
import static io.hudibeam.compat.hudi1.VersionEightReads.baseFileRows;
import static io.hudibeam.compat.hudi1.VersionEightReads.bootstrap;
import static io.hudibeam.compat.hudi1.VersionEightReads.commitMetadata;
import static io.hudibeam.compat.hudi1.VersionEightReads.latestSlices;
import static io.hudibeam.compat.hudi1.VersionEightReads.meta;
import static io.hudibeam.compat.hudi1.VersionEightReads.pipeline;
import static io.hudibeam.compat.hudi1.VersionEightReads.putBaseFileRows;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static io.hudibeam.compat.hudi1.VersionEightReads.runBootstrap;
import static io.hudibeam.compat.hudi1.VersionEightReads.skeletonUpdatesAndANewKey;
import static io.hudibeam.compat.hudi1.VersionEightReads.sourceRide;
import static io.hudibeam.compat.hudi1.VersionEightReads.writeSource;
import static org.apache.hudi.common.config.HoodieMetadataConfig.DEFAULT_METADATA_ENABLE_FOR_READERS;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiBootstrap;
import io.hudibeam.HudiIO;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.bootstrap.index.BootstrapIndex;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.WriteOperationType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.bootstrap()} into a table of version 8, read by Hudi 1.0 row by row: a Parquet
 * dataset in plain partition folders (3 partitions × 2 files, the partition column in the rows)
 * bootstrapped FULL_RECORD at {@code 00000000000002}, then upserted by HudiIO.
 */
public class HudiIOBootstrapVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String BOOTSTRAP = "00000000000002";
  private static final String METADATA_BOOTSTRAP = "00000000000001";

  private static void run(Pipeline p) {
    p.run().waitUntilFinish();
  }

  /**
   * METADATA_ONLY at version 8: Hudi 1.0's bootstrap index reader finds every partition and file
   * group, its file-system view attaches each source file to its skeleton file, and its bootstrap
   * file reader returns every source row with the meta fields of {@code 00000000000001}. Then
   * HudiIO upserts and deletes: each touched file group gets a regular base file with the full
   * rows, the others stay skeletons; Hudi 1.0 reads every row exact after each write, and so does
   * {@code HudiIO.read()} after the bootstrap and after the writes.
   */
  @Test
  public void aMetadataOnlyBootstrapAtVersionEightIsReadByHudiOneThenWrittenByHudiIO()
      throws Exception {
    File source = tmp.newFolder("source");
    Map<String, List<Object>> expected = writeSource(source, METADATA_BOOTSTRAP);
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    runBootstrap(bootstrap(source, base, HudiBootstrap.Mode.METADATA_ONLY));

    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    List<HoodieInstant> commits =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().getInstants();
    assertThat(commits.size(), is(1));
    HoodieInstant bootstrap = commits.get(0);
    assertThat(bootstrap.requestedTime(), is(METADATA_BOOTSTRAP));
    HoodieCommitMetadata metadata = commitMetadata(meta, bootstrap);
    assertThat(metadata.getOperationType(), is(WriteOperationType.BOOTSTRAP));

    BootstrapIndex index = BootstrapIndex.getBootstrapIndex(meta);
    assertThat(index.useIndex(), is(true));
    try (BootstrapIndex.IndexReader r = index.createReader()) {
      assertThat(r.getBootstrapBasePath(), is("file:" + source.getAbsolutePath()));
      assertThat(r.getIndexedPartitionPaths(), is(CITIES));
      assertThat(r.getIndexedFileGroupIds().size(), is(6));
      assertThat(r.getSourceFileMappingForFileIds(r.getIndexedFileGroupIds()).size(), is(6));
    }

    List<String> skeletons = new ArrayList<>();
    assertThat(bootstrapRows(meta, skeletons), is(expected));
    assertThat(skeletons.size(), is(6));
    // HudiIO.read() joins each skeleton file with its source file: the same rows.
    assertHudiIORead(base, expected);

    // HudiIO continues the table: updates in two skeleton file groups (amsterdam part-0, oslo
    // part-1), a new key (in amsterdam, so lisbon stays untouched: an insert may land in either
    // small file group of its city), then a delete in a third (lisbon part-0).
    write(base, WriteOperation.UPSERT, skeletonUpdatesAndANewKey());
    String t2 = lastCommit(base);
    expected.put("ride-001", Arrays.asList(9000L, "amsterdam", t2));
    expected.put("ride-016", Arrays.asList(9001L, "oslo", t2));
    expected.put("ride-900", Arrays.asList(9002L, "amsterdam", t2));
    skeletons.clear();
    assertThat(bootstrapRows(meta(base), skeletons), is(expected));
    assertThat(String.valueOf(skeletons), skeletons.size() >= 3 && skeletons.size() <= 4, is(true));
    int afterUpsert = skeletons.size();
    write(base, WriteOperation.DELETE, List.of(sourceRide("ride-007", 0L, "lisbon")));
    expected.remove("ride-007");
    skeletons.clear();
    assertThat(bootstrapRows(meta(base), skeletons), is(expected));
    assertThat(skeletons.size() < afterUpsert, is(true));
    // Merged base files next to skeletons: HudiIO.read() returns Hudi 1.0's rows.
    assertHudiIORead(base, expected);
  }

  /** {@code HudiIO.read()}'s snapshot as key to [ts, city, commit time] equals {@code expected}. */
  private static void assertHudiIORead(String base, Map<String, List<Object>> expected) {
    ArrayList<String> want = new ArrayList<>();
    expected.forEach((k, v) -> want.add(k + "=" + v));
    Pipeline p = pipeline();
    PAssert.that(p.apply(HudiIO.read().withBasePath(base).withMetaColumns()))
        .satisfies(
            rows -> {
              List<String> got = new ArrayList<>();
              for (Row row : rows) {
                got.add(
                    row.getString("_hoodie_record_key")
                        + "="
                        + Arrays.asList(
                            row.getInt64("ts"),
                            row.getString("city"),
                            row.getString("_hoodie_commit_time")));
              }
              got.sort(null);
              assertThat(got, is(want));
              return null;
            });
    run(p);
  }

  private static void write(String base, WriteOperation operation, List<GenericRecord> rows) {
    VersionEightReads.run(SOURCE, rows, ridesWrite(base, operation));
  }

  private String lastCommit(String base) {
    List<HoodieInstant> commits =
        meta(base).getActiveTimeline().getCommitsTimeline().filterCompletedInstants().getInstants();
    return commits.get(commits.size() - 1).requestedTime();
  }

  /**
   * Hudi 1.0's rows of the latest base files (key to [ts, city, commit time]): a skeleton file (its
   * file group added to {@code skeletons}) through the view's attached source file and Hudi's
   * bootstrap file reader, any other base file as it is.
   */
  private static Map<String, List<Object>> bootstrapRows(
      HoodieTableMetaClient meta, List<String> skeletons) throws Exception {
    Map<String, List<Object>> rows = new TreeMap<>();
    for (FileSlice slice : latestSlices(meta)) {
      HoodieBaseFile file = slice.getBaseFile().get();
      boolean skeleton = file.getCommitTime().equals(METADATA_BOOTSTRAP);
      assertThat(file.getBootstrapBaseFile().isPresent(), is(skeleton));
      if (skeleton) {
        skeletons.add(file.getFileId());
      }
      putBaseFileRows(
          meta, file, slice.getPartitionPath(), HoodieAvroUtils.addMetadataFields(SOURCE), rows);
    }
    return rows;
  }

  @Test
  public void aFullRecordBootstrapAtVersionEightIsReadByHudiOneThenUpserted() throws Exception {
    File source = tmp.newFolder("source");
    Map<String, List<Object>> expected = writeSource(source, BOOTSTRAP);
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    runBootstrap(bootstrap(source, base, HudiBootstrap.Mode.FULL_RECORD));

    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTableConfig().getBootstrapBasePath().isPresent(), is(true));
    List<HoodieInstant> commits =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().getInstants();
    assertThat(commits.size(), is(1));
    HoodieInstant bootstrap = commits.get(0);
    assertThat(bootstrap.requestedTime(), is(BOOTSTRAP));
    HoodieCommitMetadata metadata = commitMetadata(meta, bootstrap);
    assertThat(metadata.getOperationType(), is(WriteOperationType.BULK_INSERT));
    assertThat(baseFileRows(meta, SOURCE, DEFAULT_METADATA_ENABLE_FOR_READERS, null), is(expected));

    // HudiIO upserts into the bootstrapped version 8 table: an update and an insert.
    Pipeline upsert = pipeline();
    upsert
        .apply(
            Create.of(
                    List.of(
                        sourceRide("ride-004", 9000L, "amsterdam"),
                        sourceRide("ride-100", 9001L, "oslo")))
                .withCoder(AvroCoder.of(SOURCE)))
        .apply(ridesWrite(base, WriteOperation.UPSERT));
    run(upsert);
    meta = meta(base);
    List<HoodieInstant> after =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants().getInstants();
    assertThat(after.size(), is(2));
    String t2 = after.get(1).requestedTime();
    expected.put("ride-004", Arrays.asList(9000L, "amsterdam", t2));
    expected.put("ride-100", Arrays.asList(9001L, "oslo", t2));
    assertThat(baseFileRows(meta, SOURCE, DEFAULT_METADATA_ENABLE_FOR_READERS, null), is(expected));
  }
}
