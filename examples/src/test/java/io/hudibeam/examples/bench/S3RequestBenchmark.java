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
import io.hudibeam.examples.bench.S3RequestCounter.Kind;
import io.hudibeam.examples.bench.S3RequestCounter.Requests;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gaul.s3proxy.AuthenticationType;

/**
 * Issue #38's benchmark (not a test; docs/benchmark.md): the S3 requests and seconds of an upsert
 * of U trips rows (half updates, half inserts) into a copy-on-write table of N rows, HudiIO against
 * Hudi 0.15's Java write client, on one S3Proxy server in this JVM ({@link CountingS3Server}:
 * jclouds' filesystem blob store under {@code DIR/s3}) reached through Hadoop's S3A, requests
 * counted at the server by kind ({@link S3RequestCounter}).
 *
 * <p>Each writer first bulk-inserts rows 0..N-1 (batch 0) into {@code s3a://bucket/<writer>}, then
 * upserts rows N-U/2..N+U-U/2-1 (batch 1): U/2 updates and U-U/2 inserts, as the write benchmark's
 * upsert. Both writers: the trips table (record key {@code uuid}, partition field {@code city},
 * ordering field {@code ts}), the SIMPLE index, Hudi's auto clean. HudiIO runs the examples' {@code
 * trips} command, on the embedded FlinkRunner (parallelism 2) or the DirectRunner; Hudi's client
 * runs through the tests' {@link HudiReference} (parallelism 2, direct markers, no embedded
 * timeline server). After all writes every table is read back with Hudi 0.15's reader through S3A,
 * each row compared with the row written; a wrong table fails the run.
 *
 * <p>Options: {@code --records=N} (1,000,000), {@code --upsert=U} (100,000), {@code --dir=PATH},
 * {@code --runner=flink|direct}, {@code --writers=hudiio,hudi,hudi-ts} ({@code hudi-ts}: Hudi's
 * client with its embedded timeline server and timeline-server-based markers; it fails in this JVM,
 * whose Jetty 11 from S3Proxy the timeline server's Javalin, built on Jetty 9, cannot run on),
 * {@code --metadataTable=on|off|both} ({@code on}: both writers' default). The report goes to
 * stdout and {@code DIR/results.md}.
 */
public final class S3RequestBenchmark {
  /** A writer's bulk insert and upsert of trips rows into a table on the server. */
  interface Writer {
    void write(String table, String operation, long batch, long start, long count) throws Exception;
  }

  /** One measured write. */
  record Result(
      String writer,
      String operation,
      long rows,
      double seconds,
      Requests requests,
      List<S3Request> log) {
    Result {
      log = List.copyOf(log);
    }
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options =
        BenchOptions.parse(
            args,
            "--records=N, --upsert=U, --dir=PATH, --runner=flink|direct, --writers=hudiio,hudi,"
                + " --metadataTable=on|off|both");
    long n = Long.parseLong(options.getOrDefault("records", "1000000"));
    long u = Long.parseLong(options.getOrDefault("upsert", "100000"));
    if (u / 2 > n) {
      throw new IllegalArgumentException(
          "--upsert=" + u + " updates U/2 rows of the table; it has --records=" + n);
    }
    Path dir = Paths.get(options.getOrDefault("dir", "/tmp/hudi-beam-s3-bench")).toAbsolutePath();
    String runner = options.getOrDefault("runner", "flink");
    List<String> writerNames = List.of(options.getOrDefault("writers", "hudiio,hudi").split(","));
    List<Boolean> metadataTable =
        WriteBenchmark.metadataTableVariants(options.getOrDefault("metadataTable", "on"));

    BenchFiles.deleteRecursively(dir);
    Files.createDirectories(dir.resolve("s3"));
    List<Result> results = new ArrayList<>();
    List<String> tables = new ArrayList<>();
    try (CountingS3Server server =
        CountingS3Server.start(dir.resolve("s3"), AuthenticationType.AWS_V2_OR_V4)) {
      Map<String, String> hadoop = server.hadoopSettings();
      for (boolean mdt : metadataTable) {
        String suffix = mdt ? " +MDT" : "";
        for (String key : writerNames) {
          String name;
          Writer writer;
          switch (key.trim()) {
            case "hudiio":
              name = "HudiIO " + (runner.equals("direct") ? "DirectRunner" : "FlinkRunner p=2");
              writer = (t, op, b, s, c) -> hudiIo(runner, hadoop, mdt, t, op, b, s, c);
              break;
            case "hudi":
              name = HUDI;
              writer = (t, op, b, s, c) -> hudiClient(hadoop, mdt, false, t, op, b, s, c);
              break;
            case "hudi-ts":
              name = HUDI_TS;
              writer = (t, op, b, s, c) -> hudiClient(hadoop, mdt, true, t, op, b, s, c);
              break;
            default:
              throw new IllegalArgumentException(
                  "--writers are hudiio, hudi and hudi-ts; got " + key);
          }
          name += suffix;
          String table =
              "s3a://" + CountingS3Server.BUCKET + "/" + name.replaceAll("[^A-Za-z0-9]+", "-");
          tables.add(table);
          results.add(measure(server, name, writer, table, "bulk_insert", 0, 0, n));
          results.add(measure(server, name, writer, table, "upsert", 1, n - u / 2, u));
        }
      }
      for (String table : tables) {
        checkTable(HudiTableReader.of(table, hadoop), n, u);
      }
    }
    String report = report(n, u, results);
    StringBuilder attribution = new StringBuilder();
    for (Result r : results) {
      String title = r.writer() + ", " + r.operation();
      attribution
          .append("\n### ")
          .append(title)
          .append("\n\n")
          .append(S3RequestBreakdown.byKeyClass(r.log()))
          .append("\nBy stage (outermost frame of the writer's code) and call (innermost):\n\n")
          .append(S3RequestBreakdown.byStage(r.log()));
      Files.writeString(
          dir.resolve("requests-" + title.replaceAll("[^A-Za-z0-9]+", "-") + ".tsv"),
          S3RequestBreakdown.lines(r.log()),
          StandardCharsets.UTF_8);
    }
    System.out.println(report);
    System.out.println(attribution);
    Files.writeString(dir.resolve("results.md"), report + attribution, StandardCharsets.UTF_8);
    System.exit(0);
  }

