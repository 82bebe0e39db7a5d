package io.hudibeam.commit;

/** What the commit step did with an instant. */
public enum CommitOutcome {
  /** The instant is now completed. */
  COMMITTED,
  /** The instant was already completed (a retried commit step); nothing was written. */
  ALREADY_COMMITTED
}
