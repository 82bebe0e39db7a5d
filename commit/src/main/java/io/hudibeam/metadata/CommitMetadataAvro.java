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
package io.hudibeam.metadata;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The Avro form of commit metadata in table version 8 (timeline layout 2): commit, deltacommit and
 * replacecommit instants, inflight and completed, as Hudi 1.0's {@code CommitMetadataSerDeV2}
 * writes them. The schemas are Hudi 1.0.2's {@code HoodieCommitMetadata} and {@code
 * HoodieReplaceCommitMetadata} (Hudi 1.0.2's HoodieCommitMetadata.avsc): every field nullable, so
 * 1.0.0 and 1.0.2 readers resolve them. Hudi fills the Avro record from its POJO by field name, so
 * fields the POJO lacks ({@code totalLogFiles}) stay null, and the delta-write fields are null for
 * base-file stats.
 */
final class CommitMetadataAvro {
  static final Schema COMMIT_SCHEMA = AvroInstantFile.loadSchema("HoodieCommitMetadata");
  static final Schema REPLACE_SCHEMA = AvroInstantFile.loadSchema("HoodieReplaceCommitMetadata");
  private static final Schema STAT_SCHEMA =
      AvroInstantFile.nonNull(
          AvroInstantFile.field(COMMIT_SCHEMA, "partitionToWriteStats")
              .getValueType()
              .getElementType());
  private static final Schema RUNTIME_SCHEMA = AvroInstantFile.field(STAT_SCHEMA, "runtimeStats");

  private CommitMetadataAvro() {}

  static byte[] write(CommitMetadata metadata) {
    return AvroInstantFile.write(toRecord(metadata, COMMIT_SCHEMA));
  }

  static byte[] write(ReplaceCommitMetadata metadata) {
    GenericRecord record = toRecord(metadata.commitMetadata(), REPLACE_SCHEMA);
    Map<String, List<String>> replaced = new LinkedHashMap<>();
    metadata.partitionToReplaceFileIds().forEach((k, v) -> replaced.put(k, new ArrayList<>(v)));
    record.put("partitionToReplaceFileIds", replaced);
    return AvroInstantFile.write(record);
  }

  static CommitMetadata read(byte[] bytes, String source) {
    return fromRecord(AvroInstantFile.read(bytes, COMMIT_SCHEMA, source), source);
  }

  static ReplaceCommitMetadata readReplace(byte[] bytes, String source) {
    GenericRecord record = AvroInstantFile.read(bytes, REPLACE_SCHEMA, source);
    return ReplaceCommitMetadata.of(
        fromRecord(record, source),
        AvroInstantFile.map(record.get("partitionToReplaceFileIds"), AvroInstantFile::strings));
  }

  private static GenericRecord toRecord(CommitMetadata metadata, Schema schema) {
    GenericRecord record = new GenericData.Record(schema);
    Map<String, List<GenericRecord>> byPartition = new LinkedHashMap<>();
    for (Map.Entry<String, List<WriteStat>> e : metadata.partitionToWriteStats().entrySet()) {
      List<GenericRecord> stats = new ArrayList<>();
      for (WriteStat stat : e.getValue()) {
        stats.add(toRecord(stat));
      }
      byPartition.put(e.getKey(), stats);
    }
    record.put("partitionToWriteStats", byPartition);
    record.put("compacted", metadata.compacted());
    record.put("extraMetadata", new LinkedHashMap<>(metadata.extraMetadata()));
    record.put("version", 1);
    record.put("operationType", metadata.operationType().format());
    return record;
  }

  private static GenericRecord toRecord(WriteStat s) {
    GenericRecord r = new GenericData.Record(STAT_SCHEMA);
    r.put("fileId", s.fileId());
    r.put("path", s.path());
    r.put("prevCommit", s.prevCommit());
    r.put("numWrites", s.numWrites());
    r.put("numDeletes", s.numDeletes());
    r.put("numUpdateWrites", s.numUpdateWrites());
    r.put("totalWriteBytes", s.totalWriteBytes());
    r.put("totalWriteErrors", s.totalWriteErrors());
    r.put("partitionPath", s.partitionPath());
    r.put("totalLogRecords", s.totalLogRecords());
    r.put("totalUpdatedRecordsCompacted", s.totalUpdatedRecordsCompacted());
    r.put("numInserts", s.numInserts());
    r.put("totalLogBlocks", s.totalLogBlocks());
    r.put("totalCorruptLogBlock", s.totalCorruptLogBlock());
    r.put("totalRollbackBlocks", s.totalRollbackBlocks());
    r.put("fileSizeInBytes", s.fileSizeInBytes());
    if (s.logAppend().isPresent()) {
      WriteStat.LogAppendStats d = s.logAppend().get();
      r.put("logVersion", d.logVersion());
      r.put("logOffset", d.logOffset());
      r.put("baseFile", d.baseFile());
      r.put("logFiles", new ArrayList<>(d.logFiles()));
    }
    r.put("cdcStats", s.cdcStats() == null ? null : new LinkedHashMap<>(s.cdcStats()));
    r.put("minEventTime", s.minEventTime());
    r.put("maxEventTime", s.maxEventTime());
    WriteStat.RuntimeStats rt = s.runtimeStats();
    if (rt != null) {
      GenericRecord runtime = new GenericData.Record(RUNTIME_SCHEMA);
      runtime.put("totalScanTime", rt.totalScanTime());
      runtime.put("totalCreateTime", rt.totalCreateTime());
      runtime.put("totalUpsertTime", rt.totalUpsertTime());
      r.put("runtimeStats", runtime);
    }
    r.put("totalLogFilesCompacted", s.totalLogFilesCompacted());
    r.put("totalLogReadTimeMs", 0L);
    r.put("totalLogSizeCompacted", s.totalLogSizeCompacted());
    r.put("tempPath", s.tempPath());
    r.put("numUpdates", 0L);
    return r;
  }

  private static CommitMetadata fromRecord(GenericRecord record, String source) {
    CommitMetadata.Builder builder = CommitMetadata.builder();
    Map<String, List<WriteStat>> stats =
        AvroInstantFile.map(
            record.get("partitionToWriteStats"),
            v -> AvroInstantFile.list(v, s -> fromStatRecord((GenericRecord) s)));
    for (Map.Entry<String, List<WriteStat>> e : stats.entrySet()) {
      builder.addPartition(e.getKey());
      for (WriteStat stat : e.getValue()) {
        builder.addWriteStat(e.getKey(), stat);
      }
    }
    Object compacted = record.get("compacted");
    builder.compacted(compacted != null && (Boolean) compacted);
    AvroInstantFile.map(record.get("extraMetadata"), AvroInstantFile::string)
        .forEach((k, v) -> builder.putExtraMetadata(k, v == null ? "" : v));
    String operation = AvroInstantFile.string(record.get("operationType"));
    try {
      builder.operationType(
          operation == null ? OperationType.UNKNOWN : OperationType.parse(operation));
    } catch (InvalidMetadataException e) {
      throw new InvalidMetadataException("Cannot read " + source + ": " + e.getMessage(), e);
    }
    return builder.build();
  }

  private static WriteStat fromStatRecord(GenericRecord r) {
    WriteStat.Builder b =
        WriteStat.builder()
            .fileId(AvroInstantFile.string(r.get("fileId")))
            .path(AvroInstantFile.string(r.get("path")))
            .prevCommit(AvroInstantFile.string(r.get("prevCommit")))
            .numWrites(longOrZero(r, "numWrites"))
            .numDeletes(longOrZero(r, "numDeletes"))
            .numUpdateWrites(longOrZero(r, "numUpdateWrites"))
            .numInserts(longOrZero(r, "numInserts"))
            .totalWriteBytes(longOrZero(r, "totalWriteBytes"))
            .totalWriteErrors(longOrZero(r, "totalWriteErrors"))
            .partitionPath(AvroInstantFile.string(r.get("partitionPath")))
            .totalLogRecords(longOrZero(r, "totalLogRecords"))
            .totalUpdatedRecordsCompacted(longOrZero(r, "totalUpdatedRecordsCompacted"))
            .totalLogBlocks(longOrZero(r, "totalLogBlocks"))
            .totalCorruptLogBlock(longOrZero(r, "totalCorruptLogBlock"))
            .totalRollbackBlocks(longOrZero(r, "totalRollbackBlocks"))
            .fileSizeInBytes(longOrZero(r, "fileSizeInBytes"))
            .totalLogFilesCompacted(longOrZero(r, "totalLogFilesCompacted"))
            .totalLogSizeCompacted(longOrZero(r, "totalLogSizeCompacted"))
            .tempPath(AvroInstantFile.string(r.get("tempPath")))
            .minEventTime(AvroInstantFile.longValue(r.get("minEventTime")))
            .maxEventTime(AvroInstantFile.longValue(r.get("maxEventTime")));
    Object cdc = r.get("cdcStats");
    if (cdc != null) {
      b.cdcStats(AvroInstantFile.map(cdc, AvroInstantFile::longValue));
    }
    Object runtime = r.get("runtimeStats");
    if (runtime != null) {
      GenericRecord rt = (GenericRecord) runtime;
      b.runtimeStats(
          new WriteStat.RuntimeStats(
              longOrZero(rt, "totalScanTime"),
              longOrZero(rt, "totalUpsertTime"),
              longOrZero(rt, "totalCreateTime")));
    }
    Object logVersion = r.get("logVersion");
    if (logVersion != null) {
      String baseFile = AvroInstantFile.string(r.get("baseFile"));
      b.logAppend(
          new WriteStat.LogAppendStats(
              ((Number) logVersion).intValue(),
              longOrZero(r, "logOffset"),
              baseFile == null ? "" : baseFile,
              AvroInstantFile.strings(r.get("logFiles"))));
    }
    return b.build();
  }

  private static long longOrZero(GenericRecord r, String field) {
    Long value = AvroInstantFile.longValue(r.get(field));
    return value == null ? 0L : value;
  }
}
