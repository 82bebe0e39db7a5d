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
package io.hudibeam.sink;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.InstantCommitter;
import io.hudibeam.commit.InstantStarter;
import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import io.hudibeam.timeline.TimelineWriter;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming coordinator's decisions against a real timeline on the local file system: start,
 * wait for the sink's live instant and for another writer's pending instant, skip an interval the
 * sink committed through, roll back only the sink's abandoned instants; and the commit step's
 * replay rollback.
 */
public class SinkInstantsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();
  private FileSystem fs;
  private TablePaths paths;
  private final TableConfig table =
      TableConfig.newTable("t", TableType.COPY_ON_WRITE).recordKeyFields(List.of("id")).build();
  private final InstantTimeGenerator generator = new InstantTimeGenerator(TimelineTimezone.LOCAL);

  @Before
  public void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    paths = TablePaths.of(tmp.newFolder("t").getAbsolutePath());
  }

  private SinkInstants.Decision decide(String sink, int window, Set<InstantTime> live) {
    return decide(sink, window, live, contentOf(window));
  }

  private SinkInstants.Decision decide(
      String sink, int window, Set<InstantTime> live, IntervalContent content) {
    return new SinkInstants(fs, paths, Clock.systemUTC())
        .decide(
            table,
            Action.COMMIT,
            OperationType.UPSERT,
            SinkLineage.of(sink, window * 10L, window * 10L + 10, 10, content),
            live);
  }

  /** The content the stream of these tests has in interval {@code window}. */
  private static IntervalContent contentOf(int window) {
    return new IntervalContent(10 + window, 1000L * window + 7);
  }

  private CommitOutcome commit(StartedInstant started) {
    return new IntervalCommitter(fs, paths, new InstantCommitter(fs, paths))
        .commit(
            started,
            CommitMetadata.builder().operationType(OperationType.UPSERT).build(),
            generator);
  }

  private List<String> pendingTimes() {
    return Timeline.load(fs, paths).writeTimeline().pending().instants().stream()
        .map(i -> i.time().value())
        .collect(Collectors.toList());
  }

  @Test
  public void startsWaitsForTheLiveInstantThenStartsTheNextAndSkipsCommittedIntervals() {
    SinkInstants.Decision first = decide("s", 0, Set.of());
    assertThat(first.kind(), is(SinkInstants.Kind.START));
    StartedInstant i0 = first.started().get();
    assertThat(i0.extraMetadata().get(SinkLineage.SINK_ID), is("s"));
    assertThat(
        new SinkLineage(fs, paths)
            .ownerOf(Instant.requested(i0.instantTime(), Action.COMMIT))
            .get(),
        is("s"));

    SinkInstants.Decision waiting = decide("s", 1, Set.of(i0.instantTime()));
    assertThat(waiting.kind(), is(SinkInstants.Kind.WAIT));
    assertThat(waiting.waitingFor().get(0).time(), is(i0.instantTime()));

    assertThat(commit(i0), is(CommitOutcome.COMMITTED));
    assertThat(new SinkLineage(fs, paths).committedThrough("s").get(), is(10L));
    assertThat(new SinkLineage(fs, paths).committedThrough("other").isPresent(), is(false));
    SinkInstants.Decision second = decide("s", 1, Set.of(i0.instantTime()));
    assertThat(second.kind(), is(SinkInstants.Kind.START));
    assertThat(second.started().get().instantTime().isAfter(i0.instantTime()), is(true));
    assertThat(commit(second.started().get()), is(CommitOutcome.COMMITTED));
    assertThat(commit(second.started().get()), is(CommitOutcome.ALREADY_COMMITTED));

    SinkInstants.Decision replay = decide("s", 1, Set.of());
    assertThat(replay.kind(), is(SinkInstants.Kind.SKIP));
    assertThat(replay.committedThrough().get(), is(20L));
    assertThat(
        "the skip names the commit it replays",
        replay.replayOf().get().instantTime().get(),
        is(second.started().get().instantTime().value()));
    assertThat(replay.replayOf().get().content().get(), is(contentOf(1)));
    assertThat(decide("s", 0, Set.of()).kind(), is(SinkInstants.Kind.SKIP));
    assertThat(
        "another sink id has committed nothing",
        decide("other", 0, Set.of()).kind(),
        is(SinkInstants.Kind.START));
  }

  @Test
  public void anIntervalCommittedWithOtherRecordsIsRefusedNotSkipped() {
    StartedInstant i0 = decide("s", 0, Set.of()).started().get();
    assertThat(commit(i0), is(CommitOutcome.COMMITTED));
    StartedInstant i2 = decide("s", 2, Set.of()).started().get();
    assertThat(commit(i2), is(CommitOutcome.COMMITTED));

    // Another stream under the same sink id: interval 0 with other records.
    ReplayMismatchException other =
        assertThrows(
            ReplayMismatchException.class,
            () -> decide("s", 0, Set.of(), new IntervalContent(10, 99)));
    assertThat(other.getMessage(), containsString("sink s committed the interval"));
    assertThat(other.getMessage(), containsString(i0.instantTime().value()));
    assertThat(other.getMessage(), containsString("withSinkId"));
    assertThat(other.getMessage(), containsString("10 records, fingerprint 0000000000000007"));
    assertThat(other.getMessage(), containsString("10 records, fingerprint 0000000000000063"));

    // Records in interval 1, which the sink passed over with no records of its own.
    ReplayMismatchException none =
        assertThrows(ReplayMismatchException.class, () -> decide("s", 1, Set.of()));
    assertThat(none.getMessage(), containsString("has no commit of the interval"));

    // The same records again: a replay.
    assertThat(decide("s", 0, Set.of()).kind(), is(SinkInstants.Kind.SKIP));
    assertThat(decide("s", 2, Set.of()).kind(), is(SinkInstants.Kind.SKIP));
    assertThat("nothing was started or rolled back", pendingTimes(), empty());
  }

  @Test
  public void aCommitMadeBeforeContentWasRecordedIsTrustedByItsInterval() {
    StartedInstant i0 = decide("s", 0, Set.of()).started().get();
    Map<String, String> legacy = new java.util.LinkedHashMap<>(i0.extraMetadata());
    legacy.remove(SinkLineage.INTERVAL_RECORDS);
    legacy.remove(SinkLineage.INTERVAL_FINGERPRINT);
    StartedInstant old =
        new StartedInstant(i0.instantTime(), i0.action(), i0.tableConfig(), legacy);
    assertThat(commit(old), is(CommitOutcome.COMMITTED));
    SinkInstants.Decision replay = decide("s", 0, Set.of(), new IntervalContent(3, 4));
    assertThat(replay.kind(), is(SinkInstants.Kind.SKIP));
    assertThat(replay.replayOf().get().content().isPresent(), is(false));
  }

  @Test
  public void rollsBackOnlyTheSinksAbandonedInstantsAndWaitsForOtherWriters() {
    StartedInstant abandoned = decide("s", 0, Set.of()).started().get();
    // A new run (nothing live) rolls the sink's abandoned instant back and starts anew.
    SinkInstants.Decision restart = decide("s", 0, Set.of());
    assertThat(restart.kind(), is(SinkInstants.Kind.START));
    assertThat(pendingTimes(), contains(restart.started().get().instantTime().value()));
    assertThat(
        Timeline.load(fs, paths).find(abandoned.instantTime(), Action.COMMIT).isPresent(),
        is(false));
    assertThat(commit(restart.started().get()), is(CommitOutcome.COMMITTED));

    // Another writer's pending instant (a batch write: empty requested file) is waited for, not
    // touched.
    InstantTime foreign = generator.next(Timeline.load(fs, paths));
    new TimelineWriter(fs, paths).createRequested(foreign, Action.COMMIT, new byte[0]);
    SinkInstants.Decision blocked = decide("s", 1, Set.of());
    assertThat(blocked.kind(), is(SinkInstants.Kind.WAIT));
    assertThat(blocked.waitingFor().get(0).time(), is(foreign));
    // So is another sink's.
    new TimelineWriter(fs, paths).delete(List.of(Instant.requested(foreign, Action.COMMIT)));
    StartedInstant otherSink = decide("other", 5, Set.of()).started().get();
    assertThat(decide("s", 1, Set.of()).kind(), is(SinkInstants.Kind.WAIT));
    assertThat(pendingTimes(), contains(otherSink.instantTime().value()));
  }

  @Test
  public void aReplayedIntervalReachingTheCommitIsRolledBack() {
    StartedInstant a = decide("s", 0, Set.of()).started().get();
    assertThat(commit(a), is(CommitOutcome.COMMITTED));
    // A second instant for the same interval, as a restarted run that had not seen the commit
    // when it started the instant would hold.
    StartedInstant b =
        new InstantStarter(fs, paths, Clock.systemUTC())
            .startForSink(table, Action.COMMIT, OperationType.UPSERT, a.extraMetadata(), List.of());
    assertThat(commit(b), is(CommitOutcome.REPLAY_SKIPPED));
    assertThat(pendingTimes(), empty());
    assertThat(
        Timeline.load(fs, paths).completedWriteTimeline().instants().stream()
            .map(Instant::time)
            .collect(Collectors.toList()),
        contains(a.instantTime()));
    assertThat(Timeline.load(fs, paths).ofAction(Action.ROLLBACK).completed().size(), is(1));
  }
}
