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

import java.io.PrintStream;
import java.util.Arrays;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.options.StreamingOptions;

/**
 * The examples jar's entry point: {@code java -jar hudi-beam-examples.jar
 * trips|ingest|cdc|compact|bootstrap|read --option=value ...}. Exit code 0 on success, 2 for a
 * wrong option, 1 when the pipeline fails.
 */
public final class Main {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  static final String USAGE_TEXT =
      String.join(
          System.lineSeparator(),
          "usage: java -jar hudi-beam-examples.jar <command> [--option=value ...]",
          "       java -jar hudi-beam-examples.jar <command> --help   (the command's options, with defaults)",
          "  trips   --table=PATH [--operation=insert|upsert|bulk_insert|delete] [--batch=B] [--start=S] [--count=N]",
          "          [--streaming --rate=R --commitInterval=SECONDS --sinkId=ID]",
          "  ingest  --input=GLOB --format=json|csv|avro|parquet --table=PATH --recordKey=F[,F]",
          "          [--partitionFields=F[,F]] [--orderingField=F] [--operation=...] [--schema=FILE.avsc]",
          "          [--tableName=NAME] [--rejects=FILE] [--watch=SECONDS --watchFor=SECONDS --commitInterval=SECONDS]",
          "  cdc     --input=GLOB --warehouse=DIR --recordKey=F[,F] [--partitionFields=F[,F]] [--orderingField=F[,F]]",
          "          [--watch=SECONDS --watchFor=SECONDS --commitInterval=SECONDS]",
          "          (Debezium JSON change events of many source tables, each into DIR/<db>/<table>)",
          "  compact --table=PATH   (a MERGE_ON_READ table: merge each file slice's log files into a new base file)",
          "  bootstrap --source=PATH --table=PATH --recordKey=F[,F] [--partitionFields=F[,F]]",
          "          --mode=full_record|metadata_only [--modeRegex=REGEX] [--orderingField=F] [--tableName=NAME]",
          "          [--hiveStylePartitioning=true|false]   (a Parquet dataset in partition folders into a new table)",
          "  trips and ingest: [--tableType=COPY_ON_WRITE|MERGE_ON_READ] [--tableVersion=6|8]",
          "          [--index=SIMPLE|GLOBAL_SIMPLE|BLOOM|BUCKET] [--buckets=N]",
          "          [--progressSeconds=N] a progress line every N seconds (default 5; 0: none)",
          "  read    --table=PATH [--queryType=snapshot|read_optimized|incremental] [--asOfInstant=T]",
          "          [--beginInstant=T] [--endInstant=T] [--output=FILE]   (rows as JSON lines; last line: rows N)",
          "  common  [--runner=DirectRunner|FlinkRunner] [--parallelism=N] and any Beam pipeline option",
          "          [--hoodie.<key>=<value> ...] Hudi settings, [--hadoop.<key>=<value> ...] Hadoop settings");

  /** The commands, each with its synopsis and options interface, for {@code <command> --help}. */
  private enum Command {
    TRIPS(
        "trips",
        "--table=PATH [--option=value ...]  (writes a batch of the trips data set; --streaming: as a"
            + " stream)",
        TripsExample.Options.class),
    INGEST(
        "ingest",
        "--input=GLOB --format=F --table=PATH --recordKey=F[,F] [--option=value ...]  (writes"
            + " files' records; --watch: as a stream)",
        IngestExample.Options.class),
    CDC(
        "cdc",
        "--input=GLOB --warehouse=DIR --recordKey=F[,F] [--option=value ...]  (Debezium JSON"
            + " change events, each source table into DIR/<db>/<table>; --watch: as a stream)",
        CdcExample.Options.class),
    COMPACT(
        "compact", "--table=PATH  (compacts a MERGE_ON_READ table)", CompactExample.Options.class),
    BOOTSTRAP(
        "bootstrap",
        "--source=PATH --table=PATH --recordKey=F --mode=M [--option=value ...]  (a Parquet"
            + " dataset into a new table)",
        BootstrapExample.Options.class),
    READ(
        "read",
        "--table=PATH [--option=value ...]  (reads a table's rows into JSON lines)",
        ReadExample.Options.class);

    final String name;
    final String synopsis;
    final Class<? extends PipelineOptions> options;

