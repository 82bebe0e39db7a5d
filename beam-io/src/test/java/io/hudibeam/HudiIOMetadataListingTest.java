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
package io.hudibeam;

import static io.hudibeam.HudiIOTesting.assertRows;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Through {@link HudiIO#write()}: with the metadata table (the default), a write's planning (the
 * index's listing of latest base files, small-file packing, the clean after the commit) lists no
 * data folder, reading the {@code files} partition instead; the same writes with {@code
 * hoodie.metadata.enable=false} list them; both tables read back alike, row by row, by Hudi.
 */
public class HudiIOMetadataListingTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String withMetadata = UUID.randomUUID().toString();
  private final String withoutMetadata = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    ListingCountingFileSystem.forget(withMetadata);
    ListingCountingFileSystem.forget(withoutMetadata);
  }

  @Test
  public void planningReadsTheMetadataTableInsteadOfListingDataFolders() throws Exception {
    for (IndexType index : List.of(IndexType.SIMPLE, IndexType.BLOOM)) {
      String metadataBase = tmp.newFolder("mdt-" + index).getAbsolutePath();
      String listedBase = tmp.newFolder("listed-" + index).getAbsolutePath();
      List<String> metadataListed = writeThrice(metadataBase, index, true, withMetadata);
      List<String> listedListed = writeThrice(listedBase, index, false, withoutMetadata);

      assertThat(index + ": data folders listed with the metadata table", metadataListed, empty());
      assertThat(index + ": data folders listed without it", listedListed.size(), greaterThan(0));

      HudiTableReader metadata = HudiTableReader.of(metadataBase);
      HudiTableReader listed = HudiTableReader.of(listedBase);
      assertThat(metadata.tableConfig().getMetadataPartitions(), contains("files"));
      assertThat(listed.tableConfig().getMetadataPartitions(), empty());
      MetadataTableChecks.assertMetadataListsTheCompletedFiles(metadataBase);
      for (HudiTableReader reader : List.of(metadata, listed)) {
        List<String> commits = reader.completedInstantTimes();
        assertRows(
            reader,
            70,
            trips(0, 20).ofBatch(0).committedAt(commitAt(reader, 0)),
            trips(20, 40).ofBatch(1).committedAt(commitAt(reader, 1)),
            trips(40, 60).ofBatch(2).committedAt(commitAt(reader, 2)),
            trips(60, 70).ofBatch(0).committedAt(commitAt(reader, 0)));
        assertThat(commits, hasSize(3));
      }
      assertThat(
          "the clean ran in both",
          cleans(metadata).size() == 1 && cleans(listed).size() == 1,
          is(true));
      assertThat(latestBaseFileCount(metadata), is(latestBaseFileCount(listed)));
    }
  }

  /**
   * Inserts 70 trips, then upserts twice with recording on, so small files take inserts, the index
   * looks up the latest base files and the clean (one commit retained) plans and, after the third
   * write, deletes the first slices; returns the data folders the upserts listed.
   */
  private static List<String> writeThrice(
      String base, IndexType index, boolean metadataTable, String id) {
    Map<String, String> settings = new HashMap<>();
    settings.put("hoodie.metadata.enable", String.valueOf(metadataTable));
    settings.put("hoodie.cleaner.commits.retained", "1");
    run(
        TripsRows.batch(0, 0, 70),
        trips(base, WriteOperation.INSERT).withIndex(index).withHoodieProperties(settings));
    Map<String, String> recording = ListingCountingFileSystem.configuration(id);
    run(
        TripsRows.batch(1, 20, 30),
        trips(base, WriteOperation.UPSERT)
            .withIndex(index)
            .withHoodieProperties(settings)
            .withHadoopConfiguration(recording));
    run(
        TripsRows.batch(2, 40, 20),
        trips(base, WriteOperation.UPSERT)
            .withIndex(index)
            .withHoodieProperties(settings)
            .withHadoopConfiguration(recording));
    return ListingCountingFileSystem.dataFoldersListed(id, base);
  }

  private static String commitAt(HudiTableReader reader, int write) {
    return reader.completedInstants().stream()
        .filter(i -> i.getAction().equals("commit"))
        .toList()
        .get(write)
        .getTimestamp();
  }

  private static List<String> cleans(HudiTableReader reader) {
    return reader.completedInstants().stream()
        .filter(i -> i.getAction().equals("clean"))
        .map(i -> i.getTimestamp())
        .toList();
  }

  private static int latestBaseFileCount(HudiTableReader reader) {
    return reader.latestFileSlices().size();
  }
}
