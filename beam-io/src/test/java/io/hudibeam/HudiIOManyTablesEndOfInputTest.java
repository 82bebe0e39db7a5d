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

import static io.hudibeam.testing.ChangeStreamTables.SCHEMA;
import static io.hudibeam.testing.ChangeStreamTables.changes;
import static io.hudibeam.testing.ChangeStreamTables.finalState;
import static io.hudibeam.testing.ChangeStreamTables.hudiRows;
import static io.hudibeam.testing.ChangeStreamTables.inserts;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.fail;

import io.hudibeam.testing.ChangeStreamTables;
import io.hudibeam.testing.HudiTableReader;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TimestampedValue;
import org.joda.time.Duration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The end of a bounded input with a triggering frequency, into several tables on a DirectRunner of
 * two threads (issue #36): each table's hold at the end of input must not take a runner thread for
 * as long as its sink has intervals left, or two tables take both threads and nothing is committed.
 * Each run is bounded (well under the heartbeat's allowed age, after which a stalled sink fails the
 * run); a run still going then is cancelled and the test fails saying so.
 */
public class HudiIOManyTablesEndOfInputTest {
  /** Far more than the runs below need (seconds), far less than a stall (2 minutes). */
  private static final Duration BOUND = Duration.standardSeconds(75);

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private File warehouse() {
    return new File(tmp.getRoot(), "warehouse");
  }

  /** Interval k's rows at event times {@code start(k) + n ms}, one bounded input. */
  private static List<TimestampedValue<Row>> bounded(List<List<Row>> intervals) {
    List<TimestampedValue<Row>> timed = new ArrayList<>();
    for (int k = 0; k < intervals.size(); k++) {
      for (int n = 0; n < intervals.get(k).size(); n++) {
        timed.add(
            TimestampedValue.of(
                intervals.get(k).get(n),
                StreamingTesting.intervalStart(k).plus(Duration.millis(n))));
      }
    }
    return timed;
  }

  private void runOnTwoThreads(List<List<Row>> intervals) throws IOException {
    Pipeline p = HudiIOTesting.pipeline(2);
    p.apply(Create.timestamped(bounded(intervals)).withCoder(RowCoder.of(SCHEMA)))
        .setRowSchema(SCHEMA)
        .apply(
            ChangeStreamTables.writeTables(warehouse())
                .withTriggeringFrequency(StreamingTesting.INTERVAL));
    // Not blocking in run(): the wait below is bounded, and a run still going then is cancelled.
    p.getOptions().as(DirectOptions.class).setBlockOnRun(false);
    PipelineResult run = p.run();
    PipelineResult.State state = run.waitUntilFinish(BOUND);
    if (state != PipelineResult.State.DONE) {
      run.cancel();
      fail(
          "The bounded stream into "
              + intervals.stream()
                  .flatMap(List::stream)
                  .map(r -> r.getString("table"))
                  .distinct()
                  .toList()
              + " did not finish within "
              + BOUND
              + " on 2 DirectRunner threads ("
              + (state == null ? "still running" : state)
              + ")");
    }
  }

  /** Two intervals per table, three tables, two threads: every table's two intervals committed. */
  @Test(timeout = 180_000)
  public void threeTablesOnTwoThreadsCommitEveryIntervalAtTheEndOfABoundedInput()
      throws IOException {
    List<List<Row>> intervals = List.of(inserts(), changes());
    runOnTwoThreads(intervals);
    ChangeStreamTables.assertTables(
        warehouse(), intervals, Map.of("orders", 2, "customers", 2, "events", 2));
  }

  /** The same with one table's rows only: that table commits both intervals. */
  @Test(timeout = 180_000)
  public void oneTableOnTwoThreadsCommitsEveryIntervalAtTheEndOfABoundedInput() throws IOException {
    List<List<Row>> intervals = List.of(only("orders", inserts()), only("orders", changes()));
    runOnTwoThreads(intervals);
    String base = ChangeStreamTables.base(warehouse(), "orders");
    assertThat(HudiTableReader.of(base).completedInstantTimes().size(), is(2));
    assertThat(hudiRows("orders", base), is(finalState(intervals).get("orders")));
  }

  private static List<Row> only(String table, List<Row> rows) {
    return rows.stream().filter(r -> r.getString("table").equals(table)).toList();
  }
}
