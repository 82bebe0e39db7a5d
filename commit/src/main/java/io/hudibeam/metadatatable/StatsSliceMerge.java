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

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Merges the records of a {@code column_stats} or {@code partition_stats} slice as Hudi 1.0.2
 * compacts them ({@link SliceMerge}). {@code HoodieMetadataPayload.preCombine}: a deleted record on
 * either side yields the newer whole; otherwise {@code
 * MetadataPartitionType.combineMetadataPayloads} (COLUMN_STATS, PARTITION_STATS) builds a record of
 * the newer's key and the partition's type over {@code
 * HoodieTableMetadataUtil.mergeColumnStatsRecords(older, newer)}: the newer's statistics when
 * either is deleted or the newer is a tight bound, else the newer's file and column names, the
 * minimum of the non-null minimums, the maximum of the non-null maximums (compared unwrapped,
 * {@code HoodieAvroUtils.unwrapAvroValueWrapper}), the four counts summed, the newer's {@code
 * isDeleted} and {@code isTightBound}. A merged deleted record is not written at compaction ({@code
 * HoodieMetadataPayload.getInsertValue} is empty when {@code isDeleted}).
 */
final class StatsSliceMerge {
  private static final String STATS = "ColumnStatsMetadata";

  private StatsSliceMerge() {}

  /**
   * The merged records of a slice, by key in unsigned UTF-8 byte order, merged deletions left out.
   *
   * @param base the base file's records
   * @param logs the log records, oldest first
   */
  static List<GenericRecord> merge(List<GenericRecord> base, List<GenericRecord> logs) {
    return SliceMerge.merge(base, logs, r -> r, StatsSliceMerge::combine, StatsSliceMerge::deleted);
  }

  /**
   * {@code newer.preCombine(older)} for a {@code column_stats} or {@code partition_stats} record.
   */
  static GenericRecord combine(GenericRecord older, GenericRecord newer) {
    int type = ((Number) newer.get("type")).intValue();
    if (type != ColumnStatsRecords.TYPE_COLUMN_STATS
        && type != ColumnStatsRecords.TYPE_PARTITION_STATS) {
      throw new IllegalArgumentException(
          "Record '" + newer.get("key") + "' of type " + type + " is not a statistics record");
    }
    if (deleted(newer) || deleted(older)) {
      return newer;
    }
    GenericRecord o = stats(older);
    GenericRecord n = stats(newer);
    GenericRecord merged;
    if (Boolean.TRUE.equals(n.get("isTightBound"))) {
      merged = n;
    } else {
      String key = newer.get("key").toString();
      merged = new GenericData.Record(n.getSchema());
      merged.put("fileName", n.get("fileName"));
      merged.put("columnName", n.get("columnName"));
      merged.put("minValue", pick(key, o.get("minValue"), n.get("minValue"), true));
      merged.put("maxValue", pick(key, o.get("maxValue"), n.get("maxValue"), false));
      for (String count :
          List.of("valueCount", "nullCount", "totalSize", "totalUncompressedSize")) {
        merged.put(count, number(key, o, count) + number(key, n, count));
      }
      merged.put("isDeleted", n.get("isDeleted"));
      merged.put("isTightBound", n.get("isTightBound"));
    }
    GenericRecord result = new GenericData.Record(newer.getSchema());
    result.put("key", newer.get("key").toString());
    result.put("type", type);
    result.put(STATS, merged);
    return result;
  }

  /** Whether the record's payload is a deletion ({@code ColumnStatsMetadata.isDeleted}). */
  static boolean deleted(GenericRecord record) {
    return Boolean.TRUE.equals(stats(record).get("isDeleted"));
  }

  private static GenericRecord stats(GenericRecord record) {
    Object stats = record.get(STATS);
    if (!(stats instanceof GenericRecord s)) {
      throw new IllegalArgumentException(
          "Record '" + record.get("key") + "' has no " + STATS + " to merge");
    }
    return s;
  }

  private static long number(String key, GenericRecord stats, String field) {
    if (!(stats.get(field) instanceof Number n)) {
      throw new IllegalArgumentException(
          "Record '" + key + "' has no " + field + " in " + STATS + " (Hudi's merge sums it)");
    }
    return n.longValue();
  }

  /**
   * The wrapper of the smaller (or larger) unwrapped value; nulls ignored, as Hudi's streams do.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object pick(String key, Object older, Object newer, boolean smaller) {
    Comparable a = unwrap(older);
    Comparable b = unwrap(newer);
    if (a == null) {
      return b == null ? null : newer;
    }
    if (b == null) {
      return older;
    }
    if (a.getClass() != b.getClass()) {
      throw new IllegalStateException(
          "Record '"
              + key
              + "' has statistics of differing types "
              + a.getClass().getSimpleName()
              + " and "
              + b.getClass().getSimpleName()
              + " to merge");
    }
    int c = a.compareTo(b);
    // Stream.min/max keep the first of equal values: the older.
    return smaller ? (c <= 0 ? older : newer) : (c >= 0 ? older : newer);
  }

  /** The value of a wrapper record as Hudi compares it ({@code unwrapAvroValueWrapper}). */
  @SuppressWarnings("rawtypes")
  private static Comparable unwrap(Object wrapper) {
    if (!(wrapper instanceof GenericRecord w)) {
      return null;
    }
    Object value = w.get("value");
    if (value instanceof CharSequence s) {
      return s.toString();
    }
    if (value instanceof ByteBuffer bytes) {
      Schema schema = w.getSchema().getField("value").schema();
      if (schema.getLogicalType() instanceof LogicalTypes.Decimal d) {
        byte[] unscaled = new byte[bytes.remaining()];
        bytes.duplicate().get(unscaled);
        return new BigDecimal(new BigInteger(unscaled), d.getScale());
      }
      return bytes.duplicate();
    }
    return (Comparable) value;
  }
}
