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
import io.hudibeam.basefile.RowGroupCarryOver;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.schema.RecordRewriter;
import java.io.File;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes a new version of an existing file group for an insert (Hudi's {@code HoodieConcatHandle},
 * which Hudi's copy-on-write insert uses for inserts routed to a small file while {@code
 * hoodie.merge.allow.duplicate.on.inserts} is true, its default): every stored record is carried
 * over unchanged, then every incoming record is appended, even when its key is already stored or
 * repeats within the batch. Insert does not look keys up, so it keeps duplicates as Hudi does.
 * Marker first, then the file. The stored records are carried over as Parquet row groups, without
 * decoding them, when {@link RowGroupCarryOver} can (same Parquet schema, row groups neither too
 * many nor too small).
 */
public final class ConcatHandle {
  private final WriteContext context;
  private final File scratchFolder;

  /** A concat handle whose row-group carry-overs hold the new records in the JVM's temp folder. */
  public ConcatHandle(WriteContext context) {
    this(context, MergeMemory.defaults().spillFolder());
  }

  /**
   * A concat handle whose row-group carry-overs ({@link RowGroupCarryOver}) hold the new records in
   * {@code scratchFolder} until they are copied into the new base file.
   */
  public ConcatHandle(WriteContext context, File scratchFolder) {
    this.context = context;
    this.scratchFolder = Objects.requireNonNull(scratchFolder, "scratchFolder");
  }

  public WriteStat write(BaseFile current, Iterable<TableRecord> records) {
    FileGroupId fileGroup = current.fileGroupId();
    long startNanos = System.nanoTime();
    long[] inserts = {0};
    Optional<RowGroupCarryOver> carryOver = context.carryOver(current);
    BaseFileResult result;
    if (carryOver.isPresent()) {
      result =
          context.writeCarriedOver(
              fileGroup,
              carryOver.get(),
              scratchFolder,
              writer -> inserts[0] = context.writeInserts(writer, records));
    } else {
      BaseFileWriter writer = context.openBaseFile(fileGroup, IOType.MERGE);
      try {
        RecordRewriter rewriter = new RecordRewriter(writer.schema());
        context.forEachStoredRecord(
            fileGroup, context.pathOf(current), stored -> writer.write(rewriter.rewrite(stored)));
        inserts[0] = context.writeInserts(writer, records);
      } catch (RuntimeException e) {
        writer.abort();
        throw e;
      }
      result = writer.close();
    }
    return WriteContext.statOf(fileGroup, result, current.name().instantTime().value())
        .numInserts(inserts[0])
        .runtimeStats(WriteContext.upsertTimeSince(startNanos))
        .build();
  }
}
