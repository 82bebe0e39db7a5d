package io.hudibeam;

import java.io.Serializable;

/**
 * The counts a test expects of one committed instant, named instead of positional: {@code
 * ExpectedCommit.upsert().inserted(1).updated(4).files(5)}; counts not named are zero. Checked
 * against the write's result ({@link HudiIOTesting#committed}) and Hudi's commit metadata ({@link
 * HudiIOTesting#assertCommitCounts}).
 */
record ExpectedCommit(String operation, long inserted, long updated, long deleted, long files)
    implements Serializable {

  static ExpectedCommit insert() {
    return of("INSERT");
  }

  static ExpectedCommit upsert() {
    return of("UPSERT");
  }

  static ExpectedCommit bulkInsert() {
    return of("BULK_INSERT");
  }

  static ExpectedCommit delete() {
    return of("DELETE");
  }

  /** Hudi's name of the operation, as commit metadata and the write's result give it. */
  static ExpectedCommit of(String operation) {
    return new ExpectedCommit(operation, 0, 0, 0, 0);
  }

  ExpectedCommit inserted(long records) {
    return new ExpectedCommit(operation, records, updated, deleted, files);
  }

  ExpectedCommit updated(long records) {
    return new ExpectedCommit(operation, inserted, records, deleted, files);
  }

  ExpectedCommit deleted(long records) {
    return new ExpectedCommit(operation, inserted, updated, records, files);
  }

  /** Files written (write stats). */
  ExpectedCommit files(long written) {
    return new ExpectedCommit(operation, inserted, updated, deleted, written);
  }
}
