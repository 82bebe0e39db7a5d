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
package io.hudibeam.examples;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Validation;

/**
 * The options of the table a command writes, shared by {@code trips} and {@code ingest}: where it
 * is, the operation, the table type and version, the index; and {@link #configure}, which applies
 * them (and the {@code --hoodie.*}/{@code --hadoop.*} settings) to a write.
 */
public interface TableOptions extends ProgressOptions, SettingsOptions {
  @Description("Base path of the table (local path or Hadoop file system URI); created if missing")
  @Validation.Required
  String getTable();

  void setTable(String value);

  @Description("insert, upsert, bulk_insert or delete")
  @Default.String("upsert")
  String getOperation();

  void setOperation(String value);

  @Description("Table type of a new table: COPY_ON_WRITE or MERGE_ON_READ")
  @Default.String("COPY_ON_WRITE")
  String getTableType();

  void setTableType(String value);

  @Description(
      "Table version of a new table: 6 (Hudi 0.14 and 0.15's format, which Hudi 1.x also reads) or"
          + " 8 (Hudi 1.x's format), for COPY_ON_WRITE and MERGE_ON_READ alike; an existing table"
          + " keeps its version")
  @Default.Integer(6)
  int getTableVersion();

  void setTableVersion(int value);

  @Description("Index type: SIMPLE, GLOBAL_SIMPLE, BLOOM or BUCKET; HudiIO's default when absent")
  String getIndex();

  void setIndex(String value);

  @Description(
      "With --index=BUCKET: buckets (file groups) per partition; HudiIO's default (256) when"
          + " absent. Every writer of a table must use the same count")
  Integer getBuckets();

  void setBuckets(Integer value);

  /** The table options parsed and checked, before anything is read or written. */
  record Choice(
      WriteOperation operation,
      TableType tableType,
      int tableVersion,
      IndexType index,
      Integer buckets) {}

  /** Parses and checks the table options; a wrong one is a {@link UsageException}. */
  static Choice parse(TableOptions options) {
    IndexType index =
        options.getIndex() == null
            ? null
            : Choices.parse("index", options.getIndex(), IndexType.class);
    if (options.getBuckets() != null) {
      if (index != IndexType.BUCKET) {
        throw new UsageException(
            "--buckets is the BUCKET index's bucket count: it needs --index=BUCKET, but --index"
                + " was "
                + options.getIndex());
      }
      if (options.getBuckets() <= 0) {
        throw new UsageException("--buckets must be > 0, but was " + options.getBuckets());
      }
    }
    return new Choice(
        Choices.parse("operation", options.getOperation(), WriteOperation.class),
        Choices.parse("tableType", options.getTableType(), TableType.class),
        Choices.tableVersion(options.getTableVersion()),
        index,
        options.getBuckets());
  }

  /**
   * {@code write} with the table's options: operation, table type and version, index and buckets,
   * and the {@code --hoodie.*} and {@code --hadoop.*} settings.
   */
  static <T> HudiIO.Write<T> configure(HudiIO.Write<T> write, TableOptions options) {
    Choice choice = parse(options);
    HudiIO.Write<T> configured =
        write
            .withOperation(choice.operation())
            .withTableType(choice.tableType())
            .withTableVersion(choice.tableVersion())
            .withHoodieProperties(options.getHoodieSettings())
            .withHadoopConfiguration(options.getHadoopSettings());
    if (choice.index() != null) {
      configured = configured.withIndex(choice.index());
    }
    if (choice.buckets() != null) {
      configured = configured.withBucketCount(choice.buckets());
    }
    return configured;
  }
}
