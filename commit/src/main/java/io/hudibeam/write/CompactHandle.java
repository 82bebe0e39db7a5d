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
import io.hudibeam.basefile.MetaFields;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.LogFileName;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogBlockType;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes one operation of a compaction plan (Hudi's {@code HoodieCompactor.compact} of one file
 * slice): the log files named by the operation are read in slice order, keeping only blocks of
 * completed instants no later than the compaction instant and dropping blocks a rollback command
 * block rolled back (as Hudi's {@code AbstractHoodieLogRecordReader} does); their records and
 * deletes are merged by record key by the table's merge mode ({@link LogMergeOrdering}: a later
 * block winning under commit-time ordering, the larger ordering value under event-time ordering;
 * deletes carry ordering value 0 and always delete); then the base file's records are carried over
 * unless a log record replaces or deletes them, and the remaining log records are added (in the
 * order their keys first appear in the logs). The result is a new base file of the same file group
 * at the compaction instant: marker (MERGE, or CREATE for a slice without a base file) first, then
 * the file.
 *
 * <p>Memory: the log files are read twice, block by block. The first pass reads only which blocks
 * count (their headers decide); the second decodes the counted blocks' records one at a time into a
 * {@link SpillableRecordMap} that holds them in memory up to the compaction budget ({@code
 * SettingsReader.compactionMemory}, Hudi's {@code hoodie.memory.compaction.max.size} / {@code
 * .fraction}, as Hudi's {@code HoodieMergedLogRecordScanner} spills to its {@code
 * ExternalSpillableMap}) and on local disk beyond it. So the heap holds one block's bytes and the
 * budget's worth of records, whatever the size of the slice's logs; the base file is streamed.
 */
public final class CompactHandle {
  private static final Logger LOG = LoggerFactory.getLogger(CompactHandle.class);

  private final WriteContext context;
  private final MergeMemory memory;
  private final LogMergeOrdering ordering;
  private long spilledRecords;

  /** A compaction handle with the default compaction budget. */
  public CompactHandle(WriteContext context) {
    this(context, MergeMemory.compactionDefaults());
  }

  public CompactHandle(WriteContext context, MergeMemory memory) {
    this(context, memory, LogMergeOrdering.commitTime());
  }

  /**
   * @param ordering how record versions are merged: the table's record merge mode ({@link
   *     LogMergeOrdering#of})
   */
  public CompactHandle(WriteContext context, MergeMemory memory, LogMergeOrdering ordering) {
    this.context = context;
    this.memory = Objects.requireNonNull(memory, "memory");
    this.ordering = Objects.requireNonNull(ordering, "ordering");
  }

  /** A block of a log file: the file's position in slice order and the block's in the file. */
  private record BlockRef(int file, int block, InstantTime instant) {}

  /** How many merged log records the last {@link #compact} spilled to disk. */
  public long spilledRecords() {
    return spilledRecords;
  }

  /**
   * @param completed the completed write timeline: a log block counts only if its instant is on it
   *     or before its start
   */
  public WriteStat compact(CompactionOperation operation, Timeline completed) {
    long startNanos = System.nanoTime();
    FileGroupId fileGroup =
        FileGroupId.of(operation.partitionPath(), FileId.parse(operation.fileId()));
    Path folder = context.paths().partitionFolder(operation.partitionPath());
    Schema schema = MetaFields.withMetaFields(context.schema());
    InstantTime compactionInstant = context.instant();

    List<LogFileName> logs = new ArrayList<>();
    for (String name : operation.deltaFileNames()) {
      logs.add(LogFileName.parse(name));
    }
    logs.sort(null);
    List<Path> logPaths = new ArrayList<>();
    long logBytes = 0;
    for (LogFileName log : logs) {
      Path path = new Path(folder, log.value());
      logPaths.add(path);
      try {
        logBytes += context.fs().getFileStatus(path).getLen();
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot read log file " + path + " of compaction " + compactionInstant, e);
      }
    }

    // Pass 1: which blocks count.
    List<BlockRef> counted = new ArrayList<>();
    long rollbackBlocks = 0;
    for (int f = 0; f < logPaths.size(); f++) {
      Path path = logPaths.get(f);
      try (LogFileReader reader = LogFileReader.open(context.conf(), path)) {
        for (int b = 0; reader.hasNext(); b++) {
          LogBlock block = reader.next();
          InstantTime instant = block.instantTime();
          if (block.isRollback()) {
            // A rollback command block's instant is the rollback's, not a commit: it always
            // applies.
            rollbackBlocks++;
            InstantTime target = block.targetInstantTime().orElseThrow();
            counted.removeIf(r -> r.instant().equals(target));
            continue;
          }
          if (!completed.containsOrBeforeStart(instant) || instant.isAfter(compactionInstant)) {
            continue;
          }
          if (block.isPartial()) {
            throw new HudiTableException(
                "Log file "
                    + path
                    + " holds a partial-update block (IS_PARTIAL=true, Hudi 1.x's partial updates);"
                    + " this compactor merges whole records only. Compact this table with Hudi 1.x");
          }
          if (block.type() == LogBlockType.AVRO_DATA_BLOCK
              || block.type() == LogBlockType.DELETE_BLOCK) {
            counted.add(new BlockRef(f, b, instant));
          } else if (block.type() != LogBlockType.COMMAND_BLOCK) {
            throw new HudiTableException(
                "Log file "
                    + path
                    + " holds a "
                    + block.type()
                    + "; compaction reads Avro data, delete and"
                    + " rollback command blocks only");
          }
        }
      }
    }

    RecordEncoding encoding = RecordEncoding.of(schema);
    try (SpillableRecordMap merged =
        new SpillableRecordMap(
            memory.budgetBytes(),
            memory.maxSizeKey(),
            memory.spillFolder(),
            encoding,
            "the compaction of file group " + fileGroup + " in instant " + compactionInstant)) {
      // Pass 2: the counted blocks' records by key, a later one replacing an earlier one.
      long logRecords = 0;
      int next = 0;
      for (int f = 0; f < logPaths.size() && next < counted.size(); f++) {
        try (LogFileReader reader = LogFileReader.open(context.conf(), logPaths.get(f))) {
          for (int b = 0;
              reader.hasNext() && next < counted.size() && counted.get(next).file() == f;
              b++) {
            LogBlock block = reader.next();
            if (counted.get(next).block() != b) {
              continue;
            }
            next++;
            logRecords += merge(block, schema, fileGroup, merged, logPaths.get(f));
          }
        }
      }
      spilledRecords = merged.spilledCount();
      if (spilledRecords > 0) {
        LOG.info(
            "Compaction {} of file group {}: {} of {} log records spilled to disk ({} bytes budget, {})",
            compactionInstant,
            fileGroup,
            spilledRecords,
            merged.size(),
            memory.budgetBytes(),
            memory.spillFolder());
      }
      return write(operation, fileGroup, folder, merged)
          .totalLogRecords(logRecords)
          .totalLogFilesCompacted(logs.size())
          .totalLogSizeCompacted(logBytes)
          .totalLogBlocks(counted.size())
          .totalRollbackBlocks(rollbackBlocks)
          .runtimeStats(WriteContext.upsertTimeSince(startNanos))
          .build();
    }
  }

