package io.hudibeam.timeline;

/** The state of an instant; a later state wins over an earlier one of the same instant. */
public enum State {
  REQUESTED,
  INFLIGHT,
  COMPLETED
}
