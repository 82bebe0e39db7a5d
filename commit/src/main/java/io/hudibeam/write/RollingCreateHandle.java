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

import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.metadata.WriteStat;
import java.util.List;
import java.util.function.Function;

/**
 * Writes new file groups of one partition from a stream of records (bulk insert): one open base
 * file at a time, rolling over to a new file group when the file reaches the max file size.
 */
public final class RollingCreateHandle {
  private final WriteContext context;
  private final String partitionPath;
  private final Function<String, FileGroupId> newFileGroup;
  private FileGroupId current;
  private BaseFileWriter writer;
  private long startNanos;

  public RollingCreateHandle(
      WriteContext context, String partitionPath, Function<String, FileGroupId> newFileGroup) {
    this.context = context;
    this.partitionPath = partitionPath;
    this.newFileGroup = newFileGroup;
  }

  /** Writes one record; returns the stat of a file it closed to roll over, if any. */
  public List<WriteStat> write(TableRecord record) {
    List<WriteStat> closed = List.of();
    if (writer != null && !writer.canWrite()) {
      closed = close();
    }
    if (writer == null) {
      open();
    }
    try {
      writer.write(
          context.instant().value(),
          record.recordKey(),
          partitionPath,
          context.toWriteSchema(record.data().orElseThrow()));
    } catch (RuntimeException e) {
      writer.abort();
      writer = null;
      throw e;
    }
    return closed;
  }

  private void open() {
    current = newFileGroup.apply(partitionPath);
    writer = context.openBaseFile(current, IOType.CREATE);
    startNanos = System.nanoTime();
  }

  /**
   * Abandons the open file, if any, after a failure: closes its writer and deletes the partial file
   * (its marker stays, so the commit or a rollback deletes it if this fails).
   */
  public void abort() {
    if (writer == null) {
      return;
    }
    BaseFileWriter failed = writer;
    writer = null;
    failed.abort();
  }

  /** Closes the open file, if any, and returns its stat. */
  public List<WriteStat> close() {
    if (writer == null) {
      return List.of();
    }
    BaseFileResult result = writer.close();
    writer = null;
    return List.of(
        WriteContext.statOf(current, result, WriteStat.NULL_COMMIT)
            .numInserts(result.recordCount())
            .runtimeStats(
                new WriteStat.RuntimeStats(0, 0, (System.nanoTime() - startNanos) / 1_000_000))
            .build());
  }
}
