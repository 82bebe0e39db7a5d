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
package io.hudibeam.compat.spark015;

import static io.hudibeam.compat.spark015.SparkHudiFifteen.expected;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiBootstrap;
import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PBegin;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.bootstrap()} proven by Hudi 0.15.0's Spark reader and writer (table version 6):
 * FULL_RECORD, METADATA_ONLY (copy-on-write and merge-on-read) and a regex that mixes the modes,
 * each read row by row through Hudi 0.15's bootstrap relation and continued by Hudi's Spark writer
 * and by HudiIO; and a table Hudi 0.15's Spark writer bootstrapped METADATA_ONLY, continued by
 * HudiIO. The source files stay byte for byte as they were.
 */
public class HudiIOBootstrapSparkFifteenIT {
  @ClassRule public static final SparkHudiFifteen SPARK = new SparkHudiFifteen();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String METADATA_ONLY = "00000000000001";
  private static final String FULL_RECORD = "00000000000002";

  /** The trips records 0..23 of batch 0 as Parquet files, two per city folder. */
  private File writeSource() throws IOException {
    File source = tmp.newFolder("source");
    Map<String, List<List<GenericRecord>>> files = new TreeMap<>();
    for (GenericRecord r : records(0, range(0, 24))) {
      List<List<GenericRecord>> city =
          files.computeIfAbsent(
              r.get("city").toString(), c -> List.of(new ArrayList<>(), new ArrayList<>()));
      city.get(city.get(0).size() <= city.get(1).size() ? 0 : 1).add(r);
    }
    for (Map.Entry<String, List<List<GenericRecord>>> city : files.entrySet()) {
      for (int f = 0; f < 2; f++) {
        File file = new File(source, city.getKey() + "/part-" + f + ".parquet");
        try (ParquetWriter<GenericRecord> writer =
            AvroParquetWriter.<GenericRecord>builder(new Path(file.getAbsolutePath()))
                .withSchema(TripsData.SCHEMA)
                .withConf(new Configuration())
                .build()) {
          for (GenericRecord r : city.getValue().get(f)) {
            writer.write(r);
          }
        }
      }
    }
    return source;
  }

