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
package io.hudibeam.metadata;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieDeltaWriteStat;
import org.apache.hudi.common.model.HoodieWriteStat;

/** Field-by-field comparison of our commit metadata with what Hudi's own classes hold. */
final class HudiCommitAssertions {

  private HudiCommitAssertions() {}

  static void assertSameCommit(CommitMetadata ours, HoodieCommitMetadata hudi) {
    Map<String, List<HoodieWriteStat>> hudiStats = hudi.getPartitionToWriteStats();
    assertThat("partitions", hudiStats.keySet(), equalTo(ours.partitionToWriteStats().keySet()));
    ours.partitionToWriteStats()
        .forEach(
            (partition, stats) -> {
              List<HoodieWriteStat> theirs = hudiStats.get(partition);
              assertThat("stats in " + partition, theirs.size(), equalTo(stats.size()));
              for (int i = 0; i < stats.size(); i++) {
                assertSameStat(stats.get(i), theirs.get(i));
              }
            });
    assertThat("compacted", hudi.getCompacted(), equalTo(ours.compacted()));
    assertThat("extraMetadata", hudi.getExtraMetadata(), equalTo(ours.extraMetadata()));
    assertThat(
        "operationType", hudi.getOperationType().name(), equalTo(ours.operationType().name()));
    assertThat("schema", hudi.getMetadata("schema"), equalTo(ours.schema().orElse(null)));
    assertThat(
        "fileIdAndRelativePaths",
        hudi.getFileIdAndRelativePaths(),
        equalTo(ours.fileIdToRelativePath()));
  }

  static void assertSameStat(WriteStat ours, HoodieWriteStat hudi) {
    String at = "stat " + ours.fileId() + ": ";
    assertThat(at + "fileId", hudi.getFileId(), equalTo(ours.fileId()));
    assertThat(at + "path", hudi.getPath(), equalTo(ours.path()));
    assertThat(at + "cdcStats", hudi.getCdcStats(), equalTo(ours.cdcStats()));
    assertThat(at + "prevCommit", hudi.getPrevCommit(), equalTo(ours.prevCommit()));
    assertThat(at + "numWrites", hudi.getNumWrites(), equalTo(ours.numWrites()));
    assertThat(at + "numDeletes", hudi.getNumDeletes(), equalTo(ours.numDeletes()));
    assertThat(at + "numUpdateWrites", hudi.getNumUpdateWrites(), equalTo(ours.numUpdateWrites()));
    assertThat(at + "numInserts", hudi.getNumInserts(), equalTo(ours.numInserts()));
    assertThat(at + "totalWriteBytes", hudi.getTotalWriteBytes(), equalTo(ours.totalWriteBytes()));
    assertThat(
        at + "totalWriteErrors", hudi.getTotalWriteErrors(), equalTo(ours.totalWriteErrors()));
    assertThat(at + "tempPath", hudi.getTempPath(), equalTo(ours.tempPath()));
    assertThat(at + "partitionPath", hudi.getPartitionPath(), equalTo(ours.partitionPath()));
    assertThat(at + "totalLogRecords", hudi.getTotalLogRecords(), equalTo(ours.totalLogRecords()));
    assertThat(
        at + "totalLogFilesCompacted",
        hudi.getTotalLogFilesCompacted(),
        equalTo(ours.totalLogFilesCompacted()));
    assertThat(
        at + "totalLogSizeCompacted",
        hudi.getTotalLogSizeCompacted(),
        equalTo(ours.totalLogSizeCompacted()));
    assertThat(
        at + "totalUpdatedRecordsCompacted",
        hudi.getTotalUpdatedRecordsCompacted(),
        equalTo(ours.totalUpdatedRecordsCompacted()));
    assertThat(at + "totalLogBlocks", hudi.getTotalLogBlocks(), equalTo(ours.totalLogBlocks()));
    assertThat(
        at + "totalCorruptLogBlock",
        hudi.getTotalCorruptLogBlock(),
        equalTo(ours.totalCorruptLogBlock()));
    assertThat(
        at + "totalRollbackBlocks",
        hudi.getTotalRollbackBlocks(),
        equalTo(ours.totalRollbackBlocks()));
    assertThat(at + "fileSizeInBytes", hudi.getFileSizeInBytes(), equalTo(ours.fileSizeInBytes()));
    assertThat(at + "minEventTime", hudi.getMinEventTime(), equalTo(ours.minEventTime()));
    assertThat(at + "maxEventTime", hudi.getMaxEventTime(), equalTo(ours.maxEventTime()));
    if (ours.runtimeStats() == null) {
      assertThat(at + "runtimeStats", hudi.getRuntimeStats(), nullValue());
    } else {
      assertThat(
          at + "totalScanTime",
          hudi.getRuntimeStats().getTotalScanTime(),
          equalTo(ours.runtimeStats().totalScanTime()));
      assertThat(
          at + "totalUpsertTime",
          hudi.getRuntimeStats().getTotalUpsertTime(),
          equalTo(ours.runtimeStats().totalUpsertTime()));
      assertThat(
          at + "totalCreateTime",
          hudi.getRuntimeStats().getTotalCreateTime(),
          equalTo(ours.runtimeStats().totalCreateTime()));
    }
  }

  static void assertSameDelta(WriteStat ours, HoodieDeltaWriteStat hudi) {
    assertSameStat(ours, hudi);
    WriteStat.LogAppendStats d = ours.logAppend().orElseThrow();
    assertThat("logVersion", hudi.getLogVersion(), equalTo(d.logVersion()));
    assertThat("logOffset", hudi.getLogOffset(), equalTo(d.logOffset()));
    assertThat("baseFile", hudi.getBaseFile(), equalTo(d.baseFile()));
    assertThat("logFiles", hudi.getLogFiles(), equalTo(d.logFiles()));
  }
}
