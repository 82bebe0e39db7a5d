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

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Content of a completed {@code <instant>.clean} (Avro {@code HoodieCleanMetadata}). Official
 * writers start their next incremental clean from {@link #earliestCommitToRetain()}, so it must be
 * truthful.
 *
 * @param startCleanTime the clean instant's time
 * @param earliestCommitToRetain the plan's earliest instant to retain, or {@code ""}
 * @param partitionMetadata partition path to what was deleted there
 * @param bootstrapPartitionMetadata the same for bootstrap source files; empty for tables we write
 */
public record CleanMetadata(
    String startCleanTime,
    long timeTakenInMillis,
    int totalFilesDeleted,
    String earliestCommitToRetain,
    String lastCompletedCommitTimestamp,
    Map<String, CleanPartitionMetadata> partitionMetadata,
    int version,
    Map<String, CleanPartitionMetadata> bootstrapPartitionMetadata,
    Map<String, String> extraMetadata) {

  /** The version Hudi 0.14/0.15 writes ({@code CleanerUtils.LATEST_CLEAN_METADATA_VERSION}). */
  public static final int LATEST_VERSION = 2;

  private static final Schema SCHEMA = AvroInstantFile.loadSchema("HoodieCleanMetadata");

  public CleanMetadata {
    Objects.requireNonNull(startCleanTime, "startCleanTime");
    Objects.requireNonNull(earliestCommitToRetain, "earliestCommitToRetain");
    Objects.requireNonNull(lastCompletedCommitTimestamp, "lastCompletedCommitTimestamp");
    partitionMetadata = AvroInstantFile.copy(partitionMetadata);
    bootstrapPartitionMetadata = AvroInstantFile.copy(bootstrapPartitionMetadata);
    extraMetadata = AvroInstantFile.copy(extraMetadata);
  }

  /**
   * Metadata as Hudi's {@code CleanerUtils.convertCleanMetadata} builds it: totalFilesDeleted is
   * the number of successfully deleted files over all partitions.
   */
  public static CleanMetadata of(
      String startCleanTime,
      long timeTakenInMillis,
      String earliestCommitToRetain,
      String lastCompletedCommitTimestamp,
      Map<String, CleanPartitionMetadata> partitionMetadata) {
    int deleted =
        partitionMetadata.values().stream().mapToInt(p -> p.successDeleteFiles().size()).sum();
    return new CleanMetadata(
        startCleanTime,
        timeTakenInMillis,
        deleted,
        earliestCommitToRetain,
        lastCompletedCommitTimestamp,
        partitionMetadata,
        LATEST_VERSION,
        Map.of(),
        Map.of());
  }

  public byte[] toBytes() {
    GenericRecord r = new GenericData.Record(SCHEMA);
    r.put("startCleanTime", startCleanTime);
    r.put("timeTakenInMillis", timeTakenInMillis);
    r.put("totalFilesDeleted", totalFilesDeleted);
    r.put("earliestCommitToRetain", earliestCommitToRetain);
    r.put("lastCompletedCommitTimestamp", lastCompletedCommitTimestamp);
    Schema partitionSchema = AvroInstantFile.field(SCHEMA, "partitionMetadata").getValueType();
    r.put("partitionMetadata", toRecords(partitionMetadata, partitionSchema));
    r.put("version", version);
    r.put("bootstrapPartitionMetadata", toRecords(bootstrapPartitionMetadata, partitionSchema));
    r.put("extraMetadata", extraMetadata);
    return AvroInstantFile.write(r);
  }

  public static CleanMetadata fromBytes(byte[] bytes) {
    return fromBytes(bytes, "clean metadata");
  }

  /** Reads clean metadata; {@code what} (e.g. the instant file name) names the bytes in errors. */
  public static CleanMetadata fromBytes(byte[] bytes, String what) {
    GenericRecord r = AvroInstantFile.read(bytes, SCHEMA, what);
    try {
      return new CleanMetadata(
          AvroInstantFile.string(r.get("startCleanTime")),
          (Long) r.get("timeTakenInMillis"),
          (Integer) r.get("totalFilesDeleted"),
          AvroInstantFile.string(r.get("earliestCommitToRetain")),
          AvroInstantFile.string(r.get("lastCompletedCommitTimestamp")),
          AvroInstantFile.map(r.get("partitionMetadata"), CleanPartitionMetadata::fromRecord),
          AvroInstantFile.intOr(r.get("version"), 1),
          AvroInstantFile.map(
              r.get("bootstrapPartitionMetadata"), CleanPartitionMetadata::fromRecord),
          AvroInstantFile.map(r.get("extraMetadata"), AvroInstantFile::string));
    } catch (NullPointerException | InvalidMetadataException e) {
      throw new InvalidMetadataException("Cannot read " + what + ": " + e.getMessage(), e);
    }
  }

  private static Map<String, GenericRecord> toRecords(
      Map<String, CleanPartitionMetadata> map, Schema schema) {
    Map<String, GenericRecord> records = new LinkedHashMap<>();
    map.forEach((p, m) -> records.put(p, m.toRecord(schema)));
    return records;
  }
}
