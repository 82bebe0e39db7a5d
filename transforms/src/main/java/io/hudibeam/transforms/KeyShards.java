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

/**
 * Spreads record keys over a fixed number of shuffle keys for the joins and de-duplication that
 * need all records of one key together. Grouping by shard rather than by key keeps the number of
 * groups bounded (runners pay per group: the DirectRunner runs one bundle per key), at the price of
 * holding one shard's keys in memory: about (batch + stored keys of the touched partitions) /
 * {@value #SHARDS} entries.
 */
public final class KeyShards {
  public static final int SHARDS = 256;

  private KeyShards() {}

  /** The shard of a record key; String.hashCode is the same in every JVM. */
  public static int of(String recordKey) {
    return Math.floorMod(recordKey.hashCode(), SHARDS);
  }
}
