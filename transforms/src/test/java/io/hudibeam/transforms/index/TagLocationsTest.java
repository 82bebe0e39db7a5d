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
package io.hudibeam.transforms.index;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.transforms.plan.PlanSpec;
import io.hudibeam.transforms.plan.PlanWrite;
import io.hudibeam.transforms.plan.Routing;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.records.RecordsSpec;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The index stage on a table written by Hudi's Java client: stored keys are tagged with the file
 * group Hudi wrote them to, new keys are untagged; the profile stage saves Hudi's workload profile
 * into the inflight instant.
 */
public class TagLocationsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  static WriteSpec upsertSpec(String base, IndexType index) {
    return WriteSpec.builder()
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
        .operation(WriteOperation.UPSERT)
        .index(index)
        .schemaJson(TripsData.SCHEMA.toString())
        .failedRecordPolicy(FailedRecordPolicy.FAIL)
        .build();
  }

  /** The file id of each record key of the snapshot Hudi reads. */
  private static Map<String, String> fileIdOfKey(String base) throws Exception {
    Map<String, String> fileIdOfKey = new HashMap<>();
    for (GenericRecord row : HudiTableReader.of(base).snapshot()) {
      String fileName = HudiTableReader.string(row, "_hoodie_file_name");
      fileIdOfKey.put(
          HudiTableReader.string(row, "_hoodie_record_key"),
          fileName.substring(0, fileName.indexOf('_')));
    }
    return fileIdOfKey;
  }

  @Test
  public void tagsKeysHudiWroteWithTheirFileGroups() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiReference.trips(base).create().insert(TripsData.batch(0, 0, 100));
    Map<String, String> fileIdOfKey = fileIdOfKey(base);
    WriteSpec spec = upsertSpec(base, IndexType.SIMPLE);

    PCollectionView<StartedInstant> started =
        pipeline.apply("Start", new StartInstant(StartSpec.of(spec)));
    PCollection<TaggedRecord> tagged = tag(spec, started, TripsData.batch(1, 50, 100));
    tagged.apply(new PlanWrite(PlanSpec.of(spec), started, Routing.of(PlanSpec.of(spec), false)));
    PAssert.that(fileIdsOf(tagged)).containsInAnyOrder(fileIdsOrNew(fileIdOfKey, 50, 150, 100));
    pipeline.run().waitUntilFinish();

    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();
    HoodieInstant inflight = meta.getActiveTimeline().filterInflights().lastInstant().get();
    HoodieCommitMetadata profile =
        HoodieCommitMetadata.fromBytes(
            meta.getActiveTimeline().getInstantDetails(inflight).get(), HoodieCommitMetadata.class);
    long plannedInserts =
        profile.getPartitionToWriteStats().values().stream()
            .flatMap(List::stream)
            .filter(s -> "".equals(s.getFileId()))
            .mapToLong(s -> s.getNumInserts())
            .sum();
    long plannedUpdates =
        profile.getPartitionToWriteStats().values().stream()
            .flatMap(List::stream)
            .mapToLong(s -> s.getNumUpdateWrites())
            .sum();
    assertThat(plannedInserts, is(50L));
    assertThat(plannedUpdates, is(50L));
  }

  @Test
  public void simpleIndexReadsOnlyFilesAndKeysInTheIncomingKeyRange() throws Exception {
    readsOnlyFilesAndKeysInTheIncomingKeyRange(IndexType.SIMPLE);
  }

  @Test
  public void globalSimpleIndexReadsOnlyFilesAndKeysInTheIncomingKeyRange() throws Exception {
    readsOnlyFilesAndKeysInTheIncomingKeyRange(IndexType.GLOBAL_SIMPLE);
  }

  /**
   * Two bulk inserts by Hudi (keys 0..79, then 80..159, each in file groups of their own), then
   * upserts of keys 150..169: the files holding only keys below 150 are skipped by their footer
   * range, the others are read and only their keys from 150 on joined; every key is tagged as Hudi
   * wrote it.
   */
  private void readsOnlyFilesAndKeysInTheIncomingKeyRange(IndexType index) throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiReference hudi = HudiReference.trips(base).create();
    hudi.bulkInsert(TripsData.batch(0, 0, 80));
    hudi.bulkInsert(TripsData.batch(0, 80, 80));
    Map<String, String> fileIdOfKey = fileIdOfKey(base);
    Map<String, String> maxKeyOfFile = new HashMap<>();
    fileIdOfKey.forEach(
        (key, file) -> maxKeyOfFile.merge(file, key, (a, b) -> a.compareTo(b) >= 0 ? a : b));
    long filesBelow =
        maxKeyOfFile.values().stream().filter(k -> k.compareTo(TripsData.key(150)) < 0).count();
    long keysOfFilesAbove =
        fileIdOfKey.values().stream()
            .filter(file -> maxKeyOfFile.get(file).compareTo(TripsData.key(150)) >= 0)
            .count();
    assertThat(filesBelow > 0 && filesBelow < maxKeyOfFile.size(), is(true));
    WriteSpec spec = upsertSpec(base, index);

    PCollectionView<StartedInstant> started =
        pipeline.apply("Start", new StartInstant(StartSpec.of(spec)));
    PCollection<TaggedRecord> tagged = tag(spec, started, TripsData.batch(1, 150, 20));
    PAssert.that(fileIdsOf(tagged)).containsInAnyOrder(fileIdsOrNew(fileIdOfKey, 150, 170, 160));
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(counter(result, "baseFilesSkippedByKeyRange"), is(filesBelow));
    assertThat(counter(result, "baseFilesRead"), is(maxKeyOfFile.size() - filesBelow));
    assertThat(counter(result, "storedKeysRead"), is(keysOfFilesAbove));
    assertThat(counter(result, "storedKeysJoined"), is(10L));
  }

  /** The trips records, prepared and tagged by the index stage. */
  private PCollection<TaggedRecord> tag(
      WriteSpec spec, PCollectionView<StartedInstant> started, List<GenericRecord> trips) {
    return pipeline
        .apply(Create.of(trips).withCoder(AvroCoder.of(TripsData.SCHEMA)))
        .apply(new PrepareRecords(RecordsSpec.of(spec)))
        .get(PrepareRecords.RECORDS)
        .apply(new TagLocations(IndexSpec.of(spec), started));
  }

  /** Each tagged record as "key->file id", or "key->new" when untagged. */
  private static PCollection<String> fileIdsOf(PCollection<TaggedRecord> tagged) {
    return tagged.apply(
        MapElements.into(TypeDescriptors.strings())
            .via(
                (TaggedRecord t) ->
                    t.record().recordKey()
                        + "->"
                        + t.location().map(l -> l.fileId().value()).orElse("new")));
  }

  /** "key->file id" for keys from..until-1: Hudi's file id below {@code stored}, else "new". */
  private static List<String> fileIdsOrNew(
      Map<String, String> fileIdOfKey, long from, long until, long stored) {
    List<String> expected = new ArrayList<>();
    for (long i = from; i < until; i++) {
      expected.add(
          TripsData.key(i) + "->" + (i < stored ? fileIdOfKey.get(TripsData.key(i)) : "new"));
    }
    return expected;
  }

  /** The sum of a counter of the index stage's namespace over the pipeline's steps. */
  static long counter(PipelineResult result, String name) {
    long sum = 0;
    for (MetricResult<Long> counter :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder()
                    .addNameFilter(MetricNameFilter.named(TagLocations.class, name))
                    .build())
            .getCounters()) {
      sum += counter.getAttempted();
    }
    return sum;
  }

  private static TableRecord upsert(long i, String city, long ts) {
    GenericRecord data = new GenericData.Record((GenericData.Record) TripsData.record(1, i), true);
    data.put("ts", ts);
    data.put("city", city);
    return TableRecord.upsert(TripsData.key(i), city, data);
  }

  /**
   * Upserts as they reach the index (PrepareRecords leaves duplicates to the join): key 3 is stored
   * and comes three times, key 20 is new and comes twice, key 4 is stored in its city and comes
   * once there and once, later, in the next city; key 1 is stored and comes once.
   */
  private static List<TableRecord> upsertsWithDuplicateKeys() {
    return List.of(
        upsert(3, TripsData.city(3), 5),
        upsert(3, TripsData.city(3), 9),
        upsert(3, TripsData.city(3), 7),
        upsert(20, TripsData.city(20), 3),
        upsert(20, TripsData.city(20), 8),
        upsert(4, TripsData.city(4), 6),
        upsert(4, TripsData.city(5), 10),
        upsert(1, TripsData.city(1), 1));
  }

  private PCollection<String> tagUpsertsWithDuplicateKeys(WriteSpec spec) {
    PCollectionView<StartedInstant> started =
        pipeline.apply("Start", new StartInstant(StartSpec.of(spec)));
    return pipeline
        .apply(Create.of(upsertsWithDuplicateKeys()).withCoder(TableRecordCoder.of(spec.schema())))
        .apply(new TagLocations(IndexSpec.of(spec), started))
        .apply(
            MapElements.into(TypeDescriptors.strings())
                .via(
                    (TaggedRecord t) ->
                        (t.record().isDelete() ? "delete " : "")
                            + t.record().recordKey()
                            + " "
                            + t.record().partitionPath()
                            + " -> "
                            + t.location().map(l -> l.fileId().value()).orElse("new")
                            + t.record()
                                .data()
                                .filter(d -> !t.record().isDelete())
                                .map(d -> " @" + d.get("ts"))
                                .orElse("")));
  }

  /**
   * Ten trips written by Hudi's client, built once for the class; each test tags against a copy.
   */
  @ClassRule public static TemporaryFolder fixtures = new TemporaryFolder();

  private static String tenTrips;

  @BeforeClass
  public static void writeTenTrips() throws Exception {
    tenTrips = fixtures.newFolder("ten-trips").getAbsolutePath();
    HudiReference.trips(tenTrips).create().insert(TripsData.batch(0, 0, 10));
  }

  private String copyOfTenTrips() {
    return TableFiles.copy(tenTrips, tmp.getRoot().toPath().resolve("trips"));
  }

  @Test
  public void simpleIndexKeepsTheLaterRecordPerKeyAndPartition() throws Exception {
    keepsTheLaterRecordPerKeyAndPartition(IndexType.SIMPLE);
  }

  /** Duplicate keys become duplicate bloom candidates; the join still keeps one record per key. */
  @Test
  public void bloomIndexKeepsTheLaterRecordPerKeyAndPartition() throws Exception {
    keepsTheLaterRecordPerKeyAndPartition(IndexType.BLOOM);
  }

  private void keepsTheLaterRecordPerKeyAndPartition(IndexType index) throws Exception {
    String base = copyOfTenTrips();
    Map<String, String> fileIds = fileIdOfKey(base);

    PAssert.that(tagUpsertsWithDuplicateKeys(upsertSpec(base, index)))
        .containsInAnyOrder(
            TripsData.key(3)
                + " "
                + TripsData.city(3)
                + " -> "
                + fileIds.get(TripsData.key(3))
                + " @9",
            TripsData.key(20) + " " + TripsData.city(20) + " -> new @8",
            // (key, partition) is the key of a non-global index: both are kept.
            TripsData.key(4)
                + " "
                + TripsData.city(4)
                + " -> "
                + fileIds.get(TripsData.key(4))
                + " @6",
            TripsData.key(4) + " " + TripsData.city(5) + " -> new @10",
            TripsData.key(1)
                + " "
                + TripsData.city(1)
                + " -> "
                + fileIds.get(TripsData.key(1))
                + " @1");
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void globalSimpleIndexKeepsTheLaterRecordPerKey() throws Exception {
    String base = copyOfTenTrips();
    Map<String, String> fileIds = fileIdOfKey(base);

    PAssert.that(tagUpsertsWithDuplicateKeys(upsertSpec(base, IndexType.GLOBAL_SIMPLE)))
        .containsInAnyOrder(
            TripsData.key(3)
                + " "
                + TripsData.city(3)
                + " -> "
                + fileIds.get(TripsData.key(3))
                + " @9",
            TripsData.key(20) + " " + TripsData.city(20) + " -> new @8",
            // The record key alone is the key: the later record moves the key to the next city.
            "delete "
                + TripsData.key(4)
                + " "
                + TripsData.city(4)
                + " -> "
                + fileIds.get(TripsData.key(4)),
            TripsData.key(4) + " " + TripsData.city(5) + " -> new @10",
            TripsData.key(1)
                + " "
                + TripsData.city(1)
                + " -> "
                + fileIds.get(TripsData.key(1))
                + " @1");
    pipeline.run().waitUntilFinish();
  }
}
