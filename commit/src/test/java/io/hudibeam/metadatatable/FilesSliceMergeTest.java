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
package io.hudibeam.metadatatable;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.metadata.HoodieMetadataPayload;
import org.junit.Test;

/**
 * {@link FilesSliceMerge} merges a {@code files} slice as Hudi 0.15 does: for 500 random slices (a
 * base file or none, and a sequence of log records adding and deleting partitions and files,
 * tombstones in the base file too), the merged records equal those Hudi's own {@link
 * HoodieMetadataPayload} gives when its log scanner folds the log records ({@code
 * newer.preCombine(older)}) and its compaction merges them over the base record ({@code
 * combineAndGetUpdateValue}, or {@code getInsertValue} for a key without a base record).
 */
public class FilesSliceMergeTest {
  private static final Schema SCHEMA = MetadataRecords.SCHEMA;
  private static final List<String> KEYS =
      List.of(MetadataRecords.ALL_PARTITIONS_KEY, "2024/01/01", "2024/01/02", ".");

  @Test
  public void ourMergeEqualsHoodieMetadataPayloadsOnRandomSlices() throws Exception {
    Random random = new Random(20261206L);
    int nonTrivial = 0;
    for (int sequence = 0; sequence < 500; sequence++) {
      List<GenericRecord> base = new ArrayList<>();
      for (String key : KEYS) {
        if (random.nextInt(3) > 0) {
          base.add(randomRecord(random, key, 0.2));
        }
      }
      List<GenericRecord> logs = new ArrayList<>();
      int count = 1 + random.nextInt(12);
      for (int i = 0; i < count; i++) {
        logs.add(randomRecord(random, KEYS.get(random.nextInt(KEYS.size())), 0.35));
      }
      Map<String, Map<String, List<Object>>> ours = new TreeMap<>();
      for (GenericRecord r : FilesSliceMerge.merge(copies(base), copies(logs), SCHEMA)) {
        ours.put(r.get("key").toString(), entries(r));
      }
      Map<String, Map<String, List<Object>>> hudis = hudiMerge(base, logs);
      assertThat("sequence " + sequence, ours, equalTo(hudis));
      if (ours.values().stream().anyMatch(m -> !m.isEmpty())) {
        nonTrivial++;
      }
    }
    assertThat(nonTrivial, greaterThan(400));
  }

  @Test
  public void theMergedRecordsComeInHFileKeyOrder() {
    List<GenericRecord> logs = new ArrayList<>();
    for (String key : List.of("b", "a", MetadataRecords.ALL_PARTITIONS_KEY, ".", "B")) {
      logs.add(MetadataRecords.partitionFiles(SCHEMA, key, Map.of("f1.parquet", 10L), List.of()));
    }
    List<String> keys = new ArrayList<>();
    FilesSliceMerge.merge(List.of(), logs, SCHEMA).forEach(r -> keys.add(r.get("key").toString()));
    assertThat(keys, equalTo(List.of(".", "B", MetadataRecords.ALL_PARTITIONS_KEY, "a", "b")));
  }

  /** Hudi's log scanner then compaction merge, with HoodieMetadataPayload. */
  private static Map<String, Map<String, List<Object>>> hudiMerge(
      List<GenericRecord> base, List<GenericRecord> logs) throws Exception {
    Map<String, HoodieMetadataPayload> fromLogs = new LinkedHashMap<>();
    for (GenericRecord r : copies(logs)) {
      String key = r.get("key").toString();
      HoodieMetadataPayload newer = new HoodieMetadataPayload(Option.of(r));
      HoodieMetadataPayload older = fromLogs.get(key);
      fromLogs.put(key, older == null ? newer : newer.preCombine(older));
    }
    Map<String, Map<String, List<Object>>> result = new TreeMap<>();
    for (GenericRecord r : copies(base)) {
      String key = r.get("key").toString();
      HoodieMetadataPayload newer = fromLogs.remove(key);
      IndexedRecord merged =
          newer == null
              ? new HoodieMetadataPayload(Option.of(r)).getInsertValue(SCHEMA).get()
              : newer.combineAndGetUpdateValue(r, SCHEMA).get();
      result.put(key, entries((GenericRecord) merged));
    }
    for (Map.Entry<String, HoodieMetadataPayload> e : fromLogs.entrySet()) {
      result.put(e.getKey(), entries((GenericRecord) e.getValue().getInsertValue(SCHEMA).get()));
    }
    return result;
  }

  private static GenericRecord randomRecord(Random random, String key, double deleteShare) {
    boolean list = key.equals(MetadataRecords.ALL_PARTITIONS_KEY);
    Map<String, Long> added = new LinkedHashMap<>();
    List<String> deleted = new ArrayList<>();
    int entries = random.nextInt(4);
    for (int i = 0; i < entries; i++) {
      String name = list ? KEYS.get(1 + random.nextInt(3)) : "f" + random.nextInt(6) + ".parquet";
      added.remove(name);
      deleted.remove(name);
      if (random.nextDouble() < deleteShare) {
        deleted.add(name);
      } else {
        added.put(name, list ? 0L : 1L + random.nextInt(1000));
      }
    }
    if (!list) {
      return MetadataRecords.partitionFiles(SCHEMA, key, added, deleted);
    }
    GenericRecord record =
        MetadataRecords.partitionList(SCHEMA, new ArrayList<>(added.keySet()), false);
    @SuppressWarnings("unchecked")
    Map<String, GenericRecord> map = (Map<String, GenericRecord>) record.get("filesystemMetadata");
    GenericRecord tombstone =
        MetadataRecords.partitionList(SCHEMA, List.of("x"), true).get("filesystemMetadata")
                instanceof Map<?, ?> m
            ? (GenericRecord) m.get("x")
            : null;
    for (String name : deleted) {
      map.put(name, GenericData.get().deepCopy(tombstone.getSchema(), tombstone));
    }
    return record;
  }

  private static List<GenericRecord> copies(List<GenericRecord> records) {
    List<GenericRecord> copies = new ArrayList<>();
    for (GenericRecord r : records) {
      copies.add(GenericData.get().deepCopy(SCHEMA, r));
    }
    return copies;
  }

  /** A record's entries as name to [size, isDeleted]. */
  private static Map<String, List<Object>> entries(GenericRecord record) {
    Map<String, List<Object>> entries = new TreeMap<>();
    Object map = record.get("filesystemMetadata");
    if (map instanceof Map<?, ?> m) {
      m.forEach(
          (k, v) -> {
            IndexedRecord info = (IndexedRecord) v;
            Schema s = info.getSchema();
            entries.put(
                k.toString(),
                List.of(
                    ((Number) info.get(s.getField("size").pos())).longValue(),
                    (Boolean) info.get(s.getField("isDeleted").pos())));
          });
    }
    return entries;
  }
}
