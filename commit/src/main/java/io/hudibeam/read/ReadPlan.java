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

import java.util.List;

/**
 * The file slices a read reads, and the instant the read sees the table at.
 *
 * @param slices one entry per file slice
 * @param latestInstant the last completed instant the read covers (the snapshot's instant, or the
 *     incremental read's end), or null when the table has none
 */
public record ReadPlan(List<SliceRead> slices, String latestInstant) {
  public ReadPlan {
    slices = List.copyOf(slices);
  }

  public long totalBytes() {
    return slices.stream().mapToLong(SliceRead::sizeBytes).sum();
  }
}
