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
package io.hudibeam;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.index.TagLocations;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.fs.FSUtils;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.index.bucket.BucketIdentifier;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HudiIO.write() with the BLOOM and BUCKET indexes, on tables Hudi 0.15's Java client writes into
 * too; every table is read back row by row with Hudi's own reader.
 */
public class HudiIOIndexIT {
  private static final String MAX_FILE_SIZE = "20480";
  private static final String BLOOM_ENTRIES = "1000";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<Row> trips(String base, WriteOperation operation, IndexType index) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("trips")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation)
        .withIndex(index)
        .withMaxFileSize(Long.parseLong(MAX_FILE_SIZE))
        .withSmallFileLimit(0)
        .withHoodieProperties(Map.of("hoodie.index.bloom.num_entries", BLOOM_ENTRIES));
  }

  private static PipelineResult run(
      HudiIO.Write<Row> write, List<Row> rows, org.apache.beam.sdk.schemas.Schema schema) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    p.apply(Create.of(rows).withRowSchema(schema)).apply(write);
    PipelineResult result = p.run();
    result.waitUntilFinish();
    return result;
  }

  private static long counter(PipelineResult result, String name) {
    long total = 0;
    for (MetricResult<Long> c :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder()
                    .addNameFilter(MetricNameFilter.named(TagLocations.class, name))
                    .build())
            .getCounters()) {
      total += c.getAttempted();
    }
    return total;
  }

  private static Map<String, String> fileIdByKey(Map<String, GenericRecord> rows) {
    Map<String, String> out = new HashMap<>();
    rows.forEach(
        (k, r) -> out.put(k, FSUtils.getFileId(HudiTableReader.string(r, "_hoodie_file_name"))));
    return out;
  }

  private static void assertRows(Map<String, GenericRecord> rows, long from, long to, long batch) {
    for (long i = from; i < to; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch, i))));
      assertThat(HudiTableReader.string(row, "_hoodie_partition_path"), is(TripsData.city(i)));
    }
  }

  @Test
  public void bloomIndexUpsertsIntoHudisFilesAndOurs() throws Exception {
    String base = tmp.newFolder("bloom").getAbsolutePath();
    HudiReference hudi =
        HudiReference.trips(base)
            .writeConfig("hoodie.index.type", "BLOOM")
            .writeConfig("hoodie.parquet.max.file.size", MAX_FILE_SIZE)
            .writeConfig("hoodie.parquet.small.file.limit", "0")
            .writeConfig("hoodie.index.bloom.num_entries", BLOOM_ENTRIES)
            .create();
    hudi.insert(TripsData.batch(0, 0, 200));
    Map<String, String> hudiFileIds = fileIdByKey(HudiTableReader.of(base).snapshotByRecordKey());
    long hudiFileGroups = hudiFileIds.values().stream().distinct().count();
    assertThat(hudiFileGroups, greaterThan(8L)); // several file groups per partition: ranges prune

    run(
        trips(base, WriteOperation.UPSERT, IndexType.BLOOM),
        TripsRows.batch(1, 100, 200),
        TripsRows.SCHEMA);
    run(
        trips(base, WriteOperation.DELETE, IndexType.BLOOM),
        TripsRows.keys(0, 25),
        TripsRows.KEY_SCHEMA);
    Map<String, String> afterFirstUpsert =
        fileIdByKey(HudiTableReader.of(base).snapshotByRecordKey());
    PipelineResult last =
        run(
            trips(base, WriteOperation.UPSERT, IndexType.BLOOM),
            TripsRows.batch(2, 50, 300),
            TripsRows.SCHEMA);

    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is(325));
    assertRows(rows, 25, 50, 0);
    assertRows(rows, 50, 350, 2);
    Map<String, String> fileIds = fileIdByKey(rows);
    for (long i = 25; i < 200; i++) {
      assertThat(
          "key written by Hudi stays in its file group",
          fileIds.get(TripsData.key(i)),
          is(hudiFileIds.get(TripsData.key(i))));
    }
    for (long i = 200; i < 300; i++) {
      assertThat(
          "key written by us stays in its file group",
          fileIds.get(TripsData.key(i)),
          is(afterFirstUpsert.get(TripsData.key(i))));
    }
    assertThat(counter(last, "bloomIndexKeysConfirmed"), is(250L));
    assertThat(counter(last, "recordsFound"), is(250L));
    assertThat(counter(last, "recordsNew"), is(50L));
  }

  @Test
  public void bucketIndexFileGroupsAreHudisBucketsAndHudisBucketIndexFindsThem() throws Exception {
    String base = tmp.newFolder("bucket").getAbsolutePath();
    int buckets = 4;
    run(
        trips(base, WriteOperation.INSERT, IndexType.BUCKET).withBucketCount(buckets),
        TripsRows.batch(0, 0, 200),
        TripsRows.SCHEMA);
    run(
        trips(base, WriteOperation.UPSERT, IndexType.BUCKET).withBucketCount(buckets),
        TripsRows.batch(1, 100, 200),
        TripsRows.SCHEMA);
    Set<String> ourFileGroups = fileGroups(base, buckets);

    // Hudi 0.15's Java client has no BUCKET in its index factory; its HoodieSimpleBucketIndex is
    // installed as a user-defined index. Only existing keys are written: its Java upsert
    // partitioner would put new keys in non-bucket file groups.
    HudiReference hudi =
        HudiReference.trips(base)
            .writeConfig("hoodie.index.type", "BUCKET")
            .writeConfig(
                "hoodie.index.class", "org.apache.hudi.index.bucket.HoodieSimpleBucketIndex")
            .writeConfig("hoodie.bucket.index.num.buckets", String.valueOf(buckets))
            .writeConfig("hoodie.bucket.index.hash.field", "uuid")
            .writeConfig("hoodie.parquet.small.file.limit", "0")
            .metadataTable(true) // Hudi's default
            .open();
    hudi.upsert(TripsData.batch(2, 50, 200));
    hudi.delete(TripsData.batch(0, 0, 25));
    assertThat(fileGroups(base, buckets), is(ourFileGroups));

    run(
        trips(base, WriteOperation.DELETE, IndexType.BUCKET).withBucketCount(buckets),
        TripsRows.keys(250, 25),
        TripsRows.KEY_SCHEMA);
    run(
        trips(base, WriteOperation.UPSERT, IndexType.BUCKET).withBucketCount(buckets),
        TripsRows.batch(3, 290, 20),
        TripsRows.SCHEMA);

    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is(260));
    assertRows(rows, 25, 50, 0);
    assertRows(rows, 50, 250, 2);
    assertRows(rows, 275, 290, 1);
    assertRows(rows, 290, 310, 3);
    for (GenericRecord row : rows.values()) {
      String key = HudiTableReader.string(row, "_hoodie_record_key");
      String fileId = FSUtils.getFileId(HudiTableReader.string(row, "_hoodie_file_name"));
      assertThat(
          key,
          BucketIdentifier.bucketIdFromFileId(fileId),
          is(BucketIdentifier.getBucketId(key, "uuid", buckets)));
    }
    fileGroups(base, buckets);
  }

  /**
   * The table's file groups, checked to be one per bucket per partition with Hudi's bucket file
   * ids.
   */
  private static Set<String> fileGroups(String base, int buckets) {
    Set<String> out = new TreeSet<>();
    Map<String, Set<Integer>> bucketsByPartition = new HashMap<>();
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      int bucket = BucketIdentifier.bucketIdFromFileId(slice.getFileId());
      assertThat(slice.getFileId(), bucket < buckets, is(true));
      assertThat(
          slice.getFileId(),
          bucketsByPartition
              .computeIfAbsent(slice.getPartitionPath(), p -> new TreeSet<>())
              .add(bucket),
          is(true));
      assertThat(slice.getFileId(), slice.getFileId().endsWith("-0"), is(true));
      out.add(slice.getPartitionPath() + "/" + slice.getFileId());
    }
    return out;
  }

  @Test
  public void bucketSettingsAreValidated() {
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> HudiIO.write().withBucketCount(0))
            .getMessage(),
        is(
            "withBucketCount: hoodie.bucket.index.num.buckets must be a whole number >= 1, but was '0'"));
    IllegalArgumentException bulk =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                WriteSettings.of(
                    "/t",
                    Map.of(
                        "hoodie.table.name",
                        "t",
                        "hoodie.datasource.write.recordkey.field",
                        "uuid",
                        "hoodie.index.type",
                        "BUCKET",
                        "hoodie.datasource.write.operation",
                        "bulk_insert")));
    assertThat(
        bulk.getMessage(), containsString("BULK_INSERT) is not supported with withIndex(BUCKET)"));
    IllegalArgumentException hashField =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                WriteSettings.of(
                    "/t",
                    Map.of(
                        "hoodie.table.name",
                        "t",
                        "hoodie.datasource.write.recordkey.field",
                        "uuid",
                        "hoodie.index.type",
                        "BUCKET",
                        "hoodie.bucket.index.hash.field",
                        "city")));
    assertThat(
        hashField.getMessage(),
        is(
            "withIndex(BUCKET): hoodie.bucket.index.hash.field must name record key fields [uuid], but was [city]"));
  }
}
