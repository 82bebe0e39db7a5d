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
package io.hudibeam.compat.spark;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.TripsData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.hudi.avro.HoodieAvroUtils;
import org.apache.hudi.avro.model.HoodieMetadataColumnStats;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieColumnRangeMetadata;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.FileFormatUtils;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.ParquetUtils;
import org.apache.hudi.metadata.FileSystemBackedTableMetadata;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.apache.hudi.metadata.HoodieMetadataPayload;
import org.apache.hudi.metadata.HoodieTableMetadataUtil;
import org.apache.hudi.storage.StoragePath;

/**
 * Checks of the metadata table's {@code column_stats} and {@code partition_stats} records against
 * what Hudi 1.0.2 computes from the data files themselves ({@code ParquetUtils}, {@code
 * HoodieTableMetadataUtil.getLogFileColumnRangeMetadata}, {@code
 * FileFormatUtils.getColumnRangeInPartition}).
 */
final class PartitionStatsCheck {
  private PartitionStatsCheck() {}

  /**
   * For every partition of the trips table with files, the {@code partition_stats} record of every
   * indexed column that Hudi 1.0.2's metadata reader returns equals the range Hudi merges from the
   * files of the partition's latest file slices, and is a tight bound named after the partition.
   */
  static void assertPartitionStatsAreHudis(
      HoodieTableMetaClient meta, String base, List<String> columns) throws Exception {
    Schema schema = new TableSchemaResolver(meta).getTableAvroSchema();
    Map<String, Schema> columnSchemas = new HashMap<>();
    for (String column : columns) {
      columnSchemas.put(column, nonNull(schema.getField(column).schema()));
    }
    Map<String, List<String>> byPartition = new TreeMap<>();
    latestFiles(meta, base)
        .forEach((file, p) -> byPartition.computeIfAbsent(p, x -> new ArrayList<>()).add(file));
    try (HoodieBackedTableMetadata metadata = metadata(meta, base)) {
      int checked = 0;
      for (Map.Entry<String, List<String>> e : byPartition.entrySet()) {
        String partition = e.getKey();
        List<String> files = e.getValue();
        Map<String, HoodieMetadataColumnStats> actual = new TreeMap<>();
        List<String> keys = new ArrayList<>();
        for (String column : columns) {
          keys.add(HoodieTableMetadataUtil.getPartitionStatsIndexKey(partition, column));
        }
        for (HoodieRecord<HoodieMetadataPayload> r :
            metadata.getRecordsByKeyPrefixes(keys, "partition_stats", false).collectAsList()) {
          HoodieMetadataColumnStats s = r.getData().getColumnStatMetadata().get();
          actual.put(s.getColumnName(), s);
        }
        for (String column : columns) {
          List<HoodieColumnRangeMetadata<Comparable>> ranges = new ArrayList<>();
          for (String file : files) {
            ranges.addAll(ranges(meta, schema, partition, file, column));
          }
          HoodieMetadataColumnStats got = actual.get(column);
          String what = "partition_stats of " + partition + " " + column;
          if (ranges.isEmpty()) {
            assertThat(what + " (no file has a range)", got == null, is(true));
            continue;
          }
          assertThat(what, got == null, is(false));
          HoodieColumnRangeMetadata<Comparable> want =
              FileFormatUtils.getColumnRangeInPartition(partition, ranges, columnSchemas);
          assertThat(what, describe(got), is(describe(want)));
          assertThat(what + " file name", got.getFileName(), is(partition));
          assertThat(what + " tight bound", got.getIsTightBound(), is(true));
          checked++;
        }
      }
      assertThat("partition_stats records checked", checked > 0, is(true));
    }
  }

  /** The files of the latest slices of the trips partitions (file name to partition). */
  static Map<String, String> latestFiles(HoodieTableMetaClient meta, String base) {
    HoodieLocalEngineContext context = new HoodieLocalEngineContext(meta.getStorageConf());
    Map<String, String> latest = new TreeMap<>();
    try (HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            new FileSystemBackedTableMetadata(
                context, meta.getTableConfig(), meta.getStorage(), base),
            meta,
            meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants())) {
      for (String partition : TripsData.CITIES) {
        view.getLatestFileSlices(partition)
            .forEach(
                s -> {
                  s.getBaseFile().ifPresent(b -> latest.put(b.getFileName(), partition));
                  s.getLogFiles().forEach(l -> latest.put(l.getFileName(), partition));
                });
      }
    }
    return latest;
  }

  /** Hudi 1.0.2's metadata reader of the table at {@code base}. */
  static HoodieBackedTableMetadata metadata(HoodieTableMetaClient meta, String base) {
    return new HoodieBackedTableMetadata(
        new HoodieLocalEngineContext(meta.getStorageConf()),
        meta.getStorage(),
        HoodieMetadataConfig.newBuilder().enable(true).build(),
        base);
  }

  /** What Hudi computes for {@code column} from data file {@code name} of {@code partition}. */
  static List<HoodieColumnRangeMetadata<Comparable>> ranges(
      HoodieTableMetaClient meta, Schema schema, String partition, String name, String column)
      throws Exception {
    StoragePath path = new StoragePath(new StoragePath(meta.getBasePath(), partition), name);
    return name.endsWith(".parquet")
        ? new ParquetUtils().readColumnStatsFromMetadata(meta.getStorage(), path, List.of(column))
        : HoodieTableMetadataUtil.getLogFileColumnRangeMetadata(
            path.toString(), meta, List.of(column), Option.of(schema), 16 * 1024 * 1024);
  }

  static String describe(HoodieMetadataColumnStats s) {
    return String.join(
        "|",
        s.getColumnName(),
        String.valueOf(HoodieAvroUtils.unwrapAvroValueWrapper(s.getMinValue())),
        String.valueOf(HoodieAvroUtils.unwrapAvroValueWrapper(s.getMaxValue())),
        String.valueOf(s.getNullCount()),
        String.valueOf(s.getValueCount()),
        String.valueOf(s.getTotalSize()),
        String.valueOf(s.getTotalUncompressedSize()),
        String.valueOf(s.getIsDeleted()));
  }

  static String describe(HoodieColumnRangeMetadata<Comparable> r) {
    return String.join(
        "|",
        r.getColumnName(),
        String.valueOf(r.getMinValue()),
        String.valueOf(r.getMaxValue()),
        String.valueOf(r.getNullCount()),
        String.valueOf(r.getValueCount()),
        String.valueOf(r.getTotalSize()),
        String.valueOf(r.getTotalUncompressedSize()),
        "false");
  }

  private static Schema nonNull(Schema s) {
    if (s.getType() != Schema.Type.UNION) {
      return s;
    }
    for (Schema t : s.getTypes()) {
      if (t.getType() != Schema.Type.NULL) {
        return t;
      }
    }
    return s;
  }
}
