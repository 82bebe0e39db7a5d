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
package io.hudibeam.testing;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.apache.hudi.storage.StoragePath;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;

/**
 * Checks of a table's metadata table with Hudi 0.15's own classes: its metadata reader ({@link
 * HoodieBackedTableMetadata}) against the listing-based file system view of the completed timeline,
 * rows read through a file system view built on the metadata table (copy-on-write), and the
 * metadata timeline's deltacommits.
 */
public final class MetadataTableChecks {
  private static final String INIT_PREFIX = "00000000000000";

  private MetadataTableChecks() {}

  /** Hudi's metadata reader lists what the listing-based view of the completed timeline holds. */
  public static void assertMetadataListsTheCompletedFiles(String base) throws Exception {
    assertMetadataListsTheCompletedFiles(HudiTableReader.of(base));
  }

  /**
   * Hudi's metadata reader lists what the listing-based view of the completed timeline holds, on
   * the storage {@code reader} reads (its Hadoop settings, e.g. S3A's).
   */
  public static void assertMetadataListsTheCompletedFiles(HudiTableReader reader) throws Exception {
    assertMetadataListsTheCompletedFiles(reader, Set.of());
  }

  /**
   * As {@link #assertMetadataListsTheCompletedFiles(String)} while a merge-on-read write is
   * pending: the listing-based view also holds its log files (named after their slice's base
   * instant, the view cannot tell them from committed ones; readers skip their blocks), which the
   * metadata table must not list. {@code pendingFiles} (file names) are left out of the listing's
   * side.
   */
  public static void assertMetadataListsTheCompletedFiles(String base, Set<String> pendingFiles)
      throws Exception {
    assertMetadataListsTheCompletedFiles(HudiTableReader.of(base), pendingFiles);
  }

  private static void assertMetadataListsTheCompletedFiles(
      HudiTableReader reader, Set<String> pendingFiles) throws Exception {
    HoodieTableMetaClient meta = reader.metaClient();
    String base = meta.getBasePath();
    HoodieLocalEngineContext context = new HoodieLocalEngineContext(meta.getStorageConf());
    HoodieTableFileSystemView listed =
        new HoodieTableFileSystemView(
            meta, meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants());
    try (HoodieBackedTableMetadata metadata =
        new HoodieBackedTableMetadata(
            context,
            meta.getStorage(),
            HoodieMetadataConfig.newBuilder().enable(true).build(),
            base)) {
      List<String> partitions = new ArrayList<>(metadata.getAllPartitionPaths());
      partitions.sort(null);
      assertThat(partitions, equalTo(reader.partitionPaths()));
      for (String partition : partitions) {
        TreeSet<String> fromMetadata =
            metadata.getAllFilesInPartition(new StoragePath(base, partition)).stream()
                .map(f -> f.getPath().getName())
                .collect(Collectors.toCollection(TreeSet::new));
        TreeSet<String> fromListing = new TreeSet<>();
        listed
            .getAllFileSlices(partition)
            .forEach(
                slice -> {
                  slice.getBaseFile().ifPresent(b -> fromListing.add(b.getFileName()));
                  slice.getLogFiles().forEach(l -> fromListing.add(l.getFileName()));
                });
        fromListing.removeAll(pendingFiles);
        assertThat("partition " + partition, fromMetadata, equalTo(fromListing));
      }
    } finally {
      listed.close();
    }
  }

  /**
   * Every row, read from the latest base files of a file system view built on the metadata table.
   */
  public static void assertRowsReadThroughMetadata(
      String base, Map<String, GenericRecord> expected) {
    HudiTableReader reader = HudiTableReader.of(base);
    HoodieTableMetaClient meta = reader.metaClient();
    HoodieLocalEngineContext context =
        new HoodieLocalEngineContext(new HadoopStorageConfiguration(new Configuration()));
    HoodieTableFileSystemView view =
        FileSystemViewManager.createInMemoryFileSystemView(
            context, meta, HoodieMetadataConfig.newBuilder().enable(true).build());
    Map<String, GenericRecord> rows = new TreeMap<>();
    try {
      for (String partition : reader.partitionPaths()) {
        for (FileSlice slice : view.getLatestFileSlices(partition).collect(Collectors.toList())) {
          for (GenericRecord r : reader.readBaseFile(slice.getBaseFile().get().getPath())) {
            GenericRecord previous =
                rows.put(HudiTableReader.string(r, HoodieRecord.RECORD_KEY_METADATA_FIELD), r);
            assertThat("duplicate " + r, previous == null, is(true));
          }
        }
      }
    } finally {
      view.close();
    }
    assertThat(rows.keySet(), equalTo(expected.keySet()));
    for (Map.Entry<String, GenericRecord> e : expected.entrySet()) {
      assertThat(
          e.getKey(),
          TripsData.values(rows.get(e.getKey())),
          equalTo(TripsData.values(e.getValue())));
    }
  }

  public static List<String> completedMetadataDeltaCommits(String base) {
    String[] names = new File(base, ".hoodie/metadata/.hoodie").list();
    return Arrays.stream(names)
        .filter(n -> n.endsWith(".deltacommit"))
        .map(n -> n.substring(0, n.indexOf('.')))
        .sorted()
        .collect(Collectors.toList());
  }

  public static List<String> initialisationInstants(String base) {
    return completedMetadataDeltaCommits(base).stream()
        .filter(t -> t.startsWith(INIT_PREFIX))
        .collect(Collectors.toList());
  }

  public static List<String> metadataStateFiles(String base, String instant) {
    String[] names = new File(base, ".hoodie/metadata/.hoodie").list();
    return Arrays.stream(names).filter(n -> n.startsWith(instant)).collect(Collectors.toList());
  }
}
