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
package io.hudibeam.commit;

import java.util.Locale;

/**
 * What one commit interval of a streaming sink holds, as far as recognising a replay needs: the
 * number of records and an order-independent fingerprint of them (the sum, modulo 2^64, of each
 * record's {@link RecordFingerprints 64-bit hash}, mixed with the write operation). Sums are taken
 * per bundle and then per interval, so the value does not depend on how the runner cut the input. A
 * replay of the same stream (the same source records in the same event-time intervals, the same
 * operation) has the same content; another stream whose event times fall into the same intervals
 * almost surely has not (see {@link io.hudibeam.sink.SinkInstants}).
 *
 * @param records the number of records in the interval
 * @param fingerprint the sum of the records' hashes
 */
public record IntervalContent(long records, long fingerprint) {
  /** No records. */
  public static final IntervalContent EMPTY = new IntervalContent(0, 0);

  public IntervalContent {
    if (records < 0) {
      throw new IllegalArgumentException(
          "An interval's record count must be >= 0, but was " + records);
    }
  }

  /** One record of the given hash. */
  public static IntervalContent ofRecord(long hash) {
    return new IntervalContent(1, hash);
  }

  /** Both intervals' records together. */
  public IntervalContent plus(IntervalContent other) {
    return new IntervalContent(records + other.records, fingerprint + other.fingerprint);
  }

  /**
   * The content as a write of {@code operation} commits it: the fingerprint mixed with the
   * operation's name, so the same records written by another operation (a delete stream over an
   * insert stream's records) differ.
   */
  public IntervalContent forOperation(String operation) {
    return new IntervalContent(
        records, RecordFingerprints.mix(fingerprint ^ RecordFingerprints.hash(operation)));
  }

  /** The fingerprint as 16 hexadecimal digits, as the commit's extra metadata keeps it. */
  public String fingerprintHex() {
    return String.format(Locale.ROOT, "%016x", fingerprint);
  }

  /** Parses {@link #fingerprintHex()}. */
  public static long parseFingerprint(String hex) {
    return Long.parseUnsignedLong(hex, 16);
  }

  @Override
  public String toString() {
    return records + " records, fingerprint " + fingerprintHex();
  }
}
