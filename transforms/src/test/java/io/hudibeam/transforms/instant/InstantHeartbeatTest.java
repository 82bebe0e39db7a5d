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
package io.hudibeam.transforms.instant;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.StartedInstant;
import io.hudibeam.concurrency.HeartbeatSettings;
import io.hudibeam.concurrency.Heartbeats;
import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TablePaths;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** A DoFn's heartbeat refresher writes the file on first use, then at most once per interval. */
public class InstantHeartbeatTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** A clock the test moves. */
  private static final class TestClock extends Clock {
    long millis = 1_800_000_000_000L;

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis);
    }
  }

  @Test
  public void refreshesAtMostOncePerInterval() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(tmp.newFolder("t").getAbsolutePath());
    TestClock clock = new TestClock();
    Heartbeats heartbeats = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), clock);
    InstantHeartbeat refresher = new InstantHeartbeat(heartbeats, 60_000, clock);
    TableConfig table =
        TableConfig.newTable("t", TableType.COPY_ON_WRITE)
            .recordKeyFields(List.of("k"))
            .keyGeneratorClass("org.apache.hudi.keygen.NonpartitionedKeyGenerator")
            .createSchema("\"string\"")
            .build();
    StartedInstant instant =
        new StartedInstant(InstantTime.parse("20261201010101010"), Action.COMMIT, table);
    Path file = heartbeats.file(instant.instantTime());

    // The start writes the heartbeat; a refresh never creates one.
    refresher.refresh(instant);
    assertThat(fs.exists(file), is(false));
    heartbeats.beat(instant.instantTime());
    clock.millis += 60_000;
    refresher.refresh(instant);
    assertThat(fs.exists(file), is(true));
    fs.setTimes(file, 1_000_000L, -1);
    clock.millis += 59_999;
    refresher.refresh(instant);
    assertThat(
        "no beat within the interval",
        fs.getFileStatus(file).getModificationTime(),
        is(1_000_000L));
    clock.millis += 1;
    refresher.refresh(instant);
    assertThat(
        "a beat once the interval has passed",
        fs.getFileStatus(file).getModificationTime() > 1_000_000L,
        is(true));
  }

  @Test
  public void aFailureReleasesTheHeartbeatAndLateRefreshesDoNotBringItBack() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(tmp.newFolder("t").getAbsolutePath());
    TestClock clock = new TestClock();
    Heartbeats heartbeats = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), clock);
    TableConfig table =
        TableConfig.newTable("t", TableType.COPY_ON_WRITE)
            .recordKeyFields(List.of("k"))
            .keyGeneratorClass("org.apache.hudi.keygen.NonpartitionedKeyGenerator")
            .createSchema("\"string\"")
            .build();
    StartedInstant instant =
        new StartedInstant(InstantTime.parse("20261201010101010"), Action.COMMIT, table);
    Path file = heartbeats.file(instant.instantTime());
    heartbeats.beat(instant.instantTime());

    // A DoFn instance that never worked for an instant releases nothing.
    InstantHeartbeat idle = new InstantHeartbeat(heartbeats, 60_000, clock);
    idle.releaseAfterFailure(new IllegalStateException("boom"));
    assertThat(fs.exists(file), is(true));

    InstantHeartbeat failing = new InstantHeartbeat(heartbeats, 60_000, clock);
    InstantHeartbeat other = new InstantHeartbeat(heartbeats, 60_000, clock);
    failing.refresh(instant);
    other.refresh(instant);
    failing.releaseAfterFailure(new IllegalStateException("boom"));
    assertThat("released by the DoFn that failed", fs.exists(file), is(false));
    clock.millis += 60_000;
    other.refresh(instant);
    new InstantHeartbeat(heartbeats, 60_000, clock).refresh(instant);
    assertThat("not written again by the write's other DoFns", fs.exists(file), is(false));
  }

  @Test
  public void aWriterReleasesTheHeartbeatsThatHoldItsIdAndNoOthers() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    TablePaths paths = TablePaths.of(tmp.newFolder("w").getAbsolutePath());
    TestClock clock = new TestClock();
    Heartbeats mine =
        new Heartbeats(fs, paths, HeartbeatSettings.defaults().withWriter("writer-1"), clock);
    Heartbeats other =
        new Heartbeats(fs, paths, HeartbeatSettings.defaults().withWriter("writer-2"), clock);
    Heartbeats anonymous = new Heartbeats(fs, paths, HeartbeatSettings.defaults(), clock);
    InstantTime first = InstantTime.parse("20261201010101010");
    InstantTime second = InstantTime.parse("20261201010101020");
    InstantTime others = InstantTime.parse("20261201010101030");
    InstantTime hudis = InstantTime.parse("20261201010101040");
    mine.beat(first);
    mine.beat(second);
    other.beat(others);
    anonymous.beat(hudis);

    new InstantHeartbeat(mine, 60_000, clock)
        .releaseWriterAfterFailure(new IllegalStateException("boom"));

    assertThat(fs.exists(mine.file(first)), is(false));
    assertThat(fs.exists(mine.file(second)), is(false));
    assertThat("another writer's heartbeat stays", fs.exists(other.file(others)), is(true));
    assertThat("an empty heartbeat (Hudi's) stays", fs.exists(other.file(hudis)), is(true));
    assertThat(fs.getFileStatus(anonymous.file(hudis)).getLen(), is(0L));
    // A writer without an id releases nothing.
    new InstantHeartbeat(anonymous, 60_000, clock)
        .releaseWriterAfterFailure(new IllegalStateException("boom"));
    assertThat(fs.exists(other.file(others)), is(true));
    assertThat(fs.exists(other.file(hudis)), is(true));
  }
}
