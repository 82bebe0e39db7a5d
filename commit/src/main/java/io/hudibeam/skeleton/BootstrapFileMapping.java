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
package io.hudibeam.skeleton;

import io.hudibeam.files.FileGroupId;
import java.util.Objects;

/**
 * A skeleton file's file group and the source file it stands for (Hudi's {@code
 * BootstrapFileMapping}, 0.15.0 and 1.0.2).
 *
 * @param fileGroup the skeleton file's file group (its partition path is the table's)
 * @param sourcePartition the source file's folder relative to the source base path (Hudi's {@code
 *     bootstrapPartitionPath})
 * @param source the source file
 */
public record BootstrapFileMapping(
    FileGroupId fileGroup, String sourcePartition, SourceFileStatus source) {
  public BootstrapFileMapping {
    Objects.requireNonNull(fileGroup, "fileGroup");
    Objects.requireNonNull(sourcePartition, "sourcePartition");
    Objects.requireNonNull(source, "source");
  }
}
