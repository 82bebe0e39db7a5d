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
import static io.hudibeam.HudiIOTesting.messages;
import static io.hudibeam.SafetyChecks.committedFiles;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.TripsRange.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.TimelineWriter;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hudi.avro.model.HoodieCleanMetadata;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider;
import org.apache.hudi.common.config.LockConfiguration;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.apache.hudi.storage.hadoop.HadoopStorageConfiguration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The write, commit, rollback, clean, lock and two-writer suite (single writer and optimistic
 * concurrency control) on a real HDFS: a NameNode and a DataNode in the test JVM ({@code
 * hadoop-client-minicluster}, one cluster for the class), tables at {@code hdfs://} paths, every
 * table read back by Hudi's reader row by row. On HDFS, creating a file that exists fails and a
 * rename onto an existing file fails, where the local file system checks and creates in two steps
 * and renames over the target: the lock and the instant files are raced here from several threads,
 * each with its own client.
 */
public class HudiIOHdfsIT {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();
  private static MiniDFSCluster cluster;
  private static FileSystem hdfs;

  @BeforeClass
  public static void startHdfs() throws IOException {
    Configuration conf = new Configuration();
    conf.setInt("dfs.replication", 1);
    conf.setBoolean("dfs.permissions.enabled", false);
    // Let a file close while the DataNode's report of its last block is on its way, instead of the
    // client retrying the close with growing waits (seconds per small file on a busy machine).
    conf.setInt("dfs.namenode.file.close.num-committed-allowed", 1);
    conf.setInt("dfs.heartbeat.interval", 1);
    cluster = new MiniDFSCluster.Builder(conf, TMP.newFolder("hdfs")).numDataNodes(1).build();
    cluster.waitActive();
    hdfs = cluster.getFileSystem();
  }

  @AfterClass
  public static void stopHdfs() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  private static String newTable() {
    return cluster.getURI() + "/tables/" + UUID.randomUUID();
  }

  @Test
  public void insertUpsertFailedWriteRollbackAndCleanOnHdfs() throws Exception {
    String base = newTable();
    HudiTableReader reader = HudiTableReader.of(base);
    // One file version kept: each upsert's clean deletes the base files it rewrote.
    Map<String, String> oneVersion =
        Map.of(
            "hoodie.cleaner.policy",
            "KEEP_LATEST_FILE_VERSIONS",
            "hoodie.cleaner.fileversions.retained",
            "1");

    run(
        TripsRows.batch(0, 0, 400),
        trips(base, WriteOperation.INSERT).withHoodieProperties(oneVersion));
    String c1 = reader.completedInstantTimes().get(0);
    run(
        TripsRows.batch(1, 200, 400),
        trips(base, WriteOperation.UPSERT).withHoodieProperties(oneVersion));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String c2 = commits.get(1);
    assertRows(
        reader,
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(1).committedAt(c2));
    // c2's clean deleted the base files c2 rewrote.
    List<HoodieInstant> cleans = cleans(reader);
    assertThat(cleans, hasSize(1));
    HoodieCleanMetadata clean =
        TimelineMetadataUtils.deserializeHoodieCleanMetadata(
            reader.metaClient().getActiveTimeline().getInstantDetails(cleans.get(0)).get());
    assertThat(clean.getTotalFilesDeleted(), greaterThan(0));
    assertNoOrphans(base, reader);

    // c3 fails creating its second base file: the pipeline fails, c3 stays pending with files.
    String failId = UUID.randomUUID().toString();
    try {
      assertThrows(
          RuntimeException.class,
          () ->
              run(
                  TripsRows.batch(2, 0, 700),
                  trips(base, WriteOperation.UPSERT)
                      .withHoodieProperties(oneVersion)
                      .withHadoopConfiguration(
                          HdfsWithHooks.configuration(
                              Fault.on(failId, Operation.CREATE, Fault.BASE_FILE)
                                  .skip(1)
                                  .configuration()))));
    } finally {
      FaultFileSystem.forget(failId);
    }
    List<HoodieInstant> pending =
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending, hasSize(1));
    String c3 = pending.get(0).getTimestamp();
    assertThat(filesOf(dataFiles(base), c3), is(not(empty())));
    assertRows(
        reader,
        600,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 600).ofBatch(1).committedAt(c2));
    assertThat(
        "the failed write released its heartbeat",
        hdfs.exists(new Path(base, ".hoodie/.heartbeat/" + c3)),
        is(false));

    // c4 rolls c3 back on HDFS at once, commits and cleans.
    run(
        TripsRows.batch(3, 500, 200),
        trips(base, WriteOperation.UPSERT).withHoodieProperties(oneVersion));
    HoodieTableMetaClient meta = reader.metaClient();
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(c3)));
    assertThat(filesOf(dataFiles(base), c3), is(empty()));
    commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(3));
    String c4 = commits.get(2);
    assertRows(
        reader,
        700,
        trips(0, 200).ofBatch(0).committedAt(c1),
        trips(200, 500).ofBatch(1).committedAt(c2),
        trips(500, 700).ofBatch(3).committedAt(c4));
    assertThat(cleans(reader), hasSize(2));
    assertNoOrphans(base, reader);
  }

  @Test
  public void theTableLockIsCreateIfAbsentOnHdfsAndExcludesHudisProvider() throws Exception {
    String base = newTable();
    TablePaths paths = TablePaths.of(base);
    hdfs.mkdirs(paths.metaFolder());
    LockSettings noRetry = new LockSettings(null, 0, 0, 0);

    // Eight writers, each with its own HDFS client, try to take the lock at the same moment.
    List<FileSystem> clients = clients(8);
    CyclicBarrier together = new CyclicBarrier(clients.size());
    List<Callable<TableLock.Held>> tries = new ArrayList<>();
    for (FileSystem client : clients) {
      tries.add(
          () -> {
            together.await(60, TimeUnit.SECONDS);
            try {
              return new TableLock(client, paths, noRetry, Clock.systemUTC()).acquire("race");
            } catch (HudiTableException refused) {
              return null;
            }
          });
    }
    List<TableLock.Held> held = race(tries);
    assertThat(held.stream().filter(h -> h != null).count(), is(1L));
    held.stream().filter(h -> h != null).forEach(TableLock.Held::close);
    assertThat(hdfs.exists(new Path(paths.metaFolder(), "lock")), is(false));

    // Hudi's FileSystemBasedLockProvider on the same HDFS table: each excludes the other.
    TypedProperties props = new TypedProperties();
    props.setProperty("hoodie.base.path", base);
    props.setProperty(LockConfiguration.FILESYSTEM_LOCK_EXPIRE_PROP_KEY, "0");
    FileSystemBasedLockProvider hudi =
        new FileSystemBasedLockProvider(
            new LockConfiguration(props), new HadoopStorageConfiguration(hdfs.getConf()));
    TableLock ours = new TableLock(hdfs, paths, noRetry, Clock.systemUTC());
    assertThat(ours.lockFile().toString(), is(hudi.getLock()));
    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    HudiTableException refused =
        assertThrows(HudiTableException.class, () -> ours.acquire("commit 1"));
    assertThat(refused.getMessage(), containsString("another writer held it on all 1 tries"));
    hudi.unlock();
    try (TableLock.Held h = ours.acquire("commit 2")) {
      assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(false));
    }
    assertThat(hudi.tryLock(0, TimeUnit.MILLISECONDS), is(true));
    hudi.unlock();
    for (FileSystem client : clients) {
      client.close();
    }
  }

  @Test
  public void anInstantStateIsWrittenOnceWhenWritersRaceOnHdfs() throws Exception {
    String base = newTable();
    TablePaths paths = TablePaths.of(base);
    hdfs.mkdirs(paths.metaFolder());
    InstantTime time = InstantTime.parse("20261201000000000");

    // An empty state file (created with create-if-absent): eight racers, one wins.
    List<FileSystem> clients = clients(8);
    List<Boolean> requested =
        race(creators(clients, paths, w -> w.createRequested(time, Action.COMMIT, new byte[0])));
    assertThat(requested.stream().filter(b -> b).count(), is(1L));
    new TimelineWriter(hdfs, paths)
        .transitionToInflight(Instant.requested(time, Action.COMMIT), new byte[0]);

    // A state file with content (written to a temporary file, then renamed): one rename wins and
    // the file holds exactly its content, never a mix.
    Instant inflight = Instant.inflight(time, Action.COMMIT);
    List<Boolean> completed =
        race(
            creators(
                clients,
                paths,
                w ->
                    w.complete(
                        inflight,
                        ("{\"writer\": \"" + Thread.currentThread().getName() + "\"}")
                            .getBytes(StandardCharsets.UTF_8))));
    assertThat(completed.stream().filter(b -> b).count(), is(1L));
    String content =
        new String(
            new TimelineWriter(hdfs, paths).read(Instant.completed(time, Action.COMMIT)),
            StandardCharsets.UTF_8);
    assertThat(content.matches("\\{\"writer\": \"[^\"]+\"\\}"), is(true));
    // No temporary file is left behind by the losers.
    List<String> names = new ArrayList<>();
    for (FileStatus s : hdfs.listStatus(paths.metaFolder())) {
      if (s.isFile()) {
        names.add(s.getPath().getName());
      }
    }
    assertThat(
        names.stream().sorted().collect(Collectors.toList()),
        is(List.of(time + ".commit", time + ".commit.requested", time + ".inflight")));
    for (FileSystem client : clients) {
      client.close();
    }
  }

  @Test
  public void aSecondWriterFailsFastWhileTheFirstIsLiveOnHdfs() throws Exception {
    String base = newTable();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    String holdId = UUID.randomUUID().toString();
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      HudiIO.Write<Row> a =
          trips(base, WriteOperation.UPSERT)
              .withHadoopConfiguration(
                  HdfsWithHooks.configuration(Fault.holdAtCommit(holdId).configuration()));
      Future<?> runningA = executor.submit(() -> run(TripsRows.batch(1, 200, 400), a));
      assertThat(
          "writer A reached its commit",
          FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
          is(true));
      List<HoodieInstant> pending =
          reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants();
      assertThat(pending, hasSize(1));
      String instantA = pending.get(0).getTimestamp();

      RuntimeException b =
          assertThrows(
              RuntimeException.class,
              () ->
                  run(
                      TripsRows.batch(2, 0, 300),
                      trips(base, WriteOperation.UPSERT)
                          .withHoodieProperties(
                              Map.of("hoodie.client.heartbeat.tolerable.misses", "10"))));
      assertThat(
          messages(b),
          allOf(
              containsString("Cannot start a write on table " + base),
              containsString("instant " + instantA),
              containsString("heartbeat")));

      FaultFileSystem.release(holdId);
      runningA.get(120, TimeUnit.SECONDS);
      assertThat(reader.completedInstantTimes(), is(List.of(c1, instantA)));
      assertRows(
          reader,
          600,
          trips(0, 200).ofBatch(0).committedAt(c1),
          trips(200, 600).ofBatch(1).committedAt(instantA));
      assertNoOrphans(base, reader);
    } finally {
      FaultFileSystem.release(holdId);
      FaultFileSystem.forget(holdId);
      executor.shutdownNow();
    }
  }

  @Test
  public void ofTwoOptimisticWritersOfTheSameFileGroupsTheLaterIsRolledBackOnHdfs()
      throws Exception {
    String base = newTable();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);
    String holdId = UUID.randomUUID().toString();
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      // A updates keys 0..199 with optimistic concurrency control and is held before its commit.
      HudiIO.Write<Row> a =
          trips(base, WriteOperation.UPSERT)
              .withHoodieProperties(HudiIOOptimisticConcurrencyIT.OCC)
              .withHadoopConfiguration(
                  HdfsWithHooks.configuration(Fault.holdAtCommit(holdId).configuration()));
      Future<?> runningA = executor.submit(() -> run(TripsRows.batch(1, 0, 200), a));
      assertThat(
          "writer A reached its commit",
          FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
          is(true));
      String instantA = HudiIOOptimisticConcurrencyIT.pendingInstants(reader).get(0);

      // B updates keys 100..299 (the same file groups) beside A, and commits first.
      Map<String, String> occ = new java.util.HashMap<>(HudiIOOptimisticConcurrencyIT.OCC);
      occ.put("hoodie.client.heartbeat.tolerable.misses", "10");
      run(
          TripsRows.batch(2, 100, 200),
          trips(base, WriteOperation.UPSERT).withHoodieProperties(occ));
      List<String> commits = reader.completedInstantTimes();
      assertThat(commits, hasSize(2));
      String instantB = commits.get(1);

      FaultFileSystem.release(holdId);
      Exception lost = assertThrows(Exception.class, () -> runningA.get(120, TimeUnit.SECONDS));
      assertThat(
          messages(lost),
          allOf(
              containsString("Cannot commit instant " + instantA),
              containsString("conflicts with instant " + instantB),
              containsString("This write is rolled back")));
      assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB)));
      assertThat(filesOf(dataFiles(base), instantA), is(empty()));
      assertRows(
          reader,
          400,
          trips(0, 100).ofBatch(0).committedAt(c1),
          trips(100, 300).ofBatch(2).committedAt(instantB),
          trips(300, 400).ofBatch(0).committedAt(c1));
      assertNoOrphans(base, reader);
    } finally {
      FaultFileSystem.release(holdId);
      FaultFileSystem.forget(holdId);
      executor.shutdownNow();
    }
  }

  /** The calls, each on its own thread, all started together; their results in order. */
  private static <T> List<T> race(List<Callable<T>> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(calls.size());
    try {
      List<Future<T>> futures = pool.invokeAll(calls, 120, TimeUnit.SECONDS);
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        out.add(f.get());
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  private interface TimelineStep {
    void apply(TimelineWriter writer);
  }

  /** One racer per client: true when its step succeeded, false when it was refused. */
  private static List<Callable<Boolean>> creators(
      List<FileSystem> clients, TablePaths paths, TimelineStep step) {
    CyclicBarrier together = new CyclicBarrier(clients.size());
    List<Callable<Boolean>> out = new ArrayList<>();
    for (FileSystem client : clients) {
      out.add(
          () -> {
            together.await(60, TimeUnit.SECONDS);
            try {
              step.apply(new TimelineWriter(client, paths));
              return true;
            } catch (RuntimeException refused) {
              return false;
            }
          });
    }
    return out;
  }

  /** {@code n} separate HDFS clients (no cache), as separate writers would have. */
  private static List<FileSystem> clients(int n) throws IOException {
    List<FileSystem> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(FileSystem.newInstance(cluster.getURI(), new Configuration(hdfs.getConf())));
    }
    return out;
  }

  private static List<HoodieInstant> cleans(HudiTableReader reader) {
    return reader
        .metaClient()
        .getActiveTimeline()
        .getCleanerTimeline()
        .filterCompletedInstants()
        .getInstants();
  }

  /** Relative paths of every {@code .parquet} file under the base path outside {@code .hoodie}. */
  private static TreeSet<String> dataFiles(String base) throws IOException {
    TreeSet<String> out = new TreeSet<>();
    String root = new Path(base).toUri().getPath() + "/";
    RemoteIterator<LocatedFileStatus> files = hdfs.listFiles(new Path(base), true);
    while (files.hasNext()) {
      String path = files.next().getPath().toUri().getPath();
      String relative = path.substring(root.length());
      if (relative.endsWith(".parquet") && !relative.startsWith(".hoodie")) {
        out.add(relative);
      }
    }
    return out;
  }

  private static TreeSet<String> filesOf(TreeSet<String> files, String instant) {
    return files.stream()
        .filter(f -> f.endsWith("_" + instant + ".parquet"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * Every data file on HDFS is named by a completed commit (none orphaned), and no marker folder,
   * heartbeat, lock or pending instant is left.
   */
  private static void assertNoOrphans(String base, HudiTableReader reader) throws IOException {
    TreeSet<String> onDisk = dataFiles(base);
    TreeSet<String> orphans = new TreeSet<>(onDisk);
    orphans.removeAll(committedFiles(reader));
    assertThat(orphans, is(empty()));
    assertThat(listOrEmpty(new Path(base, ".hoodie/.temp")), is(empty()));
    assertThat(listOrEmpty(new Path(base, ".hoodie/.heartbeat")), is(empty()));
    assertThat(hdfs.exists(new Path(base, ".hoodie/lock")), is(false));
    assertThat(
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
  }

  private static List<String> listOrEmpty(Path folder) throws IOException {
    if (!hdfs.exists(folder)) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (FileStatus s : hdfs.listStatus(folder)) {
      out.add(s.getPath().getName());
    }
    return out;
  }
}
