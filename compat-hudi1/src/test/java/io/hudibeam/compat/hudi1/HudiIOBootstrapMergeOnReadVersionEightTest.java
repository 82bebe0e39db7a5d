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

import static io.hudibeam.compat.hudi1.VersionEightReads.SOURCE;
import static io.hudibeam.compat.hudi1.VersionEightReads.bootstrap;
import static io.hudibeam.compat.hudi1.VersionEightReads.latestCompleted;
import static io.hudibeam.compat.hudi1.VersionEightReads.latestSlices;
import static io.hudibeam.compat.hudi1.VersionEightReads.logFiles;
import static io.hudibeam.compat.hudi1.VersionEightReads.mergeLogs;
import static io.hudibeam.compat.hudi1.VersionEightReads.meta;
import static io.hudibeam.compat.hudi1.VersionEightReads.pipeline;
import static io.hudibeam.compat.hudi1.VersionEightReads.putBaseFileRows;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static io.hudibeam.compat.hudi1.VersionEightReads.run;
import static io.hudibeam.compat.hudi1.VersionEightReads.runBootstrap;
import static io.hudibeam.compat.hudi1.VersionEightReads.skeletonUpdatesAndANewKey;
import static io.hudibeam.compat.hudi1.VersionEightReads.sourceRide;
import static io.hudibeam.compat.hudi1.VersionEightReads.writeSource;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiBootstrap;
import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A MERGE_ON_READ table of version 8 bootstrapped METADATA_ONLY by {@code HudiIO.bootstrap()},
 * upserted and deleted by HudiIO (log files on the skeleton file slices), then compacted by {@code
 * HudiIO.compact()}; Hudi 1.0 reads every row exact after each step: each latest file slice's base
 * file (a skeleton file joined with its source file by Hudi's bootstrap file reader, or a regular
 * base file) with its log files merged on top by Hudi's merged log scanner ({@code
 * HoodieMergedLogRecordScanner}), as in {@code HudiOneReadsLogBlocksTest}.
 */
public class HudiIOBootstrapMergeOnReadVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_BOOTSTRAP = "00000000000001";
  private static final Schema WITH_META = HoodieAvroUtils.addMetadataFields(SOURCE);

  private static void write(String base, WriteOperation operation, List<GenericRecord> rows) {
    run(
        SOURCE,
        rows,
        ridesWrite(base, operation)
            .withTableType(TableType.MERGE_ON_READ)
            // No small files: the new key goes to a new file group, so every update and
            // delete lands in a log file of its skeleton slice (by default the skeleton file
            // group that takes the insert is rewritten with it into a base file, as Hudi does).
            .withSmallFileLimit(0));
  }

  private List<HoodieInstant> completed(String base) {
    return meta(base)
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants();
  }

  @Test
  public void aMergeOnReadMetadataOnlyBootstrapAtVersionEightIsUpsertedThenCompacted()
      throws Exception {
    File source = tmp.newFolder("source");
    Map<String, List<Object>> expected = writeSource(source, METADATA_BOOTSTRAP);
    String base = new File(tmp.getRoot(), "table").getAbsolutePath();
    runBootstrap(
        bootstrap(source, base, HudiBootstrap.Mode.METADATA_ONLY)
            .withTableType(TableType.MERGE_ON_READ));
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTableType(), is(HoodieTableType.MERGE_ON_READ));
    List<HoodieInstant> commits = completed(base);
    assertThat(commits.size(), is(1));
    assertThat(commits.get(0).requestedTime(), is(METADATA_BOOTSTRAP));
    assertThat(commits.get(0).getAction(), is(HoodieTimeline.DELTA_COMMIT_ACTION));
    Slices slices = new Slices();
    assertThat(hudiRows(meta, slices), is(expected));
    assertThat(slices.skeletons, is(6));

    // Updates in two skeleton file groups (amsterdam part-0, oslo part-1) and a new key (a new file
    // group), then a delete in a third (lisbon part-0): log files on the skeleton slices.
    write(base, WriteOperation.UPSERT, skeletonUpdatesAndANewKey());
    String upsert = completed(base).get(1).requestedTime();
    write(base, WriteOperation.DELETE, List.of(sourceRide("ride-007", 0L, "lisbon")));
    assertThat(completed(base).size(), is(3));
    expected.put("ride-001", Arrays.asList(9000L, "amsterdam", upsert));
    expected.put("ride-016", Arrays.asList(9001L, "oslo", upsert));
    expected.put("ride-900", Arrays.asList(9002L, "amsterdam", upsert));
    expected.remove("ride-007");
    slices = new Slices();
    assertThat(hudiRows(meta(base), slices), is(expected));
    // The three updated or deleted file groups are skeleton slices with log files; the new key is
    // in a new file group's base file.
    assertThat(slices.skeletonsWithLogs, is(3));
    assertThat(slices.logFiles, is(3));
    assertThat(slices.skeletons, is(6));

    Pipeline compact = pipeline();
    compact.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "1")));
    compact.run().waitUntilFinish();
    List<HoodieInstant> after = completed(base);
    assertThat(after.size(), is(4));
    assertThat(after.get(3).getAction(), is(HoodieTimeline.COMMIT_ACTION));
    slices = new Slices();
    assertThat(hudiRows(meta(base), slices), is(expected));
    assertThat(slices.logFiles, is(0));
    // The compacted file groups have regular base files; the untouched ones are still skeletons.
    assertThat(slices.skeletons, is(3));
  }

  /** What {@link #hudiRows} saw of the latest file slices. */
  private static final class Slices {
    int skeletons;
    int skeletonsWithLogs;
    int logFiles;
  }

  /**
   * Hudi 1.0's snapshot as key to [ts, city, commit time]: each latest file slice's base file (a
   * skeleton file through the view's attached source file and Hudi's bootstrap file reader, another
   * base file as it is), then its log files (oldest first) through Hudi's merged log scanner, whose
   * records replace the base file's of their key or delete it.
   */
  private Map<String, List<Object>> hudiRows(HoodieTableMetaClient meta, Slices seen)
      throws Exception {
    Map<String, List<Object>> rows = new TreeMap<>();
    String latest = latestCompleted(meta);
    for (FileSlice slice : latestSlices(meta)) {
      List<HoodieLogFile> logs = logFiles(slice);
      seen.logFiles += logs.size();
      if (slice.getBaseFile().isPresent()) {
        HoodieBaseFile file = slice.getBaseFile().get();
        boolean skeleton = file.getCommitTime().equals(METADATA_BOOTSTRAP);
        assertThat(file.getPath(), file.getBootstrapBaseFile().isPresent(), is(skeleton));
        if (skeleton) {
          seen.skeletons++;
          seen.skeletonsWithLogs += logs.isEmpty() ? 0 : 1;
        }
        putBaseFileRows(meta, file, slice.getPartitionPath(), WITH_META, rows);
      }
      if (!logs.isEmpty()) {
        mergeLogs(meta, logs, WITH_META, latest, tmp.newFolder(), rows);
      }
    }
    return rows;
  }
}
