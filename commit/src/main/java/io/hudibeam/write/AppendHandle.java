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

import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.LogFileName;
import io.hudibeam.log.AvroDataBlockBuilder;
import io.hudibeam.log.DeleteRecord;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogFileResult;
import io.hudibeam.log.LogFileWriter;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableVersion;
import io.hudibeam.timeline.InstantTime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;

/**
 * Writes the updates and deletes of one file group of a merge-on-read table into a NEW log file of
 * its latest file slice (Hudi's {@code HoodieAppendHandle}, except that it never appends to an
 * existing log file: the file is named with the slice's base instant (table version 6) or the
 * deltacommit's own instant (version 8, as Hudi 1.0 names it), the next log version and this
 * attempt's write token, so a retried attempt writes its own file and the commit deletes the
 * other). The file holds Avro data blocks of the upserted records (with their five meta fields;
 * {@code _hoodie_file_name} is the file id, as Hudi's log records have it) and, when there are
 * deletes, a delete block after them. As Hudi's {@code HoodieAppendHandle.flushToDiskIfRequired}
 * does, a data block is written once it holds {@code hoodie.logfile.data.block.max.size} (the
 * records' encoded bytes, measured as they are added, where Hudi estimates them from a sample), so
 * the handle holds at most one block of records (plus the one that crossed the size). The keys
 * written, kept only to refuse a key that reaches the file group twice in the instant, are held in
 * a {@link SpillableRecordMap} of keys without data within the merge budget ({@link MergeMemory},
 * {@code hoodie.memory.merge.max.size}), spilled to local disk beyond it (24 to 48 bytes a key stay
 * on the heap). The deletes are held until the end and written as one delete block after the data
 * blocks; once their estimated heap size ({@link #DELETE_OVERHEAD_BYTES} and two bytes a key
 * character each) reaches the merge budget, the deletes held so far are written as a delete block
 * at once, so a log file may then hold several delete blocks (Hudi's {@code HoodieAppendHandle}
 * holds all its deletes for one delete block at the end; Hudi's log record readers process every
 * delete block of a log file, docs/format.md). Marker first (APPEND, or CREATE in version 8), then
 * the file, created when its first block is ready. The write stat is Hudi's {@code
 * HoodieDeltaWriteStat} ({@code totalLogBlocks} the blocks written, where Hudi leaves 0): in
 * version 6 {@code prevCommit} the slice's base instant, {@code logVersion}, {@code logOffset} 0,
 * {@code baseFile} the slice's base file name (or ""), {@code logFiles} the slice's log files plus
 * the new one; in version 8 as Hudi 1.0 writes it, {@code prevCommit} the deltacommit's instant,
 * {@code baseFile} "" and {@code logFiles} the new file alone. The block headers are {@code
 * INSTANT_TIME} and {@code SCHEMA} in both versions (Hudi 1.0.2's Spark writer adds record
 * positions to version 8 blocks; they are optional, and readers merge by record key without them).
 *
 * <p>Readers merge the log with the base file by the table's payload: {@code
 * OverwriteWithLatestAvroPayload} (what this writer puts in {@code hoodie.properties}) lets a log
 * record replace the stored one whatever their ordering values, and a delete (ordering value 0)
 * always deletes. On a version 8 table with an ordering field, a delete of an upsert (a change
 * stream's delete: {@code _hoodie_is_deleted}, or its change type) carries its record's ordering
 * value, as Hudi 1.0.2's {@code HoodieAppendHandle.bufferDelete} writes it ({@code
 * DeleteRecord.create(key, orderingVal)}), so event-time ordering keeps a stored record with a
 * greater value; the deletes of the DELETE operation keep the natural order (0) of Hudi's delete
 * operation. On version 6 every delete is written with 0 (see docs/change-streams.md).
 */
public final class AppendHandle {
  /** Hudi's key of the size at which a log data block is cut ({@code HoodieStorageConfig}). */
  public static final String LOG_BLOCK_MAX_SIZE = "hoodie.logfile.data.block.max.size";

  /** Hudi 0.15's default of {@link #LOG_BLOCK_MAX_SIZE}: 256 MiB. */
  public static final long DEFAULT_LOG_BLOCK_MAX_SIZE = 256L * 1024 * 1024;

