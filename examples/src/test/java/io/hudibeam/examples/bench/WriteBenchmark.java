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
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.TripsData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * Side-by-side write benchmark on the trips data set, run in one JVM (not a test; see
 * docs/benchmark.md): workloads bulk_insert of N records into a new table, insert of N into
 * another, upsert of batch (1, N/2, N) into it, delete of N/10 keys from it; writers: plain
 * parquet-avro (the floor: same records, gzip, one file per city, no Hudi metadata), HudiIO on the
 * DirectRunner, HudiIO on an embedded FlinkRunner (parallelism 2), and Hudi 0.15's own Java write
 * client.
 *
 * <p>{@code --records=N} (default 1,000,000, or the system property {@code bench.records}, so
 * {@code -Dbench.records=10000000} runs at 10M), {@code --dir=PATH} for the tables (wiped first),
 * {@code --writers=floor,direct,flink,hudi}. Hudi's Java client holds a workload's records in one
 * list, so at 10M run it separately or leave it out ({@code --writers=floor,flink}).
 *
 * <p>The results go to {@code DIR/results.md} (a Markdown table) and {@code DIR/results.svg} (a bar
 * chart of seconds per workload and writer, {@link BenchmarkChart}). Per workload it reports
 * seconds, the bytes and files written, the peak heap used (sampled every 20 ms) and the peak
 * resident set size of the process (VmRSS from /proc/self/status, sampled likewise; "-" where /proc
 * is not there).
 */
public final class WriteBenchmark {
  enum Workload {
    BULK_INSERT("bulk"),
    INSERT("main"),
    UPSERT("main"),
    DELETE("main"),
    /** Issue #9: the insert of N into a MERGE_ON_READ table, the setup of the two below. */
    MOR_INSERT("mor"),
    /** Batch (1, N/2, N) upserted into the MERGE_ON_READ table: updates go to log files. */
    MOR_UPSERT("mor"),
    /** A compaction of the MERGE_ON_READ table: every slice's base and log files merged. */
    MOR_COMPACT("mor");

    final String table;

    Workload(String table) {
      this.table = table;
    }

    boolean mergeOnRead() {
      return table.equals("mor");
    }

    long batch(long n) {
      return this == UPSERT || this == MOR_UPSERT ? 1 : 0;
    }

    long start(long n) {
      return this == UPSERT || this == MOR_UPSERT ? n / 2 : 0;
    }

    long count(long n) {
      return this == DELETE ? n / 10 : n;
    }

    /**
     * Whether this workload creates its table (the others write into the table one of these made).
     */
    boolean createsTable() {
      return this == BULK_INSERT || this == INSERT || this == MOR_INSERT;
    }
  }

  /**
   * The workloads in order, refused when one writes into a table no earlier workload creates: an
   * {@code upsert} without {@code insert} before it would upsert into an empty table, which
   * measures inserts, not an upsert into N rows ({@code bulk_insert} writes its own table, {@code
   * bulk}).
   */
  static List<Workload> workloads(String list) {
    List<Workload> workloads = new ArrayList<>();
    for (String name : list.split(",")) {
      Workload w = Workload.valueOf(name.trim().toUpperCase(Locale.ROOT));
      boolean created =
          workloads.stream().anyMatch(e -> e.createsTable() && e.table.equals(w.table));
      if (!w.createsTable() && !created) {
        String creator = w.mergeOnRead() ? "mor_insert" : "insert";
        throw new IllegalArgumentException(
            "--workloads="
                + list
                + ": "
                + w.name().toLowerCase(Locale.ROOT)
                + " writes into the table that "
                + creator
                + " creates; list "
                + creator
                + " before it (bulk_insert writes a table of its own)");
      }
      workloads.add(w);
    }
    return workloads;
  }

  interface Writer {
    void write(Workload workload, Path table, long batch, long start, long count) throws Exception;
  }

  /** What a writer in a JVM of its own measured: the write's time and that JVM's peak memory. */
  record Measurement(double seconds, long peakHeapBytes, long peakRssBytes) {}

  /** A writer that runs in a JVM of its own and measures itself. */
  interface ForkedWriter {
    Measurement write(Workload workload, Path table, long batch, long start, long count)
        throws Exception;
  }

  /** One measured run. */
  static final class Result {
    final String writer;
    final Workload workload;
    final long records;
    final double seconds;
    final long peakHeapBytes;
    final long peakRssBytes;
    final long files;
    final long bytes;

