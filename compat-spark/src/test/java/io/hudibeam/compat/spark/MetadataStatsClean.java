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
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroup;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.common.util.CleanerUtils;
import org.apache.hudi.metadata.FileSystemBackedTableMetadata;

/**
 * Checks of HudiIO's clean of the metadata table's {@code column_stats} and {@code partition_stats}
 * file groups (table version 8) with Hudi 1.0.2's own classes: every statistics file a write left
 * is kept aside ({@link #keep}), so the table as it would be without those partitions cleaned can
 * be rebuilt ({@link #uncleaned}) and Hudi's file system view of it tells which slices the clean
 * policy keeps ({@link #assertOnlyKeptSlices}).
 */
final class MetadataStatsClean {
  private MetadataStatsClean() {}

  private static File partition(String base, String partition) {
    return new File(base, ".hoodie/metadata/" + partition);
  }

  /** The file names in {@code folder}, without the local file system's checksum files. */
  private static List<String> names(File folder) {
    String[] names = folder.list();
    return names == null
        ? List.of()
        : Arrays.stream(names)
            .filter(n -> !n.startsWith(".hoodie_partition_metadata") && !n.endsWith(".crc"))
            .toList();
  }

  /** Copies every statistics file of the table at {@code base} not yet in {@code store}. */
  static void keep(String base, File store) throws IOException {
    for (String partition : MetadataStatsCompaction.PARTITIONS) {
      File to = new File(store, partition);
      Files.createDirectories(to.toPath());
      for (String name : names(partition(base, partition))) {
        Path target = new File(to, name).toPath();
        if (!Files.exists(target)) {
          Files.copy(partition(base, partition).toPath().resolve(name), target);
        }
        Path checksum = partition(base, partition).toPath().resolve("." + name + ".crc");
        if (Files.exists(checksum) && !Files.exists(to.toPath().resolve("." + name + ".crc"))) {
          Files.copy(checksum, to.toPath().resolve("." + name + ".crc"));
        }
      }
    }
  }

  /**
   * A copy of the table at {@code base} in {@code target} with every statistics file in {@code
   * store} that its cleans deleted put back; asserts that the cleans deleted some.
   */
  static String uncleaned(String base, File store, File target) throws IOException {
    Path from = new File(base).toPath();
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : (Iterable<Path>) paths::iterator) {
        Path to = target.toPath().resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    int restored = 0;
    for (String partition : MetadataStatsCompaction.PARTITIONS) {
      for (String name : names(new File(store, partition))) {
        Path to = partition(target.getAbsolutePath(), partition).toPath().resolve(name);
        if (!Files.exists(to)) {
          Files.copy(new File(new File(store, partition), name).toPath(), to);
          Path checksum = new File(new File(store, partition), "." + name + ".crc").toPath();
          if (Files.exists(checksum)) {
            Files.copy(checksum, to.resolveSibling("." + name + ".crc"));
          }
          restored++;
        }
      }
    }
    assertThat("statistics files HudiIO's metadata cleans deleted", restored, greaterThan(0));
    return target.getAbsolutePath();
  }

  /**
   * The statistics partitions of the cleaned metadata table hold exactly the files of the slices
   * Hudi's CleanPlanner keeps (KEEP_LATEST_COMMITS, the last clean's earliest commit to retain):
   * per file group, in Hudi 1.0.2's view of the uncleaned copy, the latest slice, every slice at or
   * after the earliest commit to retain, the newest other slice before it (HudiIO's cleaner, as for
   * {@code files}), and any slice without a base file (HudiIO keeps those).
   */
  static void assertOnlyKeptSlices(
      String cleaned, HoodieTableMetaClient cleanedMetadata, HoodieTableMetaClient uncleaned)
      throws IOException {
    List<HoodieInstant> cleans =
        cleanedMetadata
            .getActiveTimeline()
            .getCleanerTimeline()
            .filterCompletedInstants()
            .getInstants();
    String retain =
        CleanerUtils.getCleanerMetadata(cleanedMetadata, cleans.get(cleans.size() - 1))
            .getEarliestCommitToRetain();
    // Hudi reads HudiIO's clean metadata with an entry per metadata partition.
    Set<String> cleanedPartitions = new TreeSet<>();
    for (HoodieInstant clean : cleans) {
      cleanedPartitions.addAll(
          CleanerUtils.getCleanerMetadata(cleanedMetadata, clean).getPartitionMetadata().keySet());
    }
    assertThat(
        "partitions of the metadata cleans",
        cleanedPartitions,
        is(Set.of("files", "column_stats", "partition_stats")));
    try (HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(
            new FileSystemBackedTableMetadata(
                new HoodieLocalEngineContext(uncleaned.getStorageConf()),
                uncleaned.getTableConfig(),
                uncleaned.getStorage(),
                uncleaned.getBasePath().toString()),
            uncleaned,
            uncleaned.getActiveTimeline().filterCompletedInstants())) {
      for (String partition : MetadataStatsCompaction.PARTITIONS) {
        Set<String> kept = new TreeSet<>();
        int groups = 0;
        for (HoodieFileGroup group : view.getAllFileGroups(partition).toList()) {
          groups++;
          List<FileSlice> newestFirst = group.getAllFileSlices().toList();
          boolean beforeKept = false;
          for (int i = 0; i < newestFirst.size(); i++) {
            FileSlice slice = newestFirst.get(i);
            boolean before = slice.getBaseInstantTime().compareTo(retain) < 0;
            boolean keep = i == 0 || !before || !beforeKept || slice.getBaseFile().isEmpty();
            if (i > 0 && before && slice.getBaseFile().isPresent()) {
              beforeKept = true;
            }
            if (keep) {
              slice.getBaseFile().ifPresent(b -> kept.add(b.getFileName()));
              slice.getLogFiles().map(HoodieLogFile::getFileName).forEach(kept::add);
            }
          }
        }
        assertThat(partition + " file groups", groups, greaterThan(0));
        assertThat(
            partition
                + " files after HudiIO's metadata cleans (earliest commit to retain "
                + retain
                + ")",
            new TreeSet<>(names(partition(cleaned, partition))),
            is(kept));
      }
    }
  }

  /** The names of {@code partition}'s files in the table at {@code base}, for messages. */
  static List<String> files(String base, String partition) {
    return new ArrayList<>(names(partition(base, partition)));
  }
}
