package io.hudibeam.write;

import io.hudibeam.basefile.BaseFileReader;
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
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;

/**
 * Executes one operation of a compaction plan (Hudi's {@code HoodieCompactor.compact} of one file
 * slice): the log files named by the operation are read in slice order, keeping only blocks of
 * completed instants no later than the compaction instant and dropping blocks a rollback command
 * block rolled back (as Hudi's {@code AbstractHoodieLogRecordReader} does); their records and
 * deletes are merged by record key, a later block winning (the table's {@code
 * OverwriteWithLatestAvroPayload}; deletes carry ordering value 0 and always delete); then the base
 * file's records are carried over unless a log record replaces or deletes them, and the remaining
 * log records are added. The result is a new base file of the same file group at the compaction
 * instant: marker (MERGE, or CREATE for a slice without a base file) first, then the file. The
 * merged log records of the slice are held in memory (Hudi spills them to disk past {@code
 * hoodie.compaction.memory.fraction}); the base file is streamed.
 */
public final class CompactHandle {
  private final WriteContext context;

  public CompactHandle(WriteContext context) {
    this.context = context;
  }

  /**
   * @param completed the completed write timeline: a log block counts only if its instant is on it
   *     or before its start
   */
  public WriteStat compact(CompactionOperation operation, Timeline completed) {
    long startNanos = System.nanoTime();
    FileGroupId fileGroup = FileGroupId.of(operation.partitionPath(), FileId.parse(operation.fileId()));
    Path folder = context.paths().partitionFolder(operation.partitionPath());
    Schema schema = MetaFields.withMetaFields(context.schema());
    InstantTime compactionInstant = context.instant();

    List<LogFileName> logs = new ArrayList<>();
    for (String name : operation.deltaFileNames()) {
      logs.add(LogFileName.parse(name));
    }
    logs.sort(null);
    List<LogBlock> blocks = new ArrayList<>();
    long logBytes = 0;
    long rollbackBlocks = 0;
    for (LogFileName log : logs) {
      Path path = new Path(folder, log.value());
      try {
        logBytes += context.fs().getFileStatus(path).getLen();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read log file " + path + " of compaction " + compactionInstant, e);
      }
      try (LogFileReader reader = LogFileReader.open(context.conf(), path)) {
        while (reader.hasNext()) {
          LogBlock block = reader.next();
          InstantTime instant = block.instantTime();
          if (block.isRollback()) {
            // A rollback command block's instant is the rollback's, not a commit: it always applies.
            rollbackBlocks++;
            InstantTime target = block.targetInstantTime().orElseThrow();
            blocks.removeIf(b -> b.instantTime().equals(target));
            continue;
          }
          if (!completed.containsOrBeforeStart(instant) || instant.isAfter(compactionInstant)) {
            continue;
          }
          if (block.type() == LogBlockType.AVRO_DATA_BLOCK || block.type() == LogBlockType.DELETE_BLOCK) {
            blocks.add(block);
          } else if (block.type() != LogBlockType.COMMAND_BLOCK) {
            throw new HudiTableException(
                "Log file " + path + " holds a " + block.type() + "; compaction reads Avro data, delete and"
                    + " rollback command blocks only");
          }
        }
      }
    }

    // Key -> the latest log record, or null for a delete.
    Map<String, GenericRecord> merged = new HashMap<>();
    long logRecords = 0;
    for (LogBlock block : blocks) {
      if (block.type() == LogBlockType.AVRO_DATA_BLOCK) {
        for (GenericRecord record : block.records(schema)) {
          merged.put(String.valueOf(record.get(MetaFields.RECORD_KEY.position())), record);
          logRecords++;
        }
      } else {
        for (io.hudibeam.log.DeleteRecord deleted : block.deleteRecords()) {
          merged.put(deleted.recordKey(), null);
          logRecords++;
        }
      }
    }

    IOType ioType = operation.dataFileName().isPresent() ? IOType.MERGE : IOType.CREATE;
    BaseFileWriter writer = context.openBaseFile(fileGroup, ioType);
    long[] counts = new long[3]; // updates, deletes, inserts
    try {
      if (operation.dataFileName().isPresent()) {
        io.hudibeam.schema.RecordRewriter rewriter = new io.hudibeam.schema.RecordRewriter(writer.schema());
        Path base = new Path(folder, operation.dataFileName().get());
        BaseFileReader.of(context.conf(), base).forEachRecord(record -> {
          String key = String.valueOf(record.get(MetaFields.RECORD_KEY.position()));
          if (!merged.containsKey(key)) {
            writer.write(rewriter.rewrite(record));
            return;
          }
          GenericRecord update = merged.remove(key);
          if (update == null) {
            counts[1]++;
          } else {
            writer.write(update);
            counts[0]++;
          }
        });
      }
      Iterator<Map.Entry<String, GenericRecord>> rest = merged.entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .iterator();
      while (rest.hasNext()) {
        GenericRecord insert = rest.next().getValue();
        if (insert != null) {
          writer.write(insert);
          counts[2]++;
        }
      }
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    BaseFileResult result = writer.close();
    return WriteContext.statOf(fileGroup, result, operation.baseInstantTime())
        .numUpdateWrites(counts[0])
        .numDeletes(counts[1])
        .numInserts(counts[2])
        .totalLogRecords(logRecords)
        .totalLogFilesCompacted(logs.size())
        .totalLogSizeCompacted(logBytes)
        .totalUpdatedRecordsCompacted(counts[0])
        .totalLogBlocks(blocks.size())
        .totalRollbackBlocks(rollbackBlocks)
        .runtimeStats(new WriteStat.RuntimeStats(0, (System.nanoTime() - startNanos) / 1_000_000, 0))
        .build();
  }
}
