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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricResults;

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
 * small write or on Flink's batch translation the lines move in steps. Where the metrics of the
 * running job come from is the {@link Source}; if the runner cannot give them while the job runs,
 * one line says so and no numbers are printed until the end.
 */
final class ProgressReporter {
  /** Where the lines read the metrics of the running job. */
  enum Source {
    /**
     * The {@link PipelineResult} {@code run()} returns while the job runs: the DirectRunner with
     * {@code --blockOnRun=false}, the FlinkRunner in detached mode on a cluster.
     */
    RESULT,
    /**
     * The embedded Flink with the configuration the examples write: {@code run()} returns at the
     * end, so it runs on its own thread and the lines read the job's accumulators through the
     * {@link FlinkJobListener} that configuration names.
     */
    FLINK_JOB_LISTENER,
    /** None: {@code run()} returns only when the job has ended (one line says so). */
    NONE_UNTIL_DONE
  }

  private final PrintStream out;
  private final long startedAtMillis;
  private final ScheduledExecutorService timer;

  /** Reads the running job's metrics; empty until the job has been submitted. */
  private final AtomicReference<Supplier<MetricResults>> running = new AtomicReference<>();

  /**
   * Whether a failed read stops the lines with a message (the runner cannot give metrics while the
   * job runs), or only skips that line (the embedded Flink shuts down as the job ends, so a read
   * racing with the end fails).
   */
  private final boolean stopOnFailedRead;

  /** Written by the timer thread; read by {@link #finish} after the timer has terminated. */
  private volatile boolean printedAny;

  private volatile String lastFailedRead;

  private ProgressReporter(PrintStream out, long startedAtMillis, boolean stopOnFailedRead) {
    this.out = out;
    this.startedAtMillis = startedAtMillis;
    this.stopOnFailedRead = stopOnFailedRead;
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
   * every {@code seconds} while it runs (from {@code source}) and a last one when it has ended
   * (done, failed, ...). With {@link Source#NONE_UNTIL_DONE} one line says so first, and only the
   * last line follows.
   */
  static PipelineResult.State runAndWait(
      Pipeline pipeline, long seconds, Source source, PrintStream out, long startedAtMillis) {
    if (seconds <= 0) {
      return pipeline.run().waitUntilFinish();
    }
    if (source == Source.FLINK_JOB_LISTENER) {
      return runOnEmbeddedFlink(pipeline, seconds, out, startedAtMillis);
    }
    if (source == Source.NONE_UNTIL_DONE) {
      out.println(
          "progress: this runner gives the job's metrics only when the job has ended (the FlinkRunner in"
              + " attached mode, its default, on a cluster or with your own Flink configuration), so the"
              + " progress line follows then");
    }
    PipelineResult result = pipeline.run();
    ProgressReporter reporter = start(result::metrics, seconds, out, startedAtMillis);
    String how = "failed";
    try {
      PipelineResult.State state = result.waitUntilFinish();
      how = state == PipelineResult.State.DONE ? "done" : state.name().toLowerCase(Locale.ROOT);
      return state;
    } finally {
      reporter.finish(how, result::metrics);
    }
  }

  /**
   * A stream on the embedded Flink, run detached: waits until the {@link StopSignal} file exists
   * (every record committed), then cancels the job and returns {@code DONE}; or returns the state
   * the job ended in by itself (failed). No progress lines: measured on Beam 2.70, the metrics a
   * detached streaming job's result gives while it runs stay at zero, so a line would mislead; the
   * commit lines (one per commit interval) show the progress instead.
   */
  static PipelineResult.State runUntilSignal(
      Pipeline pipeline, long seconds, String signal, PrintStream out) {
    if (seconds > 0) {
      out.println(
          "progress: a stream on the embedded Flink gives no progress line (its metrics cannot be"
              + " read while it runs); one commit line per commit interval follows");
    }
    PipelineResult result = pipeline.run();
    try {
      while (true) {
        if (StopSignal.raised(signal)) {
          result.cancel();
          return PipelineResult.State.DONE;
        }
        PipelineResult.State state = result.getState();
        if (state.isTerminal()) {
          return state;
        }
        Thread.sleep(200);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the stream ran", e);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("Cannot stop the Flink job", e);
    }
  }

  /**
   * The embedded Flink in attached mode: Beam's {@code run()} returns only when the job has ended,
   * so it runs on a thread of its own while the lines are read from the job's accumulators ({@link
   * FlinkJobListener}); a line comes once the job has been submitted.
   */
  private static PipelineResult.State runOnEmbeddedFlink(
      Pipeline pipeline, long seconds, PrintStream out, long startedAtMillis) {
    ProgressReporter reporter = new ProgressReporter(out, startedAtMillis, false);
    reporter.schedule(seconds);
    CompletableFuture<PipelineResult> run = new CompletableFuture<>();
    Thread job =
        new Thread(
            () -> {
              try {
                run.complete(FlinkJobListener.run(pipeline, reporter.running::set));
              } catch (Throwable e) {
                run.completeExceptionally(e);
              }
            },
            "hudi-flink-job");
    job.setDaemon(true);
    job.start();
    PipelineResult result = null;
    String how = "failed";
    try {
      result = join(run);
      PipelineResult.State state = result.waitUntilFinish();
      how = state == PipelineResult.State.DONE ? "done" : state.name().toLowerCase(Locale.ROOT);
      return state;
    } finally {
      // When run() threw, the pipeline failed: as with the other runners, no last line.
      reporter.finish(how, result == null ? null : result::metrics);
    }
  }

  /** The result of {@code run}: what it returned, or what it threw, rethrown as it was. */
  private static PipelineResult join(CompletableFuture<PipelineResult> run) {
    try {
      return run.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the Flink job to end", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    }
  }

  /** Starts printing a line every {@code seconds} (at least 1) from {@code metrics}. */
  static ProgressReporter start(
      Supplier<MetricResults> metrics, long seconds, PrintStream out, long startedAtMillis) {
    ProgressReporter reporter = new ProgressReporter(out, startedAtMillis, true);
    reporter.running.set(metrics);
    reporter.schedule(seconds);
    return reporter;
  }

  private void schedule(long seconds) {
    timer.scheduleWithFixedDelay(this::tick, seconds, seconds, TimeUnit.SECONDS);
  }

  private void tick() {
    Supplier<MetricResults> metrics = running.get();
    if (metrics == null) {
      return; // not submitted yet
    }
    HudiWriteProgress progress;
    try {
      progress = HudiWriteProgress.of(metrics.get());
    } catch (RuntimeException e) {
      if (stopOnFailedRead) {
        out.println(
            "progress: the runner gives no metrics while the job runs (" + e.getMessage() + ")");
        timer.shutdown();
      }
      lastFailedRead = e.getMessage();
      return;
    }
    out.println(format("progress", progress, System.currentTimeMillis() - startedAtMillis));
    printedAny = true;
  }

  /**
   * Stops the periodic lines and prints the last one, {@code progress <how>}, from the metrics of
   * the ended job ({@code how}: done, failed, cancelled, ...); none when {@code ended} is null.
   */
  void finish(String how, Supplier<MetricResults> ended) {
    timer.shutdown();
    try {
      timer.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (!stopOnFailedRead && !printedAny && lastFailedRead != null) {
      out.println("progress: could not read the running job's metrics (" + lastFailedRead + ")");
    }
    if (ended == null) {
      return;
    }
    long elapsed = System.currentTimeMillis() - startedAtMillis;
    try {
      out.println(format("progress " + how, HudiWriteProgress.of(ended.get()), elapsed));
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
