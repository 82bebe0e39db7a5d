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
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.metadata.HoodieBackedTableMetadata;
import org.apache.hudi.storage.StoragePath;
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

  private static final List<String> CITIES = List.of("amsterdam", "lisbon", "oslo");
  private static final Schema SCHEMA =
      SchemaBuilder.record("rides_record")
          .namespace("hoodie.rides")
          .fields()
          .requiredString("uuid")
          .requiredLong("ts")
          .optionalString("rider")
          .requiredString("city")
          .endRecord();

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
  private final Configuration conf = new Configuration();

  @After
  public void tearDown() {
    CrashAfterRenameFileSystem.forget(id);
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
                            CrashAfterRenameFileSystem.arm(id, METADATA_DELTA_COMMIT))));
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
    assertThat(hudiRows(meta, false), is(first));
    assertThat(hudiRows(meta, true), is(first));
    TreeSet<String> listed = metadataListing(meta);
    assertThat(filesOf(listed, t), is(empty()));
    TreeSet<String> completedOnDisk = dataFilesOnDisk(base);
    completedOnDisk.removeAll(tFiles);
    assertThat(listed, is(completedOnDisk));

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
    assertThat(metadataListing(meta), is(onDisk));
    Map<String, List<Object>> last = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      last.put(key(i), expected(0, i, c1));
    }
    for (int i = 15; i < 20; i++) {
      last.put(key(i), expected(2, i, c3));
    }
    assertThat(hudiRows(meta, false), is(last));
    assertThat(hudiRows(meta, true), is(last));
  }

  private static String key(int i) {
    return String.format("ride-%04d", i);
  }

  private static GenericRecord ride(int b, int i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("uuid", key(i));
    r.put("ts", 1_700_000_000_000L + 1000L * b + i);
    r.put("rider", i % 4 == 3 ? null : "rider-" + b + "-" + i);
    r.put("city", CITIES.get(i % CITIES.size()));
    return r;
  }

  private static List<GenericRecord> rides(int b, int... indexes) {
    return Arrays.stream(indexes).mapToObj(i -> ride(b, i)).collect(Collectors.toList());
  }

  private static List<Object> expected(int b, int i, String commit) {
    GenericRecord r = ride(b, i);
    return Arrays.asList(r.get("ts"), r.get("rider"), r.get("city"), commit);
  }

  private static HudiIO.Write<GenericRecord> write(String base, WriteOperation operation) {
    return HudiIO.writeGenericRecords()
        .withBasePath(base)
        .withTableName("rides")
        .withRecordKeyFields("uuid")
        .withPartitionFields("city")
        .withOrderingField("ts")
        .withOperation(operation)
        .withTableVersion(8)
        .withHoodieProperties(COMPACT_AT_FIVE);
  }

  private static void run(List<GenericRecord> records, HudiIO.Write<GenericRecord> write) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(records).withCoder(AvroCoder.of(SCHEMA))).apply(write);
    p.run().waitUntilFinish();
  }

  private HoodieTableMetaClient meta(String base) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(conf))
        .setBasePath(base)
        .build();
  }

  private HoodieTableMetaClient metadataMeta(String base) {
    return meta(base + "/.hoodie/metadata");
  }

  private static List<String> completedCommits(HoodieTableMetaClient meta) {
    return meta.getActiveTimeline().filterCompletedInstants().getInstants().stream()
        .filter(i -> !i.getAction().equals(HoodieTimeline.ROLLBACK_ACTION))
        .map(HoodieInstant::requestedTime)
        .collect(Collectors.toList());
  }

  /**
   * Hudi 1.0's snapshot, row by row (key to [ts, rider, city, commit time]), from a file system
   * view that lists storage or, with {@code throughMetadata}, the metadata table.
   */
  private static Map<String, List<Object>> hudiRows(
      HoodieTableMetaClient meta, boolean throughMetadata) throws Exception {
    HudiOneCommits reader = new HudiOneCommits(meta, SCHEMA);
    Map<String, List<Object>> rows = new TreeMap<>();
    try (HoodieTableFileSystemView view =
        FileSystemViewManager.createInMemoryFileSystemView(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta,
            HoodieMetadataConfig.newBuilder().enable(throughMetadata).build())) {
      for (String partition : CITIES) {
        for (HoodieBaseFile file :
            view.getLatestBaseFiles(partition).collect(Collectors.toList())) {
          for (Map.Entry<String, GenericRecord> e : reader.read(file).entrySet()) {
            GenericRecord r = e.getValue();
            Object previous =
                rows.put(
                    e.getKey(),
                    Arrays.asList(
                        r.get("ts"),
                        r.get("rider") == null ? null : r.get("rider").toString(),
                        r.get("city").toString(),
                        r.get(HoodieRecord.COMMIT_TIME_METADATA_FIELD).toString()));
            assertThat("duplicate " + e.getKey(), previous == null, is(true));
          }
        }
      }
    }
    return rows;
  }

  /** Every file Hudi 1.0's metadata reader lists, relative to the base path. */
  private static TreeSet<String> metadataListing(HoodieTableMetaClient meta) throws Exception {
    String base = meta.getBasePath().toString();
    TreeSet<String> listed = new TreeSet<>();
    try (HoodieBackedTableMetadata metadata =
        new HoodieBackedTableMetadata(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta.getStorage(),
            HoodieMetadataConfig.newBuilder().enable(true).build(),
            base)) {
      for (String partition : metadata.getAllPartitionPaths()) {
        metadata
            .getAllFilesInPartition(new StoragePath(base, partition))
            .forEach(f -> listed.add(partition + "/" + f.getPath().getName()));
      }
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
