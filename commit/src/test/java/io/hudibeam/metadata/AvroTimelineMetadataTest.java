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

import static io.hudibeam.metadata.CommitMetadataJsonTest.golden;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hudi.avro.model.HoodieActionInstant;
import org.apache.hudi.avro.model.HoodieCleanFileInfo;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieCleanPartitionMetadata;
import org.apache.hudi.avro.model.HoodieCleanerPlan;
import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.avro.model.HoodieInstantInfo;
import org.apache.hudi.avro.model.HoodieRequestedReplaceMetadata;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.avro.model.HoodieRollbackPartitionMetadata;
import org.apache.hudi.avro.model.HoodieRollbackPlan;
import org.apache.hudi.avro.model.HoodieRollbackRequest;
import org.apache.hudi.avro.model.HoodieSliceInfo;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Test;

/**
 * Our Avro timeline files against Hudi 0.15's {@code TimelineMetadataUtils}: Hudi reads what we
 * write, we read what Hudi writes (serialised by Hudi here, or golden files from a Spark run).
 * Hudi's values are converted into our records strictly (a null where we expect a collection
 * fails), so record equality is a field-by-field comparison.
 */
public class AvroTimelineMetadataTest {

  private static final String GOLDEN = "v6_cow_nonpartitioned_cleaned/";

  // ---- conversions of Hudi's generated classes into our values

  private static InstantInfo ours(HoodieInstantInfo h) {
    return new InstantInfo(h.getCommitTime(), h.getAction());
  }

  private static RollbackPlan ours(HoodieRollbackPlan h) {
    return new RollbackPlan(
        ours(h.getInstantToRollback()),
        h.getRollbackRequests().stream()
            .map(
                r ->
                    new RollbackRequest(
                        r.getPartitionPath(),
                        r.getFileId(),
                        r.getLatestBaseInstant(),
                        r.getFilesToBeDeleted(),
                        r.getLogBlocksToBeDeleted()))
            .toList(),
        h.getVersion());
  }

  private static RollbackMetadata ours(HoodieRollbackMetadata h) {
    Map<String, RollbackPartitionMetadata> partitions = new LinkedHashMap<>();
    h.getPartitionMetadata()
        .forEach(
            (k, p) ->
                partitions.put(
                    k,
                    new RollbackPartitionMetadata(
                        p.getPartitionPath(),
                        p.getSuccessDeleteFiles(),
                        p.getFailedDeleteFiles(),
                        p.getRollbackLogFiles(),
                        p.getLogFilesFromFailedCommit())));
    return new RollbackMetadata(
        h.getStartRollbackTime(),
        h.getTimeTakenInMillis(),
        h.getTotalFilesDeleted(),
        h.getCommitsRollback(),
        partitions,
        h.getVersion(),
        h.getInstantsRollback().stream().map(AvroTimelineMetadataTest::ours).toList());
  }

  private static CleanerPlan ours(HoodieCleanerPlan h) {
    HoodieActionInstant e = h.getEarliestInstantToRetain();
    Map<String, List<CleanFileInfo>> paths = new LinkedHashMap<>();
    h.getFilePathsToBeDeletedPerPartition()
        .forEach(
            (k, files) ->
                paths.put(
                    k,
                    files.stream()
                        .map(f -> new CleanFileInfo(f.getFilePath(), f.getIsBootstrapBaseFile()))
                        .toList()));
    return new CleanerPlan(
        e == null ? null : new ActionInstant(e.getTimestamp(), e.getAction(), e.getState()),
        h.getLastCompletedCommitTimestamp(),
        CleaningPolicy.parse(h.getPolicy()),
        h.getFilesToBeDeletedPerPartition(),
        h.getVersion(),
        paths,
        h.getPartitionsToBeDeleted(),
        h.getExtraMetadata());
  }

  private static CleanPartitionMetadata ours(HoodieCleanPartitionMetadata p) {
    return new CleanPartitionMetadata(
        p.getPartitionPath(),
        CleaningPolicy.parse(p.getPolicy()),
        p.getDeletePathPatterns(),
        p.getSuccessDeleteFiles(),
        p.getFailedDeleteFiles(),
        p.getIsPartitionDeleted());
  }

