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
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Content of a completed {@code <instant>.rollback} (Avro {@code HoodieRollbackMetadata}).
 *
 * @param startRollbackTime the rollback instant's time
 * @param commitsRollback times of the rolled-back instants
 * @param partitionMetadata partition path to what was deleted there
 * @param instantsRollback the rolled-back instants with their actions
 */
public record RollbackMetadata(
    String startRollbackTime,
    long timeTakenInMillis,
    int totalFilesDeleted,
    List<String> commitsRollback,
    Map<String, RollbackPartitionMetadata> partitionMetadata,
    int version,
    List<InstantInfo> instantsRollback) {

  /** The version Hudi 0.14/0.15 writes ({@code TimelineMetadataUtils.DEFAULT_VERSION}). */
  public static final int LATEST_VERSION = 1;

  private static final Schema SCHEMA = AvroInstantFile.loadSchema("HoodieRollbackMetadata");

  public RollbackMetadata {
    Objects.requireNonNull(startRollbackTime, "startRollbackTime");
    commitsRollback = List.copyOf(commitsRollback);
    partitionMetadata = AvroInstantFile.copy(partitionMetadata);
    instantsRollback = List.copyOf(instantsRollback);
  }

  /**
   * Metadata of a rollback of the given instants, built as Hudi's {@code
   * TimelineMetadataUtils.convertRollbackMetadata}: totalFilesDeleted is the number of successfully
   * deleted files over all partitions.
   */
  public static RollbackMetadata of(
      String startRollbackTime,
      long timeTakenInMillis,
      List<InstantInfo> rolledBack,
      List<RollbackPartitionMetadata> partitions) {
    Map<String, RollbackPartitionMetadata> byPartition = new LinkedHashMap<>();
    int deleted = 0;
    for (RollbackPartitionMetadata partition : partitions) {
      byPartition.put(partition.partitionPath(), partition);
      deleted += partition.successDeleteFiles().size();
    }
    List<String> times = rolledBack.stream().map(InstantInfo::commitTime).toList();
    return new RollbackMetadata(
        startRollbackTime,
        timeTakenInMillis,
        deleted,
        times,
        byPartition,
        LATEST_VERSION,
        rolledBack);
  }

  public byte[] toBytes() {
    GenericRecord r = new GenericData.Record(SCHEMA);
    r.put("startRollbackTime", startRollbackTime);
    r.put("timeTakenInMillis", timeTakenInMillis);
    r.put("totalFilesDeleted", totalFilesDeleted);
    r.put("commitsRollback", commitsRollback);
    Schema partitionSchema = AvroInstantFile.field(SCHEMA, "partitionMetadata").getValueType();
    Map<String, GenericRecord> partitions = new LinkedHashMap<>();
    partitionMetadata.forEach((p, m) -> partitions.put(p, m.toRecord(partitionSchema)));
    r.put("partitionMetadata", partitions);
    r.put("version", version);
    Schema instantSchema = AvroInstantFile.field(SCHEMA, "instantsRollback").getElementType();
    List<GenericRecord> instants = new ArrayList<>();
    for (InstantInfo instant : instantsRollback) {
      instants.add(instant.toRecord(instantSchema));
    }
    r.put("instantsRollback", instants);
    return AvroInstantFile.write(r);
  }

  public static RollbackMetadata fromBytes(byte[] bytes) {
    return fromBytes(bytes, "rollback metadata");
  }

  /**
   * Reads rollback metadata; {@code what} (e.g. the instant file name) names the bytes in errors.
   */
  public static RollbackMetadata fromBytes(byte[] bytes, String what) {
    GenericRecord r = AvroInstantFile.read(bytes, SCHEMA, what);
    try {
      return new RollbackMetadata(
          AvroInstantFile.string(r.get("startRollbackTime")),
          (Long) r.get("timeTakenInMillis"),
          (Integer) r.get("totalFilesDeleted"),
          AvroInstantFile.strings(r.get("commitsRollback")),
          AvroInstantFile.map(r.get("partitionMetadata"), RollbackPartitionMetadata::fromRecord),
          AvroInstantFile.intOr(r.get("version"), LATEST_VERSION),
          AvroInstantFile.list(r.get("instantsRollback"), InstantInfo::fromRecord));
    } catch (NullPointerException e) {
      throw new InvalidMetadataException(
          "Cannot read " + what + ": required field " + e.getMessage() + " is null", e);
    }
  }
}
