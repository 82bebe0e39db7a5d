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
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.coders.RecordLocationCoder;
import io.hudibeam.transforms.coders.TableRecordCoder;
import io.hudibeam.transforms.records.PreferredRecord;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.List;
import org.apache.beam.sdk.coders.KvCoder;
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
 * it is; the join key is derived from it in {@link TagFn}, not shipped beside it. Its steps are
 * applied inside the calling index stage.
 */
final class IndexJoin {
  /** Union tag of incoming records in the join; stored locations are {@link #STORED}. */
  static final int INCOMING = 0;

  static final int STORED = 1;

  private IndexJoin() {}

  /**
   * Joins on (record key, partition path), or on the record key alone for a global index ({@code
   * spec.index().isGlobal()}).
   */
  static PCollection<TaggedRecord> join(
      WriteSpec spec,
      PCollection<TableRecord> records,
      PCollection<KV<String, RecordLocation>> storedKeys) {
    return spec.index().isGlobal()
        ? join(spec, records, storedKeys, JoinKey.byRecordKey(), true)
        : join(spec, records, storedKeys, JoinKey.byHoodieKey(), false);
  }

  private static <K> PCollection<TaggedRecord> join(
      WriteSpec spec,
      PCollection<TableRecord> records,
      PCollection<KV<String, RecordLocation>> storedKeys,
      JoinKey<K> joinKey,
      boolean global) {
    UnionCoder union = UnionCoder.of(List.of(TableRecordCoder.of(spec.schema()), storedKeyCoder()));
    KvCoder<Integer, RawUnionValue> shardCoder = KvCoder.of(VarIntCoder.of(), union);
    PCollection<KV<Integer, RawUnionValue>> incoming =
        records.apply("Key incoming records", ParDo.of(new KeyRecordsFn())).setCoder(shardCoder);
    PCollection<KV<Integer, RawUnionValue>> stored =
        storedKeys.apply("Key stored records", ParDo.of(new KeyLocationsFn())).setCoder(shardCoder);
    return PCollectionList.of(incoming)
        .and(stored)
        .apply("Both sides", Flatten.pCollections())
        .apply("Join keys", GroupByKey.create())
        .apply(
            "Keep one per key and tag",
            ParDo.of(new TagFn<K>(joinKey, new PreferredRecord(spec.orderingField()), global)))
        .setCoder(TaggedRecord.TaggedRecordCoder.of(spec.schema()));
  }

  /** The coder of a stored key and the location of the file group holding it. */
  static KvCoder<String, RecordLocation> storedKeyCoder() {
    return KvCoder.of(StringUtf8Coder.of(), RecordLocationCoder.of());
  }

  static final class KeyRecordsFn extends DoFn<TableRecord, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element TableRecord record, OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(KeyShards.of(record.recordKey()), new RawUnionValue(INCOMING, record)));
    }
  }

  static final class KeyLocationsFn
      extends DoFn<KV<String, RecordLocation>, KV<Integer, RawUnionValue>> {
    private static final long serialVersionUID = 1L;

    @ProcessElement
    public void process(
        @Element KV<String, RecordLocation> stored,
        OutputReceiver<KV<Integer, RawUnionValue>> out) {
      out.output(KV.of(KeyShards.of(stored.getKey()), new RawUnionValue(STORED, stored)));
    }
  }
}
