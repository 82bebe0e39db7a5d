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
package io.hudibeam.compat.hudi1;

import static io.hudibeam.compat.hudi1.VersionEightReads.RIDES;
import static io.hudibeam.compat.hudi1.VersionEightReads.baseFileRows;
import static io.hudibeam.compat.hudi1.VersionEightReads.completedCommits;
import static io.hudibeam.compat.hudi1.VersionEightReads.expected;
import static io.hudibeam.compat.hudi1.VersionEightReads.key;
import static io.hudibeam.compat.hudi1.VersionEightReads.meta;
import static io.hudibeam.compat.hudi1.VersionEightReads.pipeline;
import static io.hudibeam.compat.hudi1.VersionEightReads.rides;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static io.hudibeam.compat.hudi1.VersionEightReads.view;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.compact()} initialises the missing metadata table of a version 8 table as a write's
 * start does: {@code files}, then {@code column_stats} and {@code partition_stats}.
 */
public class HudiIOCompactMetadataTableVersionEightTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static HudiIO.Write<org.apache.avro.generic.GenericRecord> write(
      String base, WriteOperation operation) {
    return ridesWrite(base, operation)
        .withTableVersion(8)
        .withTableType(TableType.MERGE_ON_READ)
        .withSmallFileLimit(0)
        .withHoodieProperties(Map.of("hoodie.metadata.enable", "false"));
  }

  @Test
  public void compactInitialisesTheMetadataTableAtVersionEight() throws Exception {
    String base = new File(tmp.getRoot(), "rides").getAbsolutePath();
    VersionEightReads.run(
        RIDES, rides(0, 0, 1, 2, 3, 4, 5, 6, 7, 8), write(base, WriteOperation.INSERT));
    VersionEightReads.run(RIDES, rides(1, 0, 4, 8), write(base, WriteOperation.UPSERT));
    assertThat(new File(base, ".hoodie/metadata").exists(), is(false));
    List<String> writes = completedCommits(meta(base));
    assertThat(writes, hasSize(2));

    Pipeline compact = pipeline();
    compact.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "1")));
    compact.run().waitUntilFinish();

    HoodieTableMetaClient meta = meta(base);
    assertThat(completedCommits(meta), hasSize(3));
    assertThat(
        meta.getTableConfig().getMetadataPartitions(),
        containsInAnyOrder("files", "column_stats", "partition_stats"));
    assertThat(VersionEightReads.metadataListing(meta), is(storageListing(meta)));

    Map<String, List<Object>> expected = new TreeMap<>();
    for (int i = 0; i <= 8; i++) {
      expected.put(key(i), expected(0, i, writes.get(0)));
    }
    for (int i : new int[] {0, 4, 8}) {
      expected.put(key(i), expected(1, i, writes.get(1)));
    }
    assertThat(baseFileRows(meta, RIDES, true, null), is(expected));
    assertThat(baseFileRows(meta, RIDES, false, null), is(expected));
  }

  /** Every file of the completed timeline's slices, Hudi 1.0's view listing storage. */
  private static TreeSet<String> storageListing(HoodieTableMetaClient meta) {
    TreeSet<String> listed = new TreeSet<>();
    HoodieTableFileSystemView view = view(meta, false);
    try {
      String[] partitions = new File(meta.getBasePath().toString()).list();
      for (String partition : partitions) {
        if (partition.startsWith(".")) {
          continue;
        }
        view.getAllFileSlices(partition)
            .forEach(
                s -> {
                  s.getBaseFile().ifPresent(b -> listed.add(partition + "/" + b.getFileName()));
                  s.getLogFiles().forEach(l -> listed.add(partition + "/" + l.getFileName()));
                });
      }
    } finally {
      view.close();
    }
    return listed;
  }
}
