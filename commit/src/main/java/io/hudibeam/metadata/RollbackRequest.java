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

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * One unit of work of a rollback plan (Avro {@code HoodieRollbackRequest}): files of one partition
 * path to delete, and for merge-on-read the log blocks to roll back.
 *
 * @param fileId file group id, {@code ""} for plain file deletes (may be null in files Hudi wrote)
 * @param latestBaseInstant base instant of the file slice, {@code ""} for plain file deletes (may
 *     be null)
 * @param filesToBeDeleted absolute paths of the files to delete
 * @param logBlocksToBeDeleted log file path to size, for rollback command blocks
 */
public record RollbackRequest(
    String partitionPath,
    String fileId,
    String latestBaseInstant,
    List<String> filesToBeDeleted,
    Map<String, Long> logBlocksToBeDeleted) {

  public RollbackRequest {
    Objects.requireNonNull(partitionPath, "partitionPath");
    filesToBeDeleted = List.copyOf(filesToBeDeleted);
    logBlocksToBeDeleted = AvroInstantFile.copy(logBlocksToBeDeleted);
  }

  /** Deletes whole files, as Hudi's listing- and marker-based copy-on-write rollback plans do. */
  public static RollbackRequest deleteFiles(String partitionPath, List<String> absolutePaths) {
    return new RollbackRequest(partitionPath, "", "", absolutePaths, Map.of());
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("partitionPath", partitionPath);
    r.put("fileId", fileId);
    r.put("latestBaseInstant", latestBaseInstant);
    r.put("filesToBeDeleted", filesToBeDeleted);
    r.put("logBlocksToBeDeleted", logBlocksToBeDeleted);
    return r;
  }

  static RollbackRequest fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new RollbackRequest(
        AvroInstantFile.string(r.get("partitionPath")),
        AvroInstantFile.string(r.get("fileId")),
        AvroInstantFile.string(r.get("latestBaseInstant")),
        AvroInstantFile.strings(r.get("filesToBeDeleted")),
        AvroInstantFile.map(r.get("logBlocksToBeDeleted"), AvroInstantFile::longValue));
  }
}
