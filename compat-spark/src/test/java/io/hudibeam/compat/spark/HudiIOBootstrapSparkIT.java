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

import static io.hudibeam.compat.spark.SparkHudi.expected;
import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.range;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static io.hudibeam.compat.spark.SparkHudi.tripsOptions;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiBootstrap;
import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.spark.sql.SaveMode;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code HudiIO.bootstrap()} proven by Hudi 1.0.2's Spark reader and writer: a FULL_RECORD
 * bootstrap of a partitioned Parquet dataset (the trips, 2 files per city) read row by row (through
 * Hudi's bootstrap relation, as the table records {@code hoodie.bootstrap.base.path}), upserted by
 * Hudi's Spark writer and then by HudiIO; and a table Hudi's Spark writer bootstrapped
 * METADATA_ONLY, which Hudi's Spark writer and then HudiIO continue, and {@code HudiIO.read()}
 * reads as Spark does (skeleton files joined with their source files).
 */
public class HudiIOBootstrapSparkIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String BOOTSTRAP = "00000000000002";

  /** The trips records 0..23 of batch 0 as Parquet files, two per city folder. */
  private File writeSource() throws Exception {
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

  private static Map<String, String> versionSix(String operation) {
    Map<String, String> options = new HashMap<>(tripsOptions(operation));
    options.put("hoodie.write.table.version", "6");
    options.put("hoodie.write.auto.upgrade", "false");
    return options;
  }

  @Test
  public void aFullRecordBootstrapIsReadAndContinuedByHudiSpark() throws Exception {
    File source = writeSource();
    String base = new File(tmp.getRoot(), "trips").getAbsolutePath();
    bootstrapByHudiIO(source, base, TableType.COPY_ON_WRITE, HudiBootstrap.Mode.FULL_RECORD);
    Map<String, List<Object>> expected = expected(0, BOOTSTRAP, range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));
    // HudiIO.read() joins each skeleton file with its source file: the same rows.
    assertThat(hudiIORead(base), is(asText(expected)));

    SPARK.sparkWrite(base, records(1, 3, 4, 40), versionSix("upsert"));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(2));
    String t2 = commits.get(1).requestedTime();
    expected.putAll(expected(1, t2, 3, 4, 40));
    assertThat(SPARK.snapshot(base), is(expected));

    hudiIO(records(2, 4, 5, 41), hudiIOWrite(base, WriteOperation.UPSERT));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(3));
    String t3 = commits.get(2).requestedTime();
    expected.putAll(expected(2, t3, 4, 5, 41));
    assertThat(SPARK.snapshot(base), is(expected));
  }

  /**
   * A regex that mixes the modes (Hudi's {@code BootstrapRegexModeSelector}): the matching
   * partitions are METADATA_ONLY at {@code 00000000000001}, the others FULL_RECORD at {@code
   * 00000000000002}; Hudi 1.0.2's Spark reader returns each row with its partition's commit time,
   * and after Hudi's Spark writer and HudiIO upsert rows of both kinds of partition.
   */
  @Test
  public void aRegexSelectorMixesTheModesAsHudiSparkReadsThem() throws Exception {
    File source = writeSource();
    String base = new File(tmp.getRoot(), "trips-regex").getAbsolutePath();
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(
        HudiIO.bootstrap()
            .withSourcePath(source.getAbsolutePath())
            .withBasePath(base)
            .withTableName(TripsData.TABLE_NAME)
            .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
            .withPartitionFields(TripsData.PARTITION_FIELD)
            .withOrderingField(TripsData.ORDERING_FIELD)
            .withModeRegex("chennai|new_york", HudiBootstrap.Mode.METADATA_ONLY));
    p.run().waitUntilFinish();
    Map<String, List<Object>> expected = new TreeMap<>();
    for (long i = 0; i < 24; i++) {
      boolean metadataOnly = List.of("chennai", "new_york").contains(TripsData.city(i));
      expected.putAll(expected(0, metadataOnly ? "00000000000001" : BOOTSTRAP, i));
    }
    assertThat(SPARK.snapshot(base), is(expected));
    List<String> times = new ArrayList<>();
    SPARK.completedCommits(base).forEach(c -> times.add(c.requestedTime()));
    assertThat(times, is(List.of("00000000000001", BOOTSTRAP)));

    // Keys 2 and 3 are in chennai and new_york (skeleton files), 4 and 40 in FULL_RECORD ones.
    SPARK.sparkWrite(base, records(1, 2, 3, 4, 40), versionSix("upsert"));
    expected.putAll(expected(1, lastCommit(base), 2, 3, 4, 40));
    assertThat(SPARK.snapshot(base), is(expected));
    hudiIO(records(2, 3, 4, 10, 11, 41), hudiIOWrite(base, WriteOperation.UPSERT));
    expected.putAll(expected(2, lastCommit(base), 3, 4, 10, 11, 41));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(hudiIORead(base), is(asText(expected)));
  }

  /**
   * A METADATA_ONLY bootstrap by HudiIO: Hudi's Spark reader returns every source row with the meta
   * fields of {@code 00000000000001}, and the skeleton files and bootstrap index have the shape of
   * those Hudi's Spark writer makes from the same source (file ids, times and paths aside).
   */
  @Test
  public void aMetadataOnlyBootstrapIsReadByHudiSparkAndShapedAsHudiSparks() throws Exception {
    File source = writeSource();
    String base = new File(tmp.getRoot(), "trips-ours").getAbsolutePath();
    bootstrapByHudiIO(source, base, TableType.COPY_ON_WRITE, HudiBootstrap.Mode.METADATA_ONLY);
    assertThat(SPARK.snapshot(base), is(expected(0, "00000000000001", range(0, 24))));

    String theirs = new File(tmp.getRoot(), "trips-spark").getAbsolutePath();
    sparkBootstrap(source, theirs);
    Map<String, String> ourShape = BootstrapShape.of(base);
    Map<String, String> sparkShape = BootstrapShape.of(theirs);
    System.out.println("HudiIO's METADATA_ONLY bootstrap: " + ourShape);
    System.out.println("Hudi Spark's METADATA_ONLY bootstrap: " + sparkShape);
    for (String key : sparkShape.keySet()) {
      if (!key.equals("skeleton file id form") && !key.startsWith("property ")) {
        assertThat(key, ourShape.get(key), is(sparkShape.get(key)));
      }
    }
  }

  /**
   * A copy-on-write table HudiIO bootstrapped METADATA_ONLY, continued by Hudi's Spark writer (an
   * upsert of rows still in skeleton files and a new key), then by HudiIO (an upsert of a row Spark
   * rewrote, of skeleton rows and a new key, and a delete); Hudi's Spark reader and {@code
   * HudiIO.read()} return every row exact after each step; the source files are untouched.
   */
  @Test
  public void aMetadataOnlyBootstrapByHudiIOIsContinuedByHudiSparkThenByHudiIO() throws Exception {
    File source = writeSource();
    Map<String, byte[]> sourceBytes = contents(source);
    String base = new File(tmp.getRoot(), "trips-ours-continued").getAbsolutePath();
    bootstrapByHudiIO(source, base, TableType.COPY_ON_WRITE, HudiBootstrap.Mode.METADATA_ONLY);
    Map<String, List<Object>> expected = expected(0, "00000000000001", range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));

    SPARK.sparkWrite(base, records(1, 3, 4, 40), versionSix("upsert"));
    String t2 = lastCommit(base);
    expected.putAll(expected(1, t2, 3, 4, 40));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(hudiIORead(base), is(asText(expected)));

    hudiIO(records(2, 4, 5, 10, 17, 41), hudiIOWrite(base, WriteOperation.UPSERT));
    String t3 = lastCommit(base);
    expected.putAll(expected(2, t3, 4, 5, 10, 17, 41));
    assertThat(SPARK.snapshot(base), is(expected));
    hudiIO(records(3, 8, 21), hudiIOWrite(base, WriteOperation.DELETE));
    expected.remove(TripsData.key(8));
    expected.remove(TripsData.key(21));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(hudiIORead(base), is(asText(expected)));
    assertThat(contents(source).keySet(), is(sourceBytes.keySet()));
    for (Map.Entry<String, byte[]> e : sourceBytes.entrySet()) {
      assertThat(e.getKey(), contents(source).get(e.getKey()), is(e.getValue()));
    }
  }

  /**
   * A MERGE_ON_READ table HudiIO bootstrapped METADATA_ONLY: HudiIO's upsert and delete append log
   * files to skeleton slices, which Hudi's Spark reader and {@code HudiIO.read()} merge onto the
   * skeleton-and-source rows; then HudiIO's compaction writes regular base files; rows exact after
   * each step.
   */
  @Test
  public void aMergeOnReadMetadataOnlyBootstrapIsUpsertedAndCompactedByHudiIO() throws Exception {
    File source = writeSource();
    Map<String, byte[]> sourceBytes = contents(source);
    String base = new File(tmp.getRoot(), "trips-mor").getAbsolutePath();
    bootstrapByHudiIO(source, base, TableType.MERGE_ON_READ, HudiBootstrap.Mode.METADATA_ONLY);
    Map<String, List<Object>> expected = expected(0, "00000000000001", range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));

    hudiIO(
        records(1, 3, 10, 17, 40),
        hudiIOWrite(base, WriteOperation.UPSERT).withTableType(TableType.MERGE_ON_READ));
    String t2 = lastCommit(base);
    expected.putAll(expected(1, t2, 3, 10, 17, 40));
    assertThat(SPARK.snapshot(base), is(expected));
    hudiIO(
        records(2, 8),
        hudiIOWrite(base, WriteOperation.DELETE).withTableType(TableType.MERGE_ON_READ));
    expected.remove(TripsData.key(8));
    assertThat(SPARK.snapshot(base), is(expected));
    // HudiIO.read() merges the log files onto the joined skeleton-and-source rows as Spark does.
    assertThat(hudiIORead(base), is(asText(expected)));

    Pipeline compact = Pipeline.create(PipelineOptionsFactory.as(DirectOptions.class));
    compact.apply(
        HudiIO.compact()
            .withBasePath(base)
            .withHoodieProperties(Map.of("hoodie.compact.inline.max.delta.commits", "1")));
    compact.run().waitUntilFinish();
    assertThat(
        SPARK.completedCommits(base).get(SPARK.completedCommits(base).size() - 1).getAction(),
        is("commit"));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(contents(source).keySet(), is(sourceBytes.keySet()));
    for (Map.Entry<String, byte[]> e : sourceBytes.entrySet()) {
      assertThat(e.getKey(), contents(source).get(e.getKey()), is(e.getValue()));
    }
  }

  private static String lastCommit(String base) {
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    return commits.get(commits.size() - 1).requestedTime();
  }

  private static void sparkBootstrap(File source, String base) {
    Map<String, String> bootstrap = new HashMap<>(tripsOptions("bootstrap"));
    bootstrap.put("hoodie.bootstrap.base.path", source.getAbsolutePath());
    bootstrap.put("hoodie.write.table.version", "6");
    // Hudi 1.0.2 refuses its column stats index with a bootstrap ("col stats is not supported").
    bootstrap.put("hoodie.metadata.index.column.stats.enable", "false");
    SPARK
        .session()
        .emptyDataFrame()
        .write()
        .format("hudi")
        .options(bootstrap)
        .mode(SaveMode.Overwrite)
        .save(base);
  }

  /**
   * A table Hudi's Spark writer bootstrapped METADATA_ONLY (skeleton file ids bare UUIDs): Hudi's
   * Spark writer upserts into it, then HudiIO upserts and deletes (file groups Hudi rewrote, and
   * skeleton file groups, which HudiIO merges with their source files into regular base files);
   * Hudi's Spark reader returns every row exact after each step; the source files are untouched;
   * {@code HudiIO.read()} returns Spark's rows right after the bootstrap and after the writes.
   */
  @Test
  public void aTableHudiSparkBootstrappedMetadataOnlyIsContinuedByHudiIO() throws Exception {
    File source = writeSource();
    Map<String, byte[]> sourceBytes = contents(source);
    String base = new File(tmp.getRoot(), "trips-mo").getAbsolutePath();
    sparkBootstrap(source, base);
    // Hudi's own reader returns every source row of the METADATA_ONLY table.
    Map<String, List<Object>> expected = expected(0, "00000000000001", range(0, 24));
    assertThat(SPARK.snapshot(base), is(expected));
    // HudiIO.read() joins each skeleton file with its source file: the same rows.
    assertThat(hudiIORead(base), is(asText(expected)));

    SPARK.sparkWrite(base, records(1, 3, 4, 40), versionSix("upsert"));
    List<HoodieInstant> commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(2));
    String t2 = commits.get(1).requestedTime();
    expected.putAll(expected(1, t2, 3, 4, 40));
    assertThat(SPARK.snapshot(base), is(expected));

    // HudiIO: an update of a row Hudi rewrote, of rows still in skeleton file groups, and a new
    // key.
    hudiIO(records(2, 4, 5, 10, 17, 41), hudiIOWrite(base, WriteOperation.UPSERT));
    commits = SPARK.completedCommits(base);
    assertThat(commits.size(), is(3));
    String t3 = commits.get(2).requestedTime();
    expected.putAll(expected(2, t3, 4, 5, 10, 17, 41));
    assertThat(SPARK.snapshot(base), is(expected));

    hudiIO(records(3, 8, 21), hudiIOWrite(base, WriteOperation.DELETE));
    expected.remove(TripsData.key(8));
    expected.remove(TripsData.key(21));
    assertThat(SPARK.snapshot(base), is(expected));
    assertThat(SPARK.completedCommits(base).size(), is(4));
    assertThat(contents(source).keySet(), is(sourceBytes.keySet()));
    for (Map.Entry<String, byte[]> e : sourceBytes.entrySet()) {
      assertThat(e.getKey(), contents(source).get(e.getKey()), is(e.getValue()));
    }

    // HudiIO.read() returns Spark's rows: merged base files, and skeleton files joined with their
    // source files.
    assertThat(hudiIORead(base), is(asText(SPARK.snapshot(base))));
  }

  /**
   * {@code HudiIO.read()} (snapshot, meta columns) as record key to the trips fields and commit
   * time, in the text of {@link HudiIOReadModesIT#line}.
   */
  private TreeMap<String, String> hudiIORead(String base) throws java.io.IOException {
    File out = tmp.newFolder();
    Pipeline p = Pipeline.create(PipelineOptionsFactory.as(DirectOptions.class));
    p.apply(HudiIO.read().withBasePath(base).withMetaColumns())
        .apply(MapElements.into(TypeDescriptors.strings()).via(HudiIOReadModesIT::line))
        .apply(TextIO.write().to(new File(out, "rows").getPath()).withoutSharding());
    p.run().waitUntilFinish();
    TreeMap<String, String> rows = new TreeMap<>();
    for (String l : java.nio.file.Files.readAllLines(new File(out, "rows").toPath())) {
      rows.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1));
    }
    return rows;
  }

  private static TreeMap<String, String> asText(Map<String, List<Object>> rows) {
    TreeMap<String, String> out = new TreeMap<>();
    rows.forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }

  private static Map<String, byte[]> contents(File folder) throws java.io.IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (java.util.stream.Stream<java.nio.file.Path> files =
        java.nio.file.Files.walk(folder.toPath())) {
      for (java.nio.file.Path f : files.filter(java.nio.file.Files::isRegularFile).toList()) {
        out.put(folder.toPath().relativize(f).toString(), java.nio.file.Files.readAllBytes(f));
      }
    }
    return out;
  }

  /** HudiIO's bootstrap of the trips source into {@code base}, on the DirectRunner. */
  private static void bootstrapByHudiIO(
      File source, String base, TableType type, HudiBootstrap.Mode mode) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(
        HudiIO.bootstrap()
            .withSourcePath(source.getAbsolutePath())
            .withBasePath(base)
            .withTableName(TripsData.TABLE_NAME)
            .withTableType(type)
            .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
            .withPartitionFields(TripsData.PARTITION_FIELD)
            .withOrderingField(TripsData.ORDERING_FIELD)
            .withMode(mode));
    p.run().waitUntilFinish();
  }
}
