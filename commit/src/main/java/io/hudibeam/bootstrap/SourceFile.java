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

import java.io.Serializable;
import java.util.Objects;

/**
 * One Parquet file of a bootstrap's source and the partition it is in.
 *
 * @param path the file's full path
 * @param partition its folder relative to the source base path ({@code city=x}, {@code 2024/05}, or
 *     empty for files directly under it), as Hudi's {@code FSUtils.getRelativePartitionPath} gives
 *     it to the mode selector
 */
public record SourceFile(String path, String partition) implements Serializable {
  public SourceFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(partition, "partition");
  }
}
