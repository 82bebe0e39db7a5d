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

import com.google.auto.value.AutoValue;
import io.hudibeam.transforms.records.PrepareRecords;
import io.hudibeam.transforms.write.BulkInsertFiles;
import io.hudibeam.transforms.write.WriteCounters;
import io.hudibeam.transforms.write.WriteFileGroups;
import java.util.List;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricResults;
import org.apache.beam.sdk.metrics.MetricsFilter;

/**
 * How far the HudiIO writes of a pipeline have got, summed from the Beam counters their stages
 * report: read it from a running or finished pipeline with {@code
 * HudiWriteProgress.of(pipelineResult.metrics())}. The values are the runner's attempted metrics
 * (retried bundles may count twice until they are discarded), summed over every HudiIO write of the
 * pipeline and over its steps.
 *
 * <p>The counters, each in the namespace of the stage that reports it (the stage's class name), so
 * a runner's UI shows them per step:
 *
 * <ul>
 *   <li>{@code io.hudibeam.transforms.records.PrepareRecords}: {@value #RECORDS_PREPARED} (records
 *       that got their key and partition path), {@code failedRecords}.
 *   <li>{@code io.hudibeam.transforms.write.WriteFileGroups} (the upsert, insert and delete writer:
 *       one writer per file group) and {@code io.hudibeam.transforms.write.BulkInsertFiles} (the
 *       bulk insert writer), and {@code io.hudibeam.transforms.compact.CompactTable} for {@link
 *       HudiIO#compact()}: {@code filesWritten}, {@code recordsWritten} (rows in the files written,
 *       Hudi's {@code numWrites}: a merge counts the stored rows it rewrote), {@code bytesWritten},
 *       {@code recordsInserted}, {@code recordsUpdated}, {@code recordsDeleted} (the incoming
 *       records applied, the counts of {@link HudiCommitInfo}).
 *   <li>{@code io.hudibeam.transforms.index.TagLocations} (the index lookup), {@code
 *       io.hudibeam.transforms.instant.StartInstant} and {@code
 *       io.hudibeam.transforms.commit.CommitInstant}: instants started and committed, commit time.
 * </ul>
 *
 * <p>A runner updates the counters when a bundle finishes: on the DirectRunner per bundle, on
 * Flink's batch translation when a task's partition is done, so the written counts move in steps of
 * whole file groups or files, not record by record.
 */
@AutoValue
public abstract class HudiWriteProgress {
  /** The counter of records prepared for the write (key and partition path generated). */
  public static final String RECORDS_PREPARED = "records";

  private static final List<Class<?>> WRITE_STAGES =
      List.of(WriteFileGroups.class, BulkInsertFiles.class);

  /** Records that got their key and partition path (the write's input, failed records excluded). */
  public abstract long getRecordsPrepared();

  /** Incoming records inserted into data files so far. */
  public abstract long getRecordsInserted();

  /** Incoming records that updated a stored record so far. */
  public abstract long getRecordsUpdated();

  /** Incoming deletes applied so far. */
  public abstract long getRecordsDeleted();

  /**
   * Rows in the files written so far (Hudi's {@code numWrites}; includes stored rows a merge
   * rewrote).
   */
  public abstract long getRecordsWritten();

  /** Data files (base or log files) written so far. */
  public abstract long getFilesWritten();

  /** Bytes of the data files written so far. */
  public abstract long getBytesWritten();

  /** Inserted + updated + deleted: the incoming records applied to the table so far. */
  public long getRecordsApplied() {
    return getRecordsInserted() + getRecordsUpdated() + getRecordsDeleted();
  }

  /** The progress the pipeline's metrics show now (attempted values). */
  public static HudiWriteProgress of(MetricResults metrics) {
    MetricsFilter.Builder filter =
        MetricsFilter.builder()
            .addNameFilter(MetricNameFilter.named(PrepareRecords.class, RECORDS_PREPARED));
    for (Class<?> stage : WRITE_STAGES) {
      for (String name :
          List.of(
              WriteCounters.RECORDS_INSERTED,
              WriteCounters.RECORDS_UPDATED,
              WriteCounters.RECORDS_DELETED,
              WriteCounters.RECORDS_WRITTEN,
              WriteCounters.FILES_WRITTEN,
              WriteCounters.BYTES_WRITTEN)) {
        filter.addNameFilter(MetricNameFilter.named(stage, name));
      }
    }
    MetricQueryResults results = metrics.queryMetrics(filter.build());
    return new AutoValue_HudiWriteProgress(
        sum(results, RECORDS_PREPARED),
        sum(results, WriteCounters.RECORDS_INSERTED),
        sum(results, WriteCounters.RECORDS_UPDATED),
        sum(results, WriteCounters.RECORDS_DELETED),
        sum(results, WriteCounters.RECORDS_WRITTEN),
        sum(results, WriteCounters.FILES_WRITTEN),
        sum(results, WriteCounters.BYTES_WRITTEN));
  }

  private static long sum(MetricQueryResults results, String name) {
    long total = 0;
    for (MetricResult<Long> counter : results.getCounters()) {
      if (counter.getName().getName().equals(name)) {
        Long attempted = counter.getAttempted();
        total += attempted == null ? 0 : attempted;
      }
    }
    return total;
  }
}
