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
package io.hudibeam.index;

import io.hudibeam.files.BaseFile;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The first pruning step of the bloom index: per partition, the base files whose key range may hold
 * an incoming key (Hudi's {@code ListBasedIndexFileFilter}: a file is a candidate when it has no
 * range or the key is within it). Files with a range are kept sorted by their min key, so only
 * files whose min key is not above the key are compared.
 */
public final class KeyRangeFilter {
  private static final Comparator<FileKeyRange> BY_MIN_KEY =
      Comparator.comparing((FileKeyRange r) -> r.minRecordKey().get())
          .thenComparing(r -> r.baseFile().name().fileId());

  private final Map<String, List<FileKeyRange>> ranged = new TreeMap<>();
  private final Map<String, List<FileKeyRange>> unbounded = new TreeMap<>();

  private KeyRangeFilter(Collection<FileKeyRange> ranges) {
    for (FileKeyRange range : ranges) {
      String partition = range.baseFile().partitionPath();
      (range.minRecordKey().isPresent() ? ranged : unbounded)
          .computeIfAbsent(partition, p -> new ArrayList<>())
          .add(range);
    }
    ranged.values().forEach(list -> list.sort(BY_MIN_KEY));
  }

  public static KeyRangeFilter of(Collection<FileKeyRange> ranges) {
    return new KeyRangeFilter(ranges);
  }

  /** The latest base files of the partition that may hold the key, files without range first. */
  public List<BaseFile> candidates(String partitionPath, String recordKey) {
    List<BaseFile> out = new ArrayList<>();
    for (FileKeyRange range : unbounded.getOrDefault(partitionPath, List.of())) {
      out.add(range.baseFile());
    }
    for (FileKeyRange range : ranged.getOrDefault(partitionPath, List.of())) {
      if (range.minRecordKey().get().compareTo(recordKey) > 0) {
        break;
      }
      if (range.mayContain(recordKey)) {
        out.add(range.baseFile());
      }
    }
    return out;
  }
}
