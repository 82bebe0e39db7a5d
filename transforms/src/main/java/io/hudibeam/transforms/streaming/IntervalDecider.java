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

import io.hudibeam.commit.IntervalContent;
import io.hudibeam.commit.SinkLineage;
import io.hudibeam.commit.StartedInstant;
import io.hudibeam.sink.SinkInstants;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.transforms.instant.WriteSchemas;
import io.hudibeam.write.OperationTypes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.hadoop.fs.FileSystem;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's decisions without its Beam state: given the intervals waiting, how far the
 * input watermark has passed ({@code eligibleThrough}), the end of the last decided interval and
 * the instants this run started and has not seen completed, it decides the eligible intervals in
 * order against the table's timeline ({@link SinkInstants}): start an instant, skip a replay, or
 * wait (an earlier instant is still pending), after which no later interval is decided. An interval
 * that ends at or before the last decided one is dropped with a WARN. {@link CoordinatorFn} keeps
 * the result in its state and outputs the decisions.
 *
 * <p>One per coordinator instance (it remembers which failed writers it has reported).
 */
final class IntervalDecider {
  private static final Logger LOG = LoggerFactory.getLogger(IntervalDecider.class);

  private final StartSpec spec;
  private final StreamSettings settings;
  private final FileSystem fileSystem;
  private final Clock clock;
  private final FailedWriterWarnings failedWriters;

  IntervalDecider(StartSpec spec, StreamSettings settings, FileSystem fileSystem, Clock clock) {
    this.spec = spec;
    this.settings = settings;
    this.fileSystem = fileSystem;
    this.clock = clock;
    this.failedWriters = new FailedWriterWarnings(spec, settings.sinkId());
  }

  /** A decision and the timestamp it is output at (its interval's last moment). */
  record Decided(IntervalDecision decision, Instant timestamp) {}

  /**
   * One round of decisions.
   *
   * @param decisions the decisions, in interval order
   * @param waiting the intervals still waiting, in interval order
   * @param decidedThrough the end of the last decided interval (epoch millis), null if none yet
   * @param live the instants this run started and has not seen completed
   */
  record Round(
      List<Decided> decisions,
      List<CountedInterval> waiting,
      @Nullable Long decidedThrough,
      List<String> live) {
    Round {
      decisions = List.copyOf(decisions);
      waiting = List.copyOf(waiting);
      live = List.copyOf(live);
    }
  }

  /** Whether the input watermark has passed the interval, so every earlier count has arrived. */
  static boolean eligible(CountedInterval interval, @Nullable Instant eligibleThrough) {
    return eligibleThrough != null && !interval.window().maxTimestamp().isAfter(eligibleThrough);
  }

  /** Decides {@code waitingIntervals} in order, until one must wait or is not eligible yet. */
  Round decide(
      List<CountedInterval> waitingIntervals,
      @Nullable Instant eligibleThrough,
      @Nullable Long decidedThrough,
      List<String> liveTimes) {
    List<CountedInterval> waiting = new ArrayList<>(waitingIntervals);
    waiting.sort(Comparator.comparing(interval -> interval.window().start()));
    SinkInstants instants =
        new SinkInstants(
            fileSystem,
            spec.paths(),
            clock,
            spec.heartbeat(),
            spec.control().lock(),
            spec.control().metadataTable(),
            spec.control().metadataTableMaintenance());
    Set<InstantTime> live = new TreeSet<>();
    for (String time : liveTimes) {
      live.add(InstantTime.parse(time));
    }
    live = new TreeSet<>(instants.stillPending(live));
    Long through = decidedThrough;
    List<Decided> decisions = new ArrayList<>();
    List<CountedInterval> decided = new ArrayList<>();
    String writeSchema = null;
    for (CountedInterval interval : waiting) {
      if (!eligible(interval, eligibleThrough)) {
        break;
      }
      IntervalWindow window = interval.window();
      IntervalContent content =
          interval.content().forOperation(OperationTypes.of(spec.operation()).value());
      long start = window.start().getMillis();
      long end = window.end().getMillis();
      if (through != null && end <= through) {
        LOG.warn(
            "Table {}: sink {} already decided the interval [{}, {}); ignoring it again",
            spec.paths(),
            settings.sinkId(),
            window.start(),
            window.end());
        decided.add(interval);
        continue;
      }
      if (writeSchema == null) {
        // Refuses an incompatible input schema before this sink starts any instant.
        writeSchema = WriteSchemas.decide(spec, fileSystem).toString();
      }
      SinkInstants.Decision decision =
          instants.decide(
              spec.tableConfig(),
              spec.commitAction(),
              OperationTypes.of(spec.operation()),
              SinkLineage.of(
                  settings.sinkId(), start, end, settings.commitInterval().getMillis(), content),
              live);
      if (decision.kind() == SinkInstants.Kind.WAIT) {
        LOG.debug(
            "Table {}: the interval [{}, {}) of sink {} waits for {}",
            spec.paths(),
            window.start(),
            window.end(),
            settings.sinkId(),
            decision.waitingFor());
        failedWriters.report(fileSystem, decision.waitingFor(), live);
        break;
      }
      IntervalDecision result;
      if (decision.kind() == SinkInstants.Kind.SKIP) {
        SinkLineage.CommittedInterval replayed = decision.replayOf().get();
        LOG.info(
            "Table {}: sink {} committed the interval [{}, {}) in {}{}, so its {} records are skipped"
                + " (a replay)",
            spec.paths(),
            settings.sinkId(),
            window.start(),
            window.end(),
            replayed.describe(),
            replayed.content().isPresent()
                ? " with the same content"
                : " (made before HudiIO recorded an interval's content: recognised by its interval)",
            content.records());
        result = IntervalDecision.skip(start, end, content.records(), replayed.instantTime());
      } else {
        StartedInstant instant = decision.started().get().withWriteSchema(writeSchema);
        live.add(instant.instantTime());
        LOG.info(
            "Table {}: sink {} started instant {} for the interval [{}, {})",
            spec.paths(),
            settings.sinkId(),
            instant.instantTime(),
            window.start(),
            window.end());
        result = IntervalDecision.start(start, end, content.records(), instant);
      }
      decisions.add(new Decided(result, window.maxTimestamp()));
      through = end;
      decided.add(interval);
    }
    waiting.removeAll(decided);
    List<String> stillLive = new ArrayList<>();
    live.forEach(t -> stillLive.add(t.value()));
    return new Round(decisions, waiting, through, stillLive);
  }
}
