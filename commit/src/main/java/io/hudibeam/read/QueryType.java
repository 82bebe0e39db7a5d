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
package io.hudibeam.read;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Hudi's query types ({@code hoodie.datasource.query.type} of Hudi's Spark data source, {@code
 * DataSourceReadOptions.QUERY_TYPE} in Hudi 0.15 and 1.0): a snapshot (the latest merged records,
 * or as of an instant: time travel), read-optimized (the base files of the latest file slices only,
 * no log files) and incremental (the records written by the commits between two instants).
 */
public enum QueryType {
  SNAPSHOT("snapshot"),
  READ_OPTIMIZED("read_optimized"),
  INCREMENTAL("incremental");

  private final String value;

  QueryType(String value) {
    this.value = value;
  }

  /** The name Hudi's data source uses ({@code snapshot}, {@code read_optimized}, ...). */
  public String value() {
    return value;
  }

  /** Parses {@link #value()} (case-insensitive); {@code setting} names where it came from. */
  public static QueryType parse(String value, String setting) {
    for (QueryType type : values()) {
      if (type.value.equalsIgnoreCase(value.trim())) {
        return type;
      }
    }
    throw new IllegalArgumentException(
        String.format(
            "%s: unknown query type '%s'; expected one of %s",
            setting,
            value,
            Arrays.stream(values()).map(QueryType::value).collect(Collectors.joining(", "))));
  }
}
