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
package io.hudibeam.transforms.compact;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.testing.HudiReference;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.commit.CommittedInstant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieTableType;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The compaction graph alone ({@link CompactTable}) on merge-on-read tables Hudi 0.15's Java client
 * wrote: it schedules and runs a compaction of every file slice with log files, or runs the one
 * Hudi scheduled at Hudi's instant, after which Hudi's writer goes on; it commits nothing when no
 * slice has a log file. Hudi's reader checks every row, and its file-system view the slices.
 */
public class CompactTableTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private String base;
  private HudiReference hudi;
  private final TreeMap<String, List<Object>> expected = new TreeMap<>();

  @Before
  public void mergeOnReadTableOfTwentyFourTrips() throws Exception {
    base = tmp.newFolder("trips").getAbsolutePath();
    hudi =
        HudiReference.trips(base)
            .tableType(HoodieTableType.MERGE_ON_READ)
            // Hudi schedules a compaction whenever a deltacommit completed since the last one.
            .writeConfig("hoodie.compact.inline.max.delta.commits", "1")
            .create();
    List<GenericRecord> inserts = TripsData.batch(0, 0, 24);
    hudi.insert(inserts);
    put(inserts);
  }

  private void put(List<GenericRecord> batch) {
    batch.forEach(r -> expected.put(r.get("uuid").toString(), TripsData.values(r)));
  }

  /** Updates in every file group and two deletes: log files in the latest slices. */
  private void updatesAndDeletes() {
    List<GenericRecord> updates = TripsData.batch(1, 0, 12);
    hudi.upsert(updates);
    put(updates);
    hudi.deleteRecordKeys(TripsData.keys(20, 2));
    TripsData.keys(20, 2).forEach(expected::remove);
  }

  /** What the test pins of a committed compaction. */
  private static String summary(CommittedInstant c) {
    return String.format(
        "%s %s %s files=%d deleted=%d",
        c.operation(), c.outcome(), c.tableName(), c.filesWritten(), c.recordsDeleted());
  }

  /** Runs {@link CompactTable}; its committed instants' summaries must be {@code expected}. */
  private void compact(List<String> expectedSummaries) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PAssert.that(
            p.apply("Compact", new CompactTable(base, Map.of(), Map.of()))
                .apply(
                    "Summaries",
                    MapElements.into(TypeDescriptors.strings()).via(CompactTableTest::summary)))
        .containsInAnyOrder(expectedSummaries);
    p.run().waitUntilFinish();
  }

  private void assertRowsAreExpected() {
    TreeMap<String, List<Object>> actual = new TreeMap<>();
    HudiTableReader.of(base)
        .snapshotByRecordKey()
        .forEach((key, row) -> actual.put(key, TripsData.values(row)));
    assertThat(actual, is(expected));
  }

  private int latestSlicesWithLogFiles() {
    int slices = 0;
    for (FileSlice slice : HudiTableReader.of(base).latestFileSlices()) {
      slices += slice.getLogFiles().findAny().isPresent() ? 1 : 0;
    }
    return slices;
  }

  private List<String> newInstants(List<String> before) {
    List<String> added = new ArrayList<>(HudiTableReader.of(base).completedInstantTimes());
    added.removeAll(before);
    return added;
  }

  @Test
  public void everySliceWithLogFilesIsCompactedIntoANewBaseFile() {
    updatesAndDeletes();
    int slicesWithLogs = latestSlicesWithLogFiles();
    assertThat("the test needs several slices to compact", slicesWithLogs > 1, is(true));
    List<String> before = HudiTableReader.of(base).completedInstantTimes();

    compact(List.of("COMPACT COMMITTED trips files=" + slicesWithLogs + " deleted=2"));

    assertThat("one compaction instant", newInstants(before).size(), is(1));
    assertThat(latestSlicesWithLogFiles(), is(0));
    assertRowsAreExpected();
  }

  @Test
  public void aCompactionHudiScheduledIsRunAtItsInstantAndHudiGoesOn() {
    updatesAndDeletes();
    int slicesWithLogs = latestSlicesWithLogFiles();
    List<String> before = HudiTableReader.of(base).completedInstantTimes();
    String scheduled = hudi.scheduleCompaction().orElseThrow();

    compact(List.of("COMPACT COMMITTED trips files=" + slicesWithLogs + " deleted=2"));

    assertThat(newInstants(before), is(List.of(scheduled)));
    assertThat(latestSlicesWithLogFiles(), is(0));
    assertRowsAreExpected();
    List<GenericRecord> more = TripsData.batch(2, 4, 6);
    hudi.upsert(more);
    put(more);
    assertRowsAreExpected();
  }

  @Test
  public void aTableWithoutLogFilesGetsNoCompaction() {
    List<String> before = HudiTableReader.of(base).completedInstantTimes();

    compact(List.of());

    assertThat(HudiTableReader.of(base).completedInstantTimes(), is(before));
    assertRowsAreExpected();
  }
}
