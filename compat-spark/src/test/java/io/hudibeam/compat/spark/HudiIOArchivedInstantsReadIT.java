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
package io.hudibeam.compat.spark;

import static io.hudibeam.compat.spark.SparkHudi.expected;
import static io.hudibeam.compat.spark.SparkHudi.hudiIO;
import static io.hudibeam.compat.spark.SparkHudi.hudiIOWrite;
import static io.hudibeam.compat.spark.SparkHudi.records;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.HudiIO;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.TripsData;
import io.hudibeam.write.WriteOperation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Reads that reach instants HudiIO has archived (table version 6, copy-on-write and merge-on-read),
 * by Hudi 1.0.2's Spark reader, row by row: the snapshot, an incremental query that begins at an
 * archived instant (with Hudi's documented fallback to a full table scan, {@code
 * hoodie.datasource.read.incr.fallback.fulltablescan.enable}), and time travel to an archived
 * instant. Automatic cleaning is off so the file slices of archived instants still exist: with
 * cleaning on, Hudi's rule {@code keep.min.commits > cleaner.commits.retained} means an archived
 * instant's older slices are cleaned, and no reader can travel back to them.
 *
 * <p>On merge-on-read, Hudi 1.0.2's fallback reads base files only (see {@link
 * #mergeOnReadIncrementalFromArchivedInstantAsOnHudisOwnTable}).
 */
public class HudiIOArchivedInstantsReadIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Map<String, String> ARCHIVAL =
      Map.of(
          "hoodie.keep.min.commits", "3",
          "hoodie.keep.max.commits", "4",
          "hoodie.cleaner.commits.retained", "2",
          "hoodie.clean.automatic", "false");

  /** Commit {@code b} upserts record 0 (so one file group changes in every commit) and 10 + b. */
  private static List<GenericRecord> batch(int b) {
    return records(b, 0, 10 + b);
  }

  /** The table after commits 0..{@code last}, each commit's time from {@code times}. */
  private static Map<String, List<Object>> stateAfter(int last, List<String> times) {
    Map<String, List<Object>> rows = new TreeMap<>();
    for (int b = 0; b <= last; b++) {
      rows.putAll(expected(b, times.get(b), 0, 10 + b));
    }
    return rows;
  }

  /** {@code rows} committed after {@code begin} (their {@code _hoodie_commit_time} is later). */
  private static Map<String, List<Object>> committedAfter(
      Map<String, List<Object>> rows, String begin) {
    Map<String, List<Object>> after = new TreeMap<>(rows);
    after.values().removeIf(row -> ((String) row.get(row.size() - 1)).compareTo(begin) <= 0);
    return after;
  }

  /** An incremental query from {@code begin} with Hudi's fallback to a full table scan. */
  private static Map<String, String> incrementalWithFallback(String begin) {
    return Map.of(
        "hoodie.datasource.query.type", "incremental",
        "hoodie.datasource.read.begin.instanttime", begin,
        "hoodie.datasource.read.incr.fallback.fulltablescan.enable", "true");
  }

  /** The archived completed commits, oldest first, as Hudi 1.0.2's archived timeline lists them. */
  private static List<String> archived(String base) {
    return SPARK
        .meta(base)
        .getArchivedTimeline()
        .reload()
        .getCommitsTimeline()
        .filterCompletedInstants()
        .getInstants()
        .stream()
        .map(HoodieInstant::requestedTime)
        .collect(Collectors.toList());
  }

  private static List<String> active(String base) {
    return SPARK.completedCommits(base).stream()
        .map(HoodieInstant::requestedTime)
        .collect(Collectors.toList());
  }

  @Test
  public void copyOnWrite() throws Exception {
    readsFromAndAsOfArchivedInstants(TableType.COPY_ON_WRITE, 8, 4);
  }

  /**
   * Merge-on-read: updates of record 0 go to log files. Archival keeps the last five deltacommits
   * for compaction ({@code hoodie.compact.inline.max.delta.commits}, Hudi's rule), so ten commits
   * archive five.
   */
  @Test
  public void mergeOnRead() throws Exception {
    readsFromAndAsOfArchivedInstants(TableType.MERGE_ON_READ, 10, 5);
  }

  private void readsFromAndAsOfArchivedInstants(TableType type, int commits, int minArchived)
      throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    // The metadata table (on by default) compacts at every write's start, so it does not hold
    // archival back (Hudi archives only before its last compaction).
    Map<String, String> settings = new HashMap<>(ARCHIVAL);
    settings.put("hoodie.metadata.compact.max.delta.commits", "1");
    HudiIO.Write<GenericRecord> upsert =
        hudiIOWrite(base, WriteOperation.UPSERT).withTableType(type).withHoodieProperties(settings);
    for (int b = 0; b < commits; b++) {
      hudiIO(batch(b), upsert);
    }
    if (type == TableType.MERGE_ON_READ) {
      try (Stream<Path> files = Files.walk(Paths.get(base))) {
        assertThat(
            "log files",
            files.anyMatch(f -> f.getFileName().toString().contains(".log.")),
            is(true));
      }
    }
    List<String> active = active(base);
    List<String> archived = archived(base);
    List<String> times = new ArrayList<>(archived);
    times.addAll(active);
    // Every commit is on exactly one of the two timelines, the archived ones first.
    assertThat("archived " + archived + " then active " + active, times.size(), is(commits));
    assertThat(times.stream().sorted().collect(Collectors.toList()), is(times));
    assertThat("archived instants " + archived, archived.size() >= minArchived, is(true));

    assertThat(SPARK.snapshot(base), is(stateAfter(commits - 1, times)));

    // An incremental query beginning at the first active commit.
    String firstActive = active.get(0);
    assertThat(
        SPARK.incremental(base, firstActive),
        is(committedAfter(stateAfter(commits - 1, times), firstActive)));

    // An incremental query beginning at the second commit (archived).
    String begin = times.get(1);
    Map<String, List<Object>> fromArchived = SPARK.sparkRead(base, incrementalWithFallback(begin));
    if (type == TableType.COPY_ON_WRITE) {
      // The rows the latest snapshot holds from commits after it.
      Map<String, List<Object>> changedAfter =
          committedAfter(stateAfter(commits - 1, times), begin);
      assertThat(changedAfter.size(), is(commits - 2 + 1));
      assertThat(fromArchived, is(changedAfter));
    } else {
      // Hudi 1.0.2's fallback on merge-on-read reads base files only, so record 0, whose later
      // versions are all in log files, is missing: the read-optimized rows committed after it, as
      // on a table Hudi's own writer writes
      // (mergeOnReadIncrementalFromArchivedInstantAsOnHudisOwnTable).
      assertThat(fromArchived, is(committedAfter(SPARK.readOptimized(base), begin)));
    }

    // Time travel to each archived instant: the table as it was then.
    for (int b = 0; b < archived.size(); b++) {
      assertThat(
          "as of archived commit " + b, SPARK.asOf(base, times.get(b)), is(stateAfter(b, times)));
    }
  }

  /**
   * Hudi 1.0.2's incremental query that begins at an archived instant, on a merge-on-read table of
   * table version 6, gives the same rows on HudiIO's table as on a table Hudi 1.0.2's own writer
   * writes from the same batches, in the same situation: record 0's later versions are all in log
   * files of the file slice whose base instant is the first commit, archived with the second.
   * Hudi's writer gets there with {@code hoodie.parquet.small.file.limit=0} (inserts never rewrite
   * record 0's base file) and {@code hoodie.compact.inline=false} (its datasource writer otherwise
   * compacts merge-on-read tables inline); its metadata table is off, since with it Hudi's archiver
   * also keeps every instant after the metadata table's last compaction.
   *
   * <p>The cause is Hudi's: for table version 6 Hudi's {@code DefaultSource} reads an incremental
   * merge-on-read query with {@code MergeOnReadIncrementalRelationV1}. When the begin instant is
   * archived ({@code isBeforeTimelineStarts}) and the fallback is on, its {@code fullTableScan}
   * lists the file slices with {@code listLatestFileSlices}, through {@code HoodieBaseRelation}'s
   * {@code HoodieFileIndex}, built with {@code includeLogFiles = shouldIncludeLogFiles()}, which is
   * {@code false} there (only {@code MergeOnReadSnapshotRelation} overrides it with {@code true}),
   * and {@code HoodieFileIndex.prunePartitionsAndGetFileSlices} drops each slice's log files
   * ({@code fileSlice.withLogFiles(includeLogFiles)}). Only base files are read, filtered by {@code
   * _hoodie_commit_time} after the begin instant: the result is the read-optimized rows committed
   * after it, on both tables.
   */
  @Test
  public void mergeOnReadIncrementalFromArchivedInstantAsOnHudisOwnTable() throws Exception {
    String ours = tmp.newFolder("hudiio").getAbsolutePath();
    // Both tables without a metadata table (HudiIO's is on by default), so both archive alike.
    Map<String, String> withoutMetadataTable = new HashMap<>(ARCHIVAL);
    withoutMetadataTable.put("hoodie.metadata.enable", "false");
    HudiIO.Write<GenericRecord> upsert =
        hudiIOWrite(ours, WriteOperation.UPSERT)
            .withTableType(TableType.MERGE_ON_READ)
            .withHoodieProperties(withoutMetadataTable);
    String hudis = tmp.newFolder("hudi").getAbsolutePath();
    Map<String, String> options = new HashMap<>(SparkHudi.tripsOptions("upsert"));
    options.putAll(ARCHIVAL);
    options.put("hoodie.datasource.write.table.type", "MERGE_ON_READ");
    options.put("hoodie.write.table.version", "6");
    options.put("hoodie.parquet.small.file.limit", "0");
    options.put("hoodie.compact.inline", "false");
    options.put("hoodie.metadata.enable", "false");
    int commits = 10;
    for (int b = 0; b < commits; b++) {
      hudiIO(batch(b), upsert);
      SPARK.sparkWrite(hudis, batch(b), options);
    }

    String key0 = TripsData.key(0);
    Map<String, Map<String, List<Object>>> results = new HashMap<>();
    for (String base : List.of(ours, hudis)) {
      List<String> archived = archived(base);
      List<String> times = new ArrayList<>(archived);
      times.addAll(active(base));
      assertThat(base + " commits " + times, times.size(), is(commits));
      assertThat(base + " archived " + archived, archived.size() >= 2, is(true));
      // Record 0's latest version is in a log file; its base file is the first commit's.
      List<Object> latest0 = SPARK.snapshot(base).get(key0);
      assertThat(latest0.get(latest0.size() - 1), is(times.get(commits - 1)));
      List<Object> base0 = SPARK.readOptimized(base).get(key0);
      assertThat(base0.get(base0.size() - 1), is(times.get(0)));

      String begin = times.get(1);
      Map<String, List<Object>> fromArchived =
          SPARK.sparkRead(base, incrementalWithFallback(begin));
      assertThat(fromArchived, is(committedAfter(SPARK.readOptimized(base), begin)));
      assertThat(base, fromArchived.containsKey(key0), is(false));
      assertThat(base, fromArchived.size(), is(commits - 2));
      // The rows apart from their commit times, which differ between the two tables.
      Map<String, List<Object>> values = new TreeMap<>();
      fromArchived.forEach((k, row) -> values.put(k, row.subList(0, row.size() - 1)));
      results.put(base, values);
    }
    assertThat(results.get(ours), is(results.get(hudis)));
  }
}