  private static CleanMetadata ours(HoodieCleanMetadata h) {
    return new CleanMetadata(
        h.getStartCleanTime(),
        h.getTimeTakenInMillis(),
        h.getTotalFilesDeleted(),
        h.getEarliestCommitToRetain(),
        h.getLastCompletedCommitTimestamp(),
        h.getPartitionMetadata().entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, x -> ours(x.getValue()))),
        h.getVersion(),
        h.getBootstrapPartitionMetadata().entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, x -> ours(x.getValue()))),
        h.getExtraMetadata());
  }

  // ---- sample values

  private static RollbackPlan rollbackPlan() {
    return RollbackPlan.of(
        new InstantInfo("20250102030405006", "commit"),
        List.of(
            RollbackRequest.deleteFiles(
                "city=tokyo",
                List.of(
                    "file:/t/city=tokyo/f1-0_0-1-2_20250102030405006.parquet",
                    "file:/t/city=tokyo/f2-0_1-1-3_20250102030405006.parquet")),
            new RollbackRequest(
                "city=sydney",
                "f3-0",
                "20250101000000000",
                List.of(),
                Map.of("file:/t/city=sydney/.f3-0_20250101000000000.log.1_0-1-2", 1234L))));
  }

  private static RollbackMetadata rollbackMetadata() {
    return RollbackMetadata.of(
        "20250102030405999",
        42,
        List.of(new InstantInfo("20250102030405006", "commit")),
        List.of(
            RollbackPartitionMetadata.deletedFiles(
                "city=tokyo",
                List.of("file:/t/city=tokyo/f1-0_0-1-2_20250102030405006.parquet"),
                List.of("file:/t/city=tokyo/f2-0_1-1-3_20250102030405006.parquet")),
            new RollbackPartitionMetadata(
                "city=sydney",
                List.of(),
                List.of(),
                Map.of("file:/t/city=sydney/.f3-0_20250101000000000.log.1_0-1-2", 1300L),
                Map.of("file:/t/city=sydney/.f3-0_20250101000000000.log.1_0-1-2", 1234L))));
  }

  private static CleanerPlan cleanerPlan() {
    Map<String, List<CleanFileInfo>> files = new LinkedHashMap<>();
    files.put(
        "city=tokyo",
        List.of(
            new CleanFileInfo("file:/t/city=tokyo/f1-0_0-1-2_20250101000000000.parquet", false)));
    files.put(
        "city=old",
        List.of(new CleanFileInfo("file:/t/city=old/f5-0_0-1-2_20250101000000000.parquet", false)));
    return CleanerPlan.of(
        new ActionInstant("20250102000000000", "commit", "COMPLETED"),
        "20250103000000000",
        CleaningPolicy.KEEP_LATEST_COMMITS,
        files,
        List.of("city=old"));
  }

  private static CleanMetadata cleanMetadata() {
    Map<String, CleanPartitionMetadata> partitions = new LinkedHashMap<>();
    partitions.put(
        "city=tokyo",
        new CleanPartitionMetadata(
            "city=tokyo",
            CleaningPolicy.KEEP_LATEST_COMMITS,
            List.of("f1-0_0-1-2_20250101000000000.parquet"),
            List.of("f1-0_0-1-2_20250101000000000.parquet"),
            List.of(),
            false));
    partitions.put(
        "city=old",
        new CleanPartitionMetadata(
            "city=old",
            CleaningPolicy.KEEP_LATEST_COMMITS,
            List.of("f5-0_0-1-2_20250101000000000.parquet"),
            List.of(),
            List.of("f5-0_0-1-2_20250101000000000.parquet"),
            true));
    return CleanMetadata.of(
        "20250104000000000", 77, "20250102000000000", "20250103000000000", partitions);
  }

  // ---- rollback

  /**
   * Hudi 0.15 has no {@code deserializeRollbackPlan}; its {@code RollbackUtils.getRollbackPlan}
   * reads the requested file with {@code deserializeAvroMetadata(bytes, HoodieRollbackPlan.class)}.
   */
  private static HoodieRollbackPlan rollbackPlanAsHudiReadsIt(byte[] bytes) throws IOException {
    return TimelineMetadataUtils.deserializeAvroMetadata(bytes, HoodieRollbackPlan.class);
  }

  @Test
  public void hudiReadsOurRollbackPlan() throws IOException {
    RollbackPlan plan = rollbackPlan();
    HoodieRollbackPlan hudi = rollbackPlanAsHudiReadsIt(plan.toBytes());
    assertThat(ours(hudi), equalTo(plan));
    assertThat(hudi.getVersion(), equalTo(1));
    assertThat(hudi.getRollbackRequests().get(0).getFileId(), equalTo(""));
    assertThat(hudi.getRollbackRequests().get(0).getLatestBaseInstant(), equalTo(""));
    assertThat(hudi.getRollbackRequests().get(0).getLogBlocksToBeDeleted(), equalTo(Map.of()));
  }

  @Test
  public void weReadHudisRollbackPlan() throws IOException {
    HoodieRollbackPlan hudi =
        new HoodieRollbackPlan(
            new HoodieInstantInfo("20250102030405006", "deltacommit"),
            List.of(
                new HoodieRollbackRequest("p", null, null, List.of("file:/t/p/a.parquet"), null),
                new HoodieRollbackRequest(
                    "q",
                    "f",
                    "20250101000000000",
                    List.of(),
                    Map.of("file:/t/q/.f.log.1_1-2-3", 9L))),
            1);
    RollbackPlan plan =
        RollbackPlan.fromBytes(TimelineMetadataUtils.serializeRollbackPlan(hudi).get());
    assertThat(
        plan.instantToRollback(), equalTo(new InstantInfo("20250102030405006", "deltacommit")));
    assertThat(
        plan.rollbackRequests().get(0),
        equalTo(new RollbackRequest("p", null, null, List.of("file:/t/p/a.parquet"), Map.of())));
    assertThat(
        plan.rollbackRequests().get(1),
        equalTo(
            new RollbackRequest(
                "q", "f", "20250101000000000", List.of(), Map.of("file:/t/q/.f.log.1_1-2-3", 9L))));
    assertThat(plan.version(), equalTo(1));
  }

  @Test
  public void hudiReadsOurRollbackMetadata() throws IOException {
    RollbackMetadata metadata = rollbackMetadata();
    assertThat(metadata.totalFilesDeleted(), equalTo(1));
    assertThat(metadata.commitsRollback(), equalTo(List.of("20250102030405006")));
    HoodieRollbackMetadata hudi =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(metadata.toBytes());
    assertThat(ours(hudi), equalTo(metadata));
    assertThat(hudi.getVersion(), equalTo(1));
  }

  @Test
  public void weReadHudisRollbackMetadata() throws IOException {
    Map<String, HoodieRollbackPartitionMetadata> partitions =
        Map.of(
            "p",
            new HoodieRollbackPartitionMetadata(
                "p",
                List.of("file:/t/p/a.parquet"),
                List.of(),
                Map.of(),
                Map.of("file:/t/p/.a.log.1_0-1-1", 5L)));
    HoodieRollbackMetadata hudi =
        new HoodieRollbackMetadata(
            "20250102030405999",
            12L,
            1,
            List.of("20250102030405006"),
            partitions,
            1,
            List.of(new HoodieInstantInfo("20250102030405006", "commit")));
    RollbackMetadata metadata =
        RollbackMetadata.fromBytes(TimelineMetadataUtils.serializeRollbackMetadata(hudi).get());
    assertThat(metadata, equalTo(ours(hudi)));
    assertThat(
        metadata.partitionMetadata().get("p").logFilesFromFailedCommit(),
        equalTo(Map.of("file:/t/p/.a.log.1_0-1-1", 5L)));
  }

  // ---- clean

  @Test
  public void hudiReadsOurCleanerPlan() throws IOException {
    CleanerPlan plan = cleanerPlan();
    HoodieCleanerPlan hudi = TimelineMetadataUtils.deserializeCleanerPlan(plan.toBytes());
    assertThat(ours(hudi), equalTo(plan));
    assertThat(hudi.getVersion(), equalTo(2));
    assertThat(hudi.getPolicy(), equalTo("KEEP_LATEST_COMMITS"));
    assertThat(hudi.getFilesToBeDeletedPerPartition(), equalTo(Map.of()));
    assertThat(hudi.getExtraMetadata(), equalTo(Map.of()));
  }

  @Test
  public void hudiReadsOurCleanerPlanWithoutEarliestInstant() throws IOException {
    CleanerPlan plan =
        CleanerPlan.of(null, "", CleaningPolicy.KEEP_LATEST_FILE_VERSIONS, Map.of(), List.of());
    HoodieCleanerPlan hudi = TimelineMetadataUtils.deserializeCleanerPlan(plan.toBytes());
    assertThat(hudi.getEarliestInstantToRetain(), nullValue());
    assertThat(ours(hudi), equalTo(plan));
    assertThat(plan.earliestInstant().isPresent(), is(false));
  }

  @Test
  public void goldenCleanerPlansReadAsHudiReadsThem() throws IOException {
    for (String name :
        List.of("20261129125203566.clean.requested", "20261129125220696.clean.inflight")) {
      byte[] bytes = golden(GOLDEN + name);
      CleanerPlan plan = CleanerPlan.fromBytes(bytes, name);
      assertThat(name, plan, equalTo(ours(TimelineMetadataUtils.deserializeCleanerPlan(bytes))));
    }
    CleanerPlan plan = CleanerPlan.fromBytes(golden(GOLDEN + "20261129125203566.clean.requested"));
    assertThat(
        plan.earliestInstantToRetain(),
        equalTo(new ActionInstant("20261129125157349", "commit", "COMPLETED")));
    assertThat(plan.policy(), equalTo(CleaningPolicy.KEEP_LATEST_COMMITS));
    assertThat(plan.version(), equalTo(CleanerPlan.LATEST_VERSION));
    assertThat(
        plan.filePathsToBeDeletedPerPartition(),
        equalTo(
            Map.of(
                "",
                List.of(
                    new CleanFileInfo(
                        "file:/hudi-golden/v6_cow_nonpartitioned_cleaned/5da1ed61-ec12-458e-b5d2-894fe65c0b60-0_0-18-22_20261129125128203.parquet",
                        false)))));
  }

  @Test
  public void hudiReadsOurCleanMetadata() throws IOException {
    CleanMetadata metadata = cleanMetadata();
    assertThat(metadata.totalFilesDeleted(), equalTo(1));
    HoodieCleanMetadata hudi =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(metadata.toBytes());
    assertThat(ours(hudi), equalTo(metadata));
    assertThat(hudi.getVersion(), equalTo(2));
    assertThat(hudi.getBootstrapPartitionMetadata(), equalTo(Map.of()));
  }

  @Test
  public void goldenCleanMetadataReadsAsHudiReadsIt() throws IOException {
    for (String name : List.of("20261129125203566.clean", "20261129125220696.clean")) {
      byte[] bytes = golden(GOLDEN + name);
      assertThat(
          name,
          CleanMetadata.fromBytes(bytes, name),
          equalTo(ours(TimelineMetadataUtils.deserializeHoodieCleanMetadata(bytes))));
    }
    CleanMetadata metadata = CleanMetadata.fromBytes(golden(GOLDEN + "20261129125220696.clean"));
    assertThat(metadata.startCleanTime(), equalTo("20261129125220696"));
    assertThat(metadata.earliestCommitToRetain(), equalTo("20261129125213750"));
    assertThat(metadata.totalFilesDeleted(), equalTo(1));
    assertThat(
        metadata.partitionMetadata().get("").successDeleteFiles(),
        equalTo(
            List.of("5da1ed61-ec12-458e-b5d2-894fe65c0b60-0_0-18-22_20261129125141345.parquet")));
  }

  @Test
  public void goldenCleanInstantsRoundTripThroughUs() throws IOException {
    // Rewritten by us, Hudi still reads the same values.
    byte[] plan = golden(GOLDEN + "20261129125203566.clean.requested");
    assertThat(
        ours(TimelineMetadataUtils.deserializeCleanerPlan(CleanerPlan.fromBytes(plan).toBytes())),
        equalTo(ours(TimelineMetadataUtils.deserializeCleanerPlan(plan))));
    byte[] clean = golden(GOLDEN + "20261129125203566.clean");
    assertThat(
        ours(
            TimelineMetadataUtils.deserializeHoodieCleanMetadata(
                CleanMetadata.fromBytes(clean).toBytes())),
        equalTo(ours(TimelineMetadataUtils.deserializeHoodieCleanMetadata(clean))));
  }

  @Test
  public void weReadHudisCleanInstants() throws IOException {
    HoodieCleanerPlan hudiPlan =
        new HoodieCleanerPlan(
            new HoodieActionInstant("1", "commit", "COMPLETED"),
            "2",
            "KEEP_LATEST_BY_HOURS",
            Map.of("p", List.of("a")),
            2,
            Map.of("p", List.of(new HoodieCleanFileInfo("file:/t/p/a", true))),
            List.of("q"),
            Map.of("k", "v"));
    assertThat(
        CleanerPlan.fromBytes(TimelineMetadataUtils.serializeCleanerPlan(hudiPlan).get()),
        equalTo(ours(hudiPlan)));
    HoodieCleanMetadata hudiClean =
        new HoodieCleanMetadata(
            "3",
            4L,
            0,
            "1",
            "2",
            Map.of(
                "p",
                new HoodieCleanPartitionMetadata(
                    "p", "KEEP_LATEST_BY_HOURS", List.of("a"), List.of(), List.of("a"), false)),
            2,
            Map.of(),
            Map.of());
    assertThat(
        CleanMetadata.fromBytes(TimelineMetadataUtils.serializeCleanMetadata(hudiClean).get()),
        equalTo(ours(hudiClean)));
  }

  // ---- requested replace

  @Test
  public void hudiReadsOurEmptyRequestedReplaceMetadata() throws IOException {
    HoodieRequestedReplaceMetadata hudi =
        TimelineMetadataUtils.deserializeRequestedReplaceMetadata(
            RequestedReplaceMetadata.empty().toBytes());
    assertThat(hudi.getOperationType(), nullValue());
    assertThat(hudi.getClusteringPlan(), nullValue());
    assertThat(hudi.getExtraMetadata(), nullValue());
    assertThat(hudi.getVersion(), nullValue());
  }

  @Test
  public void hudiReadsOurRequestedReplaceMetadata() throws IOException {
    RequestedReplaceMetadata ours =
        new RequestedReplaceMetadata(OperationType.INSERT_OVERWRITE, false, Map.of("k", "v"), 1);
    HoodieRequestedReplaceMetadata hudi =
        TimelineMetadataUtils.deserializeRequestedReplaceMetadata(ours.toBytes());
    assertThat(hudi.getOperationType(), equalTo("INSERT_OVERWRITE"));
    assertThat(hudi.getExtraMetadata(), equalTo(Map.of("k", "v")));
    assertThat(hudi.getVersion(), equalTo(1));
    assertThat(RequestedReplaceMetadata.fromBytes(ours.toBytes()), equalTo(ours));
  }

  @Test
  public void weReadHudisRequestedReplaceMetadata() throws IOException {
    byte[] empty =
        TimelineMetadataUtils.serializeRequestedReplaceMetadata(
                new HoodieRequestedReplaceMetadata())
            .get();
    assertThat(
        RequestedReplaceMetadata.fromBytes(empty), equalTo(RequestedReplaceMetadata.empty()));

    HoodieClusteringPlan plan =
        HoodieClusteringPlan.newBuilder()
            .setInputGroups(
                List.of(
                    HoodieClusteringGroup.newBuilder()
                        .setSlices(
                            List.of(
                                HoodieSliceInfo.newBuilder()
                                    .setFileId("f1")
                                    .setPartitionPath("p")
                                    .setDataFilePath("p/f1_0-1-2_1.parquet")
                                    .build()))
                        .build()))
            .build();
    byte[] clustering =
        TimelineMetadataUtils.serializeRequestedReplaceMetadata(
                new HoodieRequestedReplaceMetadata("CLUSTER", plan, Map.of(), 1))
            .get();
    RequestedReplaceMetadata ours =
        RequestedReplaceMetadata.fromBytes(clustering, "5.replacecommit.requested");
    assertThat(
        ours, equalTo(new RequestedReplaceMetadata(OperationType.CLUSTER, true, Map.of(), 1)));
    InvalidMetadataException e = assertThrows(InvalidMetadataException.class, ours::toBytes);
    assertThat(e.getMessage(), containsString("clustering plan"));
  }

  // ---- round trips and invalid content

  @Test
  public void roundTrips() {
    assertThat(RollbackPlan.fromBytes(rollbackPlan().toBytes()), equalTo(rollbackPlan()));
    assertThat(
        RollbackMetadata.fromBytes(rollbackMetadata().toBytes()), equalTo(rollbackMetadata()));
    assertThat(CleanerPlan.fromBytes(cleanerPlan().toBytes()), equalTo(cleanerPlan()));
    assertThat(CleanMetadata.fromBytes(cleanMetadata().toBytes()), equalTo(cleanMetadata()));
    assertThat(
        RequestedReplaceMetadata.fromBytes(RequestedReplaceMetadata.empty().toBytes()),
        equalTo(RequestedReplaceMetadata.empty()));
    assertThat(
        List.copyOf(
            CleanerPlan.fromBytes(cleanerPlan().toBytes())
                .filePathsToBeDeletedPerPartition()
                .keySet()),
        equalTo(List.of("city=tokyo", "city=old")));
  }

  @Test
  public void garbageNamesWhatWasParsed() {
    byte[] garbage = "{\"not\":\"avro\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CleanerPlan.fromBytes(garbage, "20250101000000000.clean.requested"));
    assertThat(e.getMessage(), containsString("20250101000000000.clean.requested"));
    assertThat(e.getMessage(), containsString("org.apache.hudi.avro.model.HoodieCleanerPlan"));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () -> RollbackPlan.fromBytes(new byte[0], "7.rollback.requested"));
    assertThat(e.getMessage(), containsString("7.rollback.requested"));

    byte[] truncated = java.util.Arrays.copyOf(rollbackMetadata().toBytes(), 700);
    e =
        assertThrows(
            InvalidMetadataException.class,
            () -> RollbackMetadata.fromBytes(truncated, "8.rollback"));
    assertThat(e.getMessage(), containsString("8.rollback"));
  }

  @Test
  public void wrongRecordTypeIsNamed() {
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CleanerPlan.fromBytes(cleanMetadata().toBytes(), "9.clean.requested"));
    assertThat(
        e.getMessage(),
        equalTo(
            "Cannot read 9.clean.requested: expected an Avro "
                + "org.apache.hudi.avro.model.HoodieCleanerPlan record but the file holds org.apache.hudi.avro.model.HoodieCleanMetadata"));
  }

  @Test
  public void unknownPolicyIsNamed() throws IOException {
    HoodieCleanerPlan hudiPlan =
        new HoodieCleanerPlan(
            null, "", "KEEP_EVERYTHING", Map.of(), 2, Map.of(), List.of(), Map.of());
    byte[] bytes = TimelineMetadataUtils.serializeCleanerPlan(hudiPlan).get();
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CleanerPlan.fromBytes(bytes, "10.clean.requested"));
    assertThat(e.getMessage(), containsString("10.clean.requested"));
    assertThat(e.getMessage(), containsString("'KEEP_EVERYTHING'"));
  }
}
