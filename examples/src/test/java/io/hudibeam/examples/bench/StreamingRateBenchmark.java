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

import io.hudibeam.examples.Main;
import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.WriteStat;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
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
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Issue #8's streaming benchmark: trips upserts streamed at a given rate into a table of {@code
 * --tableSize} trips with a {@code --commitInterval} second commit interval, by HudiIO ({@code
 * trips --streaming} on the embedded FlinkRunner, parallelism 2, exactly as a user runs it, in this
 * JVM) and by Hudi 0.15's Spark structured-streaming sink (bench-spark's {@code
 * SparkStreamingTripsWriter}, Spark 3.5.3 local[2], Spark's rate source, the same records in the
 * same order, a processing-time trigger of the same interval, in a JVM of its own with the same
 * heap), each rate for {@code --seconds} seconds of input, both starting from a copy of one base
 * table.
 *
 * <p>Per run, from the table's timeline (the same for both writers): the commits, and each commit's
 * latency = its completed file's time minus (the first commit's requested time + k x the interval):
 * how far commit k ends after the moment it could have started had every earlier commit kept up. A
 * rate is sustained when the largest latency stays under twice the interval and at most twice the
 * interval's records are left uncommitted at the end of the run. Also the largest number of base
 * files in a partition after the run (small files), and the peak heap of the writer's JVM (this JVM
 * for HudiIO, with the embedded Flink). Not a test: {@code mvn -B -Pbenchmark-streaming -DskipTests
 * verify -pl examples -am}.
 */
public final class StreamingRateBenchmark {
  private record Run(
      String writer,
      long rate,
      long records,
      List<Long> latencies,
      long maxBaseFilesPerPartition,
      long peakHeapBytes,
      long interval,
      long offered) {
    long percentile(int p) {
      List<Long> sorted = new ArrayList<>(latencies);
      Collections.sort(sorted);
      if (sorted.isEmpty()) {
        return -1;
      }
      return sorted.get(
          Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    /**
     * Every commit's latency under twice the interval, and at most twice the interval's records
     * left uncommitted at the end (Spark's sink is stopped after the run's seconds: when its
     * micro-batches fall behind they grow instead of coming late, so latency alone misses it).
     */
    boolean sustained() {
      return !latencies.isEmpty()
          && percentile(100) < 2 * interval * 1000
          && records >= offered - 2 * interval * rate;
    }
  }

  private StreamingRateBenchmark() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options =
        BenchOptions.parse(
            args,
            "--rates=R,R --seconds=D --commitInterval=I --tableSize=N --writers=hudiio,spark"
                + " --dir=PATH --heap=1g --sparkDir=PATH --stateBackend=filesystem|rocksdb"
                + " --checkpointMillis=MS --index=SIMPLE|BLOOM");
    List<Long> rates = BenchOptions.longs(options.getOrDefault("rates", "1000,4000,16000"));
    long seconds = Long.parseLong(options.getOrDefault("seconds", "60"));
    long interval = Long.parseLong(options.getOrDefault("commitInterval", "10"));
    long tableSize = Long.parseLong(options.getOrDefault("tableSize", "100000"));
    List<String> writers = List.of(options.getOrDefault("writers", "hudiio,spark").split(","));
    Path dir =
        Paths.get(options.getOrDefault("dir", "/tmp/hudi-beam-stream-bench")).toAbsolutePath();
    Path sparkDir = Paths.get(options.getOrDefault("sparkDir", "bench-spark/target"));
    String heap = options.getOrDefault("heap", "1g");
    String stateBackend = options.getOrDefault("stateBackend", "filesystem");
    // Both writers' index; SIMPLE or BLOOM (the others need a table laid out for them).
    String index = options.getOrDefault("index", "SIMPLE");
    if (!List.of("SIMPLE", "BLOOM").contains(index)) {
      throw new IllegalArgumentException("--index must be SIMPLE or BLOOM, got " + index);
    }
    // HudiIO's Flink checkpoint interval; by default a fifth of the commit interval (at least 200
    // ms).
    String checkpointOption = options.getOrDefault("checkpointMillis", "");
    long checkpointMillis =
        checkpointOption.isBlank()
            ? Math.max(200, interval * 1000 / 5)
            : Long.parseLong(checkpointOption);

    BenchFiles.deleteRecursively(dir);
    Path baseTable = dir.resolve("base");
    run(
        "trips",
        "--table=" + baseTable,
        "--operation=insert",
        "--count=" + tableSize,
        "--runner=FlinkRunner",
        "--parallelism=2",
        "--progressSeconds=0");

    List<Run> runs = new ArrayList<>();
    for (String writer : writers) {
      for (long rate : rates) {
        Path table = dir.resolve(writer + "-" + rate);
        BenchFiles.copyRecursively(baseTable, table);
        Map<String, Long> before = BenchFiles.completedInstants(table);
        long peakHeap =
            writer.equals("spark")
                ? spark(sparkDir, heap, table, rate, seconds, interval, index)
                : hudiIo(table, rate, seconds, interval, stateBackend, checkpointMillis, index);
        Run r =
            new Run(
                writer.equals("spark")
                    ? "Hudi 0.15 Spark structured streaming local[2] " + index
                    : "HudiIO FlinkRunner p=2 "
                        + index
                        + " "
                        + stateBackend
                        + " checkpoint "
                        + checkpointMillis
                        + " ms",
                rate,
                committedRecords(table, before),
                latencies(table, before, interval),
                maxBaseFilesPerPartition(table),
                peakHeap,
                interval,
                rate * seconds);
        runs.add(r);
        System.err.println(line(r));
      }
    }
    String report = report(runs, seconds, interval, tableSize, heap);
    System.out.println(report);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("results.md"), report, StandardCharsets.UTF_8);
    System.exit(0);
  }

