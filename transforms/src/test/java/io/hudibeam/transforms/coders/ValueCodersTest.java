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
package io.hudibeam.transforms.coders;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.LogFileName;
import io.hudibeam.files.WriteToken;
import io.hudibeam.index.BucketIndex;
import io.hudibeam.index.FileKeyRange;
import io.hudibeam.index.KeyRange;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.streaming.IntervalDecision;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.WorkloadProfile;
import io.hudibeam.write.WorkloadProfile.PartitionWorkload;
import io.hudibeam.write.WritePlan;
import io.hudibeam.write.WritePlanner;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.testing.CoderProperties;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.util.SerializableUtils;
import org.junit.Test;

/**
 * The coders of the values that cross a side input or a combine (started instant, interval
 * decision, key ranges, workload profile, write plan), with Beam's {@link CoderProperties}: each
 * coder is serializable and claims determinism; every value decodes to an equal value; and equal
 * values built in different orders (hash maps and sets filled differently) encode to the same
 * bytes.
 */
public class ValueCodersTest {
  private static final InstantTime T1 = InstantTime.parse("20240301123456789");
  private static final InstantTime T2 = InstantTime.parse("20240302000000000");
  private static final InstantTime T3 = InstantTime.parse("20240303000000000");
  private static final UUID PREFIX = UUID.fromString("2f1e6e1c-6d43-4c5e-9a2b-0d7f1c3e5a6b");
  private static final FileId FILE_A = FileId.of(PREFIX, 0);
  private static final FileId FILE_B = FileId.of(PREFIX, 1);
  private static final TableConfig COW =
      TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
          .recordKeyFields(List.of("uuid"))
          .partitionFields(List.of("city"))
          .orderingField("ts")
          .build();
  private static final TableConfig MOR =
      TableConfig.newTable("trips_mor", TableType.MERGE_ON_READ)
          .databaseName("db")
          .recordKeyFields(List.of("uuid"))
          .build();

  private static BaseFile baseFile(String partition, FileId fileId, long size) {
    return BaseFile.of(partition, BaseFileName.of(fileId, WriteToken.of(1, 2, 3), T1), size);
  }

  /** Serializable, deterministic, round trip of each value, and equal values encode alike. */
  @SafeVarargs
  private static <T> void roundTrip(Coder<T> coder, T... values) throws Exception {
    CoderProperties.coderSerializable(coder);
    coder.verifyDeterministic();
    for (T value : values) {
      CoderProperties.coderDecodeEncodeEqual(coder, value);
      CoderProperties.coderDeterministic(coder, value, value);
      CoderProperties.coderConsistentWithEquals(coder, value, CoderUtils.clone(coder, value));
    }
  }

  /** Two equal values, built differently, encode to the same bytes. */
  private static <T> void sameBytes(Coder<T> coder, T one, T other) throws Exception {
    assertThat(one, is(other));
    CoderProperties.coderDeterministic(coder, one, other);
  }

  @Test
  public void startedInstant() throws Exception {
    StartedInstant batch = new StartedInstant(T2, Action.COMMIT, COW);
    Map<String, String> lineage =
        SinkLineage.of("sink-1", 0, 60_000, 60_000, new IntervalContent(12, -5));
    StartedInstant streaming =
        new StartedInstant(T2, Action.DELTA_COMMIT, MOR, lineage)
            .withWriteSchema("{\"type\":\"record\",\"name\":\"trip\",\"fields\":[]}")
            .withCompletedWritesAtStart(Set.of(T1, InstantTime.parse("20240229000000000")));
    StartedInstant noneSeen = batch.withCompletedWritesAtStart(Set.of());
    roundTrip(StartedInstantCoder.of(), batch, streaming, noneSeen);
    assertThat("unknown and empty snapshots differ", noneSeen, not(batch));
    assertThat(
        CoderUtils.clone(StartedInstantCoder.of(), noneSeen).completedWritesAtStart(),
        is(Optional.of(Set.of())));
    assertThat(
        CoderUtils.clone(StartedInstantCoder.of(), batch).completedWritesAtStart(),
        is(Optional.empty()));

    Map<String, String> reversed = new LinkedHashMap<>();
    new TreeMap<>(lineage).descendingMap().forEach(reversed::put);
    Set<InstantTime> seen = new HashSet<>(List.of(T3, T1, T2));
    sameBytes(
        StartedInstantCoder.of(),
        new StartedInstant(T2, Action.COMMIT, COW, lineage)
            .withCompletedWritesAtStart(new TreeSet<>(seen)),
        new StartedInstant(T2, Action.COMMIT, COW, reversed).withCompletedWritesAtStart(seen));
  }

  @Test
  public void intervalDecision() throws Exception {
    StartedInstant started =
        new StartedInstant(
                T2,
                Action.COMMIT,
                COW,
                SinkLineage.of("sink-1", 60_000, 120_000, 60_000, new IntervalContent(3, 42)))
            .withWriteSchema("{\"type\":\"string\"}")
            .withCompletedWritesAtStart(Set.of(T1));
    roundTrip(
        IntervalDecision.IntervalDecisionCoder.of(),
        IntervalDecision.start(60_000, 120_000, 3, started),
        IntervalDecision.skip(0, 60_000, 7, Optional.of("20240101000000000")),
        IntervalDecision.skip(-60_000, 0, 0, Optional.empty()));
    assertThat(
        CoderUtils.clone(
                IntervalDecision.IntervalDecisionCoder.of(),
                IntervalDecision.skip(0, 60_000, 7, Optional.empty()))
            .isSkip(),
        is(true));
  }

