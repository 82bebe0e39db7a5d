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
package io.hudibeam.basefile;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The bloom filter of one base file, sized to the record keys the file holds. Hudi's writer sizes
 * every file's filter for {@code hoodie.index.bloom.num_entries} keys (60,000 by default: about 430
 * KB of base64 in the footer) whatever the file holds; Hudi's readers take the type, bit count and
 * hash count from the serialized filter, so a smaller filter reads the same way.
 *
 * <p>The keys are kept until the file is closed, at most {@code num_entries} of them. A file that
 * closes with {@code n <= num_entries} keys gets the filter Hudi would write with {@code
 * hoodie.index.bloom.num_entries = n} (same type, false positive rate and dynamic bound); once a
 * file passes {@code num_entries} keys the kept keys move into the filter of the configured size
 * and are dropped, so a large file gets exactly Hudi's filter. Not thread-safe.
 */
final class RecordKeyFilter {
  private final BloomFilterSettings settings;
  private List<String> keys = new ArrayList<>();
  private BloomFilter full;

  RecordKeyFilter(BloomFilterSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  void add(String recordKey) {
    if (full != null) {
      full.add(recordKey);
      return;
    }
    BloomFilter.checkKey(recordKey);
    keys.add(recordKey);
    if (keys.size() > settings.numEntries()) {
      full = settings.newFilter();
      keys.forEach(full::add);
      keys = null;
    }
  }

  /** The file's filter: sized to the keys added (at least one entry), or the configured size. */
  BloomFilter build() {
    if (full != null) {
      return full;
    }
    BloomFilter filter = settings.withNumEntries(Math.max(keys.size(), 1)).newFilter();
    keys.forEach(filter::add);
    return filter;
  }
}
