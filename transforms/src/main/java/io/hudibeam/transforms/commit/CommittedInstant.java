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
package io.hudibeam.transforms.commit;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.transforms.TableId;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;

/**
 * What one commit wrote: instant, operation, record counts, files and bytes, and of those the log
 * files of a merge-on-read deltacommit with their blocks and records (0 for base files only).
 *
 * @param table the table the instant is of (the table services after the commit run on it)
 * @param tableName the table's name ({@code hoodie.table.name})
 * @param instantTime the instant's time
 * @param operation Hudi's operation type name, e.g. {@code UPSERT}
 * @param outcome whether this run committed the instant or found it already committed
 * @param recordsInserted records new to the table
 * @param recordsUpdated records that replaced a stored version
 * @param recordsDeleted records deleted
 * @param filesWritten files written, base and log files
 * @param bytesWritten bytes written
 * @param logFilesWritten log files written (merge-on-read updates and deletes), included in {@code
 *     filesWritten}
 * @param logBlocksWritten blocks in those log files: Avro data blocks and delete blocks
 * @param logRecordsWritten records in those log files: upserted records and deletes
 * @param timelineTimezone the zone of the table's instant times, with which the table services
 *     after the commit mint theirs
 */
public record CommittedInstant(
    TableId table,
    String tableName,
    String instantTime,
    String operation,
    CommitOutcome outcome,
    long recordsInserted,
    long recordsUpdated,
    long recordsDeleted,
    long filesWritten,
    long bytesWritten,
    long logFilesWritten,
    long logBlocksWritten,
    long logRecordsWritten,
    TimelineTimezone timelineTimezone) {

  public CommittedInstant {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(tableName, "tableName");
    Objects.requireNonNull(timelineTimezone, "timelineTimezone");
    Objects.requireNonNull(instantTime, "instantTime");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(outcome, "outcome");
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public String toString() {
    return String.format(
        "instant %s %s %s: %d inserted, %d updated, %d deleted, %d files, %d bytes"
            + " (%d log files, %d log blocks, %d log records)",
        instantTime,
        operation,
        outcome,
        recordsInserted,
        recordsUpdated,
        recordsDeleted,
        filesWritten,
        bytesWritten,
        logFilesWritten,
        logBlocksWritten,
        logRecordsWritten);
  }

  /** Builds a {@link CommittedInstant}. */
  public static final class Builder {
    private TableId table;
    private String tableName;
    private String instantTime;
    private String operation;
    private CommitOutcome outcome = CommitOutcome.COMMITTED;
    private long recordsInserted;
    private long recordsUpdated;
    private long recordsDeleted;
    private long filesWritten;
    private long bytesWritten;
    private long logFilesWritten;
    private long logBlocksWritten;
    private long logRecordsWritten;
    private TimelineTimezone timelineTimezone = TimelineTimezone.LOCAL;

    public Builder table(TableId v) {
      this.table = v;
      return this;
    }

    public Builder tableName(String v) {
      this.tableName = v;
      return this;
    }

    public Builder instantTime(String v) {
      this.instantTime = v;
      return this;
    }

    public Builder operation(String v) {
      this.operation = v;
      return this;
    }

    public Builder outcome(CommitOutcome v) {
      this.outcome = v;
      return this;
    }

    public Builder recordsInserted(long v) {
      this.recordsInserted = v;
      return this;
    }

    public Builder recordsUpdated(long v) {
      this.recordsUpdated = v;
      return this;
    }

    public Builder recordsDeleted(long v) {
      this.recordsDeleted = v;
      return this;
    }

    public Builder filesWritten(long v) {
      this.filesWritten = v;
      return this;
    }

    public Builder bytesWritten(long v) {
      this.bytesWritten = v;
      return this;
    }

    public Builder logFilesWritten(long v) {
      this.logFilesWritten = v;
      return this;
    }

    public Builder logBlocksWritten(long v) {
      this.logBlocksWritten = v;
      return this;
    }

    public Builder logRecordsWritten(long v) {
      this.logRecordsWritten = v;
      return this;
    }

    public Builder timelineTimezone(TimelineTimezone v) {
      this.timelineTimezone = v;
      return this;
    }

    public CommittedInstant build() {
      return new CommittedInstant(
          table,
          tableName,
          instantTime,
          operation,
          outcome,
          recordsInserted,
          recordsUpdated,
          recordsDeleted,
          filesWritten,
          bytesWritten,
          logFilesWritten,
          logBlocksWritten,
          logRecordsWritten,
          timelineTimezone);
    }
  }

  /** Deterministic coder. */
  public static final class CommittedInstantCoder extends AtomicCoder<CommittedInstant> {
    private static final CommittedInstantCoder INSTANCE = new CommittedInstantCoder();

    public static CommittedInstantCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(CommittedInstant v, OutputStream out) throws IOException {
      StringUtf8Coder.of().encode(v.table.basePath(), out);
      StringUtf8Coder.of().encode(v.tableName, out);
      StringUtf8Coder.of().encode(v.instantTime, out);
      StringUtf8Coder.of().encode(v.operation, out);
      StringUtf8Coder.of().encode(v.outcome.name(), out);
      for (long n :
          new long[] {
            v.recordsInserted,
            v.recordsUpdated,
            v.recordsDeleted,
            v.filesWritten,
            v.bytesWritten,
            v.logFilesWritten,
            v.logBlocksWritten,
            v.logRecordsWritten
          }) {
        VarLongCoder.of().encode(n, out);
      }
      StringUtf8Coder.of().encode(v.timelineTimezone.name(), out);
    }

    @Override
    public CommittedInstant decode(InputStream in) throws IOException {
      return builder()
          .table(new TableId(StringUtf8Coder.of().decode(in)))
          .tableName(StringUtf8Coder.of().decode(in))
          .instantTime(StringUtf8Coder.of().decode(in))
          .operation(StringUtf8Coder.of().decode(in))
          .outcome(CommitOutcome.valueOf(StringUtf8Coder.of().decode(in)))
          .recordsInserted(VarLongCoder.of().decode(in))
          .recordsUpdated(VarLongCoder.of().decode(in))
          .recordsDeleted(VarLongCoder.of().decode(in))
          .filesWritten(VarLongCoder.of().decode(in))
          .bytesWritten(VarLongCoder.of().decode(in))
          .logFilesWritten(VarLongCoder.of().decode(in))
          .logBlocksWritten(VarLongCoder.of().decode(in))
          .logRecordsWritten(VarLongCoder.of().decode(in))
          .timelineTimezone(TimelineTimezone.valueOf(StringUtf8Coder.of().decode(in)))
          .build();
    }

    @Override
    public void verifyDeterministic() {}
  }
}
