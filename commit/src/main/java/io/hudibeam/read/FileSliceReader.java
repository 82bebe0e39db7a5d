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
package io.hudibeam.read;

import io.hudibeam.basefile.BaseFileInput;
import io.hudibeam.basefile.MetaFields;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.log.DeleteRecord;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogBlockType;
import io.hudibeam.log.LogFileReader;
import io.hudibeam.schema.RecordRewriter;
import io.hudibeam.skeleton.BootstrapBaseFileReader;
import io.hudibeam.skeleton.SkeletonBaseFiles;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.write.LogMergeOrdering;
import io.hudibeam.write.RecordOperation;
import io.hudibeam.write.RecordPayload;
import io.hudibeam.write.TableRecord;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;

/**
 * The records of one file slice as Hudi's readers return them, each in the reader schema (the
 * table's schema with the meta fields): the base file's records, and on a slice with log files the
 * base file merged with the log records (Hudi 0.15's {@code HoodieMergedLogRecordScanner} and
 * {@code HoodieMergeOnReadRDD}, Hudi 1.0's {@code HoodieFileGroupReader}):
 *
 * <ul>
 *   <li>the log files' blocks are read in slice order; a block counts when its instant is committed
 *       as the read was planned ({@link CommittedInstants}); a rollback command block (Hudi 0.15)
 *       removes the earlier blocks of its target instant;
 *   <li>log records of one key are merged by the table's merge mode ({@link LogMergeOrdering}, the
 *       rule {@code CompactHandle} compacts by): the later wins, or on event-time ordering the
 *       larger ordering value; a delete (delete block, or a record with {@code _hoodie_is_deleted}
 *       true, Hudi's {@code HoodieRecordPayload.isDeleteRecord}) removes the key;
 *   <li>a base record with a merged log record is replaced by it (or kept, on event-time ordering,
 *       when its ordering value is greater); log records of keys not in the base file are inserts.
 * </ul>
 *
 * A base file that is a METADATA_ONLY bootstrap's skeleton file (of the metadata bootstrap instant
 * {@code 00000000000001}, mapped by the bootstrap index; {@link SkeletonBaseFiles}) is read joined
 * row by row with its source file ({@link BootstrapBaseFileReader}: meta fields from the skeleton,
 * columns from the source, a partition column the source lacks from its folder name), as Hudi's
 * {@code HoodieBootstrapRelation} (0.15) and {@code HoodieFileGroupReader} (1.0) read it; log
 * records merge on top as on any base file.
 *
 * <p>The merged log records of a slice are held in memory (a file group's log records). A read with
 * a {@link CommitTimeRange} returns only the versions whose {@code _hoodie_commit_time} it
 * includes.
 */
public final class FileSliceReader {
  public static final String IS_DELETED_FIELD = "_hoodie_is_deleted";

  private final Configuration conf;
  private final TablePaths paths;
  private final Schema readerSchema;
  private final LogMergeOrdering ordering;
  private final RecordRewriter rewriter;
  private final int commitTimePosition;
  private final int recordKeyPosition;

  /**
   * @param readerSchema the table's schema with the meta fields ({@link MetaFields#withMetaFields})
   * @param ordering the table's merge mode ({@link LogMergeOrdering#of})
   */
  public FileSliceReader(
      Configuration conf, TablePaths paths, Schema readerSchema, LogMergeOrdering ordering) {
    this.conf = Objects.requireNonNull(conf, "conf");
    this.paths = Objects.requireNonNull(paths, "paths");
    this.readerSchema = Objects.requireNonNull(readerSchema, "readerSchema");
    this.ordering = Objects.requireNonNull(ordering, "ordering");
    if (!MetaFields.hasMetaFields(readerSchema)) {
      throw new IllegalArgumentException(
          "The reader schema must start with Hudi's meta fields: " + readerSchema);
    }
    this.rewriter = new RecordRewriter(readerSchema);
    this.commitTimePosition = MetaFields.COMMIT_TIME.position();
    this.recordKeyPosition = MetaFields.RECORD_KEY.position();
  }

  public Schema readerSchema() {
    return readerSchema;
  }

  /** Hands every record of {@code slice} the read keeps to {@code out}; returns how many. */
  public long read(SliceRead slice, Consumer<GenericRecord> out) {
    long[] count = new long[1];
    Consumer<GenericRecord> kept =
        record -> {
          if (slice.commitTimes().isAll()
              || slice.commitTimes().includes(String.valueOf(record.get(commitTimePosition)))) {
            count[0]++;
            out.accept(record);
          }
        };
    try {
      if (!slice.hasLogFiles()) {
        if (slice.baseFileName() != null) {
          readBase(slice, kept);
        }
      } else {
        merge(slice, kept);
      }
    } catch (FileNotFoundException e) {
      throw new HudiTableException(
          "A file of "
              + slice
              + " of table "
              + paths.basePathString()
              + " is gone ("
              + e.getMessage()
              + "): the cleaner removed it after the read was planned, or the query reaches"
              + " further back than the cleaner keeps (hoodie.cleaner.commits.retained)",
          e);
    } catch (IOException e) {
      throw new HudiTableException("Cannot read " + slice + ": " + e, e);
    }
    return count[0];
  }

