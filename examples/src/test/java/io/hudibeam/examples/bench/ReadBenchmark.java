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

import io.hudibeam.HudiIO;
import io.hudibeam.examples.Main;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * The read benchmark (issue #39): a snapshot read of a copy-on-write table and of a merge-on-read
 * table with 30% of its rows in log files, by HudiIO ({@code HudiIO.read()} on the embedded
 * FlinkRunner, parallelism 2, every row counted) and by Hudi 0.15's Spark reader (local[2], every
 * column hashed), each in a process of its own, timed whole (JVM start to exit). The tables are
 * written once by the examples' {@code trips} command (bulk_insert N; merge-on-read: insert N, then
 * upsert 0.3 N existing records, which go to log files) and kept under {@code --dir}.
 *
 * <p>{@code mvn -B -Pbenchmark-read -DskipTests verify -pl examples -am -Dbench.records=10000000};
 * results in {@code examples/target/bench-read/results.md}.
 */
public final class ReadBenchmark {
  private ReadBenchmark() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("--hudiio")) {
      hudiIO(args[1]);
      return;
    }
    long records = 1_000_000;
    Path dir = Paths.get("target", "bench-read");
    Path sparkDir = Paths.get("..", "bench-spark", "target");
    String heap = "4g";
    for (String arg : args) {
      String value = arg.substring(arg.indexOf('=') + 1);
      if (arg.startsWith("--records=")) {
        records = Long.parseLong(value);
      } else if (arg.startsWith("--dir=")) {
        dir = Paths.get(value);
      } else if (arg.startsWith("--sparkDir=")) {
        sparkDir = Paths.get(value);
      } else if (arg.startsWith("--heap=")) {
        heap = value;
      }
    }
    Files.createDirectories(dir);
    String cow = dir.resolve("cow-" + records).toString();
    String mor = dir.resolve("mor-" + records).toString();
    long logged = records * 3 / 10;
    if (!new File(cow, ".hoodie").exists()) {
      trips(cow, "bulk_insert", "COPY_ON_WRITE", 0, 0, records);
    }
    if (!new File(mor, ".hoodie").exists()) {
      trips(mor, "insert", "MERGE_ON_READ", 0, 0, records);
      trips(mor, "upsert", "MERGE_ON_READ", 1, 0, logged);
    }
    List<String> lines = new ArrayList<>();
    lines.add("| table | rows | HudiIO Flink p=2 (s) | Hudi 0.15 Spark local[2] (s) | ratio |");
    lines.add("|---|---|---|---|---|");
    for (String table : List.of(cow, mor)) {
      double[] hudi = run(hudiCommand(heap, table));
      double[] spark = run(sparkCommand(sparkDir, heap, table));
      if (hudi[1] != spark[1]) {
        throw new IllegalStateException(
            table + ": HudiIO read " + hudi[1] + " rows, Spark " + spark[1]);
      }
      lines.add(
          String.format(
              Locale.ROOT,
              "| %s | %d | %.1f | %.1f | %.2fx |",
              new File(table).getName(),
              (long) hudi[1],
              hudi[0],
              spark[0],
              hudi[0] / spark[0]));
      System.out.println(lines.get(lines.size() - 1));
    }
    Files.write(dir.resolve("results.md"), lines, StandardCharsets.UTF_8);
    lines.forEach(System.out::println);
  }

  private static void trips(
      String table, String operation, String type, long batch, long start, long count) {
    int code =
        Main.run(
            new String[] {
              "trips",
              "--table=" + table,
              "--operation=" + operation,
              "--tableType=" + type,
              "--batch=" + batch,
              "--start=" + start,
              "--count=" + count,
              "--runner=FlinkRunner",
              "--parallelism=2",
              "--progressSeconds=0"
            },
            System.out,
            System.err);
    if (code != 0) {
      throw new IllegalStateException("writing " + table + " failed with exit code " + code);
    }
  }

  /** The HudiIO side, in its own process: read every row on the embedded Flink, print the count. */
  static void hudiIO(String table) {
    FlinkPipelineOptions options = PipelineOptionsFactory.as(FlinkPipelineOptions.class);
    options.setRunner(FlinkRunner.class);
    options.setFlinkMaster("[local]");
    options.setParallelism(2);
    options.setFasterCopy(true);
    Pipeline p = Pipeline.create(options);
    p.apply("Read", HudiIO.read().withBasePath(table))
        .apply("Count", Count.globally())
        .apply(
            "Report",
            MapElements.into(TypeDescriptors.voids())
                .via(
                    (Long n) -> {
                      System.out.println("ROWS " + n);
                      return null;
                    }));
    PipelineResult result = p.run();
    result.waitUntilFinish();
  }

  private static List<String> hudiCommand(String heap, String table) {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    command.addAll(List.of(WriteBenchmark.SPARK_JVM_OPTIONS.split(" ")));
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            ReadBenchmark.class.getName(),
            "--hudiio",
            table));
    return command;
  }

  private static List<String> sparkCommand(Path sparkDir, String heap, String table)
      throws Exception {
    Path classpathFile = sparkDir.resolve("test-classpath.txt");
    String classpath =
        sparkDir.resolve("test-classes")
            + File.pathSeparator
            + Files.readString(classpathFile, StandardCharsets.UTF_8).trim();
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.addAll(List.of(WriteBenchmark.SPARK_JVM_OPTIONS.split(" ")));
    command.addAll(
        List.of("-cp", classpath, "io.hudibeam.bench.spark.SparkTripsReader", "--table=" + table));
    return command;
  }

  /** Runs a process; returns its wall seconds (start to exit) and the rows it reported. */
  private static double[] run(List<String> command) throws Exception {
    long t0 = System.nanoTime();
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    long rows = -1;
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("ROWS ")) {
          rows = Long.parseLong(line.substring(5).trim());
        } else if (line.startsWith("RESULT ")) {
          for (String pair : line.substring(7).split(" ")) {
            if (pair.startsWith("rows=")) {
              rows = Long.parseLong(pair.substring(5));
            }
          }
        }
      }
    }
    int code = process.waitFor();
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (code != 0 || rows < 0) {
      throw new IllegalStateException(
          command.get(command.size() - 2) + " exited with " + code + ", rows " + rows);
    }
    return new double[] {seconds, rows};
  }
}
