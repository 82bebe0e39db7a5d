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
package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The write operations HudiIO performs. Public API (declared in {@code io.hudibeam}'s package-info,
 * kept so by {@code HudiApiSurfaceTest}); the operation type their commits record is {@link
 * OperationTypes#of}.
 */
public enum WriteOperation {
  /** Inserts without looking up existing keys; small files are filled first. */
  INSERT,
  /** Updates records whose key exists, inserts the others. */
  UPSERT,
  /** Writes new file groups straight from the input: no index lookup, no shuffle. */
  BULK_INSERT,
  /** Deletes the records whose keys are given. */
  DELETE;

  /** Hudi's spelling: {@code insert}, {@code upsert}, {@code bulk_insert}, {@code delete}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses Hudi's spelling ({@code upsert}, {@code bulk_insert}, ...), ignoring case. */
  public static WriteOperation fromValue(String value) {
    for (WriteOperation operation : values()) {
      if (value != null && operation.value().equalsIgnoreCase(value.trim())) {
        return operation;
      }
    }
    throw new HudiTableException(
        "Unknown write operation '"
            + value
            + "'; expected one of "
            + Arrays.stream(values()).map(WriteOperation::value).collect(Collectors.joining(", ")));
  }
}
