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
package io.hudibeam.examples.bench;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.examples.bench.ChangeStreamGenerator.FinalState;
import io.hudibeam.examples.bench.ChangeStreamGenerator.Stored;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.testing.HudiTableReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;

/**
 * Issue #36's benchmark: a change stream (70% inserts, 20% updates, 10% deletes of keys inserted
 * shortly before, {@link ChangeStreamGenerator}) at a fixed total rate for {@code --seconds}, on
 * the embedded FlinkRunner (p=2, streaming, {@code --commitInterval}), written into one table and
 * spread over {@code --tables} tables (same events, same volume; every table its own base path),
 * each run a fresh JVM of {@code --heap} ({@link ManyTablesStreamRun}). First a sweep of {@code
 * --sweepRates} with one table (ascending, until one is not sustained) picks the rate, unless
 * {@code --rate} is given; then {@code --rounds} rounds of one table, then many, alternating, so
 * that a drift of the machine's load shows. Per run, from the tables' timelines: events committed
 * (the sinks' {@code beam.hudi.interval.records}), records/s = events committed / (last commit
 * completed - first commit requested + one interval), each commit's latency as {@link
 * StreamingRateBenchmark} measures it (completed - (first commit requested + k x interval), k the
 * commit's window from the first window), commits per table, the peak heap after GC, the peak of
 * Flink task threads, the load average; and every table read back with Hudi's reader, row by row,
 * against the generator's final state. Not a test: {@code mvn -B -o -Pbenchmark-many-tables
 * -DskipTests verify -pl examples -am}.
 */
public final class ManyTablesRateBenchmark {
  record Run(
      String variant,
      int tables,
      long rate,
      long offered,
      long committed,
      long spanMillis,
      List<Long> latencies,
      int minCommits,
      int maxCommits,
      boolean finished,
      long peakHeapAfterGc,
      long peakTaskThreads,
      long peakThreads,
      String load,
      String check,
      long interval) {
    double recordsPerSecond() {
      return spanMillis <= 0 ? 0 : committed * 1000.0 / spanMillis;
    }

    long percentile(int p) {
      List<Long> sorted = new ArrayList<>(latencies);
      Collections.sort(sorted);
      return sorted.isEmpty()
          ? -1
          : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    /** Every event committed in time and every commit's latency under two intervals. */
    boolean sustained() {
      return finished
          && committed == offered
          && !latencies.isEmpty()
          && percentile(100) < 2 * interval * 1000;
    }
  }

  private ManyTablesRateBenchmark() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options =
        BenchOptions.parse(
            args,
            "--sweepRates=R,R --rate=R --seconds=S --commitInterval=I --tables=N --rounds=N"
                + " --heap=1g --reach=N --writer=tables|dynamic --dir=PATH (or --checkRun=DIR --tables=N --rate=R --events=E)");
    List<Long> sweep = BenchOptions.longs(options.getOrDefault("sweepRates", "4000,8000,16000"));
    String fixedRate = options.getOrDefault("rate", "");
    long seconds = Long.parseLong(options.getOrDefault("seconds", "60"));
    long interval = Long.parseLong(options.getOrDefault("commitInterval", "10"));
    int tables = Integer.parseInt(options.getOrDefault("tables", "20"));
    int rounds = Integer.parseInt(options.getOrDefault("rounds", "2"));
    String heap = options.getOrDefault("heap", "1g");
    long reach = Long.parseLong(options.getOrDefault("reach", "50000"));
    String writer = options.getOrDefault("writer", "tables");
    Path dir =
        Paths.get(options.getOrDefault("dir", "/tmp/hudi-beam-many-tables-bench")).toAbsolutePath();
    if (options.containsKey("checkRun")) {
      // Checks one run's tables again: --checkRun=DIR --tables=N --rate=R --events=E.
      System.out.println(
          check(
              new ChangeStreamGenerator(
                  Integer.parseInt(options.get("tables")), Long.parseLong(fixedRate), reach),
              Paths.get(options.get("checkRun")),
              Long.parseLong(options.get("events"))));
      System.exit(0);
    }
    BenchFiles.deleteRecursively(dir);
    Files.createDirectories(dir);
    Settings settings = new Settings(seconds, interval, heap, reach, writer, dir);

    List<Run> runs = new ArrayList<>();
    long rate;
    if (fixedRate.isBlank()) {
      rate = -1;
      for (long r : sweep) {
        Run run = run(settings, "sweep, one table", 1, r, runs.size());
        runs.add(run);
        if (!run.sustained()) {
          break;
        }
        rate = r;
      }
      if (rate < 0) {
        throw new IllegalStateException(
            "one table sustained none of the sweep's rates " + sweep + ": give lower --sweepRates");
      }
    } else {
      rate = Long.parseLong(fixedRate);
    }
    for (int round = 0; round < rounds; round++) {
      runs.add(run(settings, "one table", 1, rate, runs.size()));
      runs.add(run(settings, tables + " tables", tables, rate, runs.size()));
    }
    String report = report(runs, settings, rate, tables);
    System.out.println(report);
    Files.writeString(dir.resolve("results.md"), report, StandardCharsets.UTF_8);
    System.exit(0);
  }

