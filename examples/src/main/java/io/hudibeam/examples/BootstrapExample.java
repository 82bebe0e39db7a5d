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
package io.hudibeam.examples;

import io.hudibeam.HudiBootstrap;
import io.hudibeam.HudiIO;
import java.io.File;
import java.util.Arrays;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/**
 * Bootstraps a Parquet dataset in partition folders into a new Hudi table: {@code bootstrap
 * --source=PATH --table=PATH --recordKey=F --partitionFields=F --mode=full_record|metadata_only
 * [--modeRegex=REGEX]}. Prints one line for the bootstrap commit. See docs/bootstrap.md.
 */
public final class BootstrapExample {
  /** The bootstrap command's options; every Beam pipeline option is accepted as well. */
  public interface Options extends PipelineOptions {
    @Description(
        "Base path of the source: Parquet files in partition folders (city=x/ or x/); only read")
    @Validation.Required
    String getSource();

    void setSource(String value);

    @Description("Base path of the new table (local path or Hadoop file system URI)")
    @Validation.Required
    String getTable();

    void setTable(String value);

    @Description("Record key field(s), comma-separated; every source file must hold them")
    @Validation.Required
    String getRecordKey();

    void setRecordKey(String value);

    @Description(
        "Partition field(s), comma-separated, from the rows or the folder names; none: a"
            + " non-partitioned table")
    @Default.String("")
    String getPartitionFields();

    void setPartitionFields(String value);

    @Description(
        "full_record (rewrite the rows into the table) or metadata_only (skeleton files and a"
            + " bootstrap index; the source files stay part of the table); with --modeRegex, the"
            + " mode of the partitions the regex matches")
    @Validation.Required
    String getMode();

    void setMode(String value);

    @Description(
        "A regex on the partition folder relative to the source (city=sf): matching partitions"
            + " take --mode, the others the other mode (Hudi's BootstrapRegexModeSelector)")
    String getModeRegex();

    void setModeRegex(String value);

    @Description("Ordering (precombine) field recorded in the table for later upserts")
    String getOrderingField();

    void setOrderingField(String value);

    @Description("Table name (default: the table folder's name)")
    String getTableName();

    void setTableName(String value);

    @Description("Hive-style partition paths in the table (city=x) instead of plain ones (x)")
    @Default.Boolean(false)
    boolean isHiveStylePartitioning();

    void setHiveStylePartitioning(boolean value);
  }

  private BootstrapExample() {}

  /** Builds the bootstrap pipeline from parsed options; {@code Main} runs it. */
  public static Pipeline build(Options options, long startedAtMillis) {
    HudiBootstrap.Mode mode = HudiBootstrap.Mode.parse(options.getMode());
    String tableName =
        options.getTableName() != null
            ? options.getTableName()
            : new File(options.getTable()).getName();
    HudiBootstrap bootstrap =
        HudiIO.bootstrap()
            .withSourcePath(options.getSource())
            .withBasePath(options.getTable())
            .withTableName(tableName)
            .withRecordKeyFields(fields(options.getRecordKey()))
            .withPartitionFields(fields(options.getPartitionFields()))
            .withHiveStylePartitioning(options.isHiveStylePartitioning())
            .withHoodieProperties(options.as(SettingsOptions.class).getHoodieSettings())
            .withHadoopConfiguration(options.as(SettingsOptions.class).getHadoopSettings());
    bootstrap =
        options.getModeRegex() == null
            ? bootstrap.withMode(mode)
            : bootstrap.withModeRegex(options.getModeRegex(), mode);
    if (options.getOrderingField() != null) {
      bootstrap = bootstrap.withOrderingField(options.getOrderingField());
    }
    Pipeline pipeline = Pipeline.create(options);
    pipeline
        .apply("Bootstrap", bootstrap)
        .getCommittedInstants()
        .apply("Summary", CommitSummary.print(startedAtMillis));
    return pipeline;
  }

  private static String[] fields(String value) {
    return Arrays.stream(value.split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .toArray(String[]::new);
  }
}
