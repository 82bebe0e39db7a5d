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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Content of {@code <instant>.clean.requested} and {@code <instant>.clean.inflight} (Avro {@code
 * HoodieCleanerPlan}): the files a clean instant will delete.
 *
 * @param earliestInstantToRetain the oldest instant whose file slices are kept; null when the
 *     policy does not use one
 * @param lastCompletedCommitTimestamp latest completed commit when planning, or {@code ""}
 * @param filesToBeDeletedPerPartition deprecated field, empty in plans Hudi writes
 * @param filePathsToBeDeletedPerPartition partition path to the files to delete
 * @param partitionsToBeDeleted partition paths left without file groups
 */
public record CleanerPlan(
    ActionInstant earliestInstantToRetain,
    String lastCompletedCommitTimestamp,
    CleaningPolicy policy,
    Map<String, List<String>> filesToBeDeletedPerPartition,
    int version,
    Map<String, List<CleanFileInfo>> filePathsToBeDeletedPerPartition,
    List<String> partitionsToBeDeleted,
    Map<String, String> extraMetadata) {

  /** The plan version Hudi 0.14/0.15 writes ({@code CleanPlanner.LATEST_CLEAN_PLAN_VERSION}). */
  public static final int LATEST_VERSION = 2;

  private static final Schema SCHEMA = AvroInstantFile.loadSchema("HoodieCleanerPlan");

  public CleanerPlan {
    Objects.requireNonNull(lastCompletedCommitTimestamp, "lastCompletedCommitTimestamp");
    Objects.requireNonNull(policy, "policy");
    filesToBeDeletedPerPartition = copyLists(filesToBeDeletedPerPartition);
    filePathsToBeDeletedPerPartition = copyLists(filePathsToBeDeletedPerPartition);
    partitionsToBeDeleted = List.copyOf(partitionsToBeDeleted);
    extraMetadata = AvroInstantFile.copy(extraMetadata);
  }

  /**
   * A plan as Hudi's {@code CleanPlanActionExecutor} writes it (latest version, empty deprecated
   * and extra fields).
   */
  public static CleanerPlan of(
      ActionInstant earliestInstantToRetain,
      String lastCompletedCommitTimestamp,
      CleaningPolicy policy,
      Map<String, List<CleanFileInfo>> filePathsToBeDeletedPerPartition,
      List<String> partitionsToBeDeleted) {
    return new CleanerPlan(
        earliestInstantToRetain,
        lastCompletedCommitTimestamp,
        policy,
        Map.of(),
        LATEST_VERSION,
        filePathsToBeDeletedPerPartition,
        partitionsToBeDeleted,
        Map.of());
  }

  public Optional<ActionInstant> earliestInstant() {
    return Optional.ofNullable(earliestInstantToRetain);
  }

  public byte[] toBytes() {
    GenericRecord r = new GenericData.Record(SCHEMA);
    r.put(
        "earliestInstantToRetain",
        earliestInstantToRetain == null
            ? null
            : earliestInstantToRetain.toRecord(
                AvroInstantFile.field(SCHEMA, "earliestInstantToRetain")));
    r.put("lastCompletedCommitTimestamp", lastCompletedCommitTimestamp);
    r.put("policy", policy.format());
    r.put("filesToBeDeletedPerPartition", filesToBeDeletedPerPartition);
    r.put("version", version);
    Schema fileInfoSchema =
        AvroInstantFile.field(SCHEMA, "filePathsToBeDeletedPerPartition")
            .getValueType()
            .getElementType();
    Map<String, List<GenericRecord>> paths = new LinkedHashMap<>();
    filePathsToBeDeletedPerPartition.forEach(
        (p, files) -> {
          List<GenericRecord> records = new ArrayList<>();
          files.forEach(f -> records.add(f.toRecord(fileInfoSchema)));
          paths.put(p, records);
        });
    r.put("filePathsToBeDeletedPerPartition", paths);
    r.put("partitionsToBeDeleted", partitionsToBeDeleted);
    r.put("extraMetadata", extraMetadata);
    return AvroInstantFile.write(r);
  }

  public static CleanerPlan fromBytes(byte[] bytes) {
    return fromBytes(bytes, "cleaner plan");
  }

  /** Reads a cleaner plan; {@code what} (e.g. the instant file name) names the bytes in errors. */
  public static CleanerPlan fromBytes(byte[] bytes, String what) {
    GenericRecord r = AvroInstantFile.read(bytes, SCHEMA, what);
    try {
      Object earliest = r.get("earliestInstantToRetain");
      return new CleanerPlan(
          earliest == null ? null : ActionInstant.fromRecord(earliest),
          AvroInstantFile.string(r.get("lastCompletedCommitTimestamp")),
          CleaningPolicy.parse(AvroInstantFile.string(r.get("policy"))),
          AvroInstantFile.map(r.get("filesToBeDeletedPerPartition"), AvroInstantFile::strings),
          AvroInstantFile.intOr(r.get("version"), 1),
          AvroInstantFile.map(
              r.get("filePathsToBeDeletedPerPartition"),
              v -> AvroInstantFile.list(v, CleanFileInfo::fromRecord)),
          AvroInstantFile.strings(r.get("partitionsToBeDeleted")),
          AvroInstantFile.map(r.get("extraMetadata"), AvroInstantFile::string));
    } catch (NullPointerException | InvalidMetadataException e) {
      throw new InvalidMetadataException("Cannot read " + what + ": " + e.getMessage(), e);
    }
  }

  private static <T> Map<String, List<T>> copyLists(Map<String, List<T>> map) {
    Map<String, List<T>> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(Objects.requireNonNull(k), List.copyOf(v)));
    return Collections.unmodifiableMap(copy);
  }
}
