package io.hudibeam.write;

/**
 * How a bucket writes its file group: a new file group (INSERT), a new version of the base file
 * (UPDATE: merge, or concat for inserts), or a new log file of the latest file slice of a
 * merge-on-read table (APPEND).
 */
public enum BucketType {
  INSERT,
  UPDATE,
  APPEND
}
