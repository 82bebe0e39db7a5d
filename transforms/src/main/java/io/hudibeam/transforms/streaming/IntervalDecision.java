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

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Optional;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.joda.time.Instant;

/**
 * What the coordinator decided for one commit interval (window {@code [start, end)} of event time):
 * the instant started for it, or skip (a replay: the sink committed this interval, with the same
 * content, before).
 *
 * @param windowStart the interval's start, epoch milliseconds
 * @param windowEnd the interval's end (exclusive), epoch milliseconds
 * @param records the number of records in the interval
 * @param started the instant started for the interval; empty for a skip
 * @param replayOf for a skip, the instant that committed the interval (empty if it is archived)
 */
public record IntervalDecision(
    long windowStart,
    long windowEnd,
    long records,
    Optional<StartedInstant> started,
    Optional<String> replayOf) {

  public IntervalDecision {
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(replayOf, "replayOf");
  }

  public static IntervalDecision start(
      long windowStart, long windowEnd, long records, StartedInstant started) {
    return new IntervalDecision(
        windowStart, windowEnd, records, Optional.of(started), Optional.empty());
  }

  public static IntervalDecision skip(
      long windowStart, long windowEnd, long records, Optional<String> replayOf) {
    return new IntervalDecision(windowStart, windowEnd, records, Optional.empty(), replayOf);
  }

  public boolean isSkip() {
    return started.isEmpty();
  }

  @Override
  public String toString() {
    return "["
        + new Instant(windowStart)
        + ", "
        + new Instant(windowEnd)
        + ") "
        + records
        + " records "
        + started
            .map(s -> "START " + s.instantTime())
            .orElse("SKIP" + replayOf.map(t -> " (a replay of " + t + ")").orElse(""));
  }

  /**
   * Deterministic coder of a decision (the coordinator's output, read by the later stages as a side
   * input): window start and end, then the started instant if any.
   */
  public static final class IntervalDecisionCoder extends AtomicCoder<IntervalDecision> {
    private static final IntervalDecisionCoder INSTANCE = new IntervalDecisionCoder();

    public static IntervalDecisionCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(IntervalDecision value, OutputStream out) throws IOException {
      VarLongCoder.of().encode(value.windowStart(), out);
      VarLongCoder.of().encode(value.windowEnd(), out);
      VarLongCoder.of().encode(value.records(), out);
      BooleanCoder.of().encode(value.started().isPresent(), out);
      if (value.started().isPresent()) {
        StartedInstantCoder.of().encode(value.started().get(), out);
      } else {
        BooleanCoder.of().encode(value.replayOf().isPresent(), out);
        if (value.replayOf().isPresent()) {
          StringUtf8Coder.of().encode(value.replayOf().get(), out);
        }
      }
    }

    @Override
    public IntervalDecision decode(InputStream in) throws IOException {
      long start = VarLongCoder.of().decode(in);
      long end = VarLongCoder.of().decode(in);
      long records = VarLongCoder.of().decode(in);
      if (BooleanCoder.of().decode(in)) {
        return IntervalDecision.start(start, end, records, StartedInstantCoder.of().decode(in));
      }
      Optional<String> replayOf =
          BooleanCoder.of().decode(in)
              ? Optional.of(StringUtf8Coder.of().decode(in))
              : Optional.empty();
      return IntervalDecision.skip(start, end, records, replayOf);
    }

    @Override
    public void verifyDeterministic() {}
  }
}
