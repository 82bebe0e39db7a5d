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

/** How a clean instant chose the file slices to delete (Hudi's {@code HoodieCleaningPolicy}). */
public enum CleaningPolicy {
  KEEP_LATEST_FILE_VERSIONS,
  KEEP_LATEST_COMMITS,
  KEEP_LATEST_BY_HOURS;

  public String format() {
    return name();
  }

  public static CleaningPolicy parse(String name) {
    for (CleaningPolicy policy : values()) {
      if (policy.name().equals(name)) {
        return policy;
      }
    }
    throw new InvalidMetadataException(
        "Unknown cleaning policy '" + name + "'; expected one of " + Arrays.toString(values()));
  }
}
