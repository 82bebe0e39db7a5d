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

import io.hudibeam.HudiSinkProgress;
import java.io.PrintStream;
import java.util.Arrays;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.options.StreamingOptions;

/**
 * The examples jar's entry point: {@code java -jar hudi-beam-examples.jar trips|ingest|compact
 * --option=value ...}. Exit code 0 on success, 2 for a wrong option, 1 when the pipeline fails.
 */
public final class Main {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  static final String USAGE_TEXT =
      String.join(
          System.lineSeparator(),
          "usage: java -jar hudi-beam-examples.jar <command> [--option=value ...]",
          "  trips   --table=PATH [--operation=insert|upsert|bulk_insert|delete] [--batch=B] [--start=S] [--count=N]",
          "          [--tableType=COPY_ON_WRITE|MERGE_ON_READ] [--index=SIMPLE|GLOBAL_SIMPLE|BLOOM|BUCKET]",
          "  ingest  --input=GLOB --format=json|csv|avro|parquet --table=PATH --recordKey=F[,F]",
          "          [--partitionFields=F[,F]] [--orderingField=F] [--operation=...] [--schema=FILE.avsc]",
          "          [--tableName=NAME] [--rejects=FILE]",
          "  compact --table=PATH   (a MERGE_ON_READ table: merge each file slice's log files into a new base file)",
          "  common  [--runner=DirectRunner|FlinkRunner] [--parallelism=N] and any Beam pipeline option",
          "          trips and ingest: [--progressSeconds=N] a progress line every N seconds (default 5; 0: none)");

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command; returns the process exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.println(USAGE_TEXT);
      return USAGE;
    }
    String command = args[0];
    String[] given = Arrays.copyOfRange(args, 1, args.length);
    long startedAt = System.currentTimeMillis();
    Pipeline pipeline;
    String table;
    long progressSeconds = 0;
    String stopSignal = null;
    try {
      checkPositive(given, "parallelism");
      checkPositive(given, "targetParallelism");
      String[] options = RunnerDefaults.apply(given);
      switch (command) {
        case "trips":
          TripsExample.Options trips = parse(options, TripsExample.Options.class);
          table = trips.getTable();
          progressSeconds = progressSeconds(trips);
          StopSignal stop = null;
          if (trips.as(StreamingOptions.class).isStreaming()
              && RunnerDefaults.isEmbeddedFlink(given)
              && trips.getCount() > 0) {
            // A stream on Flink is stopped once every record is committed (see StopSignal); a
            // rerun commits only the records of the intervals its sink (the default sink id, the
            // table name) has not committed yet.
            long left =
                TripsExample.recordsLeftToCommit(
                    trips, HudiSinkProgress.committedThrough(table, TripsRecords.TABLE_NAME));
            if (left == 0) {
              out.println(
                  "every commit interval of this stream is committed in "
                      + table
                      + " already: nothing to write");
              return OK;
            }
            stopSignal = stopSignalFile();
            stop = new StopSignal(left, stopSignal);
            trips.as(FlinkPipelineOptions.class).setAttachedMode(false);
          }
          pipeline = TripsExample.build(trips, startedAt, stop);
          break;
        case "ingest":
          IngestExample.Options ingest = parse(options, IngestExample.Options.class);
          table = ingest.getTable();
          progressSeconds = progressSeconds(ingest);
          if (ingest.getWatch() > 0
              && ingest.getWatchFor() > 0
              && RunnerDefaults.isEmbeddedFlink(given)) {
            // A stream on Flink that ends cannot commit its last intervals: the watch goes on and
            // the command stops the job once the files matched within --watchFor are committed.
            stopSignal = stopSignalFile();
            ingest.as(FlinkPipelineOptions.class).setAttachedMode(false);
          }
          pipeline = IngestExample.build(ingest, startedAt, stopSignal);
          break;
        case "compact":
          CompactExample.Options compact = parse(options, CompactExample.Options.class);
          table = compact.getTable();
          pipeline = CompactExample.build(compact, startedAt);
          break;
        default:
          err.println("unknown command '" + command + "'; choose one of trips, ingest, compact");
          err.println(USAGE_TEXT);
          return USAGE;
      }
    } catch (IllegalArgumentException | UsageException e) {
      err.println(command + ": " + e.getMessage());
      err.println(USAGE_TEXT);
      return USAGE;
    }
    try {
      PipelineResult.State state =
          stopSignal != null
              ? ProgressReporter.runUntilSignal(pipeline, progressSeconds, stopSignal, out)
              : ProgressReporter.runAndWait(
                  pipeline, progressSeconds, RunnerDefaults.progressSource(given), out, startedAt);
      if (state != PipelineResult.State.DONE) {
        err.println(command + ": pipeline ended in state " + state);
        return FAILED;
      }
    } catch (RuntimeException e) {
      err.println(command + ": pipeline failed: " + e.getMessage());
      e.printStackTrace(err);
      return FAILED;
    }
    out.printf(
        "Hudi table at %s (%.1f s). Read it with Spark: spark.read.format(\"hudi\").load(\"%s\")%n",
        table, (System.currentTimeMillis() - startedAt) / 1000.0, table);
    return OK;
  }

  /** A path for the stop signal of a stream on the embedded Flink; the file does not exist yet. */
  private static String stopSignalFile() {
    try {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("hudi-beam-stream-");
      dir.toFile().deleteOnExit();
      java.nio.file.Path signal = dir.resolve("committed");
      signal.toFile().deleteOnExit();
      return signal.toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("Cannot create a temporary folder", e);
    }
  }

  private static long progressSeconds(ProgressOptions options) {
    if (options.getProgressSeconds() < 0) {
      throw new UsageException(
          "--progressSeconds="
              + options.getProgressSeconds()
              + " is not valid; it is the seconds between"
              + " progress lines, a whole number of at least 1, or 0 for none");
    }
    return options.getProgressSeconds();
  }

  /** A {@code --option=N} given must be a whole number of at least 1. */
  private static void checkPositive(String[] args, String option) {
    String prefix = "--" + option + "=";
    for (String arg : args) {
      if (!arg.startsWith(prefix)) {
        continue;
      }
      String value = arg.substring(prefix.length());
      int n;
      try {
        n = Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        n = 0;
      }
      if (n < 1) {
        throw new UsageException(
            arg
                + " is not valid; --"
                + option
                + " is the number of parallel workers, a whole number"
                + " of at least 1 (leave it out for the runner's default)");
      }
    }
  }

  private static <T extends PipelineOptions> T parse(String[] args, Class<T> type) {
    PipelineOptionsFactory.register(type);
    return PipelineOptionsFactory.fromArgs(args).withValidation().as(type);
  }
}