  @Test
  public void aFullRecordBootstrapIsReadAndContinuedByHudiSparkFifteen() throws Exception {
    File source = writeSource();
    String base = new File(tmp.getRoot(), "full").getAbsolutePath();
    run(bootstrap(source, base, TableType.COPY_ON_WRITE).withMode(HudiBootstrap.Mode.FULL_RECORD));
    Map<String, List<Object>> expected = expected(0, FULL_RECORD, range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));
    continueBySparkThenByHudiIO(base, TableType.COPY_ON_WRITE, expected);
    assertThat(SPARK.completedCommits(base).size(), is(4));
  }

  @Test
  public void aMetadataOnlyBootstrapIsReadAndContinuedByHudiSparkFifteen() throws Exception {
    File source = writeSource();
    Map<String, String> sourceBytes = contents(source);
    String base = new File(tmp.getRoot(), "metadata-only").getAbsolutePath();
    run(
        bootstrap(source, base, TableType.COPY_ON_WRITE)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    Map<String, List<Object>> expected = expected(0, METADATA_ONLY, range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));
    continueBySparkThenByHudiIO(base, TableType.COPY_ON_WRITE, expected);
    assertThat(contents(source), is(sourceBytes));
  }

  /**
   * A merge-on-read METADATA_ONLY bootstrap: HudiIO's upsert and delete append log files to
   * skeleton slices, which Hudi 0.15's bootstrap merge-on-read relation merges onto the skeleton
   * and source rows; after HudiIO's compaction, regular base files; rows exact after each step.
   */
  @Test
  public void aMergeOnReadMetadataOnlyBootstrapIsMergedAndCompactedAsHudiSparkFifteenReadsIt()
      throws Exception {
    File source = writeSource();
    Map<String, String> sourceBytes = contents(source);
    String base = new File(tmp.getRoot(), "mor").getAbsolutePath();
    run(
        bootstrap(source, base, TableType.MERGE_ON_READ)
            .withMode(HudiBootstrap.Mode.METADATA_ONLY));
    Map<String, List<Object>> expected = expected(0, METADATA_ONLY, range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));

    write(records(1, 3, 10, 17, 40), upsert(base).withTableType(TableType.MERGE_ON_READ));
    expected.putAll(expected(1, SPARK.lastCommit(base), 3, 10, 17, 40));
    assertThat(SPARK.snapshot(base), is(expected));
    write(
        records(2, 8),
        upsert(base).withOperation(WriteOperation.DELETE).withTableType(TableType.MERGE_ON_READ));
    expected.remove(TripsData.key(8));
    assertThat(SPARK.snapshot(base), is(expected));

    Pipeline compact = Pipeline.create(PipelineOptionsFactory.as(DirectOptions.class));
    compact.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "1")));
    assertThat(compact.run().waitUntilFinish(), is(PipelineResult.State.DONE));
    List<String> actions =
        SPARK.completedCommits(base).stream().map(i -> i.getAction()).collect(Collectors.toList());
    assertThat(actions, is(List.of("deltacommit", "deltacommit", "deltacommit", "commit")));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(contents(source), is(sourceBytes));
  }

  /**
   * A regex that mixes the modes (Hudi's {@code BootstrapRegexModeSelector}): the matching
   * partitions are METADATA_ONLY at {@code 00000000000001}, the others FULL_RECORD at {@code
   * 00000000000002}, and Hudi 0.15's Spark reader returns each row with its partition's time.
   */
  @Test
  public void aRegexSelectorMixesTheModesAsHudiSparkFifteenReadsThem() throws Exception {
    File source = writeSource();
    String base = new File(tmp.getRoot(), "regex").getAbsolutePath();
    run(
        bootstrap(source, base, TableType.COPY_ON_WRITE)
            .withModeRegex("chennai|new_york", HudiBootstrap.Mode.METADATA_ONLY));
    Map<String, List<Object>> expected = new TreeMap<>();
    for (long i = 0; i < 24; i++) {
      boolean metadataOnly = List.of("chennai", "new_york").contains(TripsData.city(i));
      expected.putAll(expected(0, metadataOnly ? METADATA_ONLY : FULL_RECORD, i));
    }
    assertThat(SPARK.snapshot(base), is(expected));
    List<String> times =
        SPARK.completedCommits(base).stream()
            .map(i -> i.getTimestamp())
            .collect(Collectors.toList());
    assertThat(times, is(List.of(METADATA_ONLY, FULL_RECORD)));
    continueBySparkThenByHudiIO(base, TableType.COPY_ON_WRITE, expected);
  }

  /**
   * A table Hudi 0.15's Spark writer bootstrapped METADATA_ONLY (its default selector): HudiIO
   * upserts rows of skeleton file groups and a new key, then deletes; Hudi's reader returns every
   * row exact after each step; the source files are untouched.
   */
  @Test
  public void aTableHudiSparkFifteenBootstrappedIsContinuedByHudiIO() throws Exception {
    File source = writeSource();
    Map<String, String> sourceBytes = contents(source);
    String base = new File(tmp.getRoot(), "spark-bootstrapped").getAbsolutePath();
    SPARK.bootstrap(source.getAbsolutePath(), base);
    Map<String, List<Object>> expected = expected(0, METADATA_ONLY, range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));

    write(records(1, 4, 5, 10, 17, 41), upsert(base));
    expected.putAll(expected(1, SPARK.lastCommit(base), 4, 5, 10, 17, 41));
    assertThat(SPARK.snapshot(base), is(expected));
    write(records(2, 8, 21), upsert(base).withOperation(WriteOperation.DELETE));
    expected.remove(TripsData.key(8));
    expected.remove(TripsData.key(21));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.completedCommits(base).size(), is(3));
    assertThat(contents(source), is(sourceBytes));
  }

  /**
   * Hudi 0.15's Spark writer upserts rows of the bootstrap and a new key, then HudiIO upserts a row
   * Spark rewrote, rows of the bootstrap and a new key, and deletes two; rows exact after each
   * step.
   */
  private static void continueBySparkThenByHudiIO(
      String base, TableType type, Map<String, List<Object>> expected) throws Exception {
    SPARK.upsert(
        base,
        records(1, 3, 4, 40),
        type == TableType.MERGE_ON_READ
            ? Map.of("hoodie.datasource.write.table.type", "MERGE_ON_READ")
            : Map.of());
    expected.putAll(expected(1, SPARK.lastCommit(base), 3, 4, 40));
    assertThat(SPARK.snapshot(base), is(expected));

    write(records(2, 4, 5, 10, 17, 41), upsert(base).withTableType(type));
    expected.putAll(expected(2, SPARK.lastCommit(base), 4, 5, 10, 17, 41));
    assertThat(SPARK.snapshot(base), is(expected));
    write(records(3, 8, 21), upsert(base).withOperation(WriteOperation.DELETE).withTableType(type));
    expected.remove(TripsData.key(8));
    expected.remove(TripsData.key(21));
    assertThat(SPARK.snapshot(base), is(expected));
  }

  private static HudiBootstrap bootstrap(File source, String base, TableType type) {
    return HudiIO.bootstrap()
        .withSourcePath(source.getAbsolutePath())
        .withBasePath(base)
        .withTableName(TripsData.TABLE_NAME)
        .withTableType(type)
        .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
        .withPartitionFields(TripsData.PARTITION_FIELD)
        .withOrderingField(TripsData.ORDERING_FIELD);
  }

  private static HudiIO.Write<GenericRecord> upsert(String base) {
    return HudiIO.writeGenericRecords()
        .withBasePath(base)
        .withTableName(TripsData.TABLE_NAME)
        .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
        .withPartitionFields(TripsData.PARTITION_FIELD)
        .withOrderingField(TripsData.ORDERING_FIELD)
        .withOperation(WriteOperation.UPSERT);
  }

  /** HudiIO's bootstrap on the DirectRunner. */
  private static void run(PTransform<PBegin, ?> bootstrap) {
    Pipeline p = Pipeline.create(directRunner());
    p.apply(bootstrap);
    assertThat(p.run().waitUntilFinish(), is(PipelineResult.State.DONE));
  }

  /** HudiIO's write of {@code records} on the DirectRunner. */
  private static void write(List<GenericRecord> records, HudiIO.Write<GenericRecord> write) {
    Pipeline p = Pipeline.create(directRunner());
    p.apply(Create.of(records).withCoder(AvroCoder.of(TripsData.SCHEMA))).apply(write);
    assertThat(p.run().waitUntilFinish(), is(PipelineResult.State.DONE));
  }

  private static DirectOptions directRunner() {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    return options;
  }

  private static List<GenericRecord> records(long b, long... indexes) {
    return Arrays.stream(indexes)
        .mapToObj(i -> TripsData.record(b, i))
        .collect(Collectors.toList());
  }

  private static long[] range(long start, long endExclusive) {
    return LongStream.range(start, endExclusive).toArray();
  }

  /** Every file under {@code folder}, relative path to its bytes (as text, to compare maps). */
  private static Map<String, String> contents(File folder) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<java.nio.file.Path> files = Files.walk(folder.toPath())) {
      for (java.nio.file.Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(
            folder.toPath().relativize(f).toString(),
            java.util.HexFormat.of().formatHex(Files.readAllBytes(f)));
      }
    }
    return out;
  }
}
