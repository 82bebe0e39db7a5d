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
 * What a rollback did in one partition path (Avro {@code HoodieRollbackPartitionMetadata}).
 *
 * @param successDeleteFiles absolute paths of the deleted files
 * @param failedDeleteFiles absolute paths of files that could not be deleted
 * @param rollbackLogFiles log file path to size, for log files that received rollback blocks
 * @param logFilesFromFailedCommit log file path to size, for log files written by the rolled-back
 *     instant
 */
public record RollbackPartitionMetadata(
    String partitionPath,
    List<String> successDeleteFiles,
    List<String> failedDeleteFiles,
    Map<String, Long> rollbackLogFiles,
    Map<String, Long> logFilesFromFailedCommit) {

  public RollbackPartitionMetadata {
    Objects.requireNonNull(partitionPath, "partitionPath");
    successDeleteFiles = List.copyOf(successDeleteFiles);
    failedDeleteFiles = List.copyOf(failedDeleteFiles);
    rollbackLogFiles = AvroInstantFile.copy(rollbackLogFiles);
    logFilesFromFailedCommit = AvroInstantFile.copy(logFilesFromFailedCommit);
  }

  /** A partition where only whole files were deleted. */
  public static RollbackPartitionMetadata deletedFiles(
      String partitionPath, List<String> successDeleteFiles, List<String> failedDeleteFiles) {
    return new RollbackPartitionMetadata(
        partitionPath, successDeleteFiles, failedDeleteFiles, Map.of(), Map.of());
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("partitionPath", partitionPath);
    r.put("successDeleteFiles", successDeleteFiles);
    r.put("failedDeleteFiles", failedDeleteFiles);
    r.put("rollbackLogFiles", rollbackLogFiles);
    r.put("logFilesFromFailedCommit", logFilesFromFailedCommit);
    return r;
  }

  static RollbackPartitionMetadata fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new RollbackPartitionMetadata(
        AvroInstantFile.string(r.get("partitionPath")),
        AvroInstantFile.strings(r.get("successDeleteFiles")),
        AvroInstantFile.strings(r.get("failedDeleteFiles")),
        AvroInstantFile.map(r.get("rollbackLogFiles"), AvroInstantFile::longValue),
        AvroInstantFile.map(r.get("logFilesFromFailedCommit"), AvroInstantFile::longValue));
  }
}
