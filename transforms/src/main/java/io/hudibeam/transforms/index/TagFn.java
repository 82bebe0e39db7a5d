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
import io.hudibeam.write.KeyScope;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.RecordEncoding;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.SpillableRecordMap;
import io.hudibeam.write.TableRecord;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.join.RawUnionValue;
import org.apache.beam.sdk.values.KV;

/**
 * Joins one shard of {@link IndexJoin} in a single pass over the grouped values (runners need not
 * re-iterate a group): of the incoming records of each key the preferred one is kept (as
 * PrepareRecords' de-duplication: per record key for a global index, else per (key, partition)),
 * and the stored keys are kept as they come; then the stored keys are matched against the kept
 * records and each kept record is tagged. Both sides are bounded: the kept records are in a {@link
 * SpillableRecordMap} and the stored keys in {@link StoredKeys}, each within half the merge budget
 * ({@link MergeMemory}, {@code hoodie.memory.merge.*}) and spilled to local disk beyond it. A shard
 * holds about (batch + stored keys) / {@value KeyShards#SHARDS} entries. Besides, 4 bytes a kept
 * record stay on the heap (the first location it matched) and an entry for each further file group
 * holding the same key. Its metrics keep the {@link TagLocations} namespace.
 */
final class TagFn extends DoFn<KV<Integer, Iterable<RawUnionValue>>, TaggedRecord> {
  private static final long serialVersionUID = 1L;
  private final PreferredRecord preferred;
  private final boolean global;
  private final IncomingRecords incomingRecords;
  private final MergeMemory memory;
  private final String schemaJson;
  private final Counter updates = Metrics.counter(TagLocations.class, "recordsFound");
  private final Counter inserts = Metrics.counter(TagLocations.class, "recordsNew");
  private final Counter dropped = Metrics.counter(TagLocations.class, "duplicateRecordsDropped");
  private final Counter spilledRecords = Metrics.counter(TagLocations.class, "joinRecordsSpilled");
  private final Counter spilledKeys = Metrics.counter(TagLocations.class, "joinStoredKeysSpilled");
  private transient RecordEncoding encoding;

  /** The incoming records one union value of the join carries: one record, or a pack of them. */
  interface IncomingRecords extends Serializable {
    Iterable<TableRecord> of(Object value);
  }

  TagFn(
      PreferredRecord preferred,
      boolean global,
      IncomingRecords incomingRecords,
      MergeMemory memory,
      String schemaJson) {
    this.preferred = preferred;
    this.global = global;
    this.incomingRecords = incomingRecords;
    this.memory = memory;
    this.schemaJson = schemaJson;
  }

  @Setup
  public void setup() {
    encoding = RecordEncoding.of(new Schema.Parser().parse(schemaJson));
  }

  @ProcessElement
  @SuppressWarnings("unchecked")
  public void process(
      @Element KV<Integer, Iterable<RawUnionValue>> shard, OutputReceiver<TaggedRecord> out) {
    long budget = memory.budgetBytes() / 2;
    String owner = "the index join of key shard " + shard.getKey();
    KeyScope scope = global ? KeyScope.RECORD_KEY : KeyScope.RECORD_KEY_AND_PARTITION;
    try (SpillableRecordMap incoming =
            new SpillableRecordMap(memory, budget, scope, encoding, owner);
        StoredKeys stored = new StoredKeys(memory, budget, owner)) {
      long received = 0;
      for (RawUnionValue value : shard.getValue()) {
        if (value.getUnionTag() == IndexJoin.STORED) {
          KV<RecordLocation, List<String>> batch =
              (KV<RecordLocation, List<String>>) value.getValue();
          stored.add(batch.getKey(), batch.getValue());
        } else {
          for (TableRecord record : incomingRecords.of(value.getValue())) {
            incoming.putPreferred(record, preferred::prefer);
            received++;
          }
        }
      }
      dropped.inc(received - incoming.size());
      spilledRecords.inc(incoming.spilledCount());
      spilledKeys.inc(stored.spilledCount());
      Matches matches = new Matches(incoming.size());
      // A key stored twice (inserts allow duplicates) is found once per file group holding it.
      stored.forEach(
          (recordKey, location) -> {
            int ordinal = incoming.ordinalOf(recordKey, location.partitionPath());
            if (ordinal >= 0 && matches.add(ordinal, location)) {
              TableRecord record = incoming.get(ordinal);
              if (record.isDelete() || !global) {
                tagAt(record, location, out);
              }
            }
          });
      incoming.forEachInOrder(
          (record, ordinal) -> {
            if (!matches.any(ordinal)) {
              inserts.inc();
              out.output(TaggedRecord.of(record, Optional.empty()));
              return;
            }
            updates.inc();
            if (global && !record.isDelete()) {
              tagGlobal(record, matches.first(ordinal), out);
            }
          });
    }
  }

  /**
   * A delete goes to every file group holding its key; an update of a partition-local index too, as
   * Hudi's simple index tags each match.
   */
  private static void tagAt(
      TableRecord record, RecordLocation location, OutputReceiver<TaggedRecord> out) {
    out.output(
        TaggedRecord.of(
            record.isDelete() ? record.withPartitionPath(location.partitionPath()) : record,
            Optional.of(location)));
  }

  /** An update of a global index goes to one file group, moving there from another partition. */
  private static void tagGlobal(
      TableRecord record, RecordLocation location, OutputReceiver<TaggedRecord> out) {
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

  /**
   * The distinct locations each kept record (by its ordinal) matched: the first in an int array,
   * further ones (a key in several file groups) in a map. Locations are numbered once; a shard sees
   * only the file groups of the touched partitions.
   */
  static final class Matches {
    private static final Comparator<RecordLocation> ORDER =
        Comparator.comparing(RecordLocation::toString);
    private final Map<RecordLocation, Integer> numbers = new HashMap<>();
    private final List<RecordLocation> locations = new ArrayList<>();
    private final Map<Integer, TreeSet<Integer>> further = new HashMap<>();
    private int[] first;

    Matches(int records) {
      first = new int[Math.min(records, 1024)];
    }

    /** Adds a match; false if the record already matched this location. */
    boolean add(int ordinal, RecordLocation location) {
      int number =
          numbers.computeIfAbsent(
              location,
              l -> {
                locations.add(l);
                return locations.size();
              });
      if (ordinal >= first.length) {
        first = Arrays.copyOf(first, Math.max(ordinal + 1, first.length * 2));
      }
      if (first[ordinal] == 0) {
        first[ordinal] = number;
        return true;
      }
      return first[ordinal] != number
          && further.computeIfAbsent(ordinal, o -> new TreeSet<>()).add(number);
    }

    boolean any(int ordinal) {
      return ordinal < first.length && first[ordinal] != 0;
    }

    /** The first of the record's locations in the order of their names. */
    RecordLocation first(int ordinal) {
      RecordLocation smallest = locations.get(first[ordinal] - 1);
      for (int number : further.getOrDefault(ordinal, new TreeSet<>())) {
        RecordLocation other = locations.get(number - 1);
        if (ORDER.compare(other, smallest) < 0) {
          smallest = other;
        }
      }
      return smallest;
    }
  }
}
