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
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.junit.Assert.assertThrows;

import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.WriteToken;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.timeline.InstantTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.Test;

public class WritePlannerTest {
  private static final UUID PREFIX = UUID.fromString("00000000-0000-0000-0000-00000000abcd");
  private static final InstantTime T0 = InstantTime.parse("20260101000000000");
  private static final FileSizing SIZING = FileSizing.of(100_000, 80_000, 1024);

  private static BaseFile baseFile(String partition, String fileId, long size) {
    return BaseFile.of(
        partition, BaseFileName.of(FileId.parse(fileId), WriteToken.of(0, 0, 0), T0), size);
  }

  private static WorkloadProfile inserts(String partition, long n) {
    return WorkloadProfile.of(Map.of(partition, WorkloadProfile.PartitionWorkload.of(n, Map.of())));
  }

  @Test
  public void insertsFillSmallFilesFirstThenNewFileGroupsOfMaxSize() {
    BaseFile small = baseFile("p", "aaaa-0", 60_000); // room for (100000-60000)/1024 = 39 records
    BaseFile big = baseFile("p", "bbbb-0", 90_000); // not small
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX)
            .plan(inserts("p", 39 + 250), Map.of("p", List.of(small, big)), 1024, true);

    List<WritePlan.InsertTarget> targets = plan.partitions().get("p").insertTargets();
    assertThat(targets.size(), is(4));
    assertThat(targets.get(0).bucket(), is(Bucket.existing(small)));
    assertThat(targets.get(0).plannedInserts(), is(39L));
    // 250 remaining inserts, 97 records per new file group -> 3 new file groups of 84, 83, 83.
    assertThat(
        targets.get(1).bucket(),
        is(Bucket.newFileGroup(FileGroupId.of("p", FileId.of(PREFIX, 0)))));
    assertThat(targets.get(1).plannedInserts(), is(84L));
    assertThat(targets.get(2).plannedInserts(), is(83L));
    assertThat(targets.get(3).bucket().fileGroupId().fileId(), is(FileId.of(PREFIX, 2)));
    assertThat(plan.buckets().size(), is(4));
  }

  @Test
  public void withoutPackingInsertsOnlyGoToNewFileGroups() {
    BaseFile small = baseFile("p", "aaaa-0", 10);
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX)
            .plan(inserts("p", 10), Map.of("p", List.of(small)), 1024, false);
    assertThat(
        plan.buckets(),
        is(List.of(Bucket.newFileGroup(FileGroupId.of("p", FileId.of(PREFIX, 0))))));
  }

  @Test
  public void routingIsDeterministicAndFollowsThePlannedWeights() {
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX).plan(inserts("p", 970), Map.of(), 1024, true);
    assertThat(plan.buckets().size(), is(10));
    Map<Bucket, Integer> counts = new HashMap<>();
    for (int i = 0; i < 9700; i++) {
      String key = "trip-" + i;
      Bucket bucket = plan.route("p", key, Optional.empty());
      assertThat(plan.route("p", key, Optional.empty()), is(bucket));
      counts.merge(bucket, 1, Integer::sum);
    }
    assertThat(counts.size(), is(10));
    for (int n : counts.values()) {
      assertThat(n, allOf(greaterThan(800), lessThan(1150)));
    }
  }

  @Test
  public void updatesGoToTheirFileGroup() {
    BaseFile existing = baseFile("p", "aaaa-0", 95_000);
    WorkloadProfile profile =
        WorkloadProfile.empty().plus("p", existing.name().fileId()).plus("p", null);
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX)
            .plan(profile, Map.of("p", List.of(existing)), 1024, true);
    RecordLocation location = RecordLocation.of("p", existing.name().fileId(), T0);
    assertThat(plan.route("p", "k1", Optional.of(location)), is(Bucket.existing(existing)));
    assertThat(plan.route("p", "k2", Optional.empty()).type(), is(BucketType.INSERT));
  }

  @Test
  public void anUpdatesOnlyPlanRoutesUpdatesAndPlansNoInserts() {
    BaseFile updated = baseFile("p", "aaaa-0", 95_000);
    BaseFile small = baseFile("p", "bbbb-0", 10);
    WorkloadProfile profile =
        WorkloadProfile.empty().plus("p", updated.name().fileId()).plus("p", null).plus("q", null);
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX)
            .planUpdates(profile, Map.of("p", List.of(updated, small)));
    RecordLocation location = RecordLocation.of("p", updated.name().fileId(), T0);
    assertThat(plan.route("p", "k1", Optional.of(location)), is(Bucket.existing(updated)));
    // The small file takes no inserts and no insert target is planned, in either partition.
    assertThat(plan.buckets(), is(List.of(Bucket.existing(updated))));
    assertThat(plan.partitions().get("q").insertTargets(), is(List.of()));
  }

  @Test
  public void inconsistentInputIsRefusedWithAClearMessage() {
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX).plan(inserts("p", 1), Map.of(), 1024, true);
    assertThat(
        assertThrows(HudiTableException.class, () -> plan.route("q", "k", Optional.empty()))
            .getMessage(),
        containsString("Partition path 'q' of record key 'k' is not in the write plan"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () ->
                    plan.route(
                        "p", "k", Optional.of(RecordLocation.of("p", FileId.parse("zzzz-0"), T0))))
            .getMessage(),
        containsString("Record key 'k' was tagged to file group"));
    WorkloadProfile update = WorkloadProfile.empty().plus("p", FileId.parse("zzzz-0"));
    assertThat(
        assertThrows(
                HudiTableException.class,
                () -> new WritePlanner(SIZING, () -> PREFIX).plan(update, Map.of(), 1024, true))
            .getMessage(),
        containsString("File group zzzz-0 of partition 'p' has updates but no latest base file"));
  }

  @Test
  public void bucketPlansRouteInsertsToTheNewFileGroupOfTheirBucketWithoutPacking() {
    BucketIndex index = BucketIndex.of(4, List.of("uuid"));
    Map<Integer, String> keyOfBucket = new HashMap<>();
    for (int i = 0; keyOfBucket.size() < 4; i++) {
      keyOfBucket.putIfAbsent(index.bucketId("k" + i), "k" + i);
    }
    BaseFile bucket1 = baseFile("p", "00000001-0000-0000-0000-000000000000-0", 10); // a small file
    UUID seed = UUID.fromString("bb7c3a45-387f-490d-aab2-981c3f1a8ada");
    WorkloadProfile profile =
        WorkloadProfile.of(
            Map.of(
                "p", WorkloadProfile.PartitionWorkload.of(3, Map.of(bucket1.name().fileId(), 1L))));
    WritePlan plan =
        new WritePlanner(SIZING, () -> seed)
            .planBuckets(profile, Map.of("p", List.of(bucket1)), index);

    assertThat(plan.partitions().get("p").insertTargets(), is(List.of()));
    assertThat(
        plan.route(
            "p",
            keyOfBucket.get(1),
            Optional.of(RecordLocation.of("p", bucket1.name().fileId(), T0))),
        is(Bucket.existing(bucket1)));
    for (int b : new int[] {0, 2, 3}) {
      assertThat(
          plan.route("p", keyOfBucket.get(b), Optional.empty()),
          is(
              Bucket.newFileGroup(
                  FileGroupId.of(
                      "p",
                      FileId.parse(String.format("%08d", b) + "-387f-490d-aab2-981c3f1a8ada-0")))));
    }
    HudiTableException untagged =
        assertThrows(
            HudiTableException.class, () -> plan.route("p", keyOfBucket.get(1), Optional.empty()));
    assertThat(untagged.getMessage(), containsString("hashes to bucket 1, which has a file group"));
  }

  @Test
  public void bucketPlansRefuseNonBucketAndSharedBuckets() {
    BucketIndex index = BucketIndex.of(4, List.of("uuid"));
    WorkloadProfile profile = inserts("p", 1);
    HudiTableException foreign =
        assertThrows(
            HudiTableException.class,
            () ->
                new WritePlanner(SIZING, () -> PREFIX)
                    .planBuckets(
                        profile, Map.of("p", List.of(baseFile("p", "aaaa-0", 10))), index));
    assertThat(foreign.getMessage(), containsString("File id 'aaaa-0' is not a bucket file id"));
    HudiTableException shared =
        assertThrows(
            HudiTableException.class,
            () ->
                new WritePlanner(SIZING, () -> PREFIX)
                    .planBuckets(
                        profile,
                        Map.of(
                            "p",
                            List.of(
                                baseFile("p", "00000002-aaaa-0", 10),
                                baseFile("p", "00000002-bbbb-0", 10))),
                        index));
    assertThat(
        shared.getMessage(), containsString("Partition 'p' has two file groups in bucket 2"));
  }

  private static io.hudibeam.files.FileSlice slice(BaseFile base, int logFiles) {
    List<io.hudibeam.files.LogFileName> logs = new java.util.ArrayList<>();
    for (int v = 1; v <= logFiles; v++) {
      logs.add(
          io.hudibeam.files.LogFileName.of(base.name().fileId(), T0, v, WriteToken.of(0, 1, v)));
    }
    return io.hudibeam.files.FileSlice.of(base.fileGroupId(), T0, Optional.of(base), logs);
  }

  @Test
  public void mergeOnReadUpdatesGoToLogFilesAndOnlyBaseOnlySmallSlicesTakeInserts() {
    BaseFile withLogs =
        baseFile("p", "aaaa-0", 10_000); // small, but has a log file: not a small file
    BaseFile baseOnly = baseFile("p", "bbbb-0", 60_000); // small, base only: takes 39 inserts
    BaseFile updatedOnly = baseFile("p", "cccc-0", 90_000); // not small, updated
    WorkloadProfile profile =
        WorkloadProfile.of(
            Map.of(
                "p",
                WorkloadProfile.PartitionWorkload.of(
                    50,
                    Map.of(
                        FileId.parse("aaaa-0"), 3L,
                        FileId.parse("bbbb-0"), 2L,
                        FileId.parse("cccc-0"), 1L))));
    io.hudibeam.files.FileSlice logSlice = slice(withLogs, 2);
    WritePlan plan =
        new WritePlanner(SIZING, () -> PREFIX)
            .planMergeOnRead(
                profile,
                Map.of("p", List.of(logSlice, slice(baseOnly, 0), slice(updatedOnly, 0))),
                1024);
    Map<FileId, Bucket> updates = plan.partitions().get("p").updateBuckets();
    assertThat(updates.get(FileId.parse("aaaa-0")), is(Bucket.append(logSlice)));
    assertThat(updates.get(FileId.parse("aaaa-0")).type(), is(BucketType.APPEND));
    assertThat(updates.get(FileId.parse("bbbb-0")), is(Bucket.existing(baseOnly)));
    assertThat(updates.get(FileId.parse("cccc-0")).type(), is(BucketType.APPEND));
    List<WritePlan.InsertTarget> targets = plan.partitions().get("p").insertTargets();
    assertThat(targets.get(0).bucket(), is(Bucket.existing(baseOnly)));
    assertThat(targets.get(0).plannedInserts(), is(39L));
    assertThat(
        targets.get(1).bucket(),
        is(Bucket.newFileGroup(FileGroupId.of("p", FileId.of(PREFIX, 0)))));
    assertThat(targets.get(1).plannedInserts(), is(11L));
    // Next log version of the slice with versions 1 and 2.
    assertThat(logSlice.nextLogVersion(), is(3));
    assertThat(
        logSlice.nextLogFile(WriteToken.of(4, 5, 6)).value(),
        is(".aaaa-0_" + T0.value() + ".log.3_4-5-6"));
  }
}
