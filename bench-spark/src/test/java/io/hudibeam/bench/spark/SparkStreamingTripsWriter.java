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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;

/**
 * The streaming workload of the benchmark with Hudi 0.15's Spark structured-streaming sink on Spark
 * 3.5.3 (local[2]), in a JVM of its own: {@code --table=PATH --rate=R --seconds=D
 * --commitInterval=I --batch=B --start=S [--index=SIMPLE|BLOOM]}. Spark's rate source emits R rows
 * per second; row {@code v} becomes trips record {@code S + v} of batch B (so the stream upserts
 * the same keys, in the same order, as HudiIO's {@code trips --streaming}), written by Hudi's sink
 * with a processing-time trigger of I seconds and the table settings of {@link SparkTripsWriter}.
 * After D seconds the query is stopped (a micro-batch running then is cut short and rolled back by
 * Hudi's next write; it is after the measured input). The JVM is warmed up first with a batch
 * upsert on a scratch table. Prints one line per micro-batch ({@code BATCH id=... rows=...
 * triggerMs=...}) and the JVM's peak memory ({@code RESULT peakHeapBytes=... peakRssBytes=...});
 * commit latencies are read from the table's timeline by the benchmark.
 */
public final class SparkStreamingTripsWriter {
  private SparkStreamingTripsWriter() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      options.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
    String table = options.get("table");
    long rate = Long.parseLong(options.get("rate"));
    long seconds = Long.parseLong(options.get("seconds"));
    long interval = Long.parseLong(options.get("commitInterval"));
    long batch = Long.parseLong(options.getOrDefault("batch", "1"));
    long start = Long.parseLong(options.getOrDefault("start", "0"));

    SparkSession spark = SparkTripsWriter.session();
    // Warm-up (the HudiIO runs share a JVM that earlier runs warmed): a batch upsert on a scratch
    // table, so the stream's first micro-batches do not pay Spark's and Hudi's class loading.
    SparkTripsWriter.warmUp(spark, "upsert", false);
    SparkTripsWriter.MemorySampler memory = SparkTripsWriter.MemorySampler.start();
    Path checkpoint = Files.createTempDirectory("hudi-spark-stream-checkpoint");
    MapFunction<Row, Row> toTrip =
        row ->
            RowFactory.create(
                TripsData.values(TripsData.record(batch, start + row.<Long>getAs("value")))
                    .toArray());
    Map<String, String> hudi = SparkTripsWriter.hudiOptions("upsert", false);
    hudi.put("hoodie.index.type", options.getOrDefault("index", "SIMPLE"));
    StreamingQuery query =
        spark
            .readStream()
            .format("rate")
            .option("rowsPerSecond", rate)
            .option("numPartitions", 2)
            .load()
            .map(toTrip, Encoders.row(SparkTripsWriter.sparkSchema()))
            .writeStream()
            .format("hudi")
            .options(hudi)
            .option("checkpointLocation", checkpoint.toString())
            .outputMode("append")
            .trigger(Trigger.ProcessingTime(interval * 1000))
            .start(table);
    query.awaitTermination(seconds * 1000);
    query.stop();
    memory.stop();
    for (StreamingQueryProgress p : query.recentProgress()) {
      Long trigger = p.durationMs().get("triggerExecution");
      System.out.printf(
          Locale.ROOT,
          "BATCH id=%d rows=%d triggerMs=%d%n",
          p.batchId(),
          p.numInputRows(),
          trigger == null ? -1 : trigger);
    }
    System.out.printf(
        Locale.ROOT,
        "RESULT peakHeapBytes=%d peakRssBytes=%d%n",
        memory.peakHeap.get(),
        memory.peakRss.get());
    spark.stop();
    System.exit(0);
  }
}