  record Settings(long seconds, long interval, String heap, long reach, String writer, Path dir) {}

  private static String loadAverage() throws IOException {
    String[] parts = Files.readString(Paths.get("/proc/loadavg")).trim().split(" ");
    return parts[0] + " " + parts[1] + " " + parts[2];
  }

  /** One run in a fresh JVM, its tables analysed and checked afterwards. */
  private static Run run(Settings s, String variant, int tables, long rate, int index)
      throws IOException, InterruptedException {
    Path runDir = s.dir().resolve("run" + index + "-" + tables + "-" + rate);
    String loadBefore = loadAverage();
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-") || arg.startsWith("-D")) {
        command.add(arg);
      }
    }
    command.add("-Xmx" + s.heap());
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            ManyTablesStreamRun.class.getName(),
            "--tables=" + tables,
            "--rate=" + rate,
            "--seconds=" + s.seconds(),
            "--commitInterval=" + s.interval(),
            "--reach=" + s.reach(),
            "--writer=" + s.writer(),
            "--checkpointMillis=" + Math.max(200, s.interval() * 1000 / 5),
            "--dir=" + runDir));
    System.err.printf(
        Locale.ROOT, "run %d: %s at %,d/s, load %s%n", index, variant, rate, loadBefore);
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    Map<String, String> result = new HashMap<>();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("RESULT ")) {
          for (String pair : line.substring(7).split(" ")) {
            int eq = pair.indexOf('=');
            result.put(pair.substring(0, eq), pair.substring(eq + 1));
          }
        }
      }
    }
    int code = process.waitFor();
    String load = loadBefore + " / " + loadAverage();
    if (code != 0 || !result.containsKey("finished")) {
      throw new IllegalStateException(
          "run " + index + " (" + variant + " at " + rate + "/s) exited with " + code);
    }
    ChangeStreamGenerator generator = new ChangeStreamGenerator(tables, rate, s.reach());
    long offered = rate * s.seconds();
    Run run =
        analyse(generator, runDir, variant, tables, rate, offered, s.interval(), result, load);
    System.err.println(line(run));
    return run;
  }

  /** One completed commit of a table: its requested and completed times, window, records. */
  private record Commit(long requested, long completed, long windowStart, long records) {}

  private static List<Commit> commits(Path table) throws IOException {
    List<Commit> out = new ArrayList<>();
    for (Map.Entry<String, Long> c : BenchFiles.completedInstants(table).entrySet()) {
      Path file = table.resolve(".hoodie").resolve(c.getKey());
      Map<String, String> extra =
          CommitMetadataJson.fromJson(Files.readAllBytes(file), file.toString()).extraMetadata();
      out.add(
          new Commit(
              BenchFiles.requestedMillis(table, c.getKey()),
              c.getValue(),
              Long.parseLong(extra.getOrDefault(SinkLineage.WINDOW_START, "-1")),
              Long.parseLong(extra.getOrDefault(SinkLineage.INTERVAL_RECORDS, "0"))));
    }
    return out;
  }

  private static Run analyse(
      ChangeStreamGenerator generator,
      Path runDir,
      String variant,
      int tables,
      long rate,
      long offered,
      long interval,
      Map<String, String> result,
      String load)
      throws IOException {
    Map<String, List<Commit>> byTable = new HashMap<>();
    long firstRequested = Long.MAX_VALUE;
    long lastCompleted = Long.MIN_VALUE;
    long firstWindow = Long.MAX_VALUE;
    long committed = 0;
    int minCommits = Integer.MAX_VALUE;
    int maxCommits = 0;
    for (String name : generator.tableNames()) {
      List<Commit> commits = commits(runDir.resolve(name));
      byTable.put(name, commits);
      minCommits = Math.min(minCommits, commits.size());
      maxCommits = Math.max(maxCommits, commits.size());
      for (Commit c : commits) {
        firstRequested = Math.min(firstRequested, c.requested());
        lastCompleted = Math.max(lastCompleted, c.completed());
        firstWindow = Math.min(firstWindow, c.windowStart());
        committed += c.records();
      }
    }
    List<Long> latencies = new ArrayList<>();
    long intervalMillis = interval * 1000;
    for (List<Commit> commits : byTable.values()) {
      for (Commit c : commits) {
        long k = (c.windowStart() - firstWindow) / intervalMillis;
        latencies.add(c.completed() - (firstRequested + k * intervalMillis));
      }
    }
    long span = committed == 0 ? 0 : lastCompleted - firstRequested + intervalMillis;
    String check;
    try {
      // A run cut off by its deadline is checked against what its commits hold: the first
      // `committed` events when every table committed the same intervals.
      long checked = committed < offered && minCommits == maxCommits ? committed : offered;
      check =
          (checked == offered ? "" : String.format(Locale.ROOT, "first %,d events: ", checked))
              + check(generator, runDir, checked);
    } catch (RuntimeException e) {
      check = "NOT READ: " + e;
    }
    return new Run(
        variant,
        tables,
        rate,
        offered,
        committed,
        span,
        latencies,
        minCommits,
        maxCommits,
        Boolean.parseBoolean(result.get("finished")),
        Long.parseLong(result.get("peakHeapAfterGcBytes")),
        Long.parseLong(result.get("peakFlinkTaskThreads")),
        Long.parseLong(result.get("peakThreads")),
        load,
        check,
        interval);
  }

  /**
   * Every table read with Hudi's reader (0.15, merged snapshot) against the generator's final state
   * after {@code events}: row count, and each row's record key, ordering value, name and amount.
   */
  static String check(ChangeStreamGenerator generator, Path runDir, long events) {
    FinalState expected = generator.finalState(events);
    long rows = 0;
    long wrong = 0;
    for (Map.Entry<String, Map<String, Stored>> table : expected.tables().entrySet()) {
      Map<String, GenericRecord> actual =
          HudiTableReader.of(runDir.resolve(table.getKey()).toString()).snapshotByRecordKey();
      rows += actual.size();
      for (Map.Entry<String, Stored> row : table.getValue().entrySet()) {
        GenericRecord read = actual.get(row.getKey());
        Stored want = row.getValue();
        if (read == null
            || ((Number) read.get("lsn")).longValue() != want.lsn()
            || !HudiTableReader.string(read, "name").equals(want.name())
            || ((Number) read.get("amount")).longValue() != want.amount()) {
          wrong++;
        }
      }
      wrong += Math.max(0, actual.size() - table.getValue().size());
    }
    return String.format(
        Locale.ROOT,
        "%s: %,d rows of %,d expected, %,d wrong or missing (%,d updates, %,d of stored keys;"
            + " %,d deletes, %,d of stored keys)",
        wrong == 0 && rows == expected.rows() ? "exact" : "NOT EXACT",
        rows,
        expected.rows(),
        wrong,
        expected.updates(),
        expected.updatesOfStoredKeys(),
        expected.deletes(),
        expected.deletesOfStoredKeys());
  }

  private static String line(Run r) {
    return String.format(
        Locale.ROOT,
        "%s at %,d/s: %,d of %,d events committed, %.0f records/s, latency p50 %.1f s max %.1f s,"
            + " commits per table %d-%d, peak heap after GC %d MiB, Flink task threads %d,"
            + " threads %d, load %s, %s; %s",
        r.variant(),
        r.rate(),
        r.committed(),
        r.offered(),
        r.recordsPerSecond(),
        r.percentile(50) / 1000.0,
        r.percentile(100) / 1000.0,
        r.minCommits(),
        r.maxCommits(),
        r.peakHeapAfterGc() >> 20,
        r.peakTaskThreads(),
        r.peakThreads(),
        r.load(),
        r.sustained() ? "sustained" : "NOT sustained",
        r.check());
  }

  private static String report(List<Run> runs, Settings s, long rate, int tables) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Change stream (70%% inserts, 20%% updates, 10%% deletes), %d s of input per run, %d s"
                + " commit interval, embedded FlinkRunner p=2, a fresh JVM of -Xmx%s per run, Java"
                + " %s, %d cores; rate of the compared runs %,d/s.%n%n",
            s.seconds(),
            s.interval(),
            s.heap(),
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors(),
            rate));
    out.append(
        "| # | run | rate/s | events committed | records/s | latency p50 | latency max | sustained"
            + " | commits per table | peak heap after GC MiB | Flink task threads | threads"
            + " | load avg before / after | check |\n");
    out.append("|---:|---|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---|---|\n");
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      out.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %,d | %,d of %,d | %,.0f | %.1f s | %.1f s | %s | %d-%d | %d | %d | %d"
                  + " | %s | %s |%n",
              i,
              r.variant(),
              r.rate(),
              r.committed(),
              r.offered(),
              r.recordsPerSecond(),
              r.percentile(50) / 1000.0,
              r.percentile(100) / 1000.0,
              r.sustained() ? "yes" : "no",
              r.minCommits(),
              r.maxCommits(),
              r.peakHeapAfterGc() >> 20,
              r.peakTaskThreads(),
              r.peakThreads(),
              r.load(),
              r.check()));
    }
    double one = mean(runs, 1, rate);
    double many = mean(runs, tables, rate);
    out.append(
        String.format(
            Locale.ROOT,
            "%nAt %,d/s: one table %,.0f records/s, %d tables %,.0f records/s (means of the"
                + " alternating runs): ratio %.2f against the 0.8 target.%n",
            rate,
            one,
            tables,
            many,
            one == 0 ? 0 : many / one));
    return out.toString();
  }

  private static double mean(List<Run> runs, int tables, long rate) {
    return runs.stream()
        .filter(r -> r.tables() == tables && r.rate() == rate && !r.variant().startsWith("sweep"))
        .mapToDouble(Run::recordsPerSecond)
        .average()
        .orElse(0);
  }
}
