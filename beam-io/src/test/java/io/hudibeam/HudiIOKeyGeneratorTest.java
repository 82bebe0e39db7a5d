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

import static io.hudibeam.HudiIOTesting.PARTITION_PATH;
import static io.hudibeam.HudiIOTesting.RECORD_KEY;
import static io.hudibeam.HudiIOTesting.checkMetaFields;
import static io.hudibeam.HudiIOTesting.committed;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.config.ConfigProperty;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.common.table.HoodieTableConfig;
import org.apache.hudi.keygen.BaseKeyGenerator;
import org.apache.hudi.keygen.ComplexAvroKeyGenerator;
import org.apache.hudi.keygen.TimestampBasedAvroKeyGenerator;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Key generators end to end: the record keys and partition paths Hudi's reader sees in tables
 * HudiIO wrote are the ones Hudi's own key generators give for the same records, the folders are
 * named accordingly, and hoodie.properties describes the key generator so Hudi's writers continue
 * with the same keys.
 */
public class HudiIOKeyGeneratorTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static TypedProperties typed(Map<String, String> props) {
    TypedProperties typed = new TypedProperties();
    props.forEach(typed::setProperty);
    return typed;
  }

  /**
   * Checks every row's record key and partition path against Hudi's key generator, and its values.
   */
  private static void assertKeysAsHudi(
      HudiTableReader reader, BaseKeyGenerator hudi, Map<String, GenericRecord> written) {
    Map<String, GenericRecord> rows = reader.snapshotByRecordKey();
    Map<String, GenericRecord> expected = new TreeMap<>();
    for (GenericRecord r : written.values()) {
      expected.put(hudi.getKey(r).getRecordKey(), r);
    }
    assertThat(new TreeMap<>(rows).keySet(), is(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      GenericRecord row = rows.get(e.getKey());
      assertThat(
          HudiTableReader.string(row, RECORD_KEY), is(hudi.getKey(e.getValue()).getRecordKey()));
      assertThat(
          HudiTableReader.string(row, PARTITION_PATH),
          is(hudi.getKey(e.getValue()).getPartitionPath()));
      assertThat(e.getKey(), TripsData.values(row), is(TripsData.values(e.getValue())));
    }
    checkMetaFields(reader);
  }

  @Test
  public void complexKeyWithHiveStyleAndUrlEncodedPartitions() throws Exception {
    String base = tmp.newFolder("complex").getAbsolutePath();
    Map<String, GenericRecord> written = new LinkedHashMap<>();
    for (long i = 0; i < 8; i++) {
      GenericRecord r = TripsData.record(0, i);
      if (i == 3) {
        r.put("city", "new/york");
      }
      written.put(TripsData.key(i), r);
    }
    HudiIO.Write<Row> write =
        HudiIO.write()
            .withBasePath(base)
            .withTableName("trips")
            .withRecordKeyFields("uuid", "rider")
            .withPartitionFields("city")
            .withOrderingField("ts")
            .withKeyGenerator(KeyGeneratorType.COMPLEX)
            .withHiveStylePartitioning(true)
            .withUrlEncodePartitionPath(true);
    List<Row> rows = new ArrayList<>();
    written.values().forEach(r -> rows.add(TripsRows.of(r)));
    Pipeline p = HudiIOTesting.pipeline(2);
    PAssert.that(
            p.apply(Create.of(rows).withRowSchema(TripsRows.SCHEMA))
                .apply(write.withOperation(WriteOperation.INSERT))
                .getCommittedInstants())
        .satisfies(committed(ExpectedCommit.insert().inserted(8).files(8)));
    p.run().waitUntilFinish();

    Map<String, String> hudiProps = new LinkedHashMap<>();
    hudiProps.put("hoodie.datasource.write.recordkey.field", "uuid,rider");
    hudiProps.put("hoodie.datasource.write.partitionpath.field", "city");
    hudiProps.put("hoodie.datasource.write.hive_style_partitioning", "true");
    hudiProps.put("hoodie.datasource.write.partitionpath.urlencode", "true");
    ComplexAvroKeyGenerator hudi = new ComplexAvroKeyGenerator(typed(hudiProps));
    assertThat(
        hudi.getKey(written.get(TripsData.key(3))).getRecordKey(),
        is("uuid:trip-000000000003,rider:rider-3"));
    assertThat(
        hudi.getKey(written.get(TripsData.key(3))).getPartitionPath(), is("city=new%2Fyork"));
    HudiTableReader reader = HudiTableReader.of(base);
    assertKeysAsHudi(reader, hudi, written);
    assertThat(
        reader.partitionPaths(),
        is(
            List.of(
                "city=chennai",
                "city=london",
                "city=new%2Fyork",
                "city=paris",
                "city=san_francisco",
                "city=sao_paulo",
                "city=sydney",
                "city=tokyo")));
    assertThat(new File(base, "city=new%2Fyork").isDirectory(), is(true));
    assertThat(new File(base, "city=san_francisco").isDirectory(), is(true));
    HoodieTableConfig config = reader.tableConfig();
    assertThat(config.getRecordKeyFieldProp(), is("uuid,rider"));
    assertThat(config.getPartitionFieldProp(), is("city"));
    assertThat(config.getKeyGeneratorClassName(), is("org.apache.hudi.keygen.ComplexKeyGenerator"));
    assertThat(config.getHiveStylePartitioningEnable(), is("true"));
    assertThat(config.getUrlEncodePartitioning(), is("true"));

    // An upsert finds the stored complex keys in the encoded partitions: all updates, no inserts.
    Map<String, GenericRecord> updated = new LinkedHashMap<>(written);
    List<Row> updates = new ArrayList<>();
    for (long i = 0; i < 4; i++) {
      GenericRecord r = TripsData.record(1, i);
      r.put("city", written.get(TripsData.key(i)).get("city"));
      updated.put(TripsData.key(i), r);
      updates.add(TripsRows.of(r));
    }
    Pipeline p2 = HudiIOTesting.pipeline(2);
    PAssert.that(
            p2.apply(Create.of(updates).withRowSchema(TripsRows.SCHEMA))
                .apply(write.withOperation(WriteOperation.UPSERT))
                .getCommittedInstants())
        .satisfies(committed(ExpectedCommit.upsert().updated(4).files(4)));
    p2.run().waitUntilFinish();
    assertKeysAsHudi(reader, hudi, updated);
  }

  @Test
  public void timestampBasedKeyGeneratorFromGenericRecords() throws Exception {
    String base = tmp.newFolder("timestamp").getAbsolutePath();
    Map<String, String> timestamp = new LinkedHashMap<>();
    timestamp.put("hoodie.keygen.timebased.timestamp.type", "EPOCHMILLISECONDS");
    timestamp.put("hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
    timestamp.put("hoodie.keygen.timebased.output.timezone", "UTC");
    Map<String, GenericRecord> written = new LinkedHashMap<>();
    long[][] batchAndIndex = {{0, 0}, {0, 1}, {1, 2}, {2, 3}};
    for (long[] bi : batchAndIndex) {
      written.put(TripsData.key(bi[1]), TripsData.record(bi[0], bi[1]));
    }
    Pipeline p = HudiIOTesting.pipeline(2);
    PAssert.that(
            p.apply(
                    Create.of(List.copyOf(written.values()))
                        .withCoder(AvroCoder.of(TripsData.SCHEMA)))
                .apply(
                    HudiIO.writeGenericRecords()
                        .withBasePath(base)
                        .withTableName("trips")
                        .withRecordKeyFields("uuid")
                        .withPartitionFields("ts")
                        .withOrderingField("ts")
                        .withKeyGenerator(KeyGeneratorType.TIMESTAMP_BASED)
                        .withHoodieProperties(timestamp)
                        .withOperation(WriteOperation.UPSERT))
                .getCommittedInstants())
        .satisfies(committed(ExpectedCommit.upsert().inserted(4).files(3)));
    p.run().waitUntilFinish();

    Map<String, String> hudiProps = new LinkedHashMap<>(timestamp);
    hudiProps.put("hoodie.datasource.write.recordkey.field", "uuid");
    hudiProps.put("hoodie.datasource.write.partitionpath.field", "ts");
    TimestampBasedAvroKeyGenerator hudi = new TimestampBasedAvroKeyGenerator(typed(hudiProps));
    HudiTableReader reader = HudiTableReader.of(base);
    assertKeysAsHudi(reader, hudi, written);
    assertThat(reader.partitionPaths(), is(List.of("2023/11/14", "2023/11/26", "2023/12/08")));
    assertThat(new File(base, "2023/11/14/.hoodie_partition_metadata").isFile(), is(true));

    HoodieTableConfig config = reader.tableConfig();
    assertThat(
        config.getKeyGeneratorClassName(), is("org.apache.hudi.keygen.TimestampBasedKeyGenerator"));
    assertThat(config.getRecordKeyFieldProp(), is("uuid"));
    assertThat(config.getPartitionFieldProp(), is("ts"));
    // Every setting Hudi persists (HoodieTableConfig.PERSISTED_CONFIG_LIST) is in hoodie.properties
    // with the value written, and so is the timestamp type Hudi 1.x persists too.
    for (ConfigProperty<String> persisted : HoodieTableConfig.PERSISTED_CONFIG_LIST) {
      if (timestamp.containsKey(persisted.key())) {
        assertThat(
            persisted.key(), config.getString(persisted.key()), is(timestamp.get(persisted.key())));
      }
    }
    assertThat(config.getString("hoodie.keygen.timebased.timestamp.type"), is("EPOCHMILLISECONDS"));
    // Hudi's key generator configured from hoodie.properties alone gives the stored partitions.
    Map<String, String> fromTable = new LinkedHashMap<>();
    config.getProps().forEach((k, v) -> fromTable.put((String) k, (String) v));
    fromTable.put("hoodie.datasource.write.recordkey.field", config.getRecordKeyFieldProp());
    fromTable.put("hoodie.datasource.write.partitionpath.field", config.getPartitionFieldProp());
    assertKeysAsHudi(reader, new TimestampBasedAvroKeyGenerator(typed(fromTable)), written);
  }
}
