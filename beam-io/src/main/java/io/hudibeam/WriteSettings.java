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

import io.hudibeam.keygen.KeyGeneratorConfig;
import io.hudibeam.settings.HudiSettings;
import io.hudibeam.settings.IgnoredSettings;
import io.hudibeam.settings.SettingsCheck;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.settings.TableServiceSettings;
import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TableVersion;
import io.hudibeam.transforms.FailedRecordPolicy;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.write.ChangeTypes;
import io.hudibeam.write.IndexType;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.WriteOperation;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settings of one write, read from Hudi's keys through the registry ({@link HudiSettings}):
 * every setting parsed and validated when the pipeline is built, the rules that relate several
 * settings checked, and a warning for each {@code hoodie.*} key the registry does not know.
 */
final class WriteSettings {
  private static final Logger LOG = LoggerFactory.getLogger(WriteSettings.class);

  private final String basePath;
  private final Map<String, String> properties;

  private WriteSettings(String basePath, Map<String, String> properties) {
    this.basePath = basePath;
    this.properties = properties;
  }

  /**
   * Checks the settings of a write.
   *
   * @throws IllegalArgumentException naming the setting, the value and what was expected
   */
  static WriteSettings of(@Nullable String basePath, Map<String, String> properties) {
    if (basePath == null) {
      throw new IllegalArgumentException("withBasePath() is required");
    }
    if (!properties.containsKey(HudiSettings.TABLE_NAME.key())) {
      throw new IllegalArgumentException(
          "withTableName() (" + HudiSettings.TABLE_NAME.key() + ") is required");
    }
    if (!properties.containsKey(HudiSettings.RECORD_KEY_FIELDS.key())) {
      throw new IllegalArgumentException(
          "withRecordKeyFields() (" + HudiSettings.RECORD_KEY_FIELDS.key() + ") is required");
    }
    WriteSettings settings = new WriteSettings(basePath, properties);
    try {
      SettingsCheck.validate(properties);
      settings.checkCombinations();
    } catch (HudiTableException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    checkUnknownKeys(properties);
    return settings;
  }

  /**
   * Checks the settings of a compaction ({@code HudiIO.compact()}): the registry's and Parquet's.
   */
  static void checkCompaction(Map<String, String> properties) {
    try {
      SettingsCheck.validate(properties);
      SettingsReader.parquet(properties);
    } catch (HudiTableException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    checkUnknownKeys(properties);
  }

  /**
   * Refuses the {@code hoodie.*} keys HudiIO does not apply, each named with the closest known key
   * (a setting that silently does not apply is worse than an error), and logs the keys it accepts
   * without effect ({@link IgnoredSettings}) with the reason.
   *
   * @throws IllegalArgumentException naming every refused key
   */
  static void checkUnknownKeys(Map<String, String> properties) {
    List<String> refused = SettingsCheck.refusedKeys(properties);
    if (!refused.isEmpty()) {
      throw new IllegalArgumentException(
          refused.stream()
              .map(k -> SettingsCheck.refusal(k, properties.get(k)))
              .collect(Collectors.joining("; ")));
    }
    for (String key : SettingsCheck.unknownKeys(properties)) {
      LOG.info(
          "HudiIO: {}={} is accepted without effect: {}",
          key,
          properties.get(key),
          IgnoredSettings.reason(key, properties.get(key)).orElseThrow());
    }
  }

  /** The rules between settings, Hudi's where Hudi has them. */
  private void checkCombinations() {
    SettingsReader.archive(properties); // keep.max above keep.min above the cleaner's retention
    SettingsReader.mergeMemory(properties);
    if (SettingsReader.compaction(properties).inline() && tableType() != TableType.MERGE_ON_READ) {
      throw new HudiTableException(
          TableServiceSettings.COMPACT_INLINE.key()
              + "=true needs withTableType(MERGE_ON_READ); a "
              + tableType()
              + " table has no log files to compact");
    }
    if (index() == IndexType.BUCKET) {
      if (operation() == WriteOperation.BULK_INSERT) {
        throw new HudiTableException(
            "withOperation(BULK_INSERT) is not supported with withIndex(BUCKET); use INSERT or UPSERT");
      }
      try {
        SettingsReader.bucketIndex(properties, recordKeyFields());
      } catch (HudiTableException e) {
        throw new HudiTableException("withIndex(BUCKET): " + e.getMessage(), e);
      }
    }
  }

  String tableName() {
    return HudiSettings.TABLE_NAME.find(properties).orElseThrow();
  }

  /** The cross-field rules of a streaming write (withTriggeringFrequency). */
  void checkStreamable() {
    if (operation() == WriteOperation.BULK_INSERT) {
      throw new IllegalArgumentException(
          "withOperation(BULK_INSERT) is not supported with withTriggeringFrequency (streaming writes);"
              + " use INSERT or UPSERT");
    }
  }

  TableType tableType() {
    return HudiSettings.TABLE_TYPE.get(properties);
  }

  /** The version of a table this write creates: hoodie.write.table.version, 6 by default. */
  TableVersion tableVersion() {
    return HudiSettings.WRITE_TABLE_VERSION.get(properties);
  }

  WriteOperation operation() {
    return HudiSettings.OPERATION.get(properties);
  }

  IndexType index() {
    return HudiSettings.INDEX_TYPE.get(properties);
  }

  List<String> recordKeyFields() {
    return HudiSettings.RECORD_KEY_FIELDS.find(properties).orElseThrow();
  }

  List<String> partitionFields() {
    return HudiSettings.PARTITION_FIELDS.get(properties);
  }

  @Nullable String orderingField() {
    return HudiSettings.ORDERING_FIELD.find(properties).orElse(null);
  }

  void checkFieldsExist(Schema schema) {
    checkField(schema, HudiSettings.RECORD_KEY_FIELDS.key(), recordKeyFields());
    checkField(schema, HudiSettings.PARTITION_FIELDS.key(), partitionFields());
    if (orderingField() != null && operation() != WriteOperation.DELETE) {
      checkField(schema, HudiSettings.ORDERING_FIELD.key(), List.of(orderingField()));
    }
  }

  private static void checkField(Schema schema, String key, List<String> fields) {
    for (String field : fields) {
      Schema current = schema;
      for (String part : field.split("\\.")) {
        Schema record = nonNull(current);
        Schema.Field f = record.getType() == Schema.Type.RECORD ? record.getField(part) : null;
        if (f == null) {
          throw new IllegalArgumentException(
              String.format(
                  "%s names field '%s', which is not in the input schema; its fields are %s",
                  key,
                  field,
                  schema.getFields().stream()
                      .map(Schema.Field::name)
                      .collect(Collectors.toList())));
        }
        current = f.schema();
      }
    }
  }

  private static Schema nonNull(Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      for (Schema s : schema.getTypes()) {
        if (s.getType() != Schema.Type.NULL) {
          return s;
        }
      }
    }
    return schema;
  }

  /** A change type field needs an upsert, and must be a field of the input. */
  private void checkChangeTypes(Schema schema, ChangeTypes changeTypes) {
    if (changeTypes.field().isEmpty()) {
      return;
    }
    if (operation() != WriteOperation.UPSERT) {
      throw new HudiTableException(
          "withChangeTypeField('"
              + changeTypes.field().get()
              + "') needs withOperation(UPSERT) (the default), but the operation is "
              + operation()
              + "; a change stream's inserts, updates and deletes are applied by an upsert");
    }
    try {
      checkField(schema, "withChangeTypeField", List.of(changeTypes.field().get()));
    } catch (IllegalArgumentException e) {
      throw new HudiTableException(e.getMessage(), e);
    }
  }

  WriteSpec toSpec(
      Schema schema,
      ChangeTypes changeTypes,
      Map<String, String> hadoopConfiguration,
      FailedRecordPolicy policy) {
    checkChangeTypes(schema, changeTypes);
    KeyGeneratorConfig keyGenerator = SettingsReader.keyGenerator(properties);
    TableConfig.Builder table =
        TableConfig.newTable(tableName(), tableType())
            .tableVersion(tableVersion())
            .recordKeyFields(recordKeyFields())
            .partitionFields(partitionFields())
            .keyGeneratorClass(keyGenerator.type().className())
            .hiveStylePartitioning(keyGenerator.hiveStylePartitioning())
            .urlEncodePartitioning(keyGenerator.urlEncodePartitionPath())
            .createSchema(schema.toString());
    if (orderingField() != null) {
      table.orderingField(orderingField());
    }
    keyGenerator
        .toTableProperties()
        .forEach(
            (k, v) -> {
              if (k.startsWith("hoodie.keygen.")) {
                table.property(k, v);
              }
            });
    return WriteSpec.builder()
        .basePath(basePath)
        .hadoopConfiguration(hadoopConfiguration)
        .tableConfig(table.build())
        .keyGenerator(keyGenerator)
        .orderingField(
            orderingField() == null ? OrderingField.none() : OrderingField.of(orderingField()))
        .changeTypes(changeTypes)
        .operation(operation())
        .index(index())
        .writeProperties(properties)
        .schemaJson(schema.toString())
        .failedRecordPolicy(policy)
        .build();
  }
}
