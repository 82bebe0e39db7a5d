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
package io.hudibeam.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.CRC32;

/**
 * An immutable view of a table's {@code hoodie.properties} (Hudi's {@code HoodieTableConfig}).
 * Instances always carry a correct {@code hoodie.table.checksum}; {@link TableConfigStore} reads
 * and writes them.
 */
public final class TableConfig implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  static final String OVERWRITE_WITH_LATEST_PAYLOAD =
      "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload";
  static final String DEFAULT_PAYLOAD = "org.apache.hudi.common.model.DefaultHoodieRecordPayload";
  static final String DEFAULT_MERGER_STRATEGY = "eeb8d96f-b1e4-49fd-bbf8-28ac514178e5";
  static final String COMMIT_TIME_MERGER_STRATEGY = "ce9acb64-bde0-424c-9b91-f6ebba25356d";

  /**
   * Table version 8's {@code hoodie.table.keygenerator.type} names and the key generator class each
   * stands for ({@code KeyGeneratorType} in Hudi 1.0); the class key is what this project reads.
   */
  private static final Map<String, String> KEY_GENERATOR_TYPE_CLASSES =
      Map.of(
          "SIMPLE", "org.apache.hudi.keygen.SimpleKeyGenerator",
          "COMPLEX", "org.apache.hudi.keygen.ComplexKeyGenerator",
          "NON_PARTITION", "org.apache.hudi.keygen.NonpartitionedKeyGenerator",
          "TIMESTAMP", "org.apache.hudi.keygen.TimestampBasedKeyGenerator",
          "CUSTOM", "org.apache.hudi.keygen.CustomKeyGenerator");

  private final SortedMap<String, String> properties;

  private TableConfig(SortedMap<String, String> properties) {
    this.properties = Collections.unmodifiableSortedMap(new TreeMap<>(properties));
  }

  /**
   * Starts the configuration of a new table, version 6 unless {@link Builder#tableVersion} says 8.
   */
  public static Builder newTable(String tableName, TableType tableType) {
    return new Builder(tableName, tableType);
  }

  /**
   * Wraps properties read from storage, checking the checksum, the table version and the timeline
   * layout. {@code source} names the file in error messages.
   */
  public static TableConfig fromProperties(Map<String, String> properties, String source) {
    TableConfig config = new TableConfig(new TreeMap<>(properties));
    String name = properties.get(TableProperty.NAME.key());
    if (name == null || name.isEmpty()) {
      throw new InvalidTableConfigException(
          String.format("%s has no %s", source, TableProperty.NAME.key()));
    }
    String storedChecksum = properties.get(TableProperty.CHECKSUM.key());
    if (storedChecksum != null) {
      String expected = checksumOf(properties.get(TableProperty.DATABASE_NAME.key()), name);
      if (!expected.equals(storedChecksum.trim())) {
        throw new InvalidTableConfigException(
            String.format(
                "%s has %s=%s but the checksum of its database and table name is %s: the file is"
                    + " corrupt or was edited by hand",
                source, TableProperty.CHECKSUM.key(), storedChecksum, expected));
      }
    }
    TableVersion version =
        TableVersion.parse(
            properties.get(TableProperty.TABLE_VERSION.key()),
            TableProperty.TABLE_VERSION.key(),
            source);
    String layout = properties.get(TableProperty.TIMELINE_LAYOUT_VERSION.key());
    boolean layoutRequired = version == TableVersion.EIGHT;
    if ((layout == null && layoutRequired)
        || (layout != null
            && !String.valueOf(version.timelineLayoutVersion()).equals(layout.trim()))) {
      throw new UnsupportedTableVersionException(
          String.format(
              "%s has %s=%s; table version %s uses timeline layout %d",
              source,
              TableProperty.TIMELINE_LAYOUT_VERSION.key(),
              layout == null ? "<absent>" : layout,
              version,
              version.timelineLayoutVersion()));
    }
    if (version == TableVersion.EIGHT) {
      for (TableProperty folder :
          List.of(TableProperty.TIMELINE_PATH, TableProperty.TIMELINE_HISTORY_PATH)) {
        String value = properties.get(folder.key());
        String expected = folder == TableProperty.TIMELINE_PATH ? "timeline" : "history";
        if (value != null && !expected.equals(value.trim())) {
          throw new UnsupportedTableVersionException(
              String.format(
                  "%s has %s=%s; this writer supports only Hudi's default '%s'",
                  source, folder.key(), value, expected));
        }
      }
    }
    String type = properties.get(TableProperty.TABLE_TYPE.key());
    if (type != null) {
      TableType.fromValue(type);
    }
    return config;
  }

  /**
   * {@code hoodie.table.checksum}: CRC32 of {@code <database>.<table>} (Hudi's {@code
   * HoodieTableConfig.generateChecksum}).
   */
  public static String checksumOf(String databaseName, String tableName) {
    CRC32 crc = new CRC32();
    String value = (databaseName == null ? "" : databaseName) + "." + tableName;
    crc.update(value.getBytes(StandardCharsets.UTF_8));
    return Long.toString(crc.getValue());
  }

  public String name() {
    return properties.get(TableProperty.NAME.key());
  }

  public Optional<String> databaseName() {
    return get(TableProperty.DATABASE_NAME);
  }

  public TableType tableType() {
    return get(TableProperty.TABLE_TYPE).map(TableType::fromValue).orElse(TableType.COPY_ON_WRITE);
  }

  public int tableVersion() {
    return version().code();
  }

  /** The table version, with its timeline layout (checked when the properties were read). */
  public TableVersion version() {
    return TableVersion.parse(
        properties.get(TableProperty.TABLE_VERSION.key()),
        TableProperty.TABLE_VERSION.key(),
        "hoodie.properties");
  }

  public List<String> recordKeyFields() {
    return splitFields(get(TableProperty.RECORD_KEY_FIELDS).orElse(""));
  }

  /** Partition fields; empty for a non-partitioned table. */
  public List<String> partitionFields() {
    return splitFields(get(TableProperty.PARTITION_FIELDS).orElse(""));
  }

  public Optional<String> orderingField() {
    return get(TableProperty.PRECOMBINE_FIELD).filter(s -> !s.isEmpty());
  }

  /**
   * The key generator class: {@code hoodie.table.keygenerator.class}, or on a table version 8 table
   * that has only {@code hoodie.table.keygenerator.type} (as Hudi 1.0 writes it) the class that
   * type stands for.
   */
  public Optional<String> keyGeneratorClass() {
    Optional<String> className = get(TableProperty.KEY_GENERATOR_CLASS);
    if (className.isPresent()) {
      return className;
    }
    return get(TableProperty.KEY_GENERATOR_TYPE).map(TableConfig::keyGeneratorClassOfType);
  }

  private static String keyGeneratorClassOfType(String type) {
    String base = type.trim().replaceFirst("_AVRO$", "");
    String className = KEY_GENERATOR_TYPE_CLASSES.get(base);
    if (className == null) {
      throw new InvalidTableConfigException(
          String.format(
              "%s=%s is not a key generator type this writer knows; expected one of %s",
              TableProperty.KEY_GENERATOR_TYPE.key(),
              type,
              new TreeMap<>(KEY_GENERATOR_TYPE_CLASSES).keySet()));
    }
    return className;
  }

  /** The {@code hoodie.table.keygenerator.type} name of a key generator class, empty if unknown. */
  private static Optional<String> keyGeneratorTypeOfClass(String className) {
    String spark = className.trim().replace("AvroKeyGenerator", "KeyGenerator");
    return KEY_GENERATOR_TYPE_CLASSES.entrySet().stream()
        .filter(e -> e.getValue().equals(spark))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  public boolean hiveStylePartitioning() {
    return Boolean.parseBoolean(get(TableProperty.HIVE_STYLE_PARTITIONING).orElse("false"));
  }

  public boolean urlEncodePartitioning() {
    return Boolean.parseBoolean(get(TableProperty.URL_ENCODE_PARTITIONING).orElse("false"));
  }

  public TimelineTimezone timelineTimezone() {
    return get(TableProperty.TIMELINE_TIMEZONE)
        .map(TimelineTimezone::fromValue)
        .orElse(TimelineTimezone.LOCAL);
  }

  public Optional<String> createSchema() {
    return get(TableProperty.CREATE_SCHEMA).filter(s -> !s.isEmpty());
  }

  /**
   * Metadata-table partitions Hudi's readers may trust ({@code hoodie.table.metadata.partitions});
   * empty if none is built.
   */
  public List<String> metadataPartitions() {
    return splitFields(get(TableProperty.METADATA_PARTITIONS).orElse(""));
  }

  public List<String> inflightMetadataPartitions() {
    return splitFields(get(TableProperty.METADATA_PARTITIONS_INFLIGHT).orElse(""));
  }

  public Optional<String> get(TableProperty property) {
    return get(property.key());
  }

  public Optional<String> get(String key) {
    return Optional.ofNullable(properties.get(key));
  }

  /** Every property, checksum included, sorted by key. */
  public SortedMap<String, String> asMap() {
    return properties;
  }

  /** A copy with {@code key} set (or removed when {@code value} is null), checksum recomputed. */
  public TableConfig with(String key, String value) {
    SortedMap<String, String> copy = new TreeMap<>(properties);
    if (value == null) {
      copy.remove(key);
    } else {
      copy.put(key, value);
    }
    copy.put(
        TableProperty.CHECKSUM.key(),
        checksumOf(
            copy.get(TableProperty.DATABASE_NAME.key()), copy.get(TableProperty.NAME.key())));
    return new TableConfig(copy);
  }

  static List<String> splitFields(String value) {
    return Arrays.stream(value.split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableList());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableConfig && properties.equals(((TableConfig) o).properties);
  }

  @Override
  public int hashCode() {
    return properties.hashCode();
  }

  @Override
  public String toString() {
    return "TableConfig" + properties;
  }

  /**
   * Builds the properties of a new table with Hudi's defaults: table version 6 as Hudi 0.15 writes
   * it, or with {@link #tableVersion} 8 as Hudi 1.0.2 writes it.
   */
  public static final class Builder {
    private final SortedMap<String, String> properties = new TreeMap<>();
    private TableVersion version = TableVersion.SIX;

    private Builder(String tableName, TableType tableType) {
      if (tableName == null || tableName.isEmpty()) {
        throw new InvalidTableConfigException(
            TableProperty.NAME.key() + " (the table name) must not be empty");
      }
      put(TableProperty.NAME, tableName);
      put(TableProperty.TABLE_TYPE, tableType.value());
      put(TableProperty.TABLE_VERSION, String.valueOf(TableVersion.SIX.code()));
      put(
          TableProperty.TIMELINE_LAYOUT_VERSION,
          String.valueOf(TableVersion.SIX.timelineLayoutVersion()));
      put(TableProperty.ARCHIVELOG_FOLDER, "archived");
      put(TableProperty.HIVE_STYLE_PARTITIONING, "false");
      put(TableProperty.URL_ENCODE_PARTITIONING, "false");
      put(TableProperty.DROP_PARTITION_COLUMNS, "false");
      put(TableProperty.BASE_FILE_FORMAT, "PARQUET");
      put(TableProperty.POPULATE_META_FIELDS, "true");
      put(TableProperty.TIMELINE_TIMEZONE, TimelineTimezone.LOCAL.value());
      put(TableProperty.PARTITION_METAFILE_USE_BASE_FORMAT, "false");
      put(TableProperty.CDC_ENABLED, "false");
      if (tableType == TableType.MERGE_ON_READ) {
        put(TableProperty.LOG_FILE_FORMAT, "HOODIE_LOG");
        put(TableProperty.PAYLOAD_CLASS, OVERWRITE_WITH_LATEST_PAYLOAD);
        put(TableProperty.RECORD_MERGER_STRATEGY, DEFAULT_MERGER_STRATEGY);
      }
    }

    /** The table version to create: 6 (the default) or 8. */
    public Builder tableVersion(TableVersion tableVersion) {
      this.version = tableVersion;
      return this;
    }

    public Builder databaseName(String databaseName) {
      return put(TableProperty.DATABASE_NAME, databaseName);
    }

    public Builder recordKeyFields(List<String> fields) {
      return put(TableProperty.RECORD_KEY_FIELDS, String.join(",", fields));
    }

    /** Partition fields; an empty list makes a non-partitioned table (the key is then absent). */
    public Builder partitionFields(List<String> fields) {
      return put(
          TableProperty.PARTITION_FIELDS, fields.isEmpty() ? null : String.join(",", fields));
    }

    public Builder orderingField(String field) {
      return put(TableProperty.PRECOMBINE_FIELD, field);
    }

    public Builder keyGeneratorClass(String className) {
      return put(TableProperty.KEY_GENERATOR_CLASS, className);
    }

    public Builder hiveStylePartitioning(boolean hiveStyle) {
      return put(TableProperty.HIVE_STYLE_PARTITIONING, String.valueOf(hiveStyle));
    }

    public Builder urlEncodePartitioning(boolean urlEncode) {
      return put(TableProperty.URL_ENCODE_PARTITIONING, String.valueOf(urlEncode));
    }

    /** The Avro table schema without meta fields, the readers' fallback schema. */
    public Builder createSchema(String avroSchemaJson) {
      return put(TableProperty.CREATE_SCHEMA, avroSchemaJson);
    }

    public Builder timelineTimezone(TimelineTimezone timezone) {
      return put(TableProperty.TIMELINE_TIMEZONE, timezone.value());
    }

    /** Any other persisted key, such as the timestamp key generator's settings. */
    public Builder property(String key, String value) {
      properties.put(key, value);
      return this;
    }

    private Builder put(TableProperty property, String value) {
      if (value == null) {
        properties.remove(property.key());
      } else {
        properties.put(property.key(), value);
      }
      return this;
    }

    public TableConfig build() {
      if (version == TableVersion.EIGHT) {
        putVersionEightKeys();
      }
      properties.put(
          TableProperty.CHECKSUM.key(),
          checksumOf(
              properties.get(TableProperty.DATABASE_NAME.key()),
              properties.get(TableProperty.NAME.key())));
      return new TableConfig(properties);
    }

    /**
     * The keys Hudi 1.0's {@code HoodieTableMetaClient.TableBuilder} writes for a new version 8
     * table: versions and timeline layout 2 with its folders, the merge mode implied by the
     * ordering field ({@code HoodieTableConfig.inferCorrectMergingBehavior}: event-time ordering
     * with {@code DefaultHoodieRecordPayload} when there is one, commit-time ordering with {@code
     * OverwriteWithLatestAvroPayload} without), and the key generator type instead of its class.
     */
    private void putVersionEightKeys() {
      put(TableProperty.TABLE_VERSION, String.valueOf(TableVersion.EIGHT.code()));
      put(TableProperty.INITIAL_VERSION, String.valueOf(TableVersion.EIGHT.code()));
      put(
          TableProperty.TIMELINE_LAYOUT_VERSION,
          String.valueOf(TableVersion.EIGHT.timelineLayoutVersion()));
      put(TableProperty.TIMELINE_PATH, "timeline");
      put(TableProperty.TIMELINE_HISTORY_PATH, "history");
      boolean eventTime = properties.containsKey(TableProperty.PRECOMBINE_FIELD.key());
      put(
          TableProperty.RECORD_MERGE_MODE,
          eventTime ? "EVENT_TIME_ORDERING" : "COMMIT_TIME_ORDERING");
      put(
          TableProperty.RECORD_MERGE_STRATEGY_ID,
          eventTime ? DEFAULT_MERGER_STRATEGY : COMMIT_TIME_MERGER_STRATEGY);
      put(TableProperty.PAYLOAD_CLASS, eventTime ? DEFAULT_PAYLOAD : OVERWRITE_WITH_LATEST_PAYLOAD);
      put(TableProperty.RECORD_MERGER_STRATEGY, null);
      String keyGenerator = properties.get(TableProperty.KEY_GENERATOR_CLASS.key());
      if (keyGenerator != null) {
        Optional<String> type = keyGeneratorTypeOfClass(keyGenerator);
        if (type.isPresent()) {
          put(TableProperty.KEY_GENERATOR_TYPE, type.get());
          put(TableProperty.KEY_GENERATOR_CLASS, null);
        }
      }
      // Hudi 1.0 still writes the deprecated archive folder key; its timeline and schema folders
      // stay.
    }
  }
}
