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

import io.hudibeam.table.TableVersion;
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
 * {@link StatsSliceMerge} merges a {@code column_stats} or {@code partition_stats} slice as Hudi
 * 1.0 compacts it (Hudi 1.0.0's {@code HoodieMetadataPayload} here; its {@code
 * mergeColumnStatsRecords} and {@code combineMetadataPayloads} match 1.0.2's, docs/format.md
 * §11.3): for 500 random slices (a base file or none; log records with ranges, deletions and tight
 * bounds), the merged records equal those Hudi's payload gives when its log scanner folds the log
 * records ({@code newer.preCombine(older)}) and its compaction merges them over the base record
 * ({@code combineAndGetUpdateValue}, or {@code getInsertValue} without one), deleted records left
 * out.
 */
public class StatsSliceMergeTest {
  private static final Schema SCHEMA = MetadataRecords.schema(TableVersion.EIGHT);

  @Test
  public void ourMergeEqualsHoodieMetadataPayloadsOnRandomSlices() throws Exception {
    Random random = new Random(20261207L);
    int kept = 0;
    int dropped = 0;
    for (int sequence = 0; sequence < 500; sequence++) {
      boolean partitionStats = random.nextBoolean();
      List<String> files = List.of("f1.parquet", "f2.parquet", ".f3_1.log.1_0-0-1");
      List<GenericRecord> base = new ArrayList<>();
      for (String file : files) {
        if (random.nextInt(3) > 0) {
          base.add(randomRecord(random, partitionStats, file, false));
        }
      }
      List<GenericRecord> logs = new ArrayList<>();
      int count = 1 + random.nextInt(10);
      for (int i = 0; i < count; i++) {
        logs.add(randomRecord(random, partitionStats, files.get(random.nextInt(3)), true));
      }
      Map<String, String> ours = new TreeMap<>();
      List<String> order = new ArrayList<>();
      for (GenericRecord r : StatsSliceMerge.merge(copies(base), copies(logs))) {
        ours.put(r.get("key").toString(), describe(r));
        order.add(r.get("key").toString());
      }
      Map<String, String> hudis = hudiMerge(base, logs);
      assertThat("sequence " + sequence, ours, equalTo(hudis));
      assertThat("sequence " + sequence + " key order", order, equalTo(List.copyOf(ours.keySet())));
      kept += ours.size();
      dropped += files.size() - ours.size();
    }
    assertThat(kept, greaterThan(500));
    assertThat(dropped, greaterThan(100));
  }

  /** Hudi's log scanner then compaction merge, with HoodieMetadataPayload. */
  private static Map<String, String> hudiMerge(List<GenericRecord> base, List<GenericRecord> logs)
      throws Exception {
    Map<String, HoodieMetadataPayload> fromLogs = new LinkedHashMap<>();
    for (GenericRecord r : copies(logs)) {
      String key = r.get("key").toString();
      HoodieMetadataPayload newer = new HoodieMetadataPayload(Option.of(r));
      HoodieMetadataPayload older = fromLogs.get(key);
      fromLogs.put(key, older == null ? newer : newer.preCombine(older));
    }
    Map<String, String> result = new TreeMap<>();
    for (GenericRecord r : copies(base)) {
      String key = r.get("key").toString();
      HoodieMetadataPayload newer = fromLogs.remove(key);
      Option<IndexedRecord> merged =
          newer == null
              ? new HoodieMetadataPayload(Option.of(r)).getInsertValue(SCHEMA)
              : newer.combineAndGetUpdateValue(r, SCHEMA);
      if (merged.isPresent()) {
        result.put(key, describe((GenericRecord) merged.get()));
      }
    }
    for (Map.Entry<String, HoodieMetadataPayload> e : fromLogs.entrySet()) {
      Option<IndexedRecord> inserted = e.getValue().getInsertValue(SCHEMA);
      if (inserted.isPresent()) {
        result.put(e.getKey(), describe((GenericRecord) inserted.get()));
      }
    }
    return result;
  }

  private static GenericRecord randomRecord(
      Random random, boolean partitionStats, String file, boolean inLog) {
    boolean deleted = inLog && random.nextInt(5) == 0;
    boolean noValues = random.nextInt(6) == 0;
    Object min = noValues ? null : Integer.valueOf(random.nextInt(100) - 50);
    Object max = noValues ? null : Integer.valueOf(50 + random.nextInt(100));
    // Statistics of one column keep one value type: f2.parquet's are strings.
    if (file.equals("f2.parquet") && !noValues) {
      min = "k" + random.nextInt(30);
      max = "z" + random.nextInt(30);
    }
    ColumnRange range =
        deleted
            ? ColumnRange.deleted(partitionStats ? "p1" : file, "c")
            : new ColumnRange(
                partitionStats ? "p1" : file,
                "c",
                min,
                max,
                random.nextInt(5),
                1 + random.nextInt(20),
                random.nextInt(1000),
                random.nextInt(2000));
    if (!partitionStats) {
      return ColumnStatsRecords.record(SCHEMA, "p1", range, deleted);
    }
    GenericRecord r = ColumnStatsRecords.partitionStatsRecord(SCHEMA, range);
    // A partition_stats record is a tight bound unless merged loosely; deleted ones are stubs.
    GenericRecord stats = (GenericRecord) r.get("ColumnStatsMetadata");
    stats.put("isTightBound", deleted || random.nextBoolean());
    stats.put("isDeleted", deleted);
    // One key per file so that the three "files" give three partition_stats keys.
    r.put("key", r.get("key") + file);
    return r;
  }

  /** Fresh records, as a reader gives them. */
  private static List<GenericRecord> copies(List<GenericRecord> records) {
    return records.stream().map(r -> GenericData.get().deepCopy(SCHEMA, r)).toList();
  }

  private static String describe(GenericRecord r) {
    GenericRecord s = (GenericRecord) r.get("ColumnStatsMetadata");
    return String.join(
        "|",
        r.get("key").toString(),
        String.valueOf(r.get("type")),
        String.valueOf(s.get("fileName")),
        String.valueOf(s.get("columnName")),
        value(s.get("minValue")),
        value(s.get("maxValue")),
        String.valueOf(s.get("nullCount")),
        String.valueOf(s.get("valueCount")),
        String.valueOf(s.get("totalSize")),
        String.valueOf(s.get("totalUncompressedSize")),
        String.valueOf(s.get("isDeleted")),
        String.valueOf(s.get("isTightBound")));
  }

  private static String value(Object wrapper) {
    return wrapper instanceof GenericRecord w
        ? w.getSchema().getName() + ":" + w.get("value")
        : String.valueOf(wrapper);
  }
}
