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

import static io.hudibeam.metadata.HudiCommitAssertions.assertSameCommit;
import static io.hudibeam.metadata.HudiCommitAssertions.assertSameDelta;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.Assert.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.model.HoodieDeltaWriteStat;
import org.apache.hudi.common.model.HoodieReplaceCommitMetadata;
import org.apache.hudi.common.util.JsonUtils;
import org.junit.Test;

public class CommitMetadataJsonTest {

  private static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"trips_record\",\"namespace\":\"hoodie.trips\",\"fields\":"
          + "[{\"name\":\"uuid\",\"type\":\"string\"},{\"name\":\"rider\",\"type\":[\"null\",\"string\"],\"default\":null}]}";

  /** Every golden JSON instant file copied from the tables Hudi 0.15 wrote. */
  private static final List<String> GOLDEN_JSON =
      List.of(
          "v6_cow_nonpartitioned_cleaned/20261129125128203.commit",
          "v6_cow_nonpartitioned_cleaned/20261129125128203.inflight",
          "v6_cow_nonpartitioned_cleaned/20261129125141345.commit",
          "v6_cow_nonpartitioned_cleaned/20261129125141345.inflight",
          "v6_cow_complexkey_hive/20261129115039154.commit",
          "v6_cow_complexkey_hive/20261129115100240.inflight",
          "v6_cow_trips/20261129114500216.inflight",
          "v6_cow_trips/20261129114540316.commit",
          "v6_mor_trips/20261129114610773.deltacommit",
          "v6_mor_trips/20261129114637990.deltacommit.inflight",
          "v6_mor_trips/20261129114708235.deltacommit");

