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
package io.hudibeam.transforms.index;

import io.hudibeam.transforms.KeyShards;
import io.hudibeam.transforms.records.PreferredRecord;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.join.RawUnionValue;
import org.apache.beam.sdk.values.KV;

/**
 * Joins one shard of {@link IndexJoin} in a single pass over the grouped values (runners need not
 * re-iterate a group): the stored locations of each key are collected and, of the incoming records
 * of each key, the preferred one (as PrepareRecords' de-duplication: per record key for a global
 * index, else per (key, partition)); then each kept record is tagged. Holds one shard in memory:
 * its stored keys and one record per incoming key, about (batch + stored keys) / {@value
 * KeyShards#SHARDS}. Its metrics keep the {@link TagLocations} namespace.
 */
final class TagFn<K> extends DoFn<KV<Integer, Iterable<RawUnionValue>>, TaggedRecord> {
  private static final long serialVersionUID = 1L;
  private final JoinKey<K> keys;
  private final PreferredRecord preferred;
  private final boolean global;
  private final IncomingRecords incomingRecords;
  private final Counter updates = Metrics.counter(TagLocations.class, "recordsFound");
  private final Counter inserts = Metrics.counter(TagLocations.class, "recordsNew");
  private final Counter dropped = Metrics.counter(TagLocations.class, "duplicateRecordsDropped");

  /** The incoming records one union value of the join carries: one record, or a pack of them. */
  interface IncomingRecords extends Serializable {
    Iterable<TableRecord> of(Object value);
  }

  TagFn(
      JoinKey<K> keys, PreferredRecord preferred, boolean global, IncomingRecords incomingRecords) {
    this.keys = keys;
    this.preferred = preferred;
    this.global = global;
    this.incomingRecords = incomingRecords;
  }

  @ProcessElement
  @SuppressWarnings("unchecked")
  public void process(
      @Element KV<Integer, Iterable<RawUnionValue>> shard, OutputReceiver<TaggedRecord> out) {
    // A key stored twice (inserts allow duplicates) is found once per file group holding it.
    Map<K, Set<RecordLocation>> stored = new HashMap<>();
    Map<K, TableRecord> incoming = new HashMap<>();
    long received = 0;
    for (RawUnionValue value : shard.getValue()) {
      if (value.getUnionTag() == IndexJoin.STORED) {
        KV<RecordLocation, List<String>> batch =
            (KV<RecordLocation, List<String>>) value.getValue();
        RecordLocation location = batch.getKey();
        for (String recordKey : batch.getValue()) {
          stored
              .computeIfAbsent(keys.ofStored(recordKey, location), k -> new HashSet<>())
              .add(location);
        }
      } else {
        for (TableRecord record : incomingRecords.of(value.getValue())) {
          incoming.merge(keys.ofRecord(record), record, preferred::prefer);
          received++;
        }
      }
    }
    dropped.inc(received - incoming.size());
    for (Map.Entry<K, TableRecord> kept : incoming.entrySet()) {
      List<RecordLocation> locations =
          new ArrayList<>(stored.getOrDefault(kept.getKey(), Set.of()));
      locations.sort(Comparator.comparing(RecordLocation::toString));
      tag(kept.getValue(), locations, out);
    }
  }

  private void tag(
      TableRecord record, List<RecordLocation> locations, OutputReceiver<TaggedRecord> out) {
    if (locations.isEmpty()) {
      inserts.inc();
      out.output(TaggedRecord.of(record, Optional.empty()));
      return;
    }
    updates.inc();
    if (record.isDelete()) {
      for (RecordLocation location : locations) {
        out.output(
            TaggedRecord.of(
                record.withPartitionPath(location.partitionPath()), Optional.of(location)));
      }
      return;
    }
    if (!global) {
      // Every file group holding the key is updated, as Hudi's simple index tags each match.
      for (RecordLocation location : locations) {
        out.output(TaggedRecord.of(record, Optional.of(location)));
      }
      return;
    }
    RecordLocation location = locations.get(0);
    if (!location.partitionPath().equals(record.partitionPath())) {
      out.output(
          TaggedRecord.of(
              TableRecord.delete(record.recordKey(), location.partitionPath(), null),
              Optional.of(location)));
      out.output(TaggedRecord.of(record, Optional.empty()));
    } else {
      out.output(TaggedRecord.of(record, Optional.of(location)));
    }
  }
}
