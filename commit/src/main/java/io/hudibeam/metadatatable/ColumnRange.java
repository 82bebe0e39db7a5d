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

import io.hudibeam.basefile.BaseFileInput;
import io.hudibeam.log.LogBlock;
import io.hudibeam.log.LogBlockType;
import io.hudibeam.log.LogFileReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The statistics of one column in one data file, as Hudi 1.0.2's {@code HoodieColumnRangeMetadata}
 * holds them (docs/format.md §11.1): min and max of the non-null values (null when none), the
 * number of nulls and of values, and the column's stored sizes.
 *
 * @param fileName the data file's name
 * @param column the column (a top-level field)
 * @param min the smallest value: String, Integer, Long, Float, Double, Boolean, BigDecimal, ...
 * @param max the largest value
 */
public record ColumnRange(
    String fileName,
    String column,
    Object min,
    Object max,
    long nullCount,
    long valueCount,
    long totalSize,
    long totalUncompressedSize) {

  /** The stub of a deleted file's column ({@code HoodieColumnRangeMetadata.stub}). */
  static ColumnRange deleted(String fileName, String column) {
    return new ColumnRange(fileName, column, null, null, -1, -1, -1, -1);
  }

  /**
   * The ranges of {@code columns} in Parquet base file {@code path}, from its footer ({@code
   * ParquetUtils.readColumnStatsFromMetadata}): per row group, merged over row groups. Columns the
   * file does not have get no range.
   */
  static List<ColumnRange> ofParquet(Configuration conf, Path path, List<String> columns) {
    ParquetMetadata footer;
    try (ParquetFileReader reader = BaseFileInput.of(path, conf).openReader()) {
      footer = reader.getFooter();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the Parquet footer of " + path, e);
    }
    Map<String, ColumnRange> ranges = new LinkedHashMap<>();
    for (BlockMetaData block : footer.getBlocks()) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        String column = chunk.getPath().toDotString();
        if (!columns.contains(column)) {
          continue;
        }
        Statistics<?> stats = chunk.getStatistics();
        PrimitiveType type = chunk.getPrimitiveType();
        ColumnRange range =
            new ColumnRange(
                path.getName(),
                column,
                nativeValue(type, stats.genericGetMin()),
                nativeValue(type, stats.genericGetMax()),
                stats.isEmpty() ? chunk.getValueCount() : stats.getNumNulls(),
                chunk.getValueCount(),
                chunk.getTotalSize(),
                chunk.getTotalUncompressedSize());
        ranges.merge(column, range, ColumnRange::merge);
      }
    }
    return new ArrayList<>(ranges.values());
  }

  /**
   * The ranges of {@code columns} over the records of the data blocks of log file {@code path}
   * ({@code HoodieTableMetadataUtil.getLogFileColumnRangeMetadata} / {@code
   * collectColumnRangeMetadata}): sizes 0. Columns the records do not have get no range.
   */
  static List<ColumnRange> ofLogFile(Configuration conf, Path path, List<String> columns) {
    Map<String, ColumnRange> ranges = new LinkedHashMap<>();
    for (LogBlock block : LogFileReader.readAll(conf, path)) {
      if (block.type() != LogBlockType.AVRO_DATA_BLOCK
          && block.type() != LogBlockType.PARQUET_DATA_BLOCK
          && block.type() != LogBlockType.HFILE_DATA_BLOCK) {
        continue;
      }
      Schema schema = block.schema();
      for (GenericRecord record : block.records()) {
        for (String column : columns) {
          if (schema.getField(column) == null) {
            continue;
          }
          Object value = comparable(record.get(column));
          ColumnRange one =
              new ColumnRange(path.getName(), column, value, value, value == null ? 1 : 0, 1, 0, 0);
          ranges.merge(column, one, ColumnRange::merge);
        }
      }
    }
    List<ColumnRange> out = new ArrayList<>();
    for (String column : columns) {
      if (ranges.containsKey(column)) {
        out.add(ranges.get(column));
      }
    }
    return out;
  }

  /** This range under another file name (a partition's range carries the partition path). */
  ColumnRange inFile(String name) {
    return new ColumnRange(
        name, column, min, max, nullCount, valueCount, totalSize, totalUncompressedSize);
  }

  /** Two ranges of one column combined ({@code HoodieColumnRangeMetadata.merge}). */
  ColumnRange merge(ColumnRange other) {
    return new ColumnRange(
        fileName,
        column,
        pick(min, other.min, true),
        pick(max, other.max, false),
        nullCount + other.nullCount,
        valueCount + other.valueCount,
        totalSize + other.totalSize,
        totalUncompressedSize + other.totalUncompressedSize);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object pick(Object a, Object b, boolean smaller) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    int c = ((Comparable) a).compareTo(b);
    return smaller ? (c <= 0 ? a : b) : (c >= 0 ? a : b);
  }

  /** An Avro value as the Java value Hudi compares (strings as {@link String}). */
  private static Object comparable(Object value) {
    if (value instanceof CharSequence s) {
      return s.toString();
    }
    if (value instanceof GenericRecord || value instanceof java.util.Collection<?>) {
      return null;
    }
    return value;
  }

  /** A Parquet statistic as Hudi's {@code ParquetUtils.convertToNativeJavaType} converts it. */
  @SuppressWarnings("deprecation")
  private static Object nativeValue(PrimitiveType type, Object value) {
    if (value == null) {
      return null;
    }
    OriginalType original = type.getOriginalType();
    if (original == OriginalType.DECIMAL) {
      int scale = type.getDecimalMetadata().getScale();
      if (value instanceof Integer i) {
        return BigDecimal.valueOf(i, scale);
      }
      if (value instanceof Long l) {
        return BigDecimal.valueOf(l, scale);
      }
      return new BigDecimal(new BigInteger(((Binary) value).getBytesUnsafe()), scale);
    }
    if (original == OriginalType.DATE) {
      return java.sql.Date.valueOf(type.stringifier().stringify((Integer) value));
    }
    if (original == OriginalType.UTF8) {
      return ((Binary) value).toStringUsingUTF8();
    }
    if (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
      return ((Binary) value).toByteBuffer();
    }
    return value;
  }
}
