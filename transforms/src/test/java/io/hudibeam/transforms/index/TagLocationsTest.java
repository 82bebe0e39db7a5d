package io.hudibeam.transforms.index;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.instant.StartInstant;
import io.hudibeam.transforms.plan.PlanWrite;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
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

  @Test
  public void tagsKeysHudiWroteWithTheirFileGroups() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiReference.trips(base).create().insert(TripsData.batch(0, 0, 100));
    Map<String, String> fileIdOfKey = new HashMap<>();
    for (GenericRecord row : HudiTableReader.of(base).snapshot()) {
      String fileName = HudiTableReader.string(row, "_hoodie_file_name");
      fileIdOfKey.put(HudiTableReader.string(row, "_hoodie_record_key"), fileName.substring(0, fileName.indexOf('_')));
    }
    WriteSpec spec =
        WriteSpec.builder()
            .basePath(base)
            .tableConfig(TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
                .recordKeyFields(List.of("uuid")).partitionFields(List.of("city")).orderingField("ts")
                .keyGeneratorClass("org.apache.hudi.keygen.SimpleKeyGenerator").build())
            .keyGenerator(KeyGeneratorConfig.simple("uuid", "city"))
            .orderingField(OrderingField.of("ts"))
            .operation(WriteOperation.UPSERT)
            .schemaJson(TripsData.SCHEMA.toString())
            .failedRecordPolicy(FailedRecordPolicy.FAIL)
            .build();

    PCollectionView<StartedInstant> started = pipeline.apply("Start", new StartInstant(spec));
    PCollection<TaggedRecord> tagged =
        pipeline
            .apply(Create.of(TripsData.batch(1, 50, 100)).withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(new PrepareRecords(spec))
            .get(PrepareRecords.RECORDS)
            .apply(new TagLocations(spec, started));
    tagged.apply(new PlanWrite(spec, started));
    List<String> expected = new ArrayList<>();
    for (long i = 50; i < 150; i++) {
      expected.add(TripsData.key(i) + "->" + (i < 100 ? fileIdOfKey.get(TripsData.key(i)) : "new"));
    }
    PAssert.that(
            tagged.apply(MapElements.into(TypeDescriptors.strings())
                .via((TaggedRecord t) -> t.record().recordKey() + "->"
                    + t.location().map(l -> l.fileId().value()).orElse("new"))))
        .containsInAnyOrder(expected);
    pipeline.run().waitUntilFinish();

    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();
    HoodieInstant inflight = meta.getActiveTimeline().filterInflights().lastInstant().get();
    HoodieCommitMetadata profile =
        HoodieCommitMetadata.fromBytes(meta.getActiveTimeline().getInstantDetails(inflight).get(), HoodieCommitMetadata.class);
    long plannedInserts = profile.getPartitionToWriteStats().values().stream()
        .flatMap(List::stream).filter(s -> "".equals(s.getFileId())).mapToLong(s -> s.getNumInserts()).sum();
    long plannedUpdates = profile.getPartitionToWriteStats().values().stream()
        .flatMap(List::stream).mapToLong(s -> s.getNumUpdateWrites()).sum();
    assertThat(plannedInserts, is(50L));
    assertThat(plannedUpdates, is(50L));
  }
}