    Result(
        String writer,
        Workload workload,
        long records,
        double seconds,
        long peakHeapBytes,
        long peakRssBytes,
        long files,
        long bytes) {
      this.writer = writer;
      this.workload = workload;
      this.records = records;
      this.seconds = seconds;
      this.peakHeapBytes = peakHeapBytes;
      this.peakRssBytes = peakRssBytes;
      this.files = files;
      this.bytes = bytes;
    }
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options =
        BenchOptions.parse(
            args,
            "--records=N, --dir=PATH, --writers=floor,direct,flink,hudi,spark, --workloads=...,"
                + " --heap=6g, --sparkDir=PATH, --index=BUCKET, --buckets=N,"
                + " --metadataTable=off|on|both, --hudiio=hoodie.key=value;...");
    long n =
        Long.parseLong(
            options.getOrDefault("records", System.getProperty("bench.records", "1000000")));
    Path dir = Paths.get(options.getOrDefault("dir", "/tmp/hudi-beam-bench")).toAbsolutePath();
    List<String> writerNames =
        List.of(options.getOrDefault("writers", "floor,direct,flink,hudi").split(","));
    List<Workload> workloads =
        workloads(options.getOrDefault("workloads", "bulk_insert,insert,upsert,delete"));

    // HudiIO's index (its default, SIMPLE, when absent); Hudi's writers keep SIMPLE, as Hudi 0.15's
    // Java client cannot write new keys with the BUCKET index (see HudiIOIndexIT).
    List<String> index = new ArrayList<>();
    for (String option : List.of("index", "buckets")) {
      String value = options.getOrDefault(option, "");
      if (!value.isEmpty()) {
        index.add("--" + option + "=" + value);
      }
    }
    // Extra settings for HudiIO's writers only ({@code --hudiio=hoodie.k=v;hoodie.k2=v2}), e.g. a
    // smaller merge budget when measuring what the merge holds.
    for (String setting : options.getOrDefault("hudiio", "").split(";")) {
      if (!setting.isBlank()) {
        index.add("--" + setting.trim());
      }
    }
    String[] flink = new String[index.size() + 2];
    flink[0] = "--runner=FlinkRunner";
    flink[1] = "--parallelism=2";
    for (int i = 0; i < index.size(); i++) {
      flink[i + 2] = index.get(i);
    }
    String[] direct = index.toArray(new String[0]);
    // HudiIO's and Spark's writers with the metadata table off (the earlier runs' setting), on
    // (both writers' default, issue #35) or each both ways; the floor and Hudi's Java client
    // run once, without it.
    List<Boolean> metadataTable = metadataTableVariants(options.getOrDefault("metadataTable", ""));
    Map<String, Writer> writers = new LinkedHashMap<>();
    List<String> keys = new ArrayList<>();
    writers.put("parquet-avro (floor)", WriteBenchmark::floor);
    keys.add("floor");
    for (boolean mdt : metadataTable) {
      String suffix = mdt && metadataTable.size() > 1 ? " +MDT" : "";
      String[] directArgs = withMetadataTable(direct, mdt);
      String[] flinkArgs = withMetadataTable(flink, mdt);
      writers.put(
          "HudiIO DirectRunner" + suffix, (w, t, b, s, c) -> hudiIo(w, t, b, s, c, directArgs));
      keys.add("direct");
      writers.put(
          "HudiIO FlinkRunner p=2" + suffix, (w, t, b, s, c) -> hudiIo(w, t, b, s, c, flinkArgs));
      keys.add("flink");
    }
    writers.put("Hudi 0.15 Java client", WriteBenchmark::hudiClient);
    keys.add("hudi");

