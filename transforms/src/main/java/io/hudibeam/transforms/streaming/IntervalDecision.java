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
import org.apache.beam.sdk.coders.VarLongCoder;
import org.joda.time.Instant;

/**
 * What the coordinator decided for one commit interval (window {@code [start, end)} of event time):
 * the instant started for it, or skip (the sink already committed through its end: a replay).
 *
 * @param windowStart the interval's start, epoch milliseconds
 * @param windowEnd the interval's end (exclusive), epoch milliseconds
 * @param started the instant started for the interval; empty for a skip
 */
public record IntervalDecision(long windowStart, long windowEnd, Optional<StartedInstant> started) {

  public IntervalDecision {
    Objects.requireNonNull(started, "started");
  }

  public static IntervalDecision start(long windowStart, long windowEnd, StartedInstant started) {
    return new IntervalDecision(windowStart, windowEnd, Optional.of(started));
  }

  public static IntervalDecision skip(long windowStart, long windowEnd) {
    return new IntervalDecision(windowStart, windowEnd, Optional.empty());
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
        + started.map(s -> "START " + s.instantTime()).orElse("SKIP");
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
      BooleanCoder.of().encode(value.started().isPresent(), out);
      if (value.started().isPresent()) {
        StartedInstantCoder.of().encode(value.started().get(), out);
      }
    }

    @Override
    public IntervalDecision decode(InputStream in) throws IOException {
      long start = VarLongCoder.of().decode(in);
      long end = VarLongCoder.of().decode(in);
      return BooleanCoder.of().decode(in)
          ? IntervalDecision.start(start, end, StartedInstantCoder.of().decode(in))
          : IntervalDecision.skip(start, end);
    }

    @Override
    public void verifyDeterministic() {}
  }
}
