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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.concurrency.ConcurrentWriterException;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.concurrency.LockSettings;
import io.hudibeam.concurrency.TableLock;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TablePaths;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TableFiles;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.write.WriteTransaction;
import java.io.File;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.avro.model.HoodieRollbackMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.common.table.timeline.TimelineMetadataUtils;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Two writers of one table, their steps interleaved by the test (no timing): a start beside a live
 * writer fails fast; two writers that both started without seeing each other and wrote the same
 * file groups never both commit (the loser is rolled back, its files and markers gone, the table
 * exactly the winner's); writers of disjoint file groups both commit; a writer whose heartbeat
 * expired is rolled back by the next start, and its commit then deletes what it wrote and fails.
 * Every table is read back with Hudi's reader, row by row.
 */
public class ConcurrentWritersTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();
  private FileSystem fs;
  private TablePaths paths;
  private String base;
  private LocalWrite writer;
  private String c0;
  private static final LockSettings NO_WAIT = new LockSettings(null, 0, 0, 0);

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(conf);
    base = tmp.newFolder("trips").getAbsolutePath();
    paths = TablePaths.of(base);
    writer = LocalWrite.trips(base);
    // c0: 80 trips, one file group per city.
    StartedInstant started =
        starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> stats = writer.writeUpserts(started, TripsData.batch(0, 0, 80));
    assertThat(stats, hasSize(8));
    committer(Clock.systemUTC()).commit(started, metadata(OperationType.INSERT, stats));
    c0 = started.instantTime().value();
  }

  private InstantStarter starter(FileSystem view, Clock clock) {
    return new InstantStarter(
        view, paths, clock, HeartbeatSettings.defaults(), new TableLock(fs, paths, NO_WAIT, clock));
  }

  private InstantCommitter committer(Clock clock) {
    return new InstantCommitter(
        fs, paths, clock, HeartbeatSettings.defaults(), new TableLock(fs, paths, NO_WAIT, clock));
  }

  private static CommitMetadata metadata(OperationType operation, List<WriteStat> stats) {
    return WriteTransaction.commitMetadata(operation, TripsData.SCHEMA.toString(), stats);
  }

  private static Clock later(long seconds) {
    return Clock.offset(Clock.systemUTC(), Duration.ofSeconds(seconds));
  }

  /** A view of the local disk whose listing of {@code .hoodie} hides the files of one instant. */
  private FileSystem hiding(InstantTime hidden) {
    return new FilterFileSystem(fs) {
      @Override
      public FileStatus[] listStatus(Path folder) throws IOException {
        return Arrays.stream(super.listStatus(folder))
            .filter(s -> !s.getPath().getName().startsWith(hidden.value()))
            .toArray(FileStatus[]::new);
      }
    };
  }

  private static List<GenericRecord> records(long batch, long from, long to, LongPredicate which) {
    List<GenericRecord> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      if (which.test(i)) {
        out.add(TripsData.record(batch, i));
      }
    }
    return out;
  }

  /**
   * The table read by Hudi is exactly: key i from batch[i] with commit time instant[i], for 80
   * keys.
   */
  private void assertTable(long[] batch, String[] instant) {
    Map<String, GenericRecord> rows = HudiTableReader.of(base).snapshotByRecordKey();
    assertThat(rows.size(), is(80));
    for (int i = 0; i < 80; i++) {
      GenericRecord row = rows.get(TripsData.key(i));
      assertThat(
          TripsData.key(i),
          TripsData.values(row),
          is(TripsData.values(TripsData.record(batch[i], i))));
      assertThat(
          TripsData.key(i), HudiTableReader.string(row, "_hoodie_commit_time"), is(instant[i]));
    }
  }

  private TreeSet<String> filesOf(InstantTime instant) {
    return TableFiles.dataFilesOnDisk(base).stream()
        .filter(f -> f.endsWith("_" + instant.value() + ".parquet"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private void assertNothingLeftOf(InstantTime instant) {
    assertThat(filesOf(instant), is(empty()));
    assertThat(new File(base, ".hoodie/.temp/" + instant.value()).exists(), is(false));
    assertThat(new File(base, ".hoodie/.heartbeat/" + instant.value()).exists(), is(false));
    assertThat(
        Arrays.stream(new File(base, ".hoodie").list())
            .filter(n -> n.startsWith(instant.value()))
            .collect(Collectors.toList()),
        is(empty()));
    assertThat(new File(base, ".hoodie/lock").exists(), is(false));
  }

  private List<String> rolledBackInstants() throws IOException {
    HoodieTableMetaClient meta = HudiTableReader.of(base).metaClient();
    List<String> out = new ArrayList<>();
    for (HoodieInstant rollback :
        meta.getActiveTimeline().getRollbackTimeline().filterCompletedInstants().getInstants()) {
      HoodieRollbackMetadata metadata =
          TimelineMetadataUtils.deserializeHoodieRollbackMetadata(
              meta.getActiveTimeline().getInstantDetails(rollback).get());
      out.addAll(metadata.getCommitsRollback());
    }
    return out;
  }

  @Test
  public void aStartBesideALiveWriterFailsAtOnceAndChangesNothing() throws IOException {
    StartedInstant a = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> aStats = writer.writeUpserts(a, records(1, 0, 40, i -> true));
    TreeSet<String> files = TableFiles.dataFilesOnDisk(base);
    List<String> meta = Arrays.asList(new File(base, ".hoodie").list());

    // B starts 30 s after A's last beat (a clock fixed relative to the heartbeat file's time).
    Path heartbeat = new Path(base, ".hoodie/.heartbeat/" + a.instantTime().value());
    long lastBeat = fs.getFileStatus(heartbeat).getModificationTime();
    ConcurrentWriterException e =
        assertThrows(
            ConcurrentWriterException.class,
            () ->
                starter(fs, fixed(lastBeat + 30_000))
                    .start(LocalWrite.tripsTable(), Action.COMMIT));
    assertThat(
        e.getMessage(),
        allOf(
            containsString("instant " + a.instantTime().value() + " (commit, REQUESTED)"),
            containsString(".heartbeat/" + a.instantTime().value() + " was refreshed 30.0 s ago"),
            containsString("once its heartbeat has expired (in 90.0 s)"),
            containsString(
                "hoodie.client.heartbeat.interval_in_ms x hoodie.client.heartbeat.tolerable.misses = 60000 x 2"),
            containsString("hoodie.write.concurrency.mode=optimistic_concurrency_control")));
    assertThat(TableFiles.dataFilesOnDisk(base), is(files));
    assertThat(Arrays.asList(new File(base, ".hoodie").list()), is(meta));

    assertThat(
        committer(Clock.systemUTC()).commit(a, metadata(OperationType.UPSERT, aStats)),
        is(CommitOutcome.COMMITTED));
    assertTable(batches(i -> i < 40 ? 1 : 0), instants(i -> i < 40 ? a.instantTime().value() : c0));
    assertThat(new File(base, ".hoodie/.heartbeat/" + a.instantTime().value()).exists(), is(false));
  }

  @Test
  public void writersOfTheSameFileGroupsNeverBothCommitWhenTheLoserIsNewer() throws IOException {
    StartedInstant a = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    // B starts without seeing A (a listing that misses A's requested file).
    StartedInstant b =
        starter(hiding(a.instantTime()), later(1)).start(LocalWrite.tripsTable(), Action.COMMIT);
    assertThat(b.instantTime().isAfter(a.instantTime()), is(true));
    loserIsRolledBack(a, b);
  }

  @Test
  public void writersOfTheSameFileGroupsNeverBothCommitWhenTheLoserIsOlder() throws IOException {
    StartedInstant b = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    StartedInstant a =
        starter(hiding(b.instantTime()), later(1)).start(LocalWrite.tripsTable(), Action.COMMIT);
    assertThat(a.instantTime().isAfter(b.instantTime()), is(true));
    loserIsRolledBack(a, b);
  }

  /** A and B both update every file group; A commits first. */
  private void loserIsRolledBack(StartedInstant a, StartedInstant b) throws IOException {
    List<WriteStat> aStats = writer.writeUpserts(a, records(1, 0, 40, i -> true));
    List<WriteStat> bStats = writer.writeUpserts(b, records(2, 40, 80, i -> true));
    assertThat(aStats, hasSize(8));
    assertThat(bStats, hasSize(8));
    assertThat(filesOf(b.instantTime()), hasSize(8));
    assertThat(
        committer(Clock.systemUTC()).commit(a, metadata(OperationType.UPSERT, aStats)),
        is(CommitOutcome.COMMITTED));

    ConcurrentWriterException e =
        assertThrows(
            ConcurrentWriterException.class,
            () -> committer(Clock.systemUTC()).commit(b, metadata(OperationType.UPSERT, bStats)));
    assertThat(
        e.getMessage(),
        allOf(
            containsString("Cannot commit instant " + b.instantTime().value()),
            containsString("conflicts with instant " + a.instantTime().value()),
            containsString("rolled back"),
            containsString("deleted its 8 data files")));
    assertNothingLeftOf(b.instantTime());
    assertThat(rolledBackInstants(), is(List.of(b.instantTime().value())));
    assertThat(Timeline.load(fs, paths).pending().instants(), is(empty()));
    // Exactly A's commit over c0: B's updates of 40..79 are not there, A's of 0..39 are.
    assertTable(batches(i -> i < 40 ? 1 : 0), instants(i -> i < 40 ? a.instantTime().value() : c0));

    // A third writer starts normally and sees A.
    StartedInstant c = starter(fs, later(2)).start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> cStats = writer.writeUpserts(c, records(3, 40, 80, i -> true));
    committer(Clock.systemUTC()).commit(c, metadata(OperationType.UPSERT, cStats));
    assertTable(
        batches(i -> i < 40 ? 1 : 3),
        instants(i -> i < 40 ? a.instantTime().value() : c.instantTime().value()));
  }

  @Test
  public void writersOfDisjointFileGroupsBothCommit() {
    StartedInstant a = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    StartedInstant b =
        starter(hiding(a.instantTime()), later(1)).start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> aStats = writer.writeUpserts(a, records(1, 0, 80, i -> i % 8 == 1));
    List<WriteStat> bStats = writer.writeUpserts(b, records(2, 0, 80, i -> i % 8 == 0));
    assertThat(aStats, hasSize(1));
    assertThat(bStats, hasSize(1));
    committer(Clock.systemUTC()).commit(a, metadata(OperationType.UPSERT, aStats));
    assertThat(
        committer(Clock.systemUTC()).commit(b, metadata(OperationType.UPSERT, bStats)),
        is(CommitOutcome.COMMITTED));
    assertTable(
        batches(i -> i % 8 == 1 ? 1 : i % 8 == 0 ? 2 : 0),
        instants(
            i -> i % 8 == 1 ? a.instantTime().value() : i % 8 == 0 ? b.instantTime().value() : c0));
  }

  @Test
  public void aWriterWhoseHeartbeatExpiredIsRolledBackAndItsCommitDeletesWhatItWrote()
      throws IOException {
    StartedInstant a = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> aStats =
        new ArrayList<>(writer.writeUpserts(a, records(1, 0, 80, i -> i % 8 < 4)));
    TreeSet<String> firstFiles = filesOf(a.instantTime());
    assertThat(firstFiles, hasSize(4));

    // A stops beating. With its last beat 60 s ago its heartbeat (60 s x 2) is live: B fails fast;
    // with its last beat 200 s ago it has expired.
    File heartbeat = new File(base, ".hoodie/.heartbeat/" + a.instantTime().value());
    assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 60_000), is(true));
    assertThrows(
        ConcurrentWriterException.class,
        () -> starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT));
    assertThat(heartbeat.setLastModified(System.currentTimeMillis() - 200_000), is(true));
    StartedInstant b = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    assertThat(rolledBackInstants(), is(List.of(a.instantTime().value())));
    assertThat(filesOf(a.instantTime()), is(empty()));

    // A goes on writing after its rollback (the orphans), then tries to commit.
    aStats.addAll(writer.writeUpserts(a, records(1, 0, 80, i -> i % 8 >= 4)));
    assertThat(filesOf(a.instantTime()), hasSize(4));
    assertThat(new File(base, ".hoodie/.temp/" + a.instantTime().value()).isDirectory(), is(true));
    List<WriteStat> finalAStats = aStats;
    ConcurrentWriterException e =
        assertThrows(
            ConcurrentWriterException.class,
            () ->
                committer(Clock.systemUTC())
                    .commit(a, metadata(OperationType.UPSERT, finalAStats)));
    assertThat(
        e.getMessage(),
        allOf(
            containsString("another writer rolled it back"),
            containsString("its 4 data files left on disk, its marker folder"),
            containsString("were deleted")));
    assertNothingLeftOf(a.instantTime());

    List<WriteStat> bStats = writer.writeUpserts(b, records(2, 0, 80, i -> i % 2 == 0));
    committer(Clock.systemUTC()).commit(b, metadata(OperationType.UPSERT, bStats));
    assertTable(
        batches(i -> i % 2 == 0 ? 2 : 0), instants(i -> i % 2 == 0 ? b.instantTime().value() : c0));
    assertThat(
        TableFiles.dataFilesOnDisk(base).stream()
            .noneMatch(f -> f.contains(a.instantTime().value())),
        is(true));
  }

  @Test
  public void heartbeatExpiresOnlyWhenOlderThanIntervalTimesMisses() throws IOException {
    InstantTime t = InstantTime.parse("20261201010101010");
    long lastBeat;
    Heartbeats beats = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC());
    beats.beat(t);
    fs.setTimes(beats.file(t), 1_700_000_000_000L, -1);
    lastBeat = fs.getFileStatus(beats.file(t)).getModificationTime();
    Heartbeats atLimit =
        new Heartbeats(fs, paths, HeartbeatSettings.defaults(), fixed(lastBeat + 120_000));
    Heartbeats past =
        new Heartbeats(fs, paths, HeartbeatSettings.defaults(), fixed(lastBeat + 120_001));
    assertThat(atLimit.isExpired(t), is(false));
    assertThat(atLimit.age(t).get(), is(Duration.ofMillis(120_000)));
    assertThat(past.isExpired(t), is(true));
    Heartbeats threeMisses =
        new Heartbeats(fs, paths, new HeartbeatSettings(60_000, 3), fixed(lastBeat + 120_001));
    assertThat(threeMisses.isExpired(t), is(false));
    beats.delete(t);
    assertThat(atLimit.isExpired(t), is(true));
    assertThat(atLimit.age(t).isPresent(), is(false));

    assertThat(SettingsReader.heartbeat(Map.of()), is(new HeartbeatSettings(60_000, 2)));
    assertThat(
        SettingsReader.heartbeat(
            Map.of(HeartbeatSettings.INTERVAL, "5000", HeartbeatSettings.TOLERABLE_MISSES, "4")),
        is(new HeartbeatSettings(5000, 4)));
    HudiTableException tooShort =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.heartbeat(Map.of(HeartbeatSettings.INTERVAL, "999")));
    assertThat(
        tooShort.getMessage(),
        containsString(
            "hoodie.client.heartbeat.interval_in_ms must be a whole number >= 1000, but was '999'"));
    HudiTableException notANumber =
        assertThrows(
            HudiTableException.class,
            () -> SettingsReader.heartbeat(Map.of(HeartbeatSettings.TOLERABLE_MISSES, "two")));
    assertThat(
        notANumber.getMessage(),
        containsString(
            "hoodie.client.heartbeat.tolerable.misses must be a whole number >= 0, but was 'two'"));
  }

  /**
   * A writer killed between its heartbeat and its requested file leaves a heartbeat with no
   * instant. The next start deletes it once it has expired, and keeps a fresh one (a writer may be
   * between the two steps) and the heartbeat of a pending instant (the rollback rule decides it).
   */
  @Test
  public void aStartDeletesExpiredHeartbeatsThatHaveNoPendingInstant() throws IOException {
    Heartbeats beats = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), Clock.systemUTC());
    InstantTime orphan = InstantTime.parse("20261201010101010");
    InstantTime fresh = InstantTime.parse("20261201010101011");
    beats.beat(orphan);
    fs.setTimes(beats.file(orphan), System.currentTimeMillis() - 121_000, -1);
    beats.beat(fresh);
    InstantTime committed = InstantTime.parse(c0);
    beats.beat(committed);
    fs.setTimes(beats.file(committed), System.currentTimeMillis() - 121_000, -1);

    StartedInstant next =
        starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);

    assertThat(beats.exists(orphan), is(false));
    assertThat(beats.exists(committed), is(false));
    assertThat(beats.exists(fresh), is(true));
    assertThat(beats.exists(next.instantTime()), is(true));
    // The next start, an hour later by its clock: the pending instant's heartbeat is no orphan.
    Heartbeats hourLater = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), later(3600));
    List<InstantTime> deleted = hourLater.deleteExpiredOrphans(Timeline.load(fs, paths));
    assertThat(deleted, is(List.of(fresh)));
    assertThat(beats.exists(next.instantTime()), is(true));
  }

  @Test
  public void aCommitRetriedAfterItsCompletionFinishesThePostCommitSteps() {
    StartedInstant a = starter(fs, Clock.systemUTC()).start(LocalWrite.tripsTable(), Action.COMMIT);
    List<WriteStat> aStats = writer.writeUpserts(a, records(1, 0, 40, i -> true));
    CommitMetadata metadata = metadata(OperationType.UPSERT, aStats);
    File markers = new File(base, ".hoodie/.temp/" + a.instantTime().value());
    // A commit step that dies right after writing the completed instant: markers and heartbeat
    // stay.
    FileSystem diesAfterCommit =
        new FilterFileSystem(fs) {
          @Override
          public boolean delete(Path f, boolean recursive) throws IOException {
            if (f.toString().contains("/.hoodie/.temp/")) {
              throw new IOException("injected crash after the commit");
            }
            return super.delete(f, recursive);
          }
        };
    InstantCommitter dying =
        new InstantCommitter(
            diesAfterCommit,
            paths,
            Clock.systemUTC(),
            HeartbeatSettings.defaults(),
            new TableLock(fs, paths, NO_WAIT, Clock.systemUTC()));
    assertThrows(RuntimeException.class, () -> dying.commit(a, metadata));
    assertThat(
        HudiTableReader.of(base).completedInstantTimes(), is(List.of(c0, a.instantTime().value())));
    assertThat(markers.isDirectory(), is(true));
    assertThat(new File(base, ".hoodie/.heartbeat/" + a.instantTime().value()).exists(), is(true));
    assertThat(new File(base, ".hoodie/lock").exists(), is(false));

    assertThat(
        committer(Clock.systemUTC()).commit(a, metadata), is(CommitOutcome.ALREADY_COMMITTED));
    assertThat(markers.exists(), is(false));
    assertThat(new File(base, ".hoodie/.heartbeat/" + a.instantTime().value()).exists(), is(false));
    assertTable(batches(i -> i < 40 ? 1 : 0), instants(i -> i < 40 ? a.instantTime().value() : c0));
  }

  private static Clock fixed(long millis) {
    return Clock.fixed(java.time.Instant.ofEpochMilli(millis), java.time.ZoneOffset.UTC);
  }

  private static long[] batches(java.util.function.IntToLongFunction f) {
    long[] out = new long[80];
    for (int i = 0; i < 80; i++) {
      out[i] = f.applyAsLong(i);
    }
    return out;
  }

  private static String[] instants(java.util.function.IntFunction<String> f) {
    String[] out = new String[80];
    for (int i = 0; i < 80; i++) {
      out[i] = f.apply(i);
    }
    return out;
  }
}
