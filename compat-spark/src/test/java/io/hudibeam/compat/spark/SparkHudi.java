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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.rules.ExternalResource;

/**
 * One local Spark 3.5.3 session with Hudi 1.0.2's Spark bundle for a test class (a {@code
 * ClassRule}), with the trips table's datasource writes and reads, HudiIO's writes on the
 * DirectRunner, and the table's completed instants as Hudi 1.0.2's meta client lists them.
 *
 * <p>Rows are compared as key to the ten trips fields (in {@link TripsData#SCHEMA} order) followed
 * by {@code _hoodie_commit_time}.
 */
final class SparkHudi extends ExternalResource {
  private SparkSession spark;

  @Override
  protected void before() {
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("hudi-beam-compat-spark")
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

  @Override
  protected void after() {
    if (spark != null) {
      spark.stop();
      spark = null;
    }
  }

  /** The session, for tests with their own schema. */
  SparkSession session() {
    return spark;
  }

  private static final StructType SCHEMA = sparkSchema();

  private static StructType sparkSchema() {
    StructType schema = new StructType();
    for (Schema.Field f : TripsData.SCHEMA.getFields()) {
      Schema type = f.schema().isNullable() ? nonNull(f.schema()) : f.schema();
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

  private static Schema nonNull(Schema union) {
    return union.getTypes().stream()
        .filter(s -> s.getType() != Schema.Type.NULL)
        .findFirst()
        .orElseThrow();
  }

  /** The datasource options of the trips table; nothing else, so Hudi's defaults apply. */
  static Map<String, String> tripsOptions(String operation) {
    Map<String, String> options = new HashMap<>();
    options.put("hoodie.table.name", TripsData.TABLE_NAME);
    options.put("hoodie.datasource.write.recordkey.field", TripsData.RECORD_KEY_FIELD);
    options.put("hoodie.datasource.write.partitionpath.field", TripsData.PARTITION_FIELD);
    options.put("hoodie.datasource.write.precombine.field", TripsData.ORDERING_FIELD);
    options.put("hoodie.datasource.write.operation", operation);
    return options;
  }

  /** Hudi 1.0.2's Spark datasource writer: {@code records} with {@code options}, mode append. */
  void sparkWrite(String base, List<GenericRecord> records, Map<String, String> options) {
    List<Row> rows =
        records.stream()
            .map(r -> RowFactory.create(TripsData.values(r).toArray()))
            .collect(Collectors.toList());
    spark
        .createDataFrame(rows, SCHEMA)
        .write()
        .format("hudi")
        .options(options)
        .mode(SaveMode.Append)
        .save(base);
  }

  /** Hudi 1.0.2's Spark reader with {@code options}: key to the row (see the class comment). */
  Map<String, List<Object>> sparkRead(String base, Map<String, String> options) {
    Dataset<Row> read = spark.read().format("hudi").options(options).load(base);
    Map<String, List<Object>> rows = new TreeMap<>();
    for (Row row : read.collectAsList()) {
      List<Object> values = new ArrayList<>();
      for (Schema.Field f : TripsData.SCHEMA.getFields()) {
        values.add(row.getAs(f.name()));
      }
      String key = row.getAs(TripsData.RECORD_KEY_FIELD);
      String recordKey = row.getAs("_hoodie_record_key");
      String partitionPath = row.getAs("_hoodie_partition_path");
      String city = row.getAs(TripsData.PARTITION_FIELD);
      assertThat(recordKey, is(key));
      assertThat(partitionPath, is(city));
      // A row merged from a log file names its file group; one from a base file, that file.
      String fileName = row.getAs("_hoodie_file_name");
      assertThat("_hoodie_file_name of " + key, fileName.isEmpty(), is(false));
      String commitTime = row.getAs("_hoodie_commit_time");
      values.add(commitTime);
      assertThat("duplicate " + key, rows.put(key, values) == null, is(true));
    }
    return rows;
  }

  Map<String, List<Object>> snapshot(String base) {
    return sparkRead(base, Map.of());
  }

  /** An incremental query from completion time {@code begin} (exclusive) to the latest commit. */
  Map<String, List<Object>> incremental(String base, String begin) {
    return sparkRead(
        base,
        Map.of(
            "hoodie.datasource.query.type",
            "incremental",
            "hoodie.datasource.read.begin.instanttime",
            begin));
  }

  /** A merge-on-read table's read-optimized query: the latest base files only. */
  Map<String, List<Object>> readOptimized(String base) {
    return sparkRead(base, Map.of("hoodie.datasource.query.type", "read_optimized"));
  }

  /** Time travel to instant {@code asOf}. */
  Map<String, List<Object>> asOf(String base, String asOf) {
    return sparkRead(base, Map.of("as.of.instant", asOf));
  }

  /** HudiIO on the DirectRunner: {@code records} with {@code write} (trips settings given). */
  static void hudiIO(List<GenericRecord> records, HudiIO.Write<GenericRecord> write) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(records).withCoder(AvroCoder.of(TripsData.SCHEMA))).apply(write);
    p.run().waitUntilFinish();
  }

  /** HudiIO's write of the trips table at {@code base} with {@code operation}. */
  static HudiIO.Write<GenericRecord> hudiIOWrite(String base, WriteOperation operation) {
    return HudiIO.writeGenericRecords()
        .withBasePath(base)
        .withTableName(TripsData.TABLE_NAME)
        .withRecordKeyFields(TripsData.RECORD_KEY_FIELD)
        .withPartitionFields(TripsData.PARTITION_FIELD)
        .withOrderingField(TripsData.ORDERING_FIELD)
        .withOperation(operation);
  }

  /** Hudi 1.0.2's meta client on {@code base}. */
  HoodieTableMetaClient meta(String base) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(spark.sparkContext().hadoopConfiguration()))
        .setBasePath(base)
        .build();
  }

  /**
   * Hudi 1.0.2's metadata reader ({@code HoodieBackedTableMetadata}) lists, partition by partition,
   * exactly the files of the listing-based file system view of the completed timeline.
   */
  void assertMetadataListsTheCompletedFiles(String base) throws Exception {
    HoodieTableMetaClient meta = meta(base);
    org.apache.hudi.common.engine.HoodieLocalEngineContext context =
        new org.apache.hudi.common.engine.HoodieLocalEngineContext(meta.getStorageConf());
    java.util.TreeSet<String> onDisk = new java.util.TreeSet<>();
    for (java.io.File dir : new java.io.File(base).listFiles()) {
      if (new java.io.File(dir, ".hoodie_partition_metadata").isFile()) {
        onDisk.add(dir.getName());
      }
    }
    try (org.apache.hudi.common.table.view.HoodieTableFileSystemView listed =
            new org.apache.hudi.common.table.view.HoodieTableFileSystemView(
                new org.apache.hudi.metadata.FileSystemBackedTableMetadata(
                    context, meta.getTableConfig(), meta.getStorage(), base),
                meta,
                meta.getActiveTimeline().getCommitsTimeline().filterCompletedInstants());
        org.apache.hudi.metadata.HoodieBackedTableMetadata metadata =
            new org.apache.hudi.metadata.HoodieBackedTableMetadata(
                context,
                meta.getStorage(),
                org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder()
                    .enable(true)
                    .build(),
                base)) {
      assertThat(new java.util.TreeSet<>(metadata.getAllPartitionPaths()), is(onDisk));
      for (String partition : onDisk) {
        java.util.TreeSet<String> fromMetadata = new java.util.TreeSet<>();
        metadata
            .getAllFilesInPartition(new org.apache.hudi.storage.StoragePath(base, partition))
            .forEach(f -> fromMetadata.add(f.getPath().getName()));
        java.util.TreeSet<String> fromListing = new java.util.TreeSet<>();
        listed
            .getAllFileSlices(partition)
            .forEach(
                slice -> {
                  slice.getBaseFile().ifPresent(b -> fromListing.add(b.getFileName()));
                  slice.getLogFiles().forEach(l -> fromListing.add(l.getFileName()));
                });
        assertThat("partition " + partition, fromMetadata, is(fromListing));
      }
    }
  }

  /** The files partition's base files written by an initialisation (instants 00000000000000xxx). */
  List<String> filesPartitionInitialisation(String base) {
    String[] names = new java.io.File(base, ".hoodie/metadata/files").list();
    List<String> out = new java.util.ArrayList<>();
    for (String name : names == null ? new String[0] : names) {
      if (name.endsWith(".hfile") && name.contains("_00000000000000")) {
        out.add(name);
      }
    }
    java.util.Collections.sort(out);
    return out;
  }

  /** The completed commit-timeline instants, oldest first, as Hudi 1.0.2 lists them. */
  List<HoodieInstant> completedCommits(String base) {
    return meta(base)
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .collect(Collectors.toList());
  }

  /** The expected row of record {@code i} of batch {@code b} committed at {@code commitTime}. */
  static List<Object> expected(long b, long i, String commitTime) {
    List<Object> values = new ArrayList<>(TripsData.values(TripsData.record(b, i)));
    values.add(commitTime);
    return values;
  }

  /** Expected rows: records {@code indexes} of batch {@code b}, committed at {@code commitTime}. */
  static Map<String, List<Object>> expected(long b, String commitTime, long... indexes) {
    Map<String, List<Object>> rows = new TreeMap<>();
    for (long i : indexes) {
      rows.put(TripsData.key(i), expected(b, i, commitTime));
    }
    return rows;
  }

  static List<GenericRecord> records(long b, long... indexes) {
    return Arrays.stream(indexes)
        .mapToObj(i -> TripsData.record(b, i))
        .collect(Collectors.toList());
  }

  static long[] range(long start, long endExclusive) {
    return java.util.stream.LongStream.range(start, endExclusive).toArray();
  }
}
