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
package io.hudibeam.examples;

import io.hudibeam.HudiSkippedInterval;
import java.util.Locale;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.joda.time.Instant;

/**
 * Prints one line per commit interval a streaming write skipped as a replay: {@code skipped
 * interval [start, end) of sink S: N records, committed before by instant T}; outputs each interval
 * once its line is printed (so a step that stops the job on it comes after the line).
 */
public final class SkippedSummary
    extends PTransform<PCollection<HudiSkippedInterval>, PCollection<HudiSkippedInterval>> {
  private static final long serialVersionUID = 1L;

  public static SkippedSummary print() {
    return new SkippedSummary();
  }

  /** The line of one skipped interval. */
  public static String format(HudiSkippedInterval skip) {
    return String.format(
        Locale.ROOT,
        "skipped interval [%s, %s) of sink %s: %d records, committed before by %s (a replay)",
        new Instant(skip.getWindowStartMillis()),
        new Instant(skip.getWindowEndMillis()),
        skip.getSinkId(),
        skip.getRecords(),
        skip.getCommittedBy().isEmpty()
            ? "an archived commit"
            : "instant " + skip.getCommittedBy());
  }

  @Override
  public PCollection<HudiSkippedInterval> expand(PCollection<HudiSkippedInterval> skipped) {
    return skipped.apply("Print", ParDo.of(new PrintFn())).setCoder(skipped.getCoder());
  }

  private static final class PrintFn extends DoFn<HudiSkippedInterval, HudiSkippedInterval> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element HudiSkippedInterval skip, OutputReceiver<HudiSkippedInterval> printed) {
      System.out.println(format(skip));
      printed.output(skip);
    }
  }
}