  /** Puts a data or delete block's entries into the map; returns how many. */
  private long merge(
      LogBlock block,
      Schema schema,
      FileGroupId fileGroup,
      SpillableRecordMap merged,
      Path source) {
    long[] count = new long[1];
    if (block.type() == LogBlockType.AVRO_DATA_BLOCK) {
      block.forEachRecord(
          schema,
          record -> {
            String key = String.valueOf(record.get(MetaFields.RECORD_KEY.position()));
            putIfKept(
                merged,
                TableRecord.of(
                    key,
                    fileGroup.partitionPath(),
                    RecordOperation.UPSERT,
                    RecordPayload.of(record)));
            count[0]++;
          });
    } else {
      for (io.hudibeam.log.DeleteRecord deleted : block.deleteRecords()) {
        putIfKept(merged, ordering.deleteOf(deleted, fileGroup.partitionPath()));
        count[0]++;
      }
    }
    return count[0];
  }

  /** Puts a later log record unless the table's ordering keeps the one merged so far. */
  private void putIfKept(SpillableRecordMap merged, TableRecord newer) {
    if (ordering.isEventTime()) {
      TableRecord existing = merged.peek(newer.recordKey());
      if (existing != null && !ordering.keepsNewer(existing, newer)) {
        return;
      }
    }
    merged.putLatest(newer);
  }

  /**
   * Writes the new base file: the base file's records merged with the log records, then the rest.
   */
  private WriteStat.Builder write(
      CompactionOperation operation,
      FileGroupId fileGroup,
      Path folder,
      SpillableRecordMap merged) {
    IOType ioType = operation.dataFileName().isPresent() ? IOType.MERGE : IOType.CREATE;
    BaseFileWriter writer = context.openBaseFile(fileGroup, ioType);
    long[] counts = new long[3]; // updates, deletes, inserts
    try {
      if (operation.dataFileName().isPresent()) {
        io.hudibeam.schema.RecordRewriter rewriter =
            new io.hudibeam.schema.RecordRewriter(writer.schema());
        Path base = new Path(folder, operation.dataFileName().get());
        context.forEachStoredRecord(
            fileGroup,
            base,
            record -> {
              String key = String.valueOf(record.get(MetaFields.RECORD_KEY.position()));
              TableRecord update = merged.match(key);
              GenericRecord stored = update == null ? null : rewriter.rewrite(record);
              if (update == null) {
                writer.write(rewriter.rewrite(record));
              } else if (ordering.keepsBase(stored, update)) {
                writer.write(stored);
              } else if (update.isDelete()) {
                counts[1]++;
              } else {
                writer.write(update.dataOnce().orElseThrow());
                counts[0]++;
              }
            });
      }
      merged.forEachUnmatched(
          insert -> {
            if (!insert.isDelete()) {
              writer.write(insert.dataOnce().orElseThrow());
              counts[2]++;
            }
          });
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    BaseFileResult result = writer.close();
    return WriteContext.statOf(fileGroup, result, operation.baseInstantTime())
        .numUpdateWrites(counts[0])
        .numDeletes(counts[1])
        .numInserts(counts[2])
        .totalUpdatedRecordsCompacted(counts[0]);
  }
}