  private static void run(String... args) {
    int code = Main.run(args, System.out, System.err);
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", args) + " exited with " + code);
    }
  }

  /** HudiIO's trips --streaming on the embedded Flink; returns this JVM's peak heap meanwhile. */
  private static long hudiIo(
      Path table,
      long rate,
      long seconds,
      long interval,
      String stateBackend,
      long checkpointMillis,
      String index)
      throws InterruptedException {
    AtomicLong peak = new AtomicLong();
    System.gc();
    Thread sampler =
        new Thread(
            () -> {
              Runtime rt = Runtime.getRuntime();
              while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                try {
                  Thread.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            });
    sampler.setDaemon(true);
    sampler.start();
    try {
      run(
          "trips",
          "--table=" + table,
          "--streaming",
          "--operation=upsert",
          "--batch=1",
          "--start=0",
          "--count=" + rate * seconds,
          "--rate=" + rate,
          "--commitInterval=" + interval,
          "--runner=FlinkRunner",
          "--parallelism=2",
          "--checkpointingInterval=" + checkpointMillis,
          "--stateBackend=" + stateBackend,
          "--index=" + index,
          "--progressSeconds=0");
    } finally {
      sampler.interrupt();
      sampler.join();
    }
    return peak.get();
  }

  /** Hudi's Spark structured-streaming sink in a JVM of its own; returns that JVM's peak heap. */
  private static long spark(
      Path sparkDir, String heap, Path table, long rate, long seconds, long interval, String index)
      throws IOException, InterruptedException {
    Path classpathFile = sparkDir.resolve("test-classpath.txt");
    if (!Files.exists(classpathFile)) {
      throw new IllegalStateException(
          classpathFile + " is missing: run with -Pbenchmark-streaming from the project root");
    }
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.addAll(List.of(WriteBenchmark.SPARK_JVM_OPTIONS.split(" ")));
    command.addAll(
        List.of(
            "-cp",
            sparkDir.resolve("test-classes")
                + File.pathSeparator
                + Files.readString(classpathFile, StandardCharsets.UTF_8).trim(),
            "io.hudibeam.bench.spark.SparkStreamingTripsWriter",
            "--table=" + table,
            "--rate=" + rate,
            "--seconds=" + seconds,
            "--commitInterval=" + interval,
            "--batch=1",
            "--start=0",
            "--index=" + index));
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    long peakHeap = -1;
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        System.err.println("spark: " + line);
        if (line.startsWith("RESULT ")) {
          for (String pair : line.substring(7).split(" ")) {
            if (pair.startsWith("peakHeapBytes=")) {
              peakHeap = Long.parseLong(pair.substring("peakHeapBytes=".length()));
            }
          }
        }
      }
    }
    int code = process.waitFor();
    if (code != 0 || peakHeap < 0) {
      throw new IllegalStateException("the Spark streaming writer exited with " + code);
    }
    return peakHeap;
  }

  /**
   * The records the run's commits wrote (inserted, updated and deleted, from their commit
   * metadata): what the writer took in and committed, which is less than rate x seconds when its
   * source or its stop cut the stream short.
   */
  private static long committedRecords(Path table, Map<String, Long> before) throws IOException {
    long records = 0;
    for (String completed : BenchFiles.completedInstants(table).keySet()) {
      if (before.containsKey(completed)) {
        continue;
      }
      Path file = table.resolve(".hoodie").resolve(completed);
      CommitMetadata metadata =
          CommitMetadataJson.fromJson(Files.readAllBytes(file), file.toString());
      for (List<WriteStat> stats : metadata.partitionToWriteStats().values()) {
        for (WriteStat stat : stats) {
          records += stat.numInserts() + stat.numUpdateWrites() + stat.numDeletes();
        }
      }
    }
    return records;
  }

  /** Latency of each new commit: completed - (first commit's requested + k x interval). */
  private static List<Long> latencies(Path table, Map<String, Long> before, long interval)
      throws IOException {
    TreeMap<String, Long> commits = new TreeMap<>(BenchFiles.completedInstants(table));
    commits.keySet().removeAll(before.keySet());
    List<Long> out = new ArrayList<>();
    long first = -1;
    int k = 0;
    for (Map.Entry<String, Long> c : commits.entrySet()) {
      if (first < 0) {
        first = BenchFiles.requestedMillis(table, c.getKey());
      }
      out.add(c.getValue() - (first + k * interval * 1000));
      k++;
    }
    return out;
  }

  /** The largest number of distinct base file groups in one partition folder. */
  private static long maxBaseFilesPerPartition(Path table) throws IOException {
    Map<Path, java.util.Set<String>> fileIds = new HashMap<>();
    try (Stream<Path> walk = Files.walk(table)) {
      for (Path f : (Iterable<Path>) walk::iterator) {
        String name = f.getFileName().toString();
        if (name.endsWith(".parquet") && !f.toString().contains("/.hoodie/")) {
          fileIds
              .computeIfAbsent(f.getParent(), p -> new java.util.HashSet<>())
              .add(name.substring(0, name.indexOf('_')));
        }
      }
    }
    return fileIds.values().stream().mapToLong(java.util.Set::size).max().orElse(0);
  }

  private static String line(Run r) {
    return String.format(
        Locale.ROOT,
        "%s at %,d/s: %,d records in %d commits, latency p50 %.1f s, p99 %.1f s, max %.1f s, %s",
        r.writer(),
        r.rate(),
        r.records(),
        r.latencies().size(),
        r.percentile(50) / 1000.0,
        r.percentile(99) / 1000.0,
        r.percentile(100) / 1000.0,
        r.sustained() ? "sustained" : "NOT sustained");
  }

  private static String report(
      List<Run> runs, long seconds, long interval, long tableSize, String heap) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Streaming upserts of trips into a table of %,d, %d s of input per rate, %d s commit"
                + " interval, -Xmx%s per writer JVM, Java %s, %d cores. Latency of commit k ="
                + " completed - (first commit requested + k x interval); sustained = every latency"
                + " under 2 x interval and at most 2 x interval x rate records left uncommitted"
                + " at the end.%n%n",
            tableSize,
            seconds,
            interval,
            heap,
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors()));
    out.append(
        "| writer | rate/s | records committed | commits | latency p50 | latency p99 | latency max | sustained | max base files per partition | peak heap MiB |\n");
    out.append("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|\n");
    for (Run r : runs) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %,d | %,d | %d | %.1f s | %.1f s | %.1f s | %s | %d | %d |%n",
              r.writer(),
              r.rate(),
              r.records(),
              r.latencies().size(),
              r.percentile(50) / 1000.0,
              r.percentile(99) / 1000.0,
              r.percentile(100) / 1000.0,
              r.sustained() ? "yes" : "no",
              r.maxBaseFilesPerPartition(),
              r.peakHeapBytes() >> 20));
    }
    return out.toString();
  }
}
