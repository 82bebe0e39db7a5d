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
package io.hudibeam.transforms.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.TripsSpecs;
import io.hudibeam.transforms.coders.StartedInstantCoder;
import io.hudibeam.transforms.coders.WriteStatCoder;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TimestampedValue;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The streaming commit step alone ({@link IntervalCommits}): an interval's write stats, arriving
 * apart within the interval, and its started instant, grouped by window, commit the instant once
 * with every stat; an interval that wrote nothing still completes its instant; the step run again
 * on the same interval (a replay) commits nothing twice; an interval holding two started instants
 * is refused naming both. Hudi's reader checks the table each time, row by row.
 */
public class IntervalCommitsTest {
  private static final Duration INTERVAL = Duration.standardSeconds(10);

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private String base;
  private LocalWrite table;
  private HudiTableReader reader;

  @Before
  public void tableOfTwentyTrips() throws Exception {
    base = tmp.newFolder("trips").getAbsolutePath();
    table = LocalWrite.trips(base);
    reader = HudiTableReader.of(base);
    table.insert(TripsData.batch(0, 0, 20));
  }

  private CommitSpec spec() {
    return CommitSpec.of(TripsSpecs.upsert(base).build());
  }

  /**
   * Runs the step on {@code stats} (the i-th at second {@code 1 + 4i} of the first interval) and
   * {@code started} (at second 2 of the first interval); returns the committed instants.
   */
  private PipelineResult commit(
      List<WriteStat> stats, List<StartedInstant> started, List<CommittedInstant> expected) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    List<TimestampedValue<WriteStat>> timedStats = new ArrayList<>();
    for (int i = 0; i < stats.size(); i++) {
      timedStats.add(TimestampedValue.of(stats.get(i), second(1 + 4 * i % 9)));
    }
    List<TimestampedValue<StartedInstant>> timedStarts = new ArrayList<>();
    for (StartedInstant s : started) {
      timedStarts.add(TimestampedValue.of(s, second(2)));
    }
    PCollection<WriteStat> statsIn =
        p.apply(
                "Stats",
                timedStats.isEmpty()
                    ? Create.empty(WriteStatCoder.of())
                    : Create.timestamped(timedStats).withCoder(WriteStatCoder.of()))
            .apply("Stats into intervals", Window.into(FixedWindows.of(INTERVAL)));
    PCollection<StartedInstant> startedIn =
        p.apply("Started", Create.timestamped(timedStarts).withCoder(StartedInstantCoder.of()))
            .apply("Started into intervals", Window.into(FixedWindows.of(INTERVAL)));
    PCollection<CommittedInstant> committed = IntervalCommits.commit(spec(), statsIn, startedIn);
    if (expected != null) {
      PAssert.that(
              committed
                  .apply(
                      "Instant and outcome",
                      MapElements.into(TypeDescriptor.of(CommittedInstant.class))
                          .via(IntervalCommitsTest::instantAndOutcome))
                  .setCoder(CommittedInstant.CommittedInstantCoder.of()))
          .containsInAnyOrder(expected);
    }
    PipelineResult result = p.run();
    result.waitUntilFinish();
    return result;
  }

  /** Only what this test pins: the instant, the table and the outcome. */
  private static CommittedInstant instantAndOutcome(CommittedInstant c) {
    return CommittedInstant.builder()
        .table(c.table())
        .tableName(c.tableName())
        .instantTime(c.instantTime())
        .operation("")
        .outcome(c.outcome())
        .timelineTimezone(c.timelineTimezone())
        .build();
  }

  private CommittedInstant expected(StartedInstant started, CommitOutcome outcome) {
    return CommittedInstant.builder()
        .table(new io.hudibeam.transforms.TableId(base))
        .tableName(LocalWrite.tripsTable().name())
        .instantTime(started.instantTime().value())
        .operation("")
        .outcome(outcome)
        .timelineTimezone(LocalWrite.tripsTable().timelineTimezone())
        .build();
  }

  private static Instant second(int s) {
    return new Instant(0).plus(Duration.standardSeconds(s));
  }

  private void assertRowsAre(List<GenericRecord> expected) {
    TripsSpecs.assertSnapshotIs(reader, expected);
  }

  @Test
  public void anIntervalsStatsArrivingApartCommitItsInstantOnceAndAReplayCommitsNothing() {
    StartedInstant started = table.transaction().start(LocalWrite.tripsTable(), Action.COMMIT);
    List<GenericRecord> upserts = TripsData.batch(1, 0, 20);
    List<WriteStat> stats = table.writeUpserts(started, upserts);
    assertThat("one stat per file group, several to gather", stats.size() > 1, is(true));

    commit(stats, List.of(started), List.of(expected(started, CommitOutcome.COMMITTED)));
    assertThat(reader.completedInstantTimes().contains(started.instantTime().value()), is(true));
    assertRowsAre(upserts);
    int completed = reader.completedInstantTimes().size();

    // The same interval again (a commit step replayed after a restore): nothing is written twice.
    commit(stats, List.of(started), List.of(expected(started, CommitOutcome.ALREADY_COMMITTED)));
    assertThat(reader.completedInstantTimes().size(), is(completed));
    assertRowsAre(upserts);
  }

  @Test
  public void anIntervalThatWroteNothingCompletesItsInstant() {
    StartedInstant started = table.transaction().start(LocalWrite.tripsTable(), Action.COMMIT);

    commit(List.of(), List.of(started), List.of(expected(started, CommitOutcome.COMMITTED)));

    assertThat(reader.completedInstantTimes().contains(started.instantTime().value()), is(true));
    assertRowsAre(TripsData.batch(0, 0, 20));
  }

  @Test
  public void anIntervalWithTwoStartedInstantsIsRefusedNamingBoth() {
    StartedInstant first =
        new StartedInstant(
            InstantTime.parse("20261206010101000"), Action.COMMIT, LocalWrite.tripsTable());
    StartedInstant second =
        new StartedInstant(
            InstantTime.parse("20261206010102000"), Action.COMMIT, LocalWrite.tripsTable());
    List<String> before = reader.completedInstantTimes();

    Exception e =
        assertThrows(Exception.class, () -> commit(List.of(), List.of(first, second), null));

    String message = String.valueOf(rootCause(e).getMessage());
    assertThat(message, containsString("exactly one was expected"));
    assertThat(message, containsString("20261206010101000"));
    assertThat(message, containsString("20261206010102000"));
    assertThat(reader.completedInstantTimes(), is(before));
    assertRowsAre(TripsData.batch(0, 0, 20));
  }

  private static Throwable rootCause(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) {
      c = c.getCause();
    }
    return c;
  }
}
