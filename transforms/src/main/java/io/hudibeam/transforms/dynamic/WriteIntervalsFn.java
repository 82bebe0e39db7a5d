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
package io.hudibeam.transforms.dynamic;

import io.hudibeam.transforms.commit.CommittedInstant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.state.BagState;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.TimeDomain;
import org.apache.beam.sdk.state.Timer;
import org.apache.beam.sdk.state.TimerSpec;
import org.apache.beam.sdk.state.TimerSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The streaming writer of many tables, keyed by table in the global window: a table's packs wait in
 * state until the watermark passes their commit interval's end, then each complete interval is
 * written as one instant of that table, in the order of the intervals, with the sink's lineage
 * (exactly once across restarts: an interval the table's timeline shows committed is skipped).
 * Keyed state serializes a table's intervals on every runner, so an interval never starts while an
 * earlier one of the same table is being written, and never after a later one. Records that arrive
 * for an interval ending at or before the end the table is written through are dropped as late data
 * (counted, logged), as the GroupByKey of {@code HudiIO.write()}'s streaming path drops them.
 */
public final class WriteIntervalsFn extends DoFn<KV<String, IntervalPack>, CommittedInstant> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(WriteIntervalsFn.class);
  private final TableWrites writes;
  private final Duration commitInterval;
  private final String sinkId;
  private final Counter replays =
      Metrics.counter(WriteIntervalsFn.class, "replayedIntervalsSkipped");

  @StateId("packs")
  private final StateSpec<BagState<IntervalPack>> packsSpec =
      StateSpecs.bag(IntervalPack.Coder.of());

  @StateId("timerAt")
  private final StateSpec<ValueState<Long>> timerAtSpec = StateSpecs.value(VarLongCoder.of());

  @StateId("writtenThrough")
  private final StateSpec<ValueState<Long>> writtenThroughSpec =
      StateSpecs.value(VarLongCoder.of());

  @TimerId("intervalEnd")
  private final TimerSpec intervalEndSpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

  private final Counter lateRecords = Metrics.counter(WriteIntervalsFn.class, "lateRecordsDropped");

  /**
   * @param sinkId the sink's id in every table's timeline, or null for each table's name and
   *     operation
   */
  public WriteIntervalsFn(TableSpecs specs, Duration commitInterval, String sinkId) {
    this.writes = new TableWrites(specs);
    this.commitInterval = commitInterval;
    this.sinkId = sinkId;
  }

  @ProcessElement
  public void process(
      @Element KV<String, IntervalPack> element,
      @StateId("packs") BagState<IntervalPack> packs,
      @StateId("timerAt") ValueState<Long> timerAt,
      @StateId("writtenThrough") ValueState<Long> writtenThrough,
      @TimerId("intervalEnd") Timer intervalEnd) {
    IntervalPack pack = element.getValue();
    Long through = writtenThrough.read();
    if (through != null && pack.end() <= through) {
      // Late: the table's intervals are written through a later end, as a GroupByKey of the
      // interval with no allowed lateness drops them (HudiIO.write()'s streaming path).
      lateRecords.inc(pack.pack().records().size());
      LOG.warn(
          "Table {}: {} records of the interval ending {} arrived after the table was written"
              + " through {}; dropped as late data",
          element.getKey(),
          pack.pack().records().size(),
          new Instant(pack.end()),
          new Instant(through));
      return;
    }
    packs.add(pack);
    long due = pack.end() - 1;
    Long set = timerAt.read();
    if (set == null || due < set) {
      intervalEnd.set(new Instant(due));
      timerAt.write(due);
    }
  }

  @OnTimer("intervalEnd")
  public void onIntervalEnd(
      OnTimerContext context,
      @Key String table,
      @StateId("packs") BagState<IntervalPack> packs,
      @StateId("timerAt") ValueState<Long> timerAt,
      @StateId("writtenThrough") ValueState<Long> writtenThrough,
      @TimerId("intervalEnd") Timer intervalEnd) {
    long through = context.timestamp().getMillis();
    Map<Long, List<IntervalPack>> due = new TreeMap<>();
    List<IntervalPack> later = new ArrayList<>();
    for (IntervalPack pack : packs.read()) {
      if (pack.end() - 1 <= through) {
        due.computeIfAbsent(pack.start(), s -> new ArrayList<>()).add(pack);
      } else {
        later.add(pack);
      }
    }
    for (List<IntervalPack> interval : due.values()) {
      List<RecordPack> records = new ArrayList<>();
      interval.forEach(p -> records.add(p.pack()));
      IntervalPack first = interval.get(0);
      Optional<CommittedInstant> committed =
          writes.write(
              table,
              records,
              Optional.of(
                  new TableWrites.Interval(
                      sinkId, first.start(), first.end(), commitInterval.getMillis())));
      if (committed.isPresent()) {
        context.output(committed.get());
      } else {
        replays.inc();
      }
      Long written = writtenThrough.read();
      if (written == null || first.end() > written) {
        writtenThrough.write(first.end());
      }
    }
    packs.clear();
    timerAt.clear();
    long next = Long.MAX_VALUE;
    for (IntervalPack pack : later) {
      packs.add(pack);
      next = Math.min(next, pack.end() - 1);
    }
    if (next != Long.MAX_VALUE) {
      intervalEnd.set(new Instant(next));
      timerAt.write(next);
    }
  }
}
