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

import io.hudibeam.transforms.ElementBatches;
import io.hudibeam.transforms.KeyShards;
import io.hudibeam.transforms.coders.RecordLocationCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.records.PreferredRecord;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.join.RawUnionValue;
import org.apache.beam.sdk.transforms.join.UnionCoder;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;

/**
 * The join of the SIMPLE, GLOBAL_SIMPLE and BLOOM indexes: incoming records and stored (key,
 * location) pairs are keyed by {@link KeyShards key shard}, flattened into one union and grouped
 * once, and {@link TagFn} keeps one record per join key and tags it. The union carries each side as
 * it is; the join key is derived from it in {@link TagFn}, not shipped beside it. Stored keys come
 * in batches, the keys of one shard of one base file in one element, at most about {@value
 * #BATCH_CHARS} characters of keys ({@link #storedKeysByShard}): a runner pays per element of a
 * shuffle (a streaming GroupByKey on Flink keeps state and sets a timer for each), and the stored
 * side holds every key of the touched partitions. On unbounded input (a streaming write) the
 * incoming records are packed too, per bundle and key shard ({@link ElementBatches}), and cross the
 * GroupByKey ("Join key packs") as byte arrays; a batch write groups the records themselves (a
 * bundle there can be a whole input split). Its steps are applied inside the calling index stage.
 */
final class IndexJoin {
  /** Union tag of incoming records in the join; stored locations are {@link #STORED}. */
  static final int INCOMING = 0;

  static final int STORED = 1;

  /**
   * The key characters of one stored batch at most (one key more may end it): a grouped element
   * must fit a runner's sort buffer (Flink's holds about 1 MB on a small heap).
   */
  static final int BATCH_CHARS = 32 * 1024;

  private IndexJoin() {}

  /**
   * Joins on (record key, partition path), or on the record key alone for a global index ({@code
   * spec.index().isGlobal()}); {@code storedKeys} as {@link #storedKeysByShard} makes them.
   */
  static PCollection<TaggedRecord> join(
      IndexSpec spec,
      PCollection<TableRecord> records,
      PCollection<KV<Integer, KV<RecordLocation, List<String>>>> storedKeys) {
    boolean global = spec.index().isGlobal();
    TableRecordCoder recordCoder = TableRecordCoder.of(spec.schema());
    boolean packed = records.isBounded() == PCollection.IsBounded.UNBOUNDED;
    UnionCoder union =
        UnionCoder.of(List.of(packed ? ByteArrayCoder.of() : recordCoder, keyBatchCoder()));
    KvCoder<Integer, RawUnionValue> shardCoder = KvCoder.of(VarIntCoder.of(), union);
    PCollection<KV<Integer, RawUnionValue>> incoming =
        packed
            ? records
                .apply("Key incoming records by shard", ParDo.of(new ShardRecordsFn()))
                .setCoder(KvCoder.of(VarIntCoder.of(), recordCoder))
                .apply(
                    "Pack incoming records per shard",
                    ParDo.of(new ElementBatches.KeyedBatchFn<>(recordCoder)))
                .setCoder(KvCoder.of(VarIntCoder.of(), ByteArrayCoder.of()))
                .apply("Incoming packs", ParDo.of(new IncomingPacksFn()))
                .setCoder(shardCoder)
            : records
                .apply("Key incoming records", ParDo.of(new KeyRecordsFn()))
                .setCoder(shardCoder);
    PCollection<KV<Integer, RawUnionValue>> stored =
        storedKeys.apply("Key stored records", ParDo.of(new KeyLocationsFn())).setCoder(shardCoder);
    TagFn.IncomingRecords incomingRecords =
        packed
            ? value -> ElementBatches.elements(List.of((byte[]) value), recordCoder)
            : value -> List.of((TableRecord) value);
    return PCollectionList.of(incoming)
        .and(stored)
        .apply("Both sides", Flatten.pCollections())
        .apply(packed ? "Join key packs" : "Join keys", GroupByKey.create())
        .apply(
            "Keep one per key and tag",
            ParDo.of(
                new TagFn(
                    new PreferredRecord(spec.orderingField()),
                    global,
                    incomingRecords,
                    spec.memory(),
                    spec.schemaJson())))
        .setCoder(TaggedRecord.TaggedRecordCoder.of(spec.schema()));
  }

  /**
   * The record keys a base file holds, batches per key shard of at most about {@value #BATCH_CHARS}
   * characters of keys: (shard, (the file group's location, keys of that shard)), in the keys'
   * order within a batch.
   */
  static List<KV<Integer, KV<RecordLocation, List<String>>>> storedKeysByShard(
      RecordLocation location, Collection<String> recordKeys) {
    SortedMap<Integer, List<String>> byShard = new TreeMap<>();
    for (String key : recordKeys) {
      byShard.computeIfAbsent(KeyShards.of(key), s -> new ArrayList<>()).add(key);
    }
    List<KV<Integer, KV<RecordLocation, List<String>>>> batches = new ArrayList<>();
    byShard.forEach(
        (shard, keys) -> {
          int from = 0;
          int chars = 0;
          for (int i = 0; i < keys.size(); i++) {
            chars += keys.get(i).length();
            if (chars >= BATCH_CHARS || i == keys.size() - 1) {
              batches.add(
                  KV.of(shard, KV.of(location, new ArrayList<>(keys.subList(from, i + 1)))));
              from = i + 1;
              chars = 0;
            }
          }
        });
    return batches;
  }

  /** The coder of {@link #storedKeysByShard}'s elements. */
  static KvCoder<Integer, KV<RecordLocation, List<String>>> storedKeysCoder() {
    return KvCoder.of(VarIntCoder.of(), keyBatchCoder());
  }

  private static KvCoder<RecordLocation, List<String>> keyBatchCoder() {
    return KvCoder.of(RecordLocationCoder.of(), ListCoder.of(StringUtf8Coder.of()));
  }

  static final class KeyRecordsFn extends DoFn<TableRecord, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element TableRecord record, OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(KeyShards.of(record.recordKey()), new RawUnionValue(INCOMING, record)));
    }
  }

  static final class ShardRecordsFn extends DoFn<TableRecord, KV<Integer, TableRecord>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(@Element TableRecord record, OutputReceiver<KV<Integer, TableRecord>> out) {
      out.output(KV.of(KeyShards.of(record.recordKey()), record));
    }
  }

  static final class IncomingPacksFn extends DoFn<KV<Integer, byte[]>, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<Integer, byte[]> pack, OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(pack.getKey(), new RawUnionValue(INCOMING, pack.getValue())));
    }
  }

  static final class KeyLocationsFn
      extends DoFn<KV<Integer, KV<RecordLocation, List<String>>>, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<Integer, KV<RecordLocation, List<String>>> batch,
        OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(batch.getKey(), new RawUnionValue(STORED, batch.getValue())));
    }
  }
}
