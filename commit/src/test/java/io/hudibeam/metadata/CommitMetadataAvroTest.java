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
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.TimelineLayout;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.Test;

/**
 * Avro commit metadata of table version 8 ({@link CommitMetadataFormat} with timeline layout 2):
 * every field round-trips, including delta-write stats and replaced file groups, the file holds a
 * Hudi 1.0.2 {@code HoodieCommitMetadata} record, and reading tells Avro from legacy JSON. Hudi
 * 1.0's own serde reading these files is proven in compat-hudi1.
 */
public class CommitMetadataAvroTest {
  private static final TimelineLayout V8 = TimelineLayout.of(TableVersion.EIGHT);
  private static final TimelineLayout V6 = TimelineLayout.of(TableVersion.SIX);

  private static WriteStat stat(String partition, String fileId, long n, boolean delta) {
    Map<String, Long> cdc = new LinkedHashMap<>();
    cdc.put(partition + "/" + fileId + ".cdc", 17L * n);
    WriteStat.Builder b =
        WriteStat.builder()
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
            .runtimeStats(new WriteStat.RuntimeStats(12 + n, 13 + n, 14 + n));
    if (delta) {
      b.logAppend(
          new WriteStat.LogAppendStats(
              2,
              128L * n,
              fileId + "_0-1-2_20250101000000000.parquet",
              List.of(
                  "." + fileId + "_20250101000000000.log.1_0-1-2",
                  "." + fileId + "_20250101000000000.log.2_0-1-3")));
    }
    return b.build();
  }

  private static CommitMetadata commit() {
    return CommitMetadata.builder()
        .addWriteStat(stat("city=tokyo", "f1-0", 1, false))
        .addWriteStat(stat("city=tokyo", "f2-0", 2, true))
        .addWriteStat(stat("", "f3-0", 3, false))
        .addPartition("city=empty")
        .compacted(true)
        .schema("{\"type\":\"record\",\"name\":\"r\",\"fields\":[]}")
        .putExtraMetadata("checkpoint", "kafka:0:12")
        .operationType(OperationType.UPSERT)
        .build();
  }

  @Test
  public void roundTripsEveryField() {
    CommitMetadata ours = commit();
    byte[] avro = CommitMetadataFormat.encode(V8, ours);
    assertThat(CommitMetadataFormat.isAvro(avro), is(true));
    assertThat(CommitMetadataFormat.decode(avro, "t"), is(ours));
    // The same metadata as JSON (layout 1) reads back equal too: reading tells the forms apart.
    byte[] json = CommitMetadataFormat.encode(V6, ours);
    assertThat(CommitMetadataFormat.isAvro(json), is(false));
    assertThat(CommitMetadataFormat.decode(json, "t"), is(ours));
    assertThat(CommitMetadataFormat.decode(new byte[0], "t"), is(CommitMetadata.empty()));
  }

  @Test
  public void replaceCommitsRoundTrip() {
    Map<String, List<String>> replaced = new LinkedHashMap<>();
    replaced.put("city=tokyo", List.of("f9-0", "f8-0"));
    ReplaceCommitMetadata ours = ReplaceCommitMetadata.of(commit(), replaced);
    byte[] avro = CommitMetadataFormat.encode(V8, ours);
    assertThat(CommitMetadataFormat.decodeReplace(avro, "t"), is(ours));
    assertThat(
        CommitMetadataFormat.decodeReplace(CommitMetadataFormat.encode(V6, ours), "t"), is(ours));
  }

  @Test
  public void writesHudiOneZeroTwosRecord() throws Exception {
    byte[] avro = CommitMetadataFormat.encode(V8, commit());
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(new SeekableByteArrayInput(avro), new GenericDatumReader<>())) {
      assertThat(
          reader.getSchema().getFullName(), is("org.apache.hudi.avro.model.HoodieCommitMetadata"));
      GenericRecord record = reader.next();
      assertThat(record.get("operationType").toString(), is("UPSERT"));
      assertThat(record.get("compacted"), is(true));
      assertThat(record.get("version"), is(1));
      GenericRecord stat =
          (GenericRecord)
              ((List<?>)
                      ((Map<?, ?>) record.get("partitionToWriteStats"))
                          .entrySet().stream()
                              .filter(e -> e.getKey().toString().equals("city=tokyo"))
                              .findFirst()
                              .orElseThrow()
                              .getValue())
                  .get(0);
      assertThat(stat.get("prevCommit").toString(), is("20241231235959001"));
      assertThat(stat.get("fileSizeInBytes"), is(4322L));
      assertThat(stat.get("logVersion"), is((Object) null)); // a base-file stat has no delta fields
      for (String field :
          List.of("prevBaseFile", "totalLogReadTimeMs", "numUpdates", "runtimeStats", "tempPath")) {
        assertThat(field, stat.getSchema().getField(field) != null, is(true));
      }
    }
  }

  @Test
  public void refusesAnotherAvroRecordNamingTheSource() {
    byte[] rollbackPlan =
        RollbackPlan.of(new InstantInfo("20250101000000000", "commit"), List.of()).toBytes();
    InvalidMetadataException e =
        assertThrows(
            InvalidMetadataException.class,
            () ->
                CommitMetadataFormat.decode(
                    rollbackPlan, "20250101000000000_20250101000000001.commit"));
    assertThat(e.getMessage(), containsString("20250101000000000_20250101000000001.commit"));
    assertThat(e.getMessage(), containsString("HoodieCommitMetadata"));
    assertThrows(
        RuntimeException.class,
        () -> CommitMetadataFormat.decode("{not json".getBytes(StandardCharsets.UTF_8), "x"));
  }
}
