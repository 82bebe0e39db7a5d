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

import static io.hudibeam.HudiIOOptimisticConcurrencyIT.OCC;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertClean;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.assertTable;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.messages;
import static io.hudibeam.HudiIOOptimisticConcurrencyIT.pendingInstants;
import static io.hudibeam.SafetyChecks.run;
import static io.hudibeam.SafetyChecks.trips;
import static io.hudibeam.testing.TableFiles.dataFilesOnDisk;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.testing.FaultFileSystem;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.values.Row;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.client.HoodieJavaWriteClient;
import org.apache.hudi.client.WriteStatus;
import org.apache.hudi.client.common.HoodieJavaEngineContext;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.config.TypedProperties;
import org.apache.hudi.common.model.HoodieAvroRecord;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.OverwriteWithLatestAvroPayload;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieCleanConfig;
import org.apache.hudi.config.HoodieIndexConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.index.HoodieIndex;
import org.apache.hudi.keygen.SimpleAvroKeyGenerator;
import org.apache.hudi.keygen.constant.KeyGeneratorOptions;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A HudiIO write and a write of Hudi 0.15's own Java client on one table at the same time, both
 * with optimistic concurrency control, LAZY failed-writes cleaning and Hudi's {@code
 * FileSystemBasedLockProvider} (one lock file for both), interleaved step by step (hooks, no
 * timing), in both orders. Nothing is lost: the table read by Hudi is exactly the committed writes,
 * and the writer that loses a conflict is rolled back.
 */
public class HudiIOHudiClientRaceIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private final ExecutorService executor = Executors.newSingleThreadExecutor();
  private final String holdId = UUID.randomUUID().toString();

  @After
  public void tearDown() {
    FaultFileSystem.forget(holdId);
    executor.shutdownNow();
  }

  /** Hudi's Java client as a writer of the trips table, with optimistic concurrency control. */
  static HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudiClient(String base) {
    return hudiClient(base, Map.of());
  }

  /** As {@link #hudiClient(String)}, with {@code more} write settings. */
  static HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudiClient(
      String base, Map<String, String> more) {
    Map<String, String> props = new HashMap<>(OCC);
    props.putAll(more);
    props.put("hoodie.cleaner.policy.failed.writes", "LAZY");
    props.put(KeyGeneratorOptions.RECORDKEY_FIELD_NAME.key(), TripsData.RECORD_KEY_FIELD);
    props.put(KeyGeneratorOptions.PARTITIONPATH_FIELD_NAME.key(), TripsData.PARTITION_FIELD);
    HoodieWriteConfig config =
        HoodieWriteConfig.newBuilder()
            .withPath(base)
            .forTable(TripsData.TABLE_NAME)
            .withSchema(TripsData.SCHEMA.toString())
            .withPreCombineField(TripsData.ORDERING_FIELD)
            .withKeyGenerator(SimpleAvroKeyGenerator.class.getName())
            .withParallelism(2, 2)
            .withEmbeddedTimelineServerEnabled(false)
            .withMarkersType("DIRECT")
            .withIndexConfig(
                HoodieIndexConfig.newBuilder().withIndexType(HoodieIndex.IndexType.SIMPLE).build())
            // Its metadata table on, as by default: the table HudiIO creates has one.
            .withMetadataConfig(HoodieMetadataConfig.newBuilder().enable(true).build())
            .withCleanConfig(HoodieCleanConfig.newBuilder().withAutoClean(false).build())
            .withAutoCommit(false)
            .withProps(props)
            .build();
    return new HoodieJavaWriteClient<>(
        new HoodieJavaEngineContext(HadoopFSUtils.getStorageConf(new Configuration())), config);
  }

  static List<HoodieRecord<OverwriteWithLatestAvroPayload>> hudiRecords(
      List<GenericRecord> records) {
    TypedProperties props = new TypedProperties();
    props.setProperty(KeyGeneratorOptions.RECORDKEY_FIELD_NAME.key(), TripsData.RECORD_KEY_FIELD);
    props.setProperty(
        KeyGeneratorOptions.PARTITIONPATH_FIELD_NAME.key(), TripsData.PARTITION_FIELD);
    SimpleAvroKeyGenerator keys = new SimpleAvroKeyGenerator(props);
    List<HoodieRecord<OverwriteWithLatestAvroPayload>> out = new ArrayList<>();
    for (GenericRecord r : records) {
      out.add(
          new HoodieAvroRecord<>(
              keys.getKey(r),
              new OverwriteWithLatestAvroPayload(
                  r, (Comparable<?>) r.get(TripsData.ORDERING_FIELD))));
    }
    return out;
  }

  private static List<GenericRecord> records(long b, long from, long to, int cityOnly) {
    List<GenericRecord> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      if (cityOnly < 0 || i % 8 == cityOnly) {
        out.add(TripsData.record(b, i));
      }
    }
    return out;
  }

  private static List<Row> rows(List<GenericRecord> records) {
    return records.stream().map(TripsRows::of).toList();
  }

  @Test
  public void hudiCommitsWhileHudiIOWritesTheSameFileGroupsAndHudiIOIsRolledBack()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    // HudiIO upserts keys 0..199 and is held before its commit.
    Future<?> hudiIo =
        executor.submit(
            () ->
                run(
                    TripsRows.batch(1, 0, 200),
                    trips(base, WriteOperation.UPSERT)
                        .withHoodieProperties(OCC)
                        .withHadoopConfiguration(Fault.holdAtCommit(holdId).configuration())));
    assertThat(
        "HudiIO reached its commit",
        FaultFileSystem.awaitHeld(holdId, 120, TimeUnit.SECONDS),
        is(true));
    String instantIo = pendingInstants(reader).get(0);

    // Hudi's client upserts keys 100..299 (the same 8 file groups) and commits.
    String instantHudi;
    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = hudiClient(base)) {
      instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(2, 100, 300, -1)), instantHudi);
      assertThat(hudi.commit(instantHudi, statuses, Option.empty()), is(true));
    }
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantHudi)));

    FaultFileSystem.release(holdId);
    Exception lost = assertThrows(Exception.class, () -> hudiIo.get(120, TimeUnit.SECONDS));
    assertThat(
        messages(lost),
        allOf(
            containsString("Cannot commit instant " + instantIo),
            containsString("conflicts with instant " + instantHudi),
            containsString("This write is rolled back")));
    assertThat(reader.completedInstantTimes(), is(List.of(c1, instantHudi)));
    assertThat(
        dataFilesOnDisk(base).stream()
            .filter(f -> f.endsWith("_" + instantIo + ".parquet"))
            .toList(),
        is(empty()));
    assertTable(
        reader, i -> i >= 100 && i < 300 ? new Object[] {2L, instantHudi} : new Object[] {0L, c1});
    assertClean(base, reader);
  }

  @Test
  public void hudiIOCommitsWhileHudiWritesAndBothCommitOnDisjointFileGroups() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = hudiClient(base)) {
      // Hudi's client starts and writes city 0; its instant is pending, its heartbeat live.
      String instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(1, 0, 400, 0)), instantHudi);
      assertThat(pendingInstants(reader), is(List.of(instantHudi)));

      // HudiIO starts beside it (not refused, Hudi's instant not rolled back), writes city 1,
      // commits.
      run(
          rows(records(2, 0, 400, 1)),
          trips(base, WriteOperation.UPSERT)
              .withHoodieProperties(
                  Map.of(
                      "hoodie.write.concurrency.mode",
                      "OPTIMISTIC_CONCURRENCY_CONTROL",
                      "hoodie.write.lock.provider",
                      OCC.get("hoodie.write.lock.provider"),
                      "hoodie.client.heartbeat.tolerable.misses",
                      "10")));
      List<String> commits = reader.completedInstantTimes();
      assertThat(commits, hasSize(2));
      String instantIo = commits.get(1);
      assertThat(pendingInstants(reader), is(List.of(instantHudi)));

      // Hudi's commit checks for conflicts with HudiIO's commit: none (other file groups).
      assertThat(hudi.commit(instantHudi, statuses, Option.empty()), is(true));
      assertThat(reader.completedInstantTimes(), is(List.of(c1, instantHudi, instantIo)));
      assertTable(
          reader,
          i ->
              i % 8 == 0
                  ? new Object[] {1L, instantHudi}
                  : i % 8 == 1 ? new Object[] {2L, instantIo} : new Object[] {0L, c1});
    }
    assertClean(base, reader);
  }

  /**
   * The other order on the same file groups: Hudi's client writes, HudiIO commits, then Hudi's
   * commit runs Hudi's own conflict check ({@code SimpleConcurrentFileWritesConflictResolution
   * Strategy}) against HudiIO's commit metadata and aborts; the table is HudiIO's commit.
   */
  @Test
  public void hudiIOCommitsWhileHudiWritesTheSameFileGroupsAndHudisCommitAborts() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);
    run(TripsRows.batch(0, 0, 400), trips(base, WriteOperation.INSERT));
    String c1 = reader.completedInstantTimes().get(0);

    try (HoodieJavaWriteClient<OverwriteWithLatestAvroPayload> hudi = hudiClient(base)) {
      String instantHudi = hudi.startCommit();
      List<WriteStatus> statuses = hudi.upsert(hudiRecords(records(1, 100, 300, -1)), instantHudi);

      run(
          TripsRows.batch(2, 0, 200),
          trips(base, WriteOperation.UPSERT)
              .withHoodieProperties(
                  Map.of(
                      "hoodie.write.concurrency.mode",
                      "OPTIMISTIC_CONCURRENCY_CONTROL",
                      "hoodie.write.lock.provider",
                      OCC.get("hoodie.write.lock.provider"),
                      "hoodie.client.heartbeat.tolerable.misses",
                      "10")));
      List<String> commits = reader.completedInstantTimes();
      assertThat(commits, hasSize(2));
      String instantIo = commits.get(1);

      Exception aborted =
          assertThrows(Exception.class, () -> hudi.commit(instantHudi, statuses, Option.empty()));
      assertThat(messages(aborted), containsString("conflict"));
      assertThat(reader.completedInstantTimes(), is(List.of(c1, instantIo)));
      assertTable(reader, i -> i < 200 ? new Object[] {2L, instantIo} : new Object[] {0L, c1});
    }
  }
}
