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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.apache.avro.generic.GenericRecord;

/**
 * Merges the records of a metadata file slice as Hudi merges them when it compacts the metadata
 * table: the log records of a key are folded oldest first ({@code HoodieMergedLogRecordScanner}
 * calls {@code newer.preCombine(older)}), then the result is merged over the base file's record of
 * the key ({@code HoodieMetadataPayload.combineAndGetUpdateValue}, which also calls {@code
 * preCombine}); a key whose payload ends a deletion is not written ({@code
 * HoodieMetadataPayload.getInsertValue} is empty when {@code isDeletedRecord}). A payload read from
 * a file is no deletion; {@code preCombine} returns the newer payload when either is a deletion
 * payload, else a new one whose {@code isDeletedRecord} is the merged record's deletion. The
 * partition's {@code preCombine} is {@link FilesSliceMerge#combine} for {@code files}, {@link
 * StatsSliceMerge#combine} for {@code column_stats} and {@code partition_stats}.
 */
final class SliceMerge {
  private SliceMerge() {}

  /**
   * The merged records of a slice, by key in unsigned UTF-8 byte order (the HFile order).
   *
   * @param base the base file's records
   * @param logs the log records, oldest first (file version order, block order, record order)
   * @param copy a record as kept when nothing merges with it
   * @param combine {@code preCombine}: (older, newer) to the merged record
   * @param deletion whether a record {@code combine} produced is a deletion
   */
  static List<GenericRecord> merge(
      List<GenericRecord> base,
      List<GenericRecord> logs,
      UnaryOperator<GenericRecord> copy,
      BinaryOperator<GenericRecord> combine,
      Predicate<GenericRecord> deletion) {
    // Per key, whether its payload is a deletion (HoodieMetadataPayload.isDeletedRecord).
    Map<String, Boolean> deletedPayload = new HashMap<>();
    Map<String, GenericRecord> fromLogs = new LinkedHashMap<>();
    for (GenericRecord record : logs) {
      String key = record.get("key").toString();
      GenericRecord older = fromLogs.get(key);
      if (older == null) {
        fromLogs.put(key, copy.apply(record));
        deletedPayload.put(key, false);
      } else {
        GenericRecord result = combine.apply(older, record);
        // preCombine returns the newer (read from a file: no deletion payload) when the older
        // payload is a deletion, else a new payload whose isDeletedRecord is the merge's isDeleted.
        deletedPayload.put(key, !deletedPayload.get(key) && deletion.test(result));
        fromLogs.put(key, result);
      }
    }
    Map<byte[], GenericRecord> merged = new TreeMap<>(Arrays::compareUnsigned);
    for (GenericRecord record : base) {
      String key = record.get("key").toString();
      GenericRecord newer = fromLogs.remove(key);
      GenericRecord result;
      if (newer == null) {
        result = copy.apply(record);
        deletedPayload.put(key, false);
      } else {
        result = combine.apply(record, newer);
        // The log payload's preCombine over the base file's (never a deletion payload).
        deletedPayload.put(key, deletedPayload.get(key) || deletion.test(result));
      }
      merged.put(key.getBytes(StandardCharsets.UTF_8), result);
    }
    fromLogs.forEach((key, record) -> merged.put(key.getBytes(StandardCharsets.UTF_8), record));
    List<GenericRecord> result = new ArrayList<>();
    for (GenericRecord record : merged.values()) {
      if (!deletedPayload.get(record.get("key").toString())) {
        result.add(record);
      }
    }
    return result;
  }
}
