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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.files.FileId;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.records.PreferredRecord;
import io.hudibeam.write.MergeMemory;
import io.hudibeam.write.OrderingField;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.join.RawUnionValue;
import org.apache.beam.sdk.transforms.join.UnionCoder;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link TagFn} with two key shards of 1,500 incoming records and 1,000 stored keys each, joined
 * within a budget of a few records: most incoming records and stored keys spill to disk, and the
 * tags are exactly those of the join held on the heap (computed here as TagFn did before it was
 * bounded): the latest record per key wins, deletes included, a key stored in two file groups is
 * tagged with both (or, global, with the first by name), a key stored in another partition moves.
 */
public class TagFnSpillTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final PreferredRecord PREFERRED = new PreferredRecord(OrderingField.of("ts"));

  private static RecordLocation location(String partition, int file) {
    return RecordLocation.of(
        partition, FileId.of(new UUID(0, file), 0), InstantTime.parse("20261207010203004"));
  }

  private static TableRecord record(long i, String city, long ts, boolean delete) {
    GenericRecord data = new GenericData.Record((GenericData.Record) TripsData.record(1, i), true);
    data.put("ts", ts);
    data.put("city", city);
    return delete
        ? TableRecord.delete(TripsData.key(i), city, data)
        : TableRecord.upsert(TripsData.key(i), city, data);
  }

  /** The incoming records: keys 0..999 once, 0..299 again later, 300..349 deleted later. */
  private static List<TableRecord> incoming(int shard) {
    List<TableRecord> records = new ArrayList<>();
    for (long i = shard * 10_000L; i < shard * 10_000L + 1_000; i++) {
      String city = TripsData.city(i);
      long k = i % 10_000;
      records.add(record(i, city, 10, false));
      if (k < 300) {
        records.add(record(i, city, 20, false));
      } else if (k < 350) {
        records.add(record(i, city, 30, true));
      } else if (k < 360) {
        records.add(record(i, city, 5, true));
      }
    }
    return records;
  }

  /**
   * Stored keys: 0..599 in their city (file 1 or 2), 0..39 also in file 3 of their city, 900..949
   * in the next city (file 4), and key 5 twice in one batch (inserts allow duplicates).
   */
  private static List<KV<RecordLocation, List<String>>> stored(int shard) {
    Map<RecordLocation, List<String>> batches = new HashMap<>();
    for (long i = shard * 10_000L; i < shard * 10_000L + 1_000; i++) {
      long k = i % 10_000;
      String key = TripsData.key(i);
      if (k < 600) {
        batches
            .computeIfAbsent(location(TripsData.city(i), 1 + (int) (k % 2)), l -> new ArrayList<>())
            .add(key);
      }
      if (k < 40) {
        batches.computeIfAbsent(location(TripsData.city(i), 3), l -> new ArrayList<>()).add(key);
      }
      if (k == 5) {
        batches.get(location(TripsData.city(i), 3)).add(key);
      }
      if (k >= 900 && k < 950) {
        batches
            .computeIfAbsent(location(TripsData.city(i + 1), 4), l -> new ArrayList<>())
            .add(key);
      }
    }
    List<KV<RecordLocation, List<String>>> out = new ArrayList<>();
    batches.forEach(
        (l, keys) -> {
          for (int from = 0; from < keys.size(); from += 25) {
            out.add(
                KV.of(l, new ArrayList<>(keys.subList(from, Math.min(keys.size(), from + 25)))));
          }
        });
    return out;
  }

  private static String describe(TaggedRecord t) {
    TableRecord r = t.record();
    return (r.isDelete() ? "delete " : "")
        + r.recordKey()
        + " "
        + r.partitionPath()
        + " -> "
        + t.location().map(RecordLocation::toString).orElse("new")
        + r.data().map(d -> " @" + d.get("ts")).orElse("");
  }

  /** The tags of the join held on the heap, as TagFn computed them before it was bounded. */
  private static List<String> expected(boolean global) {
    List<String> out = new ArrayList<>();
    for (int shard = 0; shard < 2; shard++) {
      Map<String, TableRecord> kept = new HashMap<>();
      for (TableRecord r : incoming(shard)) {
        kept.merge(joinKey(global, r.recordKey(), r.partitionPath()), r, PREFERRED::prefer);
      }
      Map<String, TreeSet<RecordLocation>> locations = new HashMap<>();
      for (KV<RecordLocation, List<String>> batch : stored(shard)) {
        for (String key : batch.getValue()) {
          locations
              .computeIfAbsent(
                  joinKey(global, key, batch.getKey().partitionPath()),
                  k -> new TreeSet<>(Comparator.comparing(RecordLocation::toString)))
              .add(batch.getKey());
        }
      }
      kept.forEach(
          (joinKey, r) -> {
            TreeSet<RecordLocation> at = locations.getOrDefault(joinKey, new TreeSet<>());
            if (at.isEmpty()) {
              out.add(describe(TaggedRecord.of(r, java.util.Optional.empty())));
            } else if (r.isDelete() || !global) {
              at.forEach(
                  l ->
                      out.add(
                          describe(
                              TaggedRecord.of(
                                  r.isDelete() ? r.withPartitionPath(l.partitionPath()) : r,
                                  java.util.Optional.of(l)))));
            } else if (!at.first().partitionPath().equals(r.partitionPath())) {
              out.add(
                  describe(
                      TaggedRecord.of(
                          TableRecord.delete(r.recordKey(), at.first().partitionPath(), null),
                          java.util.Optional.of(at.first()))));
              out.add(describe(TaggedRecord.of(r, java.util.Optional.empty())));
            } else {
              out.add(describe(TaggedRecord.of(r, java.util.Optional.of(at.first()))));
            }
          });
    }
    return out;
  }

  private static String joinKey(boolean global, String recordKey, String partition) {
    return global ? recordKey : recordKey + "\u0000" + partition;
  }

  @Test
  public void partitionLocalJoinSpillsAndTagsAsOnTheHeap() throws Exception {
    tagsAsOnTheHeap(false);
  }

  @Test
  public void globalJoinSpillsAndTagsAsOnTheHeap() throws Exception {
    tagsAsOnTheHeap(true);
  }

  private void tagsAsOnTheHeap(boolean global) throws Exception {
    TableRecordCoder recordCoder = TableRecordCoder.of(TripsData.SCHEMA);
    UnionCoder union =
        UnionCoder.of(List.of(recordCoder, IndexJoin.storedKeysCoder().getValueCoder()));
    List<KV<Integer, RawUnionValue>> values = new ArrayList<>();
    for (int shard = 0; shard < 2; shard++) {
      // Incoming records and stored batches interleaved, as a shuffle may give them.
      List<TableRecord> records = incoming(shard);
      List<KV<RecordLocation, List<String>>> batches = stored(shard);
      for (int i = 0; i < Math.max(records.size(), batches.size()); i++) {
        if (i < records.size()) {
          values.add(KV.of(shard, new RawUnionValue(IndexJoin.INCOMING, records.get(i))));
        }
        if (i < batches.size()) {
          values.add(KV.of(shard, new RawUnionValue(IndexJoin.STORED, batches.get(i))));
        }
      }
    }
    // 6,000 bytes: 3,000 for each side, some 7 records or 45 keys.
    MergeMemory memory =
        MergeMemory.of(
            MergeMemory.MAX_SIZE,
            MergeMemory.FRACTION,
            6_000L,
            MergeMemory.DEFAULT_FRACTION,
            tmp.newFolder("spill").getAbsolutePath());
    PCollection<String> tagged =
        pipeline
            .apply(Create.of(values).withCoder(KvCoder.of(VarIntCoder.of(), union)))
            .apply(GroupByKey.create())
            .apply(
                ParDo.of(
                    new TagFn(
                        PREFERRED,
                        global,
                        value -> List.of((TableRecord) value),
                        memory,
                        TripsData.SCHEMA.toString())))
            .setCoder(TaggedRecord.TaggedRecordCoder.of(TripsData.SCHEMA))
            .apply(MapElements.into(TypeDescriptors.strings()).via(TagFnSpillTest::describe));
    List<String> expected = expected(global);
    PAssert.that(tagged).containsInAnyOrder(expected);
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertThat(TagLocationsTest.counter(result, "joinRecordsSpilled"), greaterThan(1_900L));
    assertThat(TagLocationsTest.counter(result, "joinStoredKeysSpilled"), greaterThan(1_000L));
    assertThat(TagLocationsTest.counter(result, "duplicateRecordsDropped"), is(2 * 360L));
    assertThat(TagLocationsTest.counter(result, "recordsNew"), is(2 * (global ? 350L : 400L)));
    assertThat(tmp.getRoot().toPath().resolve("spill").toFile().list().length, is(0));
  }

  /**
   * The stored keys of one shard of a file come in batches a runner's sort buffer holds: at most
   * {@link IndexJoin#BATCH_CHARS} characters and one key, every key once, in its shard.
   */
  @Test
  public void storedKeysOfOneShardComeInBoundedBatches() {
    List<String> keys = new ArrayList<>();
    for (long i = 0; i < 600_000; i++) {
      keys.add(TripsData.key(i));
    }
    RecordLocation location = location("p", 1);
    List<String> batched = new ArrayList<>();
    int batches = 0;
    for (KV<Integer, KV<RecordLocation, List<String>>> batch :
        IndexJoin.storedKeysByShard(location, keys)) {
      int chars = 0;
      for (String key : batch.getValue().getValue()) {
        assertThat(key, io.hudibeam.transforms.KeyShards.of(key), is(batch.getKey()));
        chars += key.length();
      }
      assertThat(chars < IndexJoin.BATCH_CHARS + 20, is(true));
      assertThat(batch.getValue().getKey(), is(location));
      batched.addAll(batch.getValue().getValue());
      batches++;
    }
    assertThat(batches, greaterThan(io.hudibeam.transforms.KeyShards.SHARDS));
    java.util.Collections.sort(batched);
    assertThat(batched, is(keys));
  }
}
