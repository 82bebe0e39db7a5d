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
package io.hudibeam.runners;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.HudiIO;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.FaultFileSystem.Fault;
import io.hudibeam.testing.FaultFileSystem.Operation;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.testing.TestStream;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Filter;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.flink.core.execution.JobClient;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.HoodieTimeline;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.rules.Timeout;

/**
 * Streaming writes on the FlinkRunner: an embedded Flink cluster, parallelism 2, checkpoints every
 * 300 ms, and a replayable unbounded source (Beam's {@code GenerateSequence}, whose checkpoint mark
 * is the next index), with event times derived from the index so intervals are deterministic. The
 * first {@value #RECORDS} indexes become trips rows, in three commit intervals of 2 s of event
 * time; the source then goes on with no rows, so the watermark closes every interval.
 *
 * <p>A stream does not end on its own: each test polls the table (bounded) until the sink is
 * committed through its last interval with rows, then cancels the job and checks the table with
 * Hudi's reader, row by row. Two tests end a stream: a drain right after a commit (the last
 * interval is committed, the job finishes), and a stream that ends with several intervals waiting
 * (the job fails, naming them, instead of finishing without them). The failure tests inject one
 * failure (a file system that fails once, remembered in a flag file), let Flink restore the job
 * from its last checkpoint (restart strategy of {@code --numberOfExecutionRetries}), and expect
 * every record exactly once, no pending instant and no orphan base file.
 */
public class FlinkRunnerStreamingIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  @Rule public Timeout timeout = Timeout.seconds(240);

  private static final Instant EPOCH = new Instant(1_700_000_000_000L);
  private static final long RECORDS = 600;
  private static final Duration INTERVAL = Duration.standardSeconds(2);

  /** Event time of index i: EPOCH + 10 ms * i, so 200 rows per interval, three intervals. */
  private static final long MILLIS_PER_INDEX = 10;

  /** The end of the last interval with rows. */
  private static final long LAST_END = EPOCH.getMillis() + RECORDS * MILLIS_PER_INDEX;

  static FlinkPipelineOptions streamingOptions(int retries) {
    FlinkPipelineOptions options = FlinkRunnerWriteIT.flinkOptions(retries);
    options.setStreaming(true);
    options.setCheckpointingInterval(300L);
    options.setFinishBundleBeforeCheckpointing(true);
    options.setAttachedMode(false);
    return options;
  }

  private static HudiIO.Write<Row> write(String base, WriteOperation operation) {
    return HudiIOWriteSuite.trips(base, operation).withTriggeringFrequency(INTERVAL);
  }

  /** Runs the stream of batch 0 until the sink is committed through its last interval. */
  private static void runStream(FlinkPipelineOptions options, HudiIO.Write<Row> write, String base)
      throws Exception {
    runStream(options, write, base, 0, EPOCH);
  }

  /**
   * Runs a stream of trips batch {@code batch} (indexes 0 to {@link #RECORDS}, event times from
   * {@code epoch}) until the sink is committed through its last interval with rows, then cancels
   * it.
   */
  private static void runStream(
      FlinkPipelineOptions options, HudiIO.Write<Row> write, String base, long batch, Instant epoch)
      throws Exception {
    Pipeline p = endlessStream(options, write, batch, epoch);
    long lastEnd = epoch.getMillis() + RECORDS * MILLIS_PER_INDEX;
    PipelineResult result = p.run();
    try {
      long deadline = System.currentTimeMillis() + 180_000;
      while (committedThrough(base) < lastEnd) {
        assertThat(
            "the stream is still running (state " + result.getState() + ")",
            result.getState().isTerminal(),
            is(false));
        if (System.currentTimeMillis() > deadline) {
          throw new AssertionError(
              "the sink was not committed through " + new Instant(lastEnd) + " within 180 s");
        }
        Thread.sleep(200);
      }
    } finally {
      result.cancel();
    }
  }

  /**
   * The stream of trips batch {@code batch}: indexes from 0 on, 300 per second, event times from
   * {@code epoch}; the indexes from {@link #RECORDS} on are dropped, so the stream goes on without
   * rows and its watermark closes every interval.
   */
  private static Pipeline endlessStream(
      FlinkPipelineOptions options, HudiIO.Write<Row> write, long batch, Instant epoch) {
    Pipeline p = Pipeline.create(options);
    p.apply(
            GenerateSequence.from(0)
                .withRate(300, Duration.standardSeconds(1))
                .withTimestampFn(i -> epoch.plus(Duration.millis(i * MILLIS_PER_INDEX))))
        .apply(Filter.by((Long i) -> i < RECORDS))
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(batch, i)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write);
    return p;
  }

  /** The sink's newest committed-through mark on the table's completed commits, or -1. */
  static long committedThrough(String base) {
    if (!new File(base, ".hoodie/hoodie.properties").exists()) {
      return -1;
    }
    long through = -1;
    for (Map<String, String> extra : lineages(HudiTableReader.of(base))) {
      String mark = extra.get(SinkLineage.COMMITTED_THROUGH);
      if (mark != null) {
        through = Math.max(through, Long.parseLong(mark));
      }
    }
    return through;
  }

  /** The extra metadata of each completed commit of the table, in timeline order. */
  static List<Map<String, String>> lineages(HudiTableReader reader) {
    HoodieTimeline commits =
        reader.metaClient().getActiveTimeline().getCommitsTimeline().filterCompletedInstants();
    List<Map<String, String>> lineages = new ArrayList<>();
    for (HoodieInstant instant : commits.getInstants()) {
      try {
        lineages.add(
            HoodieCommitMetadata.fromBytes(
                    commits.getInstantDetails(instant).get(), HoodieCommitMetadata.class)
                .getExtraMetadata());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return lineages;
  }

  /** Every index once, with batch 0's values, three commits with the sink's lineage. */
  private static void assertExactlyOnce(String base) {
    HudiTableReader reader = HudiTableReader.of(base);
    Map<String, org.apache.avro.generic.GenericRecord> rows = reader.snapshotByRecordKey();
    assertThat(reader.snapshot().size(), is((int) RECORDS));
    assertThat(new TreeSet<>(rows.keySet()), is(new TreeSet<>(TripsData.keys(0, RECORDS))));
    for (long i = 0; i < RECORDS; i++) {
      String key = TripsData.key(i);
      assertThat(
          key, TripsData.values(rows.get(key)), is(TripsData.values(TripsData.record(0, i))));
      assertThat(
          key,
          HudiTableReader.string(rows.get(key), "_hoodie_partition_path"),
          is(TripsData.city(i)));
    }
    List<Long> windowStarts = new ArrayList<>();
    for (Map<String, String> extra : lineages(reader)) {
      assertThat(
          "the default sink id, <table>-<operation>",
          extra.get(SinkLineage.SINK_ID),
          is("trips-insert"));
      windowStarts.add(Long.parseLong(extra.get(SinkLineage.WINDOW_START)));
    }
    List<Long> intervalStarts = new ArrayList<>();
    for (long start = EPOCH.getMillis(); start < LAST_END; start += INTERVAL.getMillis()) {
      intervalStarts.add(start);
    }
    assertThat("one commit per interval with rows, in order", windowStarts, is(intervalStarts));
    HudiIOWriteSuite.assertNoOrphanBaseFiles(base);
    assertNothingPendingLeft(base);
  }

  /**
   * After a stream: no pending instant on the table's timeline, no marker folder and no heartbeat
   * of an instant on the timeline left.
   */
  static void assertNothingPendingLeft(String base) {
    assertThat(
        base + ": no pending instant",
        HudiTableReader.of(base)
            .metaClient()
            .getActiveTimeline()
            .filterInflightsAndRequested()
            .getInstants(),
        is(empty()));
    assertThat(
        base + ": no marker folder left", list(new File(base, ".hoodie/.temp")), is(empty()));
    // No heartbeat of an instant on the timeline is left. A task cancelled by a failover between
    // an instant's heartbeat and its requested file leaves a heartbeat of no instant (as a kill
    // there does); the next start deletes it once expired (Heartbeats.deleteExpiredOrphans).
    List<String> onTimeline = new ArrayList<>();
    for (String name : list(new File(base, ".hoodie"))) {
      if (name.matches("\\d{17}\\..*")) {
        onTimeline.add(name.substring(0, 17));
      }
    }
    List<String> heartbeatsOfInstants = new ArrayList<>(list(new File(base, ".hoodie/.heartbeat")));
    heartbeatsOfInstants.retainAll(onTimeline);
    assertThat(base + ": no heartbeat of an instant left", heartbeatsOfInstants, is(empty()));
  }

  private static List<String> list(File folder) {
    String[] names = folder.list();
    return names == null ? List.of() : List.of(names);
  }

  @Test
  public void aStreamCommitsOneInstantPerIntervalWithEveryRecordOnce() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    runStream(streamingOptions(0), write(base, WriteOperation.INSERT), base);
    assertExactlyOnce(base);
  }

  /** Creates an empty file named by each index it sees: the indexes the source emitted. */
  private static final class RecordIndexes extends DoFn<Long, Void> {
    private static final long serialVersionUID = 1L;
    private final String folder;

    RecordIndexes(String folder) {
      this.folder = folder;
    }

    @ProcessElement
    public void process(@Element Long i) throws IOException {
      try {
        Files.createFile(Paths.get(folder, Long.toString(i)));
      } catch (FileAlreadyExistsException again) {
        // a replay; the set of indexes is what counts
      }
    }
  }

  /**
   * A drain ({@code flink stop --drain}: the sources stop, the watermark goes to the end of time,
   * every operator is finished, then the final savepoint) of a running stream, right after one of
   * its intervals was committed, so only the open interval is left: with {@code
   * --enableStableInputDrain=true} the commit step commits it when it is finished, and the job
   * finishes with every record the source emitted committed once.
   */
  @Test
  public void aDrainRightAfterACommitCommitsTheLastIntervalAndFinishes() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    File emitted = tmp.newFolder("emitted");
    FlinkPipelineOptions options = streamingOptions(0);
    options.setEnableStableInputDrain(true);
    Pipeline p = Pipeline.create(options);
    PCollection<Long> indexes =
        p.apply(
            GenerateSequence.from(0)
                .withRate(20, Duration.standardSeconds(1))
                .withTimestampFn(i -> EPOCH.plus(Duration.millis(i * MILLIS_PER_INDEX))));
    indexes.apply("Record indexes", ParDo.of(new RecordIndexes(emitted.getPath())));
    indexes
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(0, i)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write(base, WriteOperation.INSERT));
    PipelineResult result = p.run();
    JobClient job = jobClient(result);
    boolean finished = false;
    try {
      // 200 indexes per interval at 20 per second: 10 s per interval, and an interval was measured
      // committed 1.5 to 3 s after its end. Drain right after the second commit, while the third
      // interval is open and the second is committed.
      long secondEnd = EPOCH.getMillis() + 2 * INTERVAL.getMillis();
      long deadline = System.currentTimeMillis() + 120_000;
      while (committedThrough(base) < secondEnd) {
        assertThat("the stream is running", result.getState().isTerminal(), is(false));
        if (System.currentTimeMillis() > deadline) {
          throw new AssertionError("no second commit within 120 s");
        }
        Thread.sleep(20);
      }
      job.stopWithSavepoint(true, tmp.newFolder("savepoints").toURI().toString())
          .get(120, TimeUnit.SECONDS);
      job.getJobExecutionResult().get(120, TimeUnit.SECONDS);
      finished = true;
    } finally {
      if (!finished) {
        result.cancel();
      }
    }
    TreeSet<String> expected = new TreeSet<>();
    long last = -1;
    for (String name : list(emitted)) {
      long i = Long.parseLong(name);
      expected.add(TripsData.key(i));
      last = Math.max(last, i);
    }
    HudiTableReader reader = HudiTableReader.of(base);
    List<org.apache.avro.generic.GenericRecord> snapshot = reader.snapshot();
    assertThat("no record twice", snapshot.size(), is(expected.size()));
    Map<String, org.apache.avro.generic.GenericRecord> rows = HudiTableReader.byRecordKey(snapshot);
    assertThat("every emitted record", new TreeSet<>(rows.keySet()), is(expected));
    for (String name : list(emitted)) {
      long i = Long.parseLong(name);
      assertThat(
          TripsData.key(i),
          TripsData.values(rows.get(TripsData.key(i))),
          is(TripsData.values(TripsData.record(0, i))));
    }
    List<Long> windowStarts = new ArrayList<>();
    for (Map<String, String> extra : lineages(reader)) {
      windowStarts.add(Long.parseLong(extra.get(SinkLineage.WINDOW_START)));
    }
    List<Long> intervalStarts = new ArrayList<>();
    long lastEventTime = EPOCH.getMillis() + last * MILLIS_PER_INDEX;
    for (long start = EPOCH.getMillis(); start <= lastEventTime; start += INTERVAL.getMillis()) {
      intervalStarts.add(start);
    }
    assertThat("one commit per interval, the last one too", windowStarts, is(intervalStarts));
    assertThat(
        "no pending instant",
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
  }

  /**
   * The stream of {@link #endlessStream} for a stop with a savepoint and its restore: the same
   * graph in both runs, each index the source emits also recorded in {@code emitted}.
   */
  private static Pipeline recordedEndlessStream(
      FlinkPipelineOptions options, HudiIO.Write<Row> write, File emitted) {
    Pipeline p = Pipeline.create(options);
    PCollection<Long> indexes =
        p.apply(
            GenerateSequence.from(0)
                .withRate(300, Duration.standardSeconds(1))
                .withTimestampFn(i -> EPOCH.plus(Duration.millis(i * MILLIS_PER_INDEX))));
    indexes.apply("Record indexes", ParDo.of(new RecordIndexes(emitted.getPath())));
    indexes
        .apply(Filter.by((Long i) -> i < RECORDS))
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(0, i)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write);
    return p;
  }

  /**
   * Runs {@link #recordedEndlessStream} until its first commit, then stops it with a savepoint
   * without draining ({@code flink stop} without {@code --drain}); returns the savepoint's path
   * once the job has finished (the end of input is not reached, so no interval is left undecided
   * and the job does not fail).
   */
  private String stopWithASavepointAfterTheFirstCommit(String base) throws Exception {
    PipelineResult result =
        recordedEndlessStream(
                streamingOptions(0),
                write(base, WriteOperation.INSERT),
                tmp.newFolder("emitted-first"))
            .run();
    JobClient job = jobClient(result);
    String savepoint;
    boolean stopped = false;
    try {
      long firstEnd = EPOCH.getMillis() + INTERVAL.getMillis();
      long deadline = System.currentTimeMillis() + 120_000;
      while (committedThrough(base) < firstEnd) {
        assertThat("the stream is running", result.getState().isTerminal(), is(false));
        if (System.currentTimeMillis() > deadline) {
          throw new AssertionError("no first commit within 120 s");
        }
        Thread.sleep(20);
      }
      savepoint =
          job.stopWithSavepoint(false, tmp.newFolder("savepoints").toURI().toString())
              .get(120, TimeUnit.SECONDS);
      job.getJobExecutionResult().get(120, TimeUnit.SECONDS);
      stopped = true;
    } finally {
      if (!stopped) {
        result.cancel();
      }
    }
    assertThat("stopped before the last interval", committedThrough(base) < LAST_END, is(true));
    return savepoint;
  }

  /**
   * {@code flink stop} without {@code --drain} right after the first commit, while the next
   * intervals are on their way: the job finishes (a stop without drain does not end the input, so
   * HudiIO's end-of-input failure does not apply) and leaves a savepoint.
   */
  @Test
  public void aStopWithASavepointWithoutDrainFinishesTheJob() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    String savepoint = stopWithASavepointAfterTheFirstCommit(base);
    assertThat("a savepoint", new File(java.net.URI.create(savepoint)).isDirectory(), is(true));
  }

  /**
   * The same pipeline restored from that savepoint (Beam 2.70 applies {@code --savepointPath} to a
   * remote cluster only, so the embedded one is given {@code execution.savepoint.path}) goes on
   * where the source stopped and ends with every record once. Until 2026-12-01 the restored job
   * started the next interval, then its commit step failed with "Empty PCollection accessed as a
   * singleton view" on the started instant's side input: the side-input state is named after the
   * view's tag id, which is generated anew when the pipeline is built again (as here, in the same
   * JVM), while the commit input buffered for {@code @RequiresStableInput} is restored and replayed
   * without a readiness check. The commit step now takes the started instant from its grouped input
   * ({@code CommitInstant#commitPerInterval}).
   */
  @Test
  public void aStopWithASavepointWithoutDrainIsRestoredWithEveryRecordOnce() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    String savepoint = stopWithASavepointAfterTheFirstCommit(base);
    File confDir = tmp.newFolder("flink-conf");
    Files.writeString(
        new File(confDir, "flink-conf.yaml").toPath(),
        "execution.savepoint.path: " + savepoint + "\n");
    FlinkPipelineOptions restored = streamingOptions(0);
    restored.setFlinkConfDir(confDir.getAbsolutePath());
    File emittedAfterRestore = tmp.newFolder("emitted-restored");
    PipelineResult second =
        recordedEndlessStream(restored, write(base, WriteOperation.INSERT), emittedAfterRestore)
            .run();
    boolean done = false;
    try {
      long deadline = System.currentTimeMillis() + 180_000;
      while (committedThrough(base) < LAST_END) {
        assertThat("the restored stream is running", second.getState().isTerminal(), is(false));
        if (System.currentTimeMillis() > deadline) {
          throw new AssertionError("the restored stream did not commit its last interval in 180 s");
        }
        Thread.sleep(200);
      }
      done = true;
    } finally {
      if (done) {
        second.cancel();
      }
    }
    assertThat(
        "the restored source went on from the savepoint",
        new File(emittedAfterRestore, "0").exists(),
        is(false));
    assertExactlyOnce(base);
  }

  /** The Flink job of a detached run (Beam's result does not expose a stop with a savepoint). */
  private static JobClient jobClient(PipelineResult result) throws ReflectiveOperationException {
    java.lang.reflect.Field field = result.getClass().getDeclaredField("jobClient");
    field.setAccessible(true);
    return (JobClient) field.get(result);
  }

  /**
   * A stream that ends with several intervals waiting (all its records arrive, then the watermark
   * goes to the end of time; the same happens on a drain while an interval waits for its
   * predecessor's commit) fails on Flink, naming the intervals, instead of finishing without them.
   */
  @Test
  public void aStreamThatEndsWithIntervalsLeftFailsRatherThanFinishingWithoutThem()
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    FlinkPipelineOptions options = streamingOptions(0);
    options.setAttachedMode(true);
    options.setEnableStableInputDrain(true);
    TestStream.Builder<Long> events = TestStream.create(VarLongCoder.of());
    for (long i = 0; i < RECORDS; i++) {
      events =
          events.addElements(
              TimestampedValue.of(i, EPOCH.plus(Duration.millis(i * MILLIS_PER_INDEX))));
    }
    Pipeline p = Pipeline.create(options);
    p.apply(events.advanceWatermarkToInfinity())
        .apply(MapElements.into(TypeDescriptors.rows()).via((Long i) -> TripsRows.row(0, i)))
        .setRowSchema(TripsRows.SCHEMA)
        .apply(write(base, WriteOperation.INSERT));
    Throwable failure = assertThrows(Throwable.class, () -> p.run().waitUntilFinish());
    StringBuilder messages = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    assertThat(messages.toString(), containsString(CoordinateInstants.INTERVALS_LEFT_ON_FLINK));
    assertThat(messages.toString(), containsString("sink trips"));
    assertThat(messages.toString(), containsString("without --drain"));
  }

  private void assertRestoredAfterFailure(String suffix) throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    File flag = new File(tmp.getRoot(), "failed-once");
    // Once (a flag file, across tasks, attempts and restarts), right after the first base file is
    // complete, or right after the first timeline file ending with the suffix is in place.
    Fault fault =
        suffix == null
            ? Fault.on(flag.getPath(), Operation.CLOSE, Fault.BASE_FILE)
            : Fault.on(
                flag.getPath(),
                Operation.IN_PLACE,
                ".*/\\.hoodie/(.*/)?[^./][^/]*" + java.util.regex.Pattern.quote(suffix));
    Map<String, String> failOnce = fault.onceFlaggedBy(flag.getPath()).configuration();
    runStream(
        streamingOptions(3),
        write(base, WriteOperation.INSERT).withHadoopConfiguration(failOnce),
        base);
    assertThat("the injected failure happened", flag.exists(), is(true));
    assertExactlyOnce(base);
  }

  @Test
  public void aWriterFailingAfterWritingABaseFileIsRestoredWithEveryRecordOnce() throws Exception {
    assertRestoredAfterFailure(null);
  }

  @Test
  public void theInstantStartFailingAfterInflightIsRestoredWithEveryRecordOnce() throws Exception {
    assertRestoredAfterFailure(".inflight");
  }

  @Test
  public void theCommitFailingRightAfterTheCommitFileIsRestoredWithEveryRecordOnce()
      throws Exception {
    assertRestoredAfterFailure(".commit");
  }

  /**
   * The table read with Hudi's reader after a stream of batch 0 and an upsert stream of batch 1:
   * every key once, each row with batch 1's values.
   */
  private static void assertEveryKeyOnceWithBatchOneValues(HudiTableReader reader) {
    List<org.apache.avro.generic.GenericRecord> snapshot = reader.snapshot();
    assertThat("no record twice", snapshot.size(), is((int) RECORDS));
    Map<String, org.apache.avro.generic.GenericRecord> rows = HudiTableReader.byRecordKey(snapshot);
    assertThat(new TreeSet<>(rows.keySet()), is(new TreeSet<>(TripsData.keys(0, RECORDS))));
    for (long i = 0; i < RECORDS; i++) {
      String key = TripsData.key(i);
      assertThat(
          key, TripsData.values(rows.get(key)), is(TripsData.values(TripsData.record(1, i))));
    }
  }

  @Test
  public void aMergeOnReadStreamUpsertsIntoLogFilesWithEveryRecordOnce() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiIO.Write<Row> insert =
        write(base, WriteOperation.INSERT).withTableType(TableType.MERGE_ON_READ);
    runStream(streamingOptions(0), insert, base);
    // The same keys again, batch 1's values, an hour of event time later (the same sink goes on).
    Instant later = EPOCH.plus(Duration.standardHours(1));
    HudiIO.Write<Row> upsert =
        write(base, WriteOperation.UPSERT).withTableType(TableType.MERGE_ON_READ);
    runStream(streamingOptions(0), upsert, base, 1, later);

    HudiTableReader reader = HudiTableReader.of(base);
    assertEveryKeyOnceWithBatchOneValues(reader);
    HoodieTimeline deltaCommits =
        reader.metaClient().getActiveTimeline().getDeltaCommitTimeline().filterCompletedInstants();
    assertThat("one deltacommit per interval of each stream", deltaCommits.countInstants(), is(6));
    long logFiles =
        reader.latestFileSlices().stream().mapToLong(slice -> slice.getLogFiles().count()).sum();
    assertThat("the upserts went to log files", logFiles > 0, is(true));
    assertThat(
        "no pending instant",
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
  }

  /**
   * An upsert stream with the BLOOM index on Flink: every key of an earlier stream again, with new
   * values; the index finds each in its file group (in a stream its candidates and the join's
   * records cross their GroupByKeys packed), so no key is written twice and every row has the
   * upsert's values.
   */
  @Test
  public void aBloomIndexedUpsertStreamUpdatesEveryKeyOnce() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    runStream(streamingOptions(0), write(base, WriteOperation.INSERT), base);
    Instant later = EPOCH.plus(Duration.standardHours(1));
    HudiIO.Write<Row> upsert = write(base, WriteOperation.UPSERT).withIndex(IndexType.BLOOM);
    runStream(streamingOptions(0), upsert, base, 1, later);

    HudiTableReader reader = HudiTableReader.of(base);
    assertEveryKeyOnceWithBatchOneValues(reader);
    assertThat(
        "one commit per interval of each stream",
        reader
            .metaClient()
            .getActiveTimeline()
            .getCommitTimeline()
            .filterCompletedInstants()
            .countInstants(),
        is(6));
    assertThat(
        "no pending instant",
        reader.metaClient().getActiveTimeline().filterInflightsAndRequested().getInstants(),
        is(empty()));
    HudiIOWriteSuite.assertNoOrphanBaseFiles(base);
  }
}
