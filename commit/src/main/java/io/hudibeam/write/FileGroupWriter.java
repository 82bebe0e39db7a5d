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
package io.hudibeam.write;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.WriteStat;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * Writes the file groups of one started instant (one attempt, one write token), each with the
 * handle its bucket needs, as Hudi's write client picks them: an append handle for a bucket of log
 * appends (merge-on-read), a create handle for a new file group, for an insert a concat handle
 * (stored records kept, incoming ones appended), else a merge handle with the given merge memory.
 * Made by {@link WriteTransaction#fileGroupWriter}.
 */
public final class FileGroupWriter {
  private final WriteContext context;
  private final WriteOperation operation;
  private final MergeMemory mergeMemory;
  private long spilledRecords;

  private FileGroupWriter(WriteContext context, WriteOperation operation, MergeMemory mergeMemory) {
    this.context = context;
    this.operation = operation;
    this.mergeMemory = mergeMemory;
  }

  static Builder builder(WriteContext.Builder context) {
    return new Builder(context);
  }

  /** Writes one file group's records with the handle its bucket needs; returns its write stat. */
  public WriteStat write(Bucket bucket, Iterable<TableRecord> records) {
    if (bucket.type() == BucketType.APPEND) {
      AppendHandle append = new AppendHandle(context, operation, mergeMemory);
      WriteStat stat = append.write(bucket.slice().get(), records);
      spilledRecords += append.spilledKeys();
      return stat;
    }
    if (bucket.baseFile().isEmpty()) {
      return new CreateHandle(context).write(bucket.fileGroupId(), records);
    }
    if (operation == WriteOperation.INSERT) {
      return new ConcatHandle(context, mergeMemory.spillFolder())
          .write(bucket.baseFile().get(), records);
    }
    MergeHandle merge = new MergeHandle(context, mergeMemory, operation);
    WriteStat stat = merge.write(bucket.baseFile().get(), records);
    spilledRecords += merge.spilledRecords();
    return stat;
  }

  /**
   * Incoming records this writer's merges spilled to local disk (over their memory budget), and
   * record keys its append handles spilled, so far.
   */
  public long spilledRecords() {
    return spilledRecords;
  }

  /** Builder of a {@link FileGroupWriter}: schema, ordering field and write token are required. */
  public static final class Builder {
    private final WriteContext.Builder context;
    private WriteOperation operation = WriteOperation.UPSERT;
    private MergeMemory mergeMemory = MergeMemory.defaults();
    private ParquetSettings parquet = ParquetSettings.defaults();

    private Builder(WriteContext.Builder context) {
      this.context = context;
    }

    /** The write schema (without meta fields). */
    public Builder schema(Schema schema) {
      context.schema(schema);
      return this;
    }

    public Builder orderingField(OrderingField orderingField) {
      context.orderingField(orderingField);
      return this;
    }

    /** The attempt's write token; a retried attempt needs a new one. */
    public Builder writeToken(WriteToken writeToken) {
      context.writeToken(writeToken);
      return this;
    }

    /** Parquet settings of new base files; Hudi's defaults unless given. */
    public Builder parquet(ParquetSettings parquet) {
      this.parquet = Objects.requireNonNull(parquet, "parquet");
      return this;
    }

    /**
     * The write's operation: an {@link WriteOperation#INSERT} keeps stored records (concat); UPSERT
     * unless given.
     */
    public Builder operation(WriteOperation operation) {
      this.operation = Objects.requireNonNull(operation, "operation");
      return this;
    }

    /**
     * Encoded bytes at which an append handle cuts a log data block ({@code
     * hoodie.logfile.data.block.max.size}); Hudi's default (256 MiB) unless given.
     */
    public Builder logBlockMaxBytes(long logBlockMaxBytes) {
      context.logBlockMaxBytes(logBlockMaxBytes);
      return this;
    }

    /**
     * The merge and append handles' memory budget ({@code hoodie.memory.merge.max.size}); Hudi's
     * default unless given.
     */
    public Builder mergeMemory(MergeMemory mergeMemory) {
      this.mergeMemory = Objects.requireNonNull(mergeMemory, "mergeMemory");
      return this;
    }

    public FileGroupWriter build() {
      return new FileGroupWriter(context.parquet(parquet).build(), operation, mergeMemory);
    }
  }
}
