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
package io.hudibeam.metadatatable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Merges the records of a {@code files} file slice as Hudi 0.15 merges them when it compacts the
 * metadata table: the log records of a key are folded oldest first ({@code
 * HoodieMergedLogRecordScanner} calls {@code newer.preCombine(older)}), then the result is merged
 * over the base file's record of the key ({@code HoodieMetadataPayload.combineAndGetUpdateValue},
 * which also calls {@code preCombine}). Both steps use {@code
 * HoodieMetadataPayload.combineFileSystemMetadata} for partition-list (type 1) and file-list (type
 * 2) records: the older map's entries, then each newer entry merged in; a newer deletion removes an
 * entry the older map has and is kept as a tombstone when the older map has none (or has one too);
 * otherwise the entry becomes {@code {max(size), isDeleted=false}}.
 */
final class FilesSliceMerge {
  private FilesSliceMerge() {}

  /**
   * The merged records of a slice, by key in unsigned UTF-8 byte order (the HFile order; {@link
   * SliceMerge}).
   *
   * @param base the base file's records
   * @param logs the log records, oldest first (file version order, block order, record order)
   */
  static List<GenericRecord> merge(
      List<GenericRecord> base, List<GenericRecord> logs, Schema schema) {
    return SliceMerge.merge(
        base,
        logs,
        r -> copy(r, schema),
        (older, newer) -> combine(older, newer, schema),
        r -> false);
  }

  /** {@code newer.preCombine(older)} for a files-partition record. */
  static GenericRecord combine(GenericRecord older, GenericRecord newer, Schema schema) {
    int type = ((Number) newer.get("type")).intValue();
    if (type != MetadataRecords.TYPE_PARTITION_LIST && type != MetadataRecords.TYPE_FILE_LIST) {
      throw new IllegalArgumentException(
          "Record '" + newer.get("key") + "' of type " + type + " is not a files-partition record");
    }
    Map<String, GenericRecord> combined = new LinkedHashMap<>(MetadataRecords.fileEntries(older));
    for (Map.Entry<String, GenericRecord> e : MetadataRecords.fileEntries(newer).entrySet()) {
      GenericRecord previous = combined.get(e.getKey());
      GenericRecord info = e.getValue();
      if (previous == null) {
        combined.put(e.getKey(), info);
      } else if (MetadataRecords.isDeleted(info)) {
        if (MetadataRecords.isDeleted(previous)) {
          combined.put(e.getKey(), info);
        } else {
          combined.remove(e.getKey());
        }
      } else {
        combined.put(e.getKey(), fileInfo(schema, Math.max(size(info), size(previous)), false));
      }
    }
    GenericRecord result = new GenericData.Record(schema);
    result.put("key", newer.get("key").toString());
    result.put("type", type);
    result.put("filesystemMetadata", combined);
    return result;
  }

  private static GenericRecord copy(GenericRecord record, Schema schema) {
    GenericRecord result = new GenericData.Record(schema);
    result.put("key", record.get("key").toString());
    result.put("type", ((Number) record.get("type")).intValue());
    result.put("filesystemMetadata", MetadataRecords.fileEntries(record));
    return result;
  }

  private static long size(GenericRecord info) {
    return ((Number) info.get("size")).longValue();
  }

  private static GenericRecord fileInfo(Schema schema, long size, boolean deleted) {
    Schema fileInfo =
        schema.getField("filesystemMetadata").schema().getTypes().get(1).getValueType();
    GenericRecord info = new GenericData.Record(fileInfo);
    info.put("size", size);
    info.put("isDeleted", deleted);
    return info;
  }
}