  static byte[] golden(String name) throws IOException {
    try (InputStream in = CommitMetadataJsonTest.class.getResourceAsStream("golden/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource golden/" + name);
      }
      return in.readAllBytes();
    }
  }

  private static WriteStat fullStat(String partition, String fileId, long n) {
    Map<String, Long> cdc = new LinkedHashMap<>();
    cdc.put(partition + "/" + fileId + ".cdc", 17L * n);
    return WriteStat.builder()
        .fileId(fileId)
        .path(partition + "/" + fileId + "_0-1-2_20250101000000000.parquet")
        .cdcStats(cdc)
        .prevCommit("2024123123595900" + n)
        .numWrites(100 + n)
        .numDeletes(3 + n)
        .numUpdateWrites(40 + n)
        .numInserts(60 + n)
        .totalWriteBytes(4000 + n)
        .totalWriteErrors(1 + n)
        .tempPath(".hoodie/.temp/x" + n)
        .partitionPath(partition)
        .totalLogRecords(5 + n)
        .totalLogFilesCompacted(6 + n)
        .totalLogSizeCompacted(7 + n)
        .totalUpdatedRecordsCompacted(8 + n)
        .totalLogBlocks(9 + n)
        .totalCorruptLogBlock(10 + n)
        .totalRollbackBlocks(11 + n)
        .fileSizeInBytes(4321 + n)
        .minEventTime(1000L + n)
        .maxEventTime(2000L + n)
        .runtimeStats(new WriteStat.RuntimeStats(12 + n, 13 + n, 14 + n))
        .build();
  }

  private static CommitMetadata fullCommit() {
    return CommitMetadata.builder()
        .addWriteStat(fullStat("city=tokyo", "f1-0", 1))
        .addWriteStat(fullStat("city=tokyo", "f2-0", 2))
        .addWriteStat(fullStat("city=sydney", "f3-0", 3))
        .addWriteStat(
            WriteStat.builder()
                .fileId("f4-0")
                .path("city=sydney/f4.parquet")
                .partitionPath("city=sydney")
                .prevCommit(WriteStat.NULL_COMMIT)
                .numWrites(5)
                .numInserts(5)
                .fileSizeInBytes(999)
                .totalWriteBytes(999)
                .build())
        .compacted(true)
        .schema(SCHEMA)
        .putExtraMetadata("checkpoint", "kafka:0:12")
        .operationType(OperationType.UPSERT)
        .build();
  }

  @Test
  public void hudiReadsOurCommitMetadata() throws IOException {
    CommitMetadata ours = fullCommit();
    byte[] json = CommitMetadataJson.toJson(ours);
    HoodieCommitMetadata hudi = HoodieCommitMetadata.fromBytes(json, HoodieCommitMetadata.class);
    assertSameCommit(ours, hudi);
    assertThat(hudi.getMetadata("schema"), equalTo(SCHEMA));
    assertThat(hudi.getMetadata("checkpoint"), equalTo("kafka:0:12"));
    assertThat(hudi.getCompacted(), is(true));
    assertThat(hudi.fetchTotalFilesInsert(), equalTo(1L));
    assertThat(hudi.fetchTotalRecordsWritten(), equalTo(101L + 102L + 103L + 5L));
  }

  @Test
  public void ourJsonIsWhatHudiWritesForTheSameMetadata() throws IOException {
    // One partition and one extra key, so Hudi's HashMap order cannot differ from ours.
    CommitMetadata ours =
        CommitMetadata.builder()
            .addWriteStat(fullStat("", "f1-0", 1))
            .addWriteStat(
                fullStat("", "f2-0", 2).toBuilder()
                    .cdcStats(null)
                    .minEventTime(null)
                    .runtimeStats(null)
                    .build())
            .schema(SCHEMA)
            .operationType(OperationType.INSERT)
            .build();
    byte[] json = CommitMetadataJson.toJson(ours);
    HoodieCommitMetadata hudi = HoodieCommitMetadata.fromBytes(json, HoodieCommitMetadata.class);
    assertThat(new String(json, UTF_8), equalTo(hudi.toJsonString()));
  }

  @Test
  public void goldenFilesReadAsHudiReadsThem() throws IOException {
    for (String name : GOLDEN_JSON) {
      byte[] bytes = golden(name);
      CommitMetadata ours = CommitMetadataJson.fromJson(bytes, name);
      HoodieCommitMetadata hudi = HoodieCommitMetadata.fromBytes(bytes, HoodieCommitMetadata.class);
      assertSameCommit(ours, hudi);
    }
  }

  @Test
  public void goldenFilesRewriteToTheSameBytes() throws IOException {
    for (String name : GOLDEN_JSON) {
      if (name.equals("v6_mor_trips/20261129114708235.deltacommit")) {
        continue; // carries recordsStats {"val":null}, which we do not write; checked below
      }
      byte[] bytes = golden(name);
      if (bytes.length == 0) {
        continue; // Spark's bulk_insert leaves the inflight file empty
      }
      assertThat(
          name,
          new String(CommitMetadataJson.toJson(CommitMetadataJson.fromJson(bytes, name)), UTF_8),
          equalTo(new String(bytes, UTF_8)));
    }
  }

  @Test
  public void goldenValuesAreExact() throws IOException {
    CommitMetadata c =
        CommitMetadataJson.fromJson(
            golden("v6_cow_nonpartitioned_cleaned/20261129125141345.commit"));
    assertThat(c.operationType(), equalTo(OperationType.UPSERT));
    assertThat(c.partitionToWriteStats().keySet(), contains(""));
    WriteStat s = c.writeStats().get(0);
    assertThat(s.fileId(), equalTo("5da1ed61-ec12-458e-b5d2-894fe65c0b60-0"));
    assertThat(
        s.path(),
        equalTo("5da1ed61-ec12-458e-b5d2-894fe65c0b60-0_0-18-22_20261129125141345.parquet"));
    assertThat(s.prevCommit(), equalTo("20261129125128203"));
    assertThat(s.numWrites(), equalTo(400L));
    assertThat(s.numUpdateWrites(), equalTo(200L));
    assertThat(s.numInserts(), equalTo(100L));
    assertThat(s.fileSizeInBytes(), equalTo(449242L));
    assertThat(s.runtimeStats(), equalTo(new WriteStat.RuntimeStats(0, 2543, 0)));
    assertThat(c.schema().orElseThrow(), containsString("\"name\":\"trips_record\""));

    CommitMetadata empty =
        CommitMetadataJson.fromJson(golden("v6_cow_trips/20261129114500216.inflight"));
    assertThat(empty, equalTo(CommitMetadata.empty()));
  }

  @Test
  public void goldenDeltaCommitKeepsLogAppendFields() throws IOException {
    String name = "v6_mor_trips/20261129114708235.deltacommit";
    byte[] bytes = golden(name);
    CommitMetadata ours = CommitMetadataJson.fromJson(bytes, name);
    WriteStat sf = ours.partitionToWriteStats().get("san_francisco").get(0);
    WriteStat.LogAppendStats d = sf.logAppend().orElseThrow();
    assertThat(d.logVersion(), equalTo(1));
    assertThat(d.logOffset(), equalTo(0L));
    assertThat(
        d.baseFile(),
        equalTo("3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0_0-18-37_20261129114637990.parquet"));
    assertThat(
        d.logFiles(),
        contains(".3a28fa86-13cb-4a9f-aea2-fed743f8f42e-0_20261129114637990.log.1_0-22-38"));

    // Every stat, including delta fields, equals what Hudi's Jackson mapper reads into
    // HoodieDeltaWriteStat.
    ObjectMapper hudiMapper = JsonUtils.getObjectMapper();
    JsonNode root = new ObjectMapper().readTree(bytes);
    ours.partitionToWriteStats()
        .forEach(
            (partition, stats) -> {
              for (int i = 0; i < stats.size(); i++) {
                try {
                  HoodieDeltaWriteStat hudi =
                      hudiMapper.readValue(
                          root.get("partitionToWriteStats").get(partition).get(i).toString(),
                          HoodieDeltaWriteStat.class);
                  assertSameDelta(stats.get(i), hudi);
                } catch (IOException e) {
                  throw new AssertionError(e);
                }
              }
            });

    // Our rewrite differs from Hudi's only by the omitted recordsStats.
    JsonNode rewritten = new ObjectMapper().readTree(CommitMetadataJson.toJson(ours));
    root.get("partitionToWriteStats")
        .forEach(
            list ->
                list.forEach(
                    stat ->
                        ((com.fasterxml.jackson.databind.node.ObjectNode) stat)
                            .remove("recordsStats")));
    assertThat(rewritten, equalTo(root));
  }

  @Test
  public void hudiReadsOurDeltaWriteStats() throws IOException {
    WriteStat stat =
        fullStat("tokyo", "f9-0", 9).toBuilder()
            .logAppend(
                new WriteStat.LogAppendStats(
                    2,
                    1234,
                    "f9-0_0-1-2_20250101000000000.parquet",
                    List.of(
                        ".f9-0_20250101000000000.log.1_0-1-2",
                        ".f9-0_20250101000000000.log.2_0-3-4")))
            .build();
    CommitMetadata ours =
        CommitMetadata.builder().addWriteStat(stat).operationType(OperationType.UPSERT).build();
    byte[] json = CommitMetadataJson.toJson(ours);
    assertSameCommit(ours, HoodieCommitMetadata.fromBytes(json, HoodieCommitMetadata.class));
    JsonNode statNode =
        new ObjectMapper().readTree(json).get("partitionToWriteStats").get("tokyo").get(0);
    assertSameDelta(
        stat,
        JsonUtils.getObjectMapper().readValue(statNode.toString(), HoodieDeltaWriteStat.class));
    assertThat(CommitMetadataJson.fromJson(json), equalTo(ours));
  }

  @Test
  public void hudiReadsOurReplaceCommitMetadata() throws IOException {
    Map<String, List<String>> replaced = new LinkedHashMap<>();
    replaced.put("city=tokyo", List.of("old-1", "old-2"));
    replaced.put("city=sydney", List.of());
    ReplaceCommitMetadata ours =
        ReplaceCommitMetadata.of(
            fullCommit().toBuilder()
                .operationType(OperationType.INSERT_OVERWRITE)
                .compacted(false)
                .build(),
            replaced);
    byte[] json = CommitMetadataJson.toJson(ours);
    HoodieReplaceCommitMetadata hudi =
        HoodieReplaceCommitMetadata.fromBytes(json, HoodieReplaceCommitMetadata.class);
    assertSameCommit(ours.commitMetadata(), hudi);
    assertThat(hudi.getPartitionToReplaceFileIds(), equalTo(replaced));
    assertThat(CommitMetadataJson.replaceFromJson(json), equalTo(ours));
  }

  @Test
  public void replaceCommitAlwaysWritesReplacedFileIds() throws IOException {
    ReplaceCommitMetadata ours =
        ReplaceCommitMetadata.of(
            CommitMetadata.builder().operationType(OperationType.INSERT_OVERWRITE).build(),
            Map.of());
    byte[] json = CommitMetadataJson.toJson(ours);
    assertThat(
        new String(json, UTF_8),
        equalTo(
            new HoodieReplaceCommitMetadata() {
              {
                setOperationType(org.apache.hudi.common.model.WriteOperationType.INSERT_OVERWRITE);
              }
            }.toJsonString()));
    assertThat(
        HoodieReplaceCommitMetadata.fromBytes(json, HoodieReplaceCommitMetadata.class)
            .getPartitionToReplaceFileIds(),
        equalTo(Map.of()));
    assertThat(
        CommitMetadataJson.replaceFromJson(new byte[0]).partitionToReplaceFileIds(),
        equalTo(Map.of()));
  }

  @Test
  public void workloadProfileIsWhatHudiWritesToTheInflightFile() throws IOException {
    // Reproduces v6_cow_nonpartitioned_cleaned/20261129125141345.inflight from its plan.
    CommitMetadata profile =
        CommitMetadata.workloadProfile(
            OperationType.UPSERT,
            Map.of(
                "",
                new PartitionWorkload(
                    100,
                    List.of(
                        new PartitionWorkload.FileGroupWorkload(
                            "5da1ed61-ec12-458e-b5d2-894fe65c0b60-0",
                            "20261129125128203",
                            200,
                            0)))));
    String name = "v6_cow_nonpartitioned_cleaned/20261129125141345.inflight";
    assertThat(
        new String(CommitMetadataJson.toJson(profile), UTF_8),
        equalTo(new String(golden(name), UTF_8)));

    HoodieCommitMetadata hudi =
        HoodieCommitMetadata.fromBytes(
            CommitMetadataJson.toJson(profile), HoodieCommitMetadata.class);
    assertThat(hudi.getWriteStats("").get(0).getFileId(), equalTo(""));
    assertThat(hudi.getWriteStats("").get(0).getPrevCommit(), equalTo("null"));
    assertThat(hudi.getWriteStats("").get(0).getPath(), nullValue());
    assertThat(hudi.getWriteStats("").get(1).getNumUpdateWrites(), equalTo(200L));
  }

  @Test
  public void emptyContentIsEmptyMetadata() throws IOException {
    CommitMetadata empty = CommitMetadataJson.fromJson(new byte[0]);
    assertThat(empty.partitionToWriteStats(), equalTo(Map.of()));
    assertThat(empty.extraMetadata(), equalTo(Map.of()));
    assertThat(empty.operationType(), equalTo(OperationType.UNKNOWN));
    assertThat(empty.compacted(), is(false));
    assertThat(empty.schema().isPresent(), is(false));
    assertThat(CommitMetadataJson.fromJson("{}".getBytes(UTF_8)), equalTo(empty));
    assertThat(
        new String(CommitMetadataJson.toJson(empty), UTF_8),
        equalTo(new HoodieCommitMetadata().toJsonString()));
  }

  @Test
  public void unknownFieldsAreIgnoredAndMissingNumbersAreZero() {
    String json =
        "{\"partitionToWriteStats\":{\"p\":[{\"fileId\":\"f\",\"path\":\"p/f.parquet\",\"somethingNew\":[1,2],"
            + "\"numWrites\":\"7\"}]},\"futureField\":{\"a\":1},\"operationType\":\"DELETE\"}";
    CommitMetadata c = CommitMetadataJson.fromJson(json.getBytes(UTF_8));
    WriteStat s = c.partitionToWriteStats().get("p").get(0);
    assertThat(s.fileId(), equalTo("f"));
    assertThat(s.numWrites(), equalTo(7L));
    assertThat(s.numInserts(), equalTo(0L));
    assertThat(s.fileSizeInBytes(), equalTo(0L));
    assertThat(s.prevCommit(), nullValue());
    assertThat(s.runtimeStats(), nullValue());
    assertThat(s.logAppend().isPresent(), is(false));
    assertThat(c.operationType(), equalTo(OperationType.DELETE));
    assertThat(c.compacted(), is(false));
  }

  @Test
  public void roundTrip() {
    CommitMetadata ours = fullCommit();
    CommitMetadata back = CommitMetadataJson.fromJson(CommitMetadataJson.toJson(ours));
    assertThat(back, equalTo(ours));
    assertThat(back.partitionToWriteStats().keySet(), contains("city=tokyo", "city=sydney"));
    assertThat(back.writeStats().get(3).prevCommit(), equalTo(WriteStat.NULL_COMMIT));
  }

  @Test
  public void garbageNamesWhatWasParsed() {
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CommitMetadataJson.fromJson(
                    "{\"partitionToWriteStats\": {".getBytes(UTF_8), "20250101000000000.commit"));
    assertThat(e.getMessage(), containsString("20250101000000000.commit"));
    assertThat(e.getMessage(), containsString("JSON commit metadata"));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CommitMetadataJson.fromJson(
                    new byte[] {0x4f, 0x62, 0x6a, 0x01, 0x00}, "x.deltacommit"));
    assertThat(e.getMessage(), containsString("x.deltacommit"));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CommitMetadataJson.fromJson("[1,2]".getBytes(UTF_8), "y.commit"));
    assertThat(
        e.getMessage(),
        containsString("y.commit: commit metadata must be a JSON object but was [1,2]"));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CommitMetadataJson.fromJson("  ".getBytes(UTF_8), "z.commit"));
    assertThat(e.getMessage(), containsString("z.commit"));
  }

  @Test
  public void invalidFieldValuesAreNamed() {
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CommitMetadataJson.fromJson(
                    "{\"operationType\":\"MERGE\"}".getBytes(UTF_8), "a.commit"));
    assertThat(e.getMessage(), containsString("a.commit"));
    assertThat(e.getMessage(), containsString("'MERGE'"));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CommitMetadataJson.fromJson(
                    "{\"partitionToWriteStats\":{\"p\":[{\"numWrites\":\"many\"}]}}"
                        .getBytes(UTF_8),
                    "b.commit"));
    assertThat(
        e.getMessage(),
        equalTo(
            "Cannot parse b.commit: partitionToWriteStats[p][0].numWrites must be a whole number but was \"many\""));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CommitMetadataJson.fromJson(
                    "{\"partitionToWriteStats\":{\"p\":{\"fileId\":\"f\"}}}".getBytes(UTF_8),
                    "c.commit"));
    assertThat(
        e.getMessage(), containsString("partitionToWriteStats[p] must be an array of write stats"));

    e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CommitMetadataJson.fromJson("{\"compacted\":3}".getBytes(UTF_8), "d.commit"));
    assertThat(e.getMessage(), containsString("compacted must be a boolean but was 3"));
  }

  @Test
  public void builderRejectsStatWithoutPartition() {
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () -> CommitMetadata.builder().addWriteStat(WriteStat.builder().fileId("f").build()));
    assertThat(e.getMessage(), containsString("'f'"));
  }

  @Test
  public void valuesAreImmutable() {
    CommitMetadata c = fullCommit();
    assertThrows(UnsupportedOperationException.class, () -> c.partitionToWriteStats().clear());
    assertThrows(
        UnsupportedOperationException.class,
        () -> c.partitionToWriteStats().get("city=tokyo").clear());
    assertThrows(UnsupportedOperationException.class, () -> c.extraMetadata().clear());
    assertThrows(
        UnsupportedOperationException.class, () -> c.writeStats().get(0).cdcStats().clear());
  }
}
