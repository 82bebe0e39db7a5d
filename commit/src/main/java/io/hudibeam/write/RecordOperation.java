package io.hudibeam.write;

/** What a record asks of the table. */
public enum RecordOperation {
  /** Insert the record, or replace the stored record with the same key. */
  UPSERT,
  /** Delete the stored record with the same key. */
  DELETE
}
