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
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Content of {@code <instant>.compaction.requested} (Avro {@code HoodieCompactionPlan}, written
 * with {@code TimelineMetadataUtils.serializeCompactionPlan}): the file slices to compact. Version
 * 2 ({@code CompactionUtils.LATEST_COMPACTION_METADATA_VERSION}) holds file names, not paths.
 */
public record CompactionPlan(
    List<CompactionOperation> operations, Map<String, String> extraMetadata, int version) {

  /** The plan version Hudi 0.15 writes. */
  public static final int LATEST_VERSION = 2;

  private static final Schema SCHEMA = AvroInstantFile.loadSchema("HoodieCompactionPlan");

  public CompactionPlan {
    operations = List.copyOf(operations);
    extraMetadata = AvroInstantFile.copy(Objects.requireNonNull(extraMetadata, "extraMetadata"));
  }

  public static CompactionPlan of(List<CompactionOperation> operations) {
    return new CompactionPlan(operations, Map.of(), LATEST_VERSION);
  }

  public byte[] toBytes() {
    GenericRecord r = new GenericData.Record(SCHEMA);
    Schema operationSchema = AvroInstantFile.field(SCHEMA, "operations").getElementType();
    List<GenericRecord> records = new ArrayList<>();
    for (CompactionOperation operation : operations) {
      records.add(operation.toRecord(operationSchema));
    }
    r.put("operations", records);
    r.put("extraMetadata", extraMetadata.isEmpty() ? null : extraMetadata);
    r.put("version", version);
    r.put("strategy", null);
    r.put("preserveHoodieMetadata", false);
    return AvroInstantFile.write(r);
  }

  /**
   * Reads a compaction plan; {@code what} (e.g. the instant file name) names the bytes in errors.
   */
  public static CompactionPlan fromBytes(byte[] bytes, String what) {
    GenericRecord r = AvroInstantFile.read(bytes, SCHEMA, what);
    int version = AvroInstantFile.intOr(r.get("version"), 1);
    if (version != LATEST_VERSION) {
      throw new InvalidMetadataException(
          "Cannot read "
              + what
              + ": compaction plan version "
              + version
              + " is not supported; expected "
              + LATEST_VERSION
              + " (file names, as Hudi 0.10 and later write)");
    }
    return new CompactionPlan(
        AvroInstantFile.list(r.get("operations"), CompactionOperation::fromRecord),
        AvroInstantFile.map(r.get("extraMetadata"), AvroInstantFile::string),
        version);
  }
}
