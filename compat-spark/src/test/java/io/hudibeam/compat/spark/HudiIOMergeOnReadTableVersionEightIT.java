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
import static io.hudibeam.compat.spark.SparkHudi.range;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.HoodieTableVersion;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.view.FileSystemViewManager;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Merge-on-read tables of table version 8, read by Hudi 1.0.2's Spark reader row by row after every
 * step: one HudiIO creates ({@code withTableVersion(8)}, {@code withTableType(MERGE_ON_READ)}):
 * insert, upserts into log files named with their deltacommit's instant, delete, compaction, more
 * upserts, then Hudi 1.0.2's Spark writer continues; and one Hudi 1.0.2's Spark writer creates with
 * its defaults, continued by HudiIO and by Spark again.
 */
public class HudiIOMergeOnReadTableVersionEightIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();

  /** A log file of the data table: a name with {@code .log.}, outside {@code .hoodie}. */
  private static final String DATA_LOG_FILE = "^(?!.*/\\.hoodie/).*/[^/]*\\.log\\.[^/]*$";

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** {@code .<fileId>_<instant>.log.<version>_<token>} */
  private static final Pattern LOG_FILE =
      Pattern.compile("^\\.(.+)_(\\d{17})\\.log\\.(\\d+)_(\\d+-\\d+-\\d+)$");

  private static HudiIO.Write<GenericRecord> write(String base, WriteOperation operation) {
    return hudiIOWrite(base, operation).withTableType(TableType.MERGE_ON_READ);
  }

  private static Map<String, String> sparkMergeOnRead(String operation) {
    Map<String, String> options = new HashMap<>(tripsOptions(operation));
    options.put("hoodie.datasource.write.table.type", "MERGE_ON_READ");
    return options;
  }

  private static void compact(String base) {
    Pipeline compaction = Pipeline.create(PipelineOptionsFactory.create());
    compaction.apply(HudiIO.compact().withBasePath(base));
    compaction.run().waitUntilFinish();
  }

  /** The instants in the names of the table's log files (hidden files of the partitions). */
  private static List<String> logFileInstants(String base) throws IOException {
    try (Stream<Path> files = Files.walk(Path.of(base))) {
      return files
          .filter(p -> !p.toString().contains("/.hoodie"))
          .map(p -> LOG_FILE.matcher(p.getFileName().toString()))
          .filter(Matcher::matches)
          .map(m -> m.group(2))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static List<String> actions(List<HoodieInstant> instants) {
    return instants.stream().map(HoodieInstant::getAction).collect(Collectors.toList());
  }

  @Test
  public void hudiSparkReadsAndContinuesAMergeOnReadVersionEightTableHudiIOCreated()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    hudiIO(records(0, range(0, 16)), write(base, WriteOperation.INSERT).withTableVersion(8));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(SPARK.meta(base).getTableType(), is(HoodieTableType.MERGE_ON_READ));
    String d1 = SPARK.completedCommits(base).get(0).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>(expected(0, d1, range(0, 16)));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(logFileInstants(base), is(empty()));

    // Updates go to log files named with the deltacommit's own instant (Hudi 1.0's rule).
    hudiIO(records(1, 4, 5, 6, 7), write(base, WriteOperation.UPSERT));
    String d2 = SPARK.completedCommits(base).get(1).requestedTime();
    assertThat(logFileInstants(base), is(List.of(d2, d2, d2, d2)));
    expected.putAll(expected(1, d2, 4, 5, 6, 7));
    assertThat(SPARK.snapshot(base), is(expected));

    // A second update of record 5's file group: another log file of the same slice.
    hudiIO(records(2, 5, 8), write(base, WriteOperation.UPSERT));
    String d3 = SPARK.completedCommits(base).get(2).requestedTime();
    expected.putAll(expected(2, d3, 5, 8));
    assertThat(SPARK.snapshot(base), is(expected));

    hudiIO(records(3, 9, 6), write(base, WriteOperation.DELETE));
    expected.remove(TripsData.key(9));
    expected.remove(TripsData.key(6));
    assertThat(SPARK.snapshot(base), is(expected));
    String d4 = SPARK.completedCommits(base).get(3).requestedTime();
    assertThat(
        actions(SPARK.completedCommits(base)),
        is(List.of("deltacommit", "deltacommit", "deltacommit", "deltacommit")));

    // Late updates (smaller ordering values than the stored records'): the table HudiIO created
    // with an ordering field has hoodie.record.merge.mode=EVENT_TIME_ORDERING, so the stored
    // records stay, before and after the compaction.
    hudiIO(records(0, 7, 8), write(base, WriteOperation.UPSERT));
    assertThat(SPARK.snapshot(base), is(expected));

    compact(base);
    List<HoodieInstant> instants = SPARK.completedCommits(base);
    assertThat(
        actions(instants),
        is(
            List.of(
                "deltacommit",
                "deltacommit",
                "deltacommit",
                "deltacommit",
                "deltacommit",
                "commit")));
    assertThat(
        new File(
                base,
                ".hoodie/timeline/" + instants.get(5).requestedTime() + ".compaction.requested")
            .isFile(),
        is(true));
    // The compaction keeps each record's commit time; read-optimized reads its base files.
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.readOptimized(base), is(expected));

    // Upserts after the compaction: log files of the compacted slices (by completion time).
    hudiIO(records(4, 0, 5, 16), write(base, WriteOperation.UPSERT));
    String d6 = SPARK.completedCommits(base).get(6).requestedTime();
    Map<String, List<Object>> compacted = new TreeMap<>(expected);
    expected.putAll(expected(4, d6, 0, 5, 16));
    assertThat(SPARK.snapshot(base), is(expected));
    // Record 5's update went to a log file named with d6; record 0's file group also received
    // the insert of record 16 (same partition), so HudiIO merged both into a new base file of
    // that small base-only slice, as it does on version 6. Read-optimized: the base files.
    assertThat(logFileInstants(base).contains(d6), is(true));
    compacted.putAll(expected(4, d6, 0, 16));
    assertThat(SPARK.readOptimized(base), is(compacted));
    // Time travel to the first deltacommit.
    assertThat(SPARK.asOf(base, d1), is(expected(0, d1, range(0, 16))));
    assertThat(SPARK.incremental(base, "000"), is(expected));

    // Hudi 1.0.2's Spark writer continues the table.
    SPARK.sparkWrite(base, records(5, 1, 5, 17), sparkMergeOnRead("upsert"));
    instants = SPARK.completedCommits(base);
    assertThat(instants.size(), is(8));
    String d7 = instants.get(7).requestedTime();
    expected.putAll(expected(5, d7, 1, 5, 17));
    assertThat(SPARK.snapshot(base), is(expected));
    // ... and HudiIO after it.
    hudiIO(records(6, 2, 17), write(base, WriteOperation.UPSERT));
    String d8 = SPARK.completedCommits(base).get(8).requestedTime();
    expected.putAll(expected(6, d8, 2, 17));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
  }

  @Test
  public void hudiIOContinuesAMergeOnReadVersionEightTableHudiSparkCreated() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    SPARK.sparkWrite(base, records(0, range(0, 16)), sparkMergeOnRead("upsert"));
    SPARK.sparkWrite(base, records(1, 4, 5), sparkMergeOnRead("upsert"));
    assertThat(SPARK.meta(base).getTableConfig().getTableVersion(), is(HoodieTableVersion.EIGHT));
    assertThat(SPARK.meta(base).getTableType(), is(HoodieTableType.MERGE_ON_READ));
    List<HoodieInstant> instants = SPARK.completedCommits(base);
    String d1 = instants.get(0).requestedTime();
    String d2 = instants.get(1).requestedTime();
    Map<String, List<Object>> expected = new TreeMap<>(expected(0, d1, range(0, 16)));
    expected.putAll(expected(1, d2, 4, 5));
    assertThat(SPARK.snapshot(base), is(expected));

    // HudiIO upserts (into the slices with Hudi Spark's log files) and deletes.
    hudiIO(records(2, 5, 6, 20), write(base, WriteOperation.UPSERT));
    hudiIO(records(3, 4, 7), write(base, WriteOperation.DELETE));
    // A late update of record 6 (Hudi Spark's table has EVENT_TIME_ORDERING): the stored one stays.
    hudiIO(records(0, 6), write(base, WriteOperation.UPSERT));
    instants = SPARK.completedCommits(base);
    assertThat(
        actions(instants),
        is(List.of("deltacommit", "deltacommit", "deltacommit", "deltacommit", "deltacommit")));
    String d3 = instants.get(2).requestedTime();
    expected.putAll(expected(2, d3, 5, 6, 20));
    expected.remove(TripsData.key(4));
    expected.remove(TripsData.key(7));
    assertThat(SPARK.snapshot(base), is(expected));
    // HudiIO keeps the metadata table's files, column_stats and partition_stats partitions (log
    // files included).
    assertThat(
        SPARK.meta(base).getTableConfig().getMetadataPartitions(),
        is(java.util.Set.of("files", "column_stats", "partition_stats")));
    SPARK.assertMetadataListsTheCompletedFiles(base);

    // HudiIO compacts the slices with Hudi Spark's and its own log files.
    compact(base);
    assertThat(SPARK.readOptimized(base), is(expected));
    SPARK.assertMetadataListsTheCompletedFiles(base);
    assertThat(SPARK.snapshot(base), is(expected));

    // Hudi 1.0.2's Spark writer continues (rebuilding its metadata table).
    SPARK.sparkWrite(base, records(4, 6, 8, 21), sparkMergeOnRead("upsert"));
    instants = SPARK.completedCommits(base);
    String d6 = instants.get(instants.size() - 1).requestedTime();
    expected.putAll(expected(4, d6, 6, 8, 21));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.meta(base).getTableConfig().getMetadataPartitions(), is(not(empty())));

    // A late update of record 5, whose stored version is in the compacted base file: Hudi keeps
    // the base record (event-time ordering), and so does HudiIO's next compaction.
    hudiIO(records(1, 5), write(base, WriteOperation.UPSERT));
    assertThat(SPARK.snapshot(base), is(expected));
    compact(base);
    assertThat(
        actions(SPARK.completedCommits(base)).get(SPARK.completedCommits(base).size() - 1),
        is("commit"));
    assertThat(SPARK.readOptimized(base), is(expected));
    assertThat(SPARK.snapshot(base), is(expected));
  }

  @Test
  public void aFailedDeltaCommitIsRolledBackByTheNextWriteAndNeverSeenByHudiSpark()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    hudiIO(records(0, range(0, 16)), write(base, WriteOperation.INSERT).withTableVersion(8));
    hudiIO(records(1, 4, 5), write(base, WriteOperation.UPSERT));
    List<HoodieInstant> instants = SPARK.completedCommits(base);
    Map<String, List<Object>> expected =
        new TreeMap<>(expected(0, instants.get(0).requestedTime(), range(0, 16)));
    expected.putAll(expected(1, instants.get(1).requestedTime(), 4, 5));
    List<String> committedLogs = logFileInstants(base);

    // The deltacommit dies after writing a complete log file (the DirectRunner does not retry).
    HudiIO.Write<GenericRecord> crashing =
        write(base, WriteOperation.UPSERT)
            .withHadoopConfiguration(
                Fault.on(tmp.getRoot() + "/crashed", Operation.CLOSE, DATA_LOG_FILE)
                    .onceFlaggedBy(tmp.getRoot() + "/crashed")
                    .configuration());
    assertThrows(Exception.class, () -> hudiIO(records(2, 4, 6, 7), crashing));
    List<HoodieInstant> pending =
        SPARK.meta(base).getActiveTimeline().filterInflightsAndRequested().getInstants();
    assertThat(pending.size(), is(1));
    String failed = pending.get(0).requestedTime();
    assertThat(pending.get(0).getAction(), is("deltacommit"));
    List<String> failedLogs = new java.util.ArrayList<>(logFileInstants(base));
    failedLogs.removeAll(committedLogs);
    assertThat(failedLogs.isEmpty(), is(false));
    assertThat(failedLogs.stream().allMatch(failed::equals), is(true));
    // Hudi Spark skips the failed deltacommit's log files.
    assertThat(SPARK.snapshot(base), is(expected));

    // The failing write deleted its heartbeat, so the next write rolls it back (its log files
    // deleted, as Hudi 1.0 does on version 8) and commits.
    assertThat(new File(base, ".hoodie/.heartbeat/" + failed).exists(), is(false));
    hudiIO(records(3, 6), write(base, WriteOperation.UPSERT));
    HoodieTableMetaClient meta = SPARK.meta(base);
    assertThat(meta.getActiveTimeline().filterInflightsAndRequested().getInstants(), is(empty()));
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks.size(), is(1));
    HoodieRollbackMetadata rollback =
        meta.getActiveTimeline().readRollbackMetadata(rollbacks.get(0));
    assertThat(rollback.getCommitsRollback(), is(List.of(failed)));
    // Every file it deleted is a log file of the failed deltacommit (the DirectRunner may still
    // finish other bundles' log files after the pipeline failed, so the count is not fixed); no
    // rollback command block was written.
    List<String> deleted =
        rollback.getPartitionMetadata().values().stream()
            .flatMap(p -> p.getSuccessDeleteFiles().stream())
            .map(f -> LOG_FILE.matcher(new File(f).getName()))
            .map(m -> m.matches() ? m.group(2) : "not a log file")
            .collect(Collectors.toList());
    assertThat(deleted.size(), is(rollback.getTotalFilesDeleted()));
    assertThat(deleted.size() >= failedLogs.size(), is(true));
    assertThat(deleted.stream().allMatch(failed::equals), is(true));
    assertThat(
        rollback.getPartitionMetadata().values().stream()
            .allMatch(p -> p.getRollbackLogFiles().isEmpty()),
        is(true));
    assertThat(logFileInstants(base).contains(failed), is(false));
    instants = SPARK.completedCommits(base);
    assertThat(instants.size(), is(3));
    expected.putAll(expected(3, instants.get(2).requestedTime(), 6));
    assertThat(SPARK.snapshot(base), is(expected));

    // Hudi 1.0.2's Spark writer continues after the rollback.
    SPARK.sparkWrite(base, records(4, 4, 7), sparkMergeOnRead("upsert"));
    instants = SPARK.completedCommits(base);
    expected.putAll(expected(4, instants.get(instants.size() - 1).requestedTime(), 4, 7));
    assertThat(SPARK.snapshot(base), is(expected));
  }

  @Test
  public void inlineCompactionAndCleaningKeepHudiSparksReadsExact() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    Map<String, String> settings =
        Map.of(
            "hoodie.compact.inline",
            "true",
            "hoodie.compact.inline.max.delta.commits",
            "1",
            "hoodie.cleaner.commits.retained",
            "1");
    hudiIO(
        records(0, range(0, 16)),
        write(base, WriteOperation.INSERT).withTableVersion(8).withHoodieProperties(settings));
    Map<String, List<Object>> expected =
        new TreeMap<>(
            expected(0, SPARK.completedCommits(base).get(0).requestedTime(), range(0, 16)));
    long[][] upserts = {{4, 5, 6, 7}, {4, 5, 8}, {4, 9}};
    for (int b = 1; b <= upserts.length; b++) {
      hudiIO(
          records(b, upserts[b - 1]),
          write(base, WriteOperation.UPSERT).withHoodieProperties(settings));
      List<HoodieInstant> instants = SPARK.completedCommits(base);
      // Each deltacommit is compacted inline: deltacommit, commit.
      assertThat(actions(instants).get(instants.size() - 1), is("commit"));
      String delta = instants.get(instants.size() - 2).requestedTime();
      expected.putAll(expected(b, delta, upserts[b - 1]));
      assertThat(SPARK.snapshot(base), is(expected));
      assertThat(SPARK.readOptimized(base), is(expected));
    }

    // The cleans deleted older slices, their log files (named with their deltacommits) too.
    HoodieTableMetaClient meta = SPARK.meta(base);
    List<Path> deleted = new java.util.ArrayList<>();
    for (HoodieInstant clean :
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().getInstants()) {
      meta.getActiveTimeline()
          .readCleanMetadata(clean)
          .getPartitionMetadata()
          .forEach(
              (partition, files) ->
                  files.getSuccessDeleteFiles().stream()
                      .map(f -> Path.of(base, partition, new File(f).getName()))
                      .forEach(deleted::add));
    }
    assertThat(
        deleted.stream().anyMatch(f -> LOG_FILE.matcher(f.getFileName().toString()).matches()),
        is(true));
    assertThat(deleted.stream().anyMatch(f -> f.toString().endsWith(".parquet")), is(true));
    for (Path file : deleted) {
      assertThat(file + " was cleaned", Files.exists(file), is(false));
    }
    // Hudi 1.0.2's file-system view holds exactly the data files on disk.
    assertThat(hudiViewFiles(meta), is(dataFilesOnDisk(base)));
  }

  /** Every base and log file of every slice in Hudi 1.0.2's file-system view (listing). */
  private static java.util.TreeSet<String> hudiViewFiles(HoodieTableMetaClient meta) {
    java.util.TreeSet<String> files = new java.util.TreeSet<>();
    try (HoodieTableFileSystemView view =
        FileSystemViewManager.createInMemoryFileSystemView(
            new HoodieLocalEngineContext(meta.getStorageConf()),
            meta,
            HoodieMetadataConfig.newBuilder().enable(false).build())) {
      for (String partition :
          List.of(
              "chennai",
              "london",
              "new_york",
              "paris",
              "san_francisco",
              "sao_paulo",
              "sydney",
              "tokyo")) {
        view.getAllFileGroups(partition)
            .forEach(
                group ->
                    group
                        .getAllFileSlices()
                        .forEach(
                            slice -> {
                              slice.getBaseFile().ifPresent(b -> files.add(b.getFileName()));
                              slice.getLogFiles().forEach(l -> files.add(l.getFileName()));
                            }));
      }
    }
    return files;
  }

  /** The names of the base and log files in the table's partitions. */
  private static java.util.TreeSet<String> dataFilesOnDisk(String base) throws IOException {
    try (Stream<Path> files = Files.walk(Path.of(base))) {
      return files
          .filter(p -> !p.toString().contains("/.hoodie"))
          .map(p -> p.getFileName().toString())
          .filter(
              n -> n.endsWith(".parquet") && !n.startsWith(".") || LOG_FILE.matcher(n).matches())
          .collect(Collectors.toCollection(java.util.TreeSet::new));
    }
  }
}
