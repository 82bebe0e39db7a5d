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
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link PrepareRecords.DeduplicateFn} with one key shard of 2,000 records and a budget of a few:
 * most records spill to disk, and exactly the record with the largest ordering value of each key is
 * kept, deletes included, whichever comes first.
 */
public class DeduplicateFnSpillTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static TableRecord record(long i, String city, long ts, boolean delete) {
    GenericRecord data = new GenericData.Record((GenericData.Record) TripsData.record(1, i), true);
    data.put("ts", ts);
    data.put("city", city);
    return delete
        ? TableRecord.delete(TripsData.key(i), city, data)
        : TableRecord.upsert(TripsData.key(i), city, data);
  }

  /**
   * Keys 0..999: each at ts 10 in its city; 0..299 again at ts 20 (before the first for even keys),
   * 300..349 deleted at ts 30, 350..359 deleted at ts 5; 400..449 also in the next city at ts 40
   * (another key unless the index is global).
   */
  private static List<TableRecord> records() {
    List<TableRecord> records = new ArrayList<>();
    for (long i = 0; i < 1_000; i++) {
      String city = TripsData.city(i);
      TableRecord first = record(i, city, 10, false);
      TableRecord later = null;
      if (i < 300) {
        later = record(i, city, 20, false);
      } else if (i < 350) {
        later = record(i, city, 30, true);
      } else if (i < 360) {
        later = record(i, city, 5, true);
      } else if (i >= 400 && i < 450) {
        later = record(i, TripsData.city(i + 1), 40, false);
      }
      if (later != null && i % 2 == 0) {
        records.add(later);
        records.add(first);
      } else {
        records.add(first);
        if (later != null) {
          records.add(later);
        }
      }
    }
    return records;
  }

  private static String describe(TableRecord r) {
    return (r.isDelete() ? "delete " : "")
        + r.recordKey()
        + " "
        + r.partitionPath()
        + " @"
        + r.data().map(d -> d.get("ts")).orElse("");
  }

  private static List<String> expected(boolean global) {
    List<String> out = new ArrayList<>();
    for (long i = 0; i < 1_000; i++) {
      String city = TripsData.city(i);
      if (i < 300) {
        out.add(describe(record(i, city, 20, false)));
      } else if (i < 350) {
        out.add(describe(record(i, city, 30, true)));
      } else if (i >= 400 && i < 450) {
        out.add(describe(record(i, TripsData.city(i + 1), 40, false)));
        if (!global) {
          out.add(describe(record(i, city, 10, false)));
        }
      } else {
        out.add(describe(record(i, city, 10, false)));
      }
    }
    return out;
  }

  @Test
  public void partitionLocalKeysSpillAndKeepTheLatest() throws Exception {
    keepsTheLatest(false);
  }

  @Test
  public void globalKeysSpillAndKeepTheLatest() throws Exception {
    keepsTheLatest(true);
  }

  private void keepsTheLatest(boolean global) throws Exception {
    // 4,000 bytes: some 10 records of about 380 bytes each.
    MergeMemory memory =
        MergeMemory.of(
            MergeMemory.MAX_SIZE,
            MergeMemory.FRACTION,
            4_000L,
            MergeMemory.DEFAULT_FRACTION,
            tmp.newFolder("spill").getAbsolutePath());
    List<KV<Integer, TableRecord>> shard = new ArrayList<>();
    records().forEach(r -> shard.add(KV.of(7, r)));
    PCollection<String> kept =
        pipeline
            .apply(
                Create.of(shard)
                    .withCoder(KvCoder.of(VarIntCoder.of(), TableRecordCoder.of(TripsData.SCHEMA))))
            .apply(GroupByKey.create())
            .apply(
                ParDo.of(
                    new PrepareRecords.DeduplicateFn(
                        new PreferredRecord(OrderingField.of("ts")),
                        global,
                        memory,
                        TripsData.SCHEMA.toString())))
            .setCoder(TableRecordCoder.of(TripsData.SCHEMA))
            .apply(
                MapElements.into(TypeDescriptors.strings()).via(DeduplicateFnSpillTest::describe));
    PAssert.that(kept).containsInAnyOrder(expected(global));
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(counter(result, "recordsSpilled"), greaterThan(900L));
    assertThat(counter(result, "duplicateRecordsDropped"), is(global ? 410L : 360L));
    assertThat(tmp.getRoot().toPath().resolve("spill").toFile().list().length, is(0));
  }

  private static long counter(PipelineResult result, String name) {
    long sum = 0;
    for (MetricResult<Long> counter :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder()
                    .addNameFilter(MetricNameFilter.named(PrepareRecords.class, name))
                    .build())
            .getCounters()) {
      sum += counter.getAttempted();
    }
    return sum;
  }
}
