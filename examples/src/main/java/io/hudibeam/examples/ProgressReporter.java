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

import io.hudibeam.HudiWriteProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;

/**
 * Prints the progress of a running write every few seconds, from the pipeline's metrics ({@link
 * HudiWriteProgress#of}: the attempted values of HudiIO's counters), and a last line when the job
 * has ended:
 *
 * <pre>
 * progress 12.3 s: 40000 records in, 30000 written (20000 inserted, 10000 updated, 0 deleted), 6 files, 12.3 MB, 2439 records/s
 * progress done 20.1 s: ...
 * </pre>
 *
 * "in" counts the records HudiIO prepared (keyed), "written" the incoming records applied to data
 * files, MB the bytes of the data files written (10^6 bytes), records/s the written records per
 * second since the command started. The counters move when a runner finishes a bundle, so on a
 * small write or on Flink's batch translation the lines move in steps. If the runner cannot give
 * metrics while the job runs, one line says so and no numbers are printed until the end.
 */
final class ProgressReporter {
  private final PipelineResult result;
  private final PrintStream out;
  private final long startedAtMillis;
  private final ScheduledExecutorService timer;

  private ProgressReporter(PipelineResult result, PrintStream out, long startedAtMillis) {
    this.result = result;
    this.out = out;
    this.startedAtMillis = startedAtMillis;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "hudi-progress");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Runs {@code pipeline} and waits until it ends; with {@code seconds > 0}, prints a progress line
   * every {@code seconds} while it runs and a last one when it has ended (done, failed, ...). When
   * the runner's {@code run()} returns only at the end ({@code runsUntilDone}), one line says so
   * first, and only the last line follows.
   */
  static PipelineResult.State runAndWait(
      Pipeline pipeline,
      long seconds,
      boolean runsUntilDone,
      PrintStream out,
      long startedAtMillis) {
    if (seconds <= 0) {
      return pipeline.run().waitUntilFinish();
    }
    if (runsUntilDone) {
      out.println(
          "progress: this runner gives the job's metrics only when the job has ended (the FlinkRunner in"
              + " attached mode, its default), so the progress line follows then");
    }
    PipelineResult result = pipeline.run();
    ProgressReporter reporter = start(result, seconds, out, startedAtMillis);
    String how = "failed";
    try {
      PipelineResult.State state = result.waitUntilFinish();
      how = state == PipelineResult.State.DONE ? "done" : state.name().toLowerCase(Locale.ROOT);
      return state;
    } finally {
      reporter.finish(how);
    }
  }

  /** Starts printing a line every {@code seconds} (at least 1) for the running {@code result}. */
  static ProgressReporter start(
      PipelineResult result, long seconds, PrintStream out, long startedAtMillis) {
    ProgressReporter reporter = new ProgressReporter(result, out, startedAtMillis);
    reporter.timer.scheduleWithFixedDelay(reporter::tick, seconds, seconds, TimeUnit.SECONDS);
    return reporter;
  }

  private void tick() {
    HudiWriteProgress progress;
    try {
      progress = HudiWriteProgress.of(result.metrics());
    } catch (RuntimeException e) {
      out.println(
          "progress: the runner gives no metrics while the job runs (" + e.getMessage() + ")");
      timer.shutdown();
      return;
    }
    out.println(format("progress", progress, System.currentTimeMillis() - startedAtMillis));
  }

  /**
   * Stops the periodic lines and prints the last one, {@code progress <how>}, from the metrics of
   * the ended job ({@code how}: done, failed, cancelled, ...).
   */
  void finish(String how) {
    timer.shutdown();
    try {
      timer.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long elapsed = System.currentTimeMillis() - startedAtMillis;
    try {
      out.println(format("progress " + how, HudiWriteProgress.of(result.metrics()), elapsed));
    } catch (RuntimeException e) {
      out.println("progress " + how + ": the runner gives no metrics (" + e.getMessage() + ")");
    }
  }

  /** One progress line. */
  static String format(String label, HudiWriteProgress p, long elapsedMillis) {
    double seconds = elapsedMillis / 1000.0;
    return String.format(
        Locale.ROOT,
        "%s %.1f s: %d records in, %d written (%d inserted, %d updated, %d deleted), %d files, %.1f MB, %.0f records/s",
        label,
        seconds,
        p.getRecordsPrepared(),
        p.getRecordsApplied(),
        p.getRecordsInserted(),
        p.getRecordsUpdated(),
        p.getRecordsDeleted(),
        p.getFilesWritten(),
        p.getBytesWritten() / 1e6,
        seconds > 0 ? p.getRecordsApplied() / seconds : 0.0);
  }
}
