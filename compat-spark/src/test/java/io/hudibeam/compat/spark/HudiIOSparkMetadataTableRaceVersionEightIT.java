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

import static io.hudibeam.compat.spark.SparkHudi.expected;
import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HudiIO;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.After;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Issue 35's concurrency proof on table version 8: HudiIO and Hudi 1.0.2's Spark writer write one
 * copy-on-write table that Spark created with its default metadata table ({@code files}, {@code
 * column_stats}, {@code partition_stats}), both with optimistic concurrency control, LAZY
 * failed-writes cleaning and Hudi's {@code FileSystemBasedLockProvider} (one lock file, {@code
 * .hoodie/lock}, its default folder in Hudi 1.0.2 as in HudiIO). The interleavings are ordered by
 * holds at a writer's commit (its first look at the lock after a data file was created): HudiIO's
 * through its Hadoop configuration, Spark's through the session's Hadoop configuration ({@link
 * FaultFileSystem}); no sleeps, every wait bounded. After each race and after one more Spark
 * upsert: Hudi's {@code HoodieBackedTableMetadata} lists exactly what the listing-based view of the
 * completed timeline holds, partition by partition; the losing instant has no state file on the
 * metadata timeline; the metadata table is never initialised anew; its statistics partitions stay
 * and equal what Hudi computes from the files; Spark reads every row as expected.
 */
public class HudiIOSparkMetadataTableRaceVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @ClassRule public static final TemporaryFolder TEMPLATE = new TemporaryFolder();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Set<String> PARTITIONS = Set.of("files", "column_stats", "partition_stats");
  private static final String[] META_COLUMNS = {
    "_hoodie_commit_time", "_hoodie_partition_path", "_hoodie_record_key"
  };

  /** Spark's table: 400 trips, 8 cities, one file group each; its first commit; its MDT inits. */
  private static String template;

  private static String c1;
  private static Set<String> initialisations;

  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final String hudiIOHold = UUID.randomUUID().toString();
  private final String sparkHold = UUID.randomUUID().toString();

  /** Optimistic concurrency control as both writers take it (Hudi's keys). */
  private static Map<String, String> occ() {
    Map<String, String> s = new HashMap<>();
    s.put("hoodie.write.concurrency.mode", "optimistic_concurrency_control");
    s.put(
        "hoodie.write.lock.provider",
        "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider");
    // The other writer's heartbeat is live though its holder is held (Hudi's default: 2 misses).
    s.put("hoodie.client.heartbeat.tolerable.misses", "10");
    return s;
  }

  private static Map<String, String> sparkOcc() {
    Map<String, String> options = new HashMap<>(tripsOptions("upsert"));
    options.putAll(occ());
    options.put("hoodie.cleaner.policy.failed.writes", "LAZY");
    return options;
  }

  private static HudiIO.Write<GenericRecord> hudiIOOcc(String base) {
    return hudiIOWrite(base, WriteOperation.UPSERT).withHoodieProperties(occ());
  }

  @BeforeClass
  public static void createdBySpark() throws Exception {
    template = TEMPLATE.newFolder("trips").getAbsolutePath();
    SPARK.sparkWrite(template, TripsData.batch(0, 0, 400), sparkOcc());
    HoodieTableMetaClient meta = SPARK.meta(template);
    assertThat(meta.getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(meta.getTableConfig().getMetadataPartitions(), is(PARTITIONS));
    c1 = SPARK.completedCommits(template).get(0).requestedTime();
    initialisations = ColumnStatsCheck.metadataInitialisations(template);
    assertThat(initialisations.isEmpty(), is(false));
  }

  @After
  public void tearDown() {
    FaultFileSystem.forget(hudiIOHold);
    FaultFileSystem.forget(sparkHold);
    executor.shutdownNow();
  }

  /** A copy of Spark's table (every file, checksums and timeline included). */
  private String created() throws Exception {
    Path to = tmp.newFolder("trips").toPath();
    Path from = Path.of(template);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.collect(Collectors.toList())) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    return to.toString();
  }

  @Test
  public void overlapSparkCommitsFirstAndHudiIOIsRolledBack() throws Exception {
    String base = created();
    // HudiIO upserts keys 0..199 and is held before its commit.
    Future<?> io = hudiIOHeldAtCommit(base, TripsData.batch(1, 0, 200));
    String instantIo = pending(base).get(0);

    // Spark upserts keys 100..299 (the same 8 file groups) and commits.
    String instantSpark = sparkCommits(base, TripsData.batch(2, 100, 200));

    assertThat("HudiIO still held at its commit", io.isDone(), is(false));
    FaultFileSystem.release(hudiIOHold);
    Exception lost = assertThrows(Exception.class, () -> io.get(180, TimeUnit.SECONDS));
    assertThat(
        messages(lost),
        allOf(
            containsString("Cannot commit instant " + instantIo),
            containsString("conflicts with instant " + instantSpark)));
    assertThat(commits(base), is(List.of(c1, instantSpark)));
    assertNoMetadataStateOf(base, instantIo);
    // HudiIO's rollback of its instant, with its own (empty) metadata deltacommit.
    List<String> rollbacks = completedRollbacks(base);
    assertThat("HudiIO's rollback", rollbacks, hasSize(1));
    assertThat(metadataDeltaCommits(base), hasItem(rollbacks.get(0)));
    LongFunction<List<Object>> rows =
        i -> i >= 100 && i < 300 ? expected(2, i, instantSpark) : expected(0, i, c1);
    assertInStep(base, rows);
    sparkContinues(base, rows);
  }

  @Test
  public void overlapHudiIOCommitsFirstAndSparksCommitAborts() throws Exception {
    String base = created();
    // Spark upserts keys 100..299 and is held before its commit.
    Configuration conf = SPARK.session().sparkContext().hadoopConfiguration();
    // Hudi writes data files through its wrapper file system (scheme hoodie-file), cached by
    // scheme: uncached, it wraps this write's file system, the one with the hold.
    Map<String, String> hold = new HashMap<>(Fault.holdAtCommit(sparkHold).configuration());
    hold.put("fs.hoodie-file.impl.disable.cache", "true");
    hold.forEach(conf::set);
    try {
      Future<?> spark =
          executor.submit(() -> SPARK.sparkWrite(base, TripsData.batch(1, 100, 200), sparkOcc()));
      assertThat(
          "Spark reached its commit",
          FaultFileSystem.awaitHeld(sparkHold, 180, TimeUnit.SECONDS),
          is(true));
      String instantSpark = pending(base).get(0);
      // HudiIO upserts keys 0..199 and commits: Spark's instant is pending, no conflict.
      hudiIO(TripsData.batch(2, 0, 200), hudiIOOcc(base));
      String instantIo = latestCommit(base);
      assertThat(metadataDeltaCommits(base), hasItem(instantIo));

      // Spark's conflict check (under the lock, before its metadata update) aborts its commit.
      assertThat("Spark still held at its commit", spark.isDone(), is(false));
      FaultFileSystem.release(sparkHold);
      Exception aborted = assertThrows(Exception.class, () -> spark.get(180, TimeUnit.SECONDS));
      // Hudi's SimpleConcurrentFileWritesConflictResolutionStrategy names both instants.
      assertThat(
          messages(aborted),
          allOf(
              containsString("Cannot resolve conflicts for overlapping writes"),
              containsString("instantTime=" + instantSpark),
              containsString("instantTime=" + instantIo + ", actionState=COMPLETED")));
      hold.keySet().forEach(conf::unset);
      assertThat(commits(base), is(List.of(c1, instantIo)));
      assertThat(pending(base), is(List.of(instantSpark)));
      assertNoMetadataStateOf(base, instantSpark);
      LongFunction<List<Object>> rows =
          i -> i < 200 ? expected(2, i, instantIo) : expected(0, i, c1);
      SPARK.assertMetadataListsTheCompletedFiles(base);
      assertThat(SPARK.snapshot(base), is(all(rows)));

      // The aborted write is dead (its heartbeat aged): the next writer's LAZY cleaning rolls it
      // back; here Spark's next upsert, in the clean after its commit.
      File heartbeat = new File(base, ".hoodie/.heartbeat/" + instantSpark);
      if (heartbeat.exists()) {
        assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 600_000), is(true));
      }
      sparkContinues(base, rows);
      List<String> rollbacks = completedRollbacks(base);
      assertThat("Spark's rollback", rollbacks, hasSize(1));
      // minted after its upsert's instant: in the clean after that commit, not at its start.
      assertThat(rollbacks.get(0).compareTo(latestCommit(base)) > 0, is(true));
      assertNoMetadataStateOf(base, instantSpark);
    } finally {
      hold.keySet().forEach(conf::unset);
      FaultFileSystem.release(sparkHold);
    }
  }

  @Test
  public void disjointHudiIOStartsFirstSparkCommitsFirstAndBothCommit() throws Exception {
    String base = created();
    // HudiIO writes city 1 and is held before its commit.
    Future<?> io = hudiIOHeldAtCommit(base, city(2, 1));
    String instantIo = pending(base).get(0);

    // Spark writes city 0 and commits (its metadata deltacommit the latest).
    String instantSpark = sparkCommits(base, city(1, 0));

    // HudiIO's commit: no conflict; its metadata deltacommit at an earlier time than Spark's.
    assertThat("HudiIO still held at its commit", io.isDone(), is(false));
    FaultFileSystem.release(hudiIOHold);
    io.get(180, TimeUnit.SECONDS);
    assertThat(commits(base), is(List.of(c1, instantIo, instantSpark)));
    assertThat(metadataDeltaCommits(base), hasItems(instantIo, instantSpark));
    LongFunction<List<Object>> rows =
        i ->
            i % 8 == 0
                ? expected(1, i, instantSpark)
                : i % 8 == 1 ? expected(2, i, instantIo) : expected(0, i, c1);
    assertInStep(base, rows);
    sparkContinues(base, rows);
  }

  /** Starts a HudiIO upsert of {@code records} and waits until it is held before its commit. */
  private Future<?> hudiIOHeldAtCommit(String base, List<GenericRecord> records)
      throws InterruptedException {
    Future<?> io =
        executor.submit(
            () ->
                hudiIO(
                    records,
                    hudiIOOcc(base)
                        .withHadoopConfiguration(Fault.holdAtCommit(hudiIOHold).configuration())));
    assertThat(
        "HudiIO reached its commit",
        FaultFileSystem.awaitHeld(hudiIOHold, 180, TimeUnit.SECONDS),
        is(true));
    return io;
  }

  /** Spark upserts {@code records} and commits; returns its instant, with its metadata delta. */
  private String sparkCommits(String base, List<GenericRecord> records) throws Exception {
    SPARK.sparkWrite(base, records, sparkOcc());
    String instant = latestCommit(base);
    assertThat(metadataDeltaCommits(base), hasItem(instant));
    return instant;
  }

  /** Batch {@code b}'s records of city {@code city} among keys 0..399. */
  private static List<GenericRecord> city(long b, int city) {
    List<GenericRecord> out = new ArrayList<>();
    for (long i = city; i < 400; i += 8) {
      out.add(TripsData.record(b, i));
    }
    return out;
  }

  private static Map<String, List<Object>> all(LongFunction<List<Object>> rows) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (long i = 0; i < 400; i++) {
      out.put(TripsData.key(i), rows.apply(i));
    }
    return out;
  }

  /** Spark upserts city 2 (batch 9) and commits; everything stays in step. */
  private void sparkContinues(String base, LongFunction<List<Object>> before) throws Exception {
    SPARK.sparkWrite(base, city(9, 2), sparkOcc());
    String h = latestCommit(base);
    assertThat(metadataDeltaCommits(base), hasItem(h));
    assertInStep(base, i -> i % 8 == 2 ? expected(9, i, h) : before.apply(i));
    List<String> columns = new ArrayList<>(List.of(META_COLUMNS));
    TripsData.SCHEMA.getFields().forEach(f -> columns.add(f.name()));
    ColumnStatsCheck.assertColumnStatsAreHudis(SPARK, base, columns);
    PartitionStatsCheck.assertPartitionStatsAreHudis(SPARK.meta(base), base, columns);
  }

  /**
   * The metadata table in step with the data timeline: nothing pending, Hudi's metadata reader
   * lists exactly the completed files and no data file is an orphan, every metadata partition kept
   * and none initialised anew, Spark's rows exact.
   */
  private void assertInStep(String base, LongFunction<List<Object>> rows) throws Exception {
    assertThat(pending(base), is(empty()));
    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getTableConfig().getMetadataPartitions(), is(PARTITIONS));
    assertThat(ColumnStatsCheck.metadataInitialisations(base), is(initialisations));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    // No orphan: every data file on disk was written by a completed commit.
    assertThat(
        "instants of the data files on disk",
        commits(base).containsAll(dataFileInstants(base)),
        is(true));
    assertThat(SPARK.snapshot(base), is(all(rows)));
  }

  /** The instants of the base files in the trips partitions ({@code <id>_<token>_<instant>}). */
  private static Set<String> dataFileInstants(String base) {
    Set<String> out = new java.util.TreeSet<>();
    for (String partition : TripsData.CITIES) {
      String[] names = new File(base, partition).list();
      for (String name : names == null ? new String[0] : names) {
        if (name.endsWith(".parquet")) {
          String stem = name.substring(0, name.length() - ".parquet".length());
          out.add(stem.substring(stem.lastIndexOf('_') + 1));
        }
      }
    }
    assertThat("base files on disk", out.isEmpty(), is(false));
    return out;
  }

  private static String messages(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static List<String> times(Stream<HoodieInstant> instants) {
    return instants.map(HoodieInstant::requestedTime).collect(Collectors.toList());
  }

  private static List<String> commits(String base) {
    return times(SPARK.completedCommits(base).stream());
  }

  private static String latestCommit(String base) {
    List<String> commits = commits(base);
    return commits.get(commits.size() - 1);
  }

  private static List<String> pending(String base) {
    return times(
        SPARK
            .meta(base)
            .getActiveTimeline()
            .getCommitsTimeline()
            .filterInflightsAndRequested()
            .getInstants()
            .stream());
  }

  private static List<String> completedRollbacks(String base) {
    return times(
        SPARK
            .meta(base)
            .getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream());
  }

  /** The completed deltacommits of the metadata table. */
  private static List<String> metadataDeltaCommits(String base) {
    HoodieTableMetaClient metadata =
        HoodieTableMetaClient.builder()
            .setConf(SPARK.meta(base).getStorageConf())
            .setBasePath(base + "/.hoodie/metadata")
            .build();
    return times(
        metadata
            .getActiveTimeline()
            .getDeltaCommitTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream()
            .filter(i -> i.getAction().equals(HoodieTimeline.DELTA_COMMIT_ACTION)));
  }

  /** No state file of {@code instant} (requested, inflight or completed) on the MDT timeline. */
  private static void assertNoMetadataStateOf(String base, String instant) {
    String[] names = new File(base, ".hoodie/metadata/.hoodie/timeline").list();
    assertThat(
        "metadata timeline state files of " + instant,
        Arrays.stream(names).filter(n -> n.startsWith(instant)).collect(Collectors.toList()),
        is(empty()));
  }
}
