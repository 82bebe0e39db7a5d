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
package io.hudibeam.transforms.records;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertThrows;

import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.TableRecord;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;

public class PrepareRecordsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static WriteSpec spec(WriteOperation operation, FailedRecordPolicy policy) {
    return spec(operation, IndexType.SIMPLE, policy);
  }

  private static WriteSpec spec(
      WriteOperation operation, IndexType index, FailedRecordPolicy policy) {
    return WriteSpec.builder()
        .basePath("/unused")
        .tableConfig(
            TableConfig.newTable("trips", TableType.COPY_ON_WRITE)
                .recordKeyFields(List.of("uuid"))
                .build())
        .keyGenerator(KeyGeneratorConfig.simple("uuid", "city"))
        .orderingField(OrderingField.of("ts"))
        .operation(operation)
        .index(index)
        .schemaJson(TripsData.SCHEMA.toString())
        .failedRecordPolicy(policy)
        .build();
  }

  private static GenericRecord withTs(GenericRecord record, long ts) {
    GenericRecord copy = new GenericData.Record((GenericData.Record) record, true);
    copy.put("ts", ts);
    return copy;
  }

  private static List<GenericRecord> threeVersionsOfKey1AndOneOfKey2() {
    List<GenericRecord> input = new ArrayList<>();
    input.add(withTs(TripsData.record(0, 1), 5));
    input.add(withTs(TripsData.record(0, 1), 9));
    input.add(withTs(TripsData.record(0, 1), 7));
    input.add(withTs(TripsData.record(0, 2), 3));
    return input;
  }

  private static String keyAndTs(TableRecord r) {
    return r.partitionPath() + "/" + r.recordKey() + "@" + r.data().get().get("ts");
  }

  @Test
  public void upsertWithTheBucketIndexKeepsTheRecordWithTheLargerOrderingValuePerKey() {
    PCollectionTuple out =
        pipeline
            .apply(
                Create.of(threeVersionsOfKey1AndOneOfKey2())
                    .withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(
                new PrepareRecords(
                    RecordsSpec.of(
                        spec(WriteOperation.UPSERT, IndexType.BUCKET, FailedRecordPolicy.FAIL))));
    PAssert.that(
            out.get(PrepareRecords.RECORDS)
                .apply(
                    MapElements.into(TypeDescriptors.strings()).via(PrepareRecordsTest::keyAndTs)))
        .containsInAnyOrder(
            TripsData.city(1) + "/" + TripsData.key(1) + "@9",
            TripsData.city(2) + "/" + TripsData.key(2) + "@3");
    PAssert.that(out.get(PrepareRecords.FAILED)).empty();
    pipeline.run();
  }

  /** The index join keeps one record per key (TagLocationsTest): no shuffle here. */
  @Test
  public void upsertWithTheSimpleIndexLeavesDuplicatesToTheIndexJoin() {
    PCollectionTuple out =
        pipeline
            .apply(
                Create.of(threeVersionsOfKey1AndOneOfKey2())
                    .withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(
                new PrepareRecords(
                    RecordsSpec.of(
                        spec(WriteOperation.UPSERT, IndexType.SIMPLE, FailedRecordPolicy.FAIL))));
    PAssert.that(
            out.get(PrepareRecords.RECORDS)
                .apply(
                    MapElements.into(TypeDescriptors.strings()).via(PrepareRecordsTest::keyAndTs)))
        .containsInAnyOrder(
            TripsData.city(1) + "/" + TripsData.key(1) + "@5",
            TripsData.city(1) + "/" + TripsData.key(1) + "@9",
            TripsData.city(1) + "/" + TripsData.key(1) + "@7",
            TripsData.city(2) + "/" + TripsData.key(2) + "@3");
    pipeline.run();
  }

  @Test
  public void deleteWithTheBucketIndexKeepsTheRecordWithTheLargerOrderingValuePerKey() {
    PCollectionTuple out =
        pipeline
            .apply(
                Create.of(threeVersionsOfKey1AndOneOfKey2())
                    .withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(
                new PrepareRecords(
                    RecordsSpec.of(
                        spec(WriteOperation.DELETE, IndexType.BUCKET, FailedRecordPolicy.FAIL))));
    PAssert.that(
            out.get(PrepareRecords.RECORDS)
                .apply(
                    MapElements.into(TypeDescriptors.strings())
                        .via(
                            (TableRecord r) ->
                                (r.isDelete() ? "delete " : "upsert ") + keyAndTs(r))))
        .containsInAnyOrder(
            "delete " + TripsData.city(1) + "/" + TripsData.key(1) + "@9",
            "delete " + TripsData.city(2) + "/" + TripsData.key(2) + "@3");
    pipeline.run();
  }

  @Test
  public void insertKeepsDuplicatesAsHudisInsertDoes() {
    List<GenericRecord> input =
        List.of(withTs(TripsData.record(0, 1), 5), withTs(TripsData.record(0, 1), 9));
    PCollectionTuple out =
        pipeline
            .apply(Create.of(input).withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(
                new PrepareRecords(
                    RecordsSpec.of(spec(WriteOperation.INSERT, FailedRecordPolicy.FAIL))));
    PAssert.that(
            out.get(PrepareRecords.RECORDS)
                .apply(
                    MapElements.into(TypeDescriptors.longs())
                        .via((TableRecord r) -> (Long) r.data().get().get("ts"))))
        .containsInAnyOrder(5L, 9L);
    pipeline.run();
  }

  @Test
  public void recordWithoutKeyGoesToFailedOutputWithTheReason() {
    GenericRecord bad = new GenericData.Record((GenericData.Record) TripsData.record(0, 3), true);
    bad.put("uuid", "");
    PCollectionTuple out =
        pipeline
            .apply(
                Create.of(List.of(TripsData.record(0, 4), bad))
                    .withCoder(AvroCoder.of(TripsData.SCHEMA)))
            .apply(
                new PrepareRecords(
                    RecordsSpec.of(spec(WriteOperation.UPSERT, FailedRecordPolicy.OUTPUT))));
    PAssert.that(
            out.get(PrepareRecords.RECORDS)
                .apply(
                    "Keys",
                    MapElements.into(TypeDescriptors.strings()).via(TableRecord::recordKey)))
        .containsInAnyOrder(TripsData.key(4));
    PAssert.that(
            out.get(PrepareRecords.FAILED)
                .apply(
                    "Reasons",
                    MapElements.into(TypeDescriptors.strings()).via(FailedRecord::reason)))
        .satisfies(
            reasons -> {
              String reason = reasons.iterator().next();
              assertThat(reason, containsString("uuid"));
              return null;
            });
    pipeline.run();
  }

  @Test
  public void recordWithoutKeyFailsThePipelineByDefault() {
    GenericRecord bad = new GenericData.Record((GenericData.Record) TripsData.record(0, 3), true);
    bad.put("uuid", "");
    Pipeline p = Pipeline.create();
    p.apply(Create.of(List.of(bad)).withCoder(AvroCoder.of(TripsData.SCHEMA)))
        .apply(
            new PrepareRecords(
                RecordsSpec.of(spec(WriteOperation.UPSERT, FailedRecordPolicy.FAIL))));
    Exception e = assertThrows(Exception.class, () -> p.run().waitUntilFinish());
    assertThat(String.valueOf(e.getMessage()), containsString("nothing was committed"));
    assertThat(String.valueOf(e.getMessage()), containsString("uuid"));
  }
}
