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
package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.Assert.assertThrows;

import io.hudibeam.metadata.CommitMetadata;
import io.hudibeam.metadata.CommitMetadataJson;
import io.hudibeam.metadata.OperationType;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableConfigStore;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.table.TimelineTimezone;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.Instant;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.timeline.TimelineWriter;
import java.io.File;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The tolerance for instants after the clock (1 hour for a UTC timeline, 27 hours for a local one),
 * checked at the instant start with a fixed clock, and the other checks on a bare timeline.
 */
public class TableIntegrityTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final LocalDateTime NOW = LocalDateTime.of(2026, 12, 1, 4, 0, 0);
  private static final Clock CLOCK = Clock.fixed(NOW.toInstant(ZoneOffset.UTC), ZoneOffset.UTC);

  private FileSystem fs;
  private TablePaths paths;

  private TableConfig config(TimelineTimezone zone) {
    return TableConfig.newTable("t", TableType.COPY_ON_WRITE)
        .recordKeyFields(List.of("id"))
        .keyGeneratorClass("org.apache.hudi.keygen.NonpartitionedKeyGenerator")
        .timelineTimezone(zone)
        .build();
  }

  private void table(TimelineTimezone zone) throws Exception {
    fs = FileSystem.getLocal(new Configuration());
    paths = TablePaths.of(tmp.newFolder().getAbsolutePath());
    new TableConfigStore(fs, paths).create(config(zone));
  }

  private InstantTime at(Duration afterNow) {
    return InstantTime.of(NOW.plus(afterNow));
  }

  private TreeSet<String> timelineFiles() throws Exception {
    return new TreeSet<>(Arrays.asList(new File(paths.metaFolder().toString()).list()));
  }

  private String refusal(TimelineTimezone zone) {
    return assertThrows(
            TableIntegrityException.class,
            () -> new InstantStarter(fs, paths, CLOCK).start(config(zone), Action.COMMIT))
        .getMessage();
  }

  @Test
  public void aUtcTimelineToleratesOneHourAhead() throws Exception {
    table(TimelineTimezone.UTC);
    new TimelineWriter(fs, paths)
        .createRequested(at(Duration.ofMinutes(59)), Action.COMMIT, new byte[0]);
    new TableIntegrity(fs, paths, CLOCK).check();
    new TimelineWriter(fs, paths)
        .createRequested(at(Duration.ofMinutes(61)), Action.COMMIT, new byte[0]);
    TreeSet<String> before = timelineFiles();
    assertThat(
        refusal(TimelineTimezone.UTC),
        equalTo(
            "Instant file "
                + new Path(paths.metaFolder(), "20261201050100000.commit.requested")
                + " is dated 20261201050100000, more"
                + " than 1 hours after this writer's clock (20261201040000000 in the table's timeline zone,"
                + " hoodie.table.timeline.timezone=UTC). A new instant must come after every instant on the timeline, so"
                + " every later instant would be dated after 20261201050100000. Check the clock of the writer that made"
                + " it, or remove the file if it was not made by a writer. Nothing was written"));
    assertThat("no rollback, no new instant", timelineFiles(), equalTo(before));
  }

  @Test
  public void aLocalTimelineTolerates27HoursAheadForWritersInOtherZones() throws Exception {
    table(TimelineTimezone.LOCAL);
    LocalDateTime localNow = LocalDateTime.now(CLOCK.withZone(TimelineTimezone.LOCAL.zoneId()));
    Duration offset = Duration.between(NOW, localNow);
    new TimelineWriter(fs, paths)
        .createRequested(InstantTime.of(localNow.plusHours(26)), Action.COMMIT, new byte[0]);
    new TableIntegrity(fs, paths, CLOCK).check();
    new TimelineWriter(fs, paths)
        .createRequested(
            InstantTime.of(localNow.plusHours(27).plusMinutes(1)), Action.COMMIT, new byte[0]);
    assertThat(TableIntegrity.maxAhead(TimelineTimezone.LOCAL), equalTo(Duration.ofHours(27)));
    String message = refusal(TimelineTimezone.LOCAL);
    assertThat(message, message.startsWith("Instant file "), equalTo(true));
    assertThat(
        message,
        message.contains(
            "more than 27 hours after this writer's clock ("
                + InstantTime.of(NOW.plus(offset))
                + " in the table's timeline zone, hoodie.table.timeline.timezone=LOCAL)"),
        equalTo(true));
  }

  @Test
  public void emptyAndGarbageCompletedInstantsAreRefusedAndEmptyRequestedOnesAreNot()
      throws Exception {
    table(TimelineTimezone.UTC);
    TimelineWriter writer = new TimelineWriter(fs, paths);
    InstantTime t1 = at(Duration.ofMinutes(-10));
    Instant requested = writer.createRequested(t1, Action.COMMIT, new byte[0]);
    Instant inflight = writer.transitionToInflight(requested, new byte[0]);
    new TableIntegrity(fs, paths, CLOCK).check();
    writer.complete(inflight, new byte[0]);
    Path commit = new Path(paths.metaFolder(), t1 + ".commit");
    assertThat(
        refusal(TimelineTimezone.UTC),
        equalTo(
            "Completed instant file "
                + commit
                + " is empty; a completed"
                + " commit holds its metadata (the files it wrote or removed), so the timeline is corrupt. Restore the file"
                + " from a copy. Nothing was written"));
    fs.delete(commit, false);
    writer.complete(inflight, "[1, 2]".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    String message = refusal(TimelineTimezone.UTC);
    assertThat(
        message,
        message.startsWith("Completed instant file " + commit + " is not valid commit metadata ("),
        equalTo(true));
    fs.delete(commit, false);
    writer.complete(
        inflight,
        CommitMetadataJson.toJson(
            CommitMetadata.builder().operationType(OperationType.INSERT).build()));
    new TableIntegrity(fs, paths, CLOCK).check();
    StartedInstant started =
        new InstantStarter(fs, paths, CLOCK).start(config(TimelineTimezone.UTC), Action.COMMIT);
    assertThat(started.instantTime(), equalTo(InstantTime.of(NOW)));
  }

  @Test
  public void aMissingMetaFolderIsANewTableAndAnEmptyOneWithoutPropertiesToo() throws Exception {
    fs = FileSystem.getLocal(new Configuration());
    paths = TablePaths.of(tmp.newFolder().getAbsolutePath() + "/new");
    new TableIntegrity(fs, paths, CLOCK).check();
    fs.mkdirs(paths.metaFolder());
    new TableIntegrity(fs, paths, CLOCK).check();
    StartedInstant started =
        new InstantStarter(fs, paths, CLOCK).start(config(TimelineTimezone.UTC), Action.COMMIT);
    assertThat(started.instantTime(), equalTo(InstantTime.of(NOW)));
  }
}
