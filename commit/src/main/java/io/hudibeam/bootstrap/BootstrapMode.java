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
package io.hudibeam.bootstrap;

import io.hudibeam.table.HudiTableException;
import java.util.Locale;

/**
 * How a partition of the source is bootstrapped (Hudi's {@code BootstrapMode}, 0.15.0 and 1.0.2):
 * {@code FULL_RECORD} rewrites its rows into base files with the meta fields; {@code METADATA_ONLY}
 * writes skeleton files of meta fields only and an index to the untouched source files.
 */
public enum BootstrapMode {
  METADATA_ONLY,
  FULL_RECORD;

  /** Parses Hudi's name of a mode, in any case ({@code metadata_only}, {@code FULL_RECORD}). */
  public static BootstrapMode parse(String value) {
    if (value != null) {
      for (BootstrapMode mode : values()) {
        if (mode.name().equals(value.trim().toUpperCase(Locale.ROOT))) {
          return mode;
        }
      }
    }
    throw new HudiTableException(
        "A bootstrap mode must be METADATA_ONLY or FULL_RECORD, but was '" + value + "'");
  }

  /** The other mode: what Hudi's regex selector gives the partitions its regex does not match. */
  public BootstrapMode other() {
    return this == FULL_RECORD ? METADATA_ONLY : FULL_RECORD;
  }
}
