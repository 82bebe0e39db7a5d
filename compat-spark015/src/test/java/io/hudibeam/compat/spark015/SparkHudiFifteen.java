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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.TripsData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
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
 * One local Spark 3.5.3 session with Hudi 0.15.0's Spark bundle for a test class (a {@code
 * ClassRule}): the trips table's datasource writes, bootstrap and snapshot reads, and the table's
 * completed instants as Hudi 0.15's meta client lists them.
 *
 * <p>Rows are compared as record key to the ten trips fields (in {@link TripsData#SCHEMA} order)
 * followed by {@code _hoodie_commit_time}.
 */
final class SparkHudiFifteen extends ExternalResource {
  private SparkSession spark;

  @Override
  protected void before() {
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("hudi-beam-compat-spark015")
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

  private static final StructType SCHEMA = sparkSchema();

  private static StructType sparkSchema() {
    StructType schema = new StructType();
    for (Schema.Field f : TripsData.SCHEMA.getFields()) {
      Schema type =
          f.schema().isNullable()
              ? f.schema().getTypes().stream()
                  .filter(s -> s.getType() != Schema.Type.NULL)
                  .findFirst()
                  .orElseThrow()
              : f.schema();
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

  /** The datasource options of the trips table; nothing else, so Hudi 0.15's defaults apply. */
  static Map<String, String> tripsOptions(String operation) {
    Map<String, String> options = new HashMap<>();
    options.put("hoodie.table.name", TripsData.TABLE_NAME);
    options.put("hoodie.datasource.write.recordkey.field", TripsData.RECORD_KEY_FIELD);
    options.put("hoodie.datasource.write.partitionpath.field", TripsData.PARTITION_FIELD);
    options.put("hoodie.datasource.write.precombine.field", TripsData.ORDERING_FIELD);
    options.put("hoodie.datasource.write.operation", operation);
    return options;
  }

  /** Hudi 0.15's Spark datasource writer: an upsert of {@code records}, mode append. */
  void upsert(String base, List<GenericRecord> records, Map<String, String> extraOptions) {
    List<Row> rows =
        records.stream()
            .map(r -> RowFactory.create(TripsData.values(r).toArray()))
            .collect(Collectors.toList());
    Map<String, String> options = new HashMap<>(tripsOptions("upsert"));
    options.putAll(extraOptions);
    spark
        .createDataFrame(rows, SCHEMA)
        .write()
        .format("hudi")
        .options(options)
        .mode(SaveMode.Append)
        .save(base);
  }

  /** Hudi 0.15's Spark bootstrap (its default selector: METADATA_ONLY) of {@code source}. */
  void bootstrap(String source, String base) {
    Map<String, String> options = new HashMap<>(tripsOptions("bootstrap"));
    options.put("hoodie.bootstrap.base.path", source);
    spark
        .emptyDataFrame()
        .write()
        .format("hudi")
        .options(options)
        .mode(SaveMode.Overwrite)
        .save(base);
  }

  /** Hudi 0.15's Spark snapshot query: record key to the row (see the class comment). */
  Map<String, List<Object>> snapshot(String base) {
    Dataset<Row> read = spark.read().format("hudi").load(base);
    Map<String, List<Object>> rows = new TreeMap<>();
    for (Row row : read.collectAsList()) {
      List<Object> values = new ArrayList<>();
      for (Schema.Field f : TripsData.SCHEMA.getFields()) {
        values.add(row.getAs(f.name()));
      }
      String key = row.getAs(TripsData.RECORD_KEY_FIELD);
      assertThat((String) row.getAs("_hoodie_record_key"), is(key));
      String city = row.getAs(TripsData.PARTITION_FIELD);
      assertThat((String) row.getAs("_hoodie_partition_path"), is(city));
      String fileName = row.getAs("_hoodie_file_name");
      assertThat("_hoodie_file_name of " + key, fileName.isEmpty(), is(false));
      values.add(row.getAs("_hoodie_commit_time"));
      assertThat("duplicate " + key, rows.put(key, values) == null, is(true));
    }
    return rows;
  }

  /**
   * The completed commit-timeline instants, oldest first, as Hudi 0.15's meta client lists them.
   */
  List<HoodieInstant> completedCommits(String base) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(spark.sparkContext().hadoopConfiguration()))
        .setBasePath(base)
        .build()
        .getActiveTimeline()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .collect(Collectors.toList());
  }

  /** The instant time of the latest completed commit-timeline instant. */
  String lastCommit(String base) {
    List<HoodieInstant> commits = completedCommits(base);
    return commits.get(commits.size() - 1).getTimestamp();
  }

  /** Expected rows: records {@code indexes} of batch {@code b}, committed at {@code commitTime}. */
  static Map<String, List<Object>> expected(long b, String commitTime, long... indexes) {
    Map<String, List<Object>> rows = new TreeMap<>();
    for (long i : indexes) {
      List<Object> values = new ArrayList<>(TripsData.values(TripsData.record(b, i)));
      values.add(commitTime);
      rows.put(TripsData.key(i), values);
    }
    return rows;
  }
}
