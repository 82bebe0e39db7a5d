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
package io.hudibeam.basefile;

import static io.hudibeam.basefile.BloomFilterTest.assertSameSerialization;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.testing.TripsData;
import java.io.File;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class BaseFileReaderTest {
  /** Written by Hudi 0.15's Spark upsert into golden table v6_cow_trips, partition chennai. */
  private static final String GOLDEN =
      "1ef3941a-84d5-41d3-9733-fc0c2167412b-6_7-18-44_20261129114517514.parquet";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private static Path golden() throws URISyntaxException {
    return new Path(
        new File(BaseFileReaderTest.class.getResource("/basefile/" + GOLDEN).toURI())
            .getAbsolutePath());
  }

  @Test
  public void ourBloomFilterFindsEveryKeyOfHudisFile() throws Exception {
    BaseFileReader reader = BaseFileReader.of(conf, golden());
    BaseFileFooter footer = reader.readFooter();
    List<String> keys = reader.readRecordKeys();

    assertThat(footer.rowCount(), is(62L));
    assertThat(keys.size(), is(62));
    assertThat(footer.bloomFilterType(), equalTo(Optional.of(BloomFilterType.DYNAMIC_V0)));
    BloomFilter filter = footer.bloomFilter().get();
    assertThat(filter.rowCount(), is(1));
    for (String key : keys) {
      assertThat(key, filter.mightContain(key), is(true));
    }
    Set<String> present = new HashSet<>(keys);
    int falsePositives = 0;
    for (int i = 0; i < 10_000; i++) {
      String absent = TripsData.key(i);
      if (!present.contains(absent)) {
        falsePositives += filter.mightContain(absent) ? 1 : 0;
      }
    }
    assertThat(falsePositives, is(0));
    // and our serialization of Hudi's filter is Hudi's byte for byte
    assertSameSerialization(
        filter.serializeToString(), footer.keyValueMetadata().get(FooterKeys.BLOOM_FILTER));
  }

  @Test
  public void keyRangeAndRecordsOfHudisFile() throws Exception {
    BaseFileReader reader = BaseFileReader.of(conf, golden());
    BaseFileFooter footer = reader.readFooter();
    List<String> keys = reader.readRecordKeys();
    assertThat(footer.minRecordKey(), equalTo(Optional.of("trip-000000000506")));
    assertThat(footer.maxRecordKey(), equalTo(Optional.of("trip-000000000994")));
    assertThat(footer.minRecordKey().get(), equalTo(Collections.min(keys)));
    assertThat(footer.maxRecordKey().get(), equalTo(Collections.max(keys)));

    assertThat(MetaFields.hasMetaFields(footer.avroSchema()), is(true));
    assertThat(MetaFields.withoutMetaFields(footer.avroSchema()), equalTo(TripsData.SCHEMA));

    List<GenericRecord> records = reader.readRecords();
    List<String> recordKeys = new ArrayList<>();
    for (GenericRecord record : records) {
      recordKeys.add(record.get(MetaFields.RECORD_KEY.fieldName()).toString());
      assertThat(record.get("_hoodie_file_name").toString(), equalTo(GOLDEN));
      assertThat(record.get("city").toString(), equalTo("chennai"));
      assertThat(record.get("_hoodie_partition_path").toString(), equalTo("chennai"));
      assertThat(
          record.get("uuid").toString(), equalTo(record.get("_hoodie_record_key").toString()));
    }
    assertThat(recordKeys, equalTo(keys));
  }

  @Test
  public void readsBackWhatWeWrote() {
    Path path = new Path(tmp.getRoot().getAbsolutePath(), "f-0_0-0-0_20240101000000000.parquet");
    BaseFileWriter writer =
        BaseFileWriter.create(conf, path, TripsData.SCHEMA, 0, ParquetSettings.defaults());
    for (int i = 10; i >= 1; i--) {
      writer.write("20240101000000000", TripsData.key(i), "p", TripsData.record(0, i));
    }
    writer.close();
    BaseFileReader reader = BaseFileReader.of(conf, path);
    List<String> expectedKeys = new ArrayList<>();
    for (int i = 10; i >= 1; i--) {
      expectedKeys.add(TripsData.key(i));
    }
    assertThat(reader.readRecordKeys(), equalTo(expectedKeys));
    List<GenericRecord> records = reader.readRecords();
    assertThat(records.size(), is(10));
    assertThat(
        records.get(9).get("_hoodie_commit_seqno").toString(), equalTo("20240101000000000_0_9"));
    BaseFileFooter footer = reader.readFooter();
    assertThat(footer.minRecordKey(), equalTo(Optional.of(TripsData.key(1))));
    assertThat(footer.maxRecordKey(), equalTo(Optional.of(TripsData.key(10))));
    assertThat(footer.avroSchema(), equalTo(MetaFields.withMetaFields(TripsData.SCHEMA)));
  }

  @Test
  public void missingFileIsReportedWithItsPath() {
    Path missing = new Path(tmp.getRoot().getAbsolutePath(), "missing.parquet");
    HudiTableException e =
        assertThrows(HudiTableException.class, () -> BaseFileReader.of(conf, missing).readFooter());
    assertThat(e.getMessage(), containsString(missing.toString()));
    assertThrows(HudiTableException.class, () -> BaseFileReader.of(conf, missing).readRecordKeys());
  }
}
