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

import io.hudibeam.HudiWriteSchemaTransformProvider.Configuration;
import io.hudibeam.settings.HudiSettings;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.util.RowFilter;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The tables of a {@code hudi_write} configuration and the {@link HudiIO.Write} of each: the common
 * keys, then the table's {@code table_settings} over them. Also the checks of the keys that name
 * tables ({@code table}, {@code base_path}, {@code warehouse}, {@code tables}, {@code
 * table_settings}, {@code record_key}, {@code ordering_field(s)}).
 */
final class WriteConfigurations {
  private WriteConfigurations() {}

  /** The tables the configuration writes: {@code tables} for a template, else {@code table}. */
  static List<String> destinations(Configuration config) {
    List<String> tables = config.getTables();
    return tables == null ? List.of(config.getTable()) : List.copyOf(new TreeSet<>(tables));
  }

  static boolean isTemplate(Configuration config) {
    return TableTemplate.parse(config.getTable()).hasPlaceholders();
  }

  /** A template without {@code tables}: its tables are created when rows first name them. */
  static boolean createsTablesOnFirstSight(Configuration config) {
    return isTemplate(config) && config.getTables() == null;
  }

  static void validate(Configuration config) {
    TableTemplate template = TableTemplate.parse(config.getTable());
    String warehouse = config.getWarehouse();
    if (warehouse != null && warehouse.isEmpty()) {
      throw new IllegalArgumentException("warehouse must not be empty");
    }
    if (config.getBasePath() != null && config.getBasePath().isEmpty()) {
      throw new IllegalArgumentException("base_path must not be empty");
    }
    if (template.hasPlaceholders()) {
      checkTemplate(config, template);
    } else {
      if (config.getTables() != null) {
        throw new IllegalArgumentException(
            "tables is set, but table '"
                + config.getTable()
                + "' is no template: tables lists the tables a template with {field}"
                + " placeholders resolves to");
      }
      if ((config.getBasePath() == null) == (warehouse == null)) {
        throw new IllegalArgumentException(
            "set one of base_path (the table's base path) and warehouse (its folder: the base path is"
                + " <warehouse>/<table>), but "
                + (warehouse == null ? "neither is set" : "both are set"));
      }
      if (warehouse != null) {
        TableTemplate.checkName("table", config.getTable());
      }
    }
    Map<String, Map<String, String>> settings = config.getTableSettings();
    List<String> destinations = destinations(config);
    if (settings != null && !createsTablesOnFirstSight(config)) {
      settings.forEach(
          (table, hoodie) -> {
            if (!destinations.contains(table)) {
              throw new IllegalArgumentException(
                  "table_settings has settings for '"
                      + table
                      + "', which is not one of the tables "
                      + destinations);
            }
            hoodie.keySet().stream()
                .filter(k -> !k.startsWith("hoodie."))
                .findFirst()
                .ifPresent(
                    k -> {
                      throw new IllegalArgumentException(
                          "table_settings of '"
                              + table
                              + "' has the key '"
                              + k
                              + "', but takes Hudi's hoodie.* keys only");
                    });
          });
    }
    checkRecordKey(config, destinations);
    orderingFields(config);
  }

  private static void checkTemplate(Configuration config, TableTemplate template) {
    String table = config.getTable();
    if (config.getBasePath() != null) {
      throw new IllegalArgumentException(
          "base_path names one table, but table '"
              + table
              + "' is a template: set warehouse, the folder of its tables"
              + " (<warehouse>/<table name, each dot a folder>)");
    }
    if (config.getWarehouse() == null) {
      throw new IllegalArgumentException(
          "table '"
              + table
              + "' is a template: set warehouse, the folder of its tables"
              + " (<warehouse>/<table name, each dot a folder>)");
    }
    List<String> tables = config.getTables();
    if (tables == null) {
      checkFirstSight(config, template);
      return;
    }
    if (tables.isEmpty()) {
      throw new IllegalArgumentException(
          "tables is empty: list every table the template '"
              + table
              + "' resolves to (e.g. ["
              + table.replaceAll("\\{[^{}]*}", "orders")
              + "]), or leave tables out for tables created on first sight");
    }
    if (new TreeSet<>(tables).size() != tables.size()) {
      throw new IllegalArgumentException("tables names a table twice: " + tables);
    }
    for (String name : tables) {
      TableTemplate.checkName("tables", name);
      if (!template.couldResolveTo(name)) {
        throw new IllegalArgumentException(
            "tables has '" + name + "', which the table template '" + table + "' cannot give");
      }
    }
  }

