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

import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertTable;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.messages;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.pendingInstants;
import static io.hudibeam.SafetyChecks.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.After;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Two writers on one S3 table with optimistic concurrency control and Hudi's {@code
 * InProcessLockProvider} (the file-system lock is refused on S3; the in-process lock excludes
 * writers of one JVM), interleaved by a hold inside S3A's {@code create} ({@code
 * FaultS3AFileSystem}, {@link Operation#OPENED}; no timing): writer A is held at its first base
 * file while writer B starts, writes and commits. On the same file groups A's commit loses the
 * conflict: it is rolled back (a rollback instant, its files deleted from S3) and fails naming B's
 * instant; on disjoint file groups both commit. Hudi's reader through S3A, row by row: exactly the
 * committed writes, nothing left.
 */
public class HudiIOS3OptimisticConcurrencyIT {
  private static final Map<String, String> OCC_IN_PROCESS =
      Map.of(
          "hoodie.write.concurrency.mode", "optimistic_concurrency_control",
          "hoodie.write.lock.provider",
              "org.apache.hudi.client.transaction.lock.InProcessLockProvider");

  @ClassRule public static final S3Server S3 = new S3Server();

  /** File systems of an earlier class's server (gone) must not be reused from Hadoop's cache. */
  @BeforeClass
  public static void forgetOtherServersFileSystems() throws IOException {
    FileSystem.closeAll();
  }

  private final S3Writers s3 = new S3Writers(S3);
  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final String idA = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(idA);
    executor.shutdownNow();
  }

  /** Trips of batch {@code b} for indexes {@code 8n + city}, n in [0, 50): one file group. */
  static List<Row> city(long b, int city) {
    List<Row> rows = new ArrayList<>();
    for (long n = 0; n < 50; n++) {
      rows.add(TripsRows.row(b, n * 8 + city));
    }
    return rows;
  }

  /** Writer A, held at its first base file (after S3A's probe) until {@link #releaseA}. */
  private Future<?> writerA(String base, List<Row> rows) {
    Fault firstBaseFile =
        Fault.on(
                idA,
                Operation.OPENED,
                Pattern.quote(new Path(base).toUri().getPath() + "/") + "[^.].*\\.parquet")
            .hold();
    return executor.submit(
        () -> run(rows, s3.heldOnS3(base, WriteOperation.UPSERT, OCC_IN_PROCESS, firstBaseFile)));
  }

  private boolean awaitA() throws InterruptedException {
    return FaultFileSystem.awaitHeld(idA, 180, TimeUnit.SECONDS);
  }

  private void releaseA() {
    FaultFileSystem.release(idA);
  }

  @Test
  public void ofWritersOfTheSameFileGroupsOnS3TheLaterCommitIsRolledBack() throws Exception {
    String base = S3.newTable("occ-same");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, Map.of()));
    String c1 = reader.completedInstantTimes().get(0);

    Future<?> a = writerA(base, TripsRows.batch(1, 0, 200));
    assertThat("A is writing its base files", awaitA(), is(true));
    String instantA = pendingInstants(reader).get(0);

    // B updates keys 100..299, the file groups A writes, and commits first.
    run(TripsRows.batch(2, 100, 200), s3.onS3(base, WriteOperation.UPSERT, OCC_IN_PROCESS));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String instantB = commits.get(1);

    releaseA();
    Exception lost = assertThrows(Exception.class, () -> a.get(180, TimeUnit.SECONDS));
    assertThat(
        messages(lost),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("conflicts with instant " + instantB),
            containsString("also wrote file groups"),
            containsString("This write is rolled back")));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(instantA)));
    assertThat(rollback.getTotalFilesDeleted(), is(8));
    assertThat("A's files are deleted from S3", s3.filesOf(base, instantA), is(empty()));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB)));
    assertTable(
        reader, i -> i >= 100 && i < 300 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    s3.assertClean(base, reader);
  }

  @Test
  public void writersOfDisjointFileGroupsOnS3BothCommit() throws Exception {
    String base = S3.newTable("occ-disjoint");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, Map.of()));
    String c1 = reader.completedInstantTimes().get(0);

    Future<?> a = writerA(base, city(1, 0));
    assertThat("A is writing its base file", awaitA(), is(true));
    String instantA = pendingInstants(reader).get(0);

    run(city(2, 1), s3.onS3(base, WriteOperation.UPSERT, OCC_IN_PROCESS));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String instantB = commits.get(1);
    assertThat(instantB, not(instantA));

    releaseA();
    a.get(180, TimeUnit.SECONDS);
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantA, instantB)));
    assertTable(
        reader,
        i ->
            i % 8 == 0
                ? new Object[] {1L, instantA}
                : i % 8 == 1 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    s3.assertClean(base, reader);
  }
}