  private static Result measure(
      CountingS3Server server,
      String name,
      Writer writer,
      String table,
      String operation,
      long batch,
      long start,
      long count)
      throws Exception {
    Requests before = server.requests();
    int logged = server.log().size();
    long t0 = System.nanoTime();
    writer.write(table, operation, batch, start, count);
    double seconds = (System.nanoTime() - t0) / 1e9;
    List<S3Request> log = server.log();
    Result r =
        new Result(
            name,
            operation,
            count,
            seconds,
            server.requests().since(before),
            log.subList(logged, log.size()));
    System.err.printf(
        Locale.ROOT,
        "%s %s of %,d rows: %.1f s, %s%n",
        name,
        operation,
        count,
        seconds,
        r.requests());
    return r;
  }

  /** HudiIO through the examples jar's trips command, as a user runs it against S3. */
  private static void hudiIo(
      String runner,
      Map<String, String> hadoop,
      boolean metadataTable,
      String table,
      String operation,
      long batch,
      long start,
      long count) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "trips",
                "--table=" + table,
                "--operation=" + operation,
                "--batch=" + batch,
                "--start=" + start,
                "--count=" + count,
                "--progressSeconds=0",
                "--hoodie.metadata.enable=" + metadataTable));
    if (!runner.equals("direct")) {
      args.addAll(List.of("--runner=FlinkRunner", "--parallelism=2"));
    }
    hadoop.forEach((k, v) -> args.add("--hadoop." + k + "=" + v));
    int code = Main.run(args.toArray(new String[0]), System.out, System.err);
    if (code != 0) {
      throw new IllegalStateException("trips " + args + " exited with " + code);
    }
  }

  static final String HUDI = "Hudi 0.15 Java client";

  static final String HUDI_TS = "Hudi 0.15 Java client, timeline server";

  /**
   * Hudi 0.15's HoodieJavaWriteClient (the tests' HudiReference: SIMPLE index, direct markers, no
   * embedded timeline server, bulk insert sort mode GLOBAL_SORT) with Hudi's automatic clean, as
   * HudiIO cleans by default; with {@code timelineServer}, Hudi's defaults for those two: the
   * embedded timeline server on and markers through it ({@code TIMELINE_SERVER_BASED}).
   */
  private static void hudiClient(
      Map<String, String> hadoop,
      boolean metadataTable,
      boolean timelineServer,
      String table,
      String operation,
      long batch,
      long start,
      long count) {
    HudiReference.Builder builder =
        HudiReference.trips(table)
            .hadoopSettings(hadoop)
            .metadataTable(metadataTable)
            .writeConfig("hoodie.clean.automatic", "true");
    if (timelineServer) {
      builder =
          builder
              .writeConfig("hoodie.embed.timeline.server", "true")
              .writeConfig("hoodie.write.markers.type", "TIMELINE_SERVER_BASED");
    }
    if (operation.equals("bulk_insert")) {
      builder.create().bulkInsert(TripsData.batch(batch, start, count));
    } else {
      builder.open().upsert(TripsData.batch(batch, start, count));
    }
  }

  /**
   * Reads the table back with Hudi's reader and compares every row with the row last written for
   * its key: rows 0..N-U/2-1 of batch 0 in the bulk insert's commit, the rest of batch 1 in the
   * upsert's.
   */
  static void checkTable(HudiTableReader reader, long n, long u) {
    long start = n - u / 2;
    long expected = start + u;
    List<String> commits = reader.completedInstantTimes();
    if (commits.size() != 2) {
      throw new IllegalStateException(
          reader.basePath() + ": expected 2 completed commits, found " + commits);
    }
    List<org.apache.avro.generic.GenericRecord> rows = reader.snapshot();
    java.util.BitSet seen = new java.util.BitSet();
    for (org.apache.avro.generic.GenericRecord row : rows) {
      String key = HudiTableReader.string(row, "uuid");
      long i = Long.parseLong(key.substring("trip-".length()));
      if (i < 0 || i >= expected || seen.get((int) i)) {
        throw new IllegalStateException(
            reader.basePath()
                + ": row "
                + key
                + " is "
                + (seen.get((int) i) ? "twice" : "unknown"));
      }
      seen.set((int) i);
      long batch = i < start ? 0 : 1;
      List<Object> want = TripsData.values(TripsData.record(batch, i));
      if (!TripsData.values(row).equals(want)
          || !HudiTableReader.string(row, "_hoodie_partition_path").equals(TripsData.city(i))
          || !HudiTableReader.string(row, "_hoodie_commit_time").equals(commits.get((int) batch))) {
        throw new IllegalStateException(
            reader.basePath()
                + ": row "
                + key
                + " read back as "
                + row
                + "; expected "
                + want
                + " in partition "
                + TripsData.city(i)
                + " of commit "
                + commits.get((int) batch));
      }
    }
    if (rows.size() != expected) {
      throw new IllegalStateException(
          reader.basePath() + ": " + rows.size() + " rows read back; expected " + expected);
    }
    System.err.printf(
        Locale.ROOT, "%s: %,d rows read back, each as written%n", reader.basePath(), rows.size());
  }

  static String report(long n, long u, List<Result> results) {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "S3 requests at S3Proxy: bulk insert of %,d trips rows, then an upsert of %,d"
                + " (%,d updates, %,d inserts); %d cores, Java %s, max heap %d MiB%n%n",
            n,
            u,
            u / 2,
            u - u / 2,
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.version"),
            Runtime.getRuntime().maxMemory() >> 20));
    s.append("| operation | writer | rows | seconds | requests |");
    for (Kind k : Kind.values()) {
      s.append(' ').append(k).append(" |");
    }
    s.append(
        " 4xx/5xx | requests / Hudi's (direct markers) | requests / Hudi's (timeline server) |");
    s.append("\n|---|---|").append("---:|".repeat(Kind.values().length + 6)).append('\n');
    for (Result r : results) {
      s.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %,d | %.1f | %,d |",
              r.operation(),
              r.writer(),
              r.rows(),
              r.seconds(),
              r.requests().total()));
      for (Kind k : Kind.values()) {
        s.append(String.format(Locale.ROOT, " %,d |", r.requests().get(k)));
      }
      s.append(String.format(Locale.ROOT, " %,d |", r.requests().errors()));
      s.append(' ').append(ratio(results, r, HUDI)).append(" |");
      s.append(' ').append(ratio(results, r, HUDI_TS)).append(" |\n");
    }
    return s.toString();
  }

  /** r's requests over those of Hudi's writer {@code hudi} in the same operation and setting. */
  private static String ratio(List<Result> results, Result r, String hudi) {
    String mdt = r.writer().endsWith(" +MDT") ? " +MDT" : "";
    return results.stream()
        .filter(h -> h.writer().equals(hudi + mdt) && h.operation().equals(r.operation()))
        .findFirst()
        .map(
            h ->
                String.format(
                    Locale.ROOT, "%.2f", (double) r.requests().total() / h.requests().total()))
        .orElse("-");
  }

  private S3RequestBenchmark() {}
}
