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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.emptyArray;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.hudibeam.basefile.ParquetSettings;
import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.files.WriteToken;
import io.hudibeam.metadata.CompactionOperation;
import io.hudibeam.metadata.CompactionPlan;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.services.Compactor;
import io.hudibeam.settings.SettingsReader;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.timeline.Timeline;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.model.HoodieTableType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Compaction within a memory budget ({@code hoodie.memory.compaction.max.size}): a MERGE_ON_READ
 * table written by Hudi's Java client (updates of the same keys in several deltacommits, deletes,
 * and upserts of deleted keys) is compacted with the merged log records all in memory, part spilled
 * and all spilled to disk. The three base files of each slice are read by Hudi's reader and are
 * equal row by row, meta fields included; the compaction committed with the all-spilled files
 * leaves Hudi's snapshot and read-optimized view equal to the expected rows.
 */
public class CompactHandleSpillTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private static void put(TreeMap<String, List<Object>> expected, List<GenericRecord> batch) {
    batch.forEach(r -> expected.put(r.get("uuid").toString(), TripsData.values(r)));
  }

  private static TreeMap<String, List<Object>> rows(List<GenericRecord> records) {
    TreeMap<String, List<Object>> out = new TreeMap<>();
    HudiTableReader.byRecordKey(records).forEach((k, r) -> out.put(k, TripsData.values(r)));
    return out;
  }

  /**
   * Every field of every row, meta fields included, in file order; {@code _hoodie_file_name}, which
   * names the file itself (its write token differs per attempt), is checked to be that name.
   */
  private static List<String> content(List<GenericRecord> records, String fileName) {
    List<String> out = new ArrayList<>();
    for (GenericRecord r : records) {
      assertThat(HudiTableReader.string(r, "_hoodie_file_name"), is(fileName));
      StringBuilder row = new StringBuilder();
      r.getSchema().getFields().stream()
          .filter(f -> !f.name().equals("_hoodie_file_name"))
          .forEach(f -> row.append(f.name()).append('=').append(r.get(f.pos())).append(' '));
      out.add(row.toString());
    }
    return out;
  }

  private static MergeMemory budget(long bytes, File spill) {
    return SettingsReader.compactionMemory(
        Map.of(
            MergeMemory.COMPACTION_MAX_SIZE,
            String.valueOf(bytes),
            MergeMemory.SPILL_PATH,
            spill.getAbsolutePath()));
  }

  @Test
  public void spilledCompactionsWriteTheSameRowsAsTheInMemoryOne() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiReference hudi =
        HudiReference.trips(base).tableType(HoodieTableType.MERGE_ON_READ).create();
    TreeMap<String, List<Object>> expected = new TreeMap<>();
    List<GenericRecord> batch = TripsData.batch(0, 0, 800);
    hudi.insert(batch);
    put(expected, batch);
    batch = TripsData.batch(1, 0, 400);
    hudi.upsert(batch);
    put(expected, batch);
    batch = TripsData.batch(2, 200, 400);
    hudi.upsert(batch);
    put(expected, batch);
    hudi.deleteRecordKeys(TripsData.keys(500, 200));
    TripsData.keys(500, 200).forEach(expected::remove);
    batch = TripsData.batch(3, 550, 100);
    hudi.upsert(batch);
    put(expected, batch);
    HudiTableReader reader = HudiTableReader.of(base);
    assertThat(rows(reader.snapshot()), is(expected));

    FileSystem fs = FileSystem.getLocal(conf);
    TablePaths paths = TablePaths.of(base);
    Compactor compactor = new Compactor(conf, fs, paths);
    InstantTime instant =
        compactor
            .schedule(new InstantTimeGenerator(TimelineTimezone.LOCAL), TableType.MERGE_ON_READ)
            .get();
    compactor.markInflight(instant);
    CompactionPlan plan = compactor.plan(instant);
    assertThat(plan.operations().size(), is(8));
    Timeline completed = Timeline.load(fs, paths).completedWriteTimeline();

    File spill = tmp.newFolder("spill");
    Map<String, MergeMemory> budgets = new TreeMap<>();
    budgets.put("1 in memory", budget(Long.MAX_VALUE, spill));
    // A slice merges about 150 log records of about 1 KiB estimated each: some stay in memory.
    budgets.put("2 part spilled", budget(40_000, spill));
    budgets.put("3 all spilled", budget(0, spill));
    List<WriteStat> allSpilled = new ArrayList<>();
    int attempt = 1;
    for (CompactionOperation op : plan.operations()) {
      Map<String, List<String>> files = new TreeMap<>();
      for (Map.Entry<String, MergeMemory> b : budgets.entrySet()) {
        WriteContext context =
            WriteContext.builder()
                .conf(conf)
                .fs(fs)
                .paths(paths)
                .instant(instant)
                .schema(compactor.tableSchema())
                .parquet(ParquetSettings.defaults())
                .writeToken(WriteToken.of(0, 0, attempt++))
                .build();
        CompactHandle handle = new CompactHandle(context, b.getValue());
        WriteStat stat = handle.compact(op, completed);
        assertThat("spill files left", spill.list(), emptyArray());
        long merged = stat.totalLogRecords();
        switch (b.getKey()) {
          case "1 in memory":
            assertThat(op.fileId(), handle.spilledRecords(), is(0L));
            break;
          case "2 part spilled":
            assertThat(op.fileId(), handle.spilledRecords(), greaterThan(0L));
            assertThat(op.fileId(), handle.spilledRecords(), lessThan(merged));
            break;
          default:
            assertThat(op.fileId(), handle.spilledRecords(), greaterThan(0L));
            allSpilled.add(stat);
        }
        files.put(
            b.getKey(),
            content(
                reader.readBaseFile(base + "/" + stat.path()),
                stat.path().substring(stat.path().lastIndexOf('/') + 1)));
      }
      assertThat(op.fileId(), files.get("2 part spilled"), is(files.get("1 in memory")));
      assertThat(op.fileId(), files.get("3 all spilled"), is(files.get("1 in memory")));
    }

    // The commit keeps the all-spilled files (the other attempts' files go with their markers).
    assertThat(compactor.commit(instant, allSpilled), is(CommitOutcome.COMMITTED));
    assertThat(rows(reader.snapshot()), is(expected));
    assertThat(rows(reader.readOptimized()), is(expected));
    reader
        .latestFileSlices()
        .forEach(s -> assertThat(s.toString(), s.getLogFiles().count(), is(0L)));
  }
}
