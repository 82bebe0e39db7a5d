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
package io.hudibeam.write;

import io.hudibeam.table.HudiTableException;
import java.util.Arrays;

/**
 * How incoming record keys are located in the table ({@code hoodie.index.type}).
 *
 * <p>In a stream, at a given commit interval, a commit's cost grows with the table as follows
 * (docs/streaming.md, "Choosing an index for a stream", measured by {@code StreamingIndexScaling}:
 * 4 times the table, 8,000 new keys streamed): SIMPLE reads the footers of the touched partitions'
 * latest base files every commit, and the stored keys of those whose key range overlaps the
 * incoming keys' (keys arriving in increasing order skip the files already written; random keys
 * skip nothing, and the commit grows with the partitions); BLOOM reads footers and the keys of the
 * files they do not rule out (1.3 times, keys past every file's key range); BUCKET reads no keys,
 * but on a copy-on-write table rewrites every bucket file its records hash to (1.4 times), while on
 * a merge-on-read table it appends them to log files and stays flat. On copy-on-write every index's
 * commit rewrites the files it writes into.
 */
public enum IndexType {
  /**
   * Joins incoming keys with the stored keys of the touched partitions' latest base files: files
   * whose footer key range lies outside the range of the partition's incoming keys are not read,
   * and of the others only the stored keys within that range are joined (the tags are those of
   * Hudi's SIMPLE index, which joins every key).
   */
  SIMPLE,
  /** As SIMPLE across all partitions: a key is unique in the table; a partition change moves it. */
  GLOBAL_SIMPLE,
  /** Prunes the files to check with their footer bloom filters and key ranges. */
  BLOOM,
  /** Hashes the key to a fixed number of file groups per partition; no lookup. */
  BUCKET;

  /** Parses a value of {@code hoodie.index.type}, ignoring case. */
  public static IndexType fromValue(String value) {
    for (IndexType type : values()) {
      if (value != null && type.name().equalsIgnoreCase(value.trim())) {
        return type;
      }
    }
    throw new HudiTableException(
        "Unknown index type '" + value + "'; expected one of " + Arrays.toString(values()));
  }

  public boolean isGlobal() {
    return this == GLOBAL_SIMPLE;
  }
}
