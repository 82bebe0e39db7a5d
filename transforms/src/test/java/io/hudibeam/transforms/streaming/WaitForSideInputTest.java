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
package io.hudibeam.transforms.streaming;

import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TimestampedValue;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;

/**
 * {@link WaitForSideInput}: elements of two commit intervals arrive (TestStream) long before their
 * interval's side input, which is ready only once the watermark passes the interval's end (a count
 * of the interval's elements, as a started instant is ready only once started). Every element comes
 * out once, in its window, with its timestamp, and the step after it finds the side input ready
 * with the interval's full count.
 */
public class WaitForSideInputTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static final Duration INTERVAL = Duration.standardSeconds(10);

  @Test
  @SuppressWarnings("unchecked")
  public void everyElementPassesOnceInItsWindowAfterTheSideInputIsReady() {
    TestStream.Builder<String> events = TestStream.create(StringUtf8Coder.of());
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    List<TimestampedValue<String>> batch = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      long millis = (i * 7919L) % 20_000;
      String value = "r" + i;
      batch.add(TimestampedValue.of(value, new Instant(millis)));
      (millis < 10_000 ? first : second)
          .add(value + "@" + millis + " of " + (millis < 10_000 ? "A" : "B"));
    }
    TestStream<String> stream =
        events
            .addElements(batch.get(0), batch.subList(1, 15).toArray(TimestampedValue[]::new))
            .advanceWatermarkTo(new Instant(5_000))
            .addElements(batch.get(15), batch.subList(16, 30).toArray(TimestampedValue[]::new))
            .advanceWatermarkTo(new Instant(12_000))
            .advanceWatermarkToInfinity();
    PCollection<String> elements =
        pipeline.apply(stream).apply(Window.into(FixedWindows.of(INTERVAL)));
    PCollectionView<Long> ready =
        elements.apply(
            Combine.globally(Count.<String>combineFn()).withoutDefaults().asSingletonView());

    PCollection<String> passed =
        elements
            .apply("Wait", new WaitForSideInput<>(ready))
            .apply("Read side input", ParDo.of(new WithCountFn(ready)).withSideInputs(ready));

    List<String> expectedFirst = new ArrayList<>();
    first.forEach(e -> expectedFirst.add(e.replace(" of A", " of " + countOf(first))));
    List<String> expectedSecond = new ArrayList<>();
    second.forEach(e -> expectedSecond.add(e.replace(" of B", " of " + countOf(second))));
    PAssert.that(passed)
        .inWindow(new IntervalWindow(new Instant(0), INTERVAL))
        .containsInAnyOrder(expectedFirst);
    PAssert.that(passed)
        .inWindow(new IntervalWindow(new Instant(10_000), INTERVAL))
        .containsInAnyOrder(expectedSecond);
    pipeline.run().waitUntilFinish();
  }

  private static String countOf(List<String> window) {
    return Integer.toString(window.size());
  }

  /** The element with its timestamp and the side input's value in its window. */
  private static final class WithCountFn extends DoFn<String, String> {
    private final PCollectionView<Long> count;

    WithCountFn(PCollectionView<Long> count) {
      this.count = count;
    }

    @ProcessElement
    public void process(ProcessContext c) {
      c.output(c.element() + "@" + c.timestamp().getMillis() + " of " + c.sideInput(count));
    }
  }
}
