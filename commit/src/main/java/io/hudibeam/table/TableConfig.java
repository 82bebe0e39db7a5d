package io.hudibeam.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.CRC32;

/**
 * An immutable view of a table's {@code hoodie.properties} (Hudi's {@code HoodieTableConfig}). Instances
 * always carry a correct {@code hoodie.table.checksum}; {@link TableConfigStore} reads and writes
 * them.
 */
public final class TableConfig implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** The only table version this project writes (Hudi 0.14 / 0.15, timeline layout 1). */
  public static final int SUPPORTED_TABLE_VERSION = 6;

  public static final int SUPPORTED_TIMELINE_LAYOUT_VERSION = 1;

  static final String OVERWRITE_WITH_LATEST_PAYLOAD =
      "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload";
  static final String DEFAULT_MERGER_STRATEGY = "eeb8d96f-b1e4-49fd-bbf8-28ac514178e5";

  private final SortedMap<String, String> properties;

  private TableConfig(SortedMap<String, String> properties) {
    this.properties = Collections.unmodifiableSortedMap(new TreeMap<>(properties));
  }

  /** Starts the configuration of a new table version 6 table. */
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
    String version = properties.get(TableProperty.TABLE_VERSION.key());
    if (!String.valueOf(SUPPORTED_TABLE_VERSION).equals(version)) {
      throw new InvalidTableConfigException(
          String.format(
              "%s has %s=%s; this writer supports table version %d only",
              source, TableProperty.TABLE_VERSION.key(), version, SUPPORTED_TABLE_VERSION));
    }
    String layout = properties.get(TableProperty.TIMELINE_LAYOUT_VERSION.key());
    if (layout != null && !String.valueOf(SUPPORTED_TIMELINE_LAYOUT_VERSION).equals(layout)) {
      throw new InvalidTableConfigException(
          String.format(
              "%s has %s=%s; table version 6 uses timeline layout %d",
              source,
              TableProperty.TIMELINE_LAYOUT_VERSION.key(),
              layout,
              SUPPORTED_TIMELINE_LAYOUT_VERSION));
    }
    String type = properties.get(TableProperty.TABLE_TYPE.key());
    if (type != null) {
      TableType.fromValue(type);
    }
    return config;
  }

  /** {@code hoodie.table.checksum}: CRC32 of {@code <database>.<table>} (section 2.3). */
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
    return Integer.parseInt(properties.get(TableProperty.TABLE_VERSION.key()));
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

  public Optional<String> keyGeneratorClass() {
    return get(TableProperty.KEY_GENERATOR_CLASS);
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

  /** Metadata-table partitions Hudi's readers may trust (section 13); empty if none is built. */
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
        checksumOf(copy.get(TableProperty.DATABASE_NAME.key()), copy.get(TableProperty.NAME.key())));
    return new TableConfig(copy);
  }

  /**
   * Refuses a write request that contradicts this table: table type, record key fields, partition
   * fields, key generator, hive-style partitioning and URL encoding must all agree. The message
   * names the key, the table's value and the requested value.
   */
  public void checkRequestMatches(TableConfig requested, String tablePath) {
    for (TableProperty property : TableProperty.values()) {
      if (!property.mustMatchRequest()) {
        continue;
      }
      String tableValue = normalized(property, get(property).orElse(null));
      String requestedValue = normalized(property, requested.get(property).orElse(null));
      if (!Objects.equals(tableValue, requestedValue)) {
        throw new InvalidTableConfigException(
            String.format(
                "Table at %s has %s=%s but the write requested %s=%s; write with the table's setting"
                    + " or to another table",
                tablePath,
                property.key(),
                display(get(property).orElse(null)),
                property.key(),
                display(requested.get(property).orElse(null))));
      }
    }
  }

  private static String normalized(TableProperty property, String value) {
    switch (property) {
      case TABLE_TYPE:
        return value == null ? TableType.COPY_ON_WRITE.value() : TableType.fromValue(value).value();
      case HIVE_STYLE_PARTITIONING:
      case URL_ENCODE_PARTITIONING:
        return String.valueOf(Boolean.parseBoolean(value));
      case RECORD_KEY_FIELDS:
      case PARTITION_FIELDS:
        return String.join(",", splitFields(value == null ? "" : value));
      case KEY_GENERATOR_CLASS:
        return value == null ? null : value.trim().replace("AvroKeyGenerator", "KeyGenerator");
      default:
        return value;
    }
  }

  private static String display(String value) {
    return value == null ? "<absent>" : "'" + value + "'";
  }

  private static List<String> splitFields(String value) {
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

  /** Builds the properties of a new table version 6 table with Hudi's defaults. */
  public static final class Builder {
    private final SortedMap<String, String> properties = new TreeMap<>();

    private Builder(String tableName, TableType tableType) {
      if (tableName == null || tableName.isEmpty()) {
        throw new InvalidTableConfigException(
            TableProperty.NAME.key() + " (the table name) must not be empty");
      }
      put(TableProperty.NAME, tableName);
      put(TableProperty.TABLE_TYPE, tableType.value());
      put(TableProperty.TABLE_VERSION, String.valueOf(SUPPORTED_TABLE_VERSION));
      put(TableProperty.TIMELINE_LAYOUT_VERSION, String.valueOf(SUPPORTED_TIMELINE_LAYOUT_VERSION));
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

    public Builder databaseName(String databaseName) {
      return put(TableProperty.DATABASE_NAME, databaseName);
    }

    public Builder recordKeyFields(List<String> fields) {
      return put(TableProperty.RECORD_KEY_FIELDS, String.join(",", fields));
    }

    /** Partition fields; an empty list makes a non-partitioned table (the key is then absent). */
    public Builder partitionFields(List<String> fields) {
      return put(TableProperty.PARTITION_FIELDS, fields.isEmpty() ? null : String.join(",", fields));
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
      properties.put(
          TableProperty.CHECKSUM.key(),
          checksumOf(
              properties.get(TableProperty.DATABASE_NAME.key()),
              properties.get(TableProperty.NAME.key())));
      return new TableConfig(properties);
    }
  }
}
