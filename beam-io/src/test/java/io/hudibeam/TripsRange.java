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

/**
 * Trips {@code [from, to)} as a test expects them in a snapshot: with the values of batch {@code
 * batch}, committed by instant {@code commitTime}. Named when made: {@code TripsRange.trips(0,
 * 200).ofBatch(0).committedAt(c1)} (see {@link HudiIOTesting#assertRows}).
 */
record TripsRange(long from, long to, long batch, String commitTime) {

  /** Trips {@code from} to {@code to - 1}. */
  static OfBatch trips(long from, long to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException(
          "trips range needs 0 <= from <= to, got [" + from + ", " + to + ")");
    }
    return batch -> commitTime -> new TripsRange(from, to, batch, commitTime);
  }

  /** The second step: the batch whose values the trips hold. */
  interface OfBatch {
    CommittedAt ofBatch(long batch);
  }

  /** The last step: the instant that wrote them. */
  interface CommittedAt {
    TripsRange committedAt(String commitTime);
  }
}
