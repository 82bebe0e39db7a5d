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
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.hudi.avro.model.HoodieMetadataColumnStats;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.TableSchemaResolver;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.hash.ColumnIndexID;
import org.apache.hudi.metadata.FileSystemBackedTableMetadata;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.apache.hudi.metadata.HoodieMetadataPayload;

/**
 * Checks of a metadata compaction of {@code column_stats} and {@code partition_stats} (table
 * version 8) with Hudi 1.0.2's own classes: its file system view of the metadata table and its
 * metadata reader.
 */
final class MetadataStatsCompaction {
  static final List<String> PARTITIONS = List.of("column_stats", "partition_stats");

  private MetadataStatsCompaction() {}

  /**
   * Every {@code column_stats} and {@code partition_stats} record Hudi 1.0.2's metadata reader
   * returns for the table's columns (key prefixes {@code base64(ColumnIndexID(column))}), by
   * partition and key.
   */
  static Map<String, String> records(HoodieTableMetaClient meta, String base) throws Exception {
    Schema schema = new TableSchemaResolver(meta).getTableAvroSchema(true);
    List<String> prefixes = new ArrayList<>();
    for (Schema.Field f : schema.getFields()) {
      prefixes.add(new ColumnIndexID(f.name()).asBase64EncodedString());
    }
    Map<String, String> records = new TreeMap<>();
    try (HoodieBackedTableMetadata metadata = PartitionStatsCheck.metadata(meta, base)) {
      for (String partition : PARTITIONS) {
        for (HoodieRecord<HoodieMetadataPayload> r :
            metadata.getRecordsByKeyPrefixes(prefixes, partition, false).collectAsList()) {
          HoodieMetadataColumnStats s = r.getData().getColumnStatMetadata().get();
          records.put(
              partition + " " + r.getRecordKey(),
              PartitionStatsCheck.describe(s) + "|" + s.getFileName() + "|" + s.getIsTightBound());
        }
      }
    }
    return records;
  }

  /**
   * A copy of the table at {@code base} in {@code target} as it would be without metadata
   * compaction {@code compaction}: its instant files and new base files removed.
   */
  static String withoutCompaction(String base, String compaction, File target) throws IOException {
    Path from = new File(base).toPath();
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : (Iterable<Path>) paths::iterator) {
        Path to = target.toPath().resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else if (!ofCompaction(p, compaction)) {
          Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return target.getAbsolutePath();
  }

  private static boolean ofCompaction(Path p, String compaction) {
    String name = p.getFileName().toString();
    boolean instantFile =
        p.toString().contains("/.hoodie/metadata/.hoodie/timeline/")
            && (name.startsWith(compaction + ".") || name.startsWith(compaction + "_"));
    return instantFile || name.contains("_" + compaction + ".hfile");
  }

  /**
   * In Hudi's file system view of the metadata table, every {@code column_stats} and {@code
   * partition_stats} file group's latest slice has a base file of compaction {@code compaction} and
   * only log files of deltacommits in {@code later} (completed after it).
   */
  static void assertCompacted(
      HoodieTableMetaClient metadata, String compaction, Set<String> later) {
    try (HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            new FileSystemBackedTableMetadata(
                new HoodieLocalEngineContext(metadata.getStorageConf()),
                metadata.getTableConfig(),
                metadata.getStorage(),
                metadata.getBasePath().toString()),
            metadata,
            metadata.getActiveTimeline().filterCompletedInstants())) {
      for (String partition : PARTITIONS) {
        List<FileSlice> slices = view.getLatestFileSlices(partition).toList();
        assertThat(partition + " file groups", slices.size(), greaterThan(0));
        for (FileSlice slice : slices) {
          String what = partition + " " + slice.getFileId();
          assertThat(what + " base instant", slice.getBaseInstantTime(), is(compaction));
          assertThat(what + " base file", slice.getBaseFile().isPresent(), is(true));
          for (HoodieLogFile log : slice.getLogFiles().toList()) {
            assertThat(
                what + " log file " + log.getFileName() + " of a later deltacommit",
                later.contains(log.getDeltaCommitTime()),
                is(true));
          }
        }
      }
    }
  }
}
