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
import static io.hudibeam.TripsRange.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.FaultS3AFileSystem;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Crash points on S3 (issue #38), as {@code HudiIOFailureIT} has them on the local file system: a
 * writer dies after its first base file is uploaded, or just before its completed {@code .commit}
 * file (every base file and the {@code .inflight} written). Hudi's reader through S3A never sees
 * the dead instant's rows; once the dead writer's heartbeat is gone, the next write rolls the
 * pending instant back (its files deleted from S3 by their markers) and commits, every row exact
 * and no file of the dead instant left. And the storage failing after the commit, in the clean: the
 * commit is whole and the next write cleans. An S3Proxy server in the test JVM, a crash injected by
 * {@link FaultS3AFileSystem}.
 */
public class HudiIOS3CrashIT {
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

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Map<String, String> CLEAN_EACH_COMMIT =
      Map.of(
          "hoodie.cleaner.policy", "KEEP_LATEST_FILE_VERSIONS",
          "hoodie.cleaner.fileversions.retained", "1");

  private static HudiIO.Write<Row> onS3(String base, WriteOperation operation) {
    return trips(base, operation)
        .withHadoopConfiguration(S3.hadoopSettings())
        .withHoodieProperties(CLEAN_EACH_COMMIT);
  }

  private HudiIO.Write<Row> crashingAt(String base, String suffix) throws IOException {
    String flag = tmp.getRoot() + "/crashed-" + suffix.replace('.', '_');
    // A base file dies after its bytes are uploaded; an instant file just before it is written.
    Operation at = suffix.equals(".parquet") ? Operation.CLOSE : Operation.CREATE;
    Fault crash =
        Fault.on("s3-crash-" + System.nanoTime(), at, ".*" + Pattern.quote(suffix) + "$")
            .onceFlaggedBy(flag);
    return trips(base, WriteOperation.UPSERT)
        .withHadoopConfiguration(FaultS3AFileSystem.configuration(S3.hadoopSettings(), crash))
        .withHoodieProperties(CLEAN_EACH_COMMIT);
  }

  private static HudiTableReader reader(String base) {
    return HudiTableReader.of(base, S3.hadoopSettings());
  }

  private static FileSystem fileSystem() throws IOException {
    Configuration conf = new Configuration();
    S3.hadoopSettings().forEach(conf::set);
    return FileSystem.get(URI.create("s3a://" + S3Server.BUCKET + "/"), conf);
  }

  /** The names of the table's Parquet base files on S3. */
  private static List<String> dataFiles(String base) throws IOException {
    List<String> names = new ArrayList<>();
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

  /** The base files of every file slice Hudi's view of the completed timeline holds. */
  private static List<String> committedFiles(HudiTableReader reader) {
    return reader
        .metaClient()
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .flatMap(
            i -> {
              try {
                return org.apache.hudi.common.model.HoodieCommitMetadata.fromBytes(
                        reader.metaClient().getActiveTimeline().getInstantDetails(i).get(),
                        org.apache.hudi.common.model.HoodieCommitMetadata.class)
                    .getWriteStats()
                    .stream()
                    .map(s -> new Path(s.getPath()).getName());
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            })
        .filter(name -> name.endsWith(".parquet"))
        .sorted()
        .collect(Collectors.toList());
  }

  private static List<String> pending(HudiTableReader reader) {
    return reader
        .metaClient()
        .getActiveTimeline()
        .filterInflightsAndRequested()
        .getInstants()
        .stream()
        .map(HoodieInstant::getTimestamp)
        .collect(Collectors.toList());
  }

  /** The dead writer's heartbeat is gone, as it is once it has expired (no one refreshes it). */
  private static void heartbeatGone(String base, String instant) throws IOException {
    Path heartbeat = new Path(base + "/.hoodie/.heartbeat/" + instant);
    if (fileSystem().exists(heartbeat)) {
      assertThat(fileSystem().delete(heartbeat, false), is(true));
    }
  }

  /**
   * The table after an insert of 40 trips (c1) and an upsert of trips 20..59 that crashes at {@code
   * suffix}; then the recovering upsert of the same trips. Returns the dead instant.
   */
  private String crashThenRecover(String name, String suffix) throws Exception {
    String base = S3.newTable(name);
    run(TripsRows.batch(0, 0, 40), onS3(base, WriteOperation.INSERT));
    HudiTableReader reader = reader(base);
    String c1 = reader.completedInstantTimes().get(0);

    Throwable crash =
        assertThrows(
            Throwable.class, () -> run(TripsRows.batch(1, 20, 40), crashingAt(base, suffix)));
    assertThat(messages(crash), containsString("injected "));
    List<String> dead = pending(reader(base));
    assertThat("one pending instant: " + dead, dead, hasSize(1));
    String c2 = dead.get(0);
    assertThat(reader(base).completedInstantTimes(), is(List.of(c1)));
    assertRows(reader(base), 40, trips(0, 40).ofBatch(0).committedAt(c1));
    List<String> deadFiles =
        dataFiles(base).stream().filter(f -> f.contains(c2)).collect(Collectors.toList());
    assertThat("the dead instant left base files on S3", deadFiles, is(not(empty())));

    heartbeatGone(base, c2);
    run(TripsRows.batch(1, 20, 40), onS3(base, WriteOperation.UPSERT));
    HudiTableReader after = reader(base);
    assertThat(pending(after), is(empty()));
    List<String> commits = after.completedInstantTimes();
    assertThat(commits, hasSize(2));
    assertThat(commits.get(0), is(c1));
    assertThat(
        after
            .metaClient()
            .getActiveTimeline()
            .getRollbackTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(1));
    assertRows(
        after,
        60,
        trips(0, 20).ofBatch(0).committedAt(c1),
        trips(20, 60).ofBatch(1).committedAt(commits.get(1)));
    List<String> onS3 = dataFiles(base);
    assertThat(
        "no file of the dead instant is left",
        onS3.stream().noneMatch(f -> f.contains(c2)),
        is(true));
    assertThat(
        "every base file on S3 is a committed one",
        onS3,
        is(committedFilesAfterClean(after, onS3)));
    return c2;
  }

  /** The files on S3 that some commit wrote (cleans may have deleted older versions since). */
  private static List<String> committedFilesAfterClean(HudiTableReader reader, List<String> onS3) {
    List<String> committed = committedFiles(reader);
    return onS3.stream().filter(committed::contains).collect(Collectors.toList());
  }

  @Test
  public void aWriterThatDiesAfterItsFirstBaseFileIsRolledBackByTheNextWrite() throws Exception {
    crashThenRecover("crash-after-base-file", ".parquet");
  }

  @Test
  public void aWriterThatDiesBeforeItsCommitFileIsRolledBackByTheNextWrite() throws Exception {
    crashThenRecover("crash-before-commit", ".commit");
  }

  /**
   * The storage fails after the writer's {@code .commit}, when the clean it schedules writes its
   * {@code .clean.requested}: the write still succeeds (a table service failing after the commit is
   * logged, not fatal: the instant is committed), the commit is whole (Hudi reads its rows),
   * nothing is pending, and the next write cleans and commits.
   */
  @Test
  public void aCleanThatFailsAfterTheCommitLeavesTheCommitWholeAndTheNextWriteCleans()
      throws Exception {
    String base = S3.newTable("crash-after-commit");
    run(TripsRows.batch(0, 0, 40), onS3(base, WriteOperation.INSERT));
    String c1 = reader(base).completedInstantTimes().get(0);
    run(TripsRows.batch(1, 20, 40), crashingAt(base, ".clean.requested"));
    assertThat(
        "the crash was injected",
        java.nio.file.Files.exists(
            java.nio.file.Paths.get(tmp.getRoot() + "/crashed-_clean_requested")),
        is(true));
    assertThat(
        reader(base).metaClient().getActiveTimeline().getCleanerTimeline().countInstants(), is(0));
    HudiTableReader reader = reader(base);
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    assertThat(pending(reader), is(empty()));
    assertRows(
        reader,
        60,
        trips(0, 20).ofBatch(0).committedAt(c1),
        trips(20, 60).ofBatch(1).committedAt(commits.get(1)));

    run(TripsRows.batch(2, 50, 20), onS3(base, WriteOperation.UPSERT));
    HudiTableReader after = reader(base);
    List<String> all = after.completedInstantTimes();
    assertThat(all, hasSize(3));
    assertThat(pending(after), is(empty()));
    assertThat(
        "the next write cleaned",
        after
                .metaClient()
                .getActiveTimeline()
                .getCleanerTimeline()
                .filterCompletedInstants()
                .countInstants()
            > 0,
        is(true));
    assertRows(
        after,
        70,
        trips(0, 20).ofBatch(0).committedAt(c1),
        trips(20, 50).ofBatch(1).committedAt(commits.get(1)),
        trips(50, 70).ofBatch(2).committedAt(all.get(2)));
  }
}
