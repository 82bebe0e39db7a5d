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
package io.hudibeam.transforms;

import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Sum;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;

public class ElementBatchesTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static final Duration INTERVAL = Duration.standardSeconds(10);

  @Test
  public void batchesGiveBackEveryElementWithItsTimestampInItsWindow() {
    List<TimestampedValue<String>> input = new ArrayList<>();
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      // Out of timestamp order, across two windows, with a duplicate value.
      long millis = (i * 7919L) % 20_000;
      String value = "r" + (i % 45);
      input.add(TimestampedValue.of(value, Instant.ofEpochMilli(millis)));
      (millis < 10_000 ? first : second).add(value + "@" + millis);
    }
    PCollection<byte[]> batches =
        pipeline
            .apply(Create.timestamped(input))
            .apply(Window.into(FixedWindows.of(INTERVAL)))
            .apply("Batch", ParDo.of(new ElementBatches.BatchFn<>(StringUtf8Coder.of())))
            .setCoder(ByteArrayCoder.of());
    PCollection<String> unbatched =
        batches
            .apply("Unbatch", ParDo.of(new ElementBatches.UnbatchFn<>(StringUtf8Coder.of())))
            .setCoder(StringUtf8Coder.of())
            .apply("With timestamps", ParDo.of(new WithTimestampFn()));
    PCollection<Integer> counts =
        batches
            .apply("Count", MapElements.into(TypeDescriptors.integers()).via(ElementBatches::count))
            .apply(Sum.integersGlobally().withoutDefaults());

    IntervalWindow firstWindow = new IntervalWindow(new Instant(0), INTERVAL);
    IntervalWindow secondWindow = new IntervalWindow(new Instant(10_000), INTERVAL);
    PAssert.that(unbatched).inWindow(firstWindow).containsInAnyOrder(first);
    PAssert.that(unbatched).inWindow(secondWindow).containsInAnyOrder(second);
    PAssert.that(counts).inWindow(firstWindow).containsInAnyOrder(first.size());
    PAssert.that(counts).inWindow(secondWindow).containsInAnyOrder(second.size());
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void keyedBatchesGroupedByKeyGiveBackEveryValueOfTheKeyInItsWindow() {
    List<TimestampedValue<KV<String, String>>> input = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      long millis = (i * 7919L) % 20_000;
      String key = "k" + (i % 3);
      String value = "v" + i;
      input.add(TimestampedValue.of(KV.of(key, value), Instant.ofEpochMilli(millis)));
      expected.add((millis < 10_000 ? "first " : "second ") + key + "=" + value);
    }
    PCollection<String> grouped =
        pipeline
            .apply(Create.timestamped(input))
            .apply(Window.into(FixedWindows.of(INTERVAL)))
            .apply(
                "Pack",
                ParDo.of(new ElementBatches.KeyedBatchFn<String, String>(StringUtf8Coder.of())))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), ByteArrayCoder.of()))
            .apply(GroupByKey.create())
            .apply("Unpack", ParDo.of(new UnpackFn()));
    PAssert.that(grouped).containsInAnyOrder(expected);
    pipeline.run().waitUntilFinish();
  }

  private static final class UnpackFn extends DoFn<KV<String, Iterable<byte[]>>, String> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<String, Iterable<byte[]>> group,
        BoundedWindow window,
        OutputReceiver<String> out) {
      String name = window.maxTimestamp().isBefore(new Instant(10_000)) ? "first " : "second ";
      Iterable<String> values = ElementBatches.elements(group.getValue(), StringUtf8Coder.of());
      for (String value : values) {
        out.output(name + group.getKey() + "=" + value);
      }
    }
  }

  private static final class WithTimestampFn extends DoFn<String, String> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element String value, @Timestamp Instant timestamp, OutputReceiver<String> out) {
      out.output(value + "@" + timestamp.getMillis());
    }
  }
}
