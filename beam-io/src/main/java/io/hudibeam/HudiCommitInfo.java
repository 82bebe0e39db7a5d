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
import io.hudibeam.transforms.commit.CommittedInstant;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaCaseFormat;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldNumber;
import org.apache.beam.vendor.guava.v32_1_2_jre.com.google.common.base.CaseFormat;

/**
 * One instant a write committed, with its counts: an element of {@link
 * HudiWriteResult#getCommittedInstants()}. Immutable, with a Beam schema (field names in
 * snake_case, as IcebergIO's {@code SnapshotInfo}), so it can be selected, converted or queried
 * with Beam SQL, and it is the row the {@code hudi_write} schema transform outputs.
 */
@DefaultSchema(AutoValueSchema.class)
@SchemaCaseFormat(CaseFormat.LOWER_UNDERSCORE)
@AutoValue
public abstract class HudiCommitInfo {
  @SchemaFieldNumber("0")
  @SchemaFieldDescription("The instant time, yyyyMMddHHmmssSSS, as on the table's timeline.")
  public abstract String getInstantTime();

  @SchemaFieldNumber("1")
  @SchemaFieldDescription(
      "Hudi's operation type name of the commit, e.g. UPSERT, INSERT, BULK_INSERT, DELETE.")
  public abstract String getOperation();

  @SchemaFieldNumber("2")
  @SchemaFieldDescription(
      "COMMITTED when this write completed the instant; ALREADY_COMMITTED when a retried commit"
          + " step found it completed already.")
  public abstract String getOutcome();

  @SchemaFieldNumber("3")
  @SchemaFieldDescription("Records inserted (numInserts of the commit's write stats).")
  public abstract long getRecordsInserted();

  @SchemaFieldNumber("4")
  @SchemaFieldDescription("Records updated (numUpdateWrites).")
  public abstract long getRecordsUpdated();

  @SchemaFieldNumber("5")
  @SchemaFieldDescription("Records deleted (numDeletes).")
  public abstract long getRecordsDeleted();

  @SchemaFieldNumber("6")
  @SchemaFieldDescription(
      "Files written (write stats of the commit): base files and, on MERGE_ON_READ, log files.")
  public abstract long getFilesWritten();

  @SchemaFieldNumber("7")
  @SchemaFieldDescription("Bytes written in those files.")
  public abstract long getBytesWritten();

  @SchemaFieldNumber("8")
  @SchemaFieldDescription(
      "Log files written (MERGE_ON_READ updates and deletes), counted in files_written too; 0 for"
          + " base files only.")
  public abstract long getLogFilesWritten();

  @SchemaFieldNumber("9")
  @SchemaFieldDescription("Blocks in those log files: Avro data blocks and delete blocks.")
  public abstract long getLogBlocksWritten();

  @SchemaFieldNumber("10")
  @SchemaFieldDescription("Records in those log files: updated records and deletes.")
  public abstract long getLogRecordsWritten();

  @SchemaFieldNumber("11")
  @SchemaFieldDescription(
      "The base path of the table the instant is of (HudiIO.writeTables() commits to several).")
  public abstract String getBasePath();

  @SchemaFieldNumber("12")
  @SchemaFieldDescription("The name of that table (hoodie.table.name).")
  public abstract String getTableName();

  /**
   * A builder with the log counts 0 (a commit of base files only) and an empty base path and table
   * name.
   */
  public static Builder builder() {
    return new AutoValue_HudiCommitInfo.Builder()
        .setBasePath("")
        .setTableName("")
        .setLogFilesWritten(0)
        .setLogBlocksWritten(0)
        .setLogRecordsWritten(0);
  }

  /** The public form of the commit stage's internal result. */
  static HudiCommitInfo of(CommittedInstant c) {
    return builder()
        .setInstantTime(c.instantTime())
        .setOperation(c.operation())
        .setOutcome(c.outcome().name())
        .setRecordsInserted(c.recordsInserted())
        .setRecordsUpdated(c.recordsUpdated())
        .setRecordsDeleted(c.recordsDeleted())
        .setFilesWritten(c.filesWritten())
        .setBytesWritten(c.bytesWritten())
        .setLogFilesWritten(c.logFilesWritten())
        .setLogBlocksWritten(c.logBlocksWritten())
        .setLogRecordsWritten(c.logRecordsWritten())
        .setBasePath(c.table().basePath())
        .setTableName(c.tableName())
        .build();
  }

  /** Builds a {@link HudiCommitInfo} (used by the schema inference and by tests). */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setInstantTime(String instantTime);

    public abstract Builder setOperation(String operation);

    public abstract Builder setOutcome(String outcome);

    public abstract Builder setRecordsInserted(long n);

    public abstract Builder setRecordsUpdated(long n);

    public abstract Builder setRecordsDeleted(long n);

    public abstract Builder setFilesWritten(long n);

    public abstract Builder setBytesWritten(long n);

    public abstract Builder setLogFilesWritten(long n);

    public abstract Builder setLogBlocksWritten(long n);

    public abstract Builder setLogRecordsWritten(long n);

    public abstract Builder setBasePath(String basePath);

    public abstract Builder setTableName(String tableName);

    public abstract HudiCommitInfo build();
  }
}
