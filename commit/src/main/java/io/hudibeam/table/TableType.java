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

/** Hudi table type, as stored under {@code hoodie.table.type}. */
public enum TableType {
  COPY_ON_WRITE,
  MERGE_ON_READ;

  public static TableType fromValue(String value) {
    for (TableType type : values()) {
      if (type.name().equalsIgnoreCase(value)) {
        return type;
      }
    }
    throw new InvalidTableConfigException(
        String.format(
            "%s must be one of COPY_ON_WRITE, MERGE_ON_READ, but was '%s'",
            TableProperty.TABLE_TYPE.key(), value));
  }

  public String value() {
    return name();
  }
}
