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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the cost of one streaming commit grows with the table's size, per index and table type (issue
 * #8: "which index scales how with table size at a given commit interval, with a measured figure").
 *
 * <p>For each table size S and configuration (copy-on-write with the SIMPLE, BLOOM and BUCKET
 * indexes, merge-on-read with BUCKET): {@code trips --operation=insert --count=S} builds the table,
 * then {@code trips --streaming --operation=upsert} streams {@code --streamCount} new trips (batch
 * 1, indexes S..) at {@code --rate} records per second with a {@code --commitInterval} second
 * commit interval, all on the embedded FlinkRunner (parallelism 2, checkpoints every fifth of the
 * interval), as a user runs the examples. (Not on the DirectRunner: it makes an evaluator, with a
 * serialized copy of the step, for every bundle of every step, and its per-commit cost of that grew
 * with the streaming bucket assigner, whose bundles are per partition, to several seconds.) A
 * commit's duration is the modification time of its completed instant file minus that of its
 * requested file (the instant's whole life: tagging with the index, writing, committing); the
 * report gives the median and the largest over the stream's commits. Not a test: {@code mvn -B
 * -Pbenchmark-index -DskipTests verify -pl examples -am}.
 */
public final class StreamingIndexScaling {
  private record Config(String name, String tableType, String index, String... extra) {}

  private record Measured(Config config, long size, List<Long> commitMillis) {
    long median() {
      List<Long> sorted = new ArrayList<>(commitMillis);
      Collections.sort(sorted);
      return sorted.isEmpty() ? -1 : sorted.get(sorted.size() / 2);
    }

    long max() {
      return commitMillis.stream().mapToLong(Long::longValue).max().orElse(-1);
    }
  }

  private StreamingIndexScaling() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options =
        BenchOptions.parse(
            args,
            "--sizes=N,N --streamCount=N --rate=N --commitInterval=SECONDS --dir=PATH"
                + " --indexes=SIMPLE,BLOOM,BUCKET");
    List<Long> sizes = BenchOptions.longs(options.getOrDefault("sizes", "100000,400000"));
    long streamCount = Long.parseLong(options.getOrDefault("streamCount", "8000"));
    long rate = Long.parseLong(options.getOrDefault("rate", "1000"));
    long interval = Long.parseLong(options.getOrDefault("commitInterval", "2"));
    Path dir =
        Paths.get(options.getOrDefault("dir", "/tmp/hudi-beam-index-bench")).toAbsolutePath();
    List<Config> all =
        List.of(
            new Config("COW, SIMPLE", "COPY_ON_WRITE", "SIMPLE"),
            new Config("COW, BLOOM", "COPY_ON_WRITE", "BLOOM"),
            new Config("COW, BUCKET (16 per partition)", "COPY_ON_WRITE", "BUCKET", "--buckets=16"),
            new Config(
                "MOR, BUCKET (16 per partition)", "MERGE_ON_READ", "BUCKET", "--buckets=16"));

    // --indexes: only the configurations of these indexes (default: all).
    List<String> indexes =
        List.of(options.getOrDefault("indexes", "SIMPLE,BLOOM,BUCKET").split(","));
    List<Config> configs = all.stream().filter(c -> indexes.contains(c.index())).toList();

    BenchFiles.deleteRecursively(dir);
    List<Measured> results = new ArrayList<>();
    for (long size : sizes) {
      for (Config config : configs) {
        Path table =
            dir.resolve(
                size
                    + "-"
                    + config.name().replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT));
        run(
            config,
            "trips",
            "--table=" + table,
            "--operation=insert",
            "--count=" + size,
            "--tableType=" + config.tableType(),
            "--index=" + config.index(),
            "--runner=FlinkRunner",
            "--parallelism=2",
            "--progressSeconds=0");
        Map<String, Long> before = BenchFiles.completedInstants(table);
        run(
            config,
            "trips",
            "--table=" + table,
            "--streaming",
            "--operation=upsert",
            "--batch=1",
            "--start=" + size,
            "--count=" + streamCount,
            "--rate=" + rate,
            "--commitInterval=" + interval,
            "--tableType=" + config.tableType(),
            "--index=" + config.index(),
            "--runner=FlinkRunner",
            "--parallelism=2",
            "--checkpointingInterval=" + Math.max(200, interval * 1000 / 5),
            "--progressSeconds=0");
        List<Long> durations = new ArrayList<>();
        for (Map.Entry<String, Long> completed : BenchFiles.completedInstants(table).entrySet()) {
          if (!before.containsKey(completed.getKey())) {
            durations.add(
                completed.getValue() - BenchFiles.requestedMillis(table, completed.getKey()));
          }
        }
        Measured m = new Measured(config, size, durations);
        results.add(m);
        System.err.printf(
            Locale.ROOT,
            "%s at %,d records: %d commits, median %d ms, max %d ms%n",
            config.name(),
            size,
            durations.size(),
            m.median(),
            m.max());
      }
    }
    String report = report(results, streamCount, rate, interval);
    System.out.println(report);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("results.md"), report, StandardCharsets.UTF_8);
    System.exit(0);
  }

  private static void run(Config config, String... command) {
    List<String> all = new ArrayList<>(List.of(command));
    all.addAll(List.of(config.extra()));
    String[] args = all.toArray(new String[0]);
    int code = Main.run(args, System.out, System.err);
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", args) + " exited with " + code);
    }
  }

  private static String report(List<Measured> results, long streamCount, long rate, long interval) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Streaming commit duration by table size (embedded FlinkRunner, parallelism 2; %,d new"
                + " trips streamed at %d/s,"
                + " %d s commit interval; requested-to-completed time of each commit; Java %s, %d"
                + " cores)%n%n",
            streamCount,
            rate,
            interval,
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors()));
    out.append("| table size | configuration | commits | median commit | largest commit |\n");
    out.append("|---|---|---|---|---|\n");
    for (Measured m : results) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %,d | %s | %d | %.1f s | %.1f s |%n",
              m.size(),
              m.config().name(),
              m.commitMillis().size(),
              m.median() / 1000.0,
              m.max() / 1000.0));
    }
    return out.toString();
  }
}