  /**
   * A template without {@code tables}: its tables are created on first sight ({@code
   * HudiIO.writeDynamicRows()}), so what every table needs comes from the common keys, and what
   * that write does not support is refused here.
   */
  private static void checkFirstSight(Configuration config, TableTemplate template) {
    String why = "' is a template without tables (tables created on first sight): ";
    if (config.getRecordKey() == null
        && (config.getHoodieProperties() == null
            || !config.getHoodieProperties().containsKey(HudiSettings.RECORD_KEY_FIELDS.key()))) {
      throw new IllegalArgumentException(
          "table '" + config.getTable() + why + "set record_key, the key of every table");
    }
    if (config.getErrorHandling() != null) {
      throw new IllegalArgumentException(
          "table '" + config.getTable() + why + "error_handling needs the tables listed in tables");
    }
    Map<String, Map<String, String>> settings = config.getTableSettings();
    if (settings != null) {
      for (String name : settings.keySet()) {
        TableTemplate.checkName("table_settings", name);
        if (!template.couldResolveTo(name)) {
          throw new IllegalArgumentException(
              "table_settings has '"
                  + name
                  + "', which the table template '"
                  + config.getTable()
                  + "' cannot give");
        }
        settings.get(name).keySet().stream()
            .filter(k -> !k.startsWith("hoodie."))
            .findFirst()
            .ifPresent(
                k -> {
                  throw new IllegalArgumentException(
                      "table_settings of '"
                          + name
                          + "' has the key '"
                          + k
                          + "', but takes Hudi's hoodie.* keys only");
                });
      }
    }
  }

  /** Every table needs a record key: record_key, or its own in hoodie_properties/table_settings. */
  private static void checkRecordKey(Configuration config, List<String> destinations) {
    if (config.getRecordKey() != null) {
      if (config.getRecordKey().isEmpty()) {
        throw new IllegalArgumentException("record_key must name at least one field");
      }
      return;
    }
    String key = HudiSettings.RECORD_KEY_FIELDS.key();
    for (String table : destinations) {
      if (!settings(config, table).containsKey(key)
          && (config.getHoodieProperties() == null
              || !config.getHoodieProperties().containsKey(key))) {
        throw new IllegalArgumentException(
            destinations.size() == 1 && config.getTables() == null
                ? "record_key must name at least one field"
                : "table '"
                    + table
                    + "' has no record key: set record_key, or "
                    + key
                    + " in its table_settings");
      }
    }
  }

  /** The ordering fields of ordering_field or ordering_fields; empty for none. */
  static List<String> orderingFields(Configuration config) {
    List<String> fields = config.getOrderingFields();
    if (fields == null) {
      return config.getOrderingField() == null ? List.of() : List.of(config.getOrderingField());
    }
    if (config.getOrderingField() != null) {
      throw new IllegalArgumentException(
          "ordering_field and ordering_fields are both set; set one (ordering_fields: ["
              + config.getOrderingField()
              + "])");
    }
    if (fields.isEmpty() || fields.stream().anyMatch(f -> f == null || f.isEmpty())) {
      throw new IllegalArgumentException(
          "ordering_fields must name at least one field, but got " + fields);
    }
    return List.copyOf(fields);
  }

  private static Map<String, String> settings(Configuration config, String table) {
    Map<String, Map<String, String>> settings = config.getTableSettings();
    Map<String, String> own = settings == null ? null : settings.get(table);
    return own == null ? Map.of() : own;
  }

  /** The base path of {@code table}: base_path, or its folder below warehouse. */
  static String basePath(Configuration config, String table) {
    return config.getBasePath() != null
        ? config.getBasePath()
        : TableTemplate.basePath(config.getWarehouse(), table);
  }

  /** The write of {@code table}: the common keys, then its table_settings over them. */
  static HudiIO.Write<Row> write(Configuration config, String table) {
    HudiIO.Write<Row> write =
        common(config).withTableName(table).withBasePath(basePath(config, table));
    if (config.getTriggeringFrequencySeconds() != null) {
      write =
          write.withTriggeringFrequency(
              org.joda.time.Duration.standardSeconds(config.getTriggeringFrequencySeconds()));
    }
    if (config.getSinkId() != null) {
      write = write.withSinkId(config.getSinkId());
    }
    Map<String, String> own = settings(config, table);
    if (!own.isEmpty()) {
      write = write.withHoodieProperties(own);
    }
    return write;
  }

  /** The keys every table shares: its write without name, base path and streaming settings. */
  private static HudiIO.Write<Row> common(Configuration config) {
    HudiIO.Write<Row> write = HudiIO.write();
    if (config.getRecordKey() != null) {
      write = write.withRecordKeyFields(config.getRecordKey().split(","));
    }
    if (config.getHoodieProperties() != null) {
      write = write.withHoodieProperties(config.getHoodieProperties());
    }
    List<String> partitions = config.getPartitionFields();
    if (partitions != null && !partitions.isEmpty()) {
      write = write.withPartitionFields(partitions.toArray(String[]::new));
    }
    List<String> ordering = orderingFields(config);
    if (!ordering.isEmpty()) {
      write = write.withOrderingFields(ordering.toArray(String[]::new));
    }
    if (config.getOperation() != null) {
      write = write.withOperation(HudiSettings.OPERATION.parse(config.getOperation()));
    }
    if (config.getTableType() != null) {
      write = write.withTableType(HudiSettings.TABLE_TYPE.parse(config.getTableType()));
    }
    if (config.getChangeTypeColumn() != null) {
      write = write.withChangeTypeField(config.getChangeTypeColumn(), config.changeTypes());
    }
    return write;
  }

