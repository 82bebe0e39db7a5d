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
