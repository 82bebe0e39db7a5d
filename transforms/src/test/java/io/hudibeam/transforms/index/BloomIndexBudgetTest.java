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
import static org.hamcrest.Matchers.greaterThan;

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
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.records.RecordsSpec;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The bloom index on a table written by Hudi's Java client, within a merge budget of a few records
 * ({@code hoodie.memory.merge.max.size}): LookupKeysFn looks each file's candidates up in several
 * chunks and the join spills, and every key is still tagged with the file group Hudi wrote it to,
 * once, with its latest record.
 */
public class BloomIndexBudgetTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void bloomIndexWithinASmallBudgetTagsAsHudiWrote() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiReference.trips(base).create().insert(TripsData.batch(0, 0, 400));
    Map<String, String> fileIdOfKey = new HashMap<>();
    for (GenericRecord row : HudiTableReader.of(base).snapshot()) {
      String fileName = HudiTableReader.string(row, "_hoodie_file_name");
      fileIdOfKey.put(
          HudiTableReader.string(row, "_hoodie_record_key"),
          fileName.substring(0, fileName.indexOf('_')));
    }
    WriteSpec spec =
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
            .operation(WriteOperation.UPSERT)
            .index(IndexType.BLOOM)
            .schemaJson(TripsData.SCHEMA.toString())
            .failedRecordPolicy(FailedRecordPolicy.FAIL)
            .writeProperties(
                Map.of(
                    MergeMemory.MAX_SIZE,
                    "2000",
                    MergeMemory.SPILL_PATH,
                    tmp.newFolder("spill").getAbsolutePath()))
            .build();
    // Keys 200..599 at batch 1, and 200..299 again at batch 2 (later: they win).
    List<GenericRecord> upserts = new ArrayList<>(TripsData.batch(1, 200, 400));
    upserts.addAll(TripsData.batch(2, 200, 100));
    List<String> expected = new ArrayList<>();
    for (long i = 200; i < 600; i++) {
      expected.add(
          TripsData.key(i)
              + "->"
              + fileIdOfKey.getOrDefault(TripsData.key(i), "new")
              + " @"
              + TripsData.ts(i < 300 ? 2 : 1, i));
    }

    PCollectionView<StartedInstant> started =
        pipeline.apply("Start", new StartInstant(StartSpec.of(spec)));
    PCollection<String> tagged =
        pipeline
            .apply(Create.of(upserts).withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(new PrepareRecords(RecordsSpec.of(spec)))
            .get(PrepareRecords.RECORDS)
            .apply(new TagLocations(IndexSpec.of(spec), started))
            .apply(
                MapElements.into(TypeDescriptors.strings())
                    .via(
                        (TaggedRecord t) ->
                            t.record().recordKey()
                                + "->"
                                + t.location().map(l -> l.fileId().value()).orElse("new")
                                + " @"
                                + t.record().data().get().get("ts")));
    PAssert.that(tagged).containsInAnyOrder(expected);
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    long files = TagLocationsTest.counter(result, "bloomIndexFilesChecked");
    assertThat(files, greaterThan(0L));
    assertThat(TagLocationsTest.counter(result, "bloomIndexLookups"), greaterThan(files));
    assertThat(TagLocationsTest.counter(result, "joinRecordsSpilled"), greaterThan(0L));
  }
}