  /**
   * The tables of a template without {@code tables}, made when rows first name them: the common
   * keys, the table's name and its folder below warehouse, then its table_settings, if any.
   */
  record FirstSightTables(
      HudiIO.Write<Row> common, String warehouse, Map<String, Map<String, String>> tableSettings)
      implements SerializableFunction<String, HudiIO.Write<Row>> {
    static FirstSightTables of(Configuration config) {
      Map<String, Map<String, String>> settings = new TreeMap<>();
      if (config.getTableSettings() != null) {
        config.getTableSettings().forEach((t, own) -> settings.put(t, Map.copyOf(own)));
      }
      return new FirstSightTables(
          WriteConfigurations.common(config), config.getWarehouse(), settings);
    }

    @Override
    public HudiIO.Write<Row> apply(String table) {
      HudiIO.Write<Row> write =
          common.withTableName(table).withBasePath(TableTemplate.basePath(warehouse, table));
      Map<String, String> own = tableSettings.get(table);
      return own == null || own.isEmpty() ? write : write.withHoodieProperties(own);
    }
  }

  /**
   * A table template: each row's table resolved from the whole row (a row of no listed table fails
   * or is an error row), then {@link HudiWriteTables} writes each table its rows filtered.
   */
  static HudiWriteResult writeTables(
      Configuration configuration,
      PCollection<Row> rows,
      RowFilter filter,
      @Nullable BadRecordErrorHandler<PCollection<Row>> handler) {
    TableTemplate template = TableTemplate.parse(configuration.getTable());
    template.checkFields(rows.getSchema());
    if (createsTablesOnFirstSight(configuration)) {
      return writeTablesOnFirstSight(configuration, rows, filter, template);
    }
    List<String> names = WriteConfigurations.destinations(configuration);
    List<String> keyFields =
        configuration.getRecordKey() == null
            ? null
            : List.of(configuration.getRecordKey().split(","));
    PCollectionTuple resolved =
        rows.apply(
            ResolveTables.STEP,
            ParDo.of(
                    new ResolveTables(
                        template, Set.copyOf(names), filter, keyFields, handler != null))
                .withOutputTags(
                    ResolveTables.KNOWN, TupleTagList.of(BadRecordRouter.BAD_RECORD_TAG)));
    PCollection<BadRecord> unknown =
        resolved
            .get(BadRecordRouter.BAD_RECORD_TAG)
            .setCoder(BadRecord.getCoder(rows.getPipeline()));
    if (handler != null) {
      handler.addErrorCollection(unknown);
    }
    HudiWriteTables<Row> tables =
        HudiIO.writeTables().withDestination(template).withRowFilter(filter);
    for (String name : names) {
      HudiIO.Write<Row> write = WriteConfigurations.write(configuration, name);
      if (handler != null) {
        write = write.withBadRecordErrorHandler(handler);
      }
      tables = tables.withTable(name, write);
    }
    return resolved
        .get(ResolveTables.KNOWN)
        .setRowSchema(rows.getSchema())
        .apply("Write to Hudi", tables);
  }

  /**
   * A template without {@code tables}: rows whose template field is null fail ("Resolve tables"),
   * the others go to {@code HudiIO.writeDynamicRows()}, which creates each table when its first
   * rows arrive.
   */
  private static HudiWriteResult writeTablesOnFirstSight(
      Configuration configuration,
      PCollection<Row> rows,
      RowFilter filter,
      TableTemplate template) {
    List<String> keyFields =
        configuration.getRecordKey() == null
            ? null
            : List.of(configuration.getRecordKey().split(","));
    PCollectionTuple outputs =
        rows.apply(
            ResolveTables.STEP,
            ParDo.of(new ResolveTables(template, null, filter, keyFields, false))
                .withOutputTags(
                    ResolveTables.KNOWN, TupleTagList.of(BadRecordRouter.BAD_RECORD_TAG)));
    // Without error_handling a row without a table fails the step; the tag stays empty.
    outputs.get(BadRecordRouter.BAD_RECORD_TAG).setCoder(BadRecord.getCoder(rows.getPipeline()));
    PCollection<Row> resolved = outputs.get(ResolveTables.KNOWN).setRowSchema(rows.getSchema());
    HudiWriteDynamic<Row> write =
        HudiIO.writeDynamicRows()
            .to(template)
            .withTables(FirstSightTables.of(configuration))
            .withRowFilter(filter);
    if (configuration.getTriggeringFrequencySeconds() != null) {
      write =
          write.withTriggeringFrequency(
              org.joda.time.Duration.standardSeconds(
                  configuration.getTriggeringFrequencySeconds()));
    }
    if (configuration.getSinkId() != null) {
      write = write.withSinkId(configuration.getSinkId());
    }
    return resolved.apply("Write to Hudi", write);
  }
}
