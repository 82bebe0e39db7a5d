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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * One operation of a compaction plan (Avro {@code HoodieCompactionOperation}, as Hudi 0.15's {@code
 * CompactionUtils.buildFromFileSlice} builds it): the file slice to compact, by partition path,
 * file id, base instant, base file name (absent for a slice of log files only) and log file names
 * (newest first, as Hudi's {@code FileSlice.getLogFiles} lists them), with size metrics, and the
 * full path of the METADATA_ONLY bootstrap's source file when the base file is a skeleton file
 * (Hudi's {@code bootstrapFilePath}, from {@code HoodieBaseFile.getBootstrapBaseFile}: a compactor
 * of the plan joins the two).
 */
public record CompactionOperation(
    String partitionPath,
    String fileId,
    String baseInstantTime,
    Optional<String> dataFileName,
    List<String> deltaFileNames,
    Map<String, Double> metrics,
    Optional<String> bootstrapFilePath) {

  public CompactionOperation {
    Objects.requireNonNull(bootstrapFilePath, "bootstrapFilePath");
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(fileId, "fileId");
    Objects.requireNonNull(baseInstantTime, "baseInstantTime");
    Objects.requireNonNull(dataFileName, "dataFileName");
    deltaFileNames = List.copyOf(deltaFileNames);
    metrics = AvroInstantFile.copy(metrics);
  }

  /** An operation of a file slice whose base file is not a skeleton file. */
  public CompactionOperation(
      String partitionPath,
      String fileId,
      String baseInstantTime,
      Optional<String> dataFileName,
      List<String> deltaFileNames,
      Map<String, Double> metrics) {
    this(
        partitionPath,
        fileId,
        baseInstantTime,
        dataFileName,
        deltaFileNames,
        metrics,
        Optional.empty());
  }

  /**
   * Plans of version 1 held paths; version 2 file names. Either way the name is what identifies a
   * file.
   */
  private static String fileName(String pathOrName) {
    return pathOrName.substring(pathOrName.lastIndexOf('/') + 1);
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("baseInstantTime", baseInstantTime);
    r.put("deltaFilePaths", new ArrayList<>(deltaFileNames));
    r.put("dataFilePath", dataFileName.orElse(null));
    r.put("fileId", fileId);
    r.put("partitionPath", partitionPath);
    r.put("metrics", metrics);
    r.put("bootstrapFilePath", bootstrapFilePath.orElse(null));
    return r;
  }

  static CompactionOperation fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new CompactionOperation(
        Objects.requireNonNullElse(AvroInstantFile.string(r.get("partitionPath")), ""),
        AvroInstantFile.string(r.get("fileId")),
        AvroInstantFile.string(r.get("baseInstantTime")),
        Optional.ofNullable(AvroInstantFile.string(r.get("dataFilePath")))
            .filter(s -> !s.isEmpty())
            .map(CompactionOperation::fileName),
        AvroInstantFile.strings(r.get("deltaFilePaths")).stream()
            .map(CompactionOperation::fileName)
            .collect(java.util.stream.Collectors.toList()),
        AvroInstantFile.map(r.get("metrics"), v -> ((Number) v).doubleValue()),
        Optional.ofNullable(AvroInstantFile.string(r.get("bootstrapFilePath")))
            .filter(s -> !s.isEmpty()));
  }
}
