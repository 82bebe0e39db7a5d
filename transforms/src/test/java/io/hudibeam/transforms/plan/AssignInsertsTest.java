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
package io.hudibeam.transforms.plan;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.files.FileId;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.BucketCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.write.FileSizing;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming bucket assigner ({@link AssignInserts.AssignFn}) on its own, on a table Hudi's Java
 * client wrote (one small base file per partition): a partition's inserts fill its small file up to
 * the capacity its size leaves under the max file size, then go to a new file group named after the
 * instant and the partition; the count of assigned inserts is the state, so it carries over between
 * the batches of one instant and starts again with the next instant; partitions are counted apart.
 */
public class AssignInsertsTest {
  private static final long RECORD_SIZE = 1000;
  private static final long FREE_BYTES = 25 * RECORD_SIZE;
  private static final String FIRST = "20261205120000000";
  private static final String SECOND = "20261205120100000";

  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void countsInsertsPerPartitionAcrossBatchesAndStartsAgainWithTheNextInstant()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiReference.trips(base).metadataTable(false).create().insert(TripsData.batch(0, 0, 100));
    String p = TripsData.city(0);
    String q = TripsData.city(1);
    Map<String, Long> sizes = baseFileSizes(base, p, q);
    long maxFileSize = Math.max(sizes.get(p), sizes.get(q)) + FREE_BYTES;
    long capacityP = (maxFileSize - sizes.get(p)) / RECORD_SIZE;
    long capacityQ = (maxFileSize - sizes.get(q)) / RECORD_SIZE;
    // small-file limit far above the files and the commit's bytes: the average record size is the
    // estimate, so every capacity above is exact
    PlanSpec spec = planSpec(base, FileSizing.of(maxFileSize, 64L << 20, RECORD_SIZE));

    List<TableRecord> firstP = inserts(p, 1000, 40);
    List<TableRecord> firstQ = inserts(q, 2000, 10);
    List<TableRecord> secondP = inserts(p, 3000, 30);
    TableRecordCoder records = TableRecordCoder.of(TripsData.SCHEMA);
    TestStream<KV<String, KV<String, List<TableRecord>>>> batches =
        TestStream.create(
                KvCoder.of(
                    StringUtf8Coder.of(), KvCoder.of(StringUtf8Coder.of(), ListCoder.of(records))))
            .addElements(
                KV.of(p, KV.of(FIRST, firstP.subList(0, 20))),
                KV.of(p, KV.of(FIRST, firstP.subList(20, 40))),
                KV.of(q, KV.of(FIRST, firstQ)))
            .advanceWatermarkTo(new Instant(1000))
            .addElements(KV.of(p, KV.of(SECOND, secondP)))
            .advanceWatermarkToInfinity();

    PCollection<KV<String, String>> fileIdOfKey =
        pipeline
            .apply(batches)
            .apply(ParDo.of(new AssignInserts.AssignFn(spec)))
            .setCoder(KvCoder.of(BucketCoder.of(), records))
            .apply(
                MapElements.into(
                        TypeDescriptors.kvs(TypeDescriptors.strings(), TypeDescriptors.strings()))
                    .via(
                        routed ->
                            KV.of(
                                routed.getValue().recordKey(),
                                routed.getKey().fileGroupId().fileId().value())));

    String smallP = smallFileId(base, p);
    String smallQ = smallFileId(base, q);
    String newP1 = newFileId(FIRST, p);
    String newP2 = newFileId(SECOND, p);
    List<String> firstPKeys = keysOf(firstP);
    List<String> firstQKeys = keysOf(firstQ);
    List<String> secondPKeys = keysOf(secondP);
    PAssert.that(fileIdOfKey)
        .satisfies(
            routed -> {
              Map<String, String> byKey = new HashMap<>();
              routed.forEach(kv -> byKey.put(kv.getKey(), kv.getValue()));
              assertThat(
                  countsOf(firstPKeys, byKey),
                  is(expected(smallP, capacityP, newP1, firstPKeys.size())));
              assertThat(
                  countsOf(secondPKeys, byKey),
                  is(expected(smallP, capacityP, newP2, secondPKeys.size())));
              assertThat(countsOf(firstQKeys, byKey), is(expected(smallQ, capacityQ, null, 10)));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  /** How many of the records went to each file id. */
  private static Map<String, Long> countsOf(List<String> sent, Map<String, String> byKey) {
    return sent.stream()
        .collect(
            Collectors.groupingBy(
                key -> byKey.getOrDefault(key, "<not routed>"),
                TreeMap::new,
                Collectors.counting()));
  }

  /** The small file takes its capacity, the new file group the rest. */
  private static Map<String, Long> expected(
      String smallFileId, long capacity, String newFileId, long inserts) {
    Map<String, Long> counts = new TreeMap<>();
    counts.put(smallFileId, Math.min(capacity, inserts));
    if (inserts > capacity) {
      counts.put(newFileId, inserts - capacity);
    }
    return counts;
  }

  private static List<String> keysOf(List<TableRecord> records) {
    return records.stream().map(TableRecord::recordKey).collect(Collectors.toList());
  }

  private static String newFileId(String instant, String partition) {
    return FileId.of(
            AssignInserts.AssignFn.newFileIdPrefix(InstantTime.parse(instant), partition), 0)
        .value();
  }

  private static List<TableRecord> inserts(String partition, long firstKey, int count) {
    List<TableRecord> inserts = new ArrayList<>();
    for (long i = firstKey; inserts.size() < count; i++) {
      GenericRecord trip = TripsData.record(1, i);
      trip.put(TripsData.PARTITION_FIELD, partition);
      inserts.add(TableRecord.upsert(TripsData.key(i), partition, trip));
    }
    return inserts;
  }

  /** The size of each partition's one base file. */
  private static Map<String, Long> baseFileSizes(String base, String... partitions) {
    Map<String, Long> sizes = new HashMap<>();
    for (String partition : partitions) {
      sizes.put(partition, onlyBaseFile(base, partition).length());
    }
    return sizes;
  }

  private static String smallFileId(String base, String partition) {
    String name = onlyBaseFile(base, partition).getName();
    return name.substring(0, name.indexOf('_'));
  }

  private static File onlyBaseFile(String base, String partition) {
    File[] files = new File(base, partition).listFiles((dir, name) -> name.endsWith(".parquet"));
    assertThat("base files Hudi wrote in " + partition, files == null ? 0 : files.length, is(1));
    return files[0];
  }

  private static PlanSpec planSpec(String base, FileSizing sizing) {
    PlanSpec plan =
        PlanSpec.of(
            WriteSpec.builder()
                .basePath(base)
                .tableConfig(
                    TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
                        .recordKeyFields(List.of("uuid"))
                        .partitionFields(List.of("city"))
                        .orderingField("ts")
                        .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator")
                        .build())
                .keyGenerator(KeyGeneratorConfig.simple("uuid", "city"))
                .orderingField(OrderingField.of("ts"))
                .operation(WriteOperation.INSERT)
                .index(IndexType.SIMPLE)
                .schemaJson(TripsData.SCHEMA.toString())
                .failedRecordPolicy(FailedRecordPolicy.FAIL)
                .build());
    return new PlanSpec(
        plan.location(),
        plan.operation(),
        plan.index(),
        plan.mergeOnRead(),
        sizing,
        plan.parquet(),
        plan.compactionMemory(),
        null,
        plan.schemaJson(),
        plan.heartbeat());
  }
}
