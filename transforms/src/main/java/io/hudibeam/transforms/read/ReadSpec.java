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
package io.hudibeam.transforms.read;

import io.hudibeam.basefile.MetaFields;
import io.hudibeam.read.ReadPlanner;
import io.hudibeam.read.ReadQuery;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.beam.sdk.extensions.avro.schemas.utils.AvroUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What every read stage needs: the table, the Hadoop settings, the query, and the columns of the
 * output rows (the table's schema, with or without the meta fields, projected by {@code keep} or
 * {@code drop}). The output schema is fixed when the pipeline is built, from the table's schema
 * then (the latest commit's).
 */
public final class ReadSpec implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String basePath;
  private final Map<String, String> hadoopConfiguration;
  private final ReadQuery query;
  private final String readerAvroSchema;
  private final String outputAvroSchema;

  private ReadSpec(
      String basePath,
      Map<String, String> hadoopConfiguration,
      ReadQuery query,
      String readerAvroSchema,
      String outputAvroSchema) {
    this.basePath = basePath;
    this.hadoopConfiguration = Map.copyOf(hadoopConfiguration);
    this.query = query;
    this.readerAvroSchema = readerAvroSchema;
    this.outputAvroSchema = outputAvroSchema;
  }

  /**
   * Opens the table to fix the output columns.
   *
   * @param keep the columns to keep (empty: all)
   * @param drop the columns to drop
   * @param metaFields whether Hudi's meta fields are output columns
   */
  public static ReadSpec of(
      String basePath,
      Map<String, String> hadoopConfiguration,
      ReadQuery query,
      List<String> keep,
      List<String> drop,
      boolean metaFields) {
    Configuration conf = conf(hadoopConfiguration);
    Schema table = ReadPlanner.open(conf, basePath).tableSchema();
    Schema full = metaFields ? MetaFields.withMetaFields(table) : table;
    Set<String> known = new TreeSet<>();
    full.getFields().forEach(f -> known.add(f.name()));
    for (String name : keep) {
      require(known, name, "keep", basePath);
    }
    for (String name : drop) {
      require(known, name, "drop", basePath);
    }
    if (!keep.isEmpty() && !drop.isEmpty()) {
      throw new IllegalArgumentException("Set either keep or drop columns, not both");
    }
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : full.getFields()) {
      boolean kept = keep.isEmpty() ? !drop.contains(f.name()) : keep.contains(f.name());
      if (kept) {
        fields.add(new Schema.Field(f, f.schema()));
      }
    }
    if (fields.isEmpty()) {
      throw new IllegalArgumentException(
          "The read of " + basePath + " keeps no column (keep " + keep + ", drop " + drop + ")");
    }
    Schema output =
        Schema.createRecord(table.getName(), table.getDoc(), table.getNamespace(), false, fields);
    return new ReadSpec(
        basePath,
        hadoopConfiguration,
        query,
        MetaFields.withMetaFields(table).toString(),
        output.toString());
  }

  private static void require(Set<String> known, String name, String setting, String basePath) {
    if (!known.contains(name)) {
      throw new IllegalArgumentException(
          String.format(
              "%s names column '%s', which table %s does not have; its columns are %s",
              setting, name, basePath, known));
    }
  }

  static Configuration conf(Map<String, String> settings) {
    Configuration conf = new Configuration();
    settings.forEach(conf::set);
    return conf;
  }

  public String basePath() {
    return basePath;
  }

  public ReadQuery query() {
    return query;
  }

  public Configuration conf() {
    return conf(hadoopConfiguration);
  }

  public FileSystem fs() {
    try {
      return new Path(basePath).getFileSystem(conf());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot get the file system of " + basePath, e);
    }
  }

  /** The schema slices are read in: the table's schema with the meta fields. */
  public Schema readerAvroSchema() {
    return new Schema.Parser().parse(readerAvroSchema);
  }

  /** The Avro schema of the output columns. */
  public Schema outputAvroSchema() {
    return new Schema.Parser().parse(outputAvroSchema);
  }

  /** The Beam schema of the output rows. */
  public org.apache.beam.sdk.schemas.Schema outputSchema() {
    return AvroUtils.toBeamSchema(outputAvroSchema());
  }

  public ReadPlanner planner() {
    return ReadPlanner.open(conf(), basePath);
  }
}
