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
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.StreamingTesting.counter;
import static io.hudibeam.StreamingTesting.stream;
import static io.hudibeam.TripsRange.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.StorageRequests;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.MetadataTableChecks;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.transforms.commit.CommitInstant;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * HudiIO's write paths on S3 through Hadoop's S3A: an S3Proxy server in the test JVM ({@link
 * S3Server}, on a free loopback port, path-style access), tables at {@code s3a://hudi/...}, each
 * read back row by row by Hudi 0.15's reader through S3A. Copy-on-write insert, upsert, clean and
 * archival; merge-on-read upserts into log files and inline compaction; a stream of commit
 * intervals (TestStream); optimistic concurrency refused with the file-system lock, which cannot
 * hold on S3; the storage requests of a small upsert.
 */
public class HudiIOS3IT {
  @ClassRule public static final S3Server S3 = new S3Server();

  /**
   * Hadoop caches a file system per scheme and bucket, not per endpoint: an S3A instance an earlier
   * test class made in this JVM points at that class's S3 server, which is gone. Closing the cache
   * makes this class's writes and reads create instances for its own server.
   */
  @BeforeClass
  public static void forgetOtherServersFileSystems() throws IOException {
    FileSystem.closeAll();
  }

  private static HudiIO.Write<Row> onS3(String base, WriteOperation operation) {
    return trips(base, operation).withHadoopConfiguration(S3.hadoopSettings());
  }

  private static HudiTableReader reader(String base) {
    return HudiTableReader.of(base, S3.hadoopSettings());
  }

  private static List<String> actions(HoodieTableMetaClient meta) {
    return meta
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .map(HoodieInstant::getAction)
        .collect(Collectors.toList());
  }

  @Test
  public void copyOnWriteInsertUpsertCleanAndArchivalOnS3() throws Exception {
    String base = S3.newTable("cow");
    HudiTableReader reader = reader(base);
    Map<String, String> services =
        Map.of(
            "hoodie.cleaner.policy", "KEEP_LATEST_FILE_VERSIONS",
            "hoodie.cleaner.fileversions.retained", "1",
            "hoodie.keep.min.commits", "3",
            "hoodie.keep.max.commits", "4",
            "hoodie.cleaner.commits.retained", "2",
            // The metadata table (the default) compacts at every write's start, so it does not
            // hold archival back (Hudi archives only before its last compaction).
            "hoodie.metadata.compact.max.delta.commits", "1");
    run(
        TripsRows.batch(0, 0, 40),
        onS3(base, WriteOperation.INSERT).withHoodieProperties(services));
    String c0 = reader.completedInstantTimes().get(0);
    assertRows(reader, 40, trips(0, 40).ofBatch(0).committedAt(c0));
    for (int b = 1; b <= 4; b++) {
      run(
          TripsRows.batch(b, 10 * b, 20),
          onS3(base, WriteOperation.UPSERT).withHoodieProperties(services));
    }
    List<String> commits = reader.completedInstantTimes();
    // Five commits > hoodie.keep.max.commits=4: archived down to 3.
    assertThat(commits, hasSize(3));
    String c4 = commits.get(2);
    String c3 = commits.get(1);
    String c2 = commits.get(0);
    assertRows(
        reader,
        60,
        trips(0, 10).ofBatch(0).committedAt(c0),
        trips(30, 40).ofBatch(3).committedAt(c3),
        trips(40, 60).ofBatch(4).committedAt(c4));
    HoodieTableMetaClient meta = reader.metaClient();
    var archived = meta.getArchivedTimeline();
    archived.loadCompletedInstantDetailsInMemory();
    assertThat(
        "the two oldest commits are in Hudi's archived timeline",
        archived.getCommitsTimeline().filterCompletedInstants().countInstants(),
        is(2));
    assertThat(
        "each upsert's clean deleted the base files it replaced",
        meta.getActiveTimeline().getCleanerTimeline().filterCompletedInstants().countInstants(),
        greaterThan(0));
    assertThat(c2.compareTo(c0) > 0, is(true));
    // Every base file of the table on S3 is one Hudi's view knows: the cleans removed the others.
    assertThat(
        dataFiles(base),
        is(
            reader.latestFileSlices().stream()
                .map(s -> s.getBaseFile().get().getFileName())
                .sorted()
                .collect(Collectors.toList())));
    // The metadata table (made by default) is kept on S3 through cleans and archival: Hudi's
    // metadata reader, over S3A, lists exactly the completed file slices.
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(reader);
  }

  @Test
  public void mergeOnReadUpsertsAndInlineCompactionOnS3() throws Exception {
    String base = S3.newTable("mor");
    HudiTableReader reader = reader(base);
    HudiIO.Write<Row> write =
        onS3(base, WriteOperation.UPSERT)
            .withTableType(TableType.MERGE_ON_READ)
            .withHoodieProperties(
                Map.of(
                    "hoodie.compact.inline", "true",
                    "hoodie.compact.inline.max.delta.commits", "3"));
    run(TripsRows.batch(0, 0, 40), write.withOperation(WriteOperation.INSERT));
    run(TripsRows.batch(1, 0, 10), write);
    List<String> deltas = reader.completedInstantTimes();
    assertThat(actions(reader.metaClient()), is(List.of("deltacommit", "deltacommit")));
    assertThat(
        "the update went to log files",
        reader.latestFileSlices().stream().anyMatch(s -> s.getLogFiles().findAny().isPresent()),
        is(true));
    assertRows(
        reader,
        40,
        trips(0, 10).ofBatch(1).committedAt(deltas.get(1)),
        trips(10, 40).ofBatch(0).committedAt(deltas.get(0)));

    // The third deltacommit reaches hoodie.compact.inline.max.delta.commits: compacted inline.
    run(TripsRows.batch(2, 35, 10), write);
    HoodieTableMetaClient meta = reader.metaClient();
    assertThat(actions(meta), is(List.of("deltacommit", "deltacommit", "deltacommit", "commit")));
    String d2 =
        meta.getActiveTimeline().getDeltaCommitTimeline().lastInstant().get().getTimestamp();
    assertThat(
        "the compaction left base-only slices",
        reader.latestFileSlices().stream().noneMatch(s -> s.getLogFiles().findAny().isPresent()),
        is(true));
    assertRows(
        reader,
        45,
        trips(0, 10).ofBatch(1).committedAt(deltas.get(1)),
        trips(10, 35).ofBatch(0).committedAt(deltas.get(0)),
        trips(35, 45).ofBatch(2).committedAt(d2));
    assertThat(
        meta.getActiveTimeline()
            .filter(i -> i.getAction().equals(HoodieTimeline.COMMIT_ACTION))
            .countInstants(),
        is(1));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(reader);
  }

  @Test
  public void streamingUpsertCommitsEachIntervalOnS3() throws Exception {
    String base = S3.newTable("stream");
    HudiIO.Write<Row> write =
        onS3(base, WriteOperation.UPSERT).withTriggeringFrequency(StreamingTesting.INTERVAL);
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(
            stream(
                TripsRows.SCHEMA, List.of(TripsRows.batch(0, 0, 20), TripsRows.batch(1, 10, 20))))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write);
    PipelineResult result = p.run();
    result.waitUntilFinish();

    HudiTableReader reader = reader(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat("one commit per interval", commits, hasSize(2));
    assertThat(counter(result, CommitInstant.class, "instantsCommitted"), is(2L));
    assertThat(
        "S3A counted the commit steps' requests",
        counter(result, CommitInstant.class, "storageRequests"),
        greaterThan(0L));
    assertRows(
        reader,
        30,
        trips(0, 10).ofBatch(0).committedAt(commits.get(0)),
        trips(10, 30).ofBatch(1).committedAt(commits.get(1)));
    MetadataTableChecks.assertMetadataListsTheCompletedFiles(reader);
  }

  @Test
  public void optimisticConcurrencyWithTheFileSystemLockIsRefusedOnS3() throws Exception {
    String base = S3.newTable("occ");
    Map<String, String> occ = new HashMap<>();
    occ.put("hoodie.write.concurrency.mode", "OPTIMISTIC_CONCURRENCY_CONTROL");
    occ.put(
        "hoodie.write.lock.provider",
        "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider");
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                run(
                    TripsRows.batch(0, 0, 10),
                    onS3(base, WriteOperation.INSERT).withHoodieProperties(occ)));
    assertThat(
        messages(e),
        allOf(
            containsString("hoodie.write.concurrency.mode=OPTIMISTIC_CONCURRENCY_CONTROL"),
            containsString(
                "hoodie.write.lock.provider=org.apache.hudi.client.transaction.lock"
                    + ".FileSystemBasedLockProvider"),
            containsString("cannot create the lock file"),
            containsString("hoodie.write.concurrency.mode=SINGLE_WRITER"),
            containsString(
                "hoodie.write.lock.provider="
                    + "org.apache.hudi.client.transaction.lock.InProcessLockProvider")));
    assertThat(
        "refused before the table was created",
        fileSystem().exists(new Path(base, ".hoodie")),
        is(false));

    // Hudi's in-process lock holds for writers in this JVM: the same write runs.
    occ.put(
        "hoodie.write.lock.provider",
        "org.apache.hudi.client.transaction.lock.InProcessLockProvider");
    run(TripsRows.batch(0, 0, 10), onS3(base, WriteOperation.INSERT).withHoodieProperties(occ));
    HudiTableReader reader = reader(base);
    assertRows(
        reader, 10, trips(0, 10).ofBatch(0).committedAt(reader.completedInstantTimes().get(0)));
  }

  @Test
  public void requestsOfASmallUpsertOnS3() throws Exception {
    String base = S3.newTable("requests");
    run(TripsRows.batch(0, 0, 100), onS3(base, WriteOperation.INSERT));
    FileSystem fs = fileSystem();
    StorageRequests before = StorageRequests.of(fs).orElseThrow();
    Map<String, Long> opsBefore =
        new java.util.TreeMap<>(
            ((org.apache.hadoop.fs.statistics.IOStatisticsSource) fs).getIOStatistics().counters());
    run(TripsRows.batch(1, 90, 20), onS3(base, WriteOperation.UPSERT));
    StorageRequests upsert = StorageRequests.of(fs).orElseThrow().since(before);
    ((org.apache.hadoop.fs.statistics.IOStatisticsSource) fs)
        .getIOStatistics()
        .counters()
        .forEach(
            (k, v) -> {
              long d = v - opsBefore.getOrDefault(k, 0L);
              if (d != 0 && k.startsWith("op_")) {
                System.out.println("OPS " + k + " " + d);
              }
            });
    System.out.println(
        "S3 requests of a 20-record upsert (10 updates, 10 inserts) into 100: " + upsert);
    HudiTableReader reader = reader(base);
    List<String> commits = reader.completedInstantTimes();
    assertRows(
        reader,
        110,
        trips(0, 90).ofBatch(0).committedAt(commits.get(0)),
        trips(90, 110).ofBatch(1).committedAt(commits.get(1)));
    assertThat(upsert.total(), greaterThan(0L));
    assertThat(upsert.put(), greaterThan(0L));
  }

  /** The S3A file system the writes use (Hadoop caches it per bucket and configuration user). */
  private static FileSystem fileSystem() throws IOException {
    Configuration conf = new Configuration();
    S3.hadoopSettings().forEach(conf::set);
    return FileSystem.get(URI.create("s3a://" + S3Server.BUCKET + "/"), conf);
  }

  /** The names of the Parquet base files of the table, listed from S3. */
  private static List<String> dataFiles(String base) throws IOException {
    List<String> names = new java.util.ArrayList<>();
    var files = fileSystem().listFiles(new Path(base), true);
    while (files.hasNext()) {
      Path path = files.next().getPath();
      if (!path.toString().contains("/.hoodie/") && path.getName().endsWith(".parquet")) {
        names.add(path.getName());
      }
    }
    names.sort(null);
    return names;
  }
}