  private Path folder(SliceRead slice) {
    return paths.partitionFolder(slice.partitionPath());
  }

  private void readBase(SliceRead slice, Consumer<GenericRecord> out) throws IOException {
    Path path = new Path(folder(slice), slice.baseFileName());
    Optional<BootstrapBaseFileReader> skeleton =
        SkeletonBaseFiles.of(conf, path.getFileSystem(conf), paths)
            .readerOf(FileGroupId.of(slice.partitionPath(), FileId.parse(slice.fileId())), path);
    if (skeleton.isPresent()) {
      skeleton.get().forEachRecord(record -> out.accept(rewriter.rewrite(record)));
      return;
    }
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(BaseFileInput.of(path, conf))
            .withDataModel(GenericData.get())
            .withConf(conf)
            .build()) {
      for (GenericRecord record = reader.read(); record != null; record = reader.read()) {
        out.accept(rewriter.rewrite(record));
      }
    }
  }

  private void merge(SliceRead slice, Consumer<GenericRecord> out) throws IOException {
    Map<String, TableRecord> logRecords = new HashMap<>();
    for (LogBlock block : countedBlocks(slice)) {
      if (block.type() == LogBlockType.AVRO_DATA_BLOCK) {
        block.forEachRecord(
            readerSchema,
            record -> {
              String key = String.valueOf(record.get(recordKeyPosition));
              RecordOperation operation =
                  isDeleted(record) ? RecordOperation.DELETE : RecordOperation.UPSERT;
              put(
                  logRecords,
                  TableRecord.of(key, slice.partitionPath(), operation, RecordPayload.of(record)));
            });
      } else {
        for (DeleteRecord deleted : block.deleteRecords()) {
          put(logRecords, ordering.deleteOf(deleted, slice.partitionPath()));
        }
      }
    }
    if (slice.baseFileName() != null) {
      readBase(
          slice,
          base -> {
            String key = String.valueOf(base.get(recordKeyPosition));
            TableRecord log = logRecords.remove(key);
            if (log == null || ordering.keepsBase(base, log)) {
              out.accept(base);
            } else if (!log.isDelete()) {
              out.accept(log.data().orElseThrow());
            }
          });
    }
    for (TableRecord insert : logRecords.values()) {
      if (!insert.isDelete()) {
        out.accept(insert.data().orElseThrow());
      }
    }
  }

  private void put(Map<String, TableRecord> merged, TableRecord newer) {
    TableRecord existing = merged.get(newer.recordKey());
    if (existing == null || ordering.keepsNewer(existing, newer)) {
      merged.put(newer.recordKey(), newer);
    }
  }

  private static boolean isDeleted(GenericRecord record) {
    Schema.Field field = record.getSchema().getField(IS_DELETED_FIELD);
    return field != null && Boolean.TRUE.equals(record.get(field.pos()));
  }

  /**
   * The data and delete blocks that count, in log order: committed instants only, less those a
   * later rollback command block rolled back.
   */
  private List<LogBlock> countedBlocks(SliceRead slice) throws IOException {
    Map<Integer, LogBlock> counted = new LinkedHashMap<>();
    List<String> instants = new ArrayList<>();
    int index = 0;
    for (String name : slice.logFileNames()) {
      Path path = new Path(folder(slice), name);
      if (!paths.basePath().getFileSystem(conf).exists(path)) {
        throw new FileNotFoundException(path.toString());
      }
      try (LogFileReader reader = LogFileReader.open(conf, path)) {
        while (reader.hasNext()) {
          LogBlock block = reader.next();
          if (block.isRollback()) {
            String target = block.targetInstantTime().orElseThrow().value();
            for (int i = 0; i < instants.size(); i++) {
              if (target.equals(instants.get(i))) {
                counted.remove(i);
              }
            }
            instants.add(null);
            index++;
            continue;
          }
          String instant =
              block.type() == LogBlockType.CORRUPT_BLOCK ? null : block.instantTime().value();
          instants.add(instant);
          if (instant != null && slice.committed().contains(instant)) {
            if (block.isPartial()) {
              throw new HudiTableException(
                  "Log file "
                      + path
                      + " holds a partial-update block (IS_PARTIAL=true, Hudi 1.x's partial"
                      + " updates); this reader merges whole records only. Read this table with"
                      + " Hudi 1.x");
            }
            if (block.type() == LogBlockType.AVRO_DATA_BLOCK
                || block.type() == LogBlockType.DELETE_BLOCK) {
              counted.put(index, block);
            } else if (block.type() != LogBlockType.COMMAND_BLOCK) {
              throw new HudiTableException(
                  "Log file "
                      + path
                      + " holds a "
                      + block.type()
                      + "; this reader reads Avro data, delete and rollback command blocks only"
                      + " (hoodie.logfile.data.block.format=avro)");
            }
          }
          index++;
        }
      }
    }
    return new ArrayList<>(counted.values());
  }
}
