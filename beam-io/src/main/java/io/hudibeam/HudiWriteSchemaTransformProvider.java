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

import com.google.auto.service.AutoService;
import com.google.auto.value.AutoValue;
import io.hudibeam.settings.HudiSettings;
import io.hudibeam.write.ChangeType;
import io.hudibeam.write.ChangeTypes;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.transforms.Convert;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.schemas.transforms.TypedSchemaTransformProvider;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@link HudiIO#write()} as a schema transform, for cross-language pipelines (Python, Go, through
 * the expansion service) and Beam YAML. Identifier {@value #IDENTIFIER}; input {@code "input"}
 * (rows with a schema); output {@value #COMMITS}: one {@link HudiCommitInfo} row per committed
 * instant; with {@code error_handling}, the records that cannot be written go to the named output
 * as rows {@code failed_row, error_message} (Beam's {@code ErrorHandling} schema) instead of
 * failing the pipeline.
 *
 * <p>The configuration keys follow Managed IcebergIO's write configuration where they mean the same
 * thing ({@code table}, {@code partition_fields}, {@code keep}, {@code drop}, {@code only}, {@code
 * error_handling}); Hudi's own settings go in {@code hoodie_properties} under their Hudi keys.
 * {@code triggering_frequency_seconds} (the commit interval of a streaming write, required for
 * unbounded input) and {@code sink_id} (its stable identity) are passed to {@link
 * HudiIO.Write#withTriggeringFrequency} and {@link HudiIO.Write#withSinkId}.
 *
 * <p>{@code table} may be a template with {@code {field}} placeholders ({@code shop.{table}}),
 * resolved from each row as Managed IcebergIO's: the rows go to the tables listed in {@code
 * tables}, each below {@code warehouse} and written by {@link HudiIO#writeTables()} with the common
 * keys and its own {@code table_settings} ({@link WriteConfigurations}); a row of an unlisted table
 * fails, naming its record key and the template, or is an error row ({@link ResolveTables}).
 * Without {@code tables}, each table is created when a row first names it ({@link
 * HudiIO#writeDynamicRows()}). See docs/schema-transform.md.
 */
@AutoService(SchemaTransformProvider.class)
public final class HudiWriteSchemaTransformProvider
    extends TypedSchemaTransformProvider<HudiWriteSchemaTransformProvider.Configuration> {
  public static final String IDENTIFIER = "beam:schematransform:io.hudibeam:hudi_write:v1";
  static final String INPUT = "input";
  static final String COMMITS = "commits";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public String description() {
    return "Writes rows to an Apache Hudi table (copy-on-write or merge-on-read; table version 6 by"
        + " default, 8 with hoodie.write.table.version in hoodie_properties) with HudiIO; outputs one"
        + " row per committed instant.";
  }

  @Override
  public List<String> inputCollectionNames() {
    return List.of(INPUT);
  }

  @Override
  public List<String> outputCollectionNames() {
    return List.of(COMMITS);
  }

  @Override
  protected SchemaTransform from(Configuration configuration) {
    configuration.validate();
    return new HudiWriteSchemaTransform(configuration);
  }

  /**
   * The configuration; {@link TypedSchemaTransformProvider} gives its Beam schema snake_case field
   * names (getBasePath is base_path).
   */
  @DefaultSchema(AutoValueSchema.class)
  @AutoValue
  public abstract static class Configuration {
    @SchemaFieldDescription(
        "The table name (hoodie.table.name), or a template with {field} placeholders filled from each"
            + " row's fields (e.g. shop.{table}), whose tables are listed in tables or created on"
            + " first sight.")
    public abstract String getTable();

    @SchemaFieldDescription(
        "The table's base path: a local path or any Hadoop file system URI (one table; else"
            + " warehouse).")
    public abstract @Nullable String getBasePath();

    @SchemaFieldDescription(
        "The folder of the tables: a table's base path is <warehouse>/<its name, each dot a folder>.")
    public abstract @Nullable String getWarehouse();

    @SchemaFieldDescription(
        "With a table template: every table it resolves to, fixed when the pipeline is built; left"
            + " out, each table is created when a row first names it.")
    public abstract @Nullable List<String> getTables();

    @SchemaFieldDescription(
        "The record key field, or several separated by commas (hoodie.datasource.write.recordkey.field);"
            + " required unless every table's table_settings give one.")
    public abstract @Nullable String getRecordKey();

    @SchemaFieldDescription("Partition fields; none or empty makes a non-partitioned table.")
    public abstract @Nullable List<String> getPartitionFields();

    @SchemaFieldDescription(
        "The ordering (precombine) field: the larger value wins between versions of a record.")
    public abstract @Nullable String getOrderingField();

    @SchemaFieldDescription(
        "The ordering fields, compared in turn (e.g. a binlog file and a position); instead of"
            + " ordering_field. Several add the column _ordering_value, the table's ordering field.")
    public abstract @Nullable List<String> getOrderingFields();

    @SchemaFieldDescription("upsert (default), insert, bulk_insert or delete.")
    public abstract @Nullable String getOperation();

    @SchemaFieldDescription("COPY_ON_WRITE (default) or MERGE_ON_READ.")
    public abstract @Nullable String getTableType();

    @SchemaFieldDescription(
        "Hudi settings under their hoodie.* keys, as HudiIO.write().withHoodieProperties.")
    public abstract @Nullable Map<String, String> getHoodieProperties();

    @SchemaFieldDescription(
        "Per table (by its name): hoodie.* settings put over the common ones, e.g. its own"
            + " hoodie.datasource.write.recordkey.field or hoodie.datasource.write.table.type.")
    public abstract @Nullable Map<String, Map<String, String>> getTableSettings();

    @SchemaFieldDescription(
        "Only these input fields are written (mutually exclusive with drop and only).")
    public abstract @Nullable List<String> getKeep();

    @SchemaFieldDescription(
        "These input fields are not written (mutually exclusive with keep and only).")
    public abstract @Nullable List<String> getDrop();

    @SchemaFieldDescription(
        "The name of a row field whose fields are written (mutually exclusive with keep and drop).")
    public abstract @Nullable String getOnly();

    @SchemaFieldDescription(
        "Where records that cannot be written go: {output: <name>}; without it they fail the pipeline.")
    public abstract @Nullable ErrorHandling getErrorHandling();

    @SchemaFieldDescription(
        "The commit interval of a streaming write in seconds: one Hudi commit per event-time window of"
            + " this length that has records. Required for unbounded input.")
    public abstract @Nullable Integer getTriggeringFrequencySeconds();

    @SchemaFieldDescription(
        "The stable identity of a streaming write (default: <table>-<operation>), written into its commits so a"
            + " rerun skips the intervals already committed.")
    public abstract @Nullable String getSinkId();

    @SchemaFieldDescription(
        "A change stream's change type field: each row's value says whether it inserts, updates or"
            + " deletes its key (Debezium's c, r, u, d unless change_type_map says otherwise);"
            + " needs operation upsert.")
    public abstract @Nullable String getChangeTypeColumn();

    @SchemaFieldDescription(
        "The change type field's values mapped to insert, update or delete (default Debezium's:"
            + " c and r insert, u updates, d deletes).")
    public abstract @Nullable Map<String, String> getChangeTypeMap();

    public static Builder builder() {
      return new AutoValue_HudiWriteSchemaTransformProvider_Configuration.Builder();
    }

    void validate() {
      if (getTable().isEmpty()) {
        throw new IllegalArgumentException("table must not be empty");
      }
      WriteConfigurations.validate(this);
      int filters =
          (getKeep() == null ? 0 : 1) + (getDrop() == null ? 0 : 1) + (getOnly() == null ? 0 : 1);
      if (filters > 1) {
        throw new IllegalArgumentException(
            "Only one of keep, drop and only may be set, but got " + filters);
      }
      if (getOperation() != null) {
        HudiSettings.OPERATION.parse(getOperation());
      }
      if (getTableType() != null) {
        HudiSettings.TABLE_TYPE.parse(getTableType());
      }
      if (getTriggeringFrequencySeconds() != null && getTriggeringFrequencySeconds() <= 0) {
        throw new IllegalArgumentException(
            "triggering_frequency_seconds must be a positive number of seconds, but got "
                + getTriggeringFrequencySeconds());
      }
      if (getSinkId() != null && getSinkId().isEmpty()) {
        throw new IllegalArgumentException("sink_id must not be empty");
      }
      if (getChangeTypeMap() != null && getChangeTypeColumn() == null) {
        throw new IllegalArgumentException(
            "change_type_map is set but change_type_column is not: name the field it applies to");
      }
      if (getChangeTypeColumn() != null) {
        if (getChangeTypeColumn().isEmpty()) {
          throw new IllegalArgumentException("change_type_column must not be empty");
        }
        changeTypes();
      }
    }

    /** The change type map: change_type_map parsed, or Debezium's when it is not set. */
    Map<String, ChangeType> changeTypes() {
      if (getChangeTypeMap() == null) {
        return ChangeTypes.debezium();
      }
      if (getChangeTypeMap().isEmpty()) {
        throw new IllegalArgumentException(
            "change_type_map must map at least one value to insert, update or delete");
      }
      Map<String, ChangeType> types = new TreeMap<>();
      getChangeTypeMap()
          .forEach(
              (value, type) -> {
                ChangeType parsed;
                try {
                  parsed = ChangeType.valueOf(String.valueOf(type).trim().toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                  throw new IllegalArgumentException(
                      "change_type_map maps '"
                          + value
                          + "' to '"
                          + type
                          + "', but the change types are insert, update and delete",
                      e);
                }
                types.put(value, parsed);
              });
      return types;
    }

    /** Builds a {@link Configuration}. */
    @AutoValue.Builder
    public abstract static class Builder {
      public abstract Builder setTable(String table);

      public abstract Builder setBasePath(String basePath);

      public abstract Builder setWarehouse(String warehouse);

      public abstract Builder setTables(List<String> tables);

      public abstract Builder setRecordKey(String recordKey);

      public abstract Builder setPartitionFields(List<String> fields);

      public abstract Builder setOrderingField(String field);

      public abstract Builder setOrderingFields(List<String> fields);

      public abstract Builder setOperation(String operation);

      public abstract Builder setTableType(String tableType);

      public abstract Builder setHoodieProperties(Map<String, String> properties);

      public abstract Builder setTableSettings(Map<String, Map<String, String>> settings);

      public abstract Builder setKeep(List<String> fields);

      public abstract Builder setDrop(List<String> fields);

      public abstract Builder setOnly(String field);

      public abstract Builder setErrorHandling(ErrorHandling errorHandling);

      public abstract Builder setTriggeringFrequencySeconds(Integer seconds);

      public abstract Builder setSinkId(String sinkId);

      public abstract Builder setChangeTypeColumn(String field);

      public abstract Builder setChangeTypeMap(Map<String, String> changeTypes);

      public abstract Configuration build();
    }
  }

  /** The transform one configuration describes. */
  static final class HudiWriteSchemaTransform extends SchemaTransform {
    private static final long serialVersionUID = 1L;
    private final Configuration configuration;

    HudiWriteSchemaTransform(Configuration configuration) {
      this.configuration = configuration;
    }

    /** The write of the one table {@code table} names (no template). */
    HudiIO.Write<Row> write() {
      return WriteConfigurations.write(configuration, configuration.getTable());
    }

    @Override
    public PCollectionRowTuple expand(PCollectionRowTuple input) {
      PCollection<Row> rows = input.get(INPUT);
      RowFilter filter = new RowFilter(rows.getSchema());
      if (configuration.getKeep() != null) {
        filter = filter.keep(configuration.getKeep());
      } else if (configuration.getDrop() != null) {
        filter = filter.drop(configuration.getDrop());
      } else if (configuration.getOnly() != null) {
        filter = filter.only(configuration.getOnly());
      }
      Schema written = filter.outputSchema();
      String errorOutput = ErrorHandling.getOutputOrNull(configuration.getErrorHandling());
      BadRecordErrorHandler<PCollection<Row>> handler = null;
      if (errorOutput != null) {
        handler = rows.getPipeline().registerBadRecordErrorHandler(new ErrorRows(written));
      }
      HudiWriteResult result =
          WriteConfigurations.isTemplate(configuration)
              ? WriteConfigurations.writeTables(configuration, rows, filter, handler)
              : writeTable(rows, filter, handler);
      PCollectionRowTuple output =
          PCollectionRowTuple.of(
              COMMITS, result.getCommittedInstants().apply("Commit rows", Convert.toRows()));
      if (handler != null) {
        handler.close();
        output = output.and(errorOutput, handler.getOutput());
      }
      return output;
    }

    /** One table: the rows filtered, then written. */
    private HudiWriteResult writeTable(
        PCollection<Row> rows,
        RowFilter filter,
        @Nullable BadRecordErrorHandler<PCollection<Row>> handler) {
      PCollection<Row> filtered =
          rows.apply("Filter fields", MapElements.into(TypeDescriptors.rows()).via(filter::filter))
              .setRowSchema(filter.outputSchema());
      HudiIO.Write<Row> write = write();
      if (handler != null) {
        write = write.withBadRecordErrorHandler(handler);
      }
      return filtered.apply("Write to Hudi", write);
    }
  }

  /** Bad records as Beam's error rows: the input row that failed and the reason. */
  static final class ErrorRows extends PTransform<PCollection<BadRecord>, PCollection<Row>> {
    private static final long serialVersionUID = 1L;
    private final Schema rowSchema;

    ErrorRows(Schema rowSchema) {
      this.rowSchema = rowSchema;
    }

    @Override
    public PCollection<Row> expand(PCollection<BadRecord> bad) {
      Schema errorSchema = ErrorHandling.errorSchema(rowSchema);
      RowCoder coder = RowCoder.of(rowSchema);
      return bad.apply(
              "Error rows",
              MapElements.into(TypeDescriptors.rows())
                  .via(
                      (BadRecord b) -> {
                        Row failed;
                        try {
                          failed =
                              CoderUtils.decodeFromByteArray(
                                  coder, b.getRecord().getEncodedRecord());
                        } catch (Exception e) {
                          throw new IllegalStateException("cannot decode the bad record " + b, e);
                        }
                        return Row.withSchema(errorSchema)
                            .withFieldValue("failed_row", failed)
                            .withFieldValue("error_message", b.getFailure().getDescription())
                            .build();
                      }))
          .setRowSchema(errorSchema);
    }
  }
}
