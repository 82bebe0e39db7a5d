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
import static org.junit.Assert.assertThrows;

import io.hudibeam.concurrency.ConcurrencySettings;
import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.testing.s3.S3Server;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
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
 * Optimistic concurrency control on S3 with the file-system lock, which holds where the store
 * honours S3A's conditional create (Hadoop 3.4.2, {@code If-None-Match: *}): S3Proxy behind a front
 * that honours the header as S3 does ({@code S3Server.honouringConditionalWrites()}). The start's
 * check finds the lock atomic (a probe) and runs, where on plain S3Proxy it refuses ({@code
 * HudiIOS3IT.optimisticConcurrencyWithTheFileSystemLockIsRefusedOnS3}). Writer A is held at its
 * first base file ({@code FaultS3AFileSystem}, {@link Operation#OPENED}) while writer B updates the
 * same file groups and commits; A's commit loses Hudi's conflict check and is rolled back. Hudi's
 * reader through S3A, row by row: exactly B's commit on top of the first, nothing of A left.
 */
public class HudiIOS3ConditionalLockIT {
  private static final Map<String, String> OCC_FILE_SYSTEM_LOCK =
      Map.of(
          ConcurrencySettings.MODE,
          "optimistic_concurrency_control",
          ConcurrencySettings.LOCK_PROVIDER,
          ConcurrencySettings.FILE_SYSTEM_LOCK_PROVIDER);

  @ClassRule public static final S3Server S3 = S3Server.honouringConditionalWrites();

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

  @Test
  public void withTheConditionalCreateLockTheLaterOfTwoWritersOfTheSameFileGroupsIsRolledBack()
      throws Exception {
    String base = S3.newTable("occ-conditional");
    HudiTableReader reader = s3.reader(base);
    run(TripsRows.batch(0, 0, 400), s3.onS3(base, WriteOperation.INSERT, OCC_FILE_SYSTEM_LOCK));
    String c1 = reader.completedInstantTimes().get(0);

    Fault firstBaseFile =
        Fault.on(
                idA,
                Operation.OPENED,
                Pattern.quote(new Path(base).toUri().getPath() + "/") + "[^.].*\\.parquet")
            .hold();
    Future<?> a =
        executor.submit(
            () ->
                run(
                    TripsRows.batch(1, 0, 200),
                    s3.heldOnS3(base, WriteOperation.UPSERT, OCC_FILE_SYSTEM_LOCK, firstBaseFile)));
    assertThat(
        "A is writing its base files",
        FaultFileSystem.awaitHeld(idA, 180, TimeUnit.SECONDS),
        is(true));
    String instantA = pendingInstants(reader).get(0);

    // B updates keys 100..299, the file groups A writes, and commits first.
    run(TripsRows.batch(2, 100, 200), s3.onS3(base, WriteOperation.UPSERT, OCC_FILE_SYSTEM_LOCK));
    List<String> commits = reader.completedInstantTimes();
    assertThat(commits, hasSize(2));
    String instantB = commits.get(1);

    FaultFileSystem.release(idA);
    Exception lost = assertThrows(Exception.class, () -> a.get(180, TimeUnit.SECONDS));
    assertThat(
        messages(lost),
        allOf(
            containsString("Cannot commit instant " + instantA),
            containsString("conflicts with instant " + instantB),
            containsString("This write is rolled back")));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> rollbacks =
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants();
    assertThat(rollbacks, hasSize(1));
    HoodieRollbackMetadata rollback =
        TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
            meta.getActiveTimeline().getInstantDetails(rollbacks.get(0)).get());
    assertThat(rollback.getCommitsRollback(), is(List.of(instantA)));
    assertThat("A's files are deleted from S3", s3.filesOf(base, instantA), is(empty()));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantB)));
    assertTable(
        reader, i -> i >= 100 && i < 300 ? new Object[] {2L, instantB} : new Object[] {0L, c1});
    // No commit intents (the lock excludes other writers), no lock file, nothing pending.
    s3.assertClean(base, reader);
  }
}
