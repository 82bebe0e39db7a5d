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
package io.hudibeam.transforms;

import io.hudibeam.table.TablePaths;
import java.io.Serializable;
import java.util.Objects;

/**
 * The identity of one table in a pipeline: its base path (two tables never share one). Every stage
 * spec names its table by it, and the committed instants the table services take carry it, so a
 * pipeline that writes several tables keys its specs, its elements and its steps' work by table.
 *
 * @param basePath the table's base path, as the write was given it
 */
public record TableId(String basePath) implements Serializable {
  public TableId {
    Objects.requireNonNull(basePath, "basePath");
    if (basePath.isEmpty()) {
      throw new IllegalArgumentException("a table's base path must not be empty");
    }
  }

  public TablePaths paths() {
    return TablePaths.of(basePath);
  }

  @Override
  public String toString() {
    return basePath;
  }
}
