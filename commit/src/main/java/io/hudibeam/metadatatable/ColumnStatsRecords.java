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
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The {@code column_stats} records of the metadata table (type 3), as Hudi 1.0.2's {@code
 * HoodieMetadataPayload.createColumnStatsRecord} builds them: key {@link ColumnStatsKeys#key},
 * {@code ColumnStatsMetadata} with the file name, the column, min and max wrapped as {@code
 * HoodieAvroUtils.wrapValueIntoAvro} wraps them, the counts and sizes, {@code isDeleted} and {@code
 * isTightBound} false.
 */
final class ColumnStatsRecords {
  static final int TYPE_COLUMN_STATS = 3;

  /** {@code MetadataPartitionType.PARTITION_STATS.getRecordType()}. */
  static final int TYPE_PARTITION_STATS = 6;

  /** The scale of {@code DecimalWrapper} in the record schema. */
  private static final int DECIMAL_SCALE = 15;

  private ColumnStatsRecords() {}

  /** The record of {@code range} of a file in {@code partitionPath}. */
  static GenericRecord record(
      Schema schema, String partitionPath, ColumnRange range, boolean deleted) {
    return record(
        schema,
        ColumnStatsKeys.key(partitionPath, range.fileName(), range.column()),
        TYPE_COLUMN_STATS,
        range,
        deleted,
        false);
  }

  /**
   * The {@code partition_stats} record of {@code range}, the column's range over a partition
   * ({@code HoodieMetadataPayload.createPartitionStatsRecords}: the file name is the partition
   * path, {@code isTightBound} true when computed from the latest file slices).
   */
  static GenericRecord partitionStatsRecord(Schema schema, ColumnRange range) {
    return record(
        schema,
        ColumnStatsKeys.partitionStatsKey(range.fileName(), range.column()),
        TYPE_PARTITION_STATS,
        range,
        false,
        true);
  }

  private static GenericRecord record(
      Schema schema, String key, int type, ColumnRange range, boolean deleted, boolean tight) {
    Schema stats = nonNull(schema.getField("ColumnStatsMetadata").schema());
    Schema valueUnion = stats.getField("minValue").schema();
    GenericRecord s = new GenericData.Record(stats);
    s.put("fileName", range.fileName());
    s.put("columnName", range.column());
    s.put("minValue", wrap(valueUnion, range.min()));
    s.put("maxValue", wrap(valueUnion, range.max()));
    s.put("nullCount", range.nullCount());
    s.put("valueCount", range.valueCount());
    s.put("totalSize", range.totalSize());
    s.put("totalUncompressedSize", range.totalUncompressedSize());
    s.put("isDeleted", deleted);
    s.put("isTightBound", tight);
    GenericRecord r = new GenericData.Record(schema);
    r.put("key", key);
    r.put("type", type);
    r.put("ColumnStatsMetadata", s);
    return r;
  }

  private static GenericRecord wrap(Schema union, Object value) {
    if (value == null) {
      return null;
    }
    String wrapper;
    Object wrapped = value;
    if (value instanceof Boolean) {
      wrapper = "BooleanWrapper";
    } else if (value instanceof Integer) {
      wrapper = "IntWrapper";
    } else if (value instanceof Long) {
      wrapper = "LongWrapper";
    } else if (value instanceof Float) {
      wrapper = "FloatWrapper";
    } else if (value instanceof Double) {
      wrapper = "DoubleWrapper";
    } else if (value instanceof String) {
      wrapper = "StringWrapper";
    } else if (value instanceof ByteBuffer) {
      wrapper = "BytesWrapper";
    } else if (value instanceof java.sql.Date d) {
      wrapper = "DateWrapper";
      wrapped = (int) d.toLocalDate().toEpochDay();
    } else if (value instanceof BigDecimal d) {
      wrapper = "DecimalWrapper";
      wrapped =
          ByteBuffer.wrap(
              d.setScale(DECIMAL_SCALE, RoundingMode.UNNECESSARY).unscaledValue().toByteArray());
    } else {
      throw new IllegalArgumentException(
          "Column statistics value "
              + value
              + " of type "
              + value.getClass().getName()
              + " has no column_stats wrapper this writer writes");
    }
    for (Schema s : union.getTypes()) {
      if (s.getType() == Schema.Type.RECORD && s.getName().equals(wrapper)) {
        GenericRecord r = new GenericData.Record(s);
        r.put("value", wrapped);
        return r;
      }
    }
    throw new IllegalStateException("The metadata record schema has no " + wrapper);
  }

  private static Schema nonNull(Schema union) {
    for (Schema s : union.getTypes()) {
      if (s.getType() != Schema.Type.NULL) {
        return s;
      }
    }
    throw new IllegalStateException("Union " + union + " has only null");
  }
}
