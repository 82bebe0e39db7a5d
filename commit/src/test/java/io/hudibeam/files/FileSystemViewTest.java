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
package io.hudibeam.files;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiMetaClients;
import io.hudibeam.timeline.Timeline;
import java.io.IOException;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class FileSystemViewTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void latestBaseFilesEqualHudisViewOfTablesHudiWrote() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    for (GoldenTable name :
        List.of(
            GoldenTable.V6_COW_TRIPS,
            GoldenTable.V6_COW_COMPLEXKEY_HIVE,
            GoldenTable.V6_COW_NONPARTITIONED_CLEANED)) {
      String base = name.copyTo(tmp.getRoot()).getAbsolutePath();
      TablePaths paths = TablePaths.of(base);
      FileSystemView ours = FileSystemView.load(fs, paths, Timeline.load(fs, paths));

      HoodieTableMetaClient meta = HudiMetaClients.open(base);
      HoodieTableFileSystemView hudi =
          new HoodieTableFileSystemView(meta, meta.getCommitsTimeline().filterCompletedInstants());
      TreeMap<String, List<String>> expected = new TreeMap<>();
      for (String partition : ours.partitions()) {
        expected.put(
            partition,
            hudi.getLatestBaseFiles(partition)
                .map(HoodieBaseFile::getFileName)
                .sorted()
                .collect(Collectors.toList()));
      }
      TreeMap<String, List<String>> actual = new TreeMap<>();
      for (String partition : ours.partitions()) {
        actual.put(
            partition,
            ours.latestBaseFiles(partition).stream()
                .map(b -> b.name().value())
                .sorted()
                .collect(Collectors.toList()));
      }
      assertThat(name.folder(), actual, is(expected));
      int partitions = name.equals(GoldenTable.V6_COW_NONPARTITIONED_CLEANED) ? 1 : 8;
      assertThat(name.folder(), ours.partitions().size(), is(partitions));
      for (BaseFile file : ours.latestBaseFiles()) {
        assertThat(
            file.sizeInBytes(),
            is(
                fs.getFileStatus(new org.apache.hadoop.fs.Path(base, file.relativePath()))
                    .getLen()));
      }
    }
  }

  @Test
  public void partitionsAreTheFoldersWithPartitionMetadata() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    String base = GoldenTable.V6_COW_COMPLEXKEY_HIVE.copyTo(tmp.getRoot()).getAbsolutePath();
    List<String> partitions = FileSystemView.listPartitions(fs, TablePaths.of(base));
    assertThat(
        partitions,
        is(
            List.of(
                "city=chennai",
                "city=london",
                "city=new_york",
                "city=paris",
                "city=san_francisco",
                "city=sao_paulo",
                "city=sydney",
                "city=tokyo")));
    assertThat(
        FileSystemView.listPartitions(
            fs,
            TablePaths.of(
                GoldenTable.V6_COW_NONPARTITIONED_CLEANED.copyTo(tmp.getRoot()).getAbsolutePath())),
        is(List.of("")));
  }
}
