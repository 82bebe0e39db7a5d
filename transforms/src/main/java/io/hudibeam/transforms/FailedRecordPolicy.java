package io.hudibeam.transforms;

/** What happens to a record that cannot be written (no record key, a missing field, ...). */
public enum FailedRecordPolicy {
  /** Fail the pipeline before anything is committed (the default). */
  FAIL,
  /** Send the record to the failed-records output with the reason, and write the others. */
  OUTPUT
}
