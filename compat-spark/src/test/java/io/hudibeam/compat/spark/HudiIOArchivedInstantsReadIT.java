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
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
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

  private static final int COMMITS = 8;

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
  public void hudiSparkReadsFromAndAsOfArchivedInstants() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    HudiIO.Write<GenericRecord> upsert =
        hudiIOWrite(base, WriteOperation.UPSERT)
            .withHoodieProperties(
                Map.of(
                    "hoodie.keep.min.commits", "3",
                    "hoodie.keep.max.commits", "4",
                    "hoodie.cleaner.commits.retained", "2",
                    "hoodie.clean.automatic", "false"));
    for (int b = 0; b < COMMITS; b++) {
      hudiIO(batch(b), upsert);
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
    assertThat("archived " + archived + " then active " + active, times.size(), is(COMMITS));
    assertThat(times.stream().sorted().collect(Collectors.toList()), is(times));
    assertThat("archived instants", archived.size() >= COMMITS - 4, is(true));

    assertThat(SPARK.snapshot(base), is(stateAfter(COMMITS - 1, times)));

    // An incremental query beginning at the second commit (archived): the rows the latest
    // snapshot holds from commits after it.
    String begin = times.get(1);
    Map<String, List<Object>> changedAfter = new TreeMap<>(stateAfter(COMMITS - 1, times));
    changedAfter.values().removeIf(row -> ((String) row.get(row.size() - 1)).compareTo(begin) <= 0);
    assertThat(changedAfter.size(), is(COMMITS - 2 + 1));
    assertThat(
        SPARK.sparkRead(
            base,
            Map.of(
                "hoodie.datasource.query.type", "incremental",
                "hoodie.datasource.read.begin.instanttime", begin,
                "hoodie.datasource.read.incr.fallback.fulltablescan.enable", "true")),
        is(changedAfter));

    // Time travel to each archived instant: the table as it was then.
    for (int b = 0; b < archived.size(); b++) {
      assertThat(
          "as of archived commit " + b, SPARK.asOf(base, times.get(b)), is(stateAfter(b, times)));
    }
  }
}