    BenchFiles.deleteRecursively(dir);
    List<Result> results = new ArrayList<>();
    int k = 0;
    for (Map.Entry<String, Writer> writer : writers.entrySet()) {
      if (!writerNames.contains(keys.get(k++))) {
        continue;
      }
      Path root = dir.resolve(writer.getKey().replaceAll("[^A-Za-z0-9]+", "-"));
      for (Workload w : workloads) {
        if (w == Workload.MOR_COMPACT && writer.getKey().startsWith("parquet")) {
          continue; // the floor has nothing to compact
        }
        Path table = root.resolve(w.table);
        results.add(measure(writer.getKey(), writer.getValue(), w, table, n));
        System.err.println(format(results.get(results.size() - 1)));
      }
    }
    if (writerNames.contains("spark")) {
      String heap = options.getOrDefault("heap", "6g");
      Path sparkDir = Paths.get(options.getOrDefault("sparkDir", "bench-spark/target"));
      for (boolean mdt : metadataTable) {
        String sparkName = SPARK_WRITER + (mdt && metadataTable.size() > 1 ? " +MDT" : "");
        ForkedWriter spark = (w, t, b, s, c) -> sparkWriter(sparkDir, heap, mdt, w, t, b, s, c);
        Path root = dir.resolve(sparkName.replaceAll("[^A-Za-z0-9]+", "-"));
        for (Workload w : workloads) {
          if (w.mergeOnRead()) {
            continue; // the Spark writer runs the copy-on-write workloads only
          }
          results.add(measureForked(sparkName, spark, w, root.resolve(w.table), n));
          System.err.println(format(results.get(results.size() - 1)));
        }
      }
    }
    String report =
        report(n, results)
            + (index.isEmpty()
                ? ""
                : "\nHudiIO's writers ran with " + String.join(" ", index) + "\n");
    System.out.println(report);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("results.md"), report, StandardCharsets.UTF_8);
    guard(options, n, writerNames, results, dir);
    Files.writeString(dir.resolve("results.svg"), chart(n, results), StandardCharsets.UTF_8);
    System.exit(0);
  }

  /**
   * The regression guard: {@code --baseline=FILE} compares this run's ratios to the floor with the
   * file's and prints (and writes to {@code DIR/baseline-comparison.md}) what moved by more than
   * {@code --threshold} (default 0.10); {@code --recordBaseline=FILE} writes this run's ratios as a
   * new baseline.
   */
  private static void guard(
      Map<String, String> options, long n, List<String> writers, List<Result> results, Path dir)
      throws IOException {
    List<BenchmarkBaseline.Ratio> ratios = BenchmarkBaseline.ratios(n, results);
    double threshold = Double.parseDouble(options.getOrDefault("threshold", "0.10"));
    String baseline = options.getOrDefault("baseline", "");
    if (!baseline.isEmpty()) {
      Path file = Paths.get(baseline).toAbsolutePath();
      String comparison =
          "Compared with the baseline "
              + file
              + "\n\n"
              + BenchmarkBaseline.report(
                  BenchmarkBaseline.compare(
                      BenchmarkBaseline.parse(
                          file.toString(), Files.readString(file, StandardCharsets.UTF_8)),
                      ratios),
                  threshold);
      System.out.println(comparison);
      Files.writeString(dir.resolve("baseline-comparison.md"), comparison, StandardCharsets.UTF_8);
    }
    String record = options.getOrDefault("recordBaseline", "");
    if (!record.isEmpty()) {
      String comment =
          String.format(
              Locale.ROOT,
              "WriteBenchmark run of %s, N = %d, writers %s, %d cores, Java %s, max heap %d MiB",
              java.time.LocalDate.now(java.time.ZoneOffset.UTC),
              n,
              String.join(",", writers),
              Runtime.getRuntime().availableProcessors(),
              System.getProperty("java.version"),
              Runtime.getRuntime().maxMemory() >> 20);
      Files.writeString(
          Paths.get(record), BenchmarkBaseline.format(comment, ratios), StandardCharsets.UTF_8);
      System.out.println("Recorded this run's ratios to the floor as a baseline in " + record);
    }
  }

  private static Result measure(String name, Writer writer, Workload w, Path table, long n)
      throws Exception {
    Map<Path, Long> before = parquetFiles(table);
    System.gc();
    AtomicLong peak = new AtomicLong();
    AtomicLong peakRss = new AtomicLong(-1);
    Thread sampler =
        new Thread(
            () -> {
              Runtime rt = Runtime.getRuntime();
              while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                peakRss.accumulateAndGet(residentBytes(), Math::max);
                try {
                  Thread.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            });
    sampler.setDaemon(true);
    sampler.start();
    long t0 = System.nanoTime();
    double seconds;
    try (HeapAfterGc afterGc = HeapAfterGc.start()) {
      writer.write(w, table, w.batch(n), w.start(n), w.count(n));
      seconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "%s %s: peak heap after GC %d MiB (%d collections)%n",
          name,
          w,
          afterGc.peakBytes() >> 20,
          afterGc.collections());
    }
    sampler.interrupt();
    sampler.join();
    Map<Path, Long> after = parquetFiles(table);
    long files = 0;
    long bytes = 0;
    for (Map.Entry<Path, Long> f : after.entrySet()) {
      if (!before.containsKey(f.getKey())) {
        files++;
        bytes += f.getValue();
      }
    }
    return new Result(name, w, w.count(n), seconds, peak.get(), peakRss.get(), files, bytes);
  }

  private static Result measureForked(
      String name, ForkedWriter writer, Workload w, Path table, long n) throws Exception {
    Map<Path, Long> before = parquetFiles(table);
    Measurement m = writer.write(w, table, w.batch(n), w.start(n), w.count(n));
    Map<Path, Long> after = parquetFiles(table);
    long files = 0;
    long bytes = 0;
    for (Map.Entry<Path, Long> f : after.entrySet()) {
      if (!before.containsKey(f.getKey())) {
        files++;
        bytes += f.getValue();
      }
    }
    return new Result(
        name, w, w.count(n), m.seconds(), m.peakHeapBytes(), m.peakRssBytes(), files, bytes);
  }

  /** {@code off} (or empty), {@code on} or {@code both}: the metadata-table settings to run. */
  static List<Boolean> metadataTableVariants(String option) {
    switch (option.isEmpty() ? "off" : option) {
      case "off":
        return List.of(false);
      case "on":
        return List.of(true);
      case "both":
        return List.of(false, true);
      default:
        throw new IllegalArgumentException(
            "--metadataTable is off, on or both (bench.metadataTable); got " + option);
    }
  }

  /** HudiIO's arguments with {@code hoodie.metadata.enable} set to {@code on}. */
  private static String[] withMetadataTable(String[] args, boolean on) {
    String[] out = java.util.Arrays.copyOf(args, args.length + 1);
    out[args.length] = "--hoodie.metadata.enable=" + on;
    return out;
  }

  /**
   * Hudi 0.15's Spark datasource writer (bench-spark's {@code SparkTripsWriter}) in a JVM of its
   * own, on the class path bench-spark wrote, with the same heap as this JVM: Spark and Hudi 0.15
   * never share a class path with Beam, Flink or HudiIO. The time is the write's, measured in that
   * JVM after its Spark session started.
   */
  private static Measurement sparkWriter(
      Path sparkDir,
      String heap,
      boolean metadataTable,
      Workload w,
      Path table,
      long batch,
      long start,
      long count)
      throws Exception {
    Path classpathFile = sparkDir.resolve("test-classpath.txt");
    if (!Files.exists(classpathFile)) {
      throw new IllegalStateException(
          classpathFile
              + " is missing: run the benchmark with -Pbenchmark from the project root"
              + " (it builds bench-spark first)");
    }
    String classpath =
        sparkDir.resolve("test-classes")
            + java.io.File.pathSeparator
            + Files.readString(classpathFile, StandardCharsets.UTF_8).trim();
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.addAll(List.of(SPARK_JVM_OPTIONS.split(" ")));
    command.addAll(
        List.of(
            "-cp",
            classpath,
            "io.hudibeam.bench.spark.SparkTripsWriter",
            "--workload=" + w.name().toLowerCase(Locale.ROOT),
            "--table=" + table,
            "--batch=" + batch,
            "--start=" + start,
            "--count=" + count,
            "--metadataTable=" + metadataTable));
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    Measurement measured = null;
    try (java.io.BufferedReader out =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("RESULT ")) {
          Map<String, String> values = new HashMap<>();
          for (String pair : line.substring(7).split(" ")) {
            values.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
          }
          measured =
              new Measurement(
                  Double.parseDouble(values.get("seconds")),
                  Long.parseLong(values.get("peakHeapBytes")),
                  Long.parseLong(values.get("peakRssBytes")));
        }
      }
    }
    int code = process.waitFor();
    if (code != 0 || measured == null) {
      throw new IllegalStateException(
          "the Spark writer "
              + command.subList(command.size() - 7, command.size())
              + " exited with "
              + code
              + (measured == null ? " and no RESULT line" : ""));
    }
    return measured;
  }

  static final String SPARK_WRITER = "Hudi 0.15 Spark local[2]";

  /** Spark 3.5 on Java 17: its module options (Spark's JavaModuleOptions). */
  static final String SPARK_JVM_OPTIONS =
      "-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED"
          + " --add-opens=java.base/java.lang.invoke=ALL-UNNAMED"
          + " --add-opens=java.base/java.lang.reflect=ALL-UNNAMED"
          + " --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED"
          + " --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED"
          + " --add-opens=java.base/java.util.concurrent=ALL-UNNAMED"
          + " --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED"
          + " --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED"
          + " --add-opens=java.base/sun.nio.ch=ALL-UNNAMED"
          + " --add-opens=java.base/sun.nio.cs=ALL-UNNAMED"
          + " --add-opens=java.base/sun.security.action=ALL-UNNAMED"
          + " --add-opens=java.base/sun.util.calendar=ALL-UNNAMED"
          + " -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true"
          + " -Dfile.encoding=UTF-8";

  /** The process's resident set size (VmRSS of /proc/self/status), or -1 without /proc. */
  private static long residentBytes() {
    try {
      for (String line :
          Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.US_ASCII)) {
        if (line.startsWith("VmRSS:")) {
          String kib = line.substring("VmRSS:".length()).trim().split("\\s+")[0];
          return Long.parseLong(kib) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /** The floor: the workload's input records as plain parquet-avro files, one per city, gzip. */
  private static void floor(Workload w, Path table, long batch, long start, long count)
      throws IOException {
    Path out = table.resolve(w.name().toLowerCase(Locale.ROOT));
    Map<String, ParquetWriter<GenericRecord>> writers = new HashMap<>();
    Configuration conf = new Configuration();
    try {
      for (long i = start; i < start + count; i++) {
        GenericRecord r = TripsData.record(batch, i);
        String city = TripsData.city(i);
        ParquetWriter<GenericRecord> writer = writers.get(city);
        if (writer == null) {
          writer =
              AvroParquetWriter.<GenericRecord>builder(
                      HadoopOutputFile.fromPath(
                          new org.apache.hadoop.fs.Path(
                              out.resolve(city).resolve("part-0.parquet").toUri()),
                          conf))
                  .withSchema(TripsData.SCHEMA)
                  .withConf(conf)
                  .withCompressionCodec(CompressionCodecName.GZIP)
                  .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                  .build();
          writers.put(city, writer);
        }
        writer.write(r);
      }
    } finally {
      for (ParquetWriter<GenericRecord> writer : writers.values()) {
        writer.close();
      }
    }
  }

  /** HudiIO through the examples jar's trips command, exactly as a user runs it. */
  private static void hudiIo(
      Workload w, Path table, long batch, long start, long count, String... extra) {
    List<String> args = new ArrayList<>();
    if (w == Workload.MOR_COMPACT) {
      // HudiIO.compact() schedules whenever a latest file slice has log files.
      args.addAll(List.of("compact", "--table=" + table));
    } else {
      String operation =
          w == Workload.MOR_INSERT ? "insert" : w == Workload.MOR_UPSERT ? "upsert" : w.name();
      args.addAll(
          List.of(
              "trips",
              "--table=" + table,
              "--operation=" + operation.toLowerCase(Locale.ROOT),
              "--batch=" + batch,
              "--start=" + start,
              "--count=" + count,
              "--progressSeconds=0"));
      if (w.mergeOnRead()) {
        args.add("--tableType=MERGE_ON_READ");
      }
    }
    args.addAll(List.of(extra));
    int code = Main.run(args.toArray(new String[0]), System.out, System.err);
    if (code != 0) {
      throw new IllegalStateException("trips " + args + " exited with " + code);
    }
  }

  /**
   * Hudi 0.15's HoodieJavaWriteClient through the tests' HudiReference: metadata table off and
   * SIMPLE index like HudiIO, bulk insert sort mode GLOBAL_SORT (with Hudi's default NONE the Java
   * client wrote one file per record: 10,000 files for 10,000 records).
   */
  private static void hudiClient(Workload w, Path table, long batch, long start, long count) {
    HudiReference.Builder builder = HudiReference.trips(table.toString());
    if (w.mergeOnRead()) {
      builder =
          builder
              .tableType(HoodieTableType.MERGE_ON_READ)
              // Hudi schedules only after this many deltacommits (default 5): the insert and the
              // upsert make two.
              .writeConfig("hoodie.compact.inline.max.delta.commits", "1");
    }
    HudiReference hudi = builder.create();
    if (w == Workload.MOR_COMPACT) {
      String plan =
          hudi.scheduleCompaction()
              .orElseThrow(() -> new IllegalStateException("Hudi scheduled no compaction"));
      hudi.compact(plan);
      return;
    }
    List<GenericRecord> records = TripsData.batch(batch, start, count);
    switch (w) {
      case BULK_INSERT:
        hudi.bulkInsert(records);
        break;
      case INSERT:
      case MOR_INSERT:
        hudi.insert(records);
        break;
      case UPSERT:
      case MOR_UPSERT:
        hudi.upsert(records);
        break;
      default:
        hudi.delete(records);
    }
  }

  private static Map<Path, Long> parquetFiles(Path table) throws IOException {
    if (!Files.exists(table)) {
      return Map.of();
    }
    try (Stream<Path> files = Files.walk(table)) {
      return files
          .filter(
              p ->
                  (p.getFileName().toString().endsWith(".parquet")
                          || p.getFileName().toString().contains(".log."))
                      && !p.toString().contains("/.hoodie/"))
          .collect(
              Collectors.toMap(
                  p -> p,
                  p -> {
                    try {
                      return Files.size(p);
                    } catch (IOException e) {
                      throw new UncheckedIOException(e);
                    }
                  }));
    }
  }

  private static String format(Result r) {
    return String.format(
        Locale.ROOT,
        "%s %s: %d records, %.1f s, %.0f records/s, peak heap %d MiB, peak RSS %s MiB, %d files, %d bytes",
        r.writer,
        r.workload,
        r.records,
        r.seconds,
        r.records / r.seconds,
        r.peakHeapBytes >> 20,
        rss(r),
        r.files,
        r.bytes);
  }

  private static String rss(Result r) {
    return r.peakRssBytes < 0 ? "-" : String.valueOf(r.peakRssBytes >> 20);
  }

  /**
   * The results as an SVG bar chart of seconds per workload and writer ({@link BenchmarkChart}).
   */
  static String chart(long n, List<Result> results) {
    List<BenchmarkChart.Bar> bars = new ArrayList<>();
    for (Result r : results) {
      bars.add(
          new BenchmarkChart.Bar(r.workload.name().toLowerCase(Locale.ROOT), r.writer, r.seconds));
    }
    return BenchmarkChart.svg(
        String.format(
            Locale.ROOT,
            "Trips write benchmark, N = %,d records (delete: N/10): seconds per workload and writer",
            n),
        bars);
  }

  static String report(long n, List<Result> results) {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "Trips write benchmark, N = %,d records, %d cores, Java %s, max heap %d MiB%n%n",
            n,
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.version"),
            Runtime.getRuntime().maxMemory() >> 20));
    s.append(
        "| workload | writer | records | seconds | records/s | peak heap MiB | peak RSS MiB | files | MiB written | bytes/record | time / floor | time / Hudi client | time / Hudi Spark |\n");
    s.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Workload w : Workload.values()) {
      Result floor = find(results, "parquet-avro (floor)", w);
      Result hudi = find(results, "Hudi 0.15 Java client", w);
      for (Result r : results) {
        if (r.workload != w) {
          continue;
        }
        // A writer with the metadata table is compared with Spark's writer with it too.
        Result spark = find(results, SPARK_WRITER + (r.writer.endsWith(" +MDT") ? " +MDT" : ""), w);
        s.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %,d | %.1f | %,.0f | %d | %s | %d | %.1f | %.1f | %s | %s | %s |%n",
                w.name().toLowerCase(Locale.ROOT),
                r.writer,
                r.records,
                r.seconds,
                r.records / r.seconds,
                r.peakHeapBytes >> 20,
                rss(r),
                r.files,
                r.bytes / 1048576.0,
                (double) r.bytes / r.records,
                floor == null ? "-" : String.format(Locale.ROOT, "%.1f", r.seconds / floor.seconds),
                hudi == null ? "-" : String.format(Locale.ROOT, "%.2f", r.seconds / hudi.seconds),
                spark == null
                    ? "-"
                    : String.format(Locale.ROOT, "%.2f", r.seconds / spark.seconds)));
      }
    }
    return s.toString();
  }

  private static Result find(List<Result> results, String writer, Workload w) {
    return results.stream()
        .filter(r -> r.writer.equals(writer) && r.workload == w)
        .findFirst()
        .orElse(null);
  }

  private WriteBenchmark() {}
}
