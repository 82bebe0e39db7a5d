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
package io.hudibeam.examples;

import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Watch;
import org.apache.beam.sdk.values.PCollection;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;
import org.joda.time.Instant;

/**
 * {@code ingest --watch} and {@code cdc --watch}: the poll interval, how long to watch, the commit
 * interval. With a stop signal (on the embedded FlinkRunner, where a stream whose input ends cannot
 * commit its last intervals) the watch does not end by itself: it keeps polling, the records of
 * files matched after {@code --watchFor} are dropped, and the command stops the job once every
 * interval with records is committed ({@link WatchStopSignal}).
 */
final class Watching {
  private final Duration poll;
  private final Duration watchFor;
  private final Duration commitInterval;
  private final @Nullable Instant until;

  private Watching(
      Duration poll, Duration watchFor, Duration commitInterval, @Nullable Instant until) {
    this.poll = poll;
    this.watchFor = watchFor;
    this.commitInterval = commitInterval;
    this.until = until;
  }

  /**
   * The watch the options ask for; with {@code stoppedByCommand}, one that the command stops {@code
   * --watchFor} seconds after {@code startedAtMillis}.
   */
  static Watching of(WatchOptions options, boolean stoppedByCommand, long startedAtMillis) {
    if (options.getWatch() < 0 || options.getWatchFor() < 0 || options.getCommitInterval() <= 0) {
      throw new UsageException(
          "--watch and --watchFor must be >= 0 and --commitInterval > 0 seconds, but were "
              + options.getWatch()
              + ", "
              + options.getWatchFor()
              + " and "
              + options.getCommitInterval());
    }
    Duration watchFor = Duration.standardSeconds(options.getWatchFor());
    return new Watching(
        Duration.standardSeconds(options.getWatch()),
        watchFor,
        Duration.standardSeconds(options.getCommitInterval()),
        stoppedByCommand ? new Instant(startedAtMillis).plus(watchFor) : null);
  }

  boolean enabled() {
    return poll.getMillis() > 0;
  }

  Duration poll() {
    return poll;
  }

  Duration commitInterval() {
    return commitInterval;
  }

  /** When the command stops the job: the latest match time whose records are written. */
  @Nullable Instant until() {
    return until;
  }

  Watch.Growth.TerminationCondition<String, ?> termination() {
    return watchFor.getMillis() > 0 && until == null
        ? Watch.Growth.afterTotalOf(watchFor)
        : Watch.Growth.never();
  }

  /**
   * The elements of files matched up to {@link #until} (a match's elements carry its poll time as
   * their timestamp); all of them when the watch ends by itself. The ones left out are counted
   * ({@code matchedAfterWatchForLeftOut}), never dropped silently.
   */
  <T> PCollection<T> matchedInTime(String name, PCollection<T> elements) {
    if (until == null) {
      return elements;
    }
    return elements.apply(name, ParDo.of(new UpToFn<T>(until))).setCoder(elements.getCoder());
  }

  private static final class UpToFn<T> extends DoFn<T, T> {
    private static final long serialVersionUID = 1L;
    private final Instant until;
    private final Counter leftOut = Metrics.counter(Watching.class, "matchedAfterWatchForLeftOut");

    UpToFn(Instant until) {
      this.until = until;
    }

    @ProcessElement
    public void process(@Element T element, @Timestamp Instant time, OutputReceiver<T> out) {
      if (time.isAfter(until)) {
        leftOut.inc();
        return;
      }
      out.output(element);
    }
  }
}
