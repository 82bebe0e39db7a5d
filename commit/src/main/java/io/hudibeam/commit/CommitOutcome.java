package io.hudibeam.commit;

/** What the commit step did with an instant. */
public enum CommitOutcome {
  /** The instant is now completed. */
  COMMITTED,
  /** The instant was already completed (a retried commit step); nothing was written. */
  ALREADY_COMMITTED,
  /**
   * A streaming sink's interval that a completed commit of the same sink already covers (a replayed
   * interval): the instant was rolled back and nothing was committed. See {@link SinkLineage}.
   */
  REPLAY_SKIPPED
}
