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
package io.hudibeam.compat.spark;

import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.range;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.HudiRead;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.read()} against Hudi 1.0.2's Spark reader, row by row (every trips field and {@code
 * _hoodie_commit_time}), for every read mode: snapshot, read-optimized, time travel to every
 * completed instant, and incremental from every completed instant (table version 6: its instant
 * time; version 8: its completion time, as Hudi 1.0.2 takes the begin instant). Tables of versions
 * 6 and 8, copy-on-write and merge-on-read, written by Hudi 1.0.2's Spark writer and by HudiIO:
 * inserts, upserts, deletes; merge-on-read with inline compaction; cleaning.
 */
public class HudiIOReadModesIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** The writes every table gets, in order: (operation, batch, indexes). */
  private interface Writer {
    void write(String operation, long batch, long[] indexes);
  }

  private static void writeAll(Writer writer) {
    writer.write("insert", 0, range(0, 300));
    writer.write("upsert", 1, range(200, 400));
    writer.write("delete", 2, range(0, 50));
    writer.write("upsert", 2, range(350, 450));
    writer.write("upsert", 3, range(100, 150));
  }

  private Writer spark(String base, int version, TableType type) {
    return (operation, batch, indexes) -> {
      Map<String, String> options = new HashMap<>(tripsOptions(operation));
      options.put("hoodie.datasource.write.table.type", type.name());
      options.put("hoodie.cleaner.commits.retained", "2");
      if (version == 6) {
        options.put("hoodie.write.table.version", "6");
        options.put("hoodie.write.auto.upgrade", "false");
      }
      if (type == TableType.MERGE_ON_READ) {
        options.put("hoodie.compact.inline", "true");
        options.put("hoodie.compact.inline.max.delta.commits", "3");
      }
      SPARK.sparkWrite(base, records(batch, indexes), options);
    };
  }

  private static Writer hudiIOWriter(String base, int version, TableType type) {
    return (operation, batch, indexes) -> {
      Map<String, String> properties = new HashMap<>();
      properties.put("hoodie.cleaner.commits.retained", "2");
      if (type == TableType.MERGE_ON_READ) {
        properties.put("hoodie.compact.inline", "true");
        properties.put("hoodie.compact.inline.max.delta.commits", "3");
      }
      hudiIO(
          records(batch, indexes),
          hudiIOWrite(base, WriteOperation.fromValue(operation))
              .withTableType(type)
              .withTableVersion(version)
              .withHoodieProperties(properties));
    };
  }

  /** A query, in Spark's options and as a HudiIO read. */
  private record Query(String name, Map<String, String> sparkOptions, HudiRead read) {}

  private List<Query> queries(String base, int version, TableType type) {
    List<Query> queries = new ArrayList<>();
    HudiRead read = HudiIO.read().withBasePath(base).withMetaColumns();
    queries.add(new Query("snapshot", Map.of(), read));
    if (type == TableType.MERGE_ON_READ) {
      queries.add(
          new Query(
              "read_optimized",
              Map.of("hoodie.datasource.query.type", "read_optimized"),
              read.withQueryType(HudiRead.QueryType.READ_OPTIMIZED)));
    }
    for (HoodieInstant instant : SPARK.completedCommits(base)) {
      String time = instant.requestedTime();
      queries.add(
          new Query("as of " + time, Map.of("as.of.instant", time), read.withAsOfInstant(time)));
      String begin = version == 6 ? time : instant.getCompletionTime();
      queries.add(
          new Query(
              "incremental from " + begin,
              Map.of(
                  "hoodie.datasource.query.type",
                  "incremental",
                  "hoodie.datasource.read.begin.instanttime",
                  begin),
              read.withBeginInstant(begin)));
    }
    return queries;
  }

  /** Key to the trips fields and the commit time, as {@link SparkHudi#sparkRead} gives them. */
  static TreeMap<String, List<Object>> rowsOf(Iterable<Row> rows) {
    TreeMap<String, List<Object>> out = new TreeMap<>();
    for (Row row : rows) {
      List<Object> values = new ArrayList<>();
      for (Schema.Field f : TripsData.SCHEMA.getFields()) {
        values.add(row.getValue(f.name()));
      }
      values.add(row.getString("_hoodie_commit_time"));
      out.put(row.getString("_hoodie_record_key"), values);
    }
    return out;
  }

  private void compareEveryMode(String base, int version, TableType type) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    int compared = 0;
    List<String> unanswered = new ArrayList<>();
    for (Query query : queries(base, version, type)) {
      Map<String, List<Object>> spark;
      try {
        spark = SPARK.sparkRead(base, query.sparkOptions());
      } catch (RuntimeException e) {
        // Spark has no answer (e.g. a time travel before the files the cleaner kept): no reference.
        unanswered.add(query.name() + ": " + e.getClass().getSimpleName());
        continue;
      }
      TreeMap<String, List<Object>> expected = new TreeMap<>(spark);
      PCollection<Row> rows = p.apply(query.name(), query.read());
      String name = query.name();
      PAssert.that(name, rows)
          .satisfies(
              actual -> {
                assertThat(name, rowsOf(actual), is(expected));
                return null;
              });
      compared++;
    }
    p.run().waitUntilFinish();
    System.out.println(
        base + ": " + compared + " queries compared with Spark; no Spark answer: " + unanswered);
    assertThat(compared, greaterThanOrEqualTo(8));
  }

  private void check(String writer, int version, TableType type) {
    String base = new File(tmp.getRoot(), writer + "_v" + version + "_" + type).getPath();
    writeAll(
        writer.equals("spark") ? spark(base, version, type) : hudiIOWriter(base, version, type));
    compareEveryMode(base, version, type);
  }

  @Test
  public void sparkWrittenVersionSix() {
    check("spark", 6, TableType.COPY_ON_WRITE);
    check("spark", 6, TableType.MERGE_ON_READ);
  }

  @Test
  public void sparkWrittenVersionEight() {
    check("spark", 8, TableType.COPY_ON_WRITE);
    check("spark", 8, TableType.MERGE_ON_READ);
  }

  @Test
  public void hudiIOWrittenVersionSix() {
    check("hudiio", 6, TableType.COPY_ON_WRITE);
    check("hudiio", 6, TableType.MERGE_ON_READ);
  }

  @Test
  public void hudiIOWrittenVersionEight() {
    check("hudiio", 8, TableType.COPY_ON_WRITE);
    check("hudiio", 8, TableType.MERGE_ON_READ);
  }
}
