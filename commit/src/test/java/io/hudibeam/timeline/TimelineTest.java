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
package io.hudibeam.timeline;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import io.hudibeam.table.HudiTableException;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.testing.GoldenTable;
import io.hudibeam.testing.HudiMetaClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.timeline.HoodieInstant;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class TimelineTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static List<String> describe(Timeline timeline) {
    return timeline.instants().stream()
        .map(i -> i.time() + "/" + i.action().value() + "/" + i.state())
        .collect(Collectors.toList());
  }

  private static List<String> describe(HoodieTableMetaClient meta) {
    return meta.getActiveTimeline()
        .getInstantsAsStream()
        .map(i -> i.getTimestamp() + "/" + i.getAction() + "/" + i.getState())
        .collect(Collectors.toList());
  }

  @Test
  public void loadsTheSameInstantsAsHudiFromTablesHudiWrote() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    for (GoldenTable name :
        List.of(
            GoldenTable.V6_COW_TRIPS,
            GoldenTable.V6_MOR_TRIPS,
            GoldenTable.V6_COW_NONPARTITIONED_CLEANED,
            GoldenTable.V6_COW_COMPLEXKEY_HIVE)) {
      String base = name.copyTo(tmp.getRoot()).getAbsolutePath();
      Timeline ours = Timeline.load(fs, TablePaths.of(base));
      assertThat(name.folder(), describe(ours), is(describe(HudiMetaClients.open(base))));
      assertThat(name.folder(), ours.pending().isEmpty(), is(true));
    }
  }

  @Test
  public void writerTransitionsCreateNewFilesAndHudiSeesEachState() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    String base = tmp.newFolder("t").getAbsolutePath();
    TablePaths paths = TablePaths.of(base);
    new TableConfigStore(fs, paths)
        .create(
            TableConfig.newTable("t", TableType.COPY_ON_WRITE)
                .recordKeyFields(List.of("id"))
                .build());
    TimelineWriter writer = new TimelineWriter(fs, paths);
    InstantTime t = InstantTime.parse("20261129120000000");

    Instant requested = writer.createRequested(t, Action.COMMIT, new byte[0]);
    assertThat(describe(HudiMetaClients.open(base)), is(List.of(t + "/commit/REQUESTED")));
    Instant inflight = writer.transitionToInflight(requested, new byte[0]);
    assertThat(describe(HudiMetaClients.open(base)), is(List.of(t + "/commit/INFLIGHT")));
    byte[] content =
        "{\"partitionToWriteStats\":{},\"compacted\":false,\"extraMetadata\":{},\"operationType\":\"INSERT\"}"
            .getBytes(StandardCharsets.UTF_8);
    Instant completed = writer.complete(inflight, content);

    HoodieTableMetaClient meta = HudiMetaClients.open(base);
    assertThat(describe(meta), is(List.of(t + "/commit/COMPLETED")));
    HoodieInstant hudiInstant = meta.getActiveTimeline().lastInstant().get();
    assertThat(
        new String(
            meta.getActiveTimeline().getInstantDetails(hudiInstant).get(), StandardCharsets.UTF_8),
        is(new String(content, StandardCharsets.UTF_8)));
    assertThat(writer.read(completed), is(content));
    for (String name :
        new String[] {
          "20261129120000000.commit.requested",
          "20261129120000000.inflight",
          "20261129120000000.commit"
        }) {
      assertThat(
          name, fs.exists(new org.apache.hadoop.fs.Path(paths.metaFolder(), name)), is(true));
    }
    assertThat(Timeline.load(fs, paths).containsCompleted(t), is(true));

    HudiTableException again =
        assertThrows(HudiTableException.class, () -> writer.complete(inflight, content));
    assertThat(again.getMessage(), containsString("already exists"));
  }

  @Test
  public void refusesAnInstantTimeThatIsNotAfterTheTimeline() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    String base = GoldenTable.V6_COW_TRIPS.copyTo(tmp.getRoot()).getAbsolutePath();
    TimelineWriter writer = new TimelineWriter(fs, TablePaths.of(base));
    HudiTableException e =
        assertThrows(
            HudiTableException.class,
            () ->
                writer.createRequested(
                    InstantTime.parse("20261129114540316"), Action.COMMIT, new byte[0]));
    assertThat(
        e.getMessage(),
        allOf(
            containsString("20261129114540316"),
            containsString("not after"),
            containsString(base)));
  }

  @Test
  public void visibilityRuleCountsInstantsBeforeTheTimelineStartAsCommitted() {
    Timeline timeline =
        Timeline.of(
            List.of(
                Instant.completed(InstantTime.parse("20260101000000000"), Action.COMMIT),
                Instant.inflight(InstantTime.parse("20260102000000000"), Action.COMMIT),
                Instant.completed(InstantTime.parse("20260103000000000"), Action.COMMIT)));
    Timeline committed = timeline.completedWriteTimeline();
    assertThat(committed.containsOrBeforeStart(InstantTime.parse("20251231000000000")), is(true));
    assertThat(committed.containsOrBeforeStart(InstantTime.parse("20260101000000000")), is(true));
    assertThat(committed.containsOrBeforeStart(InstantTime.parse("20260102000000000")), is(false));
    assertThat(
        timeline.pending().instants(),
        is(List.of(Instant.inflight(InstantTime.parse("20260102000000000"), Action.COMMIT))));
  }
}
