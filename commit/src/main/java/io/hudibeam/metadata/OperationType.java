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
package io.hudibeam.metadata;

import java.util.Arrays;

/**
 * The write operation recorded in a commit's {@code operationType} field, with the same names and
 * config spellings as Hudi's {@code WriteOperationType}.
 */
public enum OperationType {
  INSERT("insert"),
  INSERT_PREPPED("insert_prepped"),
  UPSERT("upsert"),
  UPSERT_PREPPED("upsert_prepped"),
  BULK_INSERT("bulk_insert"),
  BULK_INSERT_PREPPED("bulk_insert_prepped"),
  DELETE("delete"),
  DELETE_PREPPED("delete_prepped"),
  BOOTSTRAP("bootstrap"),
  INSERT_OVERWRITE("insert_overwrite"),
  CLUSTER("cluster"),
  DELETE_PARTITION("delete_partition"),
  INSERT_OVERWRITE_TABLE("insert_overwrite_table"),
  COMPACT("compact"),
  INDEX("index"),
  ALTER_SCHEMA("alter_schema"),
  LOG_COMPACT("logcompact"),
  UNKNOWN("unknown");

  private final String value;

  OperationType(String value) {
    this.value = value;
  }

  /** The name as written in commit metadata ({@code "UPSERT"}). */
  public String format() {
    return name();
  }

  /**
   * Parses the name written in commit metadata; names are case-sensitive, as Jackson reads them.
   */
  public static OperationType parse(String name) {
    for (OperationType type : values()) {
      if (type.name().equals(name)) {
        return type;
      }
    }
    throw new InvalidMetadataException(
        "Unknown operationType '" + name + "'; expected one of " + Arrays.toString(values()));
  }

  /**
   * The spelling used in write configs ({@code hoodie.datasource.write.operation}), e.g. {@code
   * "bulk_insert"}.
   */
  public String value() {
    return value;
  }

  /** Parses a config spelling, ignoring case, as Hudi's {@code WriteOperationType.fromValue}. */
  public static OperationType fromValue(String value) {
    for (OperationType type : values()) {
      if (type.value.equalsIgnoreCase(value)) {
        return type;
      }
    }
    throw new InvalidMetadataException(
        "Unknown write operation '"
            + value
            + "'; expected one of "
            + Arrays.stream(values()).map(OperationType::value).toList());
  }

  /**
   * Whether a commit of this type may carry a new table schema. Schema resolution skips commits of
   * table services (as Hudi's {@code WriteOperationType.canUpdateSchema}).
   */
  public boolean canUpdateSchema() {
    return this != CLUSTER && this != COMPACT && this != INDEX && this != LOG_COMPACT;
  }
}
