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
import static io.hudibeam.compat.hudi1.VersionEightReads.expected;
import static io.hudibeam.compat.hudi1.VersionEightReads.key;
import static io.hudibeam.compat.hudi1.VersionEightReads.meta;
import static io.hudibeam.compat.hudi1.VersionEightReads.rides;
import static io.hudibeam.compat.hudi1.VersionEightReads.ridesWrite;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HudiIO;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table version 8: a HudiIO write that dies between its two commits, the metadata table's
 * deltacommit of data instant T completed ({@code .hoodie/metadata/.hoodie/timeline/
 * T_<completion>.deltacommit}), the data table's {@code T_<completion>.commit} never written. Hudi
 * 1.0's readers see the earlier commit alone, row by row, and its metadata reader ({@code
 * HoodieBackedTableMetadata}, which merges only blocks of completed data instants) lists none of
 * T's files. The next write, once the dead writer's heartbeat has expired, rolls T back in both
 * tables and commits; Hudi 1.0's metadata listing then equals the storage listing.
 */
public class HudiIOMetadataTableCrashVersionEightTest {
  /** A completed deltacommit of the metadata table (layout 2). */
  private static final String METADATA_DELTA_COMMIT =
      "^.*/rides/\\.hoodie/metadata/\\.hoodie/timeline/\\d{17}_\\d{17}\\.deltacommit$";

