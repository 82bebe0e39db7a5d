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
package io.hudibeam.transforms.streaming;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.TripsSpecs;
import io.hudibeam.transforms.instant.StartSpec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The coordinator's decisions alone ({@link IntervalDecider}), against a real table: intervals are
 * decided in order, the next one only once the previous instant is completed; an interval the sink
 * committed before (a replay after a restore) is skipped naming its instant; an interval the
 * watermark has not passed waits; one already decided is dropped. Hudi's reader checks the rows the
 * started instants wrote.
 */
public class IntervalDeciderTest {
  private static final Duration INTERVAL = Duration.standardSeconds(10);
  private static final String SINK = "trips-upsert";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private String base;
  private LocalWrite table;
  private HudiTableReader reader;
  private FileSystem fs;

  @Before
  public void tableOfTwentyTrips() throws Exception {
    base = tmp.newFolder("trips").getAbsolutePath();
    table = LocalWrite.trips(base);
    reader = HudiTableReader.of(base);
    table.insert(TripsData.batch(0, 0, 20));
    fs = FileSystem.getLocal(new Configuration());
  }

  private IntervalDecider decider() {
    StartSpec spec = StartSpec.of(TripsSpecs.upsert(base).build());
    return new IntervalDecider(spec, StreamSettings.of(SINK, INTERVAL), fs, Clock.systemUTC());
  }

  /** The {@code n}-th commit interval, holding {@code records} records. */
  private static CountedInterval interval(int n, int records) {
    Instant start = new Instant(0).plus(INTERVAL.multipliedBy(n));
    IntervalContent content = IntervalContent.EMPTY;
    for (int i = 0; i < records; i++) {
      content = content.plus(IntervalContent.ofRecord(31L * n + i));
    }
    return new CountedInterval(new IntervalWindow(start, start.plus(INTERVAL)), content);
  }

  /** Writes {@code records} as upserts in the started instant and commits it. */
  private void commit(IntervalDecision decision, List<GenericRecord> records) {
    StartedInstant started = decision.started().get();
    CommitOutcome outcome =
        table
            .transaction()
            .commit(
                started,
                OperationType.UPSERT,
                TripsData.SCHEMA.toString(),
                table.writeUpserts(started, records));
    assertThat(outcome, is(CommitOutcome.COMMITTED));
  }

  private void assertRowsAre(List<GenericRecord> expected) {
    TripsSpecs.assertSnapshotIs(reader, expected);
  }

  private static String instantOf(IntervalDecider.Decided d) {
    return d.decision().started().get().instantTime().value();
  }

  @Test
  public void intervalsAreDecidedInOrderEachAfterThePreviousInstantCompletes() {
    CountedInterval first = interval(0, 3);
    CountedInterval second = interval(1, 2);
    IntervalDecider decider = decider();
    Instant watermark = second.window().maxTimestamp();

    IntervalDecider.Round round =
        decider.decide(List.of(second, first), watermark, null, List.of());

    assertThat(round.decisions().size(), is(1));
    IntervalDecider.Decided started = round.decisions().get(0);
    assertThat(started.decision().isSkip(), is(false));
    assertThat(started.decision().windowStart(), is(0L));
    assertThat(started.decision().records(), is(3L));
    assertThat(started.timestamp(), is(first.window().maxTimestamp()));
    assertThat(round.waiting(), contains(second));
    assertThat(round.decidedThrough(), is(10_000L));
    assertThat(round.live(), contains(instantOf(started)));

    IntervalDecider.Round waiting =
        decider.decide(round.waiting(), watermark, round.decidedThrough(), round.live());
    assertThat("the second waits while the first instant is pending", waiting.decisions(), empty());
    assertThat(waiting.waiting(), contains(second));

    List<GenericRecord> firstUpserts = TripsData.batch(1, 0, 3);
    commit(started.decision(), firstUpserts);
    IntervalDecider.Round next =
        decider.decide(waiting.waiting(), watermark, waiting.decidedThrough(), waiting.live());

    assertThat(next.decisions().size(), is(1));
    IntervalDecider.Decided secondStarted = next.decisions().get(0);
    assertThat(secondStarted.decision().windowStart(), is(10_000L));
    assertThat(instantOf(secondStarted).compareTo(instantOf(started)), greaterThan(0));
    assertThat(next.waiting(), empty());
    assertThat(next.decidedThrough(), is(20_000L));
    assertThat(
        "the first is completed, so no longer live",
        next.live(),
        contains(instantOf(secondStarted)));
    List<GenericRecord> secondUpserts = TripsData.batch(2, 3, 2);
    commit(secondStarted.decision(), secondUpserts);
    List<GenericRecord> expected = new ArrayList<>(firstUpserts);
    expected.addAll(secondUpserts);
    expected.addAll(TripsData.batch(0, 5, 15));
    assertRowsAre(expected);
  }

  @Test
  public void anIntervalTheSinkCommittedBeforeIsSkippedNamingItsInstant() {
    CountedInterval first = interval(0, 3);
    IntervalDecider.Round round =
        decider().decide(List.of(first), first.window().maxTimestamp(), null, List.of());
    commit(round.decisions().get(0).decision(), TripsData.batch(1, 0, 3));
    List<String> completed = reader.completedInstantTimes();

    // A new run (restored from before the decision: no live instant, nothing decided yet).
    IntervalDecider.Round replay =
        decider().decide(List.of(first), first.window().maxTimestamp(), null, List.of());

    assertThat(replay.decisions().size(), is(1));
    IntervalDecision skip = replay.decisions().get(0).decision();
    assertThat(skip.isSkip(), is(true));
    assertThat(skip.records(), is(3L));
    assertThat(skip.replayOf().get(), is(instantOf(round.decisions().get(0))));
    assertThat(replay.waiting(), empty());
    assertThat(replay.live(), empty());
    assertThat("no instant started for the replay", reader.completedInstantTimes(), is(completed));
    List<GenericRecord> expected = new ArrayList<>(TripsData.batch(1, 0, 3));
    expected.addAll(TripsData.batch(0, 3, 17));
    assertRowsAre(expected);
  }

  @Test
  public void anIntervalTheWatermarkHasNotPassedWaitsAndOneAlreadyDecidedIsDropped() {
    CountedInterval first = interval(0, 3);
    List<String> completed = reader.completedInstantTimes();

    IntervalDecider.Round early =
        decider().decide(List.of(first), first.window().start(), null, List.of());
    assertThat(early.decisions(), empty());
    assertThat(early.waiting(), contains(first));
    assertThat(early.decidedThrough(), is(nullValue()));

    IntervalDecider.Round again =
        decider().decide(List.of(first), first.window().maxTimestamp(), 20_000L, List.of());
    assertThat(again.decisions(), empty());
    assertThat(again.waiting(), empty());
    assertThat(again.decidedThrough(), is(20_000L));

    assertThat("no instant started", reader.completedInstantTimes(), is(completed));
    assertRowsAre(TripsData.batch(0, 0, 20));
  }
}
