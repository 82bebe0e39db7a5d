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

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.basefile.BloomFilter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The second and third steps of the bloom index for one base file (Hudi's {@code
 * HoodieKeyLookupHandle}): the candidate keys are checked against the bloom filter of the file's
 * footer, and those it might contain are confirmed against the keys the file really holds, so a
 * false positive of the filter never tags a record. A file without a bloom filter in its footer
 * passes every candidate to the confirmation (Hudi's writers always write one; Hudi's lookup
 * expects it).
 */
public final class FileKeyLookup {
  private final BaseFileReader reader;

  private FileKeyLookup(BaseFileReader reader) {
    this.reader = reader;
  }

  public static FileKeyLookup of(BaseFileReader reader) {
    return new FileKeyLookup(reader);
  }

  /** Looks the candidates up; the file's keys are read only if the filter passes any. */
  public Result lookup(Collection<String> candidateKeys) {
    Set<String> candidates = new TreeSet<>(candidateKeys);
    if (candidates.isEmpty()) {
      return new Result(0, List.of());
    }
    Optional<BloomFilter> filter = reader.readFooter().bloomFilter();
    List<String> mightContain = new ArrayList<>();
    for (String key : candidates) {
      if (filter.isEmpty() || filter.get().mightContain(key)) {
        mightContain.add(key);
      }
    }
    if (mightContain.isEmpty()) {
      return new Result(0, List.of());
    }
    Set<String> stored = new HashSet<>(reader.readRecordKeys());
    List<String> confirmed = new ArrayList<>();
    for (String key : mightContain) {
      if (stored.contains(key)) {
        confirmed.add(key);
      }
    }
    return new Result(mightContain.size(), confirmed);
  }

  /** What a lookup found: the keys the bloom filter passed, and those the file holds. */
  public static final class Result {
    private final int bloomFilterMatches;
    private final List<String> confirmedKeys;

    Result(int bloomFilterMatches, List<String> confirmedKeys) {
      this.bloomFilterMatches = bloomFilterMatches;
      this.confirmedKeys = List.copyOf(confirmedKeys);
    }

    /** How many candidates the bloom filter passed (confirmed ones and false positives). */
    public int bloomFilterMatches() {
      return bloomFilterMatches;
    }

    /** The candidates the file holds, in key order. */
    public List<String> confirmedKeys() {
      return confirmedKeys;
    }

    @Override
    public String toString() {
      return "FileKeyLookup.Result{bloomFilterMatches="
          + bloomFilterMatches
          + ", confirmed="
          + confirmedKeys
          + "}";
    }
  }
}
