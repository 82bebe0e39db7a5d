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

import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.splittabledofn.OffsetRangeTracker;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Duration;
import org.joda.time.Instant;

/**
 * The trips records of indexes {@code [from, to)} as an unbounded stream of about {@code rate}
 * records per second (a splittable DoFn that emits a tenth of a second's worth, then resumes a
 * tenth of a second later). Record {@code i} has the event time {@link #eventTime}, derived from
 * its index and the rate only, so a rerun of the same command makes the same commit intervals; the
 * watermark follows the event time and reaches the end when the last record is out.
 */
@DoFn.UnboundedPerElement
final class TripsStream extends DoFn<KV<Long, Long>, Row> {
  private static final long serialVersionUID = 1L;
  static final Duration STEP = Duration.millis(100);
  private final long batch;
  private final long ratePerSecond;

  TripsStream(long batch, long ratePerSecond) {
    if (ratePerSecond <= 0) {
      throw new UsageException("--rate must be > 0 records per second, but was " + ratePerSecond);
    }
    this.batch = batch;
    this.ratePerSecond = ratePerSecond;
  }

  /** Record {@code i}'s event time: the batch's first ts, plus i / rate seconds. */
  static Instant eventTime(long batch, long i, long ratePerSecond) {
    return new Instant(1_700_000_000_000L + batch * 1_000_000_000L + i * 1000 / ratePerSecond);
  }

  @GetInitialRestriction
  public OffsetRange initialRestriction(@Element KV<Long, Long> range) {
    return new OffsetRange(range.getKey(), range.getValue());
  }

  @NewTracker
  public OffsetRangeTracker newTracker(@Restriction OffsetRange range) {
    return new OffsetRangeTracker(range);
  }

  @GetInitialWatermarkEstimatorState
  public Instant initialWatermark(@Element KV<Long, Long> range) {
    return eventTime(batch, range.getKey(), ratePerSecond).minus(Duration.millis(1));
  }

  @GetWatermarkEstimatorStateCoder
  public Coder<Instant> watermarkCoder() {
    return InstantCoder.of();
  }

  @NewWatermarkEstimator
  public WatermarkEstimators.Manual newWatermarkEstimator(@WatermarkEstimatorState Instant state) {
    return new WatermarkEstimators.Manual(state);
  }

  @ProcessElement
  public ProcessContinuation process(
      RestrictionTracker<OffsetRange, Long> tracker,
      ManualWatermarkEstimator<Instant> watermark,
      OutputReceiver<Row> out) {
    long perStep = Math.max(1, ratePerSecond * STEP.getMillis() / 1000);
    long i = tracker.currentRestriction().getFrom();
    for (long n = 0; n < perStep; n++, i++) {
      if (!tracker.tryClaim(i)) {
        return ProcessContinuation.stop();
      }
      Instant time = eventTime(batch, i, ratePerSecond);
      out.outputWithTimestamp(TripsRecords.row(batch, i), time);
      watermark.setWatermark(time);
    }
    return ProcessContinuation.resume().withResumeDelay(STEP);
  }
}
