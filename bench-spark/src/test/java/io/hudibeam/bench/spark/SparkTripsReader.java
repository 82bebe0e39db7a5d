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

import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The read benchmark's Spark side: Hudi 0.15's Spark reader (local[2]) reads every column of every
 * row of a table's snapshot ({@code count(*)} and a hash over all columns, so every column is
 * decoded and, on merge-on-read, every file slice merged). Prints {@code RESULT seconds=...
 * rows=...}: the read's time after the session started; the process's own wall time is measured by
 * the caller.
 */
public final class SparkTripsReader {
  private SparkTripsReader() {}

  public static void main(String[] args) {
    if (args.length != 1 || !args[0].startsWith("--table=")) {
      throw new IllegalArgumentException("usage: SparkTripsReader --table=PATH");
    }
    String table = args[0].substring("--table=".length());
    SparkSession spark = SparkTripsWriter.session();
    long t0 = System.nanoTime();
    Dataset<Row> rows = spark.read().format("hudi").load(table);
    Row result = rows.selectExpr("count(*)", "sum(hash(*))").collectAsList().get(0);
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf(Locale.ROOT, "RESULT seconds=%.3f rows=%d%n", seconds, result.getLong(0));
    spark.stop();
  }
}
