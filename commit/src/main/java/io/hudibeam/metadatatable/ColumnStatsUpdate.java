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

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.metadata.CleanMetadata;
import io.hudibeam.metadata.CleanPartitionMetadata;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What one data-table instant changes in the {@code column_stats} partition, converted as Hudi
 * 1.0.2's {@code HoodieTableMetadataUtil} converts it (docs/format.md §11.1): a commit ({@link
 * #ofCommit}, {@code convertMetadataToColumnStatsRecords(HoodieCommitMetadata, ...)}) adds the
 * ranges of every file it wrote, from the Parquet footer of a base file and from the records of a
 * log file; a clean ({@link #ofClean}) marks every file it deleted as deleted.
 *
 * @param entries the records' contents, in the order computed
 */
public record ColumnStatsUpdate(List<Entry> entries) {
  /** Hudi's default {@code hoodie.metadata.index.column.stats.max.columns.to.index}. */
  static final int MAX_COLUMNS = 32;

  /** Meta fields always indexed ({@code META_COLS_TO_ALWAYS_INDEX_SCHEMA_MAP}, a sorted map). */
  static final List<String> META_COLUMNS =
      List.of(
          MetaFields.COMMIT_TIME.fieldName(),
          MetaFields.PARTITION_PATH.fieldName(),
          MetaFields.RECORD_KEY.fieldName());

  /**
   * One record: the stats of a column of a file in {@code partitionPath}, or its deletion.
   *
   * @param partitionPath the data partition's relative path ({@code ""} when non-partitioned)
   */
  public record Entry(String partitionPath, ColumnRange range, boolean deleted) {}

  public ColumnStatsUpdate {
    entries = List.copyOf(entries);
  }

  static ColumnStatsUpdate empty() {
    return new ColumnStatsUpdate(List.of());
  }

  /** The ranges of the files a commit, deltacommit, replacecommit or compaction wrote. */
  static ColumnStatsUpdate ofCommit(FileSystem fs, TablePaths paths, CommitMetadata metadata) {
    Optional<String> schema = metadata.schema().filter(s -> !s.isEmpty());
    if (schema.isEmpty()) {
      schema = new TableConfigStore(fs, paths).load().createSchema();
    }
    List<String> columns = columns(fs, paths, schema);
    List<Entry> entries = new ArrayList<>();
    if (columns.isEmpty()) {
      return new ColumnStatsUpdate(entries);
    }
    metadata
        .partitionToWriteStats()
        .forEach(
            (partition, stats) -> {
              for (WriteStat stat : stats) {
                if (stat.path() == null) {
                  continue;
                }
                Path file = new Path(paths.basePath(), stat.path());
                for (ColumnRange range : ranges(fs, file, columns)) {
                  entries.add(new Entry(partition, range, false));
                }
              }
            });
    return new ColumnStatsUpdate(entries);
  }

  /**
   * The ranges of every file of {@code files} (data partition path to the files in it), as Hudi
   * 1.0.2's initialisation computes them ({@code convertFilesToColumnStatsRecords} → {@code
   * getColumnStatsRecords}: a base file from its footer, a log file read back).
   */
  static ColumnStatsUpdate ofFiles(
      FileSystem fs, Map<String, List<Path>> files, List<String> columns) {
    List<Entry> entries = new ArrayList<>();
    files.forEach(
        (partition, paths) -> {
          for (Path file : paths) {
            for (ColumnRange range : ranges(fs, file, columns)) {
              entries.add(new Entry(partition, range, false));
            }
          }
        });
    return new ColumnStatsUpdate(entries);
  }

  /**
   * A data file's ranges of {@code columns}: a base file's from its Parquet footer, a log file's
   * from its data records; none for other files (Hudi: "Column range index not supported").
   */
  static List<ColumnRange> ranges(FileSystem fs, Path file, List<String> columns) {
    String name = file.getName();
    if (name.endsWith(".parquet")) {
      return ColumnRange.ofParquet(fs.getConf(), file, columns);
    }
    if (name.startsWith(".") && name.contains(".log.")) {
      return ColumnRange.ofLogFile(fs.getConf(), file, columns);
    }
    return List.of();
  }

  /** Deletion markers of the files a clean deleted, one per indexed column. */
  static ColumnStatsUpdate ofClean(
      FileSystem fs, TablePaths paths, CleanMetadata metadata, Optional<String> tableSchema) {
    List<String> columns = columns(fs, paths, tableSchema);
    List<Entry> entries = new ArrayList<>();
    for (CleanPartitionMetadata p : metadata.partitionMetadata().values()) {
      for (String pattern : p.deletePathPatterns()) {
        String name = new Path(pattern).getName();
        for (String column : columns) {
          entries.add(new Entry(p.partitionPath(), ColumnRange.deleted(name, column), true));
        }
      }
    }
    return new ColumnStatsUpdate(entries);
  }

  /** The records of the update, in the order computed. */
  List<GenericRecord> records(Schema schema) {
    List<GenericRecord> records = new ArrayList<>();
    for (Entry e : entries) {
      records.add(ColumnStatsRecords.record(schema, e.partitionPath(), e.range(), e.deleted()));
    }
    return records;
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /**
   * The indexed columns ({@code HoodieTableMetadataUtil.getColumnsToIndex} with Hudi's defaults):
   * the three meta fields when the table populates them, then the first {@link #MAX_COLUMNS}
   * supported non-meta fields of the writer schema.
   */
  static List<String> columns(FileSystem fs, TablePaths paths, Optional<String> schemaJson) {
    boolean populate =
        new TableConfigStore(fs, paths)
            .load()
            .get(TableProperty.POPULATE_META_FIELDS)
            .map(Boolean::parseBoolean)
            .orElse(true);
    List<String> columns = new ArrayList<>();
    if (populate) {
      columns.addAll(META_COLUMNS);
    }
    if (schemaJson.isEmpty()) {
      return columns;
    }
    Schema schema = new Schema.Parser().parse(schemaJson.get());
    int added = 0;
    for (Schema.Field f : schema.getFields()) {
      if (added == MAX_COLUMNS) {
        break;
      }
      if (MetaFields.isMetaFieldName(f.name()) || !supported(f.schema())) {
        continue;
      }
      columns.add(f.name());
      added++;
    }
    return columns;
  }

  /** {@code HoodieTableMetadataUtil.isColumnTypeSupported} for Avro records. */
  private static boolean supported(Schema schema) {
    Schema s = schema;
    if (s.getType() == Schema.Type.UNION) {
      List<Schema> nonNull =
          s.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL).toList();
      if (nonNull.size() != 1) {
        return false;
      }
      s = nonNull.get(0);
    }
    if (s.getLogicalType() instanceof LogicalTypes.Decimal d
        && (d.getPrecision() + (15 - d.getScale()) > 30 || d.getScale() > 15)) {
      return false;
    }
    return switch (s.getType()) {
      case RECORD, ARRAY, MAP, ENUM -> false;
      default -> true;
    };
  }
}
