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
package io.hudibeam.transforms.plan;

import io.hudibeam.write.IndexType;

/**
 * How a write routes its records to file groups, chosen once per write from the index, the table
 * type and whether the write is a stream ({@link #of}); "Profile workload" plans by it and the
 * pipeline's shape follows it ({@link #assignsInsertsAsTheyArrive}). A bulk insert is not routed:
 * it skips the index and the plan and writes new file groups per bundle.
 */
public enum Routing {
  /**
   * BUCKET index on a copy-on-write table: a record goes to its key's bucket, whose file group is
   * rewritten with the updates or created for the inserts (Hudi's {@code HoodieSimpleBucketIndex}).
   */
  BUCKETS,
  /**
   * BUCKET index on a merge-on-read table: updates and deletes to a new log file of the bucket's
   * file group, inserts into a bucket without a file group to a new base file.
   */
  BUCKETS_MERGE_ON_READ,
  /**
   * A copy-on-write table: updates to their file group, inserts into small files first, then new
   * file groups sized to the max file size (Hudi's {@code UpsertPartitioner}).
   */
  SMALL_FILES,
  /**
   * A merge-on-read table: updates and deletes to a new log file of their file group's latest
   * slice, inserts into small base files without log files first (which are rewritten), then new
   * file groups (Hudi's {@code SparkUpsertDeltaCommitPartitioner}).
   */
  SMALL_FILES_MERGE_ON_READ,
  /**
   * A streaming write to a copy-on-write table with an index that looks keys up: the interval's
   * plan routes the updates only, and {@link AssignInserts} routes inserts as they arrive into
   * small files and new file groups (Hudi's Flink {@code BucketAssignFunction}).
   */
  UPDATES_PLANNED_INSERTS_ASSIGNED;

  /**
   * The routing of a write. A streaming merge-on-read write plans its inserts with the interval's
   * updates, because a small file that takes inserts is rewritten with its updates, which go to a
   * log file otherwise: where a file group's updates go depends on the whole interval's inserts.
   * The BUCKET index routes every record by its key's hash (Hudi's Flink writer skips its assigner
   * there too).
   */
  public static Routing of(PlanSpec spec, boolean streaming) {
    if (spec.index() == IndexType.BUCKET) {
      return spec.mergeOnRead() ? BUCKETS_MERGE_ON_READ : BUCKETS;
    }
    if (spec.mergeOnRead()) {
      return SMALL_FILES_MERGE_ON_READ;
    }
    return streaming ? UPDATES_PLANNED_INSERTS_ASSIGNED : SMALL_FILES;
  }

  /** Whether inserts are routed by {@link AssignInserts} as they arrive, not by the plan. */
  public boolean assignsInsertsAsTheyArrive() {
    return this == UPDATES_PLANNED_INSERTS_ASSIGNED;
  }

  /** Whether the plan sizes new file groups by an estimate of the table's average record size. */
  boolean estimatesRecordSize() {
    return this == SMALL_FILES || this == SMALL_FILES_MERGE_ON_READ;
  }
}
