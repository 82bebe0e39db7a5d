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
package io.hudibeam.transforms.services;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.LocalWrite;
import io.hudibeam.testing.TripsData;
import io.hudibeam.transforms.TableId;
import io.hudibeam.transforms.TripsSpecs;
import io.hudibeam.transforms.WriteSpec;
import io.hudibeam.transforms.commit.CommittedInstant;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The table-service steps after the commit run by the commit's outcome, so a commit step run again
 * never runs a service twice in a harmful way: after a replayed streaming interval none runs; after
 * an instant found already committed (a retried commit step) only the clean runs, and finds nothing
 * left to do when the first run cleaned; after an instant this run committed all run. Each passes
 * the committed instants on unchanged, and counts its work. Hudi's reader checks the timeline each
 * time.
 */
public class TableServicesTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private String base;
  private HudiTableReader reader;
  private String lastCommit;

  /** Five commits rewriting the same file groups: old versions to clean, commits to archive. */
  @Before
  public void fiveCommits() throws Exception {
    base = tmp.newFolder("trips").getAbsolutePath();
    reader = HudiTableReader.of(base);
    // Without a metadata table: with one, archival stops at its last compaction (Hudi's rule).
    LocalWrite table = LocalWrite.trips(base, false);
    table.insert(TripsData.batch(0, 0, 20));
    for (int b = 1; b <= 4; b++) {
      lastCommit = table.upsert(TripsData.batch(b, 0, 20));
    }
  }

  private WriteSpec spec() {
    return TripsSpecs.upsert(base)
        .writeProperties(
            Map.of(
                "hoodie.cleaner.policy", "KEEP_LATEST_FILE_VERSIONS",
                "hoodie.cleaner.fileversions.retained", "1",
                "hoodie.keep.min.commits", "2",
                "hoodie.keep.max.commits", "3"))
        .build();
  }

  private CommittedInstant committed(String instant, CommitOutcome outcome) {
    return CommittedInstant.builder()
        .table(new TableId(base))
        .tableName("trips")
        .instantTime(instant)
        .operation("UPSERT")
        .outcome(outcome)
        .recordsUpdated(20)
        .filesWritten(3)
        .timelineTimezone(LocalWrite.tripsTable().timelineTimezone())
        .build();
  }

  /** Runs the three steps on one committed instant; checks they pass it on unchanged. */
  private PipelineResult services(CommitOutcome outcome) {
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    CommittedInstant instant = committed(lastCommit, outcome);
    PCollection<CommittedInstant> out =
        TableServices.after(
            p.apply(Create.of(instant).withCoder(CommittedInstant.CommittedInstantCoder.of())),
            ServicesSpec.of(spec()));
    PAssert.that(out).containsInAnyOrder(instant);
    PipelineResult result = p.run();
    result.waitUntilFinish();
    return result;
  }

  private static long counter(PipelineResult result, Class<?> step, String name) {
    long sum = 0;
    for (MetricResult<Long> c :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder().addNameFilter(MetricNameFilter.named(step, name)).build())
            .getCounters()) {
      sum += c.getAttempted();
    }
    return sum;
  }

  private long completedCleans() {
    return reader
        .metaClient()
        .getActiveTimeline()
        .getCleanerTimeline()
        .filterCompletedInstants()
        .countInstants();
  }

  private long activeCommits() {
    return reader.metaClient().getActiveTimeline().getCommitsTimeline().countInstants();
  }

  private long archivedCommits() {
    HoodieTableMetaClient meta = reader.metaClient();
    return meta.getArchivedTimeline().reload().getCommitsTimeline().countInstants();
  }

  @Test
  public void afterAReplayedIntervalNoServiceRuns() {
    PipelineResult result = services(CommitOutcome.REPLAY_SKIPPED);
    assertThat(completedCleans(), is(0L));
    assertThat(activeCommits(), is(5L));
    assertThat(archivedCommits(), is(0L));
    assertThat(counter(result, Clean.class, "cleans"), is(0L));
    assertThat(counter(result, Archive.class, "instantsArchived"), is(0L));
  }

  @Test
  public void afterAnInstantAlreadyCommittedOnlyTheCleanRuns() {
    PipelineResult result = services(CommitOutcome.ALREADY_COMMITTED);
    assertThat(completedCleans(), is(1L));
    assertThat(counter(result, Clean.class, "cleans"), is(1L));
    assertThat(activeCommits(), is(5L));
    assertThat(archivedCommits(), is(0L));
    assertThat(counter(result, Archive.class, "instantsArchived"), is(0L));
  }

  @Test
  public void afterACommitEveryServiceRunsAndARetriedCommitAddsNothing() {
    PipelineResult first = services(CommitOutcome.COMMITTED);
    assertThat(completedCleans(), is(1L));
    assertThat(counter(first, Clean.class, "cleans"), is(1L));
    long archived = counter(first, Archive.class, "instantsArchived");
    assertThat(archived, greaterThan(0L));
    assertThat(archivedCommits(), greaterThan(0L));
    assertThat(counter(first, CompactInline.class, "compactions"), is(0L));
    assertThat(counter(first, Clean.class, "failures"), is(0L));
    assertThat(counter(first, Archive.class, "failures"), is(0L));
    long activeAfterFirst = activeCommits();

    // The commit step run again finds the instant committed: the clean finds nothing to clean,
    // nothing is archived again, and the table reads as before.
    PipelineResult retried = services(CommitOutcome.ALREADY_COMMITTED);
    assertThat(counter(retried, Clean.class, "cleans"), is(0L));
    assertThat(completedCleans(), is(1L));
    assertThat(activeCommits(), is(activeAfterFirst));
    assertThat(reader.snapshotByRecordKey().size(), is(20));
    assertThat(reader.completedInstantTimes().contains(lastCommit), is(true));
  }
}
