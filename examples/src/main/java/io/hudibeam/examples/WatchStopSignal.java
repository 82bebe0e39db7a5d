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

import io.hudibeam.HudiCommitInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.MapCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.TimeDomain;
import org.apache.beam.sdk.state.Timer;
import org.apache.beam.sdk.state.TimerSpec;
import org.apache.beam.sdk.state.TimerSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Duration;
import org.joda.time.Instant;

/**
 * How {@code ingest --watch --watchFor} and {@code cdc --watch --watchFor} end on the embedded
 * FlinkRunner, where a stream whose input ends cannot commit its last intervals (see docs/flink.md,
 * "A stream that ends on Flink"): the watch goes on, the records of files matched after {@code
 * --watchFor} are dropped ({@link Watching}), and this step creates the signal file, which the
 * command waits for before it cancels the job, once (1) the stream's watermark has passed the end
 * of the commit interval holding the last match time kept, so every interval with records or
 * rejects has been seen; (2) each interval that had records of a table (counted from HudiIO's
 * input) has a committed instant of that table (HudiIO's committed instants, each in its interval's
 * window); and (3) each interval that had rejects has its rejects file written. All in checkpointed
 * state. Uses only HudiIO's public results.
 */
final class WatchStopSignal {
  /**
   * What an element says of its commit interval (it had records, a commit, rejects, a rejects
   * file), or {@code START}: the one element that sets the timer for the last interval.
   */
  enum Seen {
    RECORDS,
    COMMITTED,
    REJECTS,
    REJECTS_WRITTEN,
    START
  }

  private WatchStopSignal() {}

  /**
   * Adds the signal step for HudiIO's {@code input} of one table, its {@code committed} instants,
   * the {@code rejects} and the names of the rejects files written (all in commit interval
   * windows).
   */
  static void wire(
      PCollection<GenericRecord> input,
      PCollection<HudiCommitInfo> committed,
      PCollection<String> rejects,
      PCollection<String> rejectsFiles,
      Duration interval,
      Instant until,
      String signalFile) {
    wire(input, r -> "", committed, c -> "", rejects, rejectsFiles, interval, until, signalFile);
  }

