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
package io.hudibeam.runners;

import static io.hudibeam.runners.HudiIOWriteSuite.assertRows;
import static io.hudibeam.runners.HudiIOWriteSuite.run;
import static io.hudibeam.runners.HudiIOWriteSuite.trips;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;

import io.hudibeam.HudiIO;
import io.hudibeam.services.CompactionSettings;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsData;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieArchivedTimeline;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The MERGE_ON_READ suite every runner must pass: insert, upsert (updates into log files) and
 * delete (delete blocks) as deltacommits, inline compaction after three of them, cleaning and
 * timeline archival, each step read back with Hudi 0.15's own merged reader row by row (values,
 * commit times, partitions), the read-optimized view checked after the compaction, and the archived
 * instants read with Hudi's archived timeline. Subclasses supply the runner's options.
 */
public abstract class HudiIOMergeOnReadSuite {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Fresh options for one pipeline run on the runner under test. */
  protected abstract PipelineOptions options();

  private static HudiIO.Write<Row> mor(String base, WriteOperation operation) {
    return trips(base, operation)
        .withTableType(TableType.MERGE_ON_READ)
        .withHoodieProperties(
            Map.of(
                CompactionSettings.INLINE,
                "true",
                CompactionSettings.MAX_DELTA_COMMITS,
                "3",
                "hoodie.cleaner.commits.retained",
                "1",
                "hoodie.keep.min.commits",
                "2",
                "hoodie.keep.max.commits",
                "3",
                // The metadata table (on by default) compacts at every write's start, so it does
                // not hold archival back (Hudi archives only before its last compaction).
                "hoodie.metadata.compact.max.delta.commits",
                "1"));
  }

  private static String lastDeltaCommit(HudiTableReader reader) {
    return reader
        .metaClient()
        .getActiveTimeline()
        .getDeltaCommitTimeline()
        .filterCompletedInstants()
        .lastInstant()
        .get()
        .getTimestamp();
  }

  private static long logFiles(HudiTableReader reader) {
    return reader.latestFileSlices().stream().mapToLong(s -> s.getLogFiles().count()).sum();
  }

  private static TreeMap<String, List<Object>> values(Map<String, GenericRecord> rows) {
    TreeMap<String, List<Object>> out = new TreeMap<>();
    rows.forEach((k, r) -> out.put(k, TripsData.values(r)));
    return out;
  }

  @Test
  public void upsertDeleteCompactionCleaningAndArchivalReadBackWithHudi() throws Exception {
    String base = tmp.newFolder("trips-mor").getAbsolutePath();
    HudiTableReader reader = HudiTableReader.of(base);

    run(options(), TripsRows.batch(0, 0, 600), TripsRows.SCHEMA, mor(base, WriteOperation.INSERT));
    String d1 = lastDeltaCommit(reader);
    assertRows(reader.snapshotByRecordKey(), 0, 600, i -> 0L, i -> d1);
    assertThat(logFiles(reader), is(0L));

    // 200 updates go to log files (one per file group).
    run(
        options(),
        TripsRows.batch(1, 200, 200),
        TripsRows.SCHEMA,
        mor(base, WriteOperation.UPSERT));
    String d2 = lastDeltaCommit(reader);
    assertRows(
        reader.snapshotByRecordKey(),
        0,
        600,
        i -> i >= 200 && i < 400 ? 1L : 0L,
        i -> i >= 200 && i < 400 ? d2 : d1);
    assertThat(logFiles(reader), is(8L));
    // Read-optimized: the base files alone, without the updates in the logs.
    assertRows(HudiTableReader.byRecordKey(reader.readOptimized()), 0, 600, i -> 0L, i -> d1);

    // Deletes as delete blocks; the third deltacommit triggers the inline compaction.
    run(options(), TripsRows.keys(0, 40), TripsRows.KEY_SCHEMA, mor(base, WriteOperation.DELETE));
    String d3 = lastDeltaCommit(reader);
    assertThat(d3.compareTo(d2), greaterThan(0));
    HoodieTableMetaClient meta = reader.metaClient();
    List<HoodieInstant> compactions = new ArrayList<>();
    for (HoodieInstant commit :
        meta.getActiveTimeline().getCommitTimeline().filterCompletedInstants().getInstants()) {
      HoodieCommitMetadata metadata =
          HoodieCommitMetadata.fromBytes(
              meta.getActiveTimeline().getInstantDetails(commit).get(), HoodieCommitMetadata.class);
      if (metadata.getOperationType().name().equals("COMPACT")) {
        compactions.add(commit);
      }
    }
    assertThat(compactions.size(), is(1));
    assertThat(compactions.get(0).getTimestamp().compareTo(d3), greaterThan(0));
    assertRows(
        reader.snapshotByRecordKey(),
        40,
        560,
        i -> i >= 200 && i < 400 ? 1L : 0L,
        i -> i >= 200 && i < 400 ? d2 : d1);
    assertThat(logFiles(reader), is(0L));
    assertThat(
        values(HudiTableReader.byRecordKey(reader.readOptimized())),
        is(values(reader.snapshotByRecordKey())));

    // Updates into the compacted slices' logs; cleaning removes the pre-compaction slices and
    // archival moves the oldest instants to the archived timeline.
    run(options(), TripsRows.batch(2, 100, 40), TripsRows.SCHEMA, mor(base, WriteOperation.UPSERT));
    String d5 = lastDeltaCommit(reader);
    assertRows(
        reader.snapshotByRecordKey(),
        40,
        560,
        i -> i >= 100 && i < 140 ? 2L : i >= 200 && i < 400 ? 1L : 0L,
        i -> i >= 100 && i < 140 ? d5 : i >= 200 && i < 400 ? d2 : d1);
    assertThat(logFiles(reader), greaterThan(0L));
    for (FileSlice slice : reader.latestFileSlices()) {
      assertThat(slice.toString(), slice.getBaseInstantTime().compareTo(d3), greaterThan(0));
    }

    meta = reader.metaClient();
    List<String> active =
        meta.getCommitsTimeline().filterCompletedInstants().getInstants().stream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList());
    assertThat(active.size(), lessThanOrEqualTo(3));
    HoodieArchivedTimeline archived = meta.getArchivedTimeline();
    archived.loadCompletedInstantDetailsInMemory();
    List<String> archivedCommits =
        archived.getCommitsTimeline().filterCompletedInstants().getInstants().stream()
            .map(HoodieInstant::getTimestamp)
            .collect(Collectors.toList());
    assertThat(archivedCommits, is(not(empty())));
    List<String> all = new ArrayList<>(archivedCommits);
    all.addAll(active);
    assertThat(all, is(List.of(d1, d2, d3, compactions.get(0).getTimestamp(), d5)));
  }
}
