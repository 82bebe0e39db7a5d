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

import java.util.Objects;

/**
 * The check of a write's requested table settings against an existing table's {@code
 * hoodie.properties}: the settings that decide where a record goes (table type, record key fields,
 * partition fields, key generator, hive-style partitioning and URL encoding) must agree.
 */
public final class RequestedTableConfigCheck {
  private RequestedTableConfigCheck() {}

  /**
   * Refuses a write request that contradicts the table: table type, record key fields, partition
   * fields, key generator, hive-style partitioning and URL encoding must all agree. The message
   * names the key, the table's value and the requested value.
   */
  public static void check(TableConfig table, TableConfig requested, String tablePath) {
    for (TableProperty property : TableProperty.values()) {
      if (!property.mustMatchRequest()) {
        continue;
      }
      String tableRaw =
          property == TableProperty.KEY_GENERATOR_CLASS
              ? table.keyGeneratorClass().orElse(null)
              : table.get(property).orElse(null);
      String requestedRaw =
          property == TableProperty.KEY_GENERATOR_CLASS
              ? requested.keyGeneratorClass().orElse(null)
              : requested.get(property).orElse(null);
      String tableValue = normalized(property, tableRaw);
      String requestedValue = normalized(property, requestedRaw);
      if (!Objects.equals(tableValue, requestedValue)) {
        throw new InvalidTableConfigException(
            String.format(
                "Table at %s has %s=%s but the write requested %s=%s; write with the table's setting"
                    + " or to another table",
                tablePath,
                property.key(),
                display(tableRaw),
                property.key(),
                display(requestedRaw)));
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
        return String.join(",", TableConfig.splitFields(value == null ? "" : value));
      case KEY_GENERATOR_CLASS:
        return value == null ? null : value.trim().replace("AvroKeyGenerator", "KeyGenerator");
      default:
        return value;
    }
  }

  private static String display(String value) {
    return value == null ? "<absent>" : "'" + value + "'";
  }
}
