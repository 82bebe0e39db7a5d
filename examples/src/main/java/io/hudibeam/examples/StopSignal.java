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
import io.hudibeam.HudiSinkProgress;
import io.hudibeam.HudiSkippedInterval;
import io.hudibeam.HudiWriteResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.joda.time.Instant;

/**
 * How {@code trips --streaming} ends on the embedded FlinkRunner: a stream on Flink is not ended by
 * its source (on Flink HudiIO refuses a bounded input and fails a stream whose input ends with
 * intervals left, as they cannot be committed after the end; see docs/flink.md, "A stream that ends
 * on Flink"), so the command streams an endless source and stops the job once the sink is committed
 * through the end of the interval of the stream's last record, as a user stops a streaming job.
 * This step looks at the sink's progress ({@link HudiSinkProgress}) whenever the write commits an
 * instant or skips an interval as a replay (so a rerun whose every interval was committed before
 * ends too), and then creates the signal file, which the command (in the same JVM as the embedded
 * Flink) waits for before it cancels the job. Uses only HudiIO's public API.
 */
final class StopSignal {
  private final String table;
  private final String sinkId;
  private final Instant committedThrough;
  private final String signalFile;

  /**
   * Raises {@code signalFile} once sink {@code sinkId} of {@code table} is committed through {@code
   * committedThrough}.
   */
  StopSignal(String table, String sinkId, Instant committedThrough, String signalFile) {
    this.table = table;
    this.sinkId = sinkId;
    this.committedThrough = committedThrough;
    this.signalFile = signalFile;
  }

  /** Whether the signal file exists: the sink is committed through the stream's end. */
  static boolean raised(String signalFile) {
    return Files.exists(Paths.get(signalFile));
  }

  /**
   * Looks at the sink's progress after each commit of {@code write} and each skipped interval
   * ({@code skipped}: the write's, once printed).
   */
  void watch(HudiWriteResult write, PCollection<HudiSkippedInterval> skipped) {
    PCollection<String> commits =
        write
            .getCommittedInstants()
            .apply(
                "Commit seen",
                MapElements.into(TypeDescriptors.strings()).via(HudiCommitInfo::getInstantTime));
    PCollection<String> skips =
        skipped.apply(
            "Skip seen",
            MapElements.into(TypeDescriptors.strings())
                .via((HudiSkippedInterval s) -> "skip " + s.getWindowStartMillis()));
    PCollectionList.of(commits)
        .and(skips)
        .apply("Progress events", Flatten.pCollections())
        .apply("All progress events", Window.<String>into(new GlobalWindows()))
        .apply(
            "Signal when committed through the end",
            ParDo.of(new SignalFn(table, sinkId, committedThrough.getMillis(), signalFile)));
  }

  private static final class SignalFn extends DoFn<String, Void> {
    private static final long serialVersionUID = 1L;
    private final String table;
    private final String sinkId;
    private final long committedThroughMillis;
    private final String signalFile;

    SignalFn(String table, String sinkId, long committedThroughMillis, String signalFile) {
      this.table = table;
      this.sinkId = sinkId;
      this.committedThroughMillis = committedThroughMillis;
      this.signalFile = signalFile;
    }

    @ProcessElement
    public void process() {
      Optional<Instant> through = HudiSinkProgress.committedThrough(table, sinkId);
      if (through.isEmpty() || through.get().getMillis() < committedThroughMillis) {
        return;
      }
      Path path = Paths.get(signalFile);
      try {
        Files.createFile(path);
      } catch (FileAlreadyExistsException raisedBefore) {
        // raised by an earlier event
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the stop signal " + path, e);
      }
    }
  }
}
