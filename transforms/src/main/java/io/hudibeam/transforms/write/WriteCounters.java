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
package io.hudibeam.transforms.write;

import io.hudibeam.metadata.WriteStat;
import java.io.Serializable;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;

/**
 * The Beam counters a file-writing stage reports, in the stage's own namespace (its class), one
 * increment per write stat: {@value #FILES_WRITTEN}, {@value #RECORDS_WRITTEN} (the rows in the
 * written files, Hudi's {@code numWrites}: a merge counts the stored rows it rewrote too), {@value
 * #BYTES_WRITTEN}, and the incoming records applied, {@value #RECORDS_INSERTED}, {@value
 * #RECORDS_UPDATED} and {@value #RECORDS_DELETED} (the counts of the commit summary). A runner
 * shows them per step; {@code io.hudibeam.HudiWriteProgress} sums them over the stages.
 */
public final class WriteCounters implements Serializable {
  private static final long serialVersionUID = 1L;

  public static final String FILES_WRITTEN = "filesWritten";
  public static final String RECORDS_WRITTEN = "recordsWritten";
  public static final String BYTES_WRITTEN = "bytesWritten";
  public static final String RECORDS_INSERTED = "recordsInserted";
  public static final String RECORDS_UPDATED = "recordsUpdated";
  public static final String RECORDS_DELETED = "recordsDeleted";

  private final Counter files;
  private final Counter records;
  private final Counter bytes;
  private final Counter inserted;
  private final Counter updated;
  private final Counter deleted;

  private WriteCounters(Class<?> stage) {
    this.files = Metrics.counter(stage, FILES_WRITTEN);
    this.records = Metrics.counter(stage, RECORDS_WRITTEN);
    this.bytes = Metrics.counter(stage, BYTES_WRITTEN);
    this.inserted = Metrics.counter(stage, RECORDS_INSERTED);
    this.updated = Metrics.counter(stage, RECORDS_UPDATED);
    this.deleted = Metrics.counter(stage, RECORDS_DELETED);
  }

  /** The counters of the stage {@code stage} (the namespace). */
  public static WriteCounters of(Class<?> stage) {
    return new WriteCounters(stage);
  }

  /** Counts one written file. */
  public void count(WriteStat stat) {
    files.inc();
    records.inc(stat.numWrites());
    bytes.inc(stat.totalWriteBytes());
    inserted.inc(stat.numInserts());
    updated.inc(stat.numUpdateWrites());
    deleted.inc(stat.numDeletes());
  }
}
