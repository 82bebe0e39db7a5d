package io.hudibeam;

/**
 * Trips {@code [from, to)} as a test expects them in a snapshot: with the values of batch {@code
 * batch}, committed by instant {@code commitTime}. Named when made: {@code
 * TripsRange.trips(0, 200).ofBatch(0).committedAt(c1)} (see {@link HudiIOTesting#assertRows}).
 */
record TripsRange(long from, long to, long batch, String commitTime) {

  /** Trips {@code from} to {@code to - 1}. */
  static OfBatch trips(long from, long to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("trips range needs 0 <= from <= to, got [" + from + ", " + to + ")");
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
