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

import java.io.Serializable;
import java.util.Objects;

/**
 * The key of a Hudi record: its record key and the partition path (relative to the table base path,
 * {@code ""} for a non-partitioned table) of the partition it belongs to. Mirrors Hudi's {@code
 * HoodieKey}.
 */
public record HoodieKey(String recordKey, String partitionPath) implements Serializable {
  private static final long serialVersionUID = 1L;

  public HoodieKey {
    if (recordKey == null || recordKey.isEmpty()) {
      throw new InvalidRecordException("record key must be non-empty, but was '" + recordKey + "'");
    }
    Objects.requireNonNull(partitionPath, "partitionPath");
  }

  public static HoodieKey of(String recordKey, String partitionPath) {
    return new HoodieKey(recordKey, partitionPath);
  }

  @Override
  public String toString() {
    return "HoodieKey{recordKey=" + recordKey + ", partitionPath=" + partitionPath + "}";
  }
}
