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
import io.hudibeam.table.TableType;
import io.hudibeam.write.CompositeOrdering;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Ordering by several fields (issue #36) with Hudi 1.0.2's Spark bundle, copy-on-write and
 * merge-on-read at table version 8 (event-time ordering) and copy-on-write at version 6: HudiIO
 * writes a change stream ordered by a binlog file and position ({@code withOrderingFields}, the
 * column {@code _ordering_value}); Hudi Spark's snapshot equals the final state row by row; Hudi's
 * Spark writer upserts rows carrying {@code _ordering_value} computed the same way, one of them
 * older than the table's row of its key, which Hudi 1.0.2's writer ignores at each of these
 * versions (its merge orders by the ordering field); HudiIO continues with another change stream,
 * whose late event it ignores too. After every write the snapshot is compared with the final state
 * computed here from the events by (file, position).
 */
@RunWith(Parameterized.class)
public class OrderingFieldsSparkIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Parameterized.Parameters(name = "{0} v{1}")
  public static Collection<Object[]> parameters() {
    return List.of(
        new Object[] {TableType.COPY_ON_WRITE, 6},
        new Object[] {TableType.COPY_ON_WRITE, 8},
        new Object[] {TableType.MERGE_ON_READ, 8});
  }

  @Parameterized.Parameter(0)
  public TableType tableType;

  @Parameterized.Parameter(1)
  public int version;

  private static final Schema SCHEMA =
      Schema.builder()
          .addStringField("id")
          .addStringField("db")
          .addStringField("file")
          .addInt64Field("pos")
          .addStringField("name")
          .addStringField("op")
          .build();

  private static final Comparator<Row> BINLOG =
      Comparator.<Row, String>comparing(e -> e.getString("file"))
          .thenComparing(e -> e.getInt64("pos"));

  private static Row event(String op, String id, String file, long pos, String name) {
    return Row.withSchema(SCHEMA).addValues(id, "shop", file, pos, name, op).build();
  }

  /**
   * Key → [file, pos, name]: per key the latest event by (file, pos) wins, a delete removing it.
   */
  private static Map<String, List<Object>> finalState(List<Row> events) {
    Map<String, Row> latest = new TreeMap<>();
    for (Row e : events) {
      latest.merge(e.getString("id"), e, (a, b) -> BINLOG.compare(b, a) >= 0 ? b : a);
    }
    Map<String, List<Object>> out = new TreeMap<>();
    latest.forEach(
        (id, e) -> {
          if (!e.getString("op").equals("d")) {
            out.put(id, List.of(e.getString("file"), e.getInt64("pos"), e.getString("name")));
          }
        });
    return out;
  }

  private static Map<String, List<Object>> sparkSnapshot(String base) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (org.apache.spark.sql.Row row :
        SPARK.session().read().format("hudi").load(base).collectAsList()) {
      String file = row.getAs("file");
      long pos = row.getAs("pos");
      assertThat(
          row.<String>getAs(CompositeOrdering.FIELD),
          is(CompositeOrdering.encode(List.of(file, pos))));
      out.put(row.getAs("id"), List.of(file, pos, row.<String>getAs("name")));
    }
    return out;
  }

  private HudiIO.Write<Row> hudiIO(String base) {
    return HudiIO.write()
        .withBasePath(base)
        .withTableName("binlog")
        .withTableType(tableType)
        .withTableVersion(version)
        .withRecordKeyFields("id")
        .withPartitionFields("db")
        .withOrderingFields("file", "pos")
        .withChangeTypeField("op");
  }

  private void run(String base, List<Row> events) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setTargetParallelism(2);
    Pipeline p = Pipeline.create(options);
    p.apply(Create.of(events).withRowSchema(SCHEMA)).apply(hudiIO(base));
    p.run().waitUntilFinish();
  }

  /** Hudi 1.0.2's Spark writer upserts {@code events} with their ordering value computed here. */
  private void sparkUpsert(String base, List<Row> events) {
    Map<String, String> options = new HashMap<>();
    options.put("hoodie.table.name", "binlog");
    options.put("hoodie.datasource.write.recordkey.field", "id");
    options.put("hoodie.datasource.write.partitionpath.field", "db");
    options.put("hoodie.datasource.write.precombine.field", CompositeOrdering.FIELD);
    options.put("hoodie.datasource.write.operation", "upsert");
    options.put("hoodie.datasource.write.table.type", tableType.name());
    if (version == 6) {
      options.put("hoodie.write.table.version", "6");
      options.put("hoodie.write.auto.upgrade", "false");
    }
    StructType schema =
        new StructType()
            .add("id", DataTypes.StringType, false)
            .add("db", DataTypes.StringType, false)
            .add("file", DataTypes.StringType, false)
            .add("pos", DataTypes.LongType, false)
            .add("name", DataTypes.StringType, false)
            .add("op", DataTypes.StringType, false)
            .add(CompositeOrdering.FIELD, DataTypes.StringType, true);
    List<org.apache.spark.sql.Row> rows = new ArrayList<>();
    for (Row e : events) {
      rows.add(
          RowFactory.create(
              e.getString("id"),
              e.getString("db"),
              e.getString("file"),
              e.getInt64("pos"),
              e.getString("name"),
              e.getString("op"),
              CompositeOrdering.encode(List.of(e.getString("file"), e.getInt64("pos")))));
    }
    SPARK
        .session()
        .createDataFrame(rows, schema)
        .write()
        .format("hudi")
        .options(options)
        .mode(SaveMode.Append)
        .save(base);
  }

  @Test
  public void readBySparkAndContinuedBothWays() throws Exception {
    String base = tmp.newFolder("binlog").getAbsolutePath();
    List<Row> all = new ArrayList<>();

    List<Row> first =
        List.of(
            event("c", "k1", "mysql-bin.000009", 900, "k1-a"),
            event("u", "k1", "mysql-bin.000010", 5, "k1-b"),
            event("c", "k2", "mysql-bin.000010", 30, "k2-d"),
            event("u", "k2", "mysql-bin.000010", 7, "k2-c"),
            event("u", "k3", "mysql-bin.000009", 950, "k3-u"),
            event("d", "k3", "mysql-bin.000010", 8, "k3-deleted"),
            event("c", "k4", "mysql-bin.000009", 100, "k4-a"));
    run(base, first);
    all.addAll(first);
    assertThat(sparkSnapshot(base), is(finalState(all)));

    // Hudi's Spark writer: a newer row for k4, a new key, and k2 at an older position (ignored).
    List<Row> spark =
        List.of(
            event("u", "k4", "mysql-bin.000011", 1, "k4-spark"),
            event("u", "k5", "mysql-bin.000011", 2, "k5-spark"),
            event("u", "k2", "mysql-bin.000010", 29, "k2-spark-older"));
    sparkUpsert(base, spark);
    all.addAll(spark);
    Map<String, List<Object>> afterSpark = finalState(all);
    assertThat(afterSpark.get("k2").get(2), is("k2-d"));
    assertThat(sparkSnapshot(base), is(afterSpark));

    // HudiIO continues the table: a late update of k4 (older than Spark's row) is ignored.
    List<Row> more =
        List.of(
            event("u", "k4", "mysql-bin.000010", 999, "k4-late"),
            event("d", "k5", "mysql-bin.000012", 1, "k5-deleted"),
            event("u", "k1", "mysql-bin.000012", 2, "k1-c"));
    run(base, more);
    all.addAll(more);
    Map<String, List<Object>> last = finalState(all);
    assertThat(last.get("k4").get(2), is("k4-spark"));
    assertThat(sparkSnapshot(base), is(last));
  }
}
