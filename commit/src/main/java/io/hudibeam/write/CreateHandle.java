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

/**
 * Writes the first base file of a new file group (Hudi's create handle): every upsert routed to it;
 * deletes of keys the table does not have are ignored. Marker first, then the file.
 */
public final class CreateHandle {
  private final WriteContext context;

  public CreateHandle(WriteContext context) {
    this.context = context;
  }

  public WriteStat write(FileGroupId fileGroup, Iterable<TableRecord> records) {
    BaseFileWriter writer = context.openBaseFile(fileGroup, IOType.CREATE);
    long inserts;
    long startNanos = System.nanoTime();
    try {
      inserts = context.writeInserts(writer, records);
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    BaseFileResult result = writer.close();
    return WriteContext.statOf(fileGroup, result, WriteStat.NULL_COMMIT)
        .numInserts(inserts)
        .runtimeStats(
            new WriteStat.RuntimeStats(0, 0, (System.nanoTime() - startNanos) / 1_000_000))
        .build();
  }
}
