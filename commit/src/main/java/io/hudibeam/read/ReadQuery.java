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

import java.io.Serializable;
import java.util.Objects;

/**
 * What a batch read asks for.
 *
 * @param type the query type
 * @param asOfInstant a snapshot or read-optimized read: the table as of this instant time (time
 *     travel, Hudi's {@code as.of.instant}), or null for the latest
 * @param beginInstant an incremental read: from this instant (table version 6: instant time,
 *     exclusive; version 8: completion time, inclusive), as Hudi's {@code
 *     hoodie.datasource.read.begin.instanttime}
 * @param endInstant an incremental read: up to this instant (inclusive; version 6: instant time,
 *     version 8: completion time), or null for the latest
 * @param partitionFilter which partitions to read
 */
public record ReadQuery(
    QueryType type,
    String asOfInstant,
    String beginInstant,
    String endInstant,
    PartitionFilter partitionFilter)
    implements Serializable {

  public ReadQuery {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(partitionFilter, "partitionFilter");
  }

  public static ReadQuery snapshot() {
    return new ReadQuery(QueryType.SNAPSHOT, null, null, null, PartitionFilter.all());
  }

  public static ReadQuery readOptimized() {
    return new ReadQuery(QueryType.READ_OPTIMIZED, null, null, null, PartitionFilter.all());
  }

  public static ReadQuery asOf(String instant) {
    return new ReadQuery(QueryType.SNAPSHOT, instant, null, null, PartitionFilter.all());
  }

  public static ReadQuery incremental(String begin, String end) {
    return new ReadQuery(QueryType.INCREMENTAL, null, begin, end, PartitionFilter.all());
  }

  public ReadQuery withPartitionFilter(PartitionFilter filter) {
    return new ReadQuery(type, asOfInstant, beginInstant, endInstant, filter);
  }

  /** Refuses settings the query type does not take, naming them. */
  public void check() {
    if (type == QueryType.INCREMENTAL) {
      if (beginInstant == null) {
        throw new IllegalArgumentException(
            "An incremental read needs a begin instant (withBeginInstant, begin_instant)");
      }
      if (asOfInstant != null) {
        throw new IllegalArgumentException(
            "An incremental read takes begin and end instants, not an as-of instant ("
                + asOfInstant
                + ")");
      }
    } else if (beginInstant != null || endInstant != null) {
      throw new IllegalArgumentException(
          "Begin and end instants are for incremental reads; query type is " + type.value());
    }
  }
}
