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
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * What a clean did in one partition path (Avro {@code HoodieCleanPartitionMetadata}). The file
 * lists hold file names, not paths.
 */
public record CleanPartitionMetadata(
    String partitionPath,
    CleaningPolicy policy,
    List<String> deletePathPatterns,
    List<String> successDeleteFiles,
    List<String> failedDeleteFiles,
    boolean isPartitionDeleted) {

  public CleanPartitionMetadata {
    Objects.requireNonNull(partitionPath, "partitionPath");
    Objects.requireNonNull(policy, "policy");
    deletePathPatterns = List.copyOf(deletePathPatterns);
    successDeleteFiles = List.copyOf(successDeleteFiles);
    failedDeleteFiles = List.copyOf(failedDeleteFiles);
  }

  GenericRecord toRecord(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("partitionPath", partitionPath);
    r.put("policy", policy.format());
    r.put("deletePathPatterns", deletePathPatterns);
    r.put("successDeleteFiles", successDeleteFiles);
    r.put("failedDeleteFiles", failedDeleteFiles);
    r.put("isPartitionDeleted", isPartitionDeleted);
    return r;
  }

  static CleanPartitionMetadata fromRecord(Object value) {
    GenericRecord r = (GenericRecord) value;
    return new CleanPartitionMetadata(
        AvroInstantFile.string(r.get("partitionPath")),
        CleaningPolicy.parse(AvroInstantFile.string(r.get("policy"))),
        AvroInstantFile.strings(r.get("deletePathPatterns")),
        AvroInstantFile.strings(r.get("successDeleteFiles")),
        AvroInstantFile.strings(r.get("failedDeleteFiles")),
        Boolean.TRUE.equals(r.get("isPartitionDeleted")));
  }
}