  /**
   * The signal step for HudiIO's {@code input} of many tables: a record's table is {@code
   * tableOfRecord}'s, a commit's {@code tableOfCommit}'s (the same names).
   */
  static void wire(
      PCollection<GenericRecord> input,
      SerializableFunction<GenericRecord, String> tableOfRecord,
      PCollection<HudiCommitInfo> committed,
      SerializableFunction<HudiCommitInfo, String> tableOfCommit,
      PCollection<String> rejects,
      PCollection<String> rejectsFiles,
      Duration interval,
      Instant until,
      String signalFile) {
    Pipeline pipeline = input.getPipeline();
    SerializableFunction<String, String> noTable = s -> "";
    PCollectionList<KV<String, KV<String, Long>>> seen =
        PCollectionList.of(intervalsOf(Seen.RECORDS, input, tableOfRecord, interval))
            .and(intervalsOf(Seen.COMMITTED, committed, tableOfCommit, interval))
            .and(intervalsOf(Seen.REJECTS, rejects, noTable, interval))
            .and(intervalsOf(Seen.REJECTS_WRITTEN, rejectsFiles, noTable, interval))
            .and(
                pipeline.apply(
                    "Start",
                    Create.of(KV.of(Seen.START.name(), KV.of("", 0L))).withCoder(SEEN_CODER)));
    long lastEnd =
        Math.floorDiv(until.getMillis(), interval.getMillis()) * interval.getMillis()
            + interval.getMillis();
    seen.apply("All intervals", Flatten.pCollections())
        .apply("One key", WithKeys.of(""))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), SEEN_CODER))
        .apply(
            "Signal when every interval is done",
            ParDo.of(new SignalFn(new Instant(lastEnd), signalFile)));
  }

  /** What was seen: its kind, its table and the end of its interval. */
  private static final KvCoder<String, KV<String, Long>> SEEN_CODER =
      KvCoder.of(StringUtf8Coder.of(), KvCoder.of(StringUtf8Coder.of(), VarLongCoder.of()));

  /**
   * The tables and ends (epoch ms) of the commit intervals that have elements, in the global
   * window.
   */
  private static <T> PCollection<KV<String, KV<String, Long>>> intervalsOf(
      Seen what,
      PCollection<T> elements,
      SerializableFunction<T, String> tableOf,
      Duration interval) {
    String name = what.name().toLowerCase(java.util.Locale.ROOT);
    return elements
        .apply("Intervals of " + name, Window.<T>into(FixedWindows.of(interval)))
        .apply("Table of " + name, WithKeys.of(tableOf).withKeyType(TypeDescriptors.strings()))
        .apply("Count " + name, Count.perKey())
        .apply("End of interval of " + name, ParDo.of(new IntervalEndFn(what)))
        .setCoder(SEEN_CODER)
        .apply("Global window of " + name, Window.into(new GlobalWindows()));
  }

  private static final class IntervalEndFn
      extends DoFn<KV<String, Long>, KV<String, KV<String, Long>>> {
    private static final long serialVersionUID = 1L;
    private final Seen what;

    IntervalEndFn(Seen what) {
      this.what = what;
    }

    @ProcessElement
    public void process(
        @Element KV<String, Long> tableCount,
        BoundedWindow window,
        OutputReceiver<KV<String, KV<String, Long>>> out) {
      out.output(
          KV.of(what.name(), KV.of(tableCount.getKey(), window.maxTimestamp().getMillis() + 1)));
    }
  }

  private static final class SignalFn extends DoFn<KV<String, KV<String, KV<String, Long>>>, Void> {
    private static final long serialVersionUID = 1L;
    private final Instant lastEnd;
    private final String signalFile;

    /** Kind → table → the ends of its intervals. */
    @StateId("seen")
    private final StateSpec<ValueState<Map<String, Map<String, List<Long>>>>> seenSpec =
        StateSpecs.value(
            MapCoder.of(
                StringUtf8Coder.of(),
                MapCoder.of(StringUtf8Coder.of(), ListCoder.of(VarLongCoder.of()))));

    @StateId("allSeen")
    private final StateSpec<ValueState<Boolean>> allSeenSpec = StateSpecs.value(BooleanCoder.of());

    @TimerId("lastIntervalSeen")
    private final TimerSpec lastIntervalSeenSpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

    SignalFn(Instant lastEnd, String signalFile) {
      this.lastEnd = lastEnd;
      this.signalFile = signalFile;
    }

    @ProcessElement
    public void process(
        @Element KV<String, KV<String, KV<String, Long>>> element,
        @StateId("seen") ValueState<Map<String, Map<String, List<Long>>>> seen,
        @StateId("allSeen") ValueState<Boolean> allSeen,
        @TimerId("lastIntervalSeen") Timer lastIntervalSeen) {
      String kind = element.getValue().getKey();
      if (kind.equals(Seen.START.name())) {
        lastIntervalSeen.set(lastEnd);
        return;
      }
      String table = element.getValue().getValue().getKey();
      long end = element.getValue().getValue().getValue();
      Map<String, Map<String, List<Long>>> all =
          seen.read() == null ? new HashMap<>() : new HashMap<>(seen.read());
      Map<String, List<Long>> tables = new HashMap<>(all.getOrDefault(kind, Map.of()));
      List<Long> ends = new ArrayList<>(tables.getOrDefault(table, List.of()));
      if (!ends.contains(end)) {
        ends.add(end);
        tables.put(table, ends);
        all.put(kind, tables);
        seen.write(all);
      }
      raiseIfDone(seen, allSeen);
    }

    @OnTimer("lastIntervalSeen")
    public void onLastIntervalSeen(
        @StateId("seen") ValueState<Map<String, Map<String, List<Long>>>> seen,
        @StateId("allSeen") ValueState<Boolean> allSeen) {
      allSeen.write(true);
      raiseIfDone(seen, allSeen);
    }

    private void raiseIfDone(
        ValueState<Map<String, Map<String, List<Long>>>> seen, ValueState<Boolean> allSeen) {
      Map<String, Map<String, List<Long>>> all = seen.read() == null ? Map.of() : seen.read();
      if (!Boolean.TRUE.equals(allSeen.read())
          || !covers(all, Seen.COMMITTED, Seen.RECORDS)
          || !covers(all, Seen.REJECTS_WRITTEN, Seen.REJECTS)) {
        return;
      }
      try {
        Files.createFile(Paths.get(signalFile));
      } catch (FileAlreadyExistsException raisedBefore) {
        // raised by an earlier attempt
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the stop signal " + signalFile, e);
      }
    }

    /**
     * Whether each table's intervals of kind {@code expected} are intervals of kind {@code done}.
     */
    private static boolean covers(
        Map<String, Map<String, List<Long>>> all, Seen done, Seen expected) {
      Map<String, List<Long>> doneTables = all.getOrDefault(done.name(), Map.of());
      return all.getOrDefault(expected.name(), Map.of()).entrySet().stream()
          .allMatch(e -> doneTables.getOrDefault(e.getKey(), List.of()).containsAll(e.getValue()));
    }
  }
}