    Command(String name, String synopsis, Class<? extends PipelineOptions> options) {
      this.name = name;
      this.synopsis = synopsis;
      this.options = options;
    }

    static Command named(String name) {
      for (Command c : values()) {
        if (c.name.equals(name)) {
          return c;
        }
      }
      return null;
    }
  }

  /** Heap held from the start and let go when a thread dies, so the failure line can be built. */
  private static final int HEAP_RESERVE_BYTES = 512 * 1024;

  private static final String OUT_OF_MEMORY_ADVICE =
      "; give the JVM more heap (-Xmx) or write smaller batches";

  private static final String OUT_OF_MEMORY_LINE =
      "hudi-beam-examples: failed: java.lang.OutOfMemoryError" + OUT_OF_MEMORY_ADVICE;

  private Main() {}

  public static void main(String[] args) {
    // An Error on any thread (an OutOfMemoryError in a runner's worker thread, say) ends the
    // process with one line and exit code 1; without this the DirectRunner was seen to stay alive
    // after an OutOfMemoryError with no exit code and no line saying the run failed.
    // The heap kept in reserve is let go before the line is built: an OutOfMemoryError leaves
    // too little heap to build it (seen: the handler itself died of it and the line was lost).
    byte[][] reserve = {new byte[HEAP_RESERVE_BYTES]};
    Thread.setDefaultUncaughtExceptionHandler(
        (thread, e) -> {
          reserve[0] = null;
          fatal(thread, e);
        });
    int code;
    try {
      code = run(args, System.out, System.err);
    } catch (Error e) {
      reserve[0] = null;
      fatal(Thread.currentThread(), e);
      return;
    }
    System.exit(code);
  }

  /** Ends the process at once: a thread died of {@code e}. */
  private static void fatal(Thread thread, Throwable e) {
    try {
      System.err.println(
          "hudi-beam-examples: failed: "
              + e
              + " in thread "
              + thread.getName()
              + (e instanceof OutOfMemoryError ? OUT_OF_MEMORY_ADVICE : ""));
    } catch (OutOfMemoryError whileReporting) {
      // A constant needs no new heap to be printed.
      System.err.println(OUT_OF_MEMORY_LINE);
    } finally {
      System.err.flush();
      Runtime.getRuntime().halt(FAILED);
    }
  }