  @Test
  public void intervalContent() throws Exception {
    roundTrip(
        IntervalContentCoder.of(),
        IntervalContent.EMPTY,
        new IntervalContent(1, Long.MIN_VALUE),
        new IntervalContent(Long.MAX_VALUE, -1));
  }

  @Test
  public void fileKeyRange() throws Exception {
    BaseFile file = baseFile("city=new%2Fyork", FILE_A, 434_123L);
    roundTrip(
        FileKeyRangeCoder.of(),
        FileKeyRange.of(file, "trip-000001", "trip-009999"),
        FileKeyRange.of(baseFile("", FILE_B, 0), "", ""),
        FileKeyRange.unbounded(file));
    assertThat(
        CoderUtils.clone(FileKeyRangeCoder.of(), FileKeyRange.unbounded(file))
            .mayContain("anything"),
        is(true));
  }

  @Test
  public void keyRange() throws Exception {
    roundTrip(
        KeyRangeCoder.of(),
        new KeyRange("trip-000001", "trip-009999"),
        KeyRange.of(""),
        new KeyRange("aé", "z中"));
  }

  @Test
  public void workloadProfile() throws Exception {
    WorkloadProfile profile =
        WorkloadProfile.empty()
            .plus("b", null)
            .plus("a", FILE_B)
            .plus("a", FILE_A)
            .plus("a", FILE_B)
            .plus("", null);
    roundTrip(WorkloadProfileCoder.of(), WorkloadProfile.empty(), profile);
    // Combine.globally carries its default (the empty profile) in a Java-serialized DoFn.
    assertThat(SerializableUtils.clone(profile), is(profile));

    Map<String, PartitionWorkload> partitions = new HashMap<>();
    Map<FileId, Long> updates = new LinkedHashMap<>();
    updates.put(FILE_B, 2L);
    updates.put(FILE_A, 1L);
    partitions.put("", PartitionWorkload.of(1, Map.of()));
    partitions.put("b", PartitionWorkload.of(1, Map.of()));
    partitions.put("a", PartitionWorkload.of(0, updates));
    sameBytes(WorkloadProfileCoder.of(), profile, WorkloadProfile.of(partitions));
  }

  @Test
  public void writePlans() throws Exception {
    FileSizing sizing = FileSizing.of(100_000, 80_000, 1024);
    BaseFile small = baseFile("p", FileId.parse("aaaa-0"), 60_000);
    BaseFile big = baseFile("p", FileId.parse("bbbb-0"), 90_000);
    WorkloadProfile upserts =
        WorkloadProfile.of(
            Map.of(
                "p", PartitionWorkload.of(289, Map.of(big.name().fileId(), 7L)),
                "q", PartitionWorkload.of(10, Map.of())));
    WritePlan copyOnWrite =
        new WritePlanner(sizing, () -> PREFIX)
            .plan(upserts, Map.of("p", List.of(small, big)), 1024, true);
    assertThat(copyOnWrite.buckets().size(), is(6));

    BaseFile bucket3 = baseFile("p", BucketIndex.newFileId(3, PREFIX), 1_000);
    BucketIndex index = BucketIndex.of(8, List.of("uuid"));
    WorkloadProfile bucketUpserts =
        WorkloadProfile.of(
            Map.of("p", PartitionWorkload.of(5, Map.of(bucket3.name().fileId(), 2L))));
    WritePlan bucketPlan =
        new WritePlanner(sizing, () -> UUID.fromString("00000000-0000-0000-0000-00000000abcd"))
            .planBuckets(bucketUpserts, Map.of("p", List.of(bucket3)), index);
    assertThat(bucketPlan.partitions().get("p").bucketInserts().isPresent(), is(true));

    FileSlice slice =
        FileSlice.of(
            bucket3.fileGroupId(),
            T1,
            Optional.of(bucket3),
            List.of(LogFileName.of(bucket3.name().fileId(), T1, 1, WriteToken.of(0, 1, 2))));
    WritePlan mergeOnRead =
        new WritePlanner(sizing, () -> PREFIX)
            .planBucketsMergeOnRead(bucketUpserts, Map.of("p", List.of(slice)), index);

    roundTrip(
        WritePlanCoder.of(), new WritePlan(new TreeMap<>()), copyOnWrite, bucketPlan, mergeOnRead);
    WritePlan decoded = CoderUtils.clone(WritePlanCoder.of(), copyOnWrite);
    for (int i = 0; i < 1000; i++) {
      String key = "trip-" + i;
      assertThat(
          key,
          decoded.route("p", key, Optional.empty()),
          is(copyOnWrite.route("p", key, Optional.empty())));
    }
    WritePlan decodedBuckets = CoderUtils.clone(WritePlanCoder.of(), bucketPlan);
    for (int i = 0; i < 100; i++) {
      String key = "trip-" + i;
      if (index.bucketId(key) != 3) {
        assertThat(
            key,
            decodedBuckets.route("p", key, Optional.empty()),
            is(bucketPlan.route("p", key, Optional.empty())));
      }
    }
  }
}