  private static final Integer DELETE_ORDERING_VALUE = 0;

  /**
   * A held delete on the heap besides its key's characters: the {@code DeleteRecord} (24), its
   * key's {@code String} (24) and array header (16), and the list's slot with growth slack (8).
   */
  static final long DELETE_OVERHEAD_BYTES = 72;

  private final WriteContext context;
  private final WriteOperation operation;
  private final MergeMemory memory;
  private long spilledKeys;

  /** An append handle of an upsert. */
  public AppendHandle(WriteContext context) {
    this(context, WriteOperation.UPSERT);
  }

  public AppendHandle(WriteContext context, WriteOperation operation) {
    this(context, operation, MergeMemory.defaults());
  }

  /**
   * @param memory the budget of the keys written and of the deletes held ({@code
   *     hoodie.memory.merge.*}) and where keys over it spill
   */
  public AppendHandle(WriteContext context, WriteOperation operation, MergeMemory memory) {
    this.context = context;
    this.operation = operation;
    this.memory = memory;
  }

  /** How many record keys the last {@link #write} spilled to disk. */
  public long spilledKeys() {
    return spilledKeys;
  }

  /**
   * The blocks the log file of {@code stat} holds: its {@code totalLogBlocks}, which {@link #write}
   * sets (Hudi's {@code HoodieAppendHandle} leaves it 0); for a stat of an earlier HudiIO that left
   * it 0 (one Avro data block when it wrote upserts, a delete block when it wrote deletes), those.
   */
  public static long blocksWritten(WriteStat stat) {
    if (stat.totalLogBlocks() > 0) {
      return stat.totalLogBlocks();
    }
    return (stat.numWrites() > 0 ? 1 : 0) + (stat.numDeletes() > 0 ? 1 : 0);
  }

  public WriteStat write(FileSlice slice, Iterable<TableRecord> records) {
    FileGroupId fileGroup = slice.fileGroupId();
    long startNanos = System.nanoTime();
    InstantTime instant = context.instant();
    long maxBlockBytes = context.logBlockMaxBytes();
    AvroDataBlockBuilder upserts =
        new AvroDataBlockBuilder(
            instant, context.schema(), fileGroup.fileId(), context.taskPartitionId());
    long budget = memory.budgetBytes();
    List<DeleteRecord> deletes = new ArrayList<>();
    long deleteBytes = 0;
    OpenLogFile log = null;
    LogFileResult result;
    try (SpillableRecordMap keys =
        new SpillableRecordMap(
            budget,
            memory.spillFolder(),
            RecordEncoding.of(context.schema()),
            "the record keys of the log file of file group "
                + fileGroup
                + " in instant "
                + instant)) {
      for (TableRecord record : records) {
        // The key only: a delete without data keeps no payload, in memory or spilled.
        if (!keys.put(
            TableRecord.of(
                record.recordKey(), fileGroup.partitionPath(), RecordOperation.DELETE, null))) {
          throw new HudiTableException(
              "Record key '"
                  + record.recordKey()
                  + "' reached file group "
                  + fileGroup
                  + " twice in instant "
                  + instant
                  + "; records must be de-duplicated first");
        }
        if (record.isDelete()) {
          deletes.add(
              DeleteRecord.of(
                  record.recordKey(), fileGroup.partitionPath(), orderingValueOf(record)));
          deleteBytes += DELETE_OVERHEAD_BYTES + 2L * record.recordKey().length();
          if (deleteBytes >= budget) {
            log = log == null ? open(slice) : log;
            log.writer().append(LogBlock.delete(instant, upserts.schema(), deletes));
            deletes = new ArrayList<>();
            deleteBytes = 0;
          }
        } else {
          upserts.add(
              record.recordKey(),
              fileGroup.partitionPath(),
              context.toWriteSchema(record.data().orElseThrow()));
          // Hudi's flushToDiskIfRequired cuts a block once its estimate reaches the maximum; the
          // builder holds the block's encoded records, so their size is exact here.
          if (upserts.sizeBytes() >= maxBlockBytes) {
            log = log == null ? open(slice) : log;
            log.writer().append(upserts.build());
          }
        }
      }
      log = log == null ? open(slice) : log;
      if (!upserts.isEmpty()) {
        log.writer().append(upserts.build());
      }
      if (!deletes.isEmpty()) {
        log.writer().append(LogBlock.delete(instant, upserts.schema(), deletes));
      }
      result = log.writer().close();
      spilledKeys = keys.spilledCount();
    } catch (RuntimeException e) {
      if (log != null) {
        log.writer().abort();
      }
      throw e;
    }
    boolean deltaCommitNamed = context.tableVersion().slicesLogFilesByCompletionTime();
    LogFileName name = log.name();
    // Version 8 (Hudi 1.0's HoodieAppendHandle.populateWriteStatAndFetchFileSlice without CDC):
    // prevCommit is the deltacommit itself, no base file, only the file written. Version 6: the
    // slice's base instant, base file and log files, and the file written.
    List<String> logFiles = new ArrayList<>();
    if (!deltaCommitNamed) {
      for (LogFileName existing : slice.logFiles()) {
        logFiles.add(existing.value());
      }
    }
    logFiles.add(name.value());
    String baseFile =
        deltaCommitNamed ? "" : slice.baseFile().map(b -> b.name().value()).orElse("");
    return WriteStat.builder()
        .fileId(fileGroup.fileId().value())
        .path(TablePaths.relativePath(fileGroup.partitionPath(), name.value()))
        .prevCommit(deltaCommitNamed ? instant.value() : slice.baseInstant().value())
        .numWrites(result.recordCount())
        .numUpdateWrites(result.recordCount())
        .numDeletes(result.deleteCount())
        .totalLogBlocks(result.blockCount())
        .totalWriteBytes(result.fileSizeBytes())
        .fileSizeInBytes(result.fileSizeBytes())
        .partitionPath(fileGroup.partitionPath())
        .runtimeStats(WriteContext.upsertTimeSince(startNanos))
        .logAppend(new WriteStat.LogAppendStats(name.version(), 0, baseFile, logFiles))
        .build();
  }

