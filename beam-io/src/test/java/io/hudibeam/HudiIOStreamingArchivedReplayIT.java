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
package io.hudibeam;

import static io.hudibeam.StreamingTesting.counter;
import static io.hudibeam.StreamingTesting.extraMetadata;
import static io.hudibeam.StreamingTesting.stream;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.SinkLineage;
import io.hudibeam.testing.HudiTableReader;
import io.hudibeam.testing.TripsRows;
import io.hudibeam.transforms.streaming.CoordinateInstants;
import io.hudibeam.write.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.values.Row;
import org.apache.hudi.common.model.HoodieCommitMetadata;
import org.apache.hudi.common.table.timeline.HoodieArchivedTimeline;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A streaming sink recognises its committed intervals even after another writer's commits have
 * pushed every commit of the sink off the active timeline into the archived timeline: the rerun of
 * the same stream reads the sink's "committed through" mark from the archive and skips every
 * interval, so an insert stream writes no duplicate. Tables read back by Hudi.
 */
public class HudiIOStreamingArchivedReplayIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Map<String, String> ARCHIVE_EARLY =
      Map.of(
          "hoodie.keep.min.commits", "2",
          "hoodie.keep.max.commits", "3",
          "hoodie.cleaner.commits.retained", "1");

  @Test
  public void aRerunSkipsIntervalsWhoseCommitsWereArchived() throws Exception {
    String base = tmp.newFolder("trips").getAbsolutePath();
    List<List<Row>> intervals =
        List.of(TripsRows.batch(0, 0, 20), TripsRows.batch(0, 20, 20), TripsRows.batch(0, 40, 20));
    HudiIO.Write<Row> stream =
        HudiIOStreamingIT.trips(base, WriteOperation.INSERT).withHoodieProperties(ARCHIVE_EARLY);
    HudiIOStreamingIT.run(stream(TripsRows.SCHEMA, intervals), stream);
    HudiTableReader reader = HudiTableReader.of(base);
    List<String> sinkCommits = reader.completedInstantTimes();
    assertThat(sinkCommits, hasSize(3));

    // Another writer (a batch job, no sink id) commits five times; archival moves the sink's
    // commits off the active timeline.
    HudiIO.Write<Row> batch =
        SafetyChecks.trips(base, WriteOperation.INSERT).withHoodieProperties(ARCHIVE_EARLY);
    for (int b = 1; b <= 5; b++) {
      SafetyChecks.run(TripsRows.batch(b, 1000 * b, 10), batch);
    }
    List<String> active = HudiTableReader.of(base).completedInstantTimes();
    for (String instant : active) {
      assertThat(
          "no commit of the sink left on the active timeline",
          extraMetadata(reader, instant).containsKey(SinkLineage.SINK_ID),
          is(false));
    }
    HoodieArchivedTimeline archived = reader.metaClient().getArchivedTimeline();
    archived.loadCompletedInstantDetailsInMemory();
    List<String> archivedSinkCommits = new ArrayList<>();
    for (HoodieInstant instant :
        archived.getCommitsTimeline().filterCompletedInstants().getInstants()) {
      HoodieCommitMetadata metadata =
          HoodieCommitMetadata.fromBytes(
              archived.getInstantDetails(instant).get(), HoodieCommitMetadata.class);
      if ("trips-insert".equals(metadata.getExtraMetadata().get(SinkLineage.SINK_ID))) {
        archivedSinkCommits.add(instant.getTimestamp());
      }
    }
    assertThat("Hudi finds the sink's commits archived", archivedSinkCommits, is(sinkCommits));
    List<String> before = HudiIOTesting.content(reader);
    assertThat(before, hasSize(60 + 5 * 10));

    PipelineResult rerun = HudiIOStreamingIT.run(stream(TripsRows.SCHEMA, intervals), stream);
    assertThat(
        "the rerun commits nothing", HudiTableReader.of(base).completedInstantTimes(), is(active));
    assertThat(HudiIOTesting.content(HudiTableReader.of(base)), is(before));
    assertThat(counter(rerun, CoordinateInstants.class, "committedIntervalsSkipped"), is(3L));
    assertThat(counter(rerun, CoordinateInstants.class, "instantsStarted"), is(0L));
    assertThat(
        "every record key once",
        before.stream().map(r -> r.split("\\|")[0]).distinct().collect(Collectors.toList()),
        hasSize(before.size()));
  }
}
