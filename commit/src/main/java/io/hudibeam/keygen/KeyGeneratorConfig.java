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
package io.hudibeam.keygen;

import io.hudibeam.table.TableProperty;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How a table derives record keys and partition paths from records: the key generator type, the
 * record key fields, the partition fields, hive-style naming, URL encoding and, for the
 * timestamp-based generator, its {@link TimestampKeyOptions}. The settings registry reads it from
 * Hudi write options and from hoodie.properties; {@link #toTableProperties} gives the keys a table
 * persists.
 */
public final class KeyGeneratorConfig implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The keys of the write settings (the settings registry declares them with these keys). */
  public static final String RECORD_KEY_FIELD = "hoodie.datasource.write.recordkey.field";

  public static final String PARTITION_PATH_FIELD = "hoodie.datasource.write.partitionpath.field";
  public static final String KEY_GENERATOR_CLASS = "hoodie.datasource.write.keygenerator.class";
  public static final String HIVE_STYLE_PARTITIONING = TableProperty.HIVE_STYLE_PARTITIONING.key();
  public static final String URL_ENCODE_PARTITION_PATH =
      TableProperty.URL_ENCODE_PARTITIONING.key();
  public static final String CONSISTENT_LOGICAL_TIMESTAMP =
      "hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled";

  public static final String TABLE_RECORD_KEY_FIELDS = TableProperty.RECORD_KEY_FIELDS.key();
  public static final String TABLE_PARTITION_FIELDS = TableProperty.PARTITION_FIELDS.key();
  public static final String TABLE_KEY_GENERATOR_CLASS = KeyGeneratorType.TABLE_PROPERTY;

  private final KeyGeneratorType type;
  private final List<String> recordKeyFields;
  private final List<String> partitionFields;
  private final boolean hiveStylePartitioning;
  private final boolean urlEncodePartitionPath;
  private final TimestampKeyOptions timestampOptions;

  private KeyGeneratorConfig(
      KeyGeneratorType type,
      List<String> recordKeyFields,
      List<String> partitionFields,
      boolean hiveStylePartitioning,
      boolean urlEncodePartitionPath,
      TimestampKeyOptions timestampOptions) {
    this.type = Objects.requireNonNull(type, "type");
    this.recordKeyFields = List.copyOf(recordKeyFields);
    this.partitionFields = List.copyOf(partitionFields);
    this.hiveStylePartitioning = hiveStylePartitioning;
    this.urlEncodePartitionPath = urlEncodePartitionPath;
    this.timestampOptions = timestampOptions;
    validate();
  }

  /**
   * Any key generator; {@code timestampOptions} is given exactly for {@link
   * KeyGeneratorType#TIMESTAMP_BASED}, else null.
   */
  public static KeyGeneratorConfig of(
      KeyGeneratorType type,
      List<String> recordKeyFields,
      List<String> partitionFields,
      boolean hiveStylePartitioning,
      boolean urlEncodePartitionPath,
      TimestampKeyOptions timestampOptions) {
    return new KeyGeneratorConfig(
        type,
        recordKeyFields,
        partitionFields,
        hiveStylePartitioning,
        urlEncodePartitionPath,
        timestampOptions);
  }

  /** {@link KeyGeneratorType#SIMPLE}: one record key field, one partition field. */
  public static KeyGeneratorConfig simple(String recordKeyField, String partitionField) {
    return new KeyGeneratorConfig(
        KeyGeneratorType.SIMPLE,
        List.of(recordKeyField),
        List.of(partitionField),
        false,
        false,
        null);
  }

  /** {@link KeyGeneratorType#COMPLEX}: several record key fields and partition fields. */
  public static KeyGeneratorConfig complex(
      List<String> recordKeyFields, List<String> partitionFields) {
    return new KeyGeneratorConfig(
        KeyGeneratorType.COMPLEX, recordKeyFields, partitionFields, false, false, null);
  }

  /** {@link KeyGeneratorType#NON_PARTITIONED}: every record goes to partition path {@code ""}. */
  public static KeyGeneratorConfig nonPartitioned(List<String> recordKeyFields) {
    return new KeyGeneratorConfig(
        KeyGeneratorType.NON_PARTITIONED, recordKeyFields, List.of(), false, false, null);
  }

  /** {@link KeyGeneratorType#TIMESTAMP_BASED}: the partition path is a formatted timestamp. */
  public static KeyGeneratorConfig timestampBased(
      String recordKeyField, String partitionField, TimestampKeyOptions options) {
    return new KeyGeneratorConfig(
        KeyGeneratorType.TIMESTAMP_BASED,
        List.of(recordKeyField),
        List.of(partitionField),
        false,
        false,
        Objects.requireNonNull(options, "options"));
  }

  public KeyGeneratorConfig withHiveStylePartitioning(boolean enabled) {
    return new KeyGeneratorConfig(
        type, recordKeyFields, partitionFields, enabled, urlEncodePartitionPath, timestampOptions);
  }

  public KeyGeneratorConfig withUrlEncodePartitionPath(boolean enabled) {
    return new KeyGeneratorConfig(
        type, recordKeyFields, partitionFields, hiveStylePartitioning, enabled, timestampOptions);
  }

  public KeyGeneratorType type() {
    return type;
  }

  public List<String> recordKeyFields() {
    return recordKeyFields;
  }

  /** The partition fields; empty for a non-partitioned table. */
  public List<String> partitionFields() {
    return partitionFields;
  }

  public boolean hiveStylePartitioning() {
    return hiveStylePartitioning;
  }

  public boolean urlEncodePartitionPath() {
    return urlEncodePartitionPath;
  }

  /** Present exactly for {@link KeyGeneratorType#TIMESTAMP_BASED}. */
  public Optional<TimestampKeyOptions> timestampOptions() {
    return Optional.ofNullable(timestampOptions);
  }

  /**
   * The hoodie.properties entries that describe this key generator: {@link
   * #TABLE_RECORD_KEY_FIELDS}, {@link #TABLE_PARTITION_FIELDS} (empty when non-partitioned, as Hudi
   * 0.15 writes it), {@link #TABLE_KEY_GENERATOR_CLASS}, the hive-style and URL-encode flags and,
   * for the timestamp-based generator, the persisted {@code hoodie.keygen.timebased.*} keys.
   */
  public Map<String, String> toTableProperties() {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(TABLE_RECORD_KEY_FIELDS, String.join(",", recordKeyFields));
    props.put(TABLE_PARTITION_FIELDS, String.join(",", partitionFields));
    props.put(TABLE_KEY_GENERATOR_CLASS, type.className());
    props.put(HIVE_STYLE_PARTITIONING, Boolean.toString(hiveStylePartitioning));
    props.put(URL_ENCODE_PARTITION_PATH, Boolean.toString(urlEncodePartitionPath));
    if (timestampOptions != null) {
      props.putAll(timestampOptions.toProperties());
    }
    return props;
  }

  /** As Hudi's {@code KeyGenUtils.inferKeyGeneratorType} for tables without a class name. */
  public static KeyGeneratorType inferType(List<String> recordKeys, List<String> partitions) {
    if (partitions.isEmpty()) {
      return KeyGeneratorType.NON_PARTITIONED;
    }
    return partitions.size() == 1 && recordKeys.size() == 1
        ? KeyGeneratorType.SIMPLE
        : KeyGeneratorType.COMPLEX;
  }

  private void validate() {
    if (recordKeyFields.isEmpty()) {
      throw new InvalidKeyGeneratorConfigException(
          "a " + type + " key generator needs at least one record key field");
    }
    for (String field : recordKeyFields) {
      checkFieldName("record key field", field);
    }
    for (String field : partitionFields) {
      checkFieldName("partition field", field);
    }
    switch (type) {
      case SIMPLE:
      case TIMESTAMP_BASED:
        if (recordKeyFields.size() != 1 || partitionFields.size() != 1) {
          throw new InvalidKeyGeneratorConfigException(
              String.format(
                  "%s=%s needs exactly one record key field and one partition field, but got"
                      + " record key fields %s and partition fields %s; use %s for several fields",
                  TABLE_KEY_GENERATOR_CLASS,
                  type.className(),
                  recordKeyFields,
                  partitionFields,
                  KeyGeneratorType.COMPLEX.className()));
        }
        break;
      case NON_PARTITIONED:
        if (!partitionFields.isEmpty()) {
          throw new InvalidKeyGeneratorConfigException(
              String.format(
                  "%s=%s takes no partition fields, but got %s",
                  TABLE_KEY_GENERATOR_CLASS, type.className(), partitionFields));
        }
        break;
      default:
        break;
    }
    if ((type == KeyGeneratorType.TIMESTAMP_BASED) != (timestampOptions != null)) {
      throw new InvalidKeyGeneratorConfigException(
          "timestamp options are required for, and only for, " + KeyGeneratorType.TIMESTAMP_BASED);
    }
  }

  private static void checkFieldName(String what, String field) {
    if (field == null
        || field.trim().isEmpty()
        || !field.equals(field.trim())
        || field.contains(",")
        || field.startsWith(".")
        || field.endsWith(".")
        || field.contains("..")) {
      throw new InvalidKeyGeneratorConfigException(
          String.format(
              "%s '%s' is not a field name or dotted path (e.g. 'id' or 'address.city')",
              what, field));
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof KeyGeneratorConfig)) {
      return false;
    }
    KeyGeneratorConfig other = (KeyGeneratorConfig) o;
    return type == other.type
        && recordKeyFields.equals(other.recordKeyFields)
        && partitionFields.equals(other.partitionFields)
        && hiveStylePartitioning == other.hiveStylePartitioning
        && urlEncodePartitionPath == other.urlEncodePartitionPath
        && Objects.equals(timestampOptions, other.timestampOptions);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        type,
        recordKeyFields,
        partitionFields,
        hiveStylePartitioning,
        urlEncodePartitionPath,
        timestampOptions);
  }

  @Override
  public String toString() {
    return "KeyGeneratorConfig" + toTableProperties();
  }
}