  /**
   * The ordering value a delete carries: its record's on a version 8 table with an ordering field
   * when an upsert deletes it, else Hudi's natural order 0 (the payload of Hudi's delete operation,
   * {@code EmptyHoodieRecordPayload}), with which the delete always wins.
   */
  private Comparable<?> orderingValueOf(TableRecord delete) {
    Optional<String> field = context.orderingField().name();
    if (operation != WriteOperation.UPSERT
        || context.tableVersion() != TableVersion.EIGHT
        || field.isEmpty()
        || delete.data().isEmpty()) {
      return DELETE_ORDERING_VALUE;
    }
    GenericRecord data = delete.data().get();
    Schema.Field f = data.getSchema().getField(field.get());
    Comparable<?> value =
        f == null ? null : DeleteRecord.orderingValueOf(f.schema(), data.get(f.pos()));
    return value == null ? DELETE_ORDERING_VALUE : value;
  }

  /** The new log file of this write and its writer, created after its marker. */
  private record OpenLogFile(LogFileName name, LogFileWriter writer) {}

  /**
   * Names the log file (by the table version), writes its marker, then creates it. Called once the
   * first block is ready, so a write that fails before then leaves no file.
   */
  private OpenLogFile open(FileSlice slice) {
    FileGroupId fileGroup = slice.fileGroupId();
    LogFileName name =
        context.tableVersion().slicesLogFilesByCompletionTime()
            ? deltaCommitLogFile(fileGroup)
            : slice.nextLogFile(context.writeToken());
    Path path = context.prepareLogFile(fileGroup, name);
    return new OpenLogFile(name, LogFileWriter.create(context.conf(), path));
  }

  /**
   * A version 8 log file: named with this deltacommit's instant, version 1 and the attempt's write
   * token (Hudi 1.0's {@code HoodieLogFormat.WriterBuilder} with a write token), the next version
   * if a file of that name exists already (Hudi's writer rolls over then).
   */
  private LogFileName deltaCommitLogFile(FileGroupId fileGroup) {
    Path folder = context.paths().partitionFolder(fileGroup.partitionPath());
    int version = 1;
    while (true) {
      LogFileName name =
          LogFileName.of(fileGroup.fileId(), context.instant(), version, context.writeToken());
      try {
        if (!context.fs().exists(new Path(folder, name.value()))) {
          return name;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot check " + new Path(folder, name.value()), e);
      }
      version++;
    }
  }
}
