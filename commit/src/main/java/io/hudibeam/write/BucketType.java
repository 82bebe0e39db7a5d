package io.hudibeam.write;

/** Whether a bucket creates a new file group or writes a new version of an existing one. */
public enum BucketType {
  INSERT,
  UPDATE
}
