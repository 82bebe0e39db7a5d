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

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.joda.time.Duration;
import org.joda.time.Instant;

/**
 * Helpers of the streaming tests: TestStreams of commit intervals, Hudi-side reads as of an
 * instant.
 */
final class StreamingTesting {
  static final Duration INTERVAL = Duration.standardSeconds(10);

  private StreamingTesting() {}

  /** The start of commit interval {@code k} (event time). */
  static Instant intervalStart(int k) {
    return new Instant(0).plus(INTERVAL.multipliedBy(k));
  }

  /**
   * A TestStream of commit intervals: interval k's rows at event times {@code start(k) + n ms},
   * then the watermark to the interval's end and one second of processing time (the DirectRunner
   * runs every step it can before the next event, so interval k is committed before k+1's rows
   * arrive). An empty list makes an interval without records.
   */
  static TestStream<Row> stream(Schema schema, List<List<Row>> intervals) {
    TestStream.Builder<Row> events =
        TestStream.create(RowCoder.of(schema)).advanceWatermarkTo(new Instant(0));
    for (int k = 0; k < intervals.size(); k++) {
      List<TimestampedValue<Row>> rows = new ArrayList<>();
      for (int n = 0; n < intervals.get(k).size(); n++) {
        rows.add(
            TimestampedValue.of(
                intervals.get(k).get(n), intervalStart(k).plus(Duration.millis(n))));
      }
      if (!rows.isEmpty()) {
        events =
            events.addElements(
                rows.get(0), rows.subList(1, rows.size()).toArray(new TimestampedValue[0]));
      }
      events =
          events
              .advanceWatermarkTo(intervalStart(k + 1))
              .advanceProcessingTime(Duration.standardSeconds(1));
    }
    return events.advanceWatermarkToInfinity();
  }

  /** The sum of a counter's attempted values over all steps. */
  static long counter(PipelineResult result, Class<?> namespace, String name) {
    long sum = 0;
    for (MetricResult<Long> c :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder()
                    .addNameFilter(MetricNameFilter.named(namespace, name))
                    .build())
            .getCounters()) {
      sum += c.getAttempted();
    }
    return sum;
  }

  /** The extra metadata of a completed commit, read by Hudi. */
  static Map<String, String> extraMetadata(HudiTableReader reader, String instantTime) {
    return HudiIOTesting.commitMetadata(reader, instantTime).getExtraMetadata();
  }

  /**
   * The snapshot as of a completed instant (Hudi's time travel on copy-on-write): its latest base
   * files.
   */
  static List<GenericRecord> snapshotAsOf(HudiTableReader reader, String instantTime) {
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieTimeline timeline =
        meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    HoodieTableFileSystemView view = new HoodieTableFileSystemView(meta, timeline);
    List<GenericRecord> out = new ArrayList<>();
    try {
      for (String partition : reader.partitionPaths()) {
        for (HoodieBaseFile file :
            (Iterable<HoodieBaseFile>)
                view.getLatestBaseFilesBeforeOrOn(partition, instantTime)::iterator) {
          out.addAll(reader.readBaseFile(file.getPath()));
        }
      }
    } finally {
      view.close();
    }
    return out;
  }

  /** Records as key → trips values, failing on a duplicate key. */
  static Map<String, List<Object>> valuesByKey(List<GenericRecord> records) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (Map.Entry<String, GenericRecord> e : HudiTableReader.byRecordKey(records).entrySet()) {
      out.put(e.getKey(), TripsData.values(e.getValue()));
    }
    return out;
  }

  /** The expected table: key → trips values of the last (batch, index) written per key. */
  static Map<String, List<Object>> expected(Map<Long, Long> batchPerIndex) {
    Map<String, List<Object>> out = new TreeMap<>();
    batchPerIndex.forEach(
        (i, b) -> out.put(TripsData.key(i), TripsData.values(TripsData.record(b, i))));
    return out;
  }
}