  /**
   * Five completed metadata deltacommits before a metadata compaction: the recovering write, right
   * after its rollback of T, compacts the metadata table (the three initialisations' of files,
   * column_stats and partition_stats, c1's and the rollback's deltacommits), so the compaction runs
   * on the metadata table T's deltacommit left.
   */
  private static final Map<String, String> COMPACT_AT_FIVE =
      Map.of("hoodie.metadata.compact.max.delta.commits", "5");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final String id = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(id);
  }

  @Test
  public void aWriteThatDiesBetweenTheMetadataAndTheDataCommitIsRolledBackInBoth()
      throws Exception {
    String base = tmp.newFolder("rides").getAbsolutePath();
    run(rides(0, IntStream.range(0, 12).toArray()), write(base, WriteOperation.INSERT));
    HoodieTableMetaClient meta = meta(base);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTableConfig().getMetadataPartitions(), hasItem("files"));
    String c1 = completedCommits(meta).get(0);

    // T: its metadata deltacommit completes, then the writer dies (nothing after it runs).
    RuntimeException died =
        assertThrows(
            RuntimeException.class,
            () ->
                run(
                    rides(1, IntStream.range(6, 18).toArray()),
                    write(base, WriteOperation.UPSERT)
                        .withHadoopConfiguration(
                            Fault.on(id, Operation.RENAME, METADATA_DELTA_COMMIT)
                                .crash()
                                .configuration())));
    assertThat(messages(died), containsString("injected crash after renaming"));
    meta = meta(base);
    List<HoodieInstant> pending =
        meta.getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending.toString(), pending, hasSize(1));
    String t = pending.get(0).requestedTime();
    assertThat(pending.get(0).getAction(), is(HoodieTimeline.COMMIT_ACTION));
    assertThat(pending.get(0).isInflight(), is(true));
    assertThat(completedCommits(meta), is(List.of(c1)));
    assertThat(
        "T's metadata deltacommit completed", completedCommits(metadataMeta(base)), hasItem(t));
    TreeSet<String> tFiles = filesOf(dataFilesOnDisk(base), t);
    assertThat("T's base files are on disk", tFiles, is(not(empty())));

    // Hudi 1.0 reads c1 alone, by listing and through the metadata table, whose reader lists none
    // of T's files although T's deltacommit is completed on the metadata timeline.
    Map<String, List<Object>> first = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      first.put(key(i), expected(0, i, c1));
    }
    assertThat(baseFileRows(meta, RIDES, false, null), is(first));
    assertThat(baseFileRows(meta, RIDES, true, null), is(first));
    TreeSet<String> listed = VersionEightReads.metadataListing(meta);
    assertThat(filesOf(listed, t), is(empty()));
    TreeSet<String> completedOnDisk = dataFilesOnDisk(base);
    completedOnDisk.removeAll(tFiles);
    assertThat(listed, is(completedOnDisk));
    // HudiIO's planning listing (FileListings) reads the same from the metadata table.
    assertThat(hudiioListing(base), is(listed));

    // A killed writer leaves its heartbeat (HudiIO's failure path released this one): 10 minutes
    // old it has expired, and the next write rolls T back in both tables, then commits.
    File heartbeat = new File(base, ".hoodie/.heartbeat/" + t);
    assertThat("released by the failed write", heartbeat.exists(), is(false));
    assertThat(heartbeat.createNewFile(), is(true));
    assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 600_000), is(true));
    run(rides(2, IntStream.range(15, 20).toArray()), write(base, WriteOperation.UPSERT));
    meta = meta(base);
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(t)));
    assertThat(rollback.getTotalFilesDeleted(), is(tFiles.size()));
    List<String> commits = completedCommits(meta);
    assertThat(commits, hasSize(2));
    assertThat(commits.get(0), is(c1));
    String c3 = commits.get(1);
    HoodieTableMetaClient metadataMeta = metadataMeta(base);
    List<String> metadataInstants =
        metadataMeta.getActiveTimeline().getInstants().stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList());
    assertThat("T's metadata deltacommit is gone", metadataInstants, not(hasItem(t)));
    List<HoodieInstant> compactions =
        metadataMeta
            .getActiveTimeline()
            .getCommitTimeline()
            .filterCompletedInstants()
            .getInstants();
    assertThat("compacted after the rollback", compactions, hasSize(1));
    assertThat(
        compactions.get(0).requestedTime().compareTo(rollbacks.get(0).requestedTime()),
        is(greaterThan(0)));
    assertThat(completedCommits(metadataMeta), hasItem(rollbacks.get(0).requestedTime()));
    assertThat(completedCommits(metadataMeta), hasItem(c3));
    assertThat(metadataFilesOf(base, t), is(empty()));

    // Exact: the metadata listing equals the storage listing, rows too.
    TreeSet<String> onDisk = dataFilesOnDisk(base);
    assertThat(filesOf(onDisk, t), is(empty()));
    assertThat(VersionEightReads.metadataListing(meta), is(onDisk));
    assertThat(hudiioListing(base), is(onDisk));
    Map<String, List<Object>> last = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      last.put(key(i), expected(0, i, c1));
    }
    for (int i = 15; i < 20; i++) {
      last.put(key(i), expected(2, i, c3));
    }
    assertThat(baseFileRows(meta, RIDES, false, null), is(last));
    assertThat(baseFileRows(meta, RIDES, true, null), is(last));
  }

  private static HudiIO.Write<GenericRecord> write(String base, WriteOperation operation) {
    return ridesWrite(base, operation).withTableVersion(8).withHoodieProperties(COMPACT_AT_FIVE);
  }

  private static void run(List<GenericRecord> records, HudiIO.Write<GenericRecord> write) {
    VersionEightReads.run(RIDES, records, write);
  }

  private static HoodieTableMetaClient metadataMeta(String base) {
    return meta(base + "/.hoodie/metadata");
  }

  private static List<String> completedCommits(HoodieTableMetaClient meta) {
    return meta.getActiveTimeline().filterCompletedInstants().getInstants().stream()
        .filter(i -> !i.getAction().equals(HoodieTimeline.ROLLBACK_ACTION))
        .map(HoodieInstant::requestedTime)
        .collect(Collectors.toList());
  }

  /** What HudiIO's planning lists ({@code FileListings}), read from the metadata table. */
  private static TreeSet<String> hudiioListing(String base) throws IOException {
    org.apache.hadoop.fs.FileSystem fs =
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration());
    io.hudibeam.table.TablePaths paths = io.hudibeam.table.TablePaths.of(base);
    io.hudibeam.files.FileListing listing =
        io.hudibeam.metadatatable.FileListings.forTable(
            fs, paths, io.hudibeam.timeline.Timeline.load(fs, paths));
    assertThat(listing.source(), is("metadata table"));
    TreeSet<String> listed = new TreeSet<>();
    for (String partition : listing.partitions()) {
      listing.files(partition).forEach(f -> listed.add(partition + "/" + f.name()));
    }
    return listed;
  }

  /** The data files on disk (outside {@code .hoodie}), relative to the base path. */
  private static TreeSet<String> dataFilesOnDisk(String base) throws IOException {
    Path root = Paths.get(base);
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".parquet"))
          .map(f -> root.relativize(f).toString())
          .filter(f -> !f.startsWith(".hoodie"))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /** The metadata table's log files of deltacommit {@code t} (version 8 names them after it). */
  private static List<String> metadataFilesOf(String base, String t) throws IOException {
    Path root = Paths.get(base, ".hoodie", "metadata");
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .map(f -> root.relativize(f).toString())
          .filter(f -> !f.startsWith(".hoodie") && f.contains("_" + t + ".log."))
          .collect(Collectors.toList());
    }
  }

  private static TreeSet<String> filesOf(TreeSet<String> paths, String t) {
    return paths.stream()
        .filter(p -> p.endsWith("_" + t + ".parquet"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static String messages(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }
}
