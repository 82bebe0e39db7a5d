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
package io.hudibeam;

import static io.hudibeam.Builders.merged;
import static io.hudibeam.Builders.requireFields;
import static io.hudibeam.Builders.requireNonEmpty;

import com.google.auto.value.AutoValue;
import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.bootstrap.BootstrapMode;
import io.hudibeam.bootstrap.BootstrapModeSelector;
import io.hudibeam.bootstrap.BootstrapSource;
import io.hudibeam.bootstrap.SourceFile;
import io.hudibeam.bootstrap.SourceRecords;
import io.hudibeam.keygen.KeyGeneratorType;
import io.hudibeam.settings.HudiSettings;
import io.hudibeam.settings.Setting;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableProperty;
import io.hudibeam.table.TableType;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.TableLocation;
import io.hudibeam.transforms.instant.StartSpec;
import io.hudibeam.write.ChangeTypes;
import io.hudibeam.write.WriteOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Bootstraps an existing dataset of Parquet files in partition folders (Hive-style {@code city=x/}
 * or plain {@code x/}) into a new Hudi table, as Hudi's bootstrap operation does ({@code
 * SparkBootstrapCommitActionExecutor}, Hudi 0.15.0 and 1.0.2). Each source partition is
 * bootstrapped in the mode a selector gives it ({@link #withMode}, {@link #withModeRegex}):
 *
 * <ul>
 *   <li>{@link Mode#FULL_RECORD}: the rows are rewritten into base files with the meta fields,
 *       bloom filters and key ranges, as a bulk_insert writes them, one Beam element per source
 *       file, and committed at Hudi's full-bootstrap instant {@code 00000000000002}. The source is
 *       only read.
 *   <li>{@link Mode#METADATA_ONLY} (Hudi's default selector): one skeleton file per source file
 *       (the meta fields only, in a new file group) and Hudi's bootstrap index that maps each
 *       skeleton file to its source file, committed at Hudi's metadata-bootstrap instant {@code
 *       00000000000001}. The source files become part of the table: never change them. HudiIO's
 *       writes continue such a table and {@code HudiIO.read()} reads it (each skeleton file joined
 *       with its source file), as Hudi's reader and writer do.
 * </ul>
 *
 * <p>A regex that splits the partitions between the modes gives two commits, as Hudi's: the
 * METADATA_ONLY partitions at {@code 00000000000001}, then the FULL_RECORD ones at {@code
 * 00000000000002}.
 *
 * <p>The source is listed when the pipeline is built (its first file gives the schema), refusing a
 * source inside the table, an empty source and files at different folder depths; a source file
 * without a record key field fails the run, naming the file and the field. The table must be new
 * (or hold no completed write). See docs/bootstrap.md.
 */
@AutoValue
public abstract class HudiBootstrap extends PTransform<PBegin, HudiWriteResult> {
  private static final long serialVersionUID = 1L;

  /** How a source partition is bootstrapped (Hudi's {@code BootstrapMode}). */
  public enum Mode {
    /** Skeleton files of meta fields and an index to the untouched source files. */
    METADATA_ONLY,
    /** The rows rewritten into base files with the meta fields. */
    FULL_RECORD;

    /** Parses {@code metadata_only} or {@code full_record}, in any case. */
    public static Mode parse(String value) {
      try {
        return valueOf(BootstrapMode.parse(value).name());
      } catch (HudiTableException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
    }

    BootstrapMode internal() {
      return BootstrapMode.valueOf(name());
    }
  }

  abstract @Nullable String getSourcePath();

  abstract @Nullable String getBasePath();

  abstract Map<String, String> getHoodieProperties();

  abstract Map<String, String> getHadoopConfiguration();

  abstract Builder toBuilder();

  static HudiBootstrap create() {
    return new AutoValue_HudiBootstrap.Builder()
        .setHoodieProperties(Map.of())
        .setHadoopConfiguration(Map.of())
        .build();
  }

  @AutoValue.Builder
  abstract static class Builder {
    abstract Builder setSourcePath(String path);

    abstract Builder setBasePath(String path);

    abstract Builder setHoodieProperties(Map<String, String> properties);

    abstract Builder setHadoopConfiguration(Map<String, String> configuration);

    abstract HudiBootstrap build();
  }

  /**
   * The source base path ({@code hoodie.bootstrap.base.path}): a folder of Parquet files in
   * partition folders, outside the table. It is only read.
   */
  public HudiBootstrap withSourcePath(String path) {
    requireNonEmpty("withSourcePath", path);
    return toBuilder().setSourcePath(path).build();
  }

  /** The new table's base path. */
  public HudiBootstrap withBasePath(String path) {
    requireNonEmpty("withBasePath", path);
    return toBuilder().setBasePath(path).build();
  }

  public HudiBootstrap withTableName(String tableName) {
    requireNonEmpty("withTableName", tableName);
    return withProperty(HudiSettings.TABLE_NAME, tableName);
  }

  public HudiBootstrap withTableType(TableType tableType) {
    return withProperty(HudiSettings.TABLE_TYPE, tableType.value());
  }

  /** The record key fields; every source file must hold them. */
  public HudiBootstrap withRecordKeyFields(String... fields) {
    requireFields("withRecordKeyFields", fields);
    return withProperty(HudiSettings.RECORD_KEY_FIELDS, String.join(",", fields));
  }

  /**
   * The partition fields, from the rows or, when the files do not hold them, from the folder names
   * ({@code city=x}, or the folder at the field's position); none makes a non-partitioned table.
   */
  public HudiBootstrap withPartitionFields(String... fields) {
    return withProperty(HudiSettings.PARTITION_FIELDS, String.join(",", fields));
  }

  public HudiBootstrap withKeyGenerator(KeyGeneratorType type) {
    return withProperty(HudiSettings.KEY_GENERATOR_CLASS, type.className());
  }

  public HudiBootstrap withHiveStylePartitioning(boolean hiveStyle) {
    return withProperty(HudiSettings.HIVE_STYLE_PARTITIONING, String.valueOf(hiveStyle));
  }

  /** The ordering (precombine) field recorded in the table, for later upserts. */
  public HudiBootstrap withOrderingField(String field) {
    requireNonEmpty("withOrderingField", field);
    return withProperty(HudiSettings.ORDERING_FIELD, field);
  }

  /** The table version of the new table: 6 (the default) or 8. */
  public HudiBootstrap withTableVersion(int version) {
    Builders.requireTableVersion(version);
    return withProperty(HudiSettings.WRITE_TABLE_VERSION, String.valueOf(version));
  }

  /**
   * Every partition in {@code mode} (Hudi's {@code FullRecordBootstrapModeSelector} or {@code
   * MetadataOnlyBootstrapModeSelector}, the default).
   */
  public HudiBootstrap withMode(Mode mode) {
    BootstrapModeSelector selector =
        mode == Mode.FULL_RECORD
            ? BootstrapModeSelector.fullRecord()
            : BootstrapModeSelector.metadataOnly();
    return withSelector(selector);
  }

  /**
   * The partitions whose path relative to the source ({@code city=x}) matches {@code regex} as a
   * whole in {@code modeOnMatch}, the others in the other mode (Hudi's {@code
   * BootstrapRegexModeSelector}, {@code hoodie.bootstrap.mode.selector.regex} and {@code
   * ...regex.mode}).
   */
  public HudiBootstrap withModeRegex(String regex, Mode modeOnMatch) {
    requireNonEmpty("withModeRegex", regex);
    try {
      return withSelector(BootstrapModeSelector.regex(regex, modeOnMatch.internal()));
    } catch (HudiTableException e) {
      throw new IllegalArgumentException("withModeRegex: " + e.getMessage(), e);
    }
  }

  /**
   * Hudi's own {@code hoodie.*} settings under their Hudi names (the {@code
   * hoodie.bootstrap.mode.selector*} keys included); later calls add to them.
   */
  public HudiBootstrap withHoodieProperties(Map<String, String> properties) {
    Builders.requireHoodieKeys(properties);
    return toBuilder().setHoodieProperties(merged(getHoodieProperties(), properties)).build();
  }

  /** Hadoop configuration for the source's and the table's file systems. */
  public HudiBootstrap withHadoopConfiguration(Map<String, String> configuration) {
    return toBuilder()
        .setHadoopConfiguration(merged(getHadoopConfiguration(), configuration))
        .build();
  }

  private HudiBootstrap withSelector(BootstrapModeSelector selector) {
    Map<String, String> props = new TreeMap<>(getHoodieProperties());
    props.keySet().removeIf(k -> k.startsWith(BootstrapModeSelector.SELECTOR_KEY));
    props.putAll(selector.toProperties());
    return toBuilder().setHoodieProperties(Map.copyOf(props)).build();
  }

  private HudiBootstrap withProperty(Setting<?> setting, String value) {
    return withHoodieProperties(Builders.property(setting, value));
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder.addIfNotNull(DisplayData.item("sourcePath", getSourcePath()).withLabel("Source"));
    builder.addIfNotNull(DisplayData.item("basePath", getBasePath()).withLabel("Table"));
  }

  @Override
  public HudiWriteResult expand(PBegin input) {
    if (getSourcePath() == null) {
      throw new IllegalArgumentException("HudiIO.bootstrap() needs withSourcePath()");
    }
    Map<String, String> props = new TreeMap<>(getHoodieProperties());
    BootstrapModeSelector selector;
    try {
      selector = BootstrapModeSelector.fromProperties(props);
    } catch (HudiTableException e) {
      throw new IllegalArgumentException("HudiIO.bootstrap(): " + e.getMessage(), e);
    }
    props.keySet().removeIf(k -> k.startsWith(BootstrapModeSelector.SELECTOR_KEY));
    String operation = props.get(HudiSettings.OPERATION.key());
    if (operation != null && !operation.equalsIgnoreCase("bulk_insert")) {
      throw new IllegalArgumentException(
          "HudiIO.bootstrap() writes its FULL_RECORD partitions as a bulk_insert, but "
              + HudiSettings.OPERATION.key()
              + " is '"
              + operation
              + "'");
    }
    props.put(
        HudiSettings.OPERATION.key(), WriteOperation.BULK_INSERT.name().toLowerCase(Locale.ROOT));
    WriteSettings settings = WriteSettings.of(getBasePath(), Map.copyOf(props));
    BootstrapSource source = listSource();
    List<String> metadataOnlyPartitions = metadataOnlyPartitions(source, selector);
    List<String> partitionFields = partitionFieldNames(settings.partitionFields());
    Schema schema = SourceRecords.bootstrapSchema(firstFileSchema(source), partitionFields);
    settings.checkFieldsExist(schema);
    StageSpecs specs;
    try {
      specs =
          StageSpecs.of(
              settings.toSpec(
                  schema, ChangeTypes.none(), getHadoopConfiguration(), FailedRecordPolicy.FAIL));
    } catch (HudiTableException e) {
      throw new IllegalArgumentException("HudiIO.bootstrap(): " + e.getMessage(), e);
    }
    StartSpec start = specs.start();
    StartSpec bootstrapStart =
        new StartSpec(
            start.location(),
            start.tableConfig().with(TableProperty.BOOTSTRAP_BASE_PATH.key(), source.basePath()),
            start.operation(),
            start.schemaJson(),
            start.schemaEvolution(),
            start.control());
    List<KV<String, String>> metadataOnlyFiles = new ArrayList<>();
    List<KV<String, String>> fullRecordFiles = new ArrayList<>();
    for (SourceFile file : source.files()) {
      (metadataOnlyPartitions.contains(file.partition()) ? metadataOnlyFiles : fullRecordFiles)
          .add(KV.of(file.path(), file.partition()));
    }
    BootstrapStages.Bootstrap bootstrap =
        new BootstrapStages.Bootstrap(
            source.basePath(),
            schema.toString(),
            settings.recordKeyFields(),
            partitionFields,
            specs,
            bootstrapStart);
    if (!metadataOnlyFiles.isEmpty() && !fullRecordFiles.isEmpty()) {
      return BootstrapStages.mixed(
          input.getPipeline(),
          sourceFiles("Metadata-only source files", input, metadataOnlyFiles),
          sourceFiles("Full-record source files", input, fullRecordFiles),
          bootstrap);
    }
    if (fullRecordFiles.isEmpty()) {
      return BootstrapStages.metadataOnly(
          input.getPipeline(), sourceFiles("Source files", input, metadataOnlyFiles), bootstrap);
    }
    return BootstrapStages.fullRecord(
        input.getPipeline(), sourceFiles("Source files", input, fullRecordFiles), bootstrap);
  }

  private BootstrapSource listSource() {
    Configuration conf =
        TableLocation.of(getBasePath(), getHadoopConfiguration()).hadoopConfiguration();
    try {
      FileSystem fs = new Path(getSourcePath()).getFileSystem(conf);
      return BootstrapSource.list(fs, getSourcePath(), getBasePath());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the file system of " + getSourcePath(), e);
    } catch (HudiTableException e) {
      throw new IllegalArgumentException("HudiIO.bootstrap(): " + e.getMessage(), e);
    }
  }

  private Schema firstFileSchema(BootstrapSource source) {
    Configuration conf =
        TableLocation.of(getBasePath(), getHadoopConfiguration()).hadoopConfiguration();
    SourceFile first = source.files().get(0);
    try {
      return BaseFileReader.of(conf, new Path(first.path())).readFooter().avroSchema();
    } catch (HudiTableException e) {
      throw new IllegalArgumentException("HudiIO.bootstrap(): " + e.getMessage(), e);
    }
  }

  /** The source partitions the selector gives METADATA_ONLY (relative folders). */
  private static List<String> metadataOnlyPartitions(
      BootstrapSource source, BootstrapModeSelector selector) {
    List<String> metadataOnly = new ArrayList<>();
    for (String partition : source.partitions().keySet()) {
      if (selector.select(partition) == BootstrapMode.METADATA_ONLY) {
        metadataOnly.add(partition);
      }
    }
    return metadataOnly;
  }

  private static PCollection<KV<String, String>> sourceFiles(
      String name, PBegin input, List<KV<String, String>> files) {
    return input.apply(
        name, Create.of(files).withCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of())));
  }

  /** The partition field names without a custom key generator's {@code :type}. */
  private static List<String> partitionFieldNames(List<String> fields) {
    return fields.stream().map(f -> f.contains(":") ? f.substring(0, f.indexOf(':')) : f).toList();
  }
}
