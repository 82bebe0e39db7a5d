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
package io.hudibeam.bench.spark;

import io.hudibeam.testing.TripsData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * One workload of the write benchmark with Hudi 0.15's Spark datasource writer on Spark 3.5.3
 * (local[2]), in a JVM of its own: {@code --workload=bulk_insert|insert|upsert|delete --table=PATH
 * --batch=B --start=S --count=N}. The trips records of batch B, indexes S..S+N, as a DataFrame,
 * written with the same table settings as the benchmark's other Hudi writers (record key, partition
 * and ordering fields, SIMPLE index, parallelism 2; no metadata table unless {@code
 * --metadataTable=true}, Hudi's default) and Spark's defaults otherwise. The time covers making the
 * rows and the write (the Spark session is started before, and warmed up by the same operation on a
 * scratch table of 1,000 records); it is printed with the peak heap and resident memory as one
 * line: {@code RESULT seconds=... peakHeapBytes=... peakRssBytes=...}.
 */
public final class SparkTripsWriter {
  private SparkTripsWriter() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException(
            "options are --workload, --table, --batch, --start, --count, --metadataTable; got "
                + arg);
      }
      options.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
    String operation = required(options, "workload").toLowerCase(Locale.ROOT);
    String table = required(options, "table");
    long batch = Long.parseLong(required(options, "batch"));
    long start = Long.parseLong(required(options, "start"));
    long count = Long.parseLong(required(options, "count"));
    boolean metadataTable = Boolean.parseBoolean(options.getOrDefault("metadataTable", "false"));

    SparkSession spark = session();
    // Warm-up, as the in-process writers of the benchmark are warm after their first workload: the
    // same operation on a scratch table of 1,000 records, then deleted.
    warmUp(spark, operation, metadataTable);

    MemorySampler memory = MemorySampler.start();
    long t0 = System.nanoTime();
    write(spark, table, operation, metadataTable, batch, start, count);
    double seconds = (System.nanoTime() - t0) / 1e9;
    memory.stop();
    System.out.printf(
        Locale.ROOT,
        "RESULT seconds=%.3f peakHeapBytes=%d peakRssBytes=%d%n",
        seconds,
        memory.peakHeap.get(),
        memory.peakRss.get());
    spark.stop();
    System.exit(0);
  }

  /** A local[2] Spark session with Hudi's Kryo registrar and session extension. */
  static SparkSession session() {
    return SparkSession.builder()
        .master("local[2]")
        .appName("hudi-beam-bench-spark")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        // Hudi's quick start: Kryo with Hudi's registrar, and Hudi's session extension.
        .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
        .config("spark.kryo.registrator", "org.apache.spark.HoodieSparkKryoRegistrar")
        .config("spark.sql.extensions", "org.apache.spark.sql.hudi.HoodieSparkSessionExtension")
        .getOrCreate();
  }

  /**
   * Inserts 1,000 trips into a scratch table, runs {@code operation} on 500 of them, deletes it.
   */
  static void warmUp(SparkSession spark, String operation, boolean metadataTable)
      throws java.io.IOException {
    java.nio.file.Path scratch = Files.createTempDirectory("hudi-spark-warmup");
    write(spark, scratch.toString(), "insert", metadataTable, 0, 0, 1000);
    write(spark, scratch.toString(), operation, metadataTable, 1, 0, 500);
    deleteRecursively(scratch);
  }

  /** Makes the rows of batch {@code batch}, indexes start..start+count, and writes them. */
  private static void write(
      SparkSession spark,
      String table,
      String operation,
      boolean metadataTable,
      long batch,
      long start,
      long count) {
    List<Row> rows = new ArrayList<>();
    for (GenericRecord r : TripsData.batch(batch, start, count)) {
      rows.add(RowFactory.create(TripsData.values(r).toArray()));
    }
    spark
        .createDataFrame(rows, sparkSchema())
        .write()
        .format("hudi")
        .options(hudiOptions(operation, metadataTable))
        .mode(SaveMode.Append)
        .save(table);
  }

  private static void deleteRecursively(java.nio.file.Path dir) throws java.io.IOException {
    try (java.util.stream.Stream<java.nio.file.Path> paths = Files.walk(dir)) {
      for (java.nio.file.Path p :
          paths
              .sorted(java.util.Comparator.reverseOrder())
              .collect(java.util.stream.Collectors.toList())) {
        Files.delete(p);
      }
    }
  }

  private static String required(Map<String, String> options, String key) {
    String value = options.get(key);
    if (value == null) {
      throw new IllegalArgumentException("--" + key + " is required");
    }
    return value;
  }

  /**
   * The datasource options: the trips table as the benchmark's Hudi Java client writes it, with or
   * without the metadata table.
   */
  static Map<String, String> hudiOptions(String operation, boolean metadataTable) {
    Map<String, String> options = new HashMap<>();
    options.put("hoodie.table.name", TripsData.TABLE_NAME);
    options.put("hoodie.datasource.write.recordkey.field", TripsData.RECORD_KEY_FIELD);
    options.put("hoodie.datasource.write.partitionpath.field", TripsData.PARTITION_FIELD);
    options.put("hoodie.datasource.write.precombine.field", TripsData.ORDERING_FIELD);
    options.put("hoodie.datasource.write.operation", operation);
    options.put("hoodie.index.type", "SIMPLE");
    options.put("hoodie.metadata.enable", String.valueOf(metadataTable));
    for (String op : List.of("insert", "upsert", "bulkinsert", "delete")) {
      options.put("hoodie." + op + ".shuffle.parallelism", "2");
    }
    return options;
  }

  static StructType sparkSchema() {
    StructType schema = new StructType();
    for (Schema.Field f : TripsData.SCHEMA.getFields()) {
      Schema type = f.schema();
      if (type.isUnion()) {
        type =
            type.getTypes().stream()
                .filter(s -> s.getType() != Schema.Type.NULL)
                .findFirst()
                .orElseThrow();
      }
      DataType sparkType;
      switch (type.getType()) {
        case STRING:
          sparkType = DataTypes.StringType;
          break;
        case LONG:
          sparkType = DataTypes.LongType;
          break;
        case DOUBLE:
          sparkType = DataTypes.DoubleType;
          break;
        default:
          throw new IllegalArgumentException("trips field " + f.name() + " has type " + type);
      }
      schema = schema.add(f.name(), sparkType, f.schema().isNullable());
    }
    return schema;
  }

  /** Samples the heap in use and the resident set size every 20 ms. */
  static final class MemorySampler {
    final AtomicLong peakHeap = new AtomicLong();
    final AtomicLong peakRss = new AtomicLong(-1);
    private Thread thread;

    static MemorySampler start() {
      MemorySampler sampler = new MemorySampler();
      System.gc();
      sampler.thread =
          new Thread(
              () -> {
                Runtime rt = Runtime.getRuntime();
                while (!Thread.currentThread().isInterrupted()) {
                  sampler.peakHeap.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                  sampler.peakRss.accumulateAndGet(residentBytes(), Math::max);
                  try {
                    Thread.sleep(20);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              });
      sampler.thread.setDaemon(true);
      sampler.thread.start();
      return sampler;
    }

    void stop() throws InterruptedException {
      thread.interrupt();
      thread.join();
    }

    private static long residentBytes() {
      try {
        for (String line :
            Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.US_ASCII)) {
          if (line.startsWith("VmRSS:")) {
            return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
          }
        }
      } catch (Exception e) {
        return -1;
      }
      return -1;
    }
  }
}
