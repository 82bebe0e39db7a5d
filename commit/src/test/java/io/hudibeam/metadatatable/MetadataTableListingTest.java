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

import static io.hudibeam.testing.MetadataTableChecks.assertMetadataListsTheCompletedFiles;
import static io.hudibeam.testing.MetadataTableChecks.assertRowsReadThroughMetadata;
import static io.hudibeam.testing.MetadataTableChecks.completedMetadataDeltaCommits;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroup;
import io.hudibeam.files.FileListing;
import io.hudibeam.files.FileSlice;
import io.hudibeam.files.FileSystemListing;
import io.hudibeam.files.FileSystemView;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.services.CleanSettings;
import io.hudibeam.services.Cleaner;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.apache.hudi.storage.StoragePath;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Planning lists a table from its metadata table's {@code files} partition when it is there ({@link
 * FileListings}): no data folder is listed, the view is the listed one's, and a file on disk the
 * metadata table does not name (a dead write's, an orphan) is not seen.
 */
public class MetadataTableListingTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void planningReadsTheFilesPartitionAndSeesNoFileItDoesNotName() throws Exception {
    String base = new File(tmp.getRoot(), "trips").getAbsolutePath();
    TablePaths paths = TablePaths.of(base);
    FileSystem local = FileSystem.getLocal(new Configuration());
    Map<String, GenericRecord> expected = new TreeMap<>();
    HudiReference.trips(base).metadataTable(true).create().insert(TripsData.batch(0, 0, 80));
    put(expected, TripsData.batch(0, 0, 80));
    LocalWrite ours = LocalWrite.trips(base);
    ours.insert(TripsData.batch(1, 80, 40));
    put(expected, TripsData.batch(1, 80, 40));
    ours.upsert(TripsData.batch(2, 10, 50));
    put(expected, TripsData.batch(2, 10, 50));
    ours.upsert(TripsData.batch(3, 0, 30));
    put(expected, TripsData.batch(3, 0, 30));
    // A clean, so the files partition also holds deletions.
    assertThat(
        new Cleaner(local, paths, CleanSettings.keepLatestCommits(1))
            .clean(new InstantTimeGenerator(TimelineTimezone.LOCAL))
            .size(),
        is(1));

    // A writer that dies after its metadata deltacommit completed: its files are on disk.
    StartedInstant dead = ours.transaction().start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> deadStats = ours.writeUpserts(dead, TripsData.batch(7, 0, 30));
    CommitMetadata.Builder deadCommit =
        CommitMetadata.builder().operationType(OperationType.UPSERT);
    deadStats.forEach(s -> deadCommit.addWriteStat(s.partitionPath(), s));
    MetadataTable.of(local, paths)
        .orElseThrow()
        .update(dead.instantTime(), FilesPartitionUpdate.ofCommit(deadCommit.build()));
    assertThat(completedMetadataDeltaCommits(base), hasItem(dead.instantTime().value()));
    // An orphan: a base file of a completed commit under a file id no commit names (what a task
    // retry leaves when the commit's marker reconciliation did not run).
    BaseFile committed = firstLatestBaseFile(local, paths);
    String orphanName =
        UUID.randomUUID()
            + "-0"
            + committed.name().value().substring(committed.name().value().indexOf('_'));
    File orphan = new File(new File(base, committed.partitionPath()), orphanName);
    Files.copy(new File(base, committed.relativePath()).toPath(), orphan.toPath());

    CountingFileSystem counting = CountingFileSystem.local();
    Timeline timeline = Timeline.load(counting, paths);
    counting.reset();
    FileListing listing = FileListings.forTable(counting, paths, timeline);
    FileSystemView fromMetadata = FileSystemView.load(listing, counting, paths, timeline);
    assertThat(listing.source(), is("metadata table"));
    assertThat("data folders listed", counting.dataFoldersListed(base), empty());

    FileSystemListing disk = FileSystemListing.of(counting, paths);
    FileSystemView fromDisk = FileSystemView.load(disk, counting, paths, timeline);
    assertThat(counting.dataFoldersListed(base), not(empty()));
    assertThat(listing.partitions(), equalTo(disk.partitions()));
    assertSameAsHudisMetadataReader(base, listing);
    for (WriteStat stat : deadStats) {
      String name = new Path(stat.path()).getName();
      assertThat(names(disk.files(stat.partitionPath())), hasItem(name));
      assertThat(names(listing.files(stat.partitionPath())), not(hasItem(name)));
    }
    assertThat(names(disk.files(committed.partitionPath())), hasItem(orphanName));
    assertThat(names(listing.files(committed.partitionPath())), not(hasItem(orphanName)));
    // The views agree but for the orphan's file group, which only the listed view has.
    for (String partition : listing.partitions()) {
      List<FileSlice> listed = slices(fromDisk, partition);
      List<FileSlice> withoutOrphan =
          listed.stream()
              .filter(
                  s -> !s.baseFile().map(b -> b.name().value().equals(orphanName)).orElse(false))
              .toList();
      assertThat(
          partition,
          listed.size() - withoutOrphan.size(),
          is(partition.equals(committed.partitionPath()) ? 1 : 0));
      assertThat(partition, slices(fromMetadata, partition), equalTo(withoutOrphan));
    }

    // The cleaner plans without listing a data folder.
    counting.reset();
    new Cleaner(counting, paths, CleanSettings.keepLatestCommits(1))
        .plan(Timeline.load(counting, paths));
    assertThat(counting.dataFoldersListed(base), empty());

    // The next write rolls the dead instant back: the rollback finds its files (not through the
    // metadata table) and deletes them.
    assertThat(orphan.delete(), is(true));
    assertThat(
        new File(base, ".hoodie/.heartbeat/" + dead.instantTime().value()).delete(), is(true));
    ours.upsert(TripsData.batch(8, 30, 10));
    put(expected, TripsData.batch(8, 30, 10));
    for (WriteStat stat : deadStats) {
      assertThat(stat.path(), new File(base, stat.path()).exists(), is(false));
    }
    Timeline after = Timeline.load(local, paths);
    FileListing afterListing = FileListings.forTable(local, paths, after);
    assertThat(afterListing.source(), is("metadata table"));
    assertSameAsHudisMetadataReader(base, afterListing);
    FileSystemView afterView = FileSystemView.load(afterListing, local, paths, after);
    FileSystemView afterDisk = FileSystemView.load(local, paths, after);
    for (String partition : afterListing.partitions()) {
      assertThat(slices(afterView, partition), equalTo(slices(afterDisk, partition)));
    }
    assertMetadataListsTheCompletedFiles(base);
    assertRowsReadThroughMetadata(base, expected);
  }

  @Test
  public void withoutTheMetadataTableTheFileSystemIsListed() throws Exception {
    String base = new File(tmp.getRoot(), "plain").getAbsolutePath();
    HudiReference.trips(base).metadataTable(true).create().insert(TripsData.batch(0, 0, 30));
    LocalWrite.trips(base, false).upsert(TripsData.batch(1, 10, 30));
    FileSystem local = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(base);
    assertThat(HudiTableReader.of(base).tableConfig().getMetadataPartitions(), empty());
    CountingFileSystem counting = CountingFileSystem.local();
    FileListing listing = FileListings.forTable(counting, paths, Timeline.load(local, paths));
    assertThat(listing.source(), is("file system"));
    assertThat(listing.partitions(), equalTo(HudiTableReader.of(base).partitionPaths()));
    assertThat(counting.dataFoldersListed(base), not(empty()));
  }

  /** Hudi 0.15's metadata reader lists the partitions and files {@code listing} lists. */
  private static void assertSameAsHudisMetadataReader(String base, FileListing listing)
      throws Exception {
    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();
    try (HoodieBackedTableMetadata metadata =
        new HoodieBackedTableMetadata(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta.getStorage(),
            HoodieMetadataConfig.newBuilder().enable(true).build(),
            base)) {
      List<String> partitions = new ArrayList<>(metadata.getAllPartitionPaths());
      Collections.sort(partitions);
      assertThat(listing.partitions(), equalTo(partitions));
      for (String partition : partitions) {
        TreeSet<String> hudi =
            metadata.getAllFilesInPartition(new StoragePath(base, partition)).stream()
                .map(f -> f.getPath().getName())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(partition, names(listing.files(partition)), equalTo(hudi));
      }
    }
  }

  private static BaseFile firstLatestBaseFile(FileSystem fs, TablePaths paths) {
    FileSystemView view = FileSystemView.load(fs, paths, Timeline.load(fs, paths));
    return view.latestBaseFiles(view.partitions().get(0)).get(0);
  }

  private static List<FileSlice> slices(FileSystemView view, String partition) {
    List<FileSlice> slices = new ArrayList<>();
    for (FileGroup group : view.fileGroups(partition)) {
      slices.addAll(group.slices());
    }
    return slices;
  }

  private static TreeSet<String> names(List<FileListing.ListedFile> files) {
    return files.stream()
        .map(FileListing.ListedFile::name)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static void put(Map<String, GenericRecord> expected, List<GenericRecord> batch) {
    for (GenericRecord r : batch) {
      expected.put(r.get(TripsData.RECORD_KEY_FIELD).toString(), r);
    }
  }

  /** A local file system that records the folders it lists. */
  static final class CountingFileSystem extends LocalFileSystem {
    private final List<Path> listed = Collections.synchronizedList(new ArrayList<>());

    CountingFileSystem() {
      super(io.hudibeam.testing.NioLocalFileSystem.raw());
    }

    static CountingFileSystem local() throws IOException {
      CountingFileSystem fs = new CountingFileSystem();
      fs.initialize(URI.create("file:///"), new Configuration());
      return fs;
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
      listed.add(f);
      return super.listStatus(f);
    }

    void reset() {
      listed.clear();
    }

    /** The listed folders of the table at {@code base} outside its {@code .hoodie} folder. */
    List<String> dataFoldersListed(String base) {
      synchronized (listed) {
        return listed.stream()
            .map(p -> p.toUri().getPath())
            .filter(p -> p.startsWith(base) && !p.contains("/.hoodie"))
            .toList();
      }
    }
  }
}