  /** Runs one command; returns the process exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.println(USAGE_TEXT);
      return USAGE;
    }
    String command = args[0];
    if (command.equals("--help") || command.equals("-h") || command.equals("help")) {
      out.println(USAGE_TEXT);
      return OK;
    }
    String[] given = Arrays.copyOfRange(args, 1, args.length);
    Command known = Command.named(command);
    if (known != null) {
      for (String arg : given) {
        if (arg.equals("--help") || arg.equals("-h")) {
          CommandHelp.print(known.name, known.synopsis, known.options, out);
          return OK;
        }
        if (arg.startsWith("--help=")) {
          String type = arg.substring("--help=".length());
          PipelineOptionsFactory.register(known.options);
          if (CommandHelp.printBeamHelp(type, out)) {
            return OK;
          }
          err.println(
              command
                  + ": --help="
                  + type
                  + " names no options interface; try DirectOptions or FlinkPipelineOptions");
          return USAGE;
        }
      }
    }
    long startedAt = System.currentTimeMillis();
    Pipeline pipeline;
    String table;
    long progressSeconds = 0;
    String stopSignal = null;
    String readOutput = null;
    try {
      SettingsOptions.Split settings = SettingsOptions.extract(given);
      given = settings.rest();
      checkPositive(given, "parallelism");
      checkPositive(given, "targetParallelism");
      String[] options = RunnerDefaults.apply(given);
      RunnerDefaults.notes(given).forEach(out::println);
      switch (command) {
        case "trips":
          TripsExample.Options trips = parse(options, TripsExample.Options.class, settings);
          table = trips.getTable();
          progressSeconds = progressSeconds(trips);
          StopSignal stop = null;
          if (trips.as(StreamingOptions.class).isStreaming()
              && RunnerDefaults.isEmbeddedFlink(given)
              && trips.getCount() > 0) {
            // A stream on Flink is stopped once its sink is committed through the interval of its
            // last record (see StopSignal); a rerun skips the intervals committed before.
            stopSignal = stopSignalFile();
            stop =
                new StopSignal(
                    table,
                    TripsExample.sinkId(trips),
                    TripsExample.endOfLastInterval(trips),
                    stopSignal);
            trips.as(FlinkPipelineOptions.class).setAttachedMode(false);
          }
          pipeline = TripsExample.build(trips, startedAt, stop);
          break;
        case "ingest":
          IngestExample.Options ingest = parse(options, IngestExample.Options.class, settings);
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
        case "cdc":
          CdcExample.Options cdc = parse(options, CdcExample.Options.class, settings);
          table = cdc.getWarehouse();
          if (cdc.getWatch() > 0
              && cdc.getWatchFor() > 0
              && RunnerDefaults.isEmbeddedFlink(given)) {
            // As ingest --watchFor: the command stops the job once every table is committed.
            stopSignal = stopSignalFile();
            cdc.as(FlinkPipelineOptions.class).setAttachedMode(false);
          }
          pipeline = CdcExample.build(cdc, startedAt, stopSignal);
          break;
        case "compact":
          CompactExample.Options compact = parse(options, CompactExample.Options.class, settings);
          table = compact.getTable();
          pipeline = CompactExample.build(compact, startedAt);
          break;
        case "bootstrap":
          BootstrapExample.Options bootstrap =
              parse(options, BootstrapExample.Options.class, settings);
          table = bootstrap.getTable();
          pipeline = BootstrapExample.build(bootstrap, startedAt);
          break;
        case "read":
          ReadExample.Options read = parse(options, ReadExample.Options.class, settings);
          table = read.getTable();
          readOutput = ReadExample.outputOf(read);
          pipeline = ReadExample.build(read, readOutput);
          break;
        default:
          err.println(
              "unknown command '"
                  + command
                  + "'; choose one of trips, ingest, cdc, compact, bootstrap, read");
          err.println(USAGE_TEXT);
          return USAGE;
      }
    } catch (IllegalArgumentException | UsageException e) {
      err.println(command + ": " + e.getMessage());
      err.println(
          "(java -jar hudi-beam-examples.jar " + command + " --help lists the command's options)");
      return USAGE;
    }
    try {
      PipelineResult.State state =
          stopSignal != null
              ? ProgressReporter.runUntilSignal(pipeline, progressSeconds, stopSignal, out)
              : ProgressReporter.runAndWait(
                  pipeline, progressSeconds, RunnerDefaults.progressSource(given), out, startedAt);
      if (state != PipelineResult.State.DONE) {
        err.println(
            command
                + ": pipeline failed: "
                + (state == null || !state.isTerminal()
                    ? "the runner stopped before the pipeline finished (state "
                        + state
                        + "); the error that stopped it is logged above"
                    : "it ended in state " + state));
        return FAILED;
      }
    } catch (RuntimeException e) {
      Throwable error = rootError(e);
      if (error != null) {
        throw (Error) error;
      }
      err.println(command + ": pipeline failed: " + e.getMessage());
      e.printStackTrace(err);
      return FAILED;
    }
    if (readOutput != null) {
      out.println("rows " + ReadExample.rows(readOutput));
      return OK;
    }
    if (command.equals("cdc")) {
      out.printf(
          "Hudi tables under %s/<db>/<table> (%.1f s)%n",
          table, (System.currentTimeMillis() - startedAt) / 1000.0);
      return OK;
    }
    out.printf(
        "Hudi table at %s (%.1f s). Read it with Spark: spark.read.format(\"hudi\").load(\"%s\")%n",
        table, (System.currentTimeMillis() - startedAt) / 1000.0, table);
    return OK;
  }

  /** The {@link Error} (an OutOfMemoryError) a runner wrapped in {@code e}, if any. */
  private static Error rootError(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof Error error) {
        return error;
      }
    }
    return null;
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

  private static <T extends PipelineOptions> T parse(
      String[] args, Class<T> type, SettingsOptions.Split settings) {
    PipelineOptionsFactory.register(type);
    T options = PipelineOptionsFactory.fromArgs(args).withValidation().as(type);
    options.as(SettingsOptions.class).setHoodieSettings(settings.hoodie());
    options.as(SettingsOptions.class).setHadoopSettings(settings.hadoop());
    return options;
  }
}
