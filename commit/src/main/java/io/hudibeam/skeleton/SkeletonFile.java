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

import io.hudibeam.metadata.WriteStat;
import java.util.Objects;

/**
 * A skeleton file written: its write stat (for the commit) and its mapping to the source file (for
 * the bootstrap index).
 */
public record SkeletonFile(WriteStat stat, BootstrapFileMapping mapping) {
  public SkeletonFile {
    Objects.requireNonNull(stat, "stat");
    Objects.requireNonNull(mapping, "mapping");
  }
}
